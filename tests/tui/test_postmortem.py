"""The result screen of a lost attempt: "Could it have been won?", the turning point, the line.

Deals are written out (no shuffling) and played by a fixed simple crew (the lowest legal card,
the first allowed choice), so the attempt and its turning point are known; the tests check the
words against the solver and the engine directly.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from tui_driver import screen_text
from tui_hands import attempt, session_for

from crew.engine import GameState, Play, apply, card_str, legal_actions, parse_card
from crew.engine.relax import keep_tasks
from crew.records import Record, action_from_json, load_record, replay
from crew.solver import Clash, Solver
from crew.solver.limits import Budget
from crew.solver.plain import PlainSearch
from crew.table import Session, postmortem
from crew.table.postmortem import Stopped, TimedSolver, post_mortem, winning_line
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.title import TitleScreen
from crew.tui.screens.winning_line import WinningLineScreen
from crew.tui.widgets.postmortem import PostMortemPanel

SIZE = (80, 24)
NAMES = ["Ann", "Bob", "Cas", "Dee"]
# task 3 "win the blue 4" goes to Ann; Bob gives his B4 away in trick 2
WINNABLE = (1, ["S4 P1 P2 P3", "B4 B9 P4 G1", "B7 B8 P9", "G2 B2 P5"], [3])
TURNING = "Lost at trick 2 when Bob played B4; B6 or B9 would still have won."
# task 93 "exactly one submarine": Ann holds all four and wins each one she plays
UNWINNABLE = (3, ["S1 S2 S3 S4", "B7 B4", "B9", "G2"], [93])


#: the search of a lost attempt's result screen runs here (conftest.py stops it elsewhere)
pytestmark = pytest.mark.post_mortem_search


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def lost_session(mission: int, partial: list[str], tasks: list[int]) -> Session:
    """The attempt played to its end by a simple crew; it must be lost."""
    s = session_for(attempt(4, mission, partial, tasks), NAMES)
    while not s.state.result:
        actions = list(legal_actions(s.state))
        plays = [a for a in actions if isinstance(a, Play)]
        action = min(plays, key=lambda p: p.card) if plays else actions[0]
        assert s.act(action) is None
    assert s.state.result == "lost"
    return s


def states_of(record: Record) -> tuple[list[GameState], list[Any]]:
    r = replay(record, keep_states=True)
    return [r.start, *r.states], [action_from_json(a) for a in record.actions]


def test_turning_point_in_words_matches_the_solver() -> None:
    s = lost_session(*WINNABLE)
    pm = post_mortem(s.record, NAMES)
    assert pm.answer == "yes"
    assert pm.text == f"Yes: it could have been won. {TURNING}"
    # independently: the first card after which no win is left, and the cards that kept one
    states, actions = states_of(s.record)
    solver = Solver()
    lost_at = next(
        i
        for i, a in enumerate(actions)
        if isinstance(a, Play)
        and solver.solve(states[i]).winnable
        and solver.solve(states[i + 1]).winnable is False
    )
    before, taken = states[lost_at], actions[lost_at]
    assert (before.trick_number, NAMES[taken.seat], card_str(taken.card)) == (2, "Bob", "B4")
    still = sorted(
        card_str(a.card)
        for a in legal_actions(before)
        if isinstance(a, Play) and a != taken and solver.solve(apply(before, a)[0]).winnable
    )
    assert still == ["B6", "B9"]


def test_winning_line_starts_at_the_turning_point_and_replays_as_won() -> None:
    s = lost_session(*WINNABLE)
    pm = post_mortem(s.record, NAMES)
    line = pm.line
    assert line is not None and pm.line_from == "from trick 2, just before Bob played B4"
    states, actions = states_of(s.record)
    before = next(st for st in states if st.trick_number == 2 and st.turn == 1)
    first = line.tricks[0]
    assert first.number == 2 and first.seats[: first.already] == before.trick_seats
    assert first.cards[: first.already] == before.trick_cards
    assert line.instead_of == parse_card("B4") and first.cards[first.already] != line.instead_of
    assert [t.number for t in line.tricks] == list(range(2, 2 + len(line.tricks)))
    assert any(task == 3 for t in line.tricks for task, _ in t.done)
    # what the attempt really did from there is refused: it does not win
    done = len(states) - 1 - states.index(before)
    with pytest.raises(ValueError, match="does not win"):
        winning_line(before, actions[-done:], NAMES.__getitem__)


def test_a_deal_that_no_crew_could_win_says_no() -> None:
    s = lost_session(*UNWINNABLE)
    pm = post_mortem(s.record, NAMES)
    assert pm.answer == "no" and pm.line is None
    assert pm.text == (
        "No: this deal could not be won with these tasks, whatever the crew did (open hands)."
    )
    assert Solver().solve(replay(s.record).start).winnable is False


def test_a_mission_without_tasks_lost_from_the_start_names_its_rules_not_tasks() -> None:
    # mission 12: no task cards; Ann (the captain) holds only pinks and submarines, so the
    # first trick is opened with one of them and the attempt is lost at once
    s = lost_session(12, ["S4 S3 S2 S1 P1 P2 P3 P4 P5 P6"], [])
    assert not s.state.setup.task_ids
    pm = post_mortem(s.record, NAMES)
    assert pm.answer == "no" and pm.line is None
    assert pm.text == (
        "No: this deal could not be won under this mission's rules, whatever the crew did"
        " (open hands)."
    )
    assert Solver().solve(replay(s.record).start).winnable is False


def test_a_turning_point_in_the_distribution_names_the_task() -> None:
    # "win the first trick and no other": Ann holds two submarines, so she cannot take it
    s = lost_session(3, ["S4 S3", "B7 B4", "B9", "G2"], [45])
    pm = post_mortem(s.record, NAMES)
    assert pm.text == (
        "Yes: it could have been won. Lost in the task distribution when Ann took task #45;"
        " passing would still have won."
    )
    assert pm.line is not None and pm.line.before[0] == "Ann passed"
    assert pm.line.tricks[0].number == 1 and pm.line.instead_of is None


def test_no_time_left_is_undecided_and_a_stop_stops() -> None:
    s = lost_session(*WINNABLE)
    pm = post_mortem(s.record, NAMES, budget=0)
    assert pm.answer == "undecided" and pm.line is None
    assert pm.text.startswith("Undecided: in 0 s the search found neither a way to win")
    with pytest.raises(Stopped):
        post_mortem(s.record, NAMES, stop=lambda: True)
    start = replay(s.record).start
    assert TimedSolver(float("inf")).solve(start).winnable is True


async def show_result(app: CrewApp, pilot: Any, s: Session) -> ResultScreen:
    app.session = s
    app.show_result()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ResultScreen)
    return screen


async def answered(app: CrewApp, pilot: Any) -> str:
    await app.screen.query_one(PostMortemPanel).workers.wait_for_complete()
    await pilot.pause()
    return " ".join(screen_text(app).split())


async def test_result_screen_names_the_turning_point_and_steps_the_line() -> None:
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await show_result(app, pilot, lost_session(*WINNABLE))
        text = await answered(app, pilot)
        assert "Could it have been won? (with open hands, communication and distress aside)" in text
        # on screen the cards have their glyphs, as the table draws them (issue 48)
        shown_turning = "Lost at trick 2 when Bob played ♦B4; ♦B6 or ♦B9 would still have won."
        assert f"Yes: it could have been won. {shown_turning}" in text
        assert "w steps through a winning line" in text

        await pilot.press("w")
        assert isinstance(app.screen, WinningLineScreen)
        line = app.screen.line
        seen = []
        for i, trick in enumerate(line.tricks):
            page = screen_text(app)
            assert f"Trick {trick.number}" in page
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                assert any(
                    NAMES[seat] in row and card_str(card) in row for row in page.splitlines()
                )
            assert f"{NAMES[trick.winner]} wins with" in page
            seen.append(trick.number)
            if i + 1 < len(line.tricks):
                await pilot.press("right")
        # the line runs from the turning point's trick to the trick that wins (which one
        # that is depends on the line the solver finds)
        last = 2 + len(line.tricks) - 1
        assert seen == list(range(2, last + 1)) and last > 2
        assert "the attempt is won" in screen_text(app)
        await pilot.press("right")  # already at the last trick: nothing moves
        assert f"Trick {last}" in screen_text(app)
        await pilot.press("left")
        assert f"Trick {last - 1}" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, ResultScreen)


async def test_result_screen_says_no_and_offers_no_line() -> None:
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await show_result(app, pilot, lost_session(*UNWINNABLE))
        text = await answered(app, pilot)
        assert "No: this deal could not be won with these tasks" in text
        await pilot.press("w")
        assert isinstance(app.screen, ResultScreen)


async def test_keys_work_while_the_search_runs_and_leaving_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started, stopped = threading.Event(), threading.Event()

    def slow_analyse(record: Record, *, solver: TimedSolver, **kw: object) -> None:
        started.set()
        try:
            while True:  # only a stop ends this search
                solver.check()
                threading.Event().wait(0.01)
        finally:
            stopped.set()

    monkeypatch.setattr(postmortem, "analyse", slow_analyse)
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_result(app, pilot, lost_session(*WINNABLE))
        assert await asyncio.to_thread(started.wait, 10)
        panel = screen.query_one(PostMortemPanel)
        assert panel.searching and panel.query_one("#pm-busy").display
        assert "Searching every open-hand line" in screen_text(app)
        await pilot.press("w")  # no line yet: nothing opens
        assert app.screen is screen
        await pilot.press("t")  # the result screen's own choice is taken at once
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert await asyncio.to_thread(stopped.wait, 10)


async def test_a_failed_search_is_reported_and_the_keys_still_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(record: Record, **kw: object) -> None:
        raise ValueError("no table for this deal")

    monkeypatch.setattr(postmortem, "analyse", broken)
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await show_result(app, pilot, lost_session(*WINNABLE))
        text = await answered(app, pilot)
        assert "The search failed: no table for this deal" in text
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


# tasks 55 (Cas: three tricks in a row) and 54 (Ann: two in a row), seven tricks played
CLASH = Path(__file__).resolve().parent.parent / "data" / "clash-4p-tasks-55-54.json"


def lost_with_a_clash() -> Session:
    """The clash record's attempt, played to its end by the simple crew of the tests above."""
    rec = load_record(CLASH)
    s = Session(replay(rec).state, rec, NAMES, base_seed=99)
    while not s.state.result:
        actions = list(legal_actions(s.state))
        plays = [a for a in actions if isinstance(a, Play)]
        assert s.act(min(plays, key=lambda p: p.card) if plays else actions[0]) is None
    assert s.state.result == "lost"
    return s


async def test_result_screen_names_the_clash_in_one_line() -> None:
    s = lost_with_a_clash()
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await show_result(app, pilot, s)
        panel = app.screen.query_one(PostMortemPanel)
        await panel.workers.wait_for_complete()
        await pilot.pause()
        pm = panel.result
        assert pm is not None and pm.analysis is not None
        assert pm.analysis.clash == Clash((55, 54)) and pm.analysis.clash_at is not None
        where = states_of(s.record)[0][pm.analysis.clash_at]
        line = (
            f"From trick {where.trick_number} on: Tasks #55 and #54 cannot both be done with"
            " these hands."
        )
        assert pm.clash == line
        assert line in [" ".join(row.split()) for row in screen_text(app).splitlines()]
    # the part named, searched alone from there by a plain depth-first search, is lost
    ids = where.setup.task_ids
    part = keep_tasks(where, [ids.index(55), ids.index(54)])
    assert PlainSearch(part, Budget()).run(1 << 40) is False
