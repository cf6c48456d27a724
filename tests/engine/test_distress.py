"""The distress signal: one non-submarine card each, to one side, before anything else."""

from __future__ import annotations

from rules_helpers import (
    TWO_HANDS,
    TWO_PILES,
    attempt,
    cards,
    hand,
    play,
    rejected,
    run,
    run_events,
    tricks_only,
)

from crew.engine import (
    Distress,
    GameState,
    Play,
    Predict,
    Signal,
    Take,
    distress_choices,
    legal_actions,
    mask_of,
    parse_card,
    parse_cards,
    pass_leaves_short,
    view_for,
    why_illegal,
)
from crew.engine.enums import Position, TaskStatus
from crew.engine.view import TaskView

HANDS = [
    "S4 S1 P1 P5 P9 B4 G2 G7 Y3 Y8",
    "P2 P3 B1 B2 B3 G1 G3 Y1 Y2 S2",
    "P4 P6 B5 B6 B7 G4 G5 Y4 Y5 S3",
    "P7 P8 B8 B9 G6 G8 G9 Y6 Y7 Y9",
]


def distress(direction: str, text: str) -> Distress:
    return Distress(direction, tuple(parse_cards(text)))  # type: ignore[arg-type]


def test_pass_left_to_the_next_seat() -> None:
    state = tricks_only(4, HANDS)
    before = [hand(state, s) for s in range(4)]
    state, events = run_events(state, distress("left", "P1 P2 P4 P7"))
    # left = seat + 1
    assert hand(state, 0) == before[0] - cards("P1") | cards("P7")
    assert hand(state, 1) == before[1] - cards("P2") | cards("P1")
    assert hand(state, 2) == before[2] - cards("P4") | cards("P2")
    assert hand(state, 3) == before[3] - cards("P7") | cards("P4")
    assert state.distress == "left"
    assert [e.kind for e in events] == ["distress"]
    assert view_for(state, 2).distress == "left"
    assert view_for(state, 2).distress_active
    # the tricks follow normally; the captain still leads
    assert state.turn == 0 and state.setup.captain == 0


def test_pass_right_to_the_previous_seat() -> None:
    state = tricks_only(4, HANDS)
    state = run(state, distress("right", "Y8 B3 G5 P8"))
    assert hand(state, 0) >= cards("B3") and not hand(state, 0) & cards("Y8")
    assert hand(state, 1) >= cards("G5") and not hand(state, 1) & cards("B3")
    assert hand(state, 2) >= cards("P8") and not hand(state, 2) & cards("G5")
    assert hand(state, 3) >= cards("Y8") and not hand(state, 3) & cards("P8")
    assert [h.bit_count() for h in state.hands] == [10, 10, 10, 10]


def test_submarines_are_never_passed() -> None:
    state = tricks_only(4, HANDS)
    assert rejected(state, distress("left", "S1 P2 P4 P7")) == "CANNOT_PASS_SUBMARINE"
    assert rejected(state, distress("left", "P1 S2 P4 P7")) == "CANNOT_PASS_SUBMARINE"
    assert rejected(state, distress("right", "S4 P2 P4 P7")) == "CANNOT_PASS_SUBMARINE"
    choices = distress_choices(state)
    assert set(choices[0]) == cards("P1 P5 P9 B4 G2 G7 Y3 Y8")
    assert set(choices[1]) == cards("P2 P3 B1 B2 B3 G1 G3 Y1 Y2")


def test_bad_distress_actions() -> None:
    state = tricks_only(4, HANDS)
    assert rejected(state, distress("left", "P1 P2 P4")) == "DISTRESS_CARDS"
    assert rejected(state, distress("left", "P2 P1 P4 P7")) == "CARD_NOT_IN_HAND"
    assert rejected(state, distress("up", "P1 P2 P4 P7")) == "BAD_DIRECTION"
    # distress is a joint decision, never one seat's legal action
    assert not any(isinstance(a, Distress) for a in legal_actions(state))


def test_too_late_after_a_signal() -> None:
    state = run(tricks_only(4, HANDS), Signal(1, parse_card("P3"), Position.TOP))
    assert rejected(state, distress("left", "P1 P2 P4 P7")) == "DISTRESS_TOO_LATE"


