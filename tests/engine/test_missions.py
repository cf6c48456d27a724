"""Mission modifiers: terrain, real time, and every special mission won and lost."""

from __future__ import annotations

import pytest
from rules_helpers import attempt, fill, play, play_events, rejected, run, run_events

from crew.engine import (
    MissionError,
    Pass,
    Play,
    Take,
    TimeUp,
    apply,
    card_str,
    get_task,
    legal_actions,
    mission_rules,
    new_attempt,
    parse_card,
)
from crew.engine.missions import terrain_mode
from crew.engine.reasons import SetupError

# each seat holds one whole colour and one submarine; seat 3 (yellow, S4) is captain
ONE_COLOUR = [
    "P1 P2 P3 P4 P5 P6 P7 P8 P9 S1",
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 S2",
    "G1 G2 G3 G4 G5 G6 G7 G8 G9 S3",
    "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 S4",
]


# ---------------------------------------------------------------------------------------------
# unknown terrain


@pytest.mark.parametrize(
    ("value", "mode"),
    [(1, "normal"), (2, "normal"), (3, "normal"), (4, "currents"), (5, "currents")]
    + [(6, "currents"), (7, "heavy_noise"), (8, "heavy_noise"), (9, "heavy_noise")],
)
def test_terrain_mapping(value: int, mode: str) -> None:
    for colour in "PBGY":
        card = parse_card(f"{colour}{value}")
        assert terrain_mode(card) == mode
        assert mission_rules(20, terrain=card).communication == mode


def test_submarine_terrain_card_is_rejected() -> None:
    for sub in ("S1", "S2", "S3", "S4"):
        with pytest.raises(MissionError, match=sub):
            mission_rules(20, terrain=parse_card(sub))
        with pytest.raises(SetupError, match=sub):
            new_attempt(4, 20, seed=1, terrain=parse_card(sub))


def test_terrain_sets_the_attempt_communication() -> None:
    for terrain, mode, pool in (
        ("G2", "normal", 0),
        ("B5", "currents", 0),
        ("Y8", "heavy_noise", 2),
    ):
        state = attempt(4, 22, ONE_COLOUR, tasks=[96], terrain=terrain)
        assert state.setup.terrain == parse_card(terrain)
        assert state.setup.rules.communication == mode
        assert state.pool == pool


def test_drawn_terrain_is_never_a_submarine() -> None:
    for seed in range(40):
        state = new_attempt(4, 24, seed=seed)
        assert state.setup.terrain is not None and state.setup.terrain < 36
        assert state.setup.rules.communication == terrain_mode(state.setup.terrain)


# ---------------------------------------------------------------------------------------------
# real time


def test_time_up_loses_a_timed_attempt() -> None:
    state = attempt(4, 14, ONE_COLOUR, tasks=[96], timed=True)
    assert state.setup.rules.timed and state.setup.rules.seconds == 210
    assert rejected(state, TimeUp()) == "TIMER_NOT_RUNNING"  # still asking for volunteers
    state = run(state, *[a for a in legal_actions(state)][:1])  # seat 0 says yes
    assert state.phase == "play"
    state = play(state, "Y9")
    state, events = run_events(state, TimeUp())
    assert state.result == "lost"
    assert "time" in state.reason
    assert events[-1].kind == "attempt_lost"
    assert rejected(state, Play(0, parse_card("P1"))) == "GAME_OVER"


def test_time_up_not_allowed_untimed() -> None:
    state = attempt(4, 14, ONE_COLOUR, tasks=[96])
    state = run(state, *[a for a in legal_actions(state)][:1])
    assert rejected(state, TimeUp()) == "NOT_TIMED"
    plain = attempt(4, None, ONE_COLOUR, difficulty=1)
    assert rejected(plain, TimeUp()) == "NOT_TIMED"


def test_only_real_time_missions_can_be_timed() -> None:
    with pytest.raises(MissionError, match="not a real-time mission"):
        mission_rules(1, timed=True)
    with pytest.raises(SetupError):
        new_attempt(4, 1, seed=1, timed=True)
    for mission, seconds in ((14, 210), (15, 180), (16, 150), (26, 300)):
        assert mission_rules(mission, timed=True).seconds == seconds
        assert mission_rules(mission).seconds is None


def test_mission_26_difficulty_timed_and_untimed() -> None:
    assert mission_rules(26, timed=True).difficulty == 10
    assert mission_rules(26).difficulty == 12
    for seed in range(5):
        timed = new_attempt(4, 26, seed=seed, timed=True)
        untimed = new_attempt(4, 26, seed=seed)
        assert sum(get_task(t).difficulty_for(4) for t in timed.setup.task_ids) == 10
        assert sum(get_task(t).difficulty_for(4) for t in untimed.setup.task_ids) == 12
        assert not timed.setup.rules.unknown_terrain


# ---------------------------------------------------------------------------------------------
# mission 8: balance of 9s

