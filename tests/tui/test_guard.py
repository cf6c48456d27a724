"""Keys that arrive too early never act (issue 9, items 1-3; issue 19, item 1).

The app gets its own clock: while ``Clock.step`` is positive every reading moves time on (the
crew plays at a calm pace); with ``step`` 0 time stands still and the test moves it by hand,
so "a second Enter 0.3 s after the first" is exact and no test waits on real time. The event
loop's clock (``Loop``, read by the app's heartbeat) stands still too, so the machine the tests
run on never stalls the app; ``calm`` lets time pass with the loop running, ``stall`` without.

The moves before trick 1 are played against the Session (``game_at_first_card``); from the first
card's gate on, every key goes through the app and its guard.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from tui_driver import Player, drive_until, play_to_result, screen_text, shown
from tui_hands import at_first_card, begun

from crew.engine import Play
from crew.table import Session, StepKind
from crew.table.scope import legal_cards
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen

SIZE = (80, 24)
SETTLE = 0.45


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class Loop:
    """The event loop's clock as the app's heartbeat reads it: still, unless a test moves it."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Clock:
    """The app's clock, with the event loop's (``loop``) beside it."""

    def __init__(self) -> None:
        self.t = 100.0
        self.step = 1.0
        self.loop = Loop()
        #: seconds before its handling that an event was read from the terminal (by id; 0 when
        #: not given, so the machine's own latency never moves a key across the line)
        self.ages: dict[int, float] = {}

    def age(self, event: events.Event) -> float:
        return self.ages.get(id(event), 0.0)

    def __call__(self) -> float:
        self.t += self.step
        return self.t

    def hold(self) -> None:
        """Time stands still until the test moves it."""
        self.step = 0.0


def calm(app: CrewApp, clock: Clock, seconds: float) -> None:
    """``seconds`` pass while the app runs as usual (a heartbeat every 50 ms)."""
    for _ in range(round(seconds / 0.05)):
        clock.t += 0.05
        clock.loop.t += 0.05
        assert not app.beat()
    clock.t += 0.001
    clock.loop.t += 0.001


def stall(clock: Clock, seconds: float) -> None:
    """``seconds`` pass with the app not running at all (stopped, swapped out, starved)."""
    clock.t += seconds
    clock.loop.t += seconds


def app_with(clock: Clock, **game: Any) -> CrewApp:
    """The app on ``clock`` (a game's options in ``game``: straight into it)."""
    return create_app(
        AppSettings(
            clock_interval=None,
            clock=clock,
            settle=SETTLE,
            loop_clock=clock.loop,
            key_age=clock.age,
            **game,
        )
    )


def game_at_first_card(names: str) -> Session:
    """Mission 1, deal code 7, up to the gate of the first card."""
    return begun(len(names.split(",")), 1, 7, at_first_card, names)


def at_play_gate(app: CrewApp) -> bool:
    s = app.session
    return (
        isinstance(app.screen, GateScreen)
        and s is not None
        and s.step().kind == StepKind.PLAY
        and s.state.trick_number == 1
    )


async def test_double_enter_at_a_gate_plays_nothing() -> None:
    clock = Clock()
    app = app_with(clock)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), at_play_gate)
        s = app.session
        assert s is not None
        clock.hold()
        clock.t += 1.0  # the gate has been up a while
        actions = len(s.record.actions)
        await pilot.press("enter")  # opens the gate
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and s.hand_view() is not None
        clock.t += 0.3
        await pilot.press("enter")  # the second Enter, 0.3 s later
        await pilot.pause()
        assert len(s.record.actions) == actions, "a key pressed too early played a card"
        assert s.step().kind == StepKind.PLAY and s.gate_seat() is None
        # a deliberate Enter once the hand has been seen plays the card under the cursor
        clock.t += SETTLE + 0.01
        await pilot.press("enter")
        await pilot.pause()
        assert len(s.record.actions) == actions + 1
        assert "play" in s.record.actions[-1]


