"""Each logbook mission with a special distribution, played to a win and to a loss.

All use the MONO4 deal of ``helpers``: seat 0 (captain, S4) holds the pinks, seat 1 S1 and the
blues, seat 2 S2 and the greens, seat 3 S3 and the yellows, so the leader wins every trick unless
a submarine is played.
"""

from __future__ import annotations

from helpers import MONO4, masks, outcome, play

from crew.engine import (
    Assign,
    GiveAll,
    Pass,
    Phase,
    Signal,
    Take,
    Volunteer,
    apply,
    mission_rules,
    parse_card,
    start_state,
    why_illegal,
)
from crew.engine.state import GameState


def begin(mission: int, tasks: list[int], **kw: object) -> GameState:
    return start_state(4, mission_rules(mission, **kw), masks(MONO4), [], tasks)  # type: ignore[arg-type]


def act(state: GameState, *actions: object) -> GameState:
    for a in actions:
        state, _ = apply(state, a)  # type: ignore[arg-type]
    return state


# -- mission 6: the crew picks one member who takes all tasks -------------------------------------


def test_mission_6_won_by_the_chosen_member() -> None:
    state = act(begin(6, [40, 3]), GiveAll(0))
    assert state.owners == (0, 0) and state.phase == Phase.PLAY
    state, _ = play(state, "P1 B4 G1 Y1")
    assert state.result == "won"
    assert outcome(state, 40) == ("done", 1) and outcome(state, 3) == ("done", 1)


def test_mission_6_lost_when_the_chosen_member_misses_trick_1() -> None:
    state = act(begin(6, [40, 3]), GiveAll(1))
    state, _ = play(state, "P1 B4 G1 Y1")
    assert state.result == "lost" and outcome(state, 40) == ("failed", 1)


# -- missions 10 and 13: the captain keeps or gives all -------------------------------------------


def test_missions_10_and_13_won_when_given_away() -> None:
    for mission in (10, 13):
        state = act(begin(mission, [40]), GiveAll(2))
        assert state.given_away
        state, _ = play(state, "P1 B1 S2 Y1")
        assert state.result == "won" and outcome(state, 40) == ("done", 1)


def test_missions_10_and_13_lost_and_communication_closed_after_trick_1() -> None:
    for mission in (10, 13):
        state = act(begin(mission, [40, 49]), GiveAll(3))
        assert why_illegal(state, Signal(1, parse_card("B9"), "top")) is None  # before trick 1
        state, _ = play(state, "P9 B1 G1 Y1")
        assert state.result == "lost" and outcome(state, 40) == ("failed", 1)


def test_mission_10_captain_keeps_and_wins() -> None:
    state = act(begin(10, [40, 3]), GiveAll(0))
    assert not state.given_away
    state, _ = play(state, "P1 B4 G1 Y1")
    assert state.result == "won"


# -- mission 14-16: one volunteer; mission 26: two volunteers -------------------------------------


def test_mission_14_forced_captain_wins() -> None:
    state = act(begin(14, [40, 3]), Volunteer(1, False), Volunteer(2, False), Volunteer(3, False))
    assert why_illegal(state, Volunteer(0, False)).code == "VOLUNTEER_FORCED"  # type: ignore[union-attr]
    state = act(state, Volunteer(0, True))
    state, _ = play(state, "P1 B4 G1 Y1")
    assert state.owners == (0, 0) and state.result == "won"


def test_mission_14_first_yes_takes_all_and_loses() -> None:
    state = act(begin(14, [40, 3]), Volunteer(1, True))
    assert state.owners == (1, 1)
    state, _ = play(state, "P1 B4 G1 Y1")
    assert state.result == "lost" and outcome(state, 40) == ("failed", 1)


def test_mission_26_two_volunteers_split_and_win() -> None:
    state = act(begin(26, [40, 3]), Volunteer(1, True), Volunteer(2, True))
    assert state.phase == Phase.ASSIGN and state.volunteers == (1, 2)
    state = act(state, Assign(40, 1), Assign(3, 2))
    state, _ = play(state, "P1 S1 G1 Y1", "B4 S2 Y2 P2")
    assert state.result == "won" and outcome(state, 3) == ("done", 2)


