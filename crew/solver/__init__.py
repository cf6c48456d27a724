"""Perfect-information solver: could the crew still win this attempt with every hand open?

The crew cooperates, so "can it still be won?" is one existential search over the crew's own
choices: the task distribution and predictions not made yet, and every card still to be played.
Communication cannot change what open hands allow and is ignored; the distress signal is out of
scope (a state after distress is searched with the hands as they are); real time is ignored.

The trick phase runs on the engine's compact search form (:mod:`crew.engine.search`), in the
manner of double-dummy bridge solvers: a transposition table keyed on what is left at the start
of each trick, equivalent cards merged, task-completing plays tried first, and every branch cut
the moment the engine's own task evaluators (or a mission condition) declare the attempt lost.
A "yes" carries a winning line of engine actions that ``apply`` (and ``crew verify``) replays as
won.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from crew.engine import Action, GameState, Play, Predict, Signal, apply, legal_actions
from crew.engine.search import LOST, OPEN, WON, Node, SearchForm, free_predictions
from crew.engine.state import Phase
from crew.engine.tasks import DONE, ONE_OWNER, PENDING, TWO_OWNERS, get_task, impossible

from .bounds import certainly_lost, cuts_for

__all__ = ["IGNORED", "Solution", "Solver", "default_solver", "solve", "winning_actions"]

#: What open-hand play leaves out (reported by ``crew solve``).
IGNORED = ("communication", "distress")

#: Clear a transposition table that grows past this many positions (memory bound).
TABLE_LIMIT = 1_500_000


@dataclass(frozen=True)
class Solution:
    """The answer for one state."""

    winnable: bool | None  # None: undecided within the limit
    line: tuple[Action, ...]  # engine actions from the state to a win (when winnable)
    nodes: int
    seconds: float


class _Abort(Exception):
    """The time or node limit ran out."""


#: Transposition-table entry: False (cannot be won) or the cards of a trick that keeps it
#: winnable.
_Entry = tuple[int, ...] | bool

#: Positions a search for one task alone may visit: before any distribution is tried, and
#: again before the tricks of a distribution that gives the task to that owner.
SOLO_QUICK, SOLO_DEEP = 3_000, 60_000


class _Table:
    """A search form with its transposition table and move-ordering history.

    Forms of one deal that differ only in who owns which task share the table and history: the
    form's key names the owner of every task still pending, and nothing else about the owners
    matters from a position on.
    """

    __slots__ = ("form", "tt", "history", "cuts")

    def __init__(
        self,
        form: SearchForm,
        tt: dict[tuple[object, ...], _Entry],
        history: dict[tuple[int, int], int],
    ) -> None:
        self.form = form
        self.cuts = cuts_for(form)
        self.tt = tt
        self.history = history


class Solver:
    """Solves states of attempts; keeps its tables across calls (bots ask about many states of
    one deal). Not thread-safe."""

    def __init__(self) -> None:
        self._tables: dict[tuple[object, ...], _Table] = {}
        self._shared: dict[
            tuple[object, ...], tuple[dict[tuple[object, ...], _Entry], dict[tuple[int, int], int]]
        ] = {}
        # (start position, task index, owner) -> can that owner do that task alone (None: not
        # known yet), and the positions searched for it so far
        self._solos: dict[tuple[object, ...], tuple[bool | None, int]] = {}
        self.nodes = 0
        self._deadline = 0.0
        self._limit = 0

    # -- public ----------------------------------------------------------------------------

    def solve(
        self, state: GameState, *, timeout: float | None = None, node_limit: int | None = None
    ) -> Solution:
        """Can the crew still win from ``state`` with open hands? With a line when it can."""
        t0 = time.perf_counter()
        self.nodes = 0
        self._deadline = t0 + timeout if timeout is not None else float("inf")
        self._limit = node_limit if node_limit is not None else 1 << 62
        try:
            line = self._solve(state)
        except _Abort:
            return Solution(None, (), self.nodes, time.perf_counter() - t0)
        seconds = time.perf_counter() - t0
        if line is None:
            return Solution(False, (), self.nodes, seconds)
        return Solution(True, tuple(line), self.nodes, seconds)

    def winning_actions(
        self, state: GameState, *, timeout: float | None = None
    ) -> dict[Action, bool | None]:
        """For every legal action now: does the attempt stay winnable after it?

        A signal changes nothing for open hands, so it gets the verdict of ``state`` itself.
        """
        deadline = time.perf_counter() + timeout if timeout is not None else None
        out: dict[Action, bool | None] = {}
        here: bool | None = None
        here_known = False

        def left() -> float | None:
            return None if deadline is None else max(0.0, deadline - time.perf_counter())

        for action in legal_actions(state):
            if isinstance(action, Signal):
                if not here_known:
                    here = self.solve(state, timeout=left()).winnable
                    here_known = True
                out[action] = here
                continue
            child, _ = apply(state, action)
            out[action] = self.solve(child, timeout=left()).winnable
        return out

    def clear(self) -> None:
        """Forget every table."""
        self._tables.clear()
        self._shared.clear()
        self._solos.clear()

    # -- phases before the tricks ------------------------------------------------------------

    def _solve(self, state: GameState) -> list[Action] | None:
        if state.result:
            return [] if state.result == "won" else None
        if state.phase == Phase.PLAY:
            return self._solve_play(state)
        if state.phase == Phase.PREDICT:
            return self._solve_predict(state)
        return self._solve_distribution(state, {})

    def _solve_distribution(
        self, state: GameState, seen: dict[tuple[object, ...], bool]
    ) -> list[Action] | None:
        """Try the crew's distribution choices (the engine's legal actions), each outcome once.

        Before the first choice, every task is tried alone with every possible owner (a small
        search each, see :meth:`_solo`). A task nobody can do alone makes the deal lost at once;
        a choice that gives a task to someone who cannot do it alone, or two tasks to owners the
        impossible-combination table rules out, is never tried; the rest are tried easiest
        first (by the size of those small searches).
        """
        start = self._start_of(state)
        if start is not None:
            seats = range(state.setup.seats)
            for i in range(len(state.setup.task_ids)):
                if all(self._solo(start, i, o, SOLO_QUICK)[0] is False for o in seats):
                    return None
        return self._distribute(state, seen, start)

    def _distribute(
        self, state: GameState, seen: dict[tuple[object, ...], bool], start: GameState | None
    ) -> list[Action] | None:
        options: list[tuple[int, int, Action, GameState]] = []
        for n, action in enumerate(legal_actions(state)):
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
            seen[key] = False
            effort = self._effort(child, start)
            if effort is not None:
                options.append((effort, n, action, child))
        options.sort(key=lambda o: (o[0], o[1]))
        for _, _, action, child in options:
            if child.phase in (Phase.PLAY, Phase.PREDICT) or child.result:
                if start is not None and any(
                    self._solo(start, i, o, SOLO_DEEP)[0] is False
                    for i, o in enumerate(child.owners)
                    if o >= 0
                ):
                    continue
                rest = self._solve(child)
            else:
                rest = self._distribute(child, seen, start)
            if rest is not None:
                return [action, *rest]
        return None

    def _effort(self, state: GameState, start: GameState | None) -> int | None:
        """None when the owners chosen so far in ``state`` cannot all do their tasks: one of
        them cannot do a task even alone, or the impossible-combination table rules out two of
        them; otherwise the summed size of the solo searches of the tasks given out (and, for a
        task not given out yet, of its easiest owner's): smaller is more promising."""
        owners = state.owners
        task_ids = state.setup.task_ids
        crew = state.setup.crew
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

    def _start_of(self, state: GameState) -> GameState | None:
        """The position before the first card that every distribution of ``state`` leads to
        (distribution moves no card), with placeholder predictions; None if the engine ends
        the attempt first."""
        while not state.result and state.phase not in (Phase.PLAY, Phase.PREDICT):
            state, _ = apply(state, next(iter(legal_actions(state))))
        if state.result:
            return None
        return self._placeholders(state)[0] if state.phase == Phase.PREDICT else state

    def _solo(self, start: GameState, i: int, owner: int, budget: int) -> tuple[bool | None, int]:
        """Can ``owner`` do task ``i`` alone from ``start``, the other tasks counted as done?

        Winning the attempt means doing every task, so a task its owner cannot do even alone
        loses every distribution that gives it to them. The search stops after ``budget``
        positions (a later call with a larger budget goes on from the table). A prediction task
        (its number not chosen yet) is not tried. Returns the verdict (None: not known) and the
        positions searched, a measure of how hard the task is for that owner.
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
        table = self._table(alone)
        saved, before = self._limit, self.nodes
        self._limit = min(saved, before + budget)
        try:
            verdict: bool | None = self._boundary(table, table.form.start(alone))
        except _Abort:
            if self.nodes >= saved or time.perf_counter() > self._deadline:
                raise
            verdict = None
        finally:
            self._limit = saved
        spent = self.nodes - before + (hit[1] if hit is not None else 0)
        self._solos[key] = (verdict, spent)
        return verdict, spent

    def _placeholders(self, state: GameState) -> tuple[GameState, list[int], frozenset[int]]:
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

    def _solve_predict(self, state: GameState) -> list[Action] | None:
        """Predictions not fixed yet: the owner predicts the count they will end with."""
        start, seats, free = self._placeholders(state)
        table = self._table(start, free)
        plays = self._play_line(table, table.form.start(start))
        if plays is None:
            return None
        node = table.form.start(start)
        for action in plays:
            assert isinstance(action, Play)
            node = table.form.play(node, action.card)
        line: list[Action] = [Predict(seat, node.counts[seat]) for seat in seats]
        return line + list(plays)

    # -- the tricks ----------------------------------------------------------------------------

    def _table(self, state: GameState, free: frozenset[int] = frozenset()) -> _Table:
        shared_key = (state.setup, state.predictions, free)
        key = (*shared_key, state.owners)
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 256:
                self._tables.clear()
            shared = self._shared.get(shared_key)
            if shared is None:
                if len(self._shared) > 64:
                    self._shared.clear()
                shared = self._shared[shared_key] = ({}, {})
            table = _Table(SearchForm(state, free), *shared)
            self._tables[key] = table
        elif len(table.tt) > TABLE_LIMIT:
            table.tt.clear()
        return table

    def _solve_play(self, state: GameState) -> list[Action] | None:
        table = self._table(state, free_predictions(state))
        plays = self._play_line(table, table.form.start(state))
        return None if plays is None else list(plays)

    def _play_line(self, table: _Table, root: Node) -> list[Play] | None:
        """A winning sequence of plays from ``root``, or None."""
        if root.result != OPEN:
            return [] if root.result == WON else None
        form = table.form
        if root.trick_cards:
            first = self._trick(table, root)
        elif self._boundary(table, root):
            entry = table.tt.get(form.key(root))
            first = entry if isinstance(entry, tuple) else self._trick(table, root)
        else:
            first = None
        if first is None:
            return None
        line: list[Play] = []
        node = root
        cards: tuple[int, ...] | None = first
        while True:
            assert cards is not None
            for card in cards:
                line.append(Play(node.turn, card))
                node = form.play(node, card)
            if node.result == WON:
                return line
            assert node.result == OPEN and not node.trick_cards
            entry = table.tt.get(form.key(node))
            cards = entry if isinstance(entry, tuple) else self._trick(table, node)

    def _boundary(self, table: _Table, node: Node) -> bool:
        """At the start of a trick (node still open): can the attempt be won from here?"""
        key = table.form.key(node)
        hit = table.tt.get(key)
        if hit is not None:
            return hit is not False
        if table.cuts and certainly_lost(table.form, table.cuts, node):
            table.tt[key] = False
            return False
        cards = self._trick(table, node)
        table.tt[key] = cards if cards is not None else False
        return cards is not None

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.nodes >= self._limit or time.perf_counter() > self._deadline:
                raise _Abort
        elif self.nodes >= self._limit:
            raise _Abort

    def _trick(self, table: _Table, node: Node) -> tuple[int, ...] | None:
        """The rest of the current trick on a way to a win, or None."""
        form = table.form
        cands = form.choices(node, form.legal(node))
        seat = node.turn
        history = table.history
        if len(node.trick_cards) == form.seats - 1:
            # the last card of the trick: judge every choice first, try task-completing ones
            scored = []
            for c in cands:
                self._tick()
                child = form.play(node, c)
                if child.result == WON:
                    history[seat, c] = history.get((seat, c), 0) + 4
                    return (c,)
                if child.result == LOST:
                    continue
                done = sum(1 for s in child.status if s == 1) - sum(
                    1 for s in node.status if s == 1
                )
                scored.append((-done, -history.get((seat, c), 0), c, child))
            scored.sort(key=lambda x: (x[0], x[1], x[2]))
            for _, _, c, child in scored:
                if self._boundary(table, child):
                    history[seat, c] = history.get((seat, c), 0) + 1
                    return (c,)
            return None
        if len(cands) > 1:
            cands.sort(key=lambda c: -history.get((seat, c), 0))
        for c in cands:
            self._tick()
            child = form.play(node, c)
            if child.result == LOST:
                continue
            rest = self._trick(table, child)
            if rest is not None:
                history[seat, c] = history.get((seat, c), 0) + 1
                return (c, *rest)
        return None


_DEFAULT: Solver | None = None


def default_solver() -> Solver:
    """The module's shared solver (its tables persist across calls)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT


def solve(
    state: GameState, *, timeout: float | None = None, node_limit: int | None = None
) -> Solution:
    """Can the crew still win from ``state`` with every hand open? See :class:`Solver`."""
    return default_solver().solve(state, timeout=timeout, node_limit=node_limit)


def winning_actions(state: GameState, *, timeout: float | None = None) -> dict[Action, bool | None]:
    """For each legal action now: does it keep the attempt winnable (None: undecided)?"""
    return default_solver().winning_actions(state, timeout=timeout)
