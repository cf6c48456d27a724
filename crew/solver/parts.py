"""Refutation by relaxation: a deal is lost when a part of it is lost.

A part is the same hands and play so far with only some of the tasks still pending (each with
the mission's conditions): each task alone, each pair, each owner's tasks together
(:func:`parts_of`, smallest first). Why a part that cannot be won means the whole cannot be
won is :mod:`crew.engine.relax`'s to say (the engine builds the part's state); a part keeps at
least one task, so a mission with conditions but no tasks has no part smaller than itself.

Before the tricks the owners are not chosen yet: a part is then lost when it is lost whoever
owns its tasks (every seat is tried for every task not handed out, from the position before the
first card, which no distribution changes). That asks no more than the mission's way of handing
tasks out allows, so it is sound in every mode. A task whose prediction is not made yet is left
out of the parts.

On a part more cards are interchangeable and its table stays small, so a clash that makes a deal
lost is often proved in a few thousand positions where the whole search would need millions.
:class:`PartSearch` (kept by the solver across calls) remembers per part what is proved and the
positions spent on it, and searches the parts with a trick search and tables of their own;
:class:`Parts` goes through the parts of one state in rounds, each round giving every part not
decided yet twice the positions of the round before (up to :data:`MAX_QUOTA`), and answers with
the first part proved lost (a :class:`Clash`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from crew.engine import GameState, Phase, owner_choices
from crew.engine.relax import keep_tasks
from crew.engine.search import LOST, OPEN, free_predictions
from crew.engine.tasks import PENDING, get_task

from .distribution import start_of
from .limits import Aborted, Budget
from .tricks import TrickSearch

__all__ = ["Clash", "PartSearch", "Parts", "parts_of"]

#: Positions each undecided way of playing a part (a part with its owners) gets in the first
#: round; each later round doubles it.
FIRST_QUOTA = 500
#: The most positions a way of playing a part gets (the quota stops doubling there): a part that
#: is not refuted cheaply is seldom refuted before the whole search decides, so past it the
#: member stops (:attr:`Parts.done`).
MAX_QUOTA = 64_000
#: Positions the parts' own tables may hold together (a fraction of the main search's).
PART_TABLES = 500_000
#: Pairs tried before the tricks, when every seat must be tried for each task (up to 25 ways
#: of owning a pair): parts beyond them cost more to refute than they are likely to find.
MAX_PRE_PLAY_PAIRS = 28
#: Positions each way of a smaller part may take when a part proved lost is narrowed down to
#: the smallest one inside it (for the name of the clash).
SHRINK = 20_000


@dataclass(frozen=True)
class Clash:
    """A part of a deal that cannot be won: its tasks (ids) and the mission's conditions kept."""

    tasks: tuple[int, ...]
    conditions: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"tasks": [ids], "condition": name or null}`` (conditions joined by "+" in the
        unlikely case of several)."""
        return {"tasks": list(self.tasks), "condition": "+".join(self.conditions) or None}


@dataclass(frozen=True)
class Part:
    """Task indices into the deal's tasks, and whether the mission's conditions are kept."""

    tasks: tuple[int, ...]
    conditions: bool = True


def parts_of(state: GameState) -> list[Part]:
    """The parts of ``state`` worth searching, smallest first: each pending task alone, each
    pair, each owner's pending tasks together (when more than two); never the whole itself.
    Before the tricks there are no owners yet: single tasks and pairs only."""
    if state.result:
        return []
    st = state.setup
    play = state.phase == Phase.PLAY
    free = free_predictions(state)
    pending = [
        i
        for i, s in enumerate(state.status)
        if s == PENDING and i not in free and (play or get_task(st.task_ids[i]).prediction is None)
    ]
    whole = len([s for s in state.status if s == PENDING])
    out = [Part((i,)) for i in pending]
    pairs = [Part(p) for p in combinations(pending, 2)]
    out += pairs if play else pairs[:MAX_PRE_PLAY_PAIRS]
    if play:
        for seat in range(st.seats):
            own = tuple(i for i in pending if state.owners[i] == seat)
            if len(own) > 2:
                out.append(Part(own))
    return [p for p in out if len(p.tasks) < whole]


def _key(state: GameState) -> tuple[object, ...]:
    """What a part's verdict depends on (signals, tokens and words do not matter)."""
    return (
        state.setup,
        state.owners,
        state.predictions,
        state.hands,
        state.piles,
        state.leader,
        state.turn,
        state.trick_seats,
        state.trick_cards,
        state.tricks,
        state.status,
    )


