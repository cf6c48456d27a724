"""Tricks: who leads, following suit, trumps, the winner, illegal plays, the last trick."""

from __future__ import annotations

import pytest
from rules_helpers import cards, hand, play, play_events, rejected, tricks_only

from crew.engine import (
    Play,
    apply,
    card_str,
    legal_plays,
    parse_card,
    parse_cards,
    trick_winner,
    view_for,
    why_illegal,
    winner_reason,
)
from crew.engine.tricks import Trick, beats, follow_mask

# seat 2 holds S4 and is captain; seat 1 is void in pink, seat 3 in yellow and submarines
HANDS = [
    "P1 P9 B1 B2 G1 G2 Y1 Y2 S1 S2",
    "B3 B4 B9 G3 G4 Y3 Y4 Y5 Y6 S3",
    "S4 P4 P5 B5 B6 G5 G6 Y7 Y8 Y9",
    "P2 P3 P6 P7 P8 B7 B8 G7 G8 G9",
]


def c(text: str) -> int:
    return parse_card(text)


def test_captain_leads_the_first_trick() -> None:
    state = tricks_only(4, HANDS)
    assert state.setup.captain == 2
    assert state.phase == "play"
    assert state.turn == 2 and state.leader == 2
    assert rejected(state, Play(0, c("P1"))) == "NOT_YOUR_TURN"
    assert rejected(state, Play(3, c("P2"))) == "NOT_YOUR_TURN"
    # the captain may lead any card, submarines included
    assert set(legal_plays(state)) == hand(state, 2)


def test_follow_suit_and_playing_low_while_holding_high() -> None:
    state = play(tricks_only(4, HANDS), "P5")
    assert state.turn == 3
    assert rejected(state, Play(3, c("B7"))) == "MUST_FOLLOW_SUIT"
    assert set(legal_plays(state)) == cards("P2 P3 P6 P7 P8")
    state = play(state, "P8")
    # seat 0 holds P1 and P9: it may play the low one
    assert set(legal_plays(state)) == cards("P1 P9")
    assert rejected(state, Play(0, c("S1"))) == "MUST_FOLLOW_SUIT"
    state = play(state, "P1")
    # seat 1 has no pink: anything goes, submarine included but not compulsory
    assert set(legal_plays(state)) == hand(state, 1)
    state, events = play_events(state, "B9")
    trick = state.tricks[0]
    assert trick.cards == tuple(parse_cards("P5 P8 P1 B9"))
    assert trick.seats == (2, 3, 0, 1)
    # B9 is off-suit: it never wins, whatever its value
    assert trick.winner == 3
    assert ("trick_won", 3) in [(e.kind, e.seat) for e in events]


def test_winner_leads_the_next_trick_and_a_void_player_may_trump() -> None:
    state = play(tricks_only(4, HANDS), "P5 P8 P1 B9")
    assert state.leader == 3 and state.turn == 3
    assert rejected(state, Play(2, c("P4"))) == "NOT_YOUR_TURN"
    state = play(state, "P2 P9 S3 P4")
    assert state.tricks[1].winner == 1
    assert state.tricks[1].winning_card == c("S3")
    assert state.turn == 1 and state.leader == 1


def test_submarine_lead_forces_submarines() -> None:
    state = play(tricks_only(4, HANDS), "P5 P8 P1 B9 P2 P9 S3 P4 Y3 Y7 G9 Y1")
    assert state.tricks[2].winner == 2
    state = play(state, "S4")
    # seat 3 has no submarine: free choice
    assert set(legal_plays(state)) == hand(state, 3)
    state = play(state, "P3")
    # seat 0 holds S1 and S2 and must play one of them
    assert set(legal_plays(state)) == cards("S1 S2")
    assert rejected(state, Play(0, c("G1"))) == "MUST_FOLLOW_SUIT"
    state = play(state, "S1 Y4")
    assert state.tricks[3].winner == 2


