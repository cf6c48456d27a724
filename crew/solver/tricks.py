"""The trick search: can the attempt be won from a position of the trick phase, and how?

It runs on the engine's compact search form (:mod:`crew.engine.search`), in the manner of
double-dummy bridge solvers: a transposition table keyed on what is left at the start of each
trick, equivalent cards merged, task-completing plays tried first, and every branch cut the
moment the engine's own task evaluators (or a mission condition) declare the attempt lost, or
the perfect-information bounds of :mod:`crew.solver.bounds` show that it will be.
"""

from __future__ import annotations

from crew.engine import Play
from crew.engine.search import LOST, OPEN, WON, Node, SearchForm, free_predictions
from crew.engine.state import GameState

from .bounds import certainly_lost, cuts_for
from .limits import Budget

__all__ = ["TABLE_LIMIT", "TrickSearch", "TrickTable"]

#: Clear a transposition table that grows past this many positions (memory bound).
TABLE_LIMIT = 1_500_000


def _exact(node: Node) -> tuple[object, ...]:
    """A trick start by its exact cards (the table's keys name cards by rank only)."""
    return (node.hands, node.piles, node.leader, node.won, node.counts, node.status, node.tricks)


class TrickTable:
    """A search form with its transposition table and move-ordering history.

    Forms of one deal that differ only in who owns which task share the table and history: the
    form's key names the owner of every task still pending, and nothing else about the owners
    matters from a position on.
    """

    __slots__ = ("form", "tt", "history", "cuts", "hints")

    def __init__(
        self,
        form: SearchForm,
        tt: dict[tuple[object, ...], bool],
        history: dict[tuple[int, int], int],
    ) -> None:
        self.form = form
        self.cuts = cuts_for(form)
        self.tt = tt
        self.history = history
        # the first cards of a trick that keeps an exact position winnable (for the line)
        self.hints: dict[tuple[object, ...], tuple[int, ...]] = {}


class TrickSearch:
    """Searches the tricks of attempts; keeps its tables across calls (bots and the
    post-mortem ask about many positions of one deal). Counts positions in ``budget``."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self._tables: dict[tuple[object, ...], TrickTable] = {}
        self._shared: dict[
            tuple[object, ...], tuple[dict[tuple[object, ...], bool], dict[tuple[int, int], int]]
        ] = {}

    def clear(self) -> None:
        """Forget every table."""
        self._tables.clear()
        self._shared.clear()

    def table(self, state: GameState, free: frozenset[int] = frozenset()) -> TrickTable:
        """The table for the tricks of ``state`` (with ``free`` predictions still open)."""
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
            table = TrickTable(SearchForm(state, free), *shared)
            self._tables[key] = table
        elif len(table.tt) > TABLE_LIMIT:
            table.tt.clear()
        return table

    def solve(self, state: GameState) -> list[Play] | None:
        """A winning sequence of plays from ``state`` (trick phase), or None."""
        table = self.table(state, free_predictions(state))
        return self.line(table, table.form.start(state))

    def line(self, table: TrickTable, root: Node) -> list[Play] | None:
        """A winning sequence of plays from ``root``, or None."""
        if root.result != OPEN:
            return [] if root.result == WON else None
        form = table.form
        if root.trick_cards:
            first = self._trick(table, root)
        elif self.boundary(table, root):
            first = table.hints.get(_exact(root)) or self._trick(table, root)
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
            cards = table.hints.get(_exact(node)) or self._trick(table, node)

    def boundary(self, table: TrickTable, node: Node) -> bool:
        """At the start of a trick (node still open): can the attempt be won from here?"""
        key = table.form.key(node)
        hit = table.tt.get(key)
        if hit is not None:
            return hit
        if table.cuts and certainly_lost(table.form, table.cuts, node):
            table.tt[key] = False
            return False
        cards = self._trick(table, node)
        table.tt[key] = cards is not None
        if cards is not None:
            table.hints[_exact(node)] = cards
        return cards is not None

    def _trick(self, table: TrickTable, node: Node) -> tuple[int, ...] | None:
        """The rest of the current trick on a way to a win, or None."""
        form = table.form
        cands = form.choices(node, form.legal(node))
        seat = node.turn
        history = table.history
        tick = self.budget.tick
        if len(node.trick_cards) == form.seats - 1:
            # the last card of the trick: judge every choice first, try task-completing ones
            scored = []
            for c in cands:
                tick()
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
                if self.boundary(table, child):
                    history[seat, c] = history.get((seat, c), 0) + 1
                    return (c,)
            return None
        if len(cands) > 1:
            cands.sort(key=lambda c: -history.get((seat, c), 0))
        for c in cands:
            tick()
            child = form.play(node, c)
            if child.result == LOST:
                continue
            rest = self._trick(table, child)
            if rest is not None:
                history[seat, c] = history.get((seat, c), 0) + 1
                return (c, *rest)
        return None
