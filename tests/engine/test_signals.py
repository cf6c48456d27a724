"""Sonar communication: true statements, timing, tokens, heavy noise, currents, mission limits."""

from __future__ import annotations

import pytest
from rules_helpers import attempt, cards, fill, play, rejected, run, tricks_only

from crew.engine import (
    GameState,
    Signal,
    Take,
    Volunteer,
    card_str,
    legal_actions,
    legal_plays,
    mask_of,
    parse_card,
    parse_cards,
    true_positions,
    view_for,
    why_illegal,
)

# seat 0 (captain): pink 1 5 9, only blue B4, green 2 7, yellow 3 8, submarines 1 and 4
HANDS = [
    "S4 S1 P1 P5 P9 B4 G2 G7 Y3 Y8",
    "P2 P3 B1 B2 B3 G1 G3 Y1 Y2 S2",
    "P4 P6 B5 B6 B7 G4 G5 Y4 Y5 S3",
    "P7 P8 B8 B9 G6 G8 G9 Y6 Y7 Y9",
]


def c(text: str) -> int:
    return parse_card(text)


def sig(seat: int, card: str, position: str) -> Signal:
    return Signal(seat, c(card), position)  # type: ignore[arg-type]


def ready(mission: int, hands: list[str] = HANDS, **kw: object) -> GameState:
    """Mission with one task (96) that the captain (seat 0 in HANDS) takes: then the tricks."""
    state = attempt(len(hands), mission, hands, tasks=[96], **kw)  # type: ignore[arg-type]
    return run(state, Take(state.setup.captain, 96))


@pytest.mark.parametrize(
    ("card", "position", "ok"),
    [
        ("P9", "top", True),
        ("P9", "bottom", False),
        ("P9", "middle", False),
        ("P1", "bottom", True),
        ("P1", "top", False),
        ("P1", "middle", False),
        ("P5", "top", False),
        ("P5", "middle", False),
        ("P5", "bottom", False),
        ("B4", "middle", True),
        ("B4", "top", False),  # ruling 17: a single card is only ever 'only'
        ("B4", "bottom", False),
        ("G7", "top", True),
        ("G2", "bottom", True),
        ("Y8", "bottom", False),
    ],
)
def test_each_position_true_and_false(card: str, position: str, ok: bool) -> None:
    state = tricks_only(4, HANDS)
    action = sig(0, card, position)
    if ok:
        assert why_illegal(state, action) is None
        assert action in legal_actions(state)
        new = run(state, action)
        assert new.signals[-1] == (0, c(card), position, 1)
    else:
        assert rejected(state, action) == "SIGNAL_NOT_TRUE"
        assert action not in legal_actions(state)


def test_true_positions() -> None:
    hand = mask_of(parse_cards(HANDS[0]))
    assert true_positions(hand, c("P9")) == ("top",)
    assert true_positions(hand, c("P1")) == ("bottom",)
    assert true_positions(hand, c("P5")) == ()
    assert true_positions(hand, c("B4")) == ("middle",)
    assert true_positions(hand, c("S1")) == ()
    assert true_positions(hand, c("P2")) == ()


def test_signal_messages_and_other_refusals() -> None:
    state = tricks_only(4, HANDS)
    bad = why_illegal(state, sig(0, "B4", "top"))
    assert bad is not None and "only" in bad.message and "B4" in bad.message
    assert rejected(state, sig(0, "S1", "middle")) == "CANNOT_SIGNAL_SUBMARINE"
    assert rejected(state, sig(0, "S4", "top")) == "CANNOT_SIGNAL_SUBMARINE"
    assert rejected(state, sig(0, "P2", "bottom")) == "CARD_NOT_IN_HAND"
    assert rejected(state, sig(0, "P9", "left")) == "BAD_POSITION"
    assert rejected(state, sig(4, "P9", "top")) == "BAD_SEAT"


