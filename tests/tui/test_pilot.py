"""The app driven by key presses (Textual's pilot), from the title screen to the result."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static
from tui_driver import Player, play_to_result, screen_text, showing
from tui_hands import begun

from crew import storage
from crew.engine import card_str, cards_in, mask_of, new_attempt, parse_cards
from crew.table import StepKind
from crew.tui.app import AppSettings, create_app
from crew.tui.screens.dialogs import ConfirmScreen, HelpScreen
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.title import LogbookScreen, TitleScreen
from crew.tui.widgets.hand import HandView

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def hand_of(app, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {card_str(c) for c in cards_in(app.session.state.hands[seat])}


async def test_title_to_result_with_distress_signal_illegal_card_and_retry() -> None:
    # Seed 7, three players, mission 1: Bob (seat 1) holds S4 and is captain; one task, #40
    # "Win the first trick". The deal (from the engine):
    deal = new_attempt(3, 1, seed=7)
    assert deal.setup.captain == 1 and deal.setup.task_ids == (40,)
    assert deal.hands[0] == mask_of(parse_cards("P3 P4 P6 P7 P9 B1 B3 G1 G4 G6 G8 G9 Y6 Y7"))
    assert deal.hands[1] == mask_of(parse_cards("P1 B2 B6 B9 G2 G7 Y1 Y3 Y5 Y9 S1 S3 S4"))
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        assert "New game" in screen_text(app) and "Continue" not in screen_text(app)
        await pilot.press("n")  # New game
        await pilot.press("3")  # three players
        assert "Ann, Bob, Cas" in screen_text(app)
        await pilot.press("enter")  # the proposed names
        await pilot.press("2")  # free play: a logbook mission
        await pilot.press("enter")  # mission 1 (proposed)
        await pilot.press("7", "enter")  # deal code 7
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        s = app.session
        assert s is not None and s.state == deal
        assert "1 task drawn" in screen_text(app) and "Captain: Bob" in screen_text(app)
        await pilot.press("enter")  # everybody has seen the draw

        # Bob's gate, then Bob takes task 40
        assert isinstance(app.screen, GateScreen) and app.screen.who == "Bob"
        assert "Pass the terminal to Bob — Bob, press Enter" in screen_text(app)
        await pilot.press("enter")
        assert "Bob: take a task or pass" in screen_text(app)
        await pilot.press("1")
        assert s.state.owners == (1,)

        # distress to the left: Ann G1 -> Bob, Bob Y1 -> Cas, Cas Y2 -> Ann
        assert s.step().kind == StepKind.DISTRESS
        await pilot.press("2")
        for who, keys in (("Ann", ("g", "1")), ("Bob", ("y", "1")), ("Cas", ("y", "2"))):
            assert isinstance(app.screen, GateScreen) and app.screen.who == who
            await pilot.press("enter")
            await pilot.press(*keys, "enter")
        assert s.record.actions[-1] == {"distress": "left", "cards": ["G1", "Y1", "Y2"]}
        assert {"G1", "B2"} <= hand_of(app, 1) and "Y2" in hand_of(app, 0)
        # no question about signalling: Bob's gate offers "c" (somebody signals first)
        assert isinstance(app.screen, GateScreen) and app.screen.who == "Bob"
        text = screen_text(app)
        assert "c Somebody signals first" in text and "does anybody want" not in text
        await pilot.press("c")  # Cas signals her green 5 as her highest green
        text = screen_text(app)
        assert "1 Ann signals" in text and "3 Cas signals" in text
        await pilot.press("3")
        assert isinstance(app.screen, GateScreen) and app.screen.who == "Cas"
        await pilot.press("enter")
        # each card she may show, with what its token would say (she holds G3 and G5)
        text = screen_text(app)
        assert "♣G3 ↓ lowest" in text and "♣G5 ↑ highest" in text
        await pilot.press("g", "5", "enter")  # the card shown makes the signal: her highest
        assert s.record.actions[-1] == {"signal": "G5", "seat": 2, "position": "top"}
        assert isinstance(app.screen, GateScreen) and app.screen.who == "Bob"  # back to the lead

        # trick 1: Bob leads B2; Cas tries Y8 although she holds blue
        await pilot.press("enter")  # Bob's gate
        text = screen_text(app)
        assert "♣G5 ↑ highest" in text and "distress: passed left" in text
        await pilot.press("b", "2", "enter")
        await pilot.press("enter")  # Cas's gate
        before = s.state
        await pilot.press("y", "8", "enter")
        assert s.state is before
        text = screen_text(app)
        assert "Not allowed: B2 was led and Cas holds a card of that colour" in text
        assert "♦B2 led" in text  # the trick on the table is unchanged
        await pilot.press("b", "4", "enter")
        await pilot.press("enter")  # Ann's gate
        await pilot.press("b", "3", "enter")
        await pilot.pause()

        # Cas won trick 1 with B4: Bob's task fails, the attempt is lost at trick 1
        assert isinstance(app.screen, ResultScreen)
        text = screen_text(app)
        assert "Mission 1, attempt 1: LOST" in text
        assert "Lost at trick 1: task #40 (Bob) failed." in text
        assert "✗ failed @1" in text
        assert s.state.tricks[0].winner == 2

        await pilot.press("r")  # retry with the same tasks
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert s.attempt == 2 and s.record.seed == "7/2"
        assert s.state.setup.task_ids == (40,) and s.state.setup.distress_active
        assert s.step().kind == StepKind.DRAW
        assert "attempt 2" in screen_text(app) and "distress: active" in screen_text(app)
        saved = storage.load_game()
        assert saved is not None and saved.attempt == 2 and saved.actions == []


async def test_quit_asks_saves_and_continue_resumes_at_the_gate() -> None:
    # mission 3, deal code 11: the first eight actions are played against the Session by the
    # crew of tui_driver.Player, the app takes over from there
    s = begun(4, 3, 11, lambda s, step: len(s.record.actions) >= 8)
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(s)
        await pilot.pause()
        assert app.session is s
        state = app.session.state
        seat = app.session.step().viewer
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # not yet
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    app2 = create_app(AppSettings(clock_interval=None))
    async with app2.run_test(size=SIZE) as pilot:
        assert "Continue the unfinished game (mission 3, attempt 1" in screen_text(app2)
        await pilot.press("c")
        await pilot.pause()
        assert app2.session is not None and app2.session.state == state
        # the same point: the gate of the crew member who must act, never a hand directly
        assert isinstance(app2.screen, GateScreen)
        assert app2.screen.who == app2.session.name(seat)


async def test_help_shows_keys_and_marks_house_rulings() -> None:
    app = create_app(AppSettings(players=3, mission=25, seed=2, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=100, file=io.StringIO(), record=True)
        console.print(app.screen.query_one("#help-text", Static).content)
        text = console.export_text()
        assert "jump to that card: colour letter, then value" in text
        assert "the captain takes no task" in text.lower()  # this mission's rule
        assert "House ruling 4 (not printed rules):" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_footer_greys_out_what_the_engine_forbids() -> None:
    # three tasks for three players: nobody may pass, so "x Pass" is shown but disabled
    app = create_app(AppSettings(players=3, mission=4, seed=1, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and len(s.state.setup.task_ids) >= 3
        await pilot.press("enter", "enter")  # the draw, the captain's gate
        assert s.step().kind == StepKind.DISTRIBUTE
        binding = app.screen.active_bindings["x"]
        assert binding.enabled is False
        await pilot.press("x")
        assert s.record.actions == []
        text = screen_text(app)
        assert "✗ Pass" in text
        await pilot.press("end")  # highlighted, it says why
        text = " ".join(screen_text(app).split())
        assert "✗ not allowed: there are 3 tasks for 3 crew members" in text


async def test_real_time_countdown_and_time_up() -> None:
    app = create_app(AppSettings(players=3, mission=15, seed=4, timed=True, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and s.time_left == 180.0
        # 80 columns: short words, so that the whole line (distress state last) fits
        first = screen_text(app).splitlines()[0]
        assert first.strip() == (
            "time 3:00 (waits) · M15 · att. 1 · trick 1/13 · sonar normal · distress unused"
        )
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        first = screen_text(app).splitlines()[0]
        assert first.strip() == (
            "time 3:00 (not started) · Mission 15 · attempt 1 · trick 1/13 · sonar normal"
            " · distress: unused"
        )
        await pilot.press("enter")  # the draw
        while s.state.phase == "volunteer":
            await pilot.press("enter", "y")  # gate, then yes
        await pilot.pause()
        assert s.clock_running
        app.advance_clock(60)
        await pilot.pause()
        assert "time 2:00 · Mission 15" in screen_text(app).splitlines()[0]
        app.advance_clock(200)
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert "Lost during trick 1: the time ran out." in screen_text(app)
        assert s.record.actions[-1] == {"time_up": True}


async def test_time_running_out_during_the_quit_question_leaves_quit_working() -> None:
    app = create_app(AppSettings(players=3, mission=15, seed=4, timed=True, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await pilot.press("enter")  # the draw
        while s.state.phase == "volunteer":
            await pilot.press("enter", "y")
        await pilot.pause()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        app.advance_clock(1000)  # the question is still open when the time runs out
        assert await showing(pilot, app, ResultScreen) and s.state.reason == "time ran out"
        await pilot.press("q")  # asks again
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+c")  # one question at a time
        assert sum(isinstance(x, ConfirmScreen) for x in app.screen_stack) == 1
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_campaign_crew_writes_the_logbook() -> None:
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "3", "enter")
        await pilot.press("1")  # campaign: a new crew
        for ch in "Otters":  # replaces the proposed name
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.press("enter")  # mission 1 (proposed)
        await pilot.press("7", "enter")  # deal code 7: decided in trick 1
        await pilot.pause()
        s = app.session
        assert s is not None and s.crew == "Otters"
        await play_to_result(pilot, app, Player())
        won = s.state.result == "won"
        text = screen_text(app)
        assert "Logbook of Otters: mission 1: 1 attempt = 1" in text
        await pilot.press("t")  # back to the title
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert storage.load_game() is None  # the finished game is forgotten
        await pilot.press("l")
        assert isinstance(app.screen, LogbookScreen)
        text = screen_text(app)
        assert "Otters" in text and ("next mission 2" if won else "next mission 1") in text


async def test_mouse_clicks_choices_gates_and_cards() -> None:
    # seed 7: Bob leads; Cas holds P2 P5 P8 B4 B5 B7 B8 G3 G5 Y2 Y4 Y8 S2
    app = create_app(
        AppSettings(players=3, mission=1, seed=7, names="Ann,Bob,Cas", clock_interval=None)
    )
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None

        async def click_choice(index: int) -> None:
            await pilot.click("#choices", offset=(3, index))
            await pilot.pause()

        async def click_card(name: str) -> None:
            hand = app.screen.query_one("#hand", HandView)
            line, x0, _, _ = next(c for c in hand._cells if card_str(c[3]) == name)
            await pilot.click("#hand", offset=(x0 + 1, line))
            await pilot.pause()

        await click_choice(0)  # begin the distribution
        assert isinstance(app.screen, GateScreen)
        await pilot.click("#gate-open")  # "I am Bob"
        await pilot.pause()
        await click_choice(0)  # take task 40
        assert s.state.owners == (1,)
        await click_choice(0)  # no distress; nobody is asked about signalling
        await pilot.click("#gate-open")
        await pilot.pause()
        await click_card("B2")
        assert s.record.actions[-1] == {"play": "B2", "seat": 1}
        await pilot.click("#gate-open")
        await pilot.pause()
        before = s.state
        await click_card("Y8")  # unavailable: Cas must follow blue
        assert s.state is before
        assert "Not allowed: B2 was led and Cas holds a card of that colour" in screen_text(app)
        await click_card("B4")
        assert s.record.actions[-1] == {"play": "B4", "seat": 2}


async def test_damaged_save_is_reported_and_kept(crew_home: Path) -> None:
    saves = crew_home / "saves"
    saves.mkdir(parents=True)
    (saves / "current.json").write_text("{not json", encoding="utf-8")
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE):
        text = screen_text(app)
        assert "Continue" not in text
        assert "is damaged" in text.replace("\n", " ")
    kept = [p.name for p in saves.iterdir() if p.name.startswith("current.json.damaged-")]
    assert kept and (saves / "current.json").read_text(encoding="utf-8") == "{not json"


def test_main_refuses_an_impossible_game(capsys: pytest.CaptureFixture[str]) -> None:
    from crew.tui.app import main

    assert main(AppSettings(players=3, mission=5, timed=True)) == 2
    assert "mission 5 is not a real-time mission" in capsys.readouterr().err
    assert main(AppSettings(players=6)) == 2
