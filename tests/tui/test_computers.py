"""Computer crewmates at the table: who sits where, no gate for a computer, their pace and worker,
save and continue with computers, and the campaign crew that remembers them."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest
from shared_cases import CHEAP
from tui_driver import Player, ann_and_computers, drive_until, play_to_result, screen_text, shown

from crew import storage
from crew.bots import Memory
from crew.engine import TONOJA, Phase, legal_actions, view_for
from crew.table import GameSpec, Session, SessionError, StepKind, jobs, parse_seats
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.dialogs import HelpScreen
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.title import TitleScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def watch_gates(gates: list[str]) -> Any:
    def each(app: CrewApp) -> None:
        if isinstance(app.screen, GateScreen):
            gates.append(app.screen.who)

    return each


# -- seats ------------------------------------------------------------------------------------


def test_seats_from_names_text_and_spec() -> None:
    names, computers = parse_seats("Ann, computer, Bob, CPU", 4)
    assert names == ["Ann", "", "Bob", ""] and computers == [1, 3]
    spec = GameSpec(4, names, 1, computers=computers).checked()
    assert spec.names == ["Ann", "Robo 1", "Bob", "Robo 2"] and spec.computers == [1, 3]
    # the people's names only: the computers take the last seats
    spec = GameSpec(4, ["Ann"], 1, computers=[1, 2, 3]).checked()
    assert spec.names == ["Ann", "Robo 1", "Robo 2", "Robo 3"]
    # the same name twice is one person in two seats
    assert GameSpec(3, ["Ann", "Ann", ""], 1, computers=[2]).checked().names[2] == "Robo 1"
    with pytest.raises(SessionError, match="at least one seat"):
        GameSpec(2, [], 1, computers=[0, 1]).checked()
    with pytest.raises(SessionError, match="name of its own"):
        GameSpec(3, ["Ann", "Ann", "Ann"], 1, computers=[2]).checked()


def test_a_computer_decides_from_its_own_view_and_memory_only() -> None:
    s = Session.new(
        GameSpec(4, ["Ann"], 1, seed=3, computers=[1, 2, 3]), autosave=False, settings=CHEAP
    )
    s.ack_draw()
    seen: list[object] = []

    def spy(view: Any, memory: Any, rng: Any, settings: Any) -> Any:
        seen.append(view)
        return real(view, memory, rng, settings)

    real = jobs.choose_action
    ask = s.ask()
    if ask is None:  # Ann is captain: she takes the first task
        s.act(next(a for a in legal_actions(s.state)))
        ask = s.ask()
    assert ask is not None and ask.kind == "action" and s.is_computer(ask.seat)
    jobs.choose_action = spy  # type: ignore[assignment]
    try:
        answer = s.question(ask)()
    finally:
        jobs.choose_action = real  # type: ignore[assignment]
    (view,) = seen
    assert view == view_for(s.state, ask.seat)  # its own view: no other hand
    before = len(s.record.actions)
    assert s.answer(answer) and len(s.record.actions) == before + 1
    assert not s.answer(answer)  # asked again after the table moved on: dropped


# -- whole games in the app -------------------------------------------------------------------


async def test_one_person_and_three_computers_play_mission_1_without_a_gate() -> None:
    app = create_app(ann_and_computers(players=4, mission=1, seed=11))
    player = Player()
    gates: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, player, each=watch_gates(gates))
        assert isinstance(app.screen, ResultScreen)
        s = app.session
        assert s is not None and s.state.over
        assert s.names == ["Ann", "Robo 1", "Robo 2", "Robo 3"]
        # the computers played their own cards; Ann pressed keys at her own steps only
        plays = [a for a in s.record.actions if "play" in a]
        assert {a["seat"] for a in plays} >= {1, 2, 3} or len(plays) < 4
    assert gates == []  # one person at the terminal: nobody to hide a hand from


@pytest.mark.parametrize("captain_is_computer", [False, True])
async def test_two_players_with_a_computer_partner_and_tonoja(captain_is_computer: bool) -> None:
    seed = next(
        k
        for k in range(100)
        if (
            Session.new(
                GameSpec(2, ["Ann"], 1, seed=k, computers=[1]), autosave=False
            ).state.setup.captain
            == 1
        )
        == captain_is_computer
    )
    app = create_app(ann_and_computers(players=2, mission=1, seed=seed))
    player = Player()
    gates: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, player, each=watch_gates(gates))
        assert isinstance(app.screen, ResultScreen)
        s = app.session
        assert s is not None and s.state.over and s.state.setup.tonoja
        tonoja_cards = [a for a in s.record.actions if "play" in a and a["seat"] == TONOJA]
        # whoever is captain plays Tonoja (the driver fails on a key at a computer's turn)
        assert tonoja_cards
    assert gates == []


async def test_one_person_in_two_seats_has_no_gate_between_them() -> None:
    # Ann holds seats 0 and 1, Bob seat 2, a computer seat 3
    app = create_app(
        AppSettings(
            players=4,
            mission=1,
            seed=2,
            names=["Ann", "Ann", "Bob"],
            computers=1,
            clock_interval=None,
            search=CHEAP,
        )
    )
    player = Player()
    events: list[tuple[str, object]] = []
    prompts: list[tuple[int, str]] = []

    def each(a: CrewApp) -> None:
        s = a.session
        assert s is not None
        if isinstance(a.screen, GateScreen):
            events.append(("gate", a.screen.who))
        elif isinstance(a.screen, GameScreen) and s.ask() is None:
            step = s.step()
            if step.private and step.viewer in (0, 1):
                events.append(("ann", step.viewer))
                prompts.append((step.viewer, prompt_line(screen_text(a))))
            elif step.private:
                events.append(("other", step.viewer))
            else:
                events.append(("public", None))

    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, player, each=each)
    # Ann's seat 0 straight after her seat 1 (or back): never a gate in between
    pairs = [
        (events[i], events[i + 1])
        for i in range(len(events) - 1)
        if events[i][0] == "ann" and events[i + 1][0] == "ann"
    ]
    assert any(a[1] != b[1] for a, b in pairs), "Ann's two seats never followed each other"
    for i, e in enumerate(events[:-1]):
        # Ann's hand was on screen and she is next again: no hand-off to herself
        assert not (e[0] == "ann" and events[i + 1] == ("gate", "Ann")), events[i - 3 : i + 3]
    # each of Ann's seats has its own label, the seat counted from 1, and the prompt names the
    # seat whose hand is on screen
    assert {viewer for viewer, _ in prompts} == {0, 1}
    for viewer, line in prompts:
        assert line.startswith(f"Ann·{viewer + 1}"), line
        assert f"Ann·{2 - viewer}" not in line, line
    assert ("gate", "Bob") in events  # Bob is another person: the hand-off stays
    assert ("gate", "Ann·1") not in events and ("gate", "Ann·2") not in events


def prompt_line(screen: str) -> str:
    """The first line of the action area: below the table's second rule."""
    lines = screen.splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("────")]
    return lines[rules[1] + 1].strip()


