"""The card tracker (issue 22): public facts only, the same for every seat's view."""

from __future__ import annotations

import random

from helpers import play, table
from hypothesis import given, settings
from hypothesis import strategies as st

from crew.engine import (
    GameState,
    Signal,
    apply,
    legal_actions,
    new_attempt,
    parse_card,
    track,
    view_for,
)
from crew.engine.view import PUBLIC

GREEN, SUB = 2, 4

# four players, task P9 for seat 1; seat 0 holds S4 (captain) and leads trick 1
HANDS = [
    "S4 P1 P2 B1 B2 G1 G2 Y1 Y2 S1",
    "P3 P4 B3 B4 G3 G4 Y3 Y4 S2 P9",
    "P5 P6 B5 B6 G5 G6 Y5 Y6 S3 B9",
    "P7 P8 B7 B8 G7 G8 Y7 Y8 G9 Y9",
]


def everyone(state: GameState) -> list[object]:
    return [track(view_for(state, s), state.tricks) for s in [PUBLIC, *range(len(state.hands))]]


def start() -> GameState:
    return table(HANDS, {parse_card("P9"): 1})


def test_a_seat_that_does_not_follow_is_known_void_of_the_colour_led() -> None:
    state = start()
    # trick 1: submarines led, seat 3 has none
    state, _ = play(state, "S4 S2 S3 G9")
    tr = track(view_for(state, PUBLIC), state.tricks)
    assert tr.voids[3] == (SUB,)
    assert all(v == () for v in tr.voids[:3])
    assert tr.played[SUB] == tuple(parse_card(c) for c in ("S2", "S3", "S4"))
    assert parse_card("S1") in tr.unplayed[SUB]
    assert not tr.captain_holds_s4
    assert len(set(map(repr, everyone(state)))) == 1


def test_the_captain_holds_s4_until_it_is_played() -> None:
    tr = track(view_for(start(), PUBLIC), ())
    assert tr.captain_holds_s4 and tr.voids == ((), (), (), ())


def test_a_highest_signal_is_tracked_and_tells_no_void_while_lower_cards_are_unseen() -> None:
    state = start()
    # seat 2 shows B9 as its highest blue: it may still hold lower blues, not higher (none)
    state, _ = apply(state, Signal(2, parse_card("B9"), "top"))
    tr = track(view_for(state, PUBLIC), state.tricks)
    assert [(s.seat, s.card, s.position) for s in tr.signals] == [(2, parse_card("B9"), "top")]
    assert tr.voids[2] == ()
    # seat 3 shows G9, its highest green
    state, _ = apply(state, Signal(3, parse_card("G9"), "top"))
    tr = track(view_for(state, PUBLIC), state.tricks)
    assert tr.voids[3] == ()  # lower greens are possible (G7 G8 are unseen)
    assert len(set(map(repr, everyone(state)))) == 1


def test_an_only_card_signal_makes_the_colour_empty_once_that_card_is_played() -> None:
    hands = [
        "S4 P1 P2 B1 B2 G1 G2 Y1 Y2 S1",
        "P3 P4 B3 B4 G9 Y3 Y4 S2 P9 B8",  # one green: G9
        "P5 P6 B5 B6 G5 G6 Y5 Y6 S3 B9",
        "P7 P8 B7 G3 G4 G7 G8 Y7 Y8 Y9",
    ]
    state = table(hands, {parse_card("P9"): 1})
    state, _ = apply(state, Signal(1, parse_card("G9"), "middle"))
    assert track(view_for(state, PUBLIC), state.tricks).voids[1] == ()  # it still holds G9
    state, _ = play(state, "G1 G9 G5 G3")
    tr = track(view_for(state, PUBLIC), state.tricks)
    assert tr.voids[1] == (GREEN,)
    assert tr.signals[0].played
    assert len(set(map(repr, everyone(state)))) == 1


def test_two_deals_alike_in_public_give_the_same_tracker() -> None:
    other = list(HANDS)
    other[2] = other[2].replace("P5", "P7")  # seats 2 and 3 hold each other's P5 / P7
    other[3] = other[3].replace("P7", "P5")
    a, _ = play(start(), "S4 S2 S3 G9")
    b, _ = play(table(other, {parse_card("P9"): 1}), "S4 S2 S3 G9")
    assert a.hands != b.hands
    assert track(view_for(a, PUBLIC), a.tricks) == track(view_for(b, PUBLIC), b.tricks)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_every_seat_sees_the_same_tracker_in_random_games(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = new_attempt(rng.choice([2, 3, 4, 5]), rng.randint(1, 33), seed=seed)
    for _ in range(steps):
        if state.over:
            break
        acts = legal_actions(state)
        if not acts:
            break
        state, _ = apply(state, rng.choice(acts))
    views = everyone(state)
    assert all(v == views[0] for v in views)
