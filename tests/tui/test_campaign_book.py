"""The campaign book stays true (issue 9, items 4-6): a crew keeps its members, replays of a
won mission are said and counted apart, a loss nobody could avoid is not an attempt, and a
distress signal is written the moment it is sent."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_hands import advance

from crew import storage
from crew.engine import (
    Action,
    Distress,
    Pass,
    Play,
    Signal,
    Take,
    distress_choices,
    legal_actions,
    mask_of,
    new_attempt,
    parse_cards,
)
from crew.records import TableNotes, record_for
from crew.table import GameSpec, Session, SessionError, StepKind

FOUR = ["Ann", "Bob", "Cas", "Dee"]


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def finish(s: Session, pick: int = 0) -> None:
    """Play on with the first allowed choice (``pick`` chooses among the legal cards)."""

    def choose(s: Session) -> Action:
        acts = [a for a in legal_actions(s.state) if not isinstance(a, Signal)]
        plays = [a for a in acts if isinstance(a, Play)]
        return plays[pick % len(plays)] if plays else acts[0]

    advance(s, lambda s, step: step.kind == StepKind.RESULT, choose)


def book(crew: str) -> storage.CrewLog:
    return storage.load_log().crews[crew]


# -- item 4: a crew keeps its members ---------------------------------------------------------


def test_a_two_player_game_never_touches_a_four_player_crews_book() -> None:
    s = Session.new(GameSpec(4, FOUR, 1, seed=7, crew="Deep"))
    finish(s)
    before = storage.load_log()
    with pytest.raises(SessionError, match="Deep has 4 members"):
        Session.new(GameSpec(2, ["Xi", "Yo"], 1, seed=7, crew="Deep"))
    assert storage.load_log() == before
    assert book("Deep").members == FOUR


def test_the_logbook_never_renames_a_crew() -> None:
    log = storage.note_attempt(storage.CampaignLog(), "C", 1, won=False, distress=False,
                               members=FOUR)  # fmt: skip
    log = storage.note_attempt(log, "C", 1, won=False, distress=False, members=["P", "Q"])
    assert log.crews["C"].members == FOUR
    assert log.crews["C"].missions[1].attempts == 2


async def test_the_picker_offers_only_crews_of_the_game_size() -> None:
    from tui_driver import screen_text

    from crew.tui.app import AppSettings, create_app
    from crew.tui.screens.newgame import NewGameScreen

    log = storage.note_attempt(storage.CampaignLog(), "Deep", 1, won=True, distress=False,
                               members=FOUR)  # fmt: skip
    log = storage.note_attempt(log, "Pair", 1, won=False, distress=False, members=["Xi", "Yo"])
    storage.save_log(log)
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "2", "enter")  # two players, the proposed names
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        assert "Campaign: Pair (Xi, Yo; next mission 1)" in text
        assert "Campaign: Deep" not in text and "not offered (Deep)" in text
        await pilot.press("1")  # Pair: the crew keeps its members
        await pilot.pause()
        assert app.screen.names == ["Xi", "Yo"]  # type: ignore[attr-defined]


# -- item 5: replaying a won mission --------------------------------------------------------------


def test_replays_of_a_won_mission_are_said_and_counted_apart() -> None:
    s = Session.new(GameSpec(4, FOUR, 1, seed=7, crew="Deep"))
    finish(s)
    assert s.state.result == "won"
    assert book("Deep").current == 2 and book("Deep").missions[1].attempts == 1
    for _ in range(3):
        s.retry(same_tasks=True)
        assert s.replaying
        finish(s, pick=-1 if _ else 0)
    ml = book("Deep").missions[1]
    assert ml.attempts == 1 and ml.replays == 3 and ml.won_on is not None
    assert "3 replays after the win" in s.logbook_line()
    # whatever the replay's result, the mission stays won: Next mission is open everywhere
    assert s.next_mission_open and book("Deep").current == 2


def test_a_lost_replay_keeps_next_mission_open_after_continue() -> None:
    s = Session.new(GameSpec(4, FOUR, 1, seed=1))  # free play: only the table remembers
    finish(s, pick=-1)
    assert s.state.result == "won"
    s.retry(same_tasks=True)
    rec = storage.load_game()
    assert rec is not None
    resumed = Session.resume(rec)
    # free play has no campaign: nothing is a replay (issue 48), but Next stays open
    assert resumed.mission_won and not resumed.replaying and resumed.next_mission_open


# -- item 6: a loss nobody could avoid is not an attempt; distress stays counted ------------------


HANDS = (
    "S1 S2 S3 S4 P4 P5 P6 P7 P8 B4 B5 B6 B7 B8",
    "P1 P2 P3 B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4",
    "P9 B9 G4 G5 G6 G7 G8 G9 Y5 Y6 Y7 Y8 Y9",
)


def _seated(mission: int, tasks: list[int], crew: str | None) -> Session:
    state = new_attempt(3, mission, hands=[mask_of(parse_cards(h)) for h in HANDS], tasks=tasks)
    rec = record_for(state, names=["Ann", "Bob", "Cas"], seed="t")
    rec.table = TableNotes(crew=crew, base_seed="t")
    s = Session.resume(rec)
    s.ack_draw()
    return s


#: mission 12 (no trick opened with pink or a submarine): the captain holds nothing else
LEADS = (
    "S4 P1 P2 P3 P4 P5 P6 P7 P8 P9",
    "S1 S2 S3 B1 B2 B3 B4 B5 B6 B7",
    "B8 B9 G1 G2 G3 G4 G5 G6 G7 G8",
    "G9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
)


def unwinnable(crew: str | None) -> Session:
    state = new_attempt(4, 12, hands=[mask_of(parse_cards(h)) for h in LEADS], tasks=[])
    assert state.setup.captain == 0
    rec = record_for(state, names=FOUR, seed="t")
    rec.table = TableNotes(crew=crew, base_seed="t")
    s = Session.resume(rec)
    s.ack_draw()
    return s


def test_a_task_left_to_someone_who_cannot_do_it_is_a_failed_attempt() -> None:
    # rules F7's example: Ann (S4) passed "win the first trick" on to Bob, who cannot win it;
    # Ann could have taken it, so the loss counts
    s = _seated(1, [40], "Trio")
    assert s.act(Pass(0)) is None and s.act(Take(1, 40)) is None
    finish(s)
    assert s.state.result == "lost" and not s.uncounted
    assert book("Trio").missions[1].attempts == 1


def test_a_loss_nobody_could_avoid_is_offered_as_a_redeal_and_not_counted() -> None:
    s = unwinnable("Quad")
    log = storage.note_attempt(storage.CampaignLog(), "Quad", 2, won=False, distress=False,
                               members=FOUR)  # fmt: skip
    storage.save_log(log)
    finish(s)
    assert s.state.result == "lost"
    assert s.uncounted
    assert 12 not in book("Quad").missions  # nothing written for mission 12
    s.retry(same_tasks=True)
    assert s.attempt == 1 and not s.uncounted and s.redeals == 1
    assert s.record.seed != "t"  # a new deal


def test_an_avoidable_loss_counts() -> None:
    s = Session.new(GameSpec(4, FOUR, 1, seed=2, crew="Deep"))
    finish(s)
    assert s.state.result == "lost" and not s.uncounted
    assert book("Deep").missions[1].attempts == 1


def test_a_distress_signal_stays_counted_when_the_game_is_abandoned() -> None:
    s = Session.new(GameSpec(4, FOUR, 3, seed=11, crew="Deep"))
    for _ in range(50):
        if s.step().kind == StepKind.DISTRESS:
            break
        step = s.step()
        if step.kind == StepKind.DRAW:
            s.ack_draw()
        else:
            assert s.act(legal_actions(s.state)[0]) is None
    assert s.step().kind == StepKind.DISTRESS
    cards = tuple(c[0] for c in distress_choices(s.state))
    assert s.act(Distress("left", cards)) is None
    # New game (or a closed terminal): the attempt is never finished
    Session.new(GameSpec(4, FOUR, 3, seed=12, crew="Deep"))
    ml = book("Deep").missions[3]
    assert ml.distress and storage.logged_attempts(ml) == 1
