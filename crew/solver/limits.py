"""What bounds one search: a time limit, a node limit, a stop request; and who hears about it.

Every position the search visits is counted once (:meth:`Budget.tick`); the clock, the stop
request and the progress report are looked at only every 1,024 positions (then another thread
may run), so bounding a search costs almost nothing per position.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Aborted", "Budget", "Progress", "Undecided"]

#: ``progress(nodes, seconds)``: told now and then how far a search has come.
Progress = Callable[[int, float], None]

_EVERY = 1023  # look at the clock when nodes & _EVERY == 0
#: Seconds between the moments the search lets another thread run (see :meth:`Budget.look`).
PAUSE_EVERY = 0.004


class Aborted(Exception):
    """The time or node limit ran out, or the search was asked to stop."""


class Undecided(Exception):
    """A part of the search ran out of its share of the budget (the search goes on)."""


class Budget:
    """The limits of one search and the positions it has visited so far."""

    __slots__ = ("nodes", "limit", "whole", "deadline", "start", "progress", "stop", "paused")

    def __init__(self) -> None:
        self.nodes = 0
        self.limit = 1 << 62
        self.whole = self.limit  # the positions of the whole search (``limit`` may be a share)
        self.deadline = float("inf")
        self.start = time.perf_counter()
        self.progress: Progress | None = None
        self.stop: Callable[[], bool] | None = None
        self.paused = self.start  # when the search last let another thread run

    def reset(
        self,
        timeout: float | None,
        node_limit: int | None,
        progress: Progress | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        """Start counting a new search."""
        self.nodes = 0
        self.start = time.perf_counter()
        self.deadline = self.start + timeout if timeout is not None else float("inf")
        self.limit = node_limit if node_limit is not None else 1 << 62
        self.whole = self.limit
        self.progress = progress
        self.stop = stop

    def tick(self) -> None:
        """Count one position; raise :class:`Aborted` when a limit is reached."""
        self.nodes += 1
        if self.nodes >= self.limit:
            raise Aborted
        if not self.nodes & _EVERY:
            self.look()

    def count(self, positions: int) -> None:
        """Count work worth ``positions`` positions at once (a step that costs as much as that
        many, see ``distribution.LEAF_POSITIONS``); raise :class:`Aborted` like :meth:`tick`,
        having counted up to the limit and no further (a search never reports more positions
        than it was given)."""
        self.nodes = min(self.nodes + positions, self.limit)
        if self.nodes >= self.limit:
            raise Aborted
        self.look()

    def look(self) -> None:
        """Check the clock and the stop request, and report progress; and let another thread
        run (:func:`time.sleep` of 0 lets go of the interpreter lock). Compiled, the search
        never lets go of it by itself: in a worker thread of the app it held the screen still
        for up to a quarter of a second at a time, long enough for the key guard to take it for
        a stall and drop the keys typed meanwhile (``benchmarks/responsiveness.py``)."""
        now = time.perf_counter()
        if now - self.paused > PAUSE_EVERY:
            time.sleep(0)
            self.paused = now
        if now > self.deadline or (self.stop is not None and self.stop()):
            raise Aborted
        if self.progress is not None:
            self.progress(self.nodes, now - self.start)

    def share(self, positions: int) -> int:
        """Lower the node limit to ``positions`` more than now; returns the limit to restore
        (see :meth:`within`)."""
        saved = self.limit
        self.limit = min(saved, self.nodes + positions)
        return saved

    def within(self, saved: int) -> None:
        """After :class:`Aborted` under :meth:`share`: restore ``saved`` and raise
        :class:`Undecided` if only the share ran out, :class:`Aborted` if a limit of the whole
        search did."""
        self.limit = saved
        if self.out():
            raise Aborted
        raise Undecided

    def seconds(self) -> float:
        """Seconds since the search began."""
        return time.perf_counter() - self.start

    def out(self) -> bool:
        """Whether a limit has been reached (without raising)."""
        return (
            self.nodes >= self.limit
            or time.perf_counter() > self.deadline
            or (self.stop is not None and self.stop())
        )
