"""What a new player met in a walkthrough at 80x24 (issue 48): free play says it is free play, the
History list and the result screen fit, cards keep their suit glyph on the winning-line and "why"
screens, Tonoja's piles read in words, a hint puts the cursor on the card it names, and the title's
Quit has a key. Driven through Textual's pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_driver import shown, type_keys

from crew.tui.app import create_app
from crew.tui.screens.dialogs import QuitScreen
from crew.tui.screens.title import TitleScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# -- the title's Quit has a key like the other entries ---------------------------------------------


async def test_the_title_menu_shows_a_key_for_quit_and_it_asks_first() -> None:
    app = create_app(clock_interval=None, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        text = await shown(pilot, app, "Quit")
        menu = [line.strip() for line in text.splitlines()]
        assert "q Quit" in menu  # its own line in the menu, with its key, like "r Rules"
        await type_keys(pilot, "q")
        assert isinstance(app.screen, QuitScreen)  # asks first, as q does everywhere
        await type_keys(pilot, "n")
        assert isinstance(app.screen, TitleScreen)
        # Quit chosen with the arrows and Enter asks the same question
        await pilot.press("end")
        await type_keys(pilot, "enter")
        assert isinstance(app.screen, QuitScreen)
