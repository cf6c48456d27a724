"""The distress signal: the card each computer passes, and its vote judged on sampled deals,
each as it is and after the passes (every seat passing what it would pass from its own hand)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from crew.bots import DEFAULT, Memory, choose_distress, choose_distress_card
from crew.bots.talk import distress_passes
from crew.engine import (
    Distress,
    apply,
    distress_possible,
    mask_of,
    new_attempt,
    parse_card,
    parse_cards,
    view_for,
)
from crew.engine.actions import Take
from crew.engine.enums import Direction
from crew.engine.state import GameState
from crew.table import decision_rng
from crew.table.protocol import StepKind, next_step
from crew.table.selfplay import SelfPlay

HANDS = (
    "P7 P9 B9 G1 G5 G7 Y2 Y4 Y7 S3",
    "P5 P6 B1 B6 B7 G9 Y6 Y8 S1 S2",
    "P1 P3 P8 G2 G3 G4 G6 G8 Y5 S4",
    "P2 P4 B2 B3 B4 B5 B8 Y1 Y3 Y9",
)


def _dealt(task: int, owner: int, *, active: bool = False) -> GameState:
    """Mission 1 (one task) with ``HANDS``, ``task`` taken by ``owner``: the distress window."""
    state = new_attempt(
        4,
        1,
        hands=[mask_of(parse_cards(h)) for h in HANDS],
        tasks=[task],
        distress_active=active,
    )
    state, _ = apply(state, Take(owner, task))
    assert distress_possible(state)
    return state


def test_each_seat_passes_the_lowest_of_its_shortest_colour_or_the_receivers_task_card() -> None:
    # task 7 (win P5 and Y6) is the captain's (seat 2): passing left, seat 1 gives it P5, a
    # card its task names; the others their lowest card of their shortest colour: seat 0 B9
    # (blue: one card), seat 2 Y5, seat 3 P2
    state = _dealt(7, 2)
    expected = Distress(Direction.LEFT, tuple(parse_cards("B9 P5 Y5 P2")))
    assert distress_passes(state, Direction.LEFT) == apply(state, expected)[0]
    # each computer's own card choice is the same rule, asked from its own view
    for seat, card in enumerate(expected.cards):
        view = view_for(state, seat)
        d = choose_distress_card(view, Memory(seat), decision_rng(1, seat, 1), Direction.LEFT)
        assert d.card == card
    # to the right seat 1 passes to seat 0, who has no task: its shortest colour is green
    right = Distress(Direction.RIGHT, tuple(parse_cards("B9 G9 Y5 P2")))
    assert distress_passes(state, Direction.RIGHT) == apply(state, right)[0]


def _shares(text: str) -> tuple[float, float]:
    before, after = (int(x) / 100 for x in re.findall(r"(\d+)%", text))
    return before, after


def _window(mission: int, seed: str, *, active: bool) -> tuple[GameState, dict[int, Memory]]:
    """Four computers deal ``mission`` and take its tasks, up to the distress question."""
    start = new_attempt(4, mission, seed=seed, distress_active=active)
    t = SelfPlay(start, frozenset(range(4)), seed, replace(DEFAULT, distress_cost=None))
    while next_step(t.state, t.table, t.computers).kind != StepKind.DISTRESS:
        assert t.step()
    return t.state, t.memories


#: deals of later missions where some computers find the passes worth it and others do not
WINDOWS = [(14, "vp1-14-0"), (19, "vp1-19-0"), (24, "vp1-24-0")]


@pytest.mark.parametrize("active", [False, True])
def test_the_vote_follows_the_shares_it_states(active: bool) -> None:
    cost = 0.5
    cfg = replace(DEFAULT, distress_cost=cost)
    votes = []
    for mission, seed in WINDOWS:
        state, memories = _window(mission, seed, active=active)
        for seat in range(4):
            view = view_for(state, seat)
            d = choose_distress(view, memories[seat], decision_rng(seed, seat, 1), cfg)
            p0, p1 = _shares(d.why)
            if active:
                worth = p1 > p0  # passing is free once the signal is active
            else:
                worth = p1 > 0 and (p0 == 0 or 1 / p0 - 1 / p1 > cost)
            # the shares are rounded in the words: only a clear case is checked
            if abs(p1 - p0) > 0.02 and (active or p0 == 0 or abs(1 / p0 - 1 / p1 - cost) > 0.1):
                assert (d.direction is not None) == worth, (mission, seat, d.why)
            votes.append(d.direction is not None)
            # the same question asked again gives the same answer
            again = choose_distress(view, memories[seat], decision_rng(seed, seat, 1), cfg)
            assert (again.direction, again.why) == (d.direction, d.why)
            # never sent when the setting says so
            off = replace(DEFAULT, distress_cost=None)
            assert (
                choose_distress(view, memories[seat], decision_rng(seed, seat, 1), off).direction
                is None
            )
    assert any(votes) and not all(votes)  # both answers are asked for


def test_a_computer_keeps_the_last_card_its_own_task_needs() -> None:
    # task 74 (win a trick with a coloured 5 of one's own) is seat 2's, whose only 5 is Y5, the
    # lowest of its shortest colour: it passes the lowest of the next shortest, P1, instead
    state = _dealt(74, 2)
    expected = Distress(Direction.LEFT, tuple(parse_cards("B9 G9 P1 P2")))
    assert distress_passes(state, Direction.LEFT) == apply(state, expected)[0]
    view = view_for(state, 2)
    d = choose_distress_card(view, Memory(2), decision_rng(1, 2, 1), Direction.LEFT)
    assert d.card == parse_card("P1")
    assert d.why == "P1: the lowest of the shortest colour, keeping Y5 for task #74"
