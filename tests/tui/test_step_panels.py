"""Two table details: the task list never hides Pass at 80x24; under currents the signaller
sees her own token's position (the others see "? hidden")."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_driver import cards_on, screen_text
from tui_hands import advance, lowest_first

from crew.engine import Phase, Signal, card_str, cards_in, legal_actions
from crew.engine.missions import CURRENTS
from crew.table import GameSpec, SeatScope, Session, Step, StepKind
from crew.tui.app import AppSettings, create_app
from crew.tui.render import crew_table
from crew.tui.widgets import list_steps
from crew.tui.widgets.choices import Choices


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


async def marked(pilot: Pilot[Any]) -> None:
    """The hand-out marks worked out (in a worker thread) and drawn."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_task_list_shows_pass_at_80x24() -> None:
    # mission 24, five players, deal code 1: six tasks, one of them too long for one line
    app = create_app(AppSettings(players=5, mission=24, seed=1, clock_interval=None, settle=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the draw
        await pilot.pause()
        await pilot.press("enter")  # Bob's gate
        await pilot.pause()
        choices = app.screen.query_one(Choices)
        assert [c.label for c in choices.items][-1] == "Pass" and len(choices.items) == 7
        assert choices.max_scroll_y == 0  # nothing behind a scrollbar
        # the mark comes first (the end of a long line is cut off), the reason in full below
        # the list once the entry is highlighted
        text = screen_text(app)
        assert " 7 ✗ Pass" in text and "not allowed" not in text
        await pilot.press("end")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "✗ not allowed: there are 6 tasks for 5 crew members; passing is only" in text


async def test_a_task_that_can_never_succeed_beside_ones_own_is_marked_and_skipped() -> None:
    # mission 24, deal code 7: tasks 40 (win the first trick) and 47 (win none of the first
    # three) are dealt together; one crew member holding both can never win the attempt. Ann
    # (captain) takes #40, Bob #58, Cat #61, Dee #24 (key 2): Ann's list is #47 and #2
    app = create_app(AppSettings(players=4, mission=24, seed=7, clock_interval=None, settle=0))
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (40, 58, 61, 47, 24, 2)
        for _ in range(7):
            await pilot.press("enter")  # the draw; Ann, Bob, Cat: gate, first task
            await pilot.pause()
        await pilot.press("enter")  # Dee's gate: Dee may take #47
        await pilot.pause()
        assert "would lose the attempt" not in screen_text(app)
        await pilot.press("2")  # task #24
        await pilot.pause()
        await pilot.press("enter")  # Ann's gate
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Ann: take a task · #47 would lose the attempt (!)" in text
        assert " 1 ! #47 Win none of the first three tricks" in text
        # the cursor starts on the entry that does not lose: #2, and Enter takes it
        assert app.screen.query_one(Choices).highlighted == 1
        await pilot.press("up")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "! loses the attempt: it can never succeed beside #40, also Ann's" in text
        await pilot.press("down", "enter")
        await pilot.pause()
        ids = s.state.setup.task_ids
        assert s.state.owners[ids.index(2)] == 0 and s.state.owners[ids.index(47)] == -1


async def test_a_task_the_captain_may_not_take_is_marked_before_it_is_chosen() -> None:
    # mission 3, deal code 5: Ann is captain and task #60 compares with the captain
    app = create_app(AppSettings(players=4, mission=3, seed=5, clock_interval=None, settle=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the draw
        await pilot.pause()
        await pilot.press("enter")  # Ann's gate
        await pilot.pause()
        s = app.session
        assert s is not None and s.state.setup.captain == 0 and 60 in s.state.setup.task_ids
        text = screen_text(app)
        assert " 1 ✗ #60 At mission end" in text
        await pilot.press("up")  # the first allowed entry was highlighted: up to #60
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "✗ not allowed: the captain may never take task 60" in text
        before = s.state
        await pilot.press("enter")
        await pilot.pause()
        assert s.state is before  # chosen all the same: refused, nothing changed


def sonar_row(s: Session, seat: int) -> str:
    from rich.console import Console

    console = Console(width=100, record=True, color_system=None, file=None)
    with console.capture() as cap:
        console.print(crew_table(SeatScope(s)))
    return next(line for line in cap.get().splitlines() if s.name(seat) in line)


def test_under_currents_the_signaller_sees_her_own_position() -> None:
    # mission 20, deal code 2: unknown terrain G4 means currents
    s = Session.new(GameSpec(4, [], 20, seed=2), autosave=False)
    assert s.state.setup.rules.communication == CURRENTS
    advance(s, lambda s, step: step.kind == StepKind.PLAY and bool(s.signal_first()))
    assert s.state.phase == Phase.PLAY
    seat = s.signal_first()[0]
    assert s.start_signal(seat) is None
    s.open_gate()
    sig = next(a for a in legal_actions(s.state) if isinstance(a, Signal) and a.seat == seat)
    assert s.signal(sig.card, sig.position) is None
    word = {"top": "↑ highest", "middle": "● only", "bottom": "↓ lowest"}[sig.position]
    # the crew member at the terminal now (the leader, behind a gate) sees it hidden...
    s.open_gate()
    if s.unlocked != seat:
        assert "? hidden" in sonar_row(s, seat) and word not in sonar_row(s, seat)
    # ...and so does everybody on a public screen, while she herself sees where it lies
    s.close_gate()
    assert "? hidden" in sonar_row(s, seat)
    while s.step().viewer != seat:
        s.open_gate()
        assert s.act(legal_actions(s.state)[0]) is None
    s.open_gate()
    assert word in sonar_row(s, seat) and "? hidden" not in sonar_row(s, seat)


async def test_a_trick_costs_only_its_gates_and_cards() -> None:
    # four players, nobody signals: per trick at most four gates (Enter) and four cards
    # (colour, value, Enter); no question about signalling (it was one more key per trick).
    # Mission 3, deal code 31 is decided in trick 4: the first trick (with the crew's answer to
    # the distress question), tricks in between and the last one (to the result) are all
    # played through the app. That every trick of a longer game is made of the same steps is
    # the next test's.
    from tui_driver import Player, play_to_result

    app = create_app(AppSettings(players=4, mission=3, seed=31, clock_interval=None, settle=0))
    player = Player()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_result(pilot, app, player)
    s = app.session
    assert s is not None and len(s.state.tricks) >= 4
    keys = player.trick_keys
    # trick 1 also carries the crew's one answer to the distress question
    assert keys[1] <= 4 + 4 * 3 + 1
    assert len(keys) >= 2 and max(n for trick, n in keys.items() if trick > 1) <= 4 + 4 * 3


def test_every_trick_of_a_whole_game_is_its_gates_and_cards_only() -> None:
    # mission 3, deal code 11, played to its end by the crew of the test above (the lowest
    # legal card, the first choice, no distress signal, nobody signals): ten tricks, each of
    # them four cards played behind at most four gates, and no other step (the distress
    # question comes before the first card); the app takes one key per gate and three per card
    # (the test above)
    s = Session.new(GameSpec(4, [], 3, seed=11), autosave=False)
    steps: dict[int, list[tuple[bool, StepKind]]] = {}

    def record(s: Session, step: Step) -> bool:
        if s.state.phase == Phase.PLAY:
            gate = s.gate_seat() is not None
            steps.setdefault(s.state.trick_number, []).append((gate, step.kind))
        return step.kind == StepKind.RESULT

    advance(s, record, lowest_first)
    assert len(s.state.tricks) == 10 and set(steps) == set(range(1, 11))
    for trick, seen in steps.items():
        kinds = [kind for _, kind in seen]
        if trick == 1 and kinds[0] == StepKind.DISTRESS:
            kinds = kinds[1:]  # the one public question, answered with one key
        assert kinds == [StepKind.PLAY] * 4, (trick, seen)
        assert sum(gate for gate, _ in seen) <= 4, (trick, seen)


async def test_a_crew_member_choosing_a_task_sees_their_own_hand() -> None:
    # mission 1, deal code 7: captain Cas chooses first, behind her gate
    app = create_app(AppSettings(players=4, mission=1, seed=7, clock_interval=None, settle=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the draw
        await pilot.pause()
        gate = screen_text(app)
        assert "Cas, press Enter" in gate and not cards_on(gate)
        await pilot.press("enter")  # Cas's gate
        await pilot.pause()
        s = app.session
        assert s is not None and s.step().kind == StepKind.DISTRIBUTE
        text = screen_text(app)
        own = {card_str(c) for c in cards_in(s.state.hands[s.state.setup.captain])}
        assert cards_on(text) == own  # all of Cas's cards, nobody else's
        assert " 2 Pass" in text


async def test_the_only_card_of_a_colour_is_shown_without_asking_where_its_token_goes() -> None:
    # Ann holds P5 as her only pink (and three of every other colour): one Enter on P5 makes the
    # signal, its token in the middle ("only"); no second question
    from tui_hands import attempt, session_for

    state = attempt(4, 1, ["P5 B1 B2 B3 G1 G2 G3 Y1 Y2 Y3"], [1])
    s = session_for(state)
    advance(s, lambda s, step: step.kind == StepKind.PLAY, lowest_first)
    assert s.start_signal(0) is None
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(s)
        await pilot.pause()
        await pilot.press("enter")  # Ann's gate
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "♥P5 ● only" in text and "♦B1 ↓ lowest" in text and "♦B3 ↑ highest" in text
        await pilot.press("p", "5", "enter")
        await pilot.pause()
    assert s.record.actions[-1] == {"signal": "P5", "seat": 0, "position": "middle"}
    assert s.step().kind == StepKind.PLAY


async def test_enter_at_a_lead_never_plays_a_card_that_loses_at_once() -> None:
    # mission 12, deal code 2: Dee (captain) leads holding P2 P8 B4 B6 B7 G3 G4 Y3 Y5 S4. Leading
    # pink or a submarine loses the attempt at once, so the cursor starts on B4, not on P2, and
    # the prompt names the cards that would lose
    app = create_app(
        AppSettings(
            players=4, mission=12, seed=2, names="Ann,Bob,Cas,Dee", clock_interval=None, settle=0
        )
    )
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):  # begin, no distress signal, Dee's gate
            await pilot.press("enter")
            await pilot.pause()
        text = screen_text(app)
        assert "Dee, play a card to trick 1: you lead" in text
        assert "♥P2 ♥P8 ⚓S4 would lose the" in text and "attempt at once" in text
        await pilot.press("enter")  # the card under the cursor
        await pilot.pause()
        await pilot.press("enter")  # Ann's gate
        await pilot.pause()
        text = screen_text(app)
        assert "♦B4 led" in text and "LOST" not in text
        assert "Ann, play a card to trick 1" in text and "would lose" not in text


async def test_a_task_that_leaves_the_last_one_to_a_hand_it_clashes_with_is_marked() -> None:
    # mission 24, deal code vp1-24-0: Bob (captain) takes #7 (win P5 and Y6), Cat #74, Dee
    # #63; Ann chooses between #75 and #28 (win no pink card), and Bob takes what she leaves:
    # #28 beside his #7 can never succeed (seen in tmux, where Enter took #75 and lost)
    app = create_app(
        AppSettings(players=4, mission=24, seed="vp1-24-0", clock_interval=None, settle=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (7, 75, 74, 63, 28)
        await pilot.press("enter", "enter")  # the draw; Bob's gate
        await pilot.pause()
        assert "would lose the attempt" not in screen_text(app)
        await pilot.press("1")  # Bob: #7
        await pilot.pause()
        await pilot.press("enter", "2")  # Cat's gate: #74 (after #75)
        await pilot.pause()
        await pilot.press("enter", "2")  # Dee's gate: #63 (after #75)
        await pilot.pause()
        ids = s.state.setup.task_ids
        assert [s.state.owners[ids.index(t)] for t in (7, 74, 63)] == [1, 2, 3]
        await pilot.press("enter")  # Ann's gate
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Ann: take a task · #75 would lose the attempt (!)" in text
        # the cursor starts on the entry that does not lose: #28
        assert app.screen.query_one(Choices).highlighted == 1
        await pilot.press("up")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert (
            "! loses the attempt: the tasks left can then only go out with #7 and #28"
            " together, which can never both succeed" in text
        )
        await pilot.press("down", "enter")
        await pilot.pause()
        assert s.state.owners[ids.index(28)] == 0


async def test_tasks_whose_tricks_can_never_add_up_are_marked() -> None:
    # mission 24, deal code w67 (seen in tmux): four players, 10 tricks; Cas (captain) takes
    # two of #59 (more tricks than the captain, never the captain's), #42 (the first three
    # tricks), #64 (a strict majority), #58 (never two in a row), #54 (two in a row), the others
    # one each. Whichever two: the captain's #64 leaves 7 to #59's owner (13 of 10); with #42
    # and #54, #64 goes to another: 3 + 4 + 6; #58 beside #42 or #54 can never succeed
    app = create_app(AppSettings(players=4, mission=24, seed="w67", clock_interval=None, settle=0))
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (59, 42, 64, 58, 54)
        assert s.state.setup.captain == 2
        await marked(pilot)
        # lost from the draw, said once before anyone chooses
        text = " ".join(screen_text(app).split())
        assert (
            "However the tasks are handed out, #59, #42, #64 and #54 go out together, and their"
            " owners' tricks can never add up: this attempt cannot be won." in text
        )
        await pilot.press("enter", "enter")  # the draw; Cas's gate
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Cas: take a task · #42 #54 #58 #64 would lose the attempt (!)" in text
        assert "this attempt cannot be won" not in text
        # the cursor's entry, #42: then Cas takes #54 or leaves it to a third seat, and with
        # #64 and #59 there is no room for them all
        assert (
            "! loses the attempt: the tasks left can then only go out with #59, #42, #64 and"
            " #54 together, whose owners' tricks can never add up" in text
        )


async def test_a_volunteer_answer_that_dooms_the_attempt_is_marked() -> None:
    # mission 26, three players, deal code pd5021: two volunteers split the tasks, and Cas, the
    # captain, may take neither #61 (as many tricks as the captain) nor #59 (more tricks than
    # the captain). Were Ann to say no, Bob and Cas would be the two and both tasks would go to
    # Bob, where they can never both succeed (found by trying every answer of random deals)
    app = create_app(
        AppSettings(players=3, mission=26, seed="pd5021", clock_interval=None, settle=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (71, 61, 7, 96, 59, 54)
        assert s.state.setup.captain == 2
        # not lost from the draw: Ann's yes leaves a way
        assert "this attempt cannot be won" not in " ".join(screen_text(app).split())
        await pilot.press("enter", "enter")  # begin; Ann's gate
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "The captain asks Ann: will you be one of the two volunteers" in text
        assert (
            "No (! loses the attempt: the tasks left can then only go out with #61 and #59"
            " together, which can never both succeed)" in text
        )
        assert "Yes, I volunteer (!" not in text
        # the cursor starts on the answer that does not lose
        assert app.screen.query_one(Choices).highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert 0 in s.state.volunteers


async def test_a_pair_that_dooms_every_hand_out_is_said_at_the_draw() -> None:
    # mission 25, three players, deal code pd3-25-15 (found by asking the engine of random
    # deals): the captain takes no task, so the two others share #16, #50, #7 and #56 two each,
    # and every way puts #50 (win no trick) beside a task that needs one
    app = create_app(
        AppSettings(players=3, mission=25, seed="pd3-25-15", clock_interval=None, settle=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (16, 50, 7, 56)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert (
            "However the tasks are handed out, #50 and #56 go out together and can never both"
            " succeed: this attempt cannot be won." in text
        )


class HeldMarks:
    """The hand-out marks held back while ``release`` is clear (as a slow list of the
    epilogue's would be, up to a second); ``held``: the marks that were held."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.release.set()
        self.held: list[list_steps.HandOutMarks] = []
        work_out = list_steps.HandOutMarks.work_out

        def slow(marks: list_steps.HandOutMarks) -> list_steps.HandOutMarks:
            if not self.release.is_set():
                self.held.append(marks)
                assert self.release.wait(10)
            return work_out(marks)

        monkeypatch.setattr(list_steps.HandOutMarks, "work_out", slow)


async def test_the_list_is_drawn_and_answers_keys_before_its_marks_are_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the deal of test_a_task_the_captain_may_not_take_is_marked_before_it_is_chosen: on Ann's
    # list #75 dooms the attempt. Its marks are held back until the test lets them go: the
    # list and its keys do not wait
    marks = HeldMarks(monkeypatch)
    release = marks.release
    monkeypatch.setattr(list_steps, "CHECKING_AFTER", 0.05)
    app = create_app(
        AppSettings(players=4, mission=24, seed="vp1-24-0", clock_interval=None, settle=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None and s.state.setup.task_ids == (7, 75, 74, 63, 28)
        await pilot.press("enter", "enter", "1")  # the draw; Bob's gate: #7
        await pilot.press("enter", "2", "enter", "2")  # Cat: #74, Dee: #63
        await marked(pilot)
        release.clear()
        await pilot.press("enter")  # Ann's gate: her list, its marks held back
        await pilot.pause()
        choices = app.screen.query_one(Choices)
        assert [c.value.task for c in choices.items[:2]] == [75, 28]
        text = " ".join(screen_text(app).split())
        assert "Ann: take a task" in text and "(!)" not in text and "loses the" not in text
        assert choices.highlighted == 0  # nothing known yet: the first entry
        await pilot.press("down")  # the keys act at once
        assert choices.highlighted == 1
        await pilot.pause(0.2)
        assert "Checking which choices would lose the attempt…" in screen_text(app)
        release.set()
        await marked(pilot)
        text = " ".join(screen_text(app).split())
        assert "Ann: take a task · #75 would lose the attempt (!)" in text
        assert "Checking which choices" not in text
        assert choices.highlighted == 1  # where Ann put it
        await pilot.press("up")
        text = " ".join(screen_text(app).split())
        assert "! loses the attempt: the tasks left can then only go out with #7 and #28" in text


async def test_marks_come_for_the_table_they_were_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the marks of Dee's list are held back while Dee takes a task: when they come, the table
    # has moved on to Ann's list, which is marked by its own (#75 dooms only there), and the
    # cursor, untouched, moves to the entry that does not lose
    marks = HeldMarks(monkeypatch)
    release, held = marks.release, marks.held
    app = create_app(
        AppSettings(players=4, mission=24, seed="vp1-24-0", clock_interval=None, settle=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = app.session
        assert s is not None
        await pilot.press("enter", "enter", "1")  # the draw; Bob's gate: #7
        await pilot.press("enter", "2")  # Cat: #74
        await marked(pilot)
        release.clear()
        await pilot.press("enter")  # Dee's gate: her list, its marks held back
        await pilot.pause()
        assert len(held) == 1
        await pilot.press("2")  # Dee: #63
        await pilot.press("enter")  # Ann's gate
        await pilot.pause()
        release.set()
        await marked(pilot)
        assert len(held) == 2  # Ann's list asked for its own marks
        text = " ".join(screen_text(app).split())
        assert "Ann: take a task · #75 would lose the attempt (!)" in text
        assert app.screen.query_one(Choices).highlighted == 1
