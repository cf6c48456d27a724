"""How the app starts, as one value: :class:`AppSettings`.

``crew`` and ``crew play`` build it from the command line, ``crew replay`` from the attempt to
show, a test from what it needs (its own clocks, no settle time, cheap computers); the app
(:func:`crew.tui.app.create_app`) is built from it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual import events

from crew.bots import AT_THE_TABLE, Settings
from crew.table import GameSpec, play_spec
from crew.table.review import Review

from . import guard

__all__ = ["AppSettings"]


@dataclass(frozen=True)
class AppSettings:
    """How the app starts: the game to open straight away (the options of ``crew play``; none
    given: the title screen), or an attempt to replay, and how it runs (a test gives its own
    clocks, a settle of 0 and cheap computers)."""

    players: int | None = None
    mission: int | None = None
    seed: int | str | None = None
    #: the crew in seat order, a list or one text separated by commas
    names: Sequence[str] | str | None = None
    timed: bool = False
    difficulty: int | None = None
    crew: str | None = None
    #: computer crewmates in the last seats
    computers: int = 0
    practice: bool = False
    #: an attempt to show in the replay viewer straight away (``crew replay``), and whether to
    #: ask first (an attempt not over: every hand of it would be open)
    replay: Review | None = None
    ask_first: bool = False
    #: seconds between the timer's ticks (None: no timer ticks, as in most tests)
    clock_interval: float | None = 0.5
    #: the app's clock (the timer of real-time missions, when a choice was shown)
    clock: Callable[[], float] = time.monotonic
    #: seconds a new choice is on screen before keys act on it (None: guard.KEY_SETTLE)
    settle: float | None = None
    #: seconds a computer's move stays on screen (None: crew.tui.app.COMPUTER_PACE)
    pace: float | None = None
    #: the clock the heartbeat reads to tell a stall of the event loop
    loop_clock: Callable[[], float] = time.monotonic
    #: seconds since a key was typed
    key_age: Callable[[events.Event], float] = guard.key_age
    #: the computers' search effort
    search: Settings = AT_THE_TABLE

    def game(self) -> GameSpec | None:
        """The game asked for, checked (:func:`crew.table.play_spec`; None: no game option was
        given). Raises SessionError for an impossible game."""
        return play_spec(
            self.players,
            self.mission,
            self.seed,
            self.names,
            self.timed,
            self.difficulty,
            crew=self.crew,
            computers=self.computers,
            practice=self.practice,
        )
