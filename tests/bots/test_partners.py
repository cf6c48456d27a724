"""The partners' cards weigh the sampled deals (``crew.bots.partners``): explicit hands."""

from __future__ import annotations

import random

import pytest

from crew.bots import Memory, Settings, choose_action, partners, search
from crew.engine import Phase, Play, Take, apply, legal_actions, new_attempt, view_for
from crew.engine.cards import parse_cards
from crew.engine.state import GameState

# Four players, one task: seat 0 must win the green 6. Eight tricks in which every seat follows
# (no void shown), won by seat 0, leave the cards below; seat 0 then leads the green 6.
FILLERS = [
    "S4 P8 P7 B9 B8 Y9 G8 P9",
    "S1 P1 P4 B2 B5 Y1 G1 Y8",
    "S2 P2 P5 B3 B6 Y6 G2 G4",
    "S3 P3 P6 B4 B7 Y7 G3 G5",
]
#: seat 0 holds the green 9 beside the 6: leading the 6 gives it to the green 7 (absurd),
#: leading the 9 first draws the 7 and wins the 6 in the last trick
ABSURD = ["G6 G9", "G7 Y2", "Y3 Y4", "Y5 B1"]
#: the same as seat 1 sees it, but seat 0 has the yellow 5: the 6 is lost whatever it leads
SENSIBLE = ["G6 Y5", "G7 Y2", "Y3 Y4", "G9 B1"]


def _led_green_6(ends: list[str]) -> GameState:
    hands = [
        sum(1 << c for c in parse_cards(f"{f} {e}")) for f, e in zip(FILLERS, ends, strict=True)
    ]
    state = new_attempt(4, None, hands=hands, tasks=[4], difficulty=1)
    while state.phase != Phase.PLAY:
        take = Take(0, 4)
        state, _ = apply(state, take if take in legal_actions(state) else legal_actions(state)[0])
    for trick in range(8):
        for seat in range(4):
            state, _ = apply(state, Play(seat, parse_cards(FILLERS[seat])[trick]))
    assert state.turn == 0 and len(state.tricks) == 8
    state, _ = apply(state, Play(0, parse_cards("G6")[0]))
    return state


def test_before_play_takes_the_trick_back_to_that_card() -> None:
    state = _led_green_6(ABSURD)
    before = partners.before_play(state, 0)
    assert before.turn == 0 and before.trick_cards == ()
    assert before.hands[0] == state.hands[0] | 1 << parse_cards("G6")[0]
    assert apply(before, Play(0, parse_cards("G6")[0]))[0] == state
    with pytest.raises(ValueError):
        partners.before_play(state, 1)


def test_a_deal_where_the_partners_lead_would_be_absurd_weighs_less() -> None:
    absurd, sensible = _led_green_6(ABSURD), _led_green_6(SENSIBLE)
    # seat 1 cannot tell the two deals apart
    assert absurd.hands[1] == sensible.hands[1] and absurd.trick_cards == sensible.trick_cards
    ctx = search.Context()
    w_absurd = partners.weight(absurd, 1, 3, random.Random(1), 4, 500, ctx)
    w_sensible = partners.weight(sensible, 1, 3, random.Random(1), 4, 500, ctx)
    # absurd: the 6 loses on all 4 of seat 0's own deals, the 9 wins on all: (0 + 1) / (4 + 1)
    assert w_absurd == pytest.approx(0.2)
    assert w_sensible == 1.0  # nothing it could lead wins the 6 there
    assert partners.weight(absurd, 1, 0, random.Random(1), 4, 500, ctx) == 1.0  # nothing asked
    assert partners.weight(absurd, 0, 3, random.Random(1), 4, 500, ctx) == 1.0  # its own card


def test_weighing_by_partners_decides_from_the_seats_view_only() -> None:
    # after the green 6 and the green 7, seat 2 (yellow 3 and 4) sees the same on both deals:
    # with the weighing on, the same decision on each
    cfg = Settings(samples=6, infer_plays=3, infer_samples=2, infer_nodes=200)
    decisions = []
    for ends in (ABSURD, SENSIBLE):
        state, _ = apply(_led_green_6(ends), Play(1, parse_cards("G7")[0]))
        memory = Memory(2, tricks=list(state.tricks))
        view = view_for(state, 2)
        memory.observe(view)
        decisions.append(choose_action(view, memory, random.Random(5), cfg))
    assert decisions[0] == decisions[1]
    assert decisions[0].spent == decisions[1].spent > 0
