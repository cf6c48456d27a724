"""The engine's questions for user interfaces: each agrees with ``why_illegal`` and ``apply``."""

from __future__ import annotations

import random

from rules_helpers import TWO_HANDS, TWO_PILES, attempt, run, run_events, tricks_only

from crew.engine import (
    CAPTAIN_CARD,
    Distress,
    GameState,
    Illegal,
    Play,
    Signal,
    Take,
    apply,
    distress_card_illegal,
    distress_choices,
    distress_possible,
    distress_target,
    legal_actions,
    new_attempt,
    parse_card,
    parse_cards,
    prediction_tasks,
    signal_card_illegal,
    signal_positions,
    why_illegal,
)
from crew.engine.game import distress_exchange

HANDS = [
    "S4 S1 P1 P5 P9 B4 G2 G7 Y3 Y8",
    "P2 P3 B1 B2 B3 G1 G3 Y1 Y2 S2",
    "P4 P6 B5 B6 B7 G4 G5 Y4 Y5 S3",
    "P7 P8 B8 B9 G6 G8 G9 Y6 Y7 Y9",
]
POSITIONS = ("top", "middle", "bottom")


def test_distress_target_left_is_clockwise_right_is_back() -> None:
    assert [distress_target(4, s, "left") for s in range(4)] == [1, 2, 3, 0]
    assert [distress_target(4, s, "right") for s in range(4)] == [3, 0, 1, 2]
    # two players swap either way (Tonoja is not involved)
    assert [distress_target(2, s, d) for d in ("left", "right") for s in range(2)] == [1, 0, 1, 0]


def test_the_distress_event_carries_the_exchange() -> None:
    state = tricks_only(4, HANDS)
    cards = tuple(parse_cards("P1 P2 P4 P7"))
    state, events = run_events(state, Distress("right", cards))
    (event,) = events
    assert event.exchange == (
        (0, 3, cards[0]),
        (1, 0, cards[1]),
        (2, 1, cards[2]),
        (3, 2, cards[3]),
    )
    assert event.exchange == distress_exchange(4, "right", cards)
    for frm, to, card in event.exchange:
        assert state.hands[to] >> card & 1 and not state.hands[frm] >> card & 1


def _probe(state: GameState) -> bool:
    """The old way of asking: a made-up distress action with each seat's first choice."""
    choices = distress_choices(state)
    if any(not c for c in choices):
        return False
    return why_illegal(state, Distress("left", tuple(c[0] for c in choices))) is None


def test_distress_possible_agrees_with_a_probe_action() -> None:
    rng = random.Random(7)
    for seed in range(40):
        state = new_attempt(rng.choice((2, 3, 4, 5)), rng.randrange(1, 33), seed=seed)
        for _ in range(6):
            assert distress_possible(state) == _probe(state)
            actions = legal_actions(state)
            if not actions:
                break
            state, _ = apply(state, rng.choice(actions))


def test_distress_card_illegal_names_the_seat() -> None:
    state = tricks_only(4, HANDS)
    assert distress_card_illegal(state, 1, parse_card("P2")) is None
    bad = distress_card_illegal(state, 1, parse_card("S2"))
    assert bad is not None and bad.code == "CANNOT_PASS_SUBMARINE"
    assert bad.message == "seat 1 cannot pass S2: submarines are never passed"
    assert bad.text(["Ann", "Bob", "Cas", "Dee"].__getitem__) == (
        "Bob cannot pass S2: submarines are never passed"
    )


def test_signal_positions_agree_with_why_illegal() -> None:
    rng = random.Random(3)
    for seed in range(30):
        state = new_attempt(rng.choice((2, 3, 4, 5)), None, seed=seed, difficulty=3)
        for _ in range(30):
            if state.result:
                break
            for seat in range(state.setup.seats):
                for card in range(40):
                    ok = tuple(
                        p for p in POSITIONS if why_illegal(state, Signal(seat, card, p)) is None
                    )
                    assert signal_positions(state, seat, card) == ok
                    first = next(
                        (
                            bad
                            for p in POSITIONS
                            if (bad := why_illegal(state, Signal(seat, card, p))) is not None
                        ),
                        None,
                    )
                    assert signal_card_illegal(state, seat, card) == (None if ok else first)
            state, _ = apply(state, rng.choice(legal_actions(state)))


def test_prediction_tasks_of_a_seat() -> None:
    state = attempt(4, None, HANDS, tasks=(83, 3), difficulty=1)
    assert prediction_tasks(state, 0) == ()
    state = run(state, Take(0, 3), Take(1, 83))
    assert prediction_tasks(state, 1) == (83,)
    assert prediction_tasks(state, 0) == ()


def test_the_captain_holds_the_captain_card() -> None:
    for seed in range(10):
        state = new_attempt(4, 1, seed=seed)
        assert state.hands[state.setup.captain] >> CAPTAIN_CARD & 1
    state = tricks_only(2, TWO_HANDS, TWO_PILES)
    assert state.hands[state.setup.captain] >> CAPTAIN_CARD & 1


def test_messages_carry_a_template_for_names() -> None:
    state = tricks_only(4, HANDS)
    bad = why_illegal(state, Play(2, parse_card("P4")))
    assert isinstance(bad, Illegal) and bad.code == "NOT_YOUR_TURN"
    assert bad.message == "it is seat 0's turn to play, not seat 2's"
    assert bad.template == "it is {seat0}'s turn to play, not {seat1}'s"
    assert bad.text({0: "Ann", 2: "Cas"}.__getitem__) == "it is Ann's turn to play, not Cas's"
    # a message without seats is its own text
    plain = Illegal("GAME_OVER", "over")
    assert plain.text(str) == "over"


def test_a_lost_attempt_names_the_seat_in_a_template() -> None:
    state = attempt(4, 12, HANDS, tasks=())
    state, events = run_events(state, Play(state.turn, parse_card("P1")))
    lost = events[-1]
    assert lost.kind == "attempt_lost"
    # the template keeps its values apart (so that it can be translated): the card, the trick
    assert lost.template.startswith("{seat0} led {card} at trick {trick}")
    assert dict(lost.values) == {"card": "P1", "trick": "1"}
    named = lost.template.format(seat0=f"seat {lost.seats[0]}", **dict(lost.values))
    assert lost.text == named == state.reason
    assert state.reason_text(lambda s: "Ann") == "Ann" + state.reason.removeprefix("seat 0")
