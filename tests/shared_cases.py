"""What several test directories use alike (``tests/`` is on the import path through its
``conftest.py``): the cheapest computers, and records that more than one test reads."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path
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

#: :data:`CHEAP` as a benchmark script's ``--settings`` (the fields it changes)
CHEAP_TEXT = ",".join(
    f"{f.name}={getattr(CHEAP, f.name)}"
    for f in fields(Settings)
    if getattr(CHEAP, f.name) != f.default
)

ROOT = Path(__file__).resolve().parent.parent


def run_script(
    script: str, *args: str, code: int = 0, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/<script> ARGS`` from the repository, checked for exit ``code``."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    assert r.returncode == code, r.stderr
    return r


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
