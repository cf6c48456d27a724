"""The history in the app: the replay viewer, History on the title screen, Export on the result
screen, and an attempt quit half-way or replaced by a new game kept (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_driver import screen_text, shown
from tui_hands import attempt, session_for

from crew import history, storage
from crew.engine import Play, card_str, legal_actions
from crew.records import load_record
from crew.table import Session
from crew.table.review import review
from crew.tui.app import AppSettings, create_app
from crew.tui.screens.dialogs import ConfirmScreen
from crew.tui.screens.replay import HistoryScreen, ReplayScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.winning_line import WinningLineScreen
from crew.tui.widgets.postmortem import PostMortemPanel

SIZE = (100, 30)
NAMES = ["Ann", "Bob", "Cas", "Dee"]
# task 3 "win the blue 4" goes to Ann; Bob gives his B4 away in trick 2 (see test_postmortem)
WINNABLE = (1, ["S4 P1 P2 P3", "B4 B9 P4 G1", "B7 B8 P9", "G2 B2 P5"], [3])

#: the lost attempt's search runs here (conftest.py stops it elsewhere)
pytestmark = pytest.mark.post_mortem_search


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def lowest(s: Session, *, until: int | None = None) -> Session:
    """Play the attempt with the lowest legal card and the first choice (to its end, or until
    ``until`` actions)."""
    while not s.state.result and (until is None or len(s.record.actions) < until):
        actions = list(legal_actions(s.state))
        plays = [a for a in actions if isinstance(a, Play)]
        assert s.act(min(plays, key=lambda p: p.card) if plays else actions[0]) is None
    return s


def lost() -> Session:
    s = lowest(session_for(attempt(4, *WINNABLE), NAMES))
    assert s.state.result == "lost"
    return s


async def test_the_viewer_steps_card_by_card_with_every_hand_open() -> None:
    s = lost()
    shown_review = review(s.record, "test")
    frames = len(shown_review.frames)
    app = create_app(AppSettings(clock_interval=None, settle=0, replay=shown_review))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert f"Action 0 of {frames - 1}" in text
        # the attempt is over: every seat's cards are on screen, each on its own row
        for seat, name in enumerate(NAMES):
            row = next(r for r in text.splitlines() if r.lstrip().startswith(name))
            for card in shown_review.frames[0].open_hands[seat]:
                assert card_str(card) in row
        await pilot.press("right")
        assert f"Action 1 of {frames - 1}" in screen_text(app)
        await pilot.press("end")
        text = screen_text(app)
        assert f"Action {frames - 1} of {frames - 1}" in text and "LOST" in text
        await pilot.press("home")
        assert "Action 0 of" in screen_text(app)
        await pilot.press("down")  # to the first trick's lead
        first_lead = shown_review.trick_starts()[0]
        assert f"Action {first_lead} of" in screen_text(app)
        await pilot.press("down")
        assert f"Action {shown_review.trick_starts()[1]} of" in screen_text(app)

        # the post-mortem: the turning point is marked and j goes there; w shows the line
        await app.screen.query_one(PostMortemPanel).workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Yes: it could have been won." in " ".join(text.split())
        assert "turning point before action" in text
        await pilot.press("j")
        text = await shown(pilot, app, "◀ the turning point")
        assert "◀ the turning point" in text
        # the moment just before Bob gives his B4 away (the test_postmortem deal)
        at = int(text.split("Action ")[1].split()[0])
        assert s.record.actions[at] == {"play": "B4", "seat": 1}
        assert f"turning point before action {at + 1} (j)" in text
        await pilot.press("w")
        assert isinstance(app.screen, WinningLineScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)


async def test_history_on_the_title_screen_replays_an_attempt() -> None:
    lost()  # kept in the history as it ended
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "mission 1 · attempt 1 · 4 players · lost at trick" in text
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)
        assert "Replay: Mission 1, attempt 1" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_an_unfinished_attempt_asks_before_its_hands_are_shown() -> None:
    s = lowest(session_for(attempt(4, *WINNABLE), NAMES), until=4)
    s.keep()
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h", "enter")
        assert isinstance(app.screen, ConfirmScreen)
        assert "not over" in screen_text(app)
        await pilot.press("n")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter", "y")
        assert isinstance(app.screen, ReplayScreen)
        assert "This attempt is not over" in screen_text(app)


async def test_an_empty_history_says_so() -> None:
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        assert "No attempt kept yet" in screen_text(app)


async def test_a_damaged_entry_is_named_and_the_others_listed() -> None:
    lost()
    history.entry_path(7).write_text("{")
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        text = " ".join(screen_text(app).split())
        assert "lost at trick" in text and "000007.json" in text


async def test_export_on_the_result_screen_writes_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    s = lost()
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        app.session = s
        app.show_result()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert "e keeps this attempt as a file" in " ".join(screen_text(app).split())
        await pilot.press("e")
        files = list(tmp_path.glob("crew-mission1-attempt1-*.json"))
        assert len(files) == 1
        assert load_record(files[0]).actions == s.record.actions
        said = "".join(screen_text(app).split())  # the path wraps at the screen's edge
        assert f"Exportedto{files[0]}" in said


async def test_quitting_after_a_card_keeps_the_attempt_as_unfinished() -> None:
    s = lowest(session_for(attempt(4, *WINNABLE), NAMES), until=3)
    assert any("play" in a for a in s.record.actions)
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(s)
        await pilot.pause()
        await pilot.press("q", "y")
        await pilot.pause()
    (e,), problems = history.list_entries()
    assert problems == [] and e.result == "unfinished" and e.record.actions == s.record.actions
    assert storage.load_game() is not None  # Continue still plays it on


async def test_a_new_game_replacing_one_keeps_it_as_abandoned() -> None:
    lowest(session_for(attempt(4, *WINNABLE), NAMES), until=3)
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        # the wizard: Enter through its defaults starts a game
        for _ in range(12):
            if app.session is not None:
                break
            await pilot.press("enter")
        assert app.session is not None
    entries, _ = history.list_entries()
    assert [e.result for e in entries] == ["abandoned"]
