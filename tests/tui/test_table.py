"""What the table shows new crews: full task texts, the last trick for one step, the distress
swap, mission 26's two volunteers, missions without drawn tasks, and the footer's key hints."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static
from tui_driver import Player, drive_until, open_table, play_to_result, screen_text
from tui_hands import attempt, begun, lowest_first, session_for

from crew.engine import Take, apply, get_task
from crew.table import SeatScope, Session, Step, StepKind
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.render import tasks_table
from crew.tui.screens.dialogs import HelpScreen
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.widgets.choices import Choices

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def flat(text: str) -> str:
    """Screen text with line breaks and runs of spaces folded (wrapped texts read as one)."""
    return " ".join(text.split())


def footer(app: CrewApp) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


def help_text(app: CrewApp) -> str:
    assert isinstance(app.screen, HelpScreen)
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(app.screen.query_one("#help-text", Static).content)
    return console.export_text()


async def test_the_last_trick_is_shown_for_one_step_only() -> None:
    # mission 2, deal code 5: the game up to the second card of trick 2 is played against the
    # Session by the crew of tui_driver.Player; its gate and everything after it in the app
    def second_card_of_a_later_trick(s: Session, step: Step) -> bool:
        st = s.state
        return step.kind == StepKind.PLAY and len(st.tricks) >= 1 and len(st.trick_cards) == 1

    s = begun(3, 2, 5, second_card_of_a_later_trick, "Ann,Bob,Cas")
    app = create_app(AppSettings(clock_interval=None))
    player = Player()
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(s)
        await drive_until(pilot, app, player, open_table)
        assert s.step().kind == StepKind.PLAY and len(s.state.trick_cards) == 1
        n = len(s.state.tricks)
        last = s.state.tricks[-1]
        await pilot.press("l")
        text = screen_text(app)
        assert f"Last trick ({n})" in text and f"Trick {n + 1} " not in text
        assert f"{s.name(last.winner)}" in text and "✓won" in text
        assert "l This trick" in footer(app)
        await player.act(pilot, app)  # this crew member plays; the next one takes over
        await pilot.pause()
        assert isinstance(app.screen, GateScreen)
        await pilot.press("enter")
        text = screen_text(app)
        # the next crew member sees the trick under way, not the last one
        assert f"Trick {n + 1} " in text and "Last trick (" not in text
        assert "✓won" not in text and "l Last trick" in footer(app)


async def test_task_texts_wrap_when_they_fit_and_help_has_them_all() -> None:
    # mission 6, deal code 3: the crew picks who takes both tasks, so it must read them whole
    app = create_app(AppSettings(players=4, mission=6, seed=3, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (57, 6)
        await pilot.press("enter")
        assert s.step().kind == StepKind.GIVE
        text = flat(screen_text(app))
        for tid in (57, 6):
            assert get_task(tid).text in text
        assert "…" not in text

    # mission 26, deal code 5: six tasks do not fit wrapped at 80x24; they are cut off on
    # the table and the help lists them whole
    app = create_app(AppSettings(players=4, mission=26, seed=5, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and len(s.state.setup.task_ids) == 6
        await pilot.pause()
        text = screen_text(app)
        assert "#78   d4  —       Win a trick that contains an 8 by taking it…" in text
        assert "task texts cut short: ? shows them in full" in text
        await pilot.press("question_mark")
        helped = flat(help_text(app))
        assert "This attempt's tasks" in helped
        for tid in s.state.setup.task_ids:
            assert get_task(tid).text in helped
        await pilot.press("escape")
        # a larger terminal has room for all of them
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        text = flat(screen_text(app))
        assert "…" not in text and "cut short" not in text
        for tid in s.state.setup.task_ids:
            assert get_task(tid).text in text


async def test_two_volunteers_question_and_only_they_share_the_tasks() -> None:
    app = create_app(AppSettings(players=4, mission=26, seed=5, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and s.state.setup.captain == 0  # Ann asks Bob, Cas, Dee, herself
        await pilot.press("enter", "enter")  # the draw, Bob's gate
        text = flat(screen_text(app))
        assert "The captain asks Bob: will you be one of the two volunteers who split" in text
        assert "take all" not in text
        await pilot.press("y", "enter")  # Bob: yes; Cas's gate
        text = flat(screen_text(app))
        assert "The captain asks Cas: will you be the second of the two volunteers" in text
        await pilot.press("y")
        assert s.state.volunteers == (1, 2) and s.step().kind == StepKind.ASSIGN
        await pilot.press("1")  # the first task
        text = screen_text(app)
        assert "1 Bob\n" in text and "2 Cas\n" in text
        assert " Ann" not in text.split("goes to")[1] and "Dee" not in text.split("goes to")[1]
        await pilot.press("2")
        assert s.state.owners[0] == 2


async def test_distress_swap_is_shown_to_each_member_behind_the_gate() -> None:
    # the deal of test_pilot: Bob captain; distress to the left: Ann G1, Bob Y1, Cas Y2
    app = create_app(
        AppSettings(players=3, mission=1, seed=7, names="Ann,Bob,Cas", clock_interval=None)
    )
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await pilot.press("enter", "enter", "1")  # the draw, Bob's gate, Bob takes task 40
        assert s.step().kind == StepKind.DISTRESS
        prompt = flat(screen_text(app))
        # free play: no logbook to add an attempt to
        assert "Send the distress signal?" in prompt and "logbook" not in prompt
        await pilot.press("2")
        for keys in (("g", "1"), ("y", "1"), ("y", "2")):
            await pilot.press("enter", *keys, "enter")
        assert s.record.actions[-1] == {"distress": "left", "cards": ["G1", "Y1", "Y2"]}
        text = screen_text(app)
        assert "you passed" not in text  # a public step: nobody's swap
        await pilot.press("1")  # nobody signals; Bob leads
        assert isinstance(app.screen, GateScreen)
        await pilot.press("enter")
        text = screen_text(app)
        assert "Distress signal: you passed ♠Y1 to Cas and got ♣G1 from Ann." in text
        await pilot.press("b", "2", "enter")  # Bob leads B2; Cas's gate
        await pilot.press("enter")
        text = screen_text(app)
        assert "Distress signal: you passed ♠Y2 to Ann and got ♠Y1 from Bob." in text
        assert "Bob and got" not in text and "from Cas" not in text


async def test_a_mission_without_tasks_shows_its_rule_and_one_retry() -> None:
    app = create_app(
        AppSettings(players=4, mission=8, seed=0, clock_interval=None)
    )  # lost in trick 4
    async with app.run_test(size=SIZE):
        s = app.session
        assert s is not None and s.state.setup.task_ids == ()
        text = flat(screen_text(app))
        assert (
            "No task cards. At no moment may any crew member have won two more coloured 9s"
            " than another crew member. The crew succeeds when every trick has been played"
            " without that happening." in text
        )

    # the same game, played against the Session by the crew of tui_driver.Player up to the
    # card that ends it; that card and the result in the app
    def last_card(s: Session, step: Step) -> bool:
        return step.kind == StepKind.PLAY and apply(s.state, lowest_first(s))[0].over

    s = begun(4, 8, 0, last_card)
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(s)
        await play_to_result(pilot, app, Player())
        assert isinstance(app.screen, ResultScreen)
        last = s.state.tricks[-1]
        text = screen_text(app)
        assert f"Last trick ({len(s.state.tricks)}): {s.name(last.leader)} " in text
        assert "r Retry (new deal)" in text and "new tasks" not in text
        before = s.attempt
        await pilot.press("n")  # nothing new to draw: no such choice
        assert isinstance(app.screen, ResultScreen) and s.attempt == before
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and s.attempt == before + 1


async def test_fixed_tasks_are_not_called_drawn() -> None:
    app = create_app(AppSettings(players=4, mission=32, seed=5, clock_interval=None))
    async with app.run_test(size=SIZE):
        text = flat(screen_text(app))
        assert "Mission 32: the mission's 4 tasks." in text and "drawn" not in text


async def test_footers_show_the_hand_and_scroll_keys() -> None:
    app = create_app(
        AppSettings(players=3, mission=1, seed=7, names="Ann,Bob,Cas", clock_interval=None)
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter", "1", "1", "1", "enter")  # ... Bob's hand to lead
        assert app.session is not None and app.session.step().kind == StepKind.PLAY
        assert footer(app).startswith(" ← → Card  ⏎ Play card")
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # the rules
        assert "↑ ↓ Scroll  PgUp PgDn Page  esc Close" in footer(app)
        await pilot.press("escape", "l")  # the logbook
        assert "↑ ↓ Scroll" in footer(app)


def test_task_owners_with_long_names_are_not_cut() -> None:
    names = ["Alexandrinaa", "Bartholomew1", "Christophera"]
    state = attempt(3, 1, ["P1", "S4", "P5"], [40, 2])
    s = session_for(state, names)
    s.ack_draw()
    s.open_gate()
    assert s.act(Take(1, 40)) is None  # Bartholomew1 is captain and chooses first
    s.open_gate()
    assert s.act(Take(2, 2)) is None
    console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
    console.print(tasks_table(SeatScope(s), wrap=True))
    rows = console.export_text().splitlines()
    # status, id, difficulty for this crew size, owner, text
    assert rows[0].split()[:6] == ["·", "open", "#40", "d1", "Bartholomew1", "Win"]
    assert rows[1].split()[:6] == ["·", "open", "#2", "d1", "Christophera", "Win"]


async def test_two_players_distress_is_a_swap() -> None:
    app = create_app(
        AppSettings(players=2, mission=3, seed=4, names="Ann,Bob", clock_interval=None)
    )
    player = Player(distress="left")
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None

        def after_distress(app: CrewApp) -> bool:
            return bool(s.state.distress) and open_table(app)

        await drive_until(pilot, app, player, after_distress)
        assert s.step().kind == StepKind.PLAY
        assert s.record.actions[-1] == {"distress": "left", "cards": ["B1", "P3"]}
        assert "Distress signal: Ann and Bob swapped one card." in screen_text(app)
        assert "to the left" not in screen_text(app)
        # no question about signalling: Ann (captain) leads straight after her gate
        assert s.step().viewer == 0 and s.unlocked == 0
        assert "Distress signal: you swapped your ♦B1 for Bob's ♥P3." in screen_text(app)


async def test_a_distress_card_a_task_needs_kept_is_named() -> None:
    # mission 2, deal code 12: Cas (captain) takes #75 (win a trick with a coloured 6 of her
    # own) and holds one 6, the green 6: passing it leaves her only the card she receives
    app = create_app(
        AppSettings(players=3, mission=2, seed=12, names="Ann,Bob,Cas", clock_interval=None)
    )
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (75,)
        await pilot.press("enter", "enter", "1")  # the draw, Cas's gate, Cas takes #75
        assert s.state.owners == (2,) and s.step().kind == StepKind.DISTRESS
        await pilot.press("2")  # send it, to the left
        for keys in (("p", "1"), ("y", "1")):  # Ann and Bob pass; no task needs their cards
            await pilot.press("enter")
            assert "is your last card" not in flat(screen_text(app))
            await pilot.press(*keys, "enter")
        await pilot.press("enter")  # Cas's gate
        prompt = flat(screen_text(app))
        assert "♣G6 is your last card that task #75 needs (!)" in prompt
        await pilot.press("y", "1", "enter")
        assert s.record.actions[-1]["cards"][2] == "Y1"


async def test_a_prediction_the_hand_can_never_make_is_marked() -> None:
    # mission 3, deal code 260: Cas (captain) takes #83 (win exactly the tricks predicted) and
    # holds submarines 4 and 3, which win a trick each whatever the others play
    app = create_app(
        AppSettings(
            players=3, mission=3, seed=260, names="Ann,Bob,Cas", clock_interval=None, settle=0
        )
    )
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (83,)
        await pilot.press("enter", "enter", "1")  # the draw, Cas's gate, Cas takes #83
        await pilot.press("1")  # no distress signal
        assert s.step().kind == StepKind.PREDICT
        await pilot.press("enter")  # Cas's gate
        choices = app.screen.query_one(Choices)
        warned = [i for i, c in enumerate(choices.items) if c.warning]
        assert warned == [0, 1]
        assert choices.items[1].warning == (
            "cannot come true: your submarines from the 4 down win at least 2 tricks"
        )
        assert choices.highlighted == 2  # the cursor starts on a number within reach
        await pilot.press("enter")
        assert s.state.predictions[2] == 2
