"""The distribution search: the crew's choices before the first card.

Who takes which task (in whatever way the mission hands them out) and the numbers of prediction
tasks are choices of the crew like the cards, so they are searched too: every distribution the
engine allows, each outcome once, easiest first (the options of the first choice taking turns),
and the tricks of each through :class:`~crew.solver.tricks.TrickSearch`. Before the first
choice every task is tried alone with every possible owner (a small search each): a task nobody
can do alone loses the deal, and a distribution giving a task to someone who cannot do it alone
is never tried.

No distribution may take all the time: each gets a share of the positions the solver allows the
search this time (:attr:`DistributionSearch.share`), one it could not decide within its share
is tried again when the solver comes back with more, and one proved lost is never tried again.
When the solver's positions for the time run out inside a distribution, the next time goes on
with the next one: a distribution whose share has grown larger than a short time would
otherwise take every short time in turn.

When the crew assigns the tasks freely, the distributions can also be searched at once
(:func:`offer`, :meth:`DistributionSearch.anyone`): each task offered to every seat that may
take it, done once one of them does it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from crew.engine import (
    Action,
    Assign,
    GameState,
    Play,
    Predict,
    apply,
    can_hand_out,
    free_owners,
    legal_actions,
    placement_clash,
)
from crew.engine.enums import Result
from crew.engine.search import SearchForm, free_predictions, prediction_tasks
from crew.engine.state import Phase
from crew.engine.tasks import DONE, ONE_OWNER, PENDING, TWO_OWNERS, get_task, impossible

from .limits import Aborted, Budget, Undecided
from .tricks import TrickSearch

__all__ = [
    "CHOICE_POSITIONS",
    "LEAF_POSITIONS",
    "SOLO_DEEP",
    "SOLO_QUICK",
    "DistributionSearch",
    "placeholders",
    "start_of",
]

#: Positions a search for one task alone may visit in all: before any distribution is tried,
#: and again (up to the larger number) before the tricks of a distribution that gives the task
#: to that owner.
SOLO_QUICK, SOLO_DEEP = 3_000, 60_000

#: The positions a distribution's tricks get at its first try at least, doubled after each try
#: that ran out of them (at most ``LEAF_DOUBLINGS`` times), whatever the turn's share
LEAF_FIRST, LEAF_DOUBLINGS = 2_000, 8
#: What trying one distribution costs beyond the positions of its tricks, counted as positions:
#: laying it out (the ways to it, easiest first), its tricks' table and cuts. With many tasks
#: to hand out (free choice, ten tasks) thousands are tried, and uncounted that work was not
#: bounded by the positions a search was given: four players, mission 33, a computer's first
#: assignment judged 42 states on the whole distribution with at most 10,000 positions each and
#: took 10 s (6,965 distributions tried, about 1.4 ms each)
LEAF_POSITIONS = 100
#: What looking at one choice while laying the distributions out costs (the engine's step and
#: the easiness of the tasks given so far), counted as positions when the next distribution is
#: laid out: with many tasks to hand out, the choices under an option can hold few or no
#: distributions worth trying (four players, mission 33: 1.8 s to lay out the first 100 of one
#: deal, the options of the first choice taking turns), and that work too is bounded by the
#: positions a search was given
CHOICE_POSITIONS = 1


def start_of(state: GameState) -> GameState | None:
    """The position before the first card that every distribution of ``state`` leads to
    (distribution moves no card), with placeholder predictions; None if the engine ends
    the attempt first. Its owners are those of one distribution: only its hands, leader and
    the tasks laid out are shared by all."""
    while not state.result and state.phase not in (Phase.PLAY, Phase.PREDICT):
        state, _ = apply(state, next(iter(legal_actions(state))))
    if state.result:
        return None
    return placeholders(state)[0] if state.phase == Phase.PREDICT else state


def placeholders(state: GameState) -> tuple[GameState, list[int], frozenset[int]]:
    """``state`` (predictions phase) with every free prediction set to 0 so that the engine
    starts the tricks; the seats that predicted and the free prediction tasks."""
    free = free_predictions(state)
    seats: list[int] = []
    for i in sorted(free):
        owner = state.owners[i]
        if owner not in seats:
            seats.append(owner)
    start = state
    for seat in seats:
        start, _ = apply(start, Predict(seat, 0))
    return start, seats, free


def _is_leaf(state: GameState) -> bool:
    """Whether the distribution is over at ``state`` (or the attempt ended in it)."""
    return bool(state.result) or state.phase in (Phase.PLAY, Phase.PREDICT)


def _leaf_key(state: GameState) -> tuple[object, ...]:
    """A distribution by its outcome (who owns what, the predictions, where it leads)."""
    return (state.setup, state.owners, state.predictions, state.phase, state.result)


def offer(state: GameState, start: GameState | None) -> tuple[GameState, tuple[int, ...]] | None:
    """When the crew assigns the tasks freely (each to any seat that may take it, whatever the
    others go to): the position before the first card with each task offered to every seat
    that may take it, one copy per seat (``start``'s tasks repeated), and the group of each copy
    (the task it copies). With open hands, the deal is won with some distribution exactly when
    a line does every task for one of its seats: one search instead of one per distribution.
    None for every other way of handing tasks out, and with prediction tasks (their numbers are
    chosen with the owners)."""
    owners = free_owners(state)
    if owners is None or start is None or prediction_tasks(state.setup.task_ids):
        return None
    copies = [(i, s) for i, seats in enumerate(owners) for s in seats]
    setup = replace(start.setup, task_ids=tuple(start.setup.task_ids[i] for i, _ in copies))
    at = start._replace(
        setup=setup,
        owners=tuple(s for _, s in copies),
        status=tuple(start.status[i] for i, _ in copies),
    )
    return at, tuple(i for i, _ in copies)


def _doers(at: GameState, groups: tuple[int, ...], plays: list[Play]) -> list[int]:
    """Per task of the deal, a seat that does it along ``plays`` (a winning line of ``at``, as
    :func:`offer` gives it): each copy is played out alone."""
    n = len(at.setup.task_ids)
    out = [-1] * (max(groups) + 1)
    for j, g in enumerate(groups):
        if out[g] >= 0:
            continue
        alone = at._replace(status=tuple(PENDING if k == j else DONE for k in range(n)))
        form = SearchForm(alone)
        node = form.start(alone)
        for play in plays:
            node = form.play(node, play.card)
        if node.status[j] == DONE:
            out[g] = at.owners[j]
    assert min(out) >= 0, "a winning line leaves a task undone"
    return out


class _Pool:
    """The distributions of one state: those laid out so far, the rest still to come, and
    where the last round stopped."""

    __slots__ = ("more", "leaves", "done", "at")

    def __init__(self, more: Iterator[tuple[list[Action], GameState]]) -> None:
        self.more = more
        self.leaves: list[tuple[list[Action], GameState]] = []
        self.done = False
        self.at = 0


class DistributionSearch:
    """Solves states from any phase before the result; keeps what it learnt across calls."""

    def __init__(self, budget: Budget, tricks: TrickSearch) -> None:
        self.budget = budget
        self.tricks = tricks
        #: positions one distribution may take before the next one is tried
        self.share = 1 << 62
        # (start position, task index, owner) -> can that owner do that task alone (None: not
        # known yet), and the positions searched for it so far
        self._solos: dict[tuple[object, ...], tuple[bool | None, int]] = {}
        # distributions proved lost
        self._lost: set[tuple[object, ...]] = set()
        # per distribution, how many of its tries ran out of positions (its share doubles)
        self._tries: dict[tuple[object, ...], int] = {}
        # per state before the distribution: its distributions in the order they are tried
        self._pools: dict[GameState, _Pool] = {}
        # per state before the distribution: its tasks offered to every possible owner, if
        # the crew assigns them freely (see offer())
        self._offers: dict[GameState, tuple[GameState, tuple[int, ...]] | None] = {}
        self._looked = 0  # choices looked at since the positions last counted them

    def clear(self) -> None:
        """Forget what was learnt."""
        self._solos.clear()
        self._lost.clear()
        self._tries.clear()
        self._pools.clear()
        self._offers.clear()

    def solve(self, state: GameState) -> list[Action] | None:
        """A winning line of actions from ``state``, or None when there is none."""
        if state.result:
            return [] if state.result == Result.WON else None
        if state.phase == Phase.PLAY:
            plays = self.tricks.solve(state)
            return None if plays is None else list(plays)
        if state.phase == Phase.PREDICT:
            return self._solve_predict(state)
        return self._solve_distribution(state)

    def _solve_distribution(self, state: GameState) -> list[Action] | None:
        """Try the crew's distribution choices (the engine's legal actions), each outcome once.

        A deal the engine's hand-out check calls doomed (every way of handing the tasks out
        ends with two that can never both succeed, or with tasks whose owners' tricks can never
        add up: ``can_hand_out``) is lost at once. Before the first choice, every task is tried
        alone with every possible owner (a small search each, see :meth:`_solo`). A task nobody
        can do alone makes the deal lost at once;
        a choice that gives a task to someone who cannot do it alone, or two tasks to owners the
        impossible-combination table rules out, is never tried; the rest are tried easiest
        first (by the size of those small searches), each within its share, and round: each
        time the solver comes back, from the distribution where it stopped.
        """
        if can_hand_out(state) is False:
            return None  # every way of handing the tasks out ends with a clash (the engine's)
        start = start_of(state)
        if start is not None:
            seats = range(state.setup.seats)
            for i in range(len(state.setup.task_ids)):
                verdicts = [self._solo(start, i, o, SOLO_QUICK)[0] for o in seats]
                if all(v is False for v in verdicts):
                    return None
        pool = self._pools.get(state)
        if pool is None:
            if len(self._pools) > 64:
                self._pools.clear()
            pool = self._pools[state] = _Pool(self._leaves(state, start))
        return self._round(pool, start)

    def offered(self, state: GameState) -> tuple[GameState, tuple[int, ...]] | None:
        """``state`` with its tasks offered to every seat that may take them, when the crew
        assigns them freely (:func:`offer`); else None."""
        if state.phase != Phase.ASSIGN:  # the only phase where tasks are assigned freely
            return None
        if state not in self._offers:
            if len(self._offers) > 64:
                self._offers.clear()
            self._offers[state] = offer(state, start_of(state))
        return self._offers[state]

    def anyone(self, state: GameState) -> list[Action] | None:
        """When the crew assigns the tasks freely (:meth:`offered` is not None): the tricks
        with every task offered to every seat that may take it, searched at once: a winning
        line of the whole (the tasks assigned to owners that do them along it), or None when
        no distribution can win. Raises :class:`Aborted` when the positions run out."""
        offered = self.offered(state)
        assert offered is not None
        at, groups = offered
        table = self.tricks.table(at, frozenset(), groups)
        plays = self.tricks.line(table, table.form.start(at))
        if plays is None:
            return None
        owners = _doers(at, groups, plays)
        ids = state.setup.task_ids
        path: list[Action] = [
            Assign(ids[i], o) for i, o in enumerate(owners) if state.owners[i] < 0
        ]
        return [*path, *plays]

    def _leaves(
        self, state: GameState, start: GameState | None
    ) -> Iterator[tuple[list[Action], GameState]]:
        """Every distribution the engine allows from ``state``: the actions to it and the state
        after it (before the predictions or the tricks). At the first choice that has more
        than one option, each option's distributions are laid out depth first, easiest first
        at each choice (:meth:`_depth_first`), and the options take turns, one distribution
        each. Depth first alone, the option that looks easiest had most of the distributions
        under it tried before any other, and a deal won only through another was found late
        (four players, mission 31, seed v52-4-18: 144 of the first 180 distributions tried
        gave the first task to seat 3). Draws only on solo searches already made, so it never
        runs out of positions."""
        seen: set[tuple[object, ...]] = set()
        path: list[Action] = []
        options = self._choices(state, seen, start)
        while len(options) == 1 and not _is_leaf(options[0][2]):
            _, action, state = options[0]
            path = [*path, action]
            options = self._choices(state, seen, start)
        turns = [self._depth_first(child, seen, start, [*path, a]) for _, a, child in options]
        while turns:
            for tree in list(turns):
                leaf = next(tree, None)
                if leaf is None:
                    turns.remove(tree)
                else:
                    yield leaf

    def _depth_first(
        self,
        state: GameState,
        seen: set[tuple[object, ...]],
        start: GameState | None,
        path: list[Action],
    ) -> Iterator[tuple[list[Action], GameState]]:
        """The distributions from ``state``, depth first, easiest first at each choice."""
        if _is_leaf(state):
            yield path, state
            return
        for _, action, child in self._choices(state, seen, start):
            yield from self._depth_first(child, seen, start, [*path, action])

    def _choices(
        self, state: GameState, seen: set[tuple[object, ...]], start: GameState | None
    ) -> list[tuple[int, Action, GameState]]:
        """The crew's choices at ``state`` not reached before (``seen``), easiest first, each
        with its effort and the state after it; those no distribution can win through are left
        out."""
        out: list[tuple[int, Action, GameState]] = []
        for action in legal_actions(state):
            self._looked += 1
            child, _ = apply(state, action)
            key: tuple[object, ...] = (
                child.phase,
                child.owners,
                child.turn,
                child.asked,
                child.volunteers,
                child.given_away,
            )
            if key in seen:
                continue
            seen.add(key)
            effort = self._effort(child, start)
            if effort is not None:
                out.append((effort, action, child))
        out.sort(key=lambda o: o[0])  # stable: the engine's order among equals
        return out

    def _round(self, pool: _Pool, start: GameState | None) -> list[Action] | None:
        """Distributions in turn from where the last call stopped, each within its share: a
        winning line, None once every one is proved lost, or :class:`Undecided` after a whole
        round decided nothing (or :class:`Aborted` when the positions run out, the next call
        starting with the distribution after the one they ran out in)."""
        tried = 0
        while True:
            if pool.at == len(pool.leaves) and not pool.done:
                leaf = next(pool.more, None)
                if leaf is None:
                    pool.done = True
                else:
                    pool.leaves.append(leaf)
                looked, self._looked = self._looked, 0
                self.budget.count(looked * CHOICE_POSITIONS)  # at the limit: kept, counted
            if pool.at == len(pool.leaves):
                if all(_leaf_key(child) in self._lost for _, child in pool.leaves):
                    return None
                pool.at = 0
                if tried >= len(pool.leaves):
                    raise Undecided
                continue
            path, child = pool.leaves[pool.at]
            if _leaf_key(child) not in self._lost:
                self.budget.count(LEAF_POSITIONS)  # at the limit: this one again next time
                if start is not None and any(
                    self._solo(start, i, o, SOLO_DEEP)[0] is False
                    for i, o in enumerate(child.owners)
                    if o >= 0
                ):
                    self._lost.add(_leaf_key(child))
                else:
                    try:
                        rest = self._one(child)
                    except Undecided:
                        rest = None
                    except Aborted:
                        pool.at += 1  # the turn ran out in it: the next turn starts further on
                        raise
                    else:
                        if rest is not None:
                            return [*path, *rest]
            pool.at += 1
            tried += 1

    def _one(self, state: GameState) -> list[Action] | None:
        """The tricks (and predictions) after one distribution, within its share; raises
        :class:`Undecided` when the share runs out."""
        key = _leaf_key(state)
        if key in self._lost:
            return None
        b = self.budget
        tries = self._tries.get(key, 0)
        saved = b.share(max(self.share, LEAF_FIRST << min(tries, LEAF_DOUBLINGS)))
        try:
            try:
                rest = self.solve(state)
            except Aborted:
                b.within(saved)  # Undecided when only the share ran out
                raise  # not reached: within() raises
        except Undecided:
            if len(self._tries) > 100_000:
                self._tries.clear()
            self._tries[key] = tries + 1
            raise
        finally:
            b.limit = saved
        if rest is None:
            self._lost.add(key)
        return rest

    def _effort(self, state: GameState, start: GameState | None) -> int | None:
        """None when the owners chosen so far in ``state`` cannot all do their tasks: one of
        them cannot do a task even alone, the impossible-combination table rules out two of
        them, or no owners of the tasks left give trick counts that fit (the engine's
        ``placement_clash``); otherwise the summed size of the solo searches of the tasks given
        out (and, for a task not given out yet, of its easiest owner's): smaller is more
        promising."""
        owners = state.owners
        task_ids = state.setup.task_ids
        crew = state.setup.crew
        if placement_clash(state) is not None:
            return None
        effort = 0
        for i, o in enumerate(owners):
            if start is not None:
                tries = [o] if o >= 0 else range(state.setup.seats)
                known = [self._solo(start, i, s, SOLO_QUICK) for s in tries]
                sizes = [n for v, n in known if v is not False]
                if not sizes:
                    return None
                effort += min(sizes)
            if o < 0:
                continue
            for j in range(i):
                other = owners[j]
                how = ONE_OWNER if other == o else TWO_OWNERS
                if other >= 0 and impossible(task_ids[i], task_ids[j], crew, how):
                    return None
        return effort

    def _solo(self, start: GameState, i: int, owner: int, budget: int) -> tuple[bool | None, int]:
        """Can ``owner`` do task ``i`` alone from ``start``, the other tasks counted as done?

        Winning the attempt means doing every task, so a task its owner cannot do even alone
        loses every distribution that gives it to them. The search stops once ``budget``
        positions were spent on that task and owner in all, counting the calls a limit of the
        whole search cut short (a turn of the solver is often smaller than ``budget``: each
        call starting its count anew, a search that never finishes took every turn's positions
        until one was larger); a later call with a larger budget goes on from the table. A
        prediction task (its number not chosen yet) is not tried. Returns the verdict (None:
        not known) and the positions searched, a measure of how hard the task is for that
        owner.
        """
        key = (start.setup, start.hands, start.piles, start.leader, start.predictions, i, owner)
        hit = self._solos.get(key)
        if hit is not None and (hit[0] is not None or hit[1] >= budget):
            return hit
        if get_task(start.setup.task_ids[i]).prediction is not None:
            self._solos[key] = (None, 1 << 62)
            return None, 0
        n = len(start.setup.task_ids)
        alone = start._replace(
            owners=tuple(owner if j == i else o for j, o in enumerate(start.owners)),
            status=tuple(PENDING if j == i else DONE for j in range(n)),
        )
        table = self.tricks.table(alone)
        b = self.budget
        saved, before = b.limit, b.nodes
        earlier = hit[1] if hit is not None else 0
        b.limit = min(saved, before + budget - earlier)
        try:
            verdict: bool | None = self.tricks.boundary(table, table.form.start(alone))
        except Aborted:
            b.limit = saved
            if b.out():  # the search's own limit, not this task's share of it
                # what this call spent counts towards the task's budget all the same
                self._solos[key] = (None, b.nodes - before + earlier)
                raise
            verdict = None
        finally:
            b.limit = saved
        spent = b.nodes - before + earlier
        self._solos[key] = (verdict, spent)
        return verdict, spent

    def _solve_predict(self, state: GameState) -> list[Action] | None:
        """Predictions not fixed yet: the owner predicts the count they will end with."""
        start, seats, free = placeholders(state)
        table = self.tricks.table(start, free)
        plays = self.tricks.line(table, table.form.start(start))
        if plays is None:
            return None
        node = table.form.start(start)
        for action in plays:
            assert isinstance(action, Play)
            node = table.form.play(node, action.card)
        line: list[Action] = [Predict(seat, node.counts[seat]) for seat in seats]
        return line + list(plays)
