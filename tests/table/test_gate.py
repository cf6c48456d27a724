"""The privacy rule, asked directly (issue 51): crew.table.gate.Gate is the one place that says
whose hand may be on screen, who is called to the terminal and which actions may be asked."""

from __future__ import annotations

from crew.engine import Assign, GiveAll, Play, Take
from crew.table.gate import Gate
from crew.table.protocol import Step, StepKind
from crew.table.seating import Seating

# Ann holds seats 0 and 2, Bob seat 1, a computer seat 3
TABLE = Seating(("Ann", "Bob", "Ann", "Robo"), frozenset({3}))
PLAY_BOB = Step(StepKind.PLAY, 1, 1)
PLAY_ANN_2 = Step(StepKind.PLAY, 2, 2)
PLAY_ROBO = Step(StepKind.PLAY, 3, 3)
ASSIGN = Step(StepKind.ASSIGN)


def test_a_private_step_shows_its_hand_only_after_its_persons_gate() -> None:
    gate = Gate(PLAY_BOB, TABLE, None)
    assert gate.hand_seat is None and gate.to_call == 1 and gate.acting == -1
    opened = Gate(PLAY_BOB, TABLE, gate.opened())
    assert opened.hand_seat == 1 and opened.to_call is None and opened.acting == 1
    # Ann's gate does not open Bob's hand; her own other seat needs no new gate
    assert Gate(PLAY_BOB, TABLE, 0).hand_seat is None
    assert Gate(PLAY_ANN_2, TABLE, 0).hand_seat == 2


def test_a_computers_hand_is_never_shown_and_nobody_is_called_for_it() -> None:
    for unlocked in (None, 0, 1, 3):
        gate = Gate(PLAY_ROBO, TABLE, unlocked)
        assert gate.hand_seat is None and gate.to_call is None
    assert Gate(PLAY_ROBO, TABLE, None).opened() is None
    assert not Gate(ASSIGN, TABLE, None).may_peek(3)


def test_a_public_step_closes_the_hand_and_one_person_alone_needs_no_gate() -> None:
    assert Gate(ASSIGN, TABLE, 1).kept() is None and Gate(PLAY_BOB, TABLE, 1).kept() == 1
    assert Gate(ASSIGN, TABLE, None).may_peek(1) and not Gate(PLAY_BOB, TABLE, None).may_peek(1)
    alone = Seating(("Ann", "Robo", "Robo"), frozenset({1, 2}))
    assert Gate(Step(StepKind.PLAY, 0, 0), alone, None).hand_seat == 0


def test_only_the_open_hands_actions_and_in_public_the_crews_choice_are_asked() -> None:
    opened = Gate(PLAY_BOB, TABLE, 1)
    assert opened.refuses(Play(1, 5)) == "" and opened.playing
    assert "only Bob's own actions" in opened.refuses(Play(0, 5))
    assert "nobody's hand is open" in Gate(ASSIGN, TABLE, None).refuses(Take(0, 3))
    assert Gate(ASSIGN, TABLE, None).refuses(Assign(3, 0)) == ""
    assert Gate(Step(StepKind.GIVE), TABLE, None).refuses(GiveAll(1)) == ""
    # a distress card step opens the hand, but it plays no card now
    passing = Gate(Step(StepKind.DISTRESS_CARD, 1, 1), TABLE, 1)
    assert passing.hand_seat == 1 and not passing.playing
