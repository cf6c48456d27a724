"""A plain depth-first search, the reference the solver is measured against.

No table, no move ordering, no merging of equivalent cards, no cuts: the crew's choices are
tried in the engine's own order (distribution and predictions through ``legal_actions``, cards
lowest first) and a branch ends only when the engine's form says won or lost. It is what a
straightforward open-hand solver does, and on easy deals it is hard to beat: the first line it
tries often wins.
"""

from __future__ import annotations

import time

from crew.engine import Phase, Signal, apply, legal_actions
from crew.engine.cards import card_list
from crew.engine.search import LOST, WON, Node, SearchForm
from crew.engine.state import GameState

__all__ = ["PlainDFS"]


class _Stop(Exception):
    pass


class PlainDFS:
    """``solve(state)`` -> True, False or None (limit reached); ``nodes`` counts cards played
    (and choices made before the tricks)."""

    def __init__(self, timeout: float | None = None, node_limit: int | None = None) -> None:
        self.timeout = timeout
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        self.nodes = 0
        self.seconds = 0.0
        self._deadline = 0.0

    def solve(self, state: GameState) -> bool | None:
        t0 = time.perf_counter()
        self.nodes = 0
        self._deadline = t0 + self.timeout if self.timeout is not None else float("inf")
        try:
            verdict: bool | None = self._state(state)
        except _Stop:
            verdict = None
        self.seconds = time.perf_counter() - t0
        return verdict

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self.node_limit:
            raise _Stop
        if self.nodes & 1023 == 0 and time.perf_counter() > self._deadline:
            raise _Stop

    def _state(self, state: GameState) -> bool:
        if state.result:
            return state.result == "won"
        if state.phase == Phase.PLAY:
            form = SearchForm(state)
            return self._cards(form, form.start(state))
        for action in legal_actions(state):
            if isinstance(action, Signal):
                continue
            self._tick()
            child, _ = apply(state, action)
            if self._state(child):
                return True
        return False

    def _cards(self, form: SearchForm, node: Node) -> bool:
        for card in card_list(form.legal(node)):
            self._tick()
            child = form.play(node, card)
            if child.result == WON:
                return True
            if child.result != LOST and self._cards(form, child):
                return True
        return False
