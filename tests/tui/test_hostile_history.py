"""The app against a hostile history folder (issue 48): title screen → History with a pipe, an
unreadable folder, entries that lie; a game kept beside an odd file name; ``crew replay`` of an
attempt that is not over asks first."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_cases import fails_after
from tui_driver import Player, play_to_result, screen_text, shown
from tui_hands import attempt, session_for

from crew import history
from crew.engine import Play, legal_actions
from crew.table import Session
from crew.table.review import review
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.dialogs import ConfirmScreen
from crew.tui.screens.replay import HistoryScreen, ReplayScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.title import TitleScreen

SIZE = (100, 30)
NAMES = ["Ann", "Bob", "Cas", "Dee"]
WINNABLE = (1, ["S4 P1 P2 P3", "B4 B9 P4 G1", "B7 B8 P9", "G2 B2 P5"], [3])


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def alarm() -> Iterator[None]:
    """Fail (not hang) when the test takes more than 60 seconds."""
    with fails_after(60, "the app hung"):
        yield


def lowest(s: Session, *, until: int | None = None) -> Session:
    while not s.state.result and (until is None or len(s.record.actions) < until):
        actions = list(legal_actions(s.state))
        plays = [a for a in actions if isinstance(a, Play)]
        assert s.act(min(plays, key=lambda p: p.card) if plays else actions[0]) is None
    return s


def flat(app: CrewApp) -> str:
    return " ".join(screen_text(app).split())


async def open_history(app: CrewApp, pilot: object) -> str:
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("h")  # type: ignore[attr-defined]
    assert isinstance(app.screen, HistoryScreen)
    await shown(pilot, app, "History")  # type: ignore[arg-type]
    return flat(app)


async def test_a_pipe_in_the_history_neither_hangs_nor_stops_the_keys(alarm: None) -> None:
    lowest(session_for(attempt(4, *WINNABLE), NAMES))  # entry 1, lost
    os.mkfifo(history.entry_path(7))
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        text = await open_history(app, pilot)
        assert "lost at trick" in text
        assert "000007.json is damaged (a named pipe); it was moved aside" in text
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        text = await open_history(app, pilot)  # moved aside: said once
        assert "000007.json" not in text and "lost at trick" in text


async def test_a_history_that_is_a_file_is_said(crew_home: Path) -> None:
    crew_home.mkdir()
    (crew_home / "history").write_text("not a folder", encoding="utf-8")
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        text = await open_history(app, pilot)
        assert "history is not a folder" in text and "No attempt kept yet" not in text


async def test_an_unreadable_history_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    lowest(session_for(attempt(4, *WINNABLE), NAMES))
    folder = str(history.history_dir())
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if str(path) == folder:
            raise PermissionError(13, "Permission denied", folder)
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)  # chmod a-r, which root reads through
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        text = await open_history(app, pilot)
        assert "the history cannot be read: Permission denied" in text
        assert "No attempt kept yet" not in text


async def test_each_entry_is_listed_once_and_enter_replays_that_one() -> None:
    lowest(session_for(attempt(4, *WINNABLE), NAMES))  # entry 1: lost, mission 1
    path = history.entry_path(1)
    data = json.loads(path.read_text(encoding="utf-8"))
    (path.parent / "1.json").write_text(json.dumps(data), encoding="utf-8")
    (path.parent / "000009.json").write_text(json.dumps(data), encoding="utf-8")  # id 1 inside
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        text = await open_history(app, pilot)
        assert text.count("lost at trick") == 1
        assert "000009.json is damaged (it holds entry 1" in text
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.review.record == history.load_entry(1).record


async def test_control_characters_in_an_entry_never_reach_the_screen() -> None:
    lowest(session_for(attempt(4, *WINNABLE), NAMES))
    path = history.entry_path(1)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["crew"] = "[bold]Deep\x1b[2J"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_history(app, pilot)
        raw = app.export_screenshot()
        assert "\x1b" not in raw
        assert "000001.json is damaged (crew:" in flat(app)


async def test_a_game_is_kept_and_its_result_shown_beside_an_odd_file_name() -> None:
    folder = history.history_dir()
    folder.mkdir(parents=True)
    (folder / "1².json").write_text("{}", encoding="utf-8")
    s = session_for(attempt(4, *WINNABLE), NAMES)
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(s)
        await play_to_result(pilot, app, Player())
        assert isinstance(app.screen, ResultScreen) and s.state.over
    (e,), problems = history.list_entries()
    assert problems == [] and e.id == 1 and e.result == s.state.result


@pytest.mark.parametrize("left", ["unfinished", "abandoned"])
async def test_crew_replay_of_an_attempt_not_over_asks_first(left: str) -> None:
    s = lowest(session_for(attempt(4, *WINNABLE), NAMES), until=4)
    s.keep(left)  # type: ignore[arg-type]
    (entry,), _ = history.list_entries()
    assert entry.result == left
    shown_review = review(entry.record, "history:1")
    app = create_app(
        AppSettings(clock_interval=None, settle=0, replay=shown_review, ask_first=True)
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert not any(isinstance(screen, ReplayScreen) for screen in app.screen_stack)
        assert "not over" in flat(app) and "every hand" in flat(app)
        await pilot.press("n")
        await pilot.pause()
    assert app.return_code == 0
    assert not any(isinstance(screen, ReplayScreen) for screen in app.screen_stack)
    app = create_app(
        AppSettings(clock_interval=None, settle=0, replay=shown_review, ask_first=True)
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")
        assert isinstance(app.screen, ReplayScreen)


async def test_history_asks_before_showing_an_abandoned_attempt() -> None:
    s = lowest(session_for(attempt(4, *WINNABLE), NAMES), until=4)
    s.keep("abandoned")
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_history(app, pilot)
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, HistoryScreen)


async def test_a_record_with_an_illegal_action_says_where_the_replay_stops() -> None:
    s = lowest(session_for(attempt(4, *WINNABLE), NAMES), until=4)
    record = s.record.model_copy(deep=True)
    record.actions.append(dict(record.actions[-1]))  # the same card again: not in the hand
    shown_review = review(record, "game.json")
    assert len(shown_review.frames) == len(record.actions)  # the deal, and every legal action
    app = create_app(AppSettings(clock_interval=None, settle=0, replay=shown_review))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        text = await shown(pilot, app, "illegal")
        assert f"action {len(record.actions)} is illegal" in " ".join(text.split())
        assert "the replay stops before it" in " ".join(text.split())
