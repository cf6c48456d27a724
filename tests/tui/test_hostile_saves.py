"""A save whose table notes do not fit its game never crashes Continue and never shows a hand to
the wrong person (issue 26): it is kept aside like a damaged file and the title says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tui_driver import screen_text

from crew import storage
from crew.engine import Take
from crew.table import GameSpec, Session, SessionError
from crew.tui.app import AppSettings, create_app
from crew.tui.screens.title import TitleScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def saved_game(*, trick_played: bool = False, computers: list[int] | None = None) -> Path:
    """A four-player game of mission 1 saved before trick 1 (or after a card of it)."""
    spec = GameSpec(4, ["Ann", "Bob", "Cas", "Dee"], 1, seed=3, computers=computers or [])
    s = Session.new(spec)
    s.ack_draw()
    s.open_gate()
    captain = s.state.setup.captain
    assert s.act(Take(captain, s.state.setup.task_ids[0])) is None
    if trick_played:
        s.decide_distress(None)
        s.open_gate()
        from crew.engine import Play, legal_actions

        assert s.act(next(a for a in legal_actions(s.state) if isinstance(a, Play))) is None
    return storage.game_path()


def with_notes(path: Path, **notes: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["table"].update(notes)
    path.write_text(json.dumps(data), encoding="utf-8")


HOSTILE: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("an unknown distress card", {}, {"distress_direction": "left", "distress_cards": {"0": "X1"}}),
    ("a submarine to pass", {}, {"distress_direction": "left", "distress_cards": {"0": "S4"}}),
    ("distress cards without a signal", {}, {"distress_cards": {"0": "P1"}}),
    ("a distress signal after a card", {"trick_played": True}, {"distress_direction": "left"}),
    ("a signaller who does not exist", {}, {"signaller": 99}),
    ("a computer as signaller", {"computers": [1, 2, 3]}, {"signaller": 1}),
    ("a computer seat that does not exist", {}, {"computers": [99]}),
    ("computers in every seat", {}, {"computers": [0, 1, 2, 3]}),
    ("a signal card that is no card", {}, {"signaller": 0, "signal_card": "ZZ"}),
]


@pytest.mark.parametrize(("what", "game", "notes"), HOSTILE, ids=[h[0] for h in HOSTILE])
async def test_continue_on_a_save_that_does_not_fit_keeps_it_aside(
    what: str, game: dict[str, Any], notes: dict[str, Any]
) -> None:
    path = saved_game(**game)
    with_notes(path, **notes)
    content = path.read_bytes()
    with pytest.raises(SessionError):
        rec = storage.load_game()
        assert rec is not None
        Session.resume(rec)
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.session is None
        text = " ".join(screen_text(app).split())
        assert "is damaged" in text and "a copy was kept" in text and "new game" in text, text
    kept = [p for p in path.parent.iterdir() if p.name.startswith("current.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert path.read_bytes() == content  # nothing overwritten


async def test_a_save_whose_notes_fit_continues() -> None:
    path = saved_game(computers=[1, 2, 3])
    with_notes(path, signaller=0)  # Ann was choosing a signal: she chooses it again
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game()
        await pilot.pause()
        s = app.session
        assert s is not None and s.signaller == 0 and s.computers == frozenset({1, 2, 3})
