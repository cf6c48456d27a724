"""What a new player met in a walkthrough at 80x24 (issue 48): free play says it is free play, the
History list and the result screen fit, cards keep their suit glyph on the winning-line and "why"
screens, Tonoja's piles read in words, a hint puts the cursor on the card it names, the title's
Quit has a key, and in Dutch yes is j. Driven through Textual's pilot."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_driver import Player, ann_and_computers, drive_until, screen_text, shown, type_keys
from tui_hands import advance, attempt, session_for

from crew import history, i18n
from crew.engine import Action, Play, Signal, legal_actions, parse_card
from crew.present import card_label, history_line
from crew.table import Session, StepKind
from crew.table.postmortem import PostMortem
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.dialogs import QuitScreen
from crew.tui.screens.game import GameScreen
from crew.tui.screens.replay import HistoryScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.title import TitleScreen
from crew.tui.screens.winning_line import WinningLineScreen
from crew.tui.widgets.hand import HandView
from crew.tui.widgets.postmortem import PostMortemPanel

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# -- the title's Quit has a key like the other entries ---------------------------------------------


async def test_the_title_menu_shows_a_key_for_quit_and_it_asks_first() -> None:
    app = create_app(AppSettings(clock_interval=None, settle=0))
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
    app = create_app(
        AppSettings(
            players=4, mission=1, seed=1, names=["Ann", "Bob", "Cas", "Dee"], clock_interval=None
        )
    )
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


# -- cards keep their glyph on the "why" and winning-line screens ----------------------------------

#: a card's notation without the glyph the table draws before it ("B4" where the table says "♦B4")
BARE_CARD = re.compile(r"(?<![♥♦♣♠⚓\w])[PBGYS][1-9](?!\w)")
NAMES = ["Ann", "Bob", "Cas", "Dee"]


def lost_session() -> Session:
    """Mission 1, task 3 (win the blue 4) for Ann; the lowest legal card each time: Bob gives
    his B4 away in trick 2, and B6 or B9 would still have won (test_postmortem.py)."""
    s = session_for(
        attempt(4, 1, ["S4 P1 P2 P3", "B4 B9 P4 G1", "B7 B8 P9", "G2 B2 P5"], [3]), NAMES
    )
    while not s.state.result:
        actions = list(legal_actions(s.state))
        plays = [a for a in actions if isinstance(a, Play)]
        assert s.act(min(plays, key=lambda p: p.card) if plays else actions[0]) is None
    return s


@pytest.mark.post_mortem_search
async def test_the_why_and_the_winning_line_write_cards_as_the_table_does() -> None:
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        app.session = lost_session()
        app.show_result()
        await pilot.pause()
        panel = app.screen.query_one(PostMortemPanel)
        await panel.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Bob played ♦B4; ♦B6 or ♦B9 would still have won" in " ".join(text.split())
        assert not BARE_CARD.findall(text), text
        # the verdict itself keeps the plain notation (what --json and records say)
        assert panel.result is not None and "Bob played B4; B6 or B9" in panel.result.text
        await pilot.press("w")
        screen = app.screen
        assert isinstance(screen, WinningLineScreen)
        for i, trick in enumerate(screen.line.tricks):
            page = screen_text(app)
            assert not BARE_CARD.findall(page), page
            rows = page.splitlines()
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                assert any(NAMES[seat] in row and card_label(card) in row for row in rows), page
            winning = trick.cards[trick.seats.index(trick.winner)]
            assert f"{NAMES[trick.winner]} wins with {card_label(winning)}" in page
            if i == 0:
                assert "instead of ♦B4" in page
            if i + 1 < len(screen.line.tricks):
                await pilot.press("right")


# -- a hint puts the cursor on what it names -------------------------------------------------------


def _anns_card(app: CrewApp) -> bool:
    s = app.session
    return (
        isinstance(app.screen, GameScreen)
        and s is not None
        and s.ask() is None
        and s.step().kind == StepKind.PLAY
        and s.step().seat == 0
        and len(s.state.tricks) >= 1
    )


HINTED = re.compile(r"Hint for Ann: (play|signal) [♥♦♣♠⚓]([PBGYS][1-9])")


async def test_a_hint_moves_the_hand_cursor_onto_the_card_it_names() -> None:
    """Ann's first hint of this deal is a signal (B2, her lowest blue): c opens the signal with
    the cursor on B2; then the hint for her card puts the cursor on the card to play."""
    app = create_app(ann_and_computers(players=4, mission=1, seed=11, practice=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await drive_until(pilot, app, Player(), _anns_card)
        s = app.session
        screen = app.screen
        assert s is not None and isinstance(screen, GameScreen)
        kinds = []
        for _ in range(2):
            await pilot.press("end")  # the cursor on the last card, wherever the hint points
            await pilot.pause()
            await type_keys(pilot, "h")
            text = await shown(pilot, app, "Hint for Ann:")
            m = HINTED.search(text)
            assert m, text
            kind, hinted = m.group(1), parse_card(m.group(2))
            kinds.append(kind)
            hand = screen.panel.query_one(HandView)
            if kind == "signal":
                # signalling starts with c: the hand that chooses the signal has the cursor on it
                assert hand.current != hinted  # the play hand: Enter would play it
                await type_keys(pilot, "c")
                for _ in range(3):  # who signals (Ann), then her gate
                    if s.step().kind == StepKind.SIGNAL and s.gate_seat() is None:
                        break
                    await type_keys(pilot, "enter")
                assert app.screen is screen and s.step().kind == StepKind.SIGNAL
                hand = screen.panel.query_one(HandView)
                assert hand.current == hinted
                assert "Hint for Ann: signal" in screen_text(app)  # still said
                n = len(s.record.actions)
                await type_keys(pilot, "enter")
                assert s.record.actions[n]["signal"] == m.group(2)
                continue
            assert hand.current == hinted
            n = len(s.record.actions)
            await type_keys(pilot, "enter")  # Enter plays the card the hint named
            assert s.record.actions[n] == {"play": m.group(2), "seat": 0}
            break
        assert kinds == ["signal", "play"]


# -- Tonoja's piles in words -------------------------------------------------------------------


async def test_tonojas_piles_at_80x24_read_as_cards_with_one_face_down_under_each() -> None:
    app = create_app(
        AppSettings(players=2, mission=5, seed=3, names=["Ann", "Bob"], clock_interval=None)
    )
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        text = await shown(pilot, app, "Tonoja: ")
        line = next(row for row in text.splitlines() if row.strip().startswith("Tonoja: "))
        piles = "  ".join(card_label(up) + "+1" for up in s.public_view().tonoja_up)
        assert line.strip() == f"Tonoja: {piles}  (+1 face down)"
        assert "▒" not in text and "[" not in line


# -- 80x24: the History list always shows how an attempt ended ---------------------------------


async def test_the_history_list_at_80x24_always_shows_the_result() -> None:
    # a free-play game of mission 1 and a campaign crew's with a long name, both lost
    lost_session()
    s = lost_session()
    s.crew = "The Deep Sea Divers of Ann, Bob and Cas"  # 39: names stop at 40
    s.keep()
    entries, _problems = history.list_entries()
    assert len(entries) == 2
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await type_keys(pilot, "h")
        assert isinstance(app.screen, HistoryScreen)
        text = await shown(pilot, app, "lost at trick 2")
        rows = [row for row in text.splitlines() if "mission 1" in row]
        assert len(rows) == 2, text
        for row in rows:
            assert "lost at trick 2" in row and len(row) <= 80, row
        # the long crew name is what is cut, at the end of its line
        assert any("The Deep Sea" in row and row.rstrip().endswith("…") for row in rows), text
    # wide enough, the whole line as crew history prints it
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=(160, 24)) as pilot:
        await type_keys(pilot, "h")
        text = await shown(pilot, app, "lost at trick 2")
        for e in entries:
            assert history_line(e) in text


# -- 80x24: a long post-mortem never pushes the choices and the keys off the screen ---------------


async def test_a_long_list_of_alternatives_scrolls_and_the_choices_and_keys_stay() -> None:
    alternatives = ", ".join(f"giving task #{n} to Ann" for n in range(1, 40))
    verdict = f"Yes: it could have been won. Lost at trick 1; {alternatives} would still have won."
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        app.session = lost_session()
        app.show_result()
        await pilot.pause()
        panel = app.screen.query_one(PostMortemPanel)
        # the search is stopped in these tests (conftest.py): its answer, as long as the
        # walkthrough's, is given to the panel as the search would
        panel.show(PostMortem("yes", verdict, None, "", None))
        await pilot.pause()
        text = await shown(pilot, app, "giving task #1 to Ann")
        # the body's height is fitted after the next refresh: on a busy machine a frame later
        deadline = time.monotonic() + 10
        while "Win the blue 4." not in " ".join(text.splitlines()[-3:]):
            if time.monotonic() > deadline:
                break
            await pilot.pause(0.05)
            text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) <= 24
        for choice in ("r Retry with the same tasks", "n Retry with new tasks", "m Next mission"):
            assert any(line.strip().startswith(choice) for line in lines), text
        assert "t Back to the title screen" in text
        assert "Win the blue 4." in lines[-3] or "Win the blue 4." in lines[-2]  # the tasks
        assert lines[-1].strip().startswith("⏎ Choose") and lines[-1].rstrip().endswith("q Quit")
        assert "still have won" not in " ".join(text.split())  # below, in the scrolled part
        for _ in range(4):
            await pilot.press("pagedown")
        text = screen_text(app)
        assert "would still have won." in " ".join(text.split())
        assert "t Back to the title screen" in text
        assert screen_text(app).splitlines()[-1].rstrip().endswith("q Quit")
        # the keys still act: r retries
        await type_keys(pilot, "r")
        assert not isinstance(app.screen, ResultScreen) and app.session is not None
        assert app.session.attempt == 2


# -- in Dutch, yes is j (y still answers) ---------------------------------------------------------


@pytest.mark.parametrize("key", ["j", "y"])
async def test_the_volunteer_question_in_dutch_shows_j_and_takes_j_or_y(key: str) -> None:
    i18n.set_language("nl")
    try:
        app = create_app(
            AppSettings(
                players=3, mission=15, seed=4, names=["Ann", "Bob", "Cas"], clock_interval=None
            )
        )
        async with app.run_test(size=SIZE) as pilot:
            s = app.session
            assert s is not None
            await type_keys(pilot, "enter")  # the draw
            assert s.state.phase == "volunteer"
            await type_keys(pilot, "enter")  # the gate of the crew member asked
            text = screen_text(app)
            assert "j Ja, ik meld me als vrijwilliger" in text and "y Ja" not in text
            n = len(s.record.actions)
            await type_keys(pilot, key)
            for _ in range(100):  # a loaded machine may take more than one idle turn
                if len(s.record.actions) > n:
                    break
                await pilot.pause(0.1)
            assert s.record.actions[n]["volunteer"] is True, s.record.actions[n:]
    finally:
        i18n.set_language("en")