async def test_a_game_with_computers_saved_mid_trick_continues_and_finishes() -> None:
    app = create_app(ann_and_computers(players=4, mission=1, seed=21))
    player = Player()

    def mid_trick(a: CrewApp) -> bool:
        s = a.session
        assert s is not None
        st = s.state
        # computers played to this trick already, Ann is to play, computers follow her
        return (
            st.phase == Phase.PLAY
            and bool(st.trick_cards)
            and s.ask() is None
            and s.step().viewer == 0
            and len(st.trick_cards) < 3
        )

    async with app.run_test(size=SIZE) as pilot:
        await drive_until(pilot, app, player, lambda a: a.session is not None and mid_trick(a))
        s = app.session
        assert s is not None
        await app.workers.wait_for_complete()
        await pilot.pause()
        live = {seat: (m.tricks, m.complete) for seat, m in s.memories.items()}
        saved_actions = list(s.record.actions)
    rec = storage.load_game()
    assert rec is not None and rec.table is not None and rec.table.computers == [1, 2, 3]
    assert rec.actions == saved_actions
    app = create_app(AppSettings(clock_interval=None, search=CHEAP))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        app.continue_game()
        await pilot.pause()
        s = app.session
        assert s is not None and s.computers == frozenset({1, 2, 3})
        # the computers remember the game as they saw it before the save
        assert {seat: (m.tricks, m.complete) for seat, m in s.memories.items()} == live
        await play_to_result(pilot, app, Player())
        assert isinstance(app.screen, ResultScreen) and s.state.over


