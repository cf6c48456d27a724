"""Keys that arrive too early never act.

At a shared terminal a second Enter often follows the first by a fraction of a second: the one
that opened a gate, played the last card of a trick or of an attempt. Such a key must not choose
what the next screen offers, because nobody has seen that screen yet. A :class:`GuardedScreen`
notes the moment its choice became visible (:meth:`GuardedScreen.arm`) and ignores every key that
is handled before ``KEY_SETTLE`` seconds have passed since; keys buffered while the screen was
being drawn are handled after that moment, so they are ignored too. The footer shows the keys of
a guarded choice only once they act, which is the sign that the screen is ready.
"""

from __future__ import annotations

from typing import TypeVar

from textual.screen import Screen

__all__ = ["KEY_SETTLE", "GuardedScreen"]

#: Seconds after a choice appears during which keys are ignored.
KEY_SETTLE = 0.45

R = TypeVar("R")


class GuardedScreen(Screen[R]):
    """A screen whose irreversible choices only take keys once they have been visible a moment."""

    _shown_at: float = float("-inf")

    def _settle(self) -> float:
        return float(getattr(self.app, "settle", 0.0))

    def _now(self) -> float:
        now = getattr(self.app, "now", None)
        if now is None:
            import time

            return time.monotonic()
        return float(now())

    def arm(self) -> None:
        """The choice is visible from now on; keys act once it has been for a moment."""
        self._shown_at = self._now()
        settle = self._settle()
        if settle > 0:
            # the footer shows the choice's keys as soon as they act
            self.set_timer(settle + 0.02, self.refresh_bindings)
        self.refresh_bindings()

    def keys_ready(self) -> bool:
        """Whether the current choice has been on screen long enough to take a key."""
        return self._now() - self._shown_at >= self._settle()