def test_any_seat_may_communicate_before_a_trick_not_only_the_leader() -> None:
    state = tricks_only(4, HANDS)
    signals = [a for a in legal_actions(state) if isinstance(a, Signal)]
    assert {a.seat for a in signals} == {0, 1, 2, 3}
    # seat 1 holds P2 P3, B1 B2 B3, G1 G3, Y1 Y2: top and bottom of each colour
    assert {(card_str(a.card), a.position) for a in signals if a.seat == 1} == {
        ("P3", "top"),
        ("P2", "bottom"),
        ("B3", "top"),
        ("B1", "bottom"),
        ("G3", "top"),
        ("G1", "bottom"),
        ("Y2", "top"),
        ("Y1", "bottom"),
    }


def test_never_during_a_trick() -> None:
    state = play(tricks_only(4, HANDS), "P1")
    assert rejected(state, sig(1, "P3", "top")) == "SIGNAL_DURING_TRICK"
    assert rejected(state, sig(0, "P9", "top")) == "SIGNAL_DURING_TRICK"
    assert not any(isinstance(a, Signal) for a in legal_actions(state))
    # between tricks it is open again
    state = play(state, "P2 P4 P7")
    assert why_illegal(state, sig(1, "P3", "middle")) is None


def test_once_per_attempt() -> None:
    state = run(tricks_only(4, HANDS), sig(0, "P9", "top"))
    assert rejected(state, sig(0, "B4", "middle")) == "TOKEN_ALREADY_USED"
    assert view_for(state, 2).tokens_left == (0, 1, 1, 1)
    state = play(state, "P1 P2 P4 P7")
    assert rejected(state, sig(0, "B4", "middle")) == "TOKEN_ALREADY_USED"
    assert not any(isinstance(a, Signal) and a.seat == 0 for a in legal_actions(state))
    assert why_illegal(state, sig(2, "B7", "top")) is None


def test_stale_token_keeps_its_position_and_the_card_is_played_normally() -> None:
    state = run(tricks_only(4, HANDS), sig(0, "P9", "top"))
    assert state.hands[0] >> c("P9") & 1  # the shown card stays in the hand
    state = play(state, "P1 P2 P4 P7")  # seat 3 wins with P7 and leads
    state = play(state, "P8")
    # following pink, seat 0 may play the shown card or the other pink card
    assert set(legal_plays(state)) == cards("P5 P9")
    state = play(state, "P5 P3 P6")
    # P9 is now seat 0's only pink card, but the token stays at the top
    assert true_positions(state.hands[0], c("P9")) == ("middle",)
    for seat in (-1, 0, 1, 2, 3):
        (mark,) = view_for(state, seat).signals
        assert (mark.seat, mark.card, mark.position, mark.played) == (0, c("P9"), "top", False)
        assert mark.before_trick == 1


def test_shown_card_is_marked_played_once_on_the_table() -> None:
    state = run(tricks_only(4, HANDS), sig(0, "P9", "top"))
    state = play(state, "P9")
    assert view_for(state, 1).signals[0].played
    state = play(state, "P2 P4 P7")
    assert view_for(state, 1).signals[0].played
    assert state.tricks[0].winner == 0


def test_no_signal_during_distribution() -> None:
    state = attempt(4, 2, HANDS, tasks=[96, 1])
    assert state.phase == "distribute"
    assert rejected(state, sig(0, "P9", "top")) == "SIGNAL_TOO_EARLY"
    assert not any(isinstance(a, Signal) for a in legal_actions(state))


# ---------------------------------------------------------------------------------------------
# heavy noise


@pytest.mark.parametrize(("players", "pool"), [(3, 1), (4, 2), (5, 3)])
def test_heavy_noise_pool_size(players: int, pool: int) -> None:
    hands = fill(players, ["S4"])
    state = ready(11, hands)
    assert state.setup.rules.communication == "heavy_noise"
    assert state.pool == pool
    assert view_for(state, 1).tokens_left == (pool,) * players


