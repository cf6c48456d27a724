"""Task distribution: normal take/pass rounds and every mission's own distribution rule."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from rules_helpers import attempt, fill, play_lowest, rejected, run, run_events

from crew.engine import (
    Assign,
    GiveAll,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    Volunteer,
    apply,
    choosers_after,
    clashing_task,
    free_owners,
    legal_actions,
    may_take,
    may_volunteer,
    new_attempt,
    owner_choices,
    parse_card,
    view_for,
    volunteers_after,
    why_illegal,
)
from crew.engine.enums import Distribution, Phase
from crew.engine.state import GameState

# four players, seat 1 holds S4 (captain): the order is 1, 2, 3, 0
H4 = fill(4, ["P1 P2 P3", "S4 P4 P5"])
# three players, seat 0 captain: 0, 1, 2
H3 = fill(3, ["S4 P1"])
# five players, seat 3 captain: 3, 4, 0, 1, 2
H5 = fill(5, ["", "", "", "S4"])


def owners(state: object) -> dict[int, int]:
    st = state.setup  # type: ignore[attr-defined]
    return dict(zip(st.task_ids, state.owners, strict=True))  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------------
# normal distribution


def test_captain_first_then_clockwise_in_rounds_without_passing() -> None:
    state = attempt(4, 5, H4, tasks=[1, 2, 3, 4, 40])
    assert state.setup.captain == 1
    assert state.phase == "distribute" and state.turn == 1
    assert rejected(state, Take(2, 1)) == "NOT_YOUR_TURN"
    # five tasks for four crew members: nobody may pass
    assert rejected(state, Pass(1)) == "CANNOT_PASS"
    turns = []
    for task in (1, 2, 3, 4):
        turns.append(state.turn)
        state = run(state, Take(state.turn, task))
    assert turns == [1, 2, 3, 0]
    # the round continues back to the captain until all are taken
    assert state.turn == 1
    assert rejected(state, Pass(1)) == "CANNOT_PASS"
    assert rejected(state, Take(1, 1)) == "TASK_TAKEN"
    assert rejected(state, Take(1, 77)) == "NO_SUCH_TASK"
    state, events = run_events(state, Take(1, 40))
    assert owners(state) == {1: 1, 2: 2, 3: 3, 4: 0, 40: 1}
    assert state.phase == "play" and state.turn == 1 and state.leader == 1
    assert [e.kind for e in events][-2:] == ["distribution_done", "tricks_begin"]


def test_a_task_that_can_never_succeed_beside_one_already_given_is_named() -> None:
    # 40 (win the first trick) and 47 (win none of the first three) clash for one owner only;
    # 1 and 14 both need P3, so they clash for two different owners only
    state = attempt(4, 5, H4, tasks=[40, 1, 47, 14])
    assert [clashing_task(state, t, s) for t in (47, 14) for s in range(4)] == [None] * 8
    state = run(state, Take(1, 40))  # the captain, seat 1
    assert [clashing_task(state, 47, s) for s in range(4)] == [None, 40, None, None]
    state = run(state, Take(2, 1))
    assert [clashing_task(state, 14, s) for s in range(4)] == [1, 1, None, 1]
    # a clash is a warning, not a rule: seat 3 may take 14 beside seat 2's 1
    assert why_illegal(state, Take(3, 14)) is None


def test_passing_with_fewer_tasks_than_crew_members_within_one_round() -> None:
    state = attempt(4, 5, H4, tasks=[1, 2])
    state = run(state, Pass(1), Pass(2))
    # two tasks, two crew members left in the round: both must take
    assert state.turn == 3
    assert rejected(state, Pass(3)) == "MUST_TAKE"
    state = run(state, Take(3, 2))
    assert rejected(state, Pass(0)) == "MUST_TAKE"
    assert legal_actions(state) == [Take(0, 1)]
    state = run(state, Take(0, 1))
    assert owners(state) == {1: 0, 2: 3}
    assert state.phase == "play" and state.turn == 1


def test_rulebook_example_captain_takes_next_passes_rest_forced() -> None:
    # mission 5 with three tasks: Tom (captain) takes one, Julia passes, Joop and Lisa must take
    state = attempt(4, 5, H4, tasks=[41, 3, 4])
    state = run(state, Take(1, 41), Pass(2))
    assert rejected(state, Pass(3)) == "MUST_TAKE"
    state = run(state, Take(3, 3))
    assert rejected(state, Pass(0)) == "MUST_TAKE"
    state = run(state, Take(0, 4))
    assert owners(state) == {41: 1, 3: 3, 4: 0}
    assert state.phase == "play"


def test_distribution_ends_when_all_are_taken_early_in_the_round() -> None:
    state = attempt(4, 5, H4, tasks=[1, 2])
    state = run(state, Take(1, 1), Take(2, 2))
    assert state.phase == "play"
    assert owners(state) == {1: 1, 2: 2}


def test_captain_may_never_take_a_comparison_task() -> None:
    for task in (59, 60, 61):
        state = attempt(4, 5, H4, tasks=[task, 1, 2, 3])
        assert rejected(state, Take(1, task)) == "CAPTAIN_MAY_NOT_TAKE"
        assert Take(1, task) not in legal_actions(state)
        state = run(state, Take(1, 1), Take(2, task))
        assert owners(state)[task] == 2


def test_a_captain_with_only_comparison_tasks_left_is_skipped() -> None:
    state = attempt(3, 5, H3, tasks=[1, 59, 60, 61])
    state = run(state, Take(0, 1), Take(1, 59), Take(2, 60))
    # the captain may not take 61: the turn passes to seat 1
    assert state.turn == 1
    state = run(state, Take(1, 61))
    assert owners(state) == {1: 0, 59: 1, 60: 2, 61: 1}


def test_comparison_task_forces_the_non_captains() -> None:
    # one task for four: the captain cannot take it, the others must within the round
    state = attempt(4, 5, H4, tasks=[60])
    assert legal_actions(state) == [Pass(1)]
    state = run(state, Pass(1), Pass(2), Pass(3))
    assert rejected(state, Pass(0)) == "MUST_TAKE"
    state = run(state, Take(0, 60))
    assert owners(state) == {60: 0}


def test_mission_19_captain_takes_a_hardest_task_first() -> None:
    # four players: tasks 42 and 55 have difficulty 3, tasks 40 and 1 difficulty 1
    state = attempt(4, 19, H4, tasks=[40, 42, 55, 1])
    assert rejected(state, Take(1, 40)) == "MUST_TAKE_HARDEST"
    assert rejected(state, Take(1, 1)) == "MUST_TAKE_HARDEST"
    assert {a for a in legal_actions(state)} == {Take(1, 42), Take(1, 55)}
    state = run(state, Take(1, 55))
    # afterwards the rest is normal (the captain may take an easy one next round)
    state = run(state, Take(2, 42), Take(3, 40), Take(0, 1))
    assert owners(state) == {40: 3, 42: 2, 55: 1, 1: 0}


def test_mission_19_captain_may_not_pass() -> None:
    # three tasks for five crew members: passing is allowed, but not for the captain's first turn
    state = attempt(5, 19, H5, tasks=[42, 1, 2])
    assert state.turn == 3
    assert rejected(state, Pass(3)) == "MUST_TAKE_HARDEST"
    state = run(state, Take(3, 42), Pass(4))
    assert state.turn == 0


def test_mission_19_hardest_the_captain_may_take() -> None:
    # three players: task 61 (difficulty 4) is the hardest but the captain may never take it;
    # the captain's hardest is task 42 (difficulty 2)
    state = attempt(3, 19, H3, tasks=[61, 42, 1])
    assert rejected(state, Take(0, 61)) == "CAPTAIN_MAY_NOT_TAKE"
    assert rejected(state, Take(0, 1)) == "MUST_TAKE_HARDEST"
    assert legal_actions(state) == [Take(0, 42)]


def test_mission_25_captain_takes_no_task() -> None:
    # three tasks for the three non-captains: no passing, and the captain is never asked
    state = attempt(4, 25, H4, tasks=[1, 2, 3], terrain="P1")
    assert state.turn == 2
    assert rejected(state, Pass(2)) == "CANNOT_PASS"
    assert rejected(state, Take(1, 1)) == "NOT_YOUR_TURN"
    state = run(state, Take(2, 1), Take(3, 2), Take(0, 3))
    assert owners(state) == {1: 2, 2: 3, 3: 0}
    assert state.owner_tasks(1) == []
    assert state.phase == "play" and state.turn == 1  # the captain still leads


def test_mission_25_passing_counts_only_the_non_captains() -> None:
    state = attempt(4, 25, H4, tasks=[1, 2], terrain="P1")
    state = run(state, Pass(2))
    assert rejected(state, Pass(3)) == "MUST_TAKE"
    state = run(state, Take(3, 1), Take(0, 2))
    assert state.phase == "play"
    # more tasks than non-captains: the rounds skip the captain
    state = attempt(4, 25, H4, tasks=[1, 2, 3, 4], terrain="P1")
    state = run(state, Take(2, 1), Take(3, 2), Take(0, 3))
    assert state.turn == 2
    state = run(state, Take(2, 4))
    assert owners(state) == {1: 2, 2: 3, 3: 0, 4: 2}


def test_mission_32_fixed_tasks_distributed_normally() -> None:
    state = attempt(4, 32, H4, tasks=None, seed=1)
    assert state.setup.task_ids == (50, 57, 54, 44)
    assert state.phase == "distribute" and state.turn == 1
    assert rejected(state, Pass(1)) == "CANNOT_PASS"  # four tasks, four crew members
    state = run(state, Take(1, 44), Take(2, 50), Take(3, 57), Take(0, 54))
    assert owners(state) == {50: 2, 57: 3, 54: 0, 44: 1}
    # five players: fewer tasks than crew members, so passing is allowed
    five = attempt(5, 32, H5, tasks=None, seed=1)
    assert five.setup.task_ids == (50, 57, 54, 44)
    assert why_illegal(five, Pass(3)) is None


# ---------------------------------------------------------------------------------------------
# free task choice, one member takes all


def test_free_task_choice_assign_uneven() -> None:
    state = attempt(4, 17, H4, tasks=[1, 2, 3, 59])
    assert state.phase == "assign" and state.turn == -1
    assert rejected(state, Take(1, 1)) == "WRONG_PHASE"
    assert rejected(state, Assign(59, 1)) == "CAPTAIN_MAY_NOT_TAKE"
    assert rejected(state, Assign(8, 0)) == "NO_SUCH_TASK"
    assert rejected(state, Assign(1, 7)) == "BAD_SEAT"
    state = run(state, Assign(1, 3), Assign(2, 3), Assign(59, 3))
    assert rejected(state, Assign(1, 0)) == "TASK_TAKEN"
    assert state.phase == "assign"
    state = run(state, Assign(3, 3))
    assert owners(state) == {1: 3, 2: 3, 3: 3, 59: 3}
    assert state.phase == "play"


def test_free_task_choice_offers_each_task_to_every_seat_that_may_take_it() -> None:
    # mission 17: the crew assigns freely, so every owner vector of free_owners' seats is
    # reached, and the captain is never offered 59 (it compares with the captain)
    state = attempt(4, 17, H4, tasks=[1, 2, 59])
    captain = state.setup.captain
    others = tuple(s for s in range(4) if s != captain)
    assert free_owners(state) == ((0, 1, 2, 3), (0, 1, 2, 3), others)
    assert _final_owners(state) == set(product(*free_owners(state) or ()))
    # a task handed out keeps its owner; once all are, nothing is offered any more
    state = run(state, Assign(2, captain))
    assert free_owners(state) == ((0, 1, 2, 3), (captain,), others)
    state = run(state, Assign(1, 3), Assign(59, others[0]))
    assert state.phase == "play" and free_owners(state) is None


@pytest.mark.parametrize(("mission", "tasks"), [(4, [1, 2]), (6, [1, 2]), (26, [1, 2, 3])])
def test_no_task_is_offered_freely_when_the_owners_depend_on_one_another(
    mission: int, tasks: list[int]
) -> None:
    # in turns, one member for all, two volunteers (and their split): never free
    state = attempt(4, mission, H4, tasks=tasks)
    while state.phase not in ("play", "predict"):
        assert free_owners(state) is None, state.phase
        state = apply(state, legal_actions(state)[0])[0]


def test_mission_6_crew_gives_all_to_one() -> None:
    state = attempt(4, 6, H4, tasks=[1, 2, 60])
    assert state.phase == "give"
    assert rejected(state, Take(1, 1)) == "WRONG_PHASE"
    assert rejected(state, GiveAll(1)) == "CAPTAIN_MAY_NOT_TAKE"  # 60 compares with the captain
    state, events = run_events(state, GiveAll(2))
    assert owners(state) == {1: 2, 2: 2, 60: 2}
    assert not state.given_away
    assert state.phase == "play"
    assert ("give", 2) in [(e.kind, e.seat) for e in events]


def test_missions_10_and_13_captain_keeps_all() -> None:
    for mission in (10, 13):
        state = attempt(4, mission, H4, tasks=[96, 33])
        assert state.phase == "give" and state.turn == 1
        state = run(state, GiveAll(1))
        assert owners(state) == {96: 1, 33: 1}
        assert not state.given_away
        state = play_lowest(state, 4)
        assert len(state.tricks) == 1 and not state.result
        # kept: normal communication after trick 1
        assert Signal(0, parse_card("B3"), "top") in legal_actions(state)


def test_missions_10_and_13_given_away_communication_only_before_trick_1() -> None:
    for mission in (10, 13):
        state = attempt(4, mission, H4, tasks=[96, 33])
        state = run(state, GiveAll(3))
        assert owners(state) == {96: 3, 33: 3}
        assert state.given_away
        assert view_for(state, 0).tasks[0].owner == 3
        # before trick 1 anyone may communicate (seat 0 holds B1 B2 B3 throughout)
        signal = Signal(0, parse_card("B3"), "top")
        assert signal in legal_actions(state)
        after = play_lowest(state, 4)
        assert len(after.tricks) == 1 and not after.result
        assert after.hands[0] >> parse_card("B3") & 1
        assert not any(isinstance(a, Signal) for a in legal_actions(after))
        assert rejected(after, signal) == "COMMUNICATION_CLOSED"


def test_mission_10_captain_may_not_keep_a_comparison_task() -> None:
    state = attempt(4, 10, H4, tasks=[1, 61])
    assert rejected(state, GiveAll(1)) == "CAPTAIN_MAY_NOT_TAKE"
    state = run(state, GiveAll(0))
    assert state.given_away


# ---------------------------------------------------------------------------------------------
# volunteers


def test_one_volunteer_first_yes_takes_all() -> None:
    for mission in (14, 15, 16):
        state = attempt(4, mission, H4, tasks=[1, 2, 3])
        assert state.phase == "volunteer" and state.turn == 2  # left of the captain first
        assert rejected(state, Volunteer(1, True)) == "NOT_YOUR_TURN"
        assert rejected(state, Take(2, 1)) == "WRONG_PHASE"
        state = run(state, Volunteer(2, False))
        assert state.turn == 3
        state, events = run_events(state, Volunteer(3, True))
        assert owners(state) == {1: 3, 2: 3, 3: 3}
        assert state.volunteers == (3,)
        assert state.phase == "play"
        assert ("give", 3) in [(e.kind, e.seat) for e in events]


def test_one_volunteer_captain_is_asked_last_and_forced() -> None:
    state = attempt(4, 14, H4, tasks=[1, 2, 3])
    state = run(state, Volunteer(2, False), Volunteer(3, False), Volunteer(0, False))
    assert state.turn == 1
    assert rejected(state, Volunteer(1, False)) == "VOLUNTEER_FORCED"
    assert legal_actions(state) == [Volunteer(1, True)]
    state = run(state, Volunteer(1, True))
    assert owners(state) == {1: 1, 2: 1, 3: 1}


def test_one_volunteer_with_a_comparison_task_the_last_non_captain_is_forced() -> None:
    state = attempt(4, 15, H4, tasks=[1, 59])
    state = run(state, Volunteer(2, False), Volunteer(3, False))
    assert rejected(state, Volunteer(0, False)) == "VOLUNTEER_FORCED"
    state = run(state, Volunteer(0, True))
    assert owners(state) == {1: 0, 59: 0}


def test_two_volunteers_mission_26() -> None:
    state = attempt(4, 26, H4, tasks=[1, 2, 3])
    assert state.phase == "volunteer" and state.turn == 2
    # the first yes does not end the questions
    state = run(state, Volunteer(2, True))
    assert state.phase == "volunteer" and state.turn == 3
    state = run(state, Volunteer(3, False), Volunteer(0, True))
    assert state.phase == "assign" and state.volunteers == (2, 0)
    assert rejected(state, Assign(1, 3)) == "NOT_A_VOLUNTEER"
    assert rejected(state, Assign(1, 1)) == "NOT_A_VOLUNTEER"
    state = run(state, Assign(1, 2), Assign(2, 2))
    # the last task must go to the volunteer who has none yet
    assert rejected(state, Assign(3, 2)) == "EACH_VOLUNTEER_NEEDS_A_TASK"
    assert legal_actions(state) == [Assign(3, 0)]
    state = run(state, Assign(3, 0))
    assert owners(state) == {1: 2, 2: 2, 3: 0}
    assert state.phase == "play"


def test_two_volunteers_forced_answers_at_the_end_of_the_round() -> None:
    state = attempt(4, 26, H4, tasks=[1, 2, 3])
    state = run(state, Volunteer(2, False), Volunteer(3, False))
    # two still needed, two left to ask (seat 0, then the captain): both must say yes
    assert rejected(state, Volunteer(0, False)) == "VOLUNTEER_FORCED"
    state = run(state, Volunteer(0, True))
    assert rejected(state, Volunteer(1, False)) == "VOLUNTEER_FORCED"
    state = run(state, Volunteer(1, True))
    assert state.phase == "assign" and state.volunteers == (0, 1)


def test_two_volunteers_captain_with_a_comparison_task() -> None:
    # the captain may volunteer; the comparison task goes to the other volunteer
    state = attempt(4, 26, H4, tasks=[1, 59])
    state = run(state, Volunteer(2, False), Volunteer(3, False), Volunteer(0, True))
    state = run(state, Volunteer(1, True))
    assert state.volunteers == (0, 1)
    assert rejected(state, Assign(59, 1)) == "CAPTAIN_MAY_NOT_TAKE"
    # giving task 1 to seat 0 would leave the captain only task 59
    assert rejected(state, Assign(1, 0)) == "EACH_VOLUNTEER_NEEDS_A_TASK"
    assert legal_actions(state) == [Assign(1, 1), Assign(59, 0)]
    state = run(state, Assign(59, 0), Assign(1, 1))
    assert owners(state) == {1: 1, 59: 0}


def test_mission_26_untimed_and_timed() -> None:
    timed = attempt(3, 26, H3, tasks=[1, 2], timed=True)
    assert timed.setup.rules.difficulty == 10
    assert timed.setup.rules.seconds == 300
    untimed = attempt(3, 26, H3, tasks=[1, 2])
    assert untimed.setup.rules.difficulty == 12


# ---------------------------------------------------------------------------------------------
# predictions


def test_predictions_after_distribution_before_any_signal() -> None:
    state = attempt(4, 5, H4, tasks=[83, 1])
    state = run(state, Take(1, 1), Take(2, 83))
    assert state.phase == "predict" and state.turn == -1
    signal = next(Signal(0, c, "top") for c in range(36) if state.hands[0] >> c & 1 and c % 9 == 8)
    assert rejected(state, signal) == "PREDICTION_PENDING"
    assert rejected(state, Play(1, parse_card("S4"))) == "WRONG_PHASE"
    assert rejected(state, Predict(0, 2)) == "PREDICTION_NOT_NEEDED"
    assert rejected(state, Predict(2, 11)) == "PREDICTION_OUT_OF_RANGE"
    assert rejected(state, Predict(2, -1)) == "PREDICTION_OUT_OF_RANGE"
    assert [a for a in legal_actions(state)] == [Predict(2, n) for n in range(11)]
    state, events = run_events(state, Predict(2, 3))
    assert state.predictions == (-1, -1, 3, -1)
    assert state.phase == "play" and state.turn == 1
    assert [e.kind for e in events] == ["predict", "tricks_begin"]
    assert view_for(state, 0).predictions[2] == 3  # task 83 is an open prediction


def test_both_prediction_owners_predict() -> None:
    state = attempt(3, 5, H3, tasks=[83, 84])
    state = run(state, Take(0, 83), Take(1, 84))
    state = run(state, Predict(1, 4))
    assert state.phase == "predict"
    assert rejected(state, Predict(1, 5)) == "PREDICTION_NOT_NEEDED"
    state = run(state, Predict(0, 13))
    assert state.phase == "play"


# ---------------------------------------------------------------------------------------------
# the order questions the computers ask (who chooses after this seat, who may say yes)


def test_choosers_after_is_the_order_the_turns_then_take() -> None:
    # passing allowed: the rest of the one round, the seats that passed not again
    state = attempt(4, 5, H4, tasks=[1, 2])
    assert choosers_after(state) == (2, 3, 0)
    state = run(state, Pass(1))
    assert choosers_after(state) == (3, 0)
    # every task must be taken: the round goes on, every other seat in turn
    state = attempt(4, 5, H4, tasks=[1, 2, 3, 4, 40])
    seen = []
    for task in (1, 2, 3):
        seen.append(choosers_after(state))
        state = run(state, Take(state.turn, task))
    assert seen == [(2, 3, 0), (3, 0, 1), (0, 1, 2)]
    assert state.turn == 0 and choosers_after(state) == (1, 2, 3)
    # mission 25: the captain is never among them
    state = attempt(4, 25, H4, tasks=[1, 2, 3, 4], terrain="P1")
    assert state.turn == 2 and choosers_after(state) == (3, 0)


def test_may_take_and_may_volunteer_follow_the_captain_rule() -> None:
    state = attempt(4, 5, H4, tasks=[59, 1, 2, 3])
    assert [may_take(state, s, 59) for s in range(4)] == [True, False, True, True]
    assert [may_take(state, s, 1) for s in range(4)] == [True] * 4
    state = attempt(4, 15, H4, tasks=[1, 59])
    assert state.turn == 2 and volunteers_after(state) == (3, 0, 1)
    assert [may_volunteer(state, s) for s in range(4)] == [True, False, True, True]
    state = run(state, Volunteer(2, False))
    assert volunteers_after(state) == (0, 1)
    # two volunteers: the captain may say yes while one task is the captain's to take
    state = attempt(4, 26, H4, tasks=[1, 59])
    assert may_volunteer(state, 1)


# ---------------------------------------------------------------------------------------------
# the owners a distribution may end in (owner_choices)


def _final_owners(state: GameState) -> set[tuple[int, ...]]:
    """The owners of every task at the end of every way the distribution can go from
    ``state`` (every legal action tried; signals left out)."""
    out: set[tuple[int, ...]] = set()
    seen: set[GameState] = set()

    def visit(st: GameState) -> None:
        if st in seen:
            return
        seen.add(st)
        if st.phase in (Phase.PLAY, Phase.PREDICT) or st.result:
            out.add(tuple(st.owners))
            return
        for a in legal_actions(st):
            if not isinstance(a, Signal):
                visit(apply(st, a)[0])

    visit(state)
    return out


@pytest.mark.parametrize(
    ("players", "mission", "seed"),
    [
        (4, 13, "v50-4-31"),
        (3, 10, "oc1"),
        (4, 14, "oc2"),
        (5, 15, "oc3"),
        (4, 26, "oc4"),
        (3, 26, "oc5"),
        (4, 4, "oc6"),
        (3, 5, "oc7"),
        (4, 19, "oc8"),
        (5, 24, "oc9"),
        (4, 6, "oc10"),
        (3, 17, "oc11"),
        (4, 25, "oc12"),
        (4, 11, "oc13"),
        (3, 7, "oc14"),
        (5, 22, "oc15"),
        (4, 20, "oc16"),
        (3, 3, "oc17"),
        (2, 7, "oc18"),
        (2, 13, "oc19"),
        (2, 26, "oc20"),
    ],
)
def test_owner_choices_hold_every_way_the_tasks_can_be_handed_out(
    players: int, mission: int, seed: str
) -> None:
    # every distribution the engine allows ends in owners that owner_choices lists, for the
    # tasks together, each alone and each pair; when one member receives every task, exactly
    # the seats that do in some distribution
    state = new_attempt(players, mission, seed=seed)
    n = len(state.setup.task_ids)
    reached = _final_owners(state)
    assert reached
    parts = [tuple(range(n))] + [(i,) for i in range(n)] + list(combinations(range(n), 2))
    for part in parts:
        allowed = set(owner_choices(state, part))
        got = {tuple(o[i] for i in part) for o in reached}
        assert got <= allowed, (mission, part, got - allowed)
        if state.setup.rules.distribution in (
            Distribution.CREW_PICKS,
            Distribution.CAPTAIN_GIVES,
            Distribution.ONE_VOLUNTEER,
        ):
            assert got == allowed and all(len(set(o)) == 1 for o in allowed)


#: Tasks for the random sets below: the three the captain may not take (59-61) among others.
SOME_TASKS = (59, 60, 61, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50, 88, 89, 90)


def test_owner_choices_hold_for_random_task_sets_with_tasks_the_captain_may_not_take() -> None:
    # three players and tasks 59, 60 and 61: the captain may take none of them, so the two
    # others share three tasks although there are no more tasks than members
    shared = new_attempt(3, None, seed="c", tasks=[59, 60, 61], difficulty=1)
    assert any(len(set(o)) < 3 for o in _final_owners(shared))
    rng = random.Random(5053)
    states = [shared]
    for k in range(120):
        players = rng.choice((3, 4, 5))
        tasks = rng.sample(SOME_TASKS, rng.randint(1, players + 1))
        states.append(new_attempt(players, None, seed=f"c{k}", tasks=tasks, difficulty=1))
    for state in states:
        ids = state.setup.task_ids
        n = len(ids)
        reached = _final_owners(state)
        for part in [tuple(range(n)), *combinations(range(n), 2)]:
            got = {tuple(o[i] for i in part) for o in reached}
            assert got <= set(owner_choices(state, part)), (state.setup.players, ids, part)