M8_WON = (
    "Y9 P1 B1 G1 | Y1 S1 B2 G2 | P9 B3 G3 Y2 | P2 S2 G4 Y3 | B9 G5 Y4 P3 | B4 S3 Y5 P4"
    " | G9 Y6 P5 B5 | G6 Y7 P6 B6 | G7 Y8 P7 B7 | G8 S4 P8 B8"
)


def test_mission_8_won() -> None:
    state = attempt(4, 8, ONE_COLOUR)
    assert state.setup.task_ids == () and state.phase == "play" and state.turn == 3
    state, events = play_events(state, M8_WON)
    assert [t.winner for t in state.tricks] == [3, 0, 0, 1, 1, 2, 2, 2, 2, 3]
    assert state.result == "won"
    assert events[-1].kind == "attempt_won"


def test_mission_8_lost_when_one_has_two_more_9s() -> None:
    state = attempt(4, 8, ONE_COLOUR)
    state, events = play_events(state, "Y1 P9 B9 G1")
    assert state.result == "lost"
    assert "9" in state.reason and "trick 1" in state.reason
    assert events[-1].kind == "attempt_lost"


def test_mission_8_one_more_9_is_fine() -> None:
    state = play(attempt(4, 8, ONE_COLOUR), "Y9 P1 B1 G1")
    assert state.result == ""


# ---------------------------------------------------------------------------------------------
# mission 12: no pink or submarine lead

M12_WON = "Y9 S1 S2 S3 | G9 S4 P1 B1" + "".join(
    f" | Y{v} P{10 - v} B{10 - v} G{v}" for v in range(8, 0, -1)
)


def test_mission_12_won() -> None:
    state = attempt(4, 12, ONE_COLOUR)
    state = play(state, M12_WON)
    assert [t.winner for t in state.tricks] == [2, 3] + [3] * 8
    assert state.result == "won"


def test_mission_12_pink_lead_loses_at_once() -> None:
    state = play(attempt(4, 12, ONE_COLOUR), "Y1 S1 B2 G2")
    assert state.tricks[0].winner == 0 and state.result == ""
    # leading pink is a legal play (ruling 7) but it loses the attempt at once
    assert Play(0, parse_card("P1")) in legal_actions(state)
    state, events = apply(state, Play(0, parse_card("P1")))
    assert state.result == "lost"
    assert state.trick_cards == (parse_card("P1"),)
    assert "P1" in state.reason
    assert events[-1].kind == "attempt_lost"


def test_mission_12_submarine_lead_loses_at_once() -> None:
    state, _ = apply(attempt(4, 12, ONE_COLOUR), Play(3, parse_card("S4")))
    assert state.result == "lost"
    assert "S4" in state.reason


def test_mission_12_following_with_pink_or_a_submarine_is_fine() -> None:
    state = play(attempt(4, 12, ONE_COLOUR), "Y2 P9 S2 G1")
    assert state.result == "" and state.tricks[0].winner == 1


# ---------------------------------------------------------------------------------------------
# mission 21: balance of coloured 1s

M21_WON = (
    "Y1 P9 B9 G9 | Y9 S1 B8 G8 | P1 B7 G7 Y8 | P8 S2 G6 Y7 | B1 G5 Y6 P7 | B6 S3 Y5 P6"
    " | G1 Y4 P5 B5 | G4 Y3 P4 B4 | G3 Y2 P3 B3 | G2 S4 P2 B2"
)


def test_mission_21_won() -> None:
    state = play(attempt(4, 21, ONE_COLOUR, terrain="P2"), M21_WON)
    assert [t.winner for t in state.tricks] == [3, 0, 0, 1, 1, 2, 2, 2, 2, 3]
    assert state.result == "won"


def test_mission_21_lost() -> None:
    state = play(attempt(4, 21, ONE_COLOUR, terrain="P2"), "Y9 P1 B1 G2")
    assert state.result == "lost"
    assert "1s" in state.reason


def test_mission_21_submarine_1_is_not_a_coloured_1() -> None:
    # seat 0 wins Y1 with S1: one coloured 1, not two
    state = play(attempt(4, 21, ONE_COLOUR, terrain="P2"), "Y1 S1 B2 G2")
    assert state.tricks[0].winner == 0
    assert state.result == ""


# ---------------------------------------------------------------------------------------------
# mission 23: the first trick's winner keeps strictly the most tricks


def test_mission_23_won() -> None:
    state = attempt(4, 23, ONE_COLOUR, terrain="B1")
    leads = [f"Y{v}" for v in range(9, 0, -1)]
    others = [(f"P{v}", f"B{v}", f"G{v}") for v in range(1, 10)]
    for lead, (p, b, g) in zip(leads, others, strict=True):
        state = play(state, f"{lead} {p} {b} {g}")
    state = play(state, "S4 S1 S2 S3")
    assert state.counts == (0, 0, 0, 10)
    assert state.result == "won"


def test_mission_23_lost_when_someone_draws_level() -> None:
    state = play(attempt(4, 23, ONE_COLOUR, terrain="B1"), "Y9 P1 B1 G1")
    assert state.result == ""
    state = play(state, "Y8 S1 B2 G2")
    assert state.counts == (1, 0, 0, 1)
    assert state.result == "lost"
    assert "first trick" in state.reason and "trick 2" in state.reason


