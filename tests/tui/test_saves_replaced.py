"""A saved game that a new one replaces (issue 48): nothing of it is lost, nothing piles up in
``saves/``, no notice covers the new game, and its history entry keeps the date it was played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tui_driver import screen_text

from crew import history, storage
from crew.engine import legal_actions
from crew.table import GameSpec, Session
from crew.table.keeping import keep_abandoned, played_a_card
from crew.tui import app as app_module
from crew.tui.screens.game import GameScreen
from crew.tui.screens.title import TitleScreen

SIZE = (80, 24)
OLD = "2026-01-01T00:27:00"  # when the attempt was last played, long before the test runs


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def play_until(s: Session, done: bool | None = None) -> Session:
    """Play the first legal choice until the attempt is over (``done`` None) or a card of it
    has been played."""
    s.ack_draw()
    while not s.state.over and (done is None or not played_a_card(s.record)):
        if s.gate_seat() is not None:
            s.open_gate()
        if s.step().kind.value == "distress":
            s.decide_distress(None)
            continue
        assert s.act(legal_actions(s.state)[0]) is None
    return s


def dated(entry_id: int, date: str) -> None:
    """Entry ``entry_id`` as if it had been kept at ``date``."""
    path = history.entry_path(entry_id)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["date"] = date
    path.write_text(json.dumps(data), encoding="utf-8")


def saves(home: Path) -> list[str]:
    return sorted(p.name for p in (home / "saves").iterdir())


def start_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``crew play --players 4 --mission 2`` up to the app's run; what it would say on start."""
    notices: list[str] = []

    def run(self: app_module.CrewApp) -> int:
        notices.append(self.start_notice)
        return 0

    monkeypatch.setattr(app_module.CrewApp, "run", run)
    assert app_module.main(app_module.AppSettings(players=4, mission=2, seed=1)) == 0
    return notices


def test_a_finished_game_is_not_set_aside_and_its_entry_keeps_its_date(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # quit on the result screen: the save stays (Continue shows the result again); the next
    # `crew play` moved it to saves/unfinished-....json with a 15-second notice, every time
    s = play_until(Session.new(GameSpec(3, [], 1, seed=7)))
    s.save()
    assert s.history_id == 1
    dated(1, OLD)
    assert start_from_the_command_line(monkeypatch) == [""]
    assert saves(crew_home) == []  # no unfinished-*.json: the attempt is in the history
    (entry,), _problems = history.list_entries()
    assert (entry.id, entry.result, entry.date) == (1, s.state.result, OLD)
    assert entry.record.actions == s.record.actions


def test_a_finished_game_the_history_could_not_take_is_kept_now(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = play_until(Session.new(GameSpec(3, [], 1, seed=7)))
    s.save()
    history.entry_path(1).unlink()  # as if writing it had failed when the attempt ended
    assert start_from_the_command_line(monkeypatch) == [""]
    assert saves(crew_home) == []
    (entry,), _problems = history.list_entries()
    assert entry.result == s.state.result and entry.record.actions == s.record.actions


def test_replacing_an_unfinished_game_keeps_the_date_it_was_last_played() -> None:
    # entry 4 was listed at 00:27, then at 00:29 once a later game had started
    s = play_until(Session.new(GameSpec(3, [], 1, seed=7)), done=False)
    s.keep()  # quit with a card played: kept as unfinished
    s.save()
    dated(1, OLD)
    saved = storage.load_game()
    assert saved is not None
    assert keep_abandoned(saved) is None  # what New game does with it
    (entry,), _problems = history.list_entries()
    assert (entry.result, entry.date) == ("abandoned", OLD)
    # something played since: the date is the new one
    assert s.act(legal_actions(s.state)[0]) is None
    s.keep()
    (entry,), _problems = history.list_entries()
    assert entry.result == "unfinished" and entry.date != OLD


async def test_an_unfinished_game_set_aside_is_said_on_the_title_not_over_the_game(
    crew_home: Path,
) -> None:
    s = play_until(Session.new(GameSpec(3, [], 1, seed=7)), done=False)
    s.save()
    before = storage.game_path().read_bytes()
    app = app_module.create_app(
        app_module.AppSettings(players=4, mission=2, seed=1, clock_interval=None)
    )
    app.start_notice = app_module._keep_unfinished_game()
    notice = "Your unfinished game was set aside: Continue offers it after this game."
    assert app.start_notice == notice
    (kept,) = (crew_home / "saves").glob("unfinished-*.json")
    assert kept.read_bytes() == before
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not list(app._notifications)  # no toast over the new game's questions
        assert "set aside" not in screen_text(app)
        title = next(t for t in app.screen_stack if isinstance(t, TitleScreen))
        assert title.message == notice
