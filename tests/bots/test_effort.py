"""Search effort of a card decision: counted in solver nodes, widened when deals are cheap."""

from __future__ import annotations

import re

from crew.bots import Memory, Settings, choose_action, search
from crew.engine import new_attempt, view_for
from crew.engine.actions import Play
from crew.engine.game import legal_actions
from crew.engine.state import GameState, Phase
from crew.table import decision_rng
from crew.table.selfplay import SelfPlay as Table


def _late_position() -> tuple[GameState, dict[int, Memory]]:
    """A 4-player mission 6 deal played by computers up to a late card with a choice."""
    table = Table(new_attempt(4, 6, seed=2), frozenset(range(4)), 2)
    while table.step():
        s = table.state
        if s.phase == Phase.PLAY and len(s.tricks) >= 6:
            choices = [a for a in legal_actions(s) if isinstance(a, Play)]
            if len(choices) >= 2:
                return s, table.memories
    raise AssertionError("the attempt ended without a late choice of card")


def _deals(why: str) -> int:
    m = re.search(r"of (\d+) (?:sampled )?deals", why)
    assert m, why
    return int(m.group(1))


def test_spent_counts_the_nodes_of_a_decision() -> None:
    state, _ = _late_position()
    search.begin()
    assert search.spent() == 0
    search.winnable(state, 5000)
    first = search.spent()
    assert first > 0
    search.begin()
    assert search.spent() == 0


def test_cheap_decisions_sample_more_deals() -> None:
    state, memories = _late_position()
    seat = state.setup.controller(state.turn)
    view = view_for(state, seat)
    narrow = Settings(samples=4, wide_budget=0)
    wide = Settings(samples=4, wide_budget=10**9, max_samples=40)
    d1 = choose_action(view, memories[seat], decision_rng(1, seat, 1), narrow)
    d2 = choose_action(view, memories[seat], decision_rng(1, seat, 1), wide)
    assert _deals(d1.why) == 4
    assert _deals(d2.why) == 40
