"""Search effort of a card decision: counted in solver nodes, widened when deals are cheap."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from crew.bots import Memory, Settings, choose_action, search
from crew.engine import view_for
from crew.engine.actions import Play
from crew.engine.game import legal_actions
from crew.engine.state import GameState
from crew.records import load_record, replay
from crew.table import decision_rng

#: four players, mission 6, deal code 2, played by the computers up to trick 7, where the seat to
#: play has a choice of cards (recorded once: the tests start from it instead of playing to it)
LATE = Path(__file__).with_name("late-choice-4p-mission-6.json")


@cache
def _late_position() -> tuple[GameState, dict[int, Memory]]:
    """The recorded late position, with each seat's memory of its own views up to it."""
    r = replay(load_record(LATE), keep_states=True)
    assert r.violation is None
    states = [r.start, *r.states]
    memories = {
        seat: Memory.replayed(seat, [view_for(s, seat) for s in states]) for seat in range(4)
    }
    state = r.state
    assert len(state.tricks) >= 6
    assert len([a for a in legal_actions(state) if isinstance(a, Play)]) >= 2
    return state, memories


def _deals(why: str) -> int:
    m = re.search(r"of (\d+) (?:sampled )?deals", why)
    assert m, why
    return int(m.group(1))


def test_a_context_counts_the_nodes_of_its_own_decision_only() -> None:
    state, _ = _late_position()
    ctx = search.Context()
    assert ctx.spent == 0
    search.winnable(state, 5000, ctx)
    first = ctx.spent
    assert first > 0
    other = search.Context()  # the next decision: its own solver, nothing spent yet
    assert other.spent == 0 and other.solver is not ctx.solver
    assert search.winnable(state, 5000, other) == search.winnable(state, 5000, search.Context())
    assert other.spent == first  # a fresh solver: the same search, the same cost


def test_a_decision_reports_what_its_search_cost() -> None:
    state, memories = _late_position()
    seat = state.setup.controller(state.turn)
    view = view_for(state, seat)
    cfg = Settings(samples=4, wide_budget=0)
    d1 = choose_action(view, memories[seat], decision_rng(1, seat, 1), cfg)
    d2 = choose_action(view, memories[seat], decision_rng(1, seat, 1), cfg)
    assert d1.spent > 0 and not d1.cut
    assert d2 == d1 and d2.spent == d1.spent  # nothing carried over from the first decision


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


def test_a_deal_left_undecided_counts_as_undecided() -> None:
    from crew.engine import apply, new_attempt
    from crew.engine.state import Phase

    state = new_attempt(4, 25, seed="undecided")
    while state.phase != Phase.PLAY:  # the tasks taken as the engine first allows
        state, _ = apply(state, legal_actions(state)[0])
    ctx = search.Context()
    assert search.winnable(state, 1, ctx) == search.UNDECIDED == 0.5  # one position: undecided
    assert 0 < ctx.spent <= 2
    assert search.winnable(state, 200_000, search.Context()) in (0.0, 1.0)  # decided with more


def test_a_context_with_a_record_keeps_each_deals_values_per_card() -> None:
    from crew.bots.sampler import sample_states
    from crew.engine import apply

    state, memories = _late_position()
    seat = state.setup.controller(state.turn)
    view = view_for(state, seat)
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    deals = sample_states(view, memories[seat], decision_rng(1, seat, 1), 6)
    ctx = search.Context()
    ctx.record = []
    scores, judged = search.score_actions(deals, plays, 20_000, ctx)
    assert judged == len(deals) == len(ctx.record) == 6
    for deal, row in zip(deals, ctx.record, strict=True):
        alone = [search.winnable(apply(deal, a)[0], 20_000, search.Context()) for a in plays]
        assert row == alone  # each card's value on that deal, in the order of the cards
    assert [scores[a] for a in plays] == [sum(col) for col in zip(*ctx.record, strict=True)]
    unrecorded = search.Context()
    assert search.score_actions(deals, plays, 20_000, unrecorded) == (scores, judged)
    assert unrecorded.record is None
