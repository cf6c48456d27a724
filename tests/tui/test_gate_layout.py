"""The hand-off gate at 80x24: every line of it is centred, the "signal first" offer too."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_driver import screen_text

from crew.tui.app import AppSettings, create_app
from crew.tui.screens.gate import GateScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def centre(line: str) -> float:
    text = line.strip()
    start = line.index(text)
    return start + len(text) / 2


async def test_signal_first_offer_is_centred_like_the_rest_of_the_gate() -> None:
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(GateScreen("Bob", "Bob: play a card to trick 1", signal_first=True))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        title = next(x for x in lines if "Pass the terminal to Bob" in x)
        offer = next(x for x in lines if "Somebody wants to signal" in x)
        # a new player read it as a stray line: it stuck to the left edge under centred text
        assert abs(centre(offer) - centre(title)) <= 1, offer
