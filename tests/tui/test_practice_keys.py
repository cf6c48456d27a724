"""The practice table's keys (issue 22): t tracker, w why, h hint, u undo, through the pilot."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from tui_driver import Player, ann_and_computers, drive_until, screen_text, shown, type_keys

from crew.table import StepKind, jobs, practice
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.game import GameScreen

SIZE = (100, 30)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def anns_card(app: CrewApp) -> bool:
    s = app.session
    return (
        isinstance(app.screen, GameScreen)
        and s is not None
        and s.ask() is None
        and s.step().kind == StepKind.PLAY
        and s.step().seat == 0
        and len(s.state.tricks) >= 1
    )


def taken_back(app: CrewApp) -> set[str]:
    """The "Taken back" notices the app holds. ``run_test`` draws no toasts, so an undo's
    notice is read from the app, not waited for on the screen (it would never come)."""
    return {n.identity for n in app._notifications if n.title == "Taken back"}


def game(*, practice: bool) -> CrewApp:
    return create_app(ann_and_computers(players=4, mission=1, seed=11, practice=practice))


async def test_hint_undo_tracker_and_why_in_a_practice_game() -> None:
    app = game(practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await drive_until(pilot, app, Player(), anns_card)
        s = app.session
        assert s is not None
        # the screen is drawn a moment after the session reaches Ann's card (later under load)
        footer = await shown(pilot, app, "Hint")
        assert "Hint" in footer and "Cards" in footer
        # t: the tracker, public facts only
        await type_keys(pilot, "t")
        text = await shown(pilot, app, "The cards so far")
        assert "Still in play" in text and "Known to hold none" in text
        await type_keys(pilot, "escape")
        # w: the computers' moves since Ann last acted, each in its words
        await type_keys(pilot, "w")
        text = await shown(pilot, app, "The computers' last moves")
        assert s.whys and text.count("Why:") == len(s.whys)
        for what, _why in s.whys:
            assert what.split(":")[0] in text
        await type_keys(pilot, "escape")
        # h: a hint for Ann, from her view
        await type_keys(pilot, "h")
        text = await shown(pilot, app, "Hint for Ann:")
        assert "Hint for Ann: play" in text or "Hint for Ann: signal" in text
        # Ann plays; u takes it back with the computers' moves after it
        before = list(s.record.actions)
        await Player().act(pilot, app)
        assert len(s.record.actions) > len(before)
        seen = taken_back(app)
        await type_keys(pilot, "u")
        assert taken_back(app) - seen
        assert s.record.actions == before and anns_card(app)
        assert s.undos == 1


async def test_outside_practice_there_is_no_hint_and_no_undo_but_the_tracker() -> None:
    app = game(practice=False)
    async with app.run_test(size=SIZE) as pilot:
        await drive_until(pilot, app, Player(), anns_card)
        s = app.session
        assert s is not None
        footer = screen_text(app)
        assert "Hint" not in footer and "Undo" not in footer and "Cards" in footer
        before = list(s.record.actions)
        await type_keys(pilot, "h")
        await type_keys(pilot, "u")
        assert "Hint for" not in screen_text(app) and s.record.actions == before
        await type_keys(pilot, "t")
        assert "The cards so far" in await shown(pilot, app, "The cards so far")


async def test_in_hot_seat_u_on_the_next_gate_takes_the_card_back() -> None:
    app = create_app(
        AppSettings(
            players=3,
            mission=1,
            seed=7,
            names=["Ann", "Bob", "Cas"],
            practice=True,
            clock_interval=None,
        )
    )
    async with app.run_test(size=SIZE) as pilot:

        def bob_played(app: CrewApp) -> bool:
            s = app.session
            return s is not None and len(s.state.trick_cards) == 1

        await drive_until(pilot, app, Player(), bob_played)
        s = app.session
        assert s is not None
        text = await shown(pilot, app, "Pass the terminal to Cas")
        assert "Practice, u: Bob takes back: play" in text
        await type_keys(pilot, "u")
        text = await shown(pilot, app, "Pass the terminal to Bob")
        assert s.state.trick_cards == () and "Pass the terminal to Bob" in text
        # still nobody else has acted: Bob may take back the task he took too
        assert "Practice, u: Bob takes back: take task #40" in text


async def test_the_new_game_wizard_offers_practice() -> None:
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # New game
        await pilot.press("enter")  # 4 players
        await pilot.press("enter")  # Ann, Bob, Cas, Dee
        text = await shown(pilot, app, "Practice:")
        assert "Practice: any logbook mission, with hints and undo" in text
        await pilot.press("4")  # the fourth entry: practice
        await pilot.press("enter")  # mission 1
        await pilot.press("enter")  # a random deal
        for _ in range(20):
            if app.session is not None:
                break
            await pilot.pause(0.05)
        assert app.session is not None and app.session.practice and app.session.crew is None


async def test_in_a_free_task_choice_the_computers_say_which_tasks_they_would_like() -> None:
    app = create_app(ann_and_computers(players=4, mission=17, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await drive_until(pilot, app, Player(), lambda a: s.step().kind == StepKind.ASSIGN)
        text = await shown(pilot, app, "The computers would like")
        line = next(x for x in text.splitlines() if "The computers would like" in x)
        open_tasks = {tv.task for tv in s.public_view().tasks if tv.owner < 0}
        named = {int(w.strip("#;.,")) for w in line.split() if w.startswith("#")}
        assert "Robo 1:" in line and named and named <= open_tasks


async def test_a_decision_or_hint_under_way_when_a_card_is_taken_back_is_never_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the hint and the computers' decisions wait until the test lets them finish
    hint_done, move_done = threading.Event(), threading.Event()
    real_choose, real_advice = jobs.choose_action, practice.advice_for

    def slow_choose(*args: Any, **kw: Any) -> Any:
        move_done.wait(20)
        return real_choose(*args, **kw)

    def slow_advice(*args: Any, **kw: Any) -> Any:
        job = real_advice(*args, **kw)
        return None if job is None else lambda: (hint_done.wait(20), job())[1]

    app = game(practice=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await drive_until(pilot, app, Player(), anns_card)
            s = app.session
            assert s is not None
            await shown(pilot, app, "Hint")
            monkeypatch.setattr(practice, "advice_for", slow_advice)
            await type_keys(pilot, "h")
            await shown(pilot, app, "Working out a hint")
            # u takes back Ann's last card: her card is asked for again, a step like this one
            seen = taken_back(app)
            await type_keys(pilot, "u")
            assert taken_back(app) - seen
            assert anns_card(app) or s.step().seat == 0
            hint_done.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "Hint for" not in screen_text(app)  # worked out for the table before undo
            await drive_until(pilot, app, Player(), anns_card)
            before = list(s.record.actions)
            monkeypatch.setattr(jobs, "choose_action", slow_choose)
            await Player().act(pilot, app)
            await shown(pilot, app, "thinking")  # a computer decides after Ann's card
            seen = taken_back(app)
            await type_keys(pilot, "u")
            assert taken_back(app) - seen
            move_done.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            # the decision made for the table before the undo was not played on this one
            assert s.record.actions == before and anns_card(app)
            assert s.undos == 2
    finally:
        hint_done.set()
        move_done.set()
