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


class _Table:
    """A search form with its transposition table and move-ordering history."""

    __slots__ = ("form", "tt", "history", "cuts")

    def __init__(self, form: SearchForm) -> None:
        self.form = form
        self.cuts = cuts_for(form)
        # key -> False (cannot be won) or the cards of a trick that keeps it winnable
        self.tt: dict[tuple[object, ...], tuple[int, ...] | bool] = {}
        self.history: dict[tuple[int, int], int] = {}


class Solver:
    """Solves states of attempts; keeps its tables across calls (bots ask about many states of
    one deal). Not thread-safe."""

    def __init__(self) -> None:
        self._tables: dict[tuple[object, ...], _Table] = {}
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
        """Try the crew's distribution choices (the engine's legal actions), each outcome once."""
        for action in legal_actions(state):
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
            if child.phase in (Phase.PLAY, Phase.PREDICT) or child.result:
                rest = self._solve(child)
            else:
                rest = self._solve_distribution(child, seen)
            if rest is not None:
                return [action, *rest]
        return None

    def _solve_predict(self, state: GameState) -> list[Action] | None:
        """Predictions not fixed yet: the owner predicts the count they will end with."""
        free = free_predictions(state)
        seats: list[int] = []
        for i in sorted(free):
            owner = state.owners[i]
            if owner not in seats:
                seats.append(owner)
        start = state
        for seat in seats:  # placeholders, so that the engine starts the tricks
            start, _ = apply(start, Predict(seat, 0))
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
        key = (state.setup, state.owners, state.predictions, free)
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 64:
                self._tables.clear()
            table = _Table(SearchForm(state, free))
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
