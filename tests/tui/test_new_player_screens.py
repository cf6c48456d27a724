"""What a new player met in a walkthrough at 80x24 (issue 48): free play says it is free play, the
History list and the result screen fit, cards keep their suit glyph on the winning-line and "why"
screens, Tonoja's piles read in words, a hint puts the cursor on the card it names, and the title's
Quit has a key. Driven through Textual's pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_driver import shown, type_keys
from tui_hands import advance

from crew.engine import Action, Play, Signal, legal_actions
from crew.table import Session, StepKind
from crew.tui.app import CrewApp, create_app
from crew.tui.screens.dialogs import QuitScreen
from crew.tui.screens.game import GameScreen
from crew.tui.screens.result import ResultScreen
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


# -- free play is free play ----------------------------------------------------------------------


def _finish(s: Session, pick: int) -> None:
    """Play the attempt out at the table (``pick`` chooses among the legal cards)."""

    def choose(s: Session) -> Action:
        acts = [a for a in legal_actions(s.state) if not isinstance(a, Signal)]
        plays = [a for a in acts if isinstance(a, Play)]
        return plays[pick % len(plays)] if plays else acts[0]

    advance(s, lambda s, step: step.kind == StepKind.RESULT, choose)


async def _result_after(app: CrewApp, pilot: Pilot[int], pick: int) -> str:
    s = app.session
    assert s is not None
    _finish(s, pick)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.sync()  # the table notices the attempt is over and the app shows its result
    text = await shown(pilot, app, "Back to the title screen")
    assert isinstance(app.screen, ResultScreen)
    return " ".join(text.split())


async def test_free_play_of_a_logbook_mission_says_free_play_and_never_a_replay() -> None:
    # free play of mission 1 (no crew), won, then retried: the walkthrough read "A replay: mission
    # 1 was already won ..." beside "No crew was chosen ..." on the retry's result
    app = create_app(4, 1, seed=1, names=["Ann", "Bob", "Cas", "Dee"], clock_interval=None)
    async with app.run_test(size=SIZE) as pilot:
        text = await _result_after(app, pilot, pick=-1)
        assert "WON" in text
        assert "Free play: nothing is written in the logbook." in text
        assert "No crew was chosen" not in text and "campaign" not in text
        await type_keys(pilot, "r")  # retry: a new deal of the same free-play mission
        assert isinstance(app.screen, GameScreen)
        text = await _result_after(app, pilot, pick=0)
        assert "Free play: nothing is written in the logbook." in text
        assert "replay" not in text.lower() and "already won" not in text
        # the win at this table still opens the next mission
        assert app.session is not None and app.session.next_mission_open
