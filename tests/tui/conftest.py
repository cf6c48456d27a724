"""The TUI tests press keys as fast as the pilot can; the key guard (crew/tui/guard.py) is
switched off for them, except where a test gives the app its own ``settle`` time.

The pilot waits for the app to be idle after every key (``pilot.press``, ``pilot.pause``):
Textual's ``wait_for_idle`` sleeps in slices and calls the app idle after a slice in which the
process hardly used the processor. Its slices are 20 ms, so each wait costs at least 20 ms even
when the app has long finished; the tests wait in 2 ms slices instead (``fine_idle_wait``),
reading nothing of Textual's but the processor time the process used.
"""

from __future__ import annotations

import asyncio
import time
from typing import NoReturn

import pytest

from crew.tui import guard


@pytest.fixture(autouse=True)
def no_key_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "KEY_SETTLE", 0.0)


@pytest.fixture(autouse=True)
def no_computer_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer's move goes by at once (a test that wants the pause gives ``pace``)."""
    from crew.tui import app

    monkeypatch.setattr(app, "COMPUTER_PACE", 0.0)


@pytest.fixture(autouse=True)
def no_post_mortem_search(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lost attempt's result screen leaves its "Could it have been won?" search running, as
    if it were still searching (the spinner stays): the search would take up to its budget of
    processor time beside the test. Tests marked ``post_mortem_search`` (the files about the
    search and its answer) let it run."""
    if request.node.get_closest_marker("post_mortem_search"):
        return
    from crew.table import postmortem

    def still_searching(*args: object, **kwargs: object) -> NoReturn:
        raise postmortem.Stopped

    monkeypatch.setattr(postmortem, "post_mortem", still_searching)


GRAIN = 0.002  # seconds per slice of the idle wait
QUIET = 3  # slices in a row with (almost) no processor time: the app is idle


async def wait_for_idle(min_sleep: float = GRAIN, max_sleep: float = 1) -> None:
    """Textual's ``wait_for_idle`` in fine slices: idle once a few slices in a row used (almost)
    no processor time (a repaint follows a change within 1 ms here, see below), or after
    ``max_sleep`` as before."""
    start = time.monotonic()
    quiet = 0
    while True:
        cpu = time.process_time()
        await asyncio.sleep(GRAIN)
        busy = time.process_time() - cpu >= GRAIN / 20
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep:
            return
        quiet = 0 if busy else quiet + 1
        if elapsed > min_sleep and quiet >= QUIET:
            return


@pytest.fixture(autouse=True)
def fine_idle_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot waits for idle with :func:`wait_for_idle` (the same test, a finer grain)."""
    import textual.app
    import textual.pilot
    import textual.screen

    monkeypatch.setattr(textual.pilot, "wait_for_idle", wait_for_idle)
    monkeypatch.setattr(textual.app, "wait_for_idle", wait_for_idle)
    # a change is painted 1 ms later instead of at the next 1/60 s frame: the wait is not
    # spent on frames (Textual's screens read this when they start their update timer)
    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 0.001)