async def test_keys_typed_before_the_gate_was_open_do_not_act() -> None:
    clock = Clock()
    app = app_with(clock)

    def first_card_open(app: CrewApp) -> bool:
        s = app.session
        return (
            isinstance(app.screen, GameScreen)
            and s is not None
            and s.gate_seat() is None
            and s.step().kind == StepKind.PLAY
            and not s.state.trick_cards
        )

    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), first_card_open)
        s = app.session
        assert s is not None
        clock.hold()
        clock.t += 1.0
        # Enter plays the lead; the Enter right behind it lands on the next player's gate,
        # which must not open: the player who just played is still at the terminal
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert len(s.state.trick_cards) == 1
        assert isinstance(app.screen, GateScreen)
        assert "Show my hand" not in screen_text(app)  # the footer offers it once it acts
        clock.t += SETTLE + 0.01
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and s.hand_view() is not None
        # digits and card keys typed at once on the hand choose nothing either
        await pilot.press("1", "enter", "p", "enter")
        await pilot.pause()
        assert len(s.state.trick_cards) == 1


async def test_double_enter_on_the_last_card_shows_the_result() -> None:
    clock = Clock()
    app = app_with(clock)

    def last_card(app: CrewApp) -> bool:
        s = app.session
        if not isinstance(app.screen, GameScreen) or s is None or s.gate_seat() is not None:
            return False
        if s.step().kind != StepKind.PLAY:
            return False
        # the attempt ends with this card (mission 1: task 40 is decided by trick 1)
        return any(
            __import__("crew.engine", fromlist=["apply"])
            .apply(s.state, Play(s.state.turn, c))[0]
            .over
            for c in legal_cards(s.state)
        )

    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas"))
        await drive_until(pilot, app, Player(), last_card)
        s = app.session
        assert s is not None
        clock.hold()
        clock.t += 1.0
        ending = [
            c
            for c in sorted(legal_cards(s.state))
            if __import__("crew.engine", fromlist=["apply"])
            .apply(s.state, Play(s.state.turn, c))[0]
            .over
        ]
        hand = app.screen.query_one("#hand")
        hand.cursor = hand.cards.index(ending[0])  # type: ignore[attr-defined]
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert s.state.over
        assert isinstance(app.screen, ResultScreen)
        assert s.attempt == 1
        clock.t += 0.3
        await pilot.press("enter", "m", "r")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen), "the result left the screen unseen"
        assert s.attempt == 1 and s.state.over
        clock.t += SETTLE + 0.01
        await pilot.press("t")  # a deliberate choice acts
        await pilot.pause()
        assert not isinstance(app.screen, ResultScreen)


async def test_the_guard_lets_a_calm_crew_play_a_whole_attempt() -> None:
    app = app_with(Clock(), players=3, mission=1, seed=7, names="Ann,Bob,Cas")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, Player())
        assert isinstance(app.screen, ResultScreen)


# -- issue 19: the moment a key was typed, not the moment it is handled --------------------------


async def test_a_key_typed_during_a_stall_at_a_gate_does_not_open_it() -> None:
    # Dee's card was played; Ann's gate came up; 0.25 s later the app stalled for a second and
    # the second Enter of the player who had just played was typed then: it must not open the
    # gate (today's reproduction: kill -STOP between the two Enters)
    clock = Clock()
    app = app_with(clock)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), at_play_gate)
        s = app.session
        assert s is not None
        clock.hold()
        await pilot.pause()
        calm(app, clock, 0.25)
        stall(clock, 1.0)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GateScreen), "a key typed in a stall opened the gate"
        assert s.gate_seat() is not None and s.hand_view() is None
        # once the gate has been seen a moment after the stall, Enter opens it
        calm(app, clock, SETTLE)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and s.hand_view() is not None