def test_heavy_noise_one_player_may_signal_several_times() -> None:
    state = ready(11)
    assert state.pool == 2
    state = run(state, sig(0, "P9", "top"))
    assert state.pool == 1
    assert rejected(state, sig(0, "P9", "top")) == "ALREADY_SIGNALLED"
    state = run(state, sig(0, "B4", "middle"))
    assert state.pool == 0
    assert rejected(state, sig(1, "P3", "top")) == "NO_TOKEN_LEFT"
    assert rejected(state, sig(0, "G7", "top")) == "NO_TOKEN_LEFT"
    assert not any(isinstance(a, Signal) for a in legal_actions(state))
    assert view_for(state, 3).tokens_left == (0, 0, 0, 0)
    assert [(m.seat, m.position) for m in view_for(state, 3).signals] == [
        (0, "top"),
        (0, "middle"),
    ]


def test_heavy_noise_three_players_single_token() -> None:
    state = ready(11, fill(3, ["S4 P1 P2"]))
    state = run(state, sig(1, "B9", "top"))
    assert rejected(state, sig(2, "Y9", "top")) == "NO_TOKEN_LEFT"


# ---------------------------------------------------------------------------------------------
# currents


def test_currents_statement_checked_but_hidden_from_others() -> None:
    state = ready(9)
    assert state.setup.rules.communication == "currents"
    assert rejected(state, sig(1, "P3", "bottom")) == "SIGNAL_NOT_TRUE"
    assert rejected(state, sig(0, "B4", "top")) == "SIGNAL_NOT_TRUE"
    state = run(state, sig(0, "P9", "top"))
    assert state.signals[0].position == "top"
    assert view_for(state, 0).signals[0].position == "top"
    for seat in (-1, 1, 2, 3):
        (mark,) = view_for(state, seat).signals
        assert mark.position == "hidden"
        assert mark.card == c("P9") and mark.seat == 0
    # still one communication per player
    assert rejected(state, sig(0, "B4", "middle")) == "TOKEN_ALREADY_USED"


# ---------------------------------------------------------------------------------------------
# missions that restrict communication


def _volunteered(mission: int, timed: bool) -> GameState:
    state = attempt(4, mission, HANDS, tasks=[96], timed=timed)
    return run(state, Volunteer(1, True))


def test_mission_16_untimed_no_communication() -> None:
    state = _volunteered(16, timed=False)
    assert state.phase == "play"
    assert rejected(state, sig(0, "P9", "top")) == "NO_COMMUNICATION"
    assert not any(isinstance(a, Signal) for a in legal_actions(state))
    state = play(state, "P1 P2 P4 P7")
    assert rejected(state, sig(1, "P3", "middle")) == "NO_COMMUNICATION"


def test_mission_16_timed_normal_communication() -> None:
    state = _volunteered(16, timed=True)
    assert why_illegal(state, sig(0, "P9", "top")) is None


def test_missions_14_and_15_untimed_replacements() -> None:
    assert _volunteered(14, timed=False).setup.rules.communication == "currents"
    assert _volunteered(14, timed=True).setup.rules.communication == "normal"
    fifteen = _volunteered(15, timed=False)
    assert fifteen.setup.rules.communication == "heavy_noise"
    assert fifteen.pool == 2
    assert _volunteered(15, timed=True).setup.rules.communication == "normal"


def test_mission_23_no_communication_before_trick_1() -> None:
    state = attempt(4, 23, HANDS, terrain="P2")
    assert state.phase == "play"
    assert rejected(state, sig(0, "P9", "top")) == "COMMUNICATION_NOT_YET"
    assert not any(isinstance(a, Signal) for a in legal_actions(state))
    state = play(state, "P9 P2 P4 P7")  # seat 0 wins trick 1
    assert not state.result
    assert why_illegal(state, sig(1, "P3", "middle")) is None
    assert why_illegal(state, sig(0, "P5", "top")) is None