async def test_thinking_is_shown_and_keys_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = jobs.choose_action

    def slow(*args: Any, **kwargs: Any) -> Any:
        release.wait(20)
        return real(*args, **kwargs)

    monkeypatch.setattr(jobs, "choose_action", slow)
    app = create_app(ann_and_computers(players=4, mission=1, seed=11))
    player = Player()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        s = app.session
        assert s is not None
        for _ in range(20):
            ask = s.ask()
            if ask is not None and ask.kind == "action":
                break
            assert ask is None
            await player.act(pilot, app)
        else:
            raise AssertionError("no computer was asked")
        await pilot.pause()
        before = len(s.record.actions)
        assert f"{s.name(ask.seat)} is thinking…" in screen_text(app)
        await pilot.press("question_mark")  # the keys still work while it thinks
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter", "1", "x")  # nobody answers for the computer
        assert len(s.record.actions) == before
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(s.record.actions) > before


async def test_a_computer_move_stays_on_screen_until_its_pace_or_space() -> None:
    app = create_app(ann_and_computers(players=4, mission=1, seed=11, pace=30.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        s = app.session
        assert s is not None
        await pilot.press("enter")  # everybody has seen the draw
        for _ in range(10):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if "(Space: go on)" in screen_text(app):
                break
            if s.ask() is None:
                await Player().act(pilot, app)
        else:
            raise AssertionError("no computer move was held on screen")
        held = len(s.record.actions)
        await pilot.pause(0.2)
        assert len(s.record.actions) == held and "(Space: go on)" in screen_text(app)
        await pilot.press("space")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(s.record.actions) > held or s.ask() is None


# -- the campaign crew ----------------------------------------------------------------------------


def test_a_campaign_crew_remembers_its_computers() -> None:
    Session.new(GameSpec(4, ["Ann"], 1, seed=4, crew="Deep", computers=[1, 2, 3]))
    crew = storage.load_log().crews["Deep"]
    assert crew.members == ["Ann", "Robo 1", "Robo 2", "Robo 3"] and crew.computers == [1, 2, 3]
    # a logbook written before computers existed still loads: nobody is a computer
    old = storage.CrewLog.model_validate({"members": ["Ann", "Bob"], "current": 2})
    assert old.computers == []


def test_memory_replayed_equals_memory_observed_live() -> None:
    s = Session.new(
        GameSpec(3, ["Ann"], 1, seed=9, computers=[1, 2]), autosave=False, settings=CHEAP
    )
    views = {seat: [view_for(s.state, seat)] for seat in (1, 2)}
    s.ack_draw()
    for _ in range(200):
        if s.state.over:
            break
        ask = s.ask()
        if ask is not None:
            s.answer(s.question(ask)())
        else:
            step = s.step()
            if step.kind == StepKind.DISTRESS:
                s.decide_distress(None)
            else:
                s.act(legal_actions(s.state)[0])
        for seat in (1, 2):
            views[seat].append(view_for(s.state, seat))
    for seat in (1, 2):
        assert Memory.replayed(seat, views[seat]).tricks == s.memories[seat].tricks


async def test_a_new_attempt_opens_without_the_last_attempts_news() -> None:
    # deal code 7: Robo 1 plays the card that wins the mission (task decided in trick 1); the
    # next mission opens on its draw without "Robo 1 played ..." of the mission before
    app = create_app(ann_and_computers(players=4, mission=1, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, Player())
        s = app.session
        assert s is not None and s.state.result == "won"
        assert s.record.actions[-1]["seat"] != 0  # a computer's card ended it
        await pilot.press("m")  # next mission
        await pilot.pause()
        assert s.mission == 2 and isinstance(app.screen, GameScreen)
        text = screen_text(app)
        # the news of a card ("Robo 1 played P5."); a task's text may say "played" itself
        assert not re.search(r"\b(Ann|Robo \d) played\b", text), text
        assert "Trick 1 won" not in text, text


def _to_first_window(s: Session) -> None:
    """Let the computers answer and the person take the first choice until the table waits
    for the people before a computer's lead."""
    from crew.engine import legal_actions

    for _ in range(200):
        ask = s.ask()
        if s.step().kind == StepKind.WINDOW and ask is None:
            return
        if ask is not None:
            assert s.answer(s.question(ask)())
            continue
        step = s.step()
        if step.kind == StepKind.DRAW:
            s.ack_draw()
        elif step.kind == StepKind.DISTRESS:
            s.decide_distress(None)
        else:
            s.open_gate()
            assert s.act(legal_actions(s.state)[0]) is None
    raise AssertionError("no computer led with a person able to signal")


def test_before_a_computer_leads_the_people_are_asked_whether_one_signals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 19: "c" was only taken in the moment the computer leader was thinking
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    s = Session.new(GameSpec(4, ["Ann"], 2, seed=3, computers=[1, 2, 3]), settings=CHEAP)
    _to_first_window(s)
    leader = s.state.turn
    assert leader in s.computers and s.ask() is None  # the computer waits for the people
    assert s.signal_first() == [0]
    # Continue keeps the question open, and "play on" closes it for this trick only
    again = Session.resume(storage.load_game())
    assert again.step().kind == StepKind.WINDOW
    s.play_on()
    assert s.step().kind == StepKind.PLAY and s.ask() is not None
    assert s.ask().kind == "action" and s.ask().seat == leader  # type: ignore[union-attr]
    assert Session.resume(storage.load_game()).step().kind == StepKind.PLAY


async def test_c_before_a_computers_lead_lets_the_person_signal() -> None:
    app = create_app(ann_and_computers(players=4, mission=2, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await drive_until(
            pilot, app, Player(), lambda a: s.step().kind == StepKind.WINDOW and s.ask() is None
        )
        # the table is drawn a moment after the session moved on (later on a busy machine)
        text = await shown(pilot, app, "c Signal first")
        assert "Does somebody signal first?" in text and "c Signal first" in text
        await pilot.press("c")
        await pilot.pause()
        assert s.step().kind == StepKind.SIGNAL and s.step().seat == 0
        assert "Ann: choose the card to show" in screen_text(app)


async def test_free_task_choice_goes_on_after_each_task_and_v_keeps_the_task_chosen() -> None:
    # issue 19: after "#28 goes to Robo 1" the screen stayed on "Task #28 goes to..." with
    # every name not allowed; v there threw the choice back to the task list
    app = create_app(ann_and_computers(players=4, mission=17, seed=21))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await pilot.press("1")  # begin
        await pilot.press("1")  # task #28 (the first in the list)
        assert "Task #28 goes to" in screen_text(app)
        await pilot.press("2")  # to Robo 1
        await pilot.pause()
        assert s.state.owners[s.state.setup.task_ids.index(28)] == 1
        text = screen_text(app)
        assert "Choose a task" in text and "#28 Win no pink" not in text
        await pilot.press("1")  # the next task
        await pilot.pause()
        pending = screen_text(app)
        assert "goes to…" in pending
        # one person at the table: v shows her hand at once, nobody is asked whose
        await pilot.press("v")
        await pilot.pause()
        assert "Ann's hand: only Ann looks" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "goes to…" in text and text.split("goes to…")[0] == pending.split("goes to…")[0]


async def test_free_task_choice_marks_and_offers_first_the_computer_that_asked() -> None:
    # the computers say in turns which tasks they would like; once Ann picks a task one of them
    # asked for, the list of crew members marks that computer and its entry is the one Enter
    # takes (a new player pressing Enter follows the crew's talk, not herself every time)
    app = create_app(ann_and_computers(players=4, mission=17, seed=21))
    async with app.run_test(size=(120, 40)) as pilot:
        s = app.session
        assert s is not None
        await pilot.press("1")  # begin
        text = await shown(pilot, app, "The computers would like Robo")
        said = dict(re.findall(r"(Robo \d): ((?:#\d+ ?)+)", text))
        asked = {int(t): int(name[-1]) for name, ts in said.items() for t in ts.split("#")[1:]}
        assert asked, text
        open_tasks = [tv.task for tv in s.public_view().tasks if tv.owner < 0]
        task, seat = next((t, asked[t]) for t in open_tasks if t in asked)
        await pilot.press(str(open_tasks.index(task) + 1))
        text = await shown(pilot, app, "would like it")
        assert f"Task #{task} goes to" in text
        marked = [line for line in text.splitlines() if "would like it" in line]
        assert len(marked) == 1 and f"Robo {seat} · would like it" in marked[0], text
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.owners[s.state.setup.task_ids.index(task)] == seat
