"""What several test directories use alike (``tests/`` is on the import path through its
``conftest.py``): the cheapest computers, and records that more than one test reads."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from crew.bots import Settings

#: the table (or the screens) are under test, not the computers' strength: the cheapest search
CHEAP = Settings(
    samples=1,
    nodes=60,
    task_samples=1,
    task_nodes=60,
    budget=2000,
    wide_budget=0,
    max_samples=1,
    min_nodes=60,
)

#: four players, real-time mission 14: a volunteer, then the time runs out before any card,
#: while the attempt could still be won (issue 26)
TIMED_RAN_OUT: dict[str, Any] = {
    "format": "crew-record/1",
    "players": 4,
    "mission": 14,
    "timed": True,
    "seed": 3,
    "actions": [{"volunteer": True, "seat": 3}, {"time_up": True}],
}


@contextmanager
def fails_after(seconds: int, what: str) -> Iterator[None]:
    """Raise TimeoutError (the test fails, it does not hang) when the block takes longer than
    ``seconds``: ``what`` says what hung."""

    def ring(signum: int, frame: object) -> None:
        raise TimeoutError(what)

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