def test_mission_26_lost_when_the_second_volunteer_misses_the_card() -> None:
    state = act(begin(26, [40, 3]), Volunteer(1, True), Volunteer(2, True))
    state = act(state, Assign(40, 1), Assign(3, 2))
    state, _ = play(state, "P1 S1 G1 Y1", "B4 G2 Y2 P2")
    assert state.result == "lost" and outcome(state, 3) == ("failed", 2)


# -- mission 19: the captain takes the hardest task first ------------------------------------------


def test_mission_19_won() -> None:
    state = begin(19, [3, 42])  # 42 (first three tricks) is the hardest with 4 players
    assert why_illegal(state, Take(0, 3)).code == "MUST_TAKE_HARDEST"  # type: ignore[union-attr]
    state = act(state, Take(0, 42), Take(1, 3))
    state, _ = play(
        state, "P1 B1 G1 Y1", "P2 B2 G2 Y2", "P3 B3 G3 Y3", "P4 S1 G4 Y4", "B4 G5 Y5 P5"
    )
    assert outcome(state, 42) == ("done", 3) and outcome(state, 3) == ("done", 5)
    assert state.result == "won"


def test_mission_19_lost() -> None:
    state = act(begin(19, [3, 42]), Take(0, 42), Take(1, 3))
    state, _ = play(state, "P1 B1 G1 Y1", "P2 S1 G2 Y2")
    assert state.result == "lost" and outcome(state, 42) == ("failed", 2)


# -- mission 25: the captain takes no task ---------------------------------------------------------


def test_mission_25_won_without_the_captain() -> None:
    state = begin(25, [40, 47], terrain=parse_card("P1"))
    assert state.turn == 1
    state = act(state, Take(1, 40), Take(2, 47))
    assert state.phase == Phase.PLAY and state.turn == 0  # the captain still leads
    state, _ = play(state, "P1 S1 G1 Y1", "B1 G2 Y2 P2", "B2 G3 Y3 P3")
    assert state.result == "won" and outcome(state, 47) == ("done", 3)


def test_mission_25_lost() -> None:
    state = act(begin(25, [40, 47], terrain=parse_card("P1")), Take(1, 40), Pass(2), Take(3, 47))
    state, _ = play(state, "P1 B1 G1 Y1")
    assert state.result == "lost" and outcome(state, 40) == ("failed", 1)


# -- mission 32: four fixed tasks, distributed normally --------------------------------------------


def _mission_32() -> GameState:
    state = begin(32, [50, 57, 54, 44])
    return act(state, Take(0, 44), Take(1, 57), Take(2, 54), Take(3, 50))


def test_mission_32_won() -> None:
    state, _ = play(
        _mission_32(),
        "P1 B1 G1 Y1",  # 1: seat 0 (first trick)
        "P2 S1 G2 Y2",  # 2: seat 1 trumps
        "B2 G3 Y3 P3",  # 3: seat 1
        "B3 G4 Y4 P4",  # 4: seat 1: exactly three in a row
        "B4 S2 Y5 P5",  # 5: seat 2 trumps
        "G5 Y6 P6 B5",  # 6: seat 2: two in a row
        "G6 S3 S4 B6",  # 7: seat 3 sheds S3 under the captain's S4
        "P7 B7 G7 Y7",  # 8: seat 0
        "P8 B8 G8 Y8",  # 9: seat 0
        "P9 B9 G9 Y9",  # 10: seat 0 (last trick)
    )
    assert outcome(state, 54) == ("done", 6)
    assert outcome(state, 44) == ("done", 10)
    assert outcome(state, 57) == ("done", 10) and outcome(state, 50) == ("done", 10)
    assert state.result == "won"


def test_mission_32_lost() -> None:
    state, _ = play(_mission_32(), "P1 B1 G1 S3")
    assert state.result == "lost"
    assert outcome(state, 44) == ("failed", 1) and outcome(state, 50) == ("failed", 1)


# -- the epilogue: free task choice at difficulty 18 and up ----------------------------------------


def test_epilogue_won_and_lost() -> None:
    assert mission_rules(33).difficulty == 18 and mission_rules(35).difficulty == 20
    won = act(begin(33, [40, 3]), Assign(40, 0), Assign(3, 0))
    won, _ = play(won, "P1 B4 G1 Y1")
    assert won.result == "won"
    lost = act(begin(33, [40, 3]), Assign(40, 2), Assign(3, 0))
    lost, _ = play(lost, "P1 B4 G1 Y1")
    assert lost.result == "lost" and outcome(lost, 40) == ("failed", 1)
