"""Keys typed before their screen could be seen never act.

At a shared terminal a second Enter often follows the first by a fraction of a second: the one
that opened a gate, played the last card of a trick or of an attempt. Such a key must not choose
what the next screen offers, because nobody has seen that screen yet. So a key acts only when the
choice it acts on had been painted, and on screen for ``KEY_SETTLE`` seconds, *before the key was
typed*:

- the clock of a choice starts when it is first painted (:meth:`KeyGuard.painted`), not when it is
  created: a screen that is built but not yet drawn has been seen by nobody;
- a key is judged by the moment it was read from the terminal (the event's own time), not the
  moment it is handled: a key typed while the program was busy waits in the queue, and is still
  too early when its turn comes;
- when the event loop did not run for a while (:class:`Liveness`: a computer's search holding the
  interpreter, a busy machine, the process stopped), nobody can tell when the keys that come out
  of the stall were typed, nor whether the screen was drawn before it: the choice counts as seen
  anew from the moment the loop runs again, so those keys are dropped.

The pure parts (:class:`Liveness`, :class:`KeyGuard`) take times as arguments;
:class:`GuardedScreen` ties them to a Textual screen (its :class:`KeyTiming` given when it is
made), and the app feeds it its input events
(``CrewApp.on_event``) and its heartbeat. The footer shows the keys of a guarded choice only once
they act, which is the sign that the screen is ready.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from textual import events
from textual.screen import ModalScreen

from .base import CrewScreen

__all__ = [
    "BEAT",
    "KEY_SETTLE",
    "STALL",
    "GuardedModal",
    "GuardedScreen",
    "KeyGuard",
    "KeyTiming",
    "Liveness",
    "key_age",
]

#: Seconds a choice is on screen before keys act on it.
KEY_SETTLE = 0.45
#: Seconds without the event loop running that count as a stall (keys typed then are dropped).
STALL = 0.2
#: Seconds between the app's heartbeats, which tell a stall from a calm moment.
BEAT = 0.05

#: Textual stamps every event with this clock when it is made (on the input thread for keys).
_EVENT_CLOCK = time.perf_counter if sys.platform == "win32" else time.monotonic

R = TypeVar("R")


class Liveness:
    """When the event loop last ran, and whether it had stalled before it ran now."""

    def __init__(self, stall: float = STALL) -> None:
        self.stall = stall
        self.last: float | None = None

    def beat(self, now: float) -> bool:
        """The loop runs at ``now``; True when it had not run for more than ``stall`` before."""
        stalled = self.last is not None and now - self.last > self.stall
        self.last = now if self.last is None else max(self.last, now)
        return stalled


class KeyGuard:
    """One choice on screen: it takes keys typed once it has been seen for ``settle`` seconds.

    ``arm`` starts a new choice (not seen yet); ``painted`` marks its first paint, for the arming
    it was asked for (a paint meant for an older choice does not count); ``seen_anew`` restarts
    the clock after a stall. ``settle`` 0 switches the guard off.
    """

    def __init__(self, settle: float) -> None:
        self.settle = settle
        self.seen_at: float | None = None
        self.generation = 0

    def arm(self) -> int:
        """A new choice is on its way to the screen; returns its number for :meth:`painted`."""
        self.seen_at = None
        self.generation += 1
        return self.generation

    def painted(self, now: float, generation: int) -> bool:
        """Choice ``generation`` was painted at ``now``; True when this starts its clock."""
        if generation != self.generation or self.seen_at is not None:
            return False
        self.seen_at = now
        return True

    def seen_anew(self, now: float) -> None:
        """After a stall the choice counts as seen from ``now`` on (keys of the stall drop)."""
        if self.seen_at is not None:
            self.seen_at = max(self.seen_at, now)

    def takes(self, typed: float) -> bool:
        """Whether a key typed at ``typed`` acts on the choice."""
        if self.settle <= 0:
            return True
        return self.seen_at is not None and typed - self.seen_at >= self.settle

    def ready(self, now: float) -> bool:
        """Whether a key typed now would act (the footer shows the keys from then on)."""
        return self.takes(now)


def key_age(event: events.Event) -> float:
    """Seconds since ``event`` was made (for a key: since it was read from the terminal)."""
    return max(0.0, _EVENT_CLOCK() - event.time)


@dataclass(frozen=True)
class KeyTiming:
    """How long a choice is on screen before keys act (``settle``, 0: off), the clock the
    screens read (the app's; a test may give its own) and how long ago an input event was made
    (``age``: the terminal's reading time; a test on its own clock says 0, so the machine's
    latency never moves a key across the line)."""

    settle: float = KEY_SETTLE
    clock: Callable[[], float] = time.monotonic
    age: Callable[[events.Event], float] = key_age


class GuardedScreen(CrewScreen[R]):
    """A screen whose irreversible choices take keys only once they have been seen a moment.

    ``timing`` comes from whoever makes the screen (the app, or the screen that opens it);
    without one the guard is off."""

    def __init__(self, *, timing: KeyTiming | None = None) -> None:
        super().__init__()
        self.timing = timing if timing is not None else KeyTiming(settle=0.0)
        self.key_guard = KeyGuard(self.timing.settle)

    def _now(self) -> float:
        return self.timing.clock()

    def arm(self) -> None:
        """A new choice is on screen: its keys act once it has been painted and seen a moment."""
        generation = self.key_guard.arm()
        self.call_after_refresh(self._painted, generation)
        self.refresh_bindings()

    def _painted(self, generation: int) -> None:
        # a screen under another one is not seen: it is armed again when it comes back on top
        if self.is_current and self.key_guard.painted(self._now(), generation):
            self._show_keys_when_ready()

    def _show_keys_when_ready(self) -> None:
        guard = self.key_guard
        if guard.settle > 0:
            # the footer shows the choice's keys as soon as they act
            self.set_timer(guard.settle + 0.02, self.refresh_bindings)
        self.refresh_bindings()

    def stalled(self) -> None:
        """The event loop did not run for a while: the choice counts as seen from now."""
        self.key_guard.seen_anew(self._now())
        self._show_keys_when_ready()

    def takes_input(self, event: events.Event) -> bool:
        """Whether the key or mouse button ``event`` may act: typed once the choice was seen."""
        guard = self.key_guard
        if guard.settle <= 0:
            return True
        typed = self._now() - self.timing.age(event)
        return guard.takes(typed)

    def keys_ready(self) -> bool:
        """Whether the current choice has been on screen long enough to take a key."""
        return self.key_guard.ready(self._now())

    def on_screen_resume(self) -> None:
        # back on top (a dialog or a gate closed): seen again only once painted again
        self.arm()


class GuardedModal(GuardedScreen[R], ModalScreen[R]):
    """A dialog whose choice only takes keys once it has been seen."""