def test_too_late_after_the_first_card() -> None:
    state = play(tricks_only(4, HANDS), "S4")
    assert rejected(state, distress("left", "P1 P2 P4 P7")) == "DISTRESS_TOO_LATE"
    state = play(state, "S2 S3 P7")
    assert rejected(state, distress("left", "P1 P2 P4 P8")) == "DISTRESS_TOO_LATE"


def test_only_once() -> None:
    state = run(tricks_only(4, HANDS), distress("left", "P1 P2 P4 P7"))
    assert rejected(state, distress("left", "P7 P1 P2 P4")) == "DISTRESS_ALREADY_SENT"
    assert rejected(state, distress("right", "P7 P1 P2 P4")) == "DISTRESS_ALREADY_SENT"


def test_not_before_the_tasks_are_distributed() -> None:
    state = attempt(4, 2, HANDS, tasks=[96, 1])
    assert state.phase == "distribute"
    assert rejected(state, distress("left", "P1 P2 P4 P7")) == "DISTRESS_TOO_EARLY"


def test_before_predictions_not_after() -> None:
    state = run(attempt(4, 5, HANDS, tasks=[83]), Take(0, 83))
    assert state.phase == "predict"
    ok = distress("left", "P1 P2 P4 P7")
    assert why_illegal(state, ok) is None
    after = run(state, Predict(0, 2))
    assert rejected(after, ok) == "DISTRESS_TOO_LATE"
    passed = run(state, ok, Predict(0, 2))
    assert passed.phase == "play" and passed.distress == "left"


def _two() -> GameState:
    return attempt(2, 1, TWO_HANDS, piles=TWO_PILES, tasks=[96])


def test_two_players_swap_between_the_humans() -> None:
    state = run(_two(), Take(0, 96))
    tonoja = (state.hands[2], state.piles)
    assert rejected(state, distress("left", "G1 G7 B1")) == "DISTRESS_CARDS"
    for direction in ("left", "right"):
        new = run(state, distress(direction, "G1 G7"))
        assert hand(new, 0) == hand(state, 0) - cards("G1") | cards("G7")
        assert hand(new, 1) == hand(state, 1) - cards("G7") | cards("G1")
        assert (new.hands[2], new.piles) == tonoja
    assert len(distress_choices(state)) == 2
    assert rejected(state, distress("left", "S4 G7")) == "CANNOT_PASS_SUBMARINE"


def test_distress_active_from_an_earlier_attempt_is_shown() -> None:
    state = attempt(4, None, HANDS, difficulty=1, distress_active=True)
    assert view_for(state, 0).distress_active
    assert view_for(state, 0).distress == ""
    # the crew may pass again (or not) in this attempt
    assert why_illegal(state, distress("left", "P1 P2 P4 P7")) is None
    assert why_illegal(state, Play(0, parse_card("S4"))) is None


def _pending(task: int, owner: int) -> list[TaskView]:
    return [TaskView(task, owner, TaskStatus.PENDING, 0)]


def test_a_pass_that_leaves_a_task_without_the_card_it_needs_is_named() -> None:
    # task 74: win a trick with a coloured 5 of one's own; this hand's only 5 is Y5
    hand = mask_of(parse_cards("P1 P3 P8 G2 G3 G4 G6 G8 Y5 S4"))
    assert pass_leaves_short(_pending(74, 2), 2, hand, parse_card("Y5")) == 74
    assert pass_leaves_short(_pending(74, 2), 2, hand, parse_card("P1")) is None
    # another seat's task of the same kind does not need this hand's 5
    assert pass_leaves_short(_pending(74, 0), 2, hand, parse_card("Y5")) is None
    # a task already done needs nothing more
    done = [TaskView(74, 2, TaskStatus.DONE, 3)]
    assert pass_leaves_short(done, 2, hand, parse_card("Y5")) is None
    # with a second 5 in the hand, either may go
    two = hand | mask_of(parse_cards("B5"))
    assert pass_leaves_short(_pending(74, 2), 2, two, parse_card("Y5")) is None
    # task 71 (a trick of odd values, every seat playing one): whoever holds it, a hand must
    # keep an odd card; this one has only Y3
    odd = mask_of(parse_cards("P2 P4 B2 B4 B6 G8 Y3"))
    assert pass_leaves_short(_pending(71, 0), 1, odd, parse_card("Y3")) == 71
    assert pass_leaves_short(_pending(71, 0), 1, odd, parse_card("P2")) is None
    # a task that names no such card: nothing to keep
    assert pass_leaves_short(_pending(3, 1), 1, odd, parse_card("Y3")) is None