class PartSearch:
    """Searches parts (trick-phase states from :func:`crew.engine.relax.keep_tasks`) with a
    trick search of its own, and remembers every verdict and the positions spent on each
    undecided one, across calls (the positions of one search, the states of one post-mortem)."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.tricks = TrickSearch(budget, table_limit=PART_TABLES, forms=512)
        self.tricks.restart(0)
        self._known: dict[tuple[object, ...], tuple[bool | None, int]] = {}

    def clear(self) -> None:
        """Forget every table and verdict."""
        self.tricks.clear()
        self._known.clear()

    def known(self, state: GameState) -> bool | None:
        """The verdict on the part ``state`` so far (None: not decided yet)."""
        hit = self._known.get(_key(state))
        return None if hit is None else hit[0]

    def spent(self, state: GameState) -> int:
        """Positions spent so far on the part ``state`` without deciding it."""
        hit = self._known.get(_key(state))
        return 0 if hit is None else hit[1]

    def verdict(self, state: GameState, positions: int) -> bool | None:
        """Can the part ``state`` be won? Searched for up to ``positions`` more positions
        (None: not decided yet; a later call goes on from its table)."""
        key = _key(state)
        hit = self._known.get(key)
        if hit is not None and hit[0] is not None:
            return hit[0]
        b = self.budget
        saved, before = b.limit, b.nodes
        b.limit = min(saved, before + positions)
        verdict: bool | None = None
        try:
            verdict = self._search(state)
        except Aborted:
            b.limit = saved
            if b.out():  # the whole search's limit, not this part's share of it
                raise
        finally:
            b.limit = saved
            spent = b.nodes - before + (0 if hit is None else hit[1])
            if len(self._known) > 200_000:
                self._known.clear()
            self._known[key] = (verdict, spent)
        return verdict

    def _search(self, state: GameState) -> bool:
        table = self.tricks.table(state, free_predictions(state))
        node = table.form.start(state)
        if node.result != OPEN:
            return node.result != LOST
        if node.trick_cards:
            return self.tricks.line(table, node) is not None
        return self.tricks.boundary(table, node)


class Parts:
    """The parts of one state, searched in rounds (see the module): a member of the solver's
    portfolio. :meth:`run` answers with a clash as soon as one part is proved lost."""

    def __init__(self, state: GameState, search: PartSearch) -> None:
        self.state = state
        self.search = search
        self.quota = FIRST_QUOTA
        self.done = False
        self.clash: Clash | None = None
        # per part: its ways of being played (trick-phase states, one per choice of owners)
        self._parts: list[tuple[Part, list[GameState]]] = []
        self._at = 0  # the next part of the round
        self._built = False
        self._start: GameState | None = None  # before the tricks: the first trick's position

    def _build(self) -> None:
        self._built = True
        if self.state.phase != Phase.PLAY:
            self._start = start_of(self.state)
            if self._start is None:
                return
        self._parts = [(p, self._ways(p)) for p in parts_of(self.state)]

    def _ways(self, part: Part) -> list[GameState]:
        """The trick-phase states of ``part``: one in the trick phase; before it, one per
        choice of owners for its tasks that the mission's way of handing them out allows
        (:func:`~crew.engine.owner_choices`)."""
        state = self.state
        if state.phase == Phase.PLAY:
            return [keep_tasks(state, part.tasks, conditions=part.conditions)]
        start = self._start
        assert start is not None
        ways = []
        for owners in owner_choices(state, part.tasks):
            full = list(start.owners)
            for i, o in zip(part.tasks, owners, strict=True):
                full[i] = o
            way = start._replace(owners=tuple(full))
            ways.append(keep_tasks(way, part.tasks, conditions=part.conditions))
        return ways

    def run(self, positions: int) -> Clash | None:
        """Search the parts on for about ``positions`` positions (the budget's own limits
        still apply): the first part proved lost, or None."""
        if not self._built:
            self._build()
        b = self.search.budget
        stop = b.nodes + positions
        while not self.done and self.clash is None and b.nodes < stop:
            if self._at >= len(self._parts):
                self._parts = [(p, ways) for p, ways in self._parts if ways]
                self.done = not self._parts or self.quota >= MAX_QUOTA
                self._at = 0
                self.quota *= 2
                continue
            part, ways = self._parts[self._at]
            left, starved = self._step(ways, stop)
            if left is None:  # every way of playing the part is lost
                self.clash = self._name(part)
                try:
                    self.clash = self._name(self._smaller(part))
                except Aborted:  # the search's limit: the part found is proved all the same
                    pass
                return self.clash
            ways[:] = left
            if not starved:
                self._at += 1
        return self.clash

    def _step(self, ways: list[GameState], stop: int) -> tuple[list[GameState] | None, bool]:
        """One round of one part: its ways still open ([] once one is won, None once all are
        lost), and whether the positions ran out before each had its round's quota."""
        b = self.search.budget
        left: list[GameState] = []
        starved = False
        for way in ways:
            if self._lost_alone(way):
                continue
            verdict = self.search.known(way)
            if verdict is None:
                want = self.quota - self.search.spent(way)
                more = min(want, stop - b.nodes)
                starved = starved or more < want
                verdict = self.search.verdict(way, more) if more > 0 else None
            if verdict is True:  # the part can be won: nothing to learn from it
                return [], False
            if verdict is None:
                left.append(way)
        return (left or None), starved

    def _lost_alone(self, way: GameState) -> bool:
        """Before the tricks: one task of the part is lost alone with that owner."""
        n = len(way.setup.task_ids)
        if n < 2 or self.state.phase == Phase.PLAY:
            return False
        return any(self.search.known(keep_tasks(way, (k,))) is False for k in range(n))

    def _smaller(self, part: Part) -> Part:
        """The smallest part inside ``part`` (proved lost) that is lost too, each tried with
        up to :data:`SHRINK` positions per way (single tasks first, then pairs)."""
        if len(part.tasks) < 2:
            return part
        sizes = (1,) if len(part.tasks) == 2 else (1, 2)
        for size in sizes:
            for tasks in combinations(part.tasks, size):
                smaller = Part(tasks, part.conditions)
                if self._lost(smaller):
                    return smaller
        return part

    def _lost(self, part: Part) -> bool:
        """Whether ``part`` is proved lost within :data:`SHRINK` positions per way."""
        for way in self._ways(part):
            verdict = self.search.known(way)
            if verdict is None:
                more = SHRINK - self.search.spent(way)
                verdict = self.search.verdict(way, more) if more > 0 else None
            if verdict is not False:
                return False
        return True

    def _name(self, part: Part) -> Clash:
        st = self.state.setup
        return Clash(tuple(st.task_ids[i] for i in part.tasks), st.rules.conditions)