def test_illegal_plays_leave_the_state_unchanged() -> None:
    state = tricks_only(4, HANDS)
    before = state
    assert rejected(state, Play(2, c("P1"))) == "CARD_NOT_IN_HAND"
    assert rejected(state, Play(0, c("P1"))) == "NOT_YOUR_TURN"
    mid = play(state, "P5")
    assert rejected(mid, Play(3, c("G9"))) == "MUST_FOLLOW_SUIT"
    assert rejected(mid, Play(3, c("P5"))) == "CARD_NOT_IN_HAND"
    assert state == before
    bad = why_illegal(mid, Play(3, c("G9")))
    assert bad is not None
    assert "P5" in bad.message and "G9" in bad.message


def test_only_the_last_trick_is_in_the_view() -> None:
    state = play(tricks_only(4, HANDS), "P5 P8 P1 B9")
    view = view_for(state, 0)
    assert view.last_trick == state.tricks[0]
    state = play(state, "P2 P9 S3 P4")
    for seat in (-1, 0, 1, 2, 3):
        view = view_for(state, seat)
        assert view.last_trick == state.tricks[1]
        assert view.tricks_played == 2
        # no field of the view holds the first trick
        for name in view.__slots__:
            value = getattr(view, name)
            assert value != state.tricks[0]
            if isinstance(value, tuple):
                assert state.tricks[0] not in value


def test_a_whole_hand_is_played_to_the_end() -> None:
    state = play(tricks_only(4, HANDS), "P5 P8 P1 B9 P2 P9 S3 P4 Y3 Y7 G9 Y1 S4 P3 S1 Y4")
    while not state.result:
        state = play(state, card_str(legal_plays(state)[0]))
    assert len(state.tricks) == 10
    assert state.result == "won"
    assert sum(state.counts) == 10
    assert state.hands == (0, 0, 0, 0)


# ---------------------------------------------------------------------------------------------
# the winner rule as a pure function


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("P5 P8 P1 B9", "P8"),  # highest of the led colour
        ("P5 B9 G9 Y9", "P5"),  # off-suit high cards never win
        ("G5 S1 G9 G7", "S1"),  # any submarine beats the led colour
        ("G5 S1 S3 G9", "S3"),  # several submarines: the highest
        ("Y9 S2 S4 S1", "S4"),
        ("S1 S2 P9", "S2"),  # submarine led
        ("S3 P9 S1 G9 B9", "S3"),
        ("B2 B1", "B2"),
    ],
)
def test_trick_winner(trick: str, winner: str) -> None:
    played = parse_cards(trick)
    i = trick_winner(played)
    assert played[i] == c(winner)
    assert winner in winner_reason(played)


@pytest.mark.parametrize(
    ("card", "best", "takes"),
    [
        ("P8", "P5", True),  # higher of the winning colour
        ("P4", "P5", False),
        ("B9", "P5", False),  # another colour never takes it
        ("S1", "G9", True),  # any submarine beats a coloured card
        ("S3", "S1", True),  # a higher submarine
        ("S2", "S4", False),
        ("P9", "S1", False),
    ],
)
def test_a_card_beats_the_card_winning_the_trick(card: str, best: str, takes: bool) -> None:
    assert beats(c(card), c(best)) is takes
    # the same as the winner of a trick of those two cards, the winning one led
    assert (trick_winner([c(best), c(card)]) == 1) is takes


def test_follow_mask() -> None:
    hand_mask = sum(1 << x for x in parse_cards("P1 P9 S1 G4"))
    assert follow_mask(hand_mask, 0) == sum(1 << x for x in parse_cards("P1 P9"))
    assert follow_mask(hand_mask, 4) == 1 << c("S1")
    assert follow_mask(hand_mask, 1) == hand_mask  # void in blue: any card


def test_trick_record_helpers() -> None:
    t = Trick(1, (1, 2, 0), tuple(parse_cards("G5 S2 G9")), 2)
    assert t.card_of(0) == c("G9")
    assert t.winning_card == c("S2")


def test_apply_does_not_change_the_input_state() -> None:
    state = tricks_only(4, HANDS)
    snapshot = state
    new, _ = apply(state, Play(2, c("P5")))
    assert state == snapshot
    assert new != state
    assert new.trick_cards == (c("P5"),)