async def test_after_a_stall_the_heartbeat_rearms_the_choice() -> None:
    # the heartbeat may notice the stall before the key is handled: the same outcome
    clock = Clock()
    app = app_with(clock)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), at_play_gate)
        s = app.session
        assert s is not None
        clock.hold()
        await pilot.pause()
        calm(app, clock, 1.0)
        # the gate takes keys (drawn a frame later; on a loaded machine later still)
        assert "Show my hand" in await shown(pilot, app, "Show my hand")
        stall(clock, 1.0)
        assert app.beat(), "the heartbeat did not see the stall"
        await pilot.pause()
        for _ in range(200):  # redrawn a frame later (on a loaded machine later still)
            if "Show my hand" not in screen_text(app):
                break
            await pilot.pause(0.05)
        assert "Show my hand" not in screen_text(app)  # seen anew: its keys wait again
        clock.t += 0.1
        clock.loop.t += 0.05
        app.beat()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GateScreen)


async def test_a_key_that_waited_in_the_queue_is_judged_by_when_it_was_typed() -> None:
    # Ann opened her gate; 0.1 s after her hand appeared a key was typed, and the app only
    # came to handle it a second later: it was typed before the hand had been seen a moment
    clock = Clock()
    app = app_with(clock)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), at_play_gate)
        s = app.session
        assert s is not None
        clock.hold()
        calm(app, clock, 1.0)
        await pilot.press("enter")  # opens the gate
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and s.hand_view() is not None
        actions = len(s.record.actions)
        calm(app, clock, 1.1)
        late = events.Key("enter", "\r")
        # read from the terminal a second ago, 0.1 s after the hand appeared
        clock.ages[id(late)] = 1.0
        late.set_sender(app)
        app.post_message(late)
        await pilot.pause()
        assert len(s.record.actions) == actions, "a key typed too early played a card"
        await pilot.press("enter")  # typed now: the hand has been seen for 1.1 s
        await pilot.pause()
        assert len(s.record.actions) == actions + 1


async def test_a_key_typed_during_a_stall_at_a_card_choice_plays_nothing() -> None:
    clock = Clock()
    app = app_with(clock)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), at_play_gate)
        s = app.session
        assert s is not None
        clock.hold()
        calm(app, clock, 1.0)
        await pilot.press("enter")  # opens the gate
        await pilot.pause()
        actions = len(s.record.actions)
        calm(app, clock, 0.25)
        stall(clock, 1.0)
        await pilot.press("enter")
        await pilot.pause()
        assert len(s.record.actions) == actions, "a key typed in a stall played a card"
        calm(app, clock, SETTLE)
        await pilot.press("enter")
        await pilot.pause()
        assert len(s.record.actions) == actions + 1


async def test_a_key_typed_during_a_stall_on_the_result_screen_leaves_it_up() -> None:
    clock = Clock()
    app = app_with(clock)

    def last_card(app: CrewApp) -> bool:
        s = app.session
        if not isinstance(app.screen, GameScreen) or s is None or s.gate_seat() is not None:
            return False
        return s.step().kind == StepKind.PLAY and len(s.state.trick_cards) == 2

    async with app.run_test(size=SIZE) as pilot:
        # three players, mission 1: task 40 is decided with trick 1, its third card ends it
        app.open_game(game_at_first_card("Ann,Bob,Cas"))
        await drive_until(pilot, app, Player(), last_card)
        s = app.session
        assert s is not None
        clock.hold()
        calm(app, clock, 1.0)
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.over and isinstance(app.screen, ResultScreen)
        calm(app, clock, 0.25)
        stall(clock, 1.0)
        await pilot.press("r")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen), "a key typed in a stall left the result"
        assert s.attempt == 1 and s.state.over
        calm(app, clock, SETTLE)
        await pilot.press("t")
        await pilot.pause()
        assert not isinstance(app.screen, ResultScreen)


async def test_a_dialog_takes_no_key_typed_before_it_was_seen() -> None:
    # "Who signals before the lead?" comes up on c; an Enter right behind the c chooses nobody
    clock = Clock()
    app = app_with(clock)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(game_at_first_card("Ann,Bob,Cas,Dee"))
        await drive_until(pilot, app, Player(), at_play_gate)
        s = app.session
        assert s is not None
        clock.hold()
        calm(app, clock, 1.0)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert s.signaller is None, "an Enter typed with the c chose the signaller"
        calm(app, clock, SETTLE)
        await pilot.press("enter")
        await pilot.pause()
        assert s.signaller is not None