def test_mission_23_winner_of_first_trick_may_lose_later_tricks() -> None:
    state = play(attempt(4, 23, ONE_COLOUR, terrain="B1"), "Y9 P1 B1 G1 | Y8 P2 B2 G2")
    state = play(state, "Y7 S1 B3 G3")
    assert state.counts == (1, 0, 0, 2)
    assert state.result == ""


# ---------------------------------------------------------------------------------------------
# mission 27: the yellow 5 is the last card of the final trick

M27_HANDS = [
    "P1 P2 P3 P4 P5 P6 P7 P8 P9 Y9",
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 S2",
    "G1 G2 G3 G4 G5 G6 G7 G8 G9 S3",
    "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 S1 S4",
]
M27_START = "S4 P1 S2 S3 | S1 P2 B1 G1 | Y8 Y9 B2 G2"


def test_mission_27_won() -> None:
    state = play(attempt(4, 27, M27_HANDS, terrain="G3"), M27_START)
    assert state.turn == 0
    for p, b, g, y in zip(range(3, 9), range(3, 9), range(3, 9), (1, 2, 3, 4, 6, 7), strict=True):
        state = play(state, f"P{p} B{b} G{g} Y{y}")
    assert state.result == ""
    state, events = play_events(state, "P9 B9 G9 Y5")
    assert state.tricks[-1].cards[-1] == parse_card("Y5")
    assert state.result == "won"


def test_mission_27_yellow_5_played_early_loses() -> None:
    state = play(attempt(4, 27, M27_HANDS, terrain="G3"), M27_START)
    state = play(state, "P3 B3 G3")
    state, events = apply(state, Play(3, parse_card("Y5")))
    assert state.result == "lost"
    assert "yellow 5" in state.reason and "trick 4" in state.reason


def test_mission_27_yellow_5_leading_the_final_trick_loses() -> None:
    hands = [
        "P1 P2 P3 P4 P5 P6 P7 P8 P9 S1",
        "B1 B2 B3 B4 B5 B6 B7 B8 B9 S2",
        "G1 G2 G3 G4 G5 G6 G7 G8 G9 S3",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 S4",
    ]
    state = attempt(4, 27, hands, terrain="G3")
    for y, v in zip((9, 8, 7, 6, 4, 3, 2, 1), range(1, 9), strict=True):
        state = play(state, f"Y{y} P{v} B{v} G{v}")
    state = play(state, "S4 S1 S2 S3")
    assert len(state.tricks) == 9 and state.result == ""
    state = play(state, "Y5")
    assert state.result == "lost"


def test_mission_27_three_players_leftover_yellow_5_loses() -> None:
    hands = fill(3, ["S1 S2 S3 S4 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 P1 Y5"])
    state = attempt(3, 27, hands, terrain="G3")
    leads = "S4 S3 S2 S1 Y9 Y8 Y7 Y6 Y4 Y3 Y2 Y1 P1".split()
    for i, lead in enumerate(leads):
        assert state.turn == 0, i
        state, _ = apply(state, Play(0, parse_card(lead)))
        for _ in range(2):
            state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Play)))
        if i < 12:
            assert state.tricks[-1].winner == 0
    assert len(state.tricks) == 13
    assert state.hands[0] == 1 << parse_card("Y5")
    assert state.result == "lost"
    assert "unplayed" in state.reason


# ---------------------------------------------------------------------------------------------
# intro mission, epilogue, missions without tasks


def test_intro_mission_one_task_of_difficulty_1() -> None:
    for players in (2, 3, 4, 5):
        crew = 3 if players == 2 else players
        for seed in range(6):
            state = new_attempt(players, 0, seed=seed)
            (task,) = state.setup.task_ids
            assert get_task(task).difficulty_for(crew) == 1
            assert state.phase == "distribute" and state.turn == state.setup.captain


def test_intro_mission_taken_within_one_round() -> None:
    hands = fill(4, ["S4"])
    state = attempt(4, 0, hands, tasks=[40])
    state = run(state, Pass(0), Pass(1), Pass(2))
    assert rejected(state, Pass(3)) == "MUST_TAKE"
    state = run(state, Take(3, 40))
    assert state.owners == (3,) and state.phase == "play" and state.turn == 0


def test_epilogue_missions() -> None:
    for mission, difficulty in ((33, 18), (34, 19), (40, 25)):
        rules = mission_rules(mission)
        assert rules.difficulty == difficulty
        assert rules.distribution == "free_task_choice"


def test_missions_without_tasks_refuse_task_cards() -> None:
    for mission in (8, 12):
        with pytest.raises(SetupError, match="no task cards"):
            attempt(4, mission, ONE_COLOUR, tasks=[1])
        assert mission_rules(mission).difficulty is None


def test_unknown_mission_numbers() -> None:
    with pytest.raises(MissionError):
        mission_rules(-1)
    with pytest.raises(MissionError, match="free play"):
        mission_rules(None)
    assert card_str(parse_card("y5")) == "Y5"
