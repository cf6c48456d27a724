"""The search lets another thread run now and then: compiled, it never lets go of the
interpreter lock by itself, and the app runs it in a worker thread beside the screen."""

from __future__ import annotations

import pytest

from crew.engine import new_attempt
from crew.solver import Solver, limits
from crew.solver.limits import PAUSE_EVERY, Budget


class Clock:
    """A clock the test moves by hand, and the pauses (``time.sleep(0)``) it saw."""

    def __init__(self) -> None:
        self.now = 100.0
        self.pauses: list[float] = []

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds == 0
        self.pauses.append(self.now)


def test_a_pause_comes_once_the_pause_interval_has_gone_by(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    monkeypatch.setattr(limits.time, "perf_counter", clock.perf_counter)
    monkeypatch.setattr(limits.time, "sleep", clock.sleep)
    budget = Budget()
    budget.reset(None, None)
    step = PAUSE_EVERY / 4
    for _ in range(40):  # ten pause intervals, looked at four times each
        clock.now += step
        budget.look()
    assert 8 <= len(clock.pauses) <= 10
    gaps = [b - a for a, b in zip(clock.pauses, clock.pauses[1:], strict=False)]
    assert all(PAUSE_EVERY < gap <= PAUSE_EVERY + step + 1e-9 for gap in gaps)


def test_a_long_search_pauses_all_along(monkeypatch: pytest.MonkeyPatch) -> None:
    # four players, mission 24, deal code v71-4-21 (lost, millions of positions): 60,000 of
    # them; the search looks at the clock every 1,024, and lets go at most every PAUSE_EVERY
    pauses = []
    sleep = limits.time.sleep

    def paused(seconds: float) -> None:
        pauses.append(limits.time.perf_counter())
        sleep(seconds)

    monkeypatch.setattr(limits.time, "sleep", paused)
    start = limits.time.perf_counter()
    result = Solver().solve(new_attempt(4, 24, seed="v71-4-21"), node_limit=60_000)
    end = limits.time.perf_counter()
    assert result.winnable is None and result.nodes == 60_000
    assert pauses and pauses[0] - start < 0.5
    looks = 60_000 // 1024
    assert len(pauses) >= min(looks, (end - start) / (4 * PAUSE_EVERY))
