"""The TUI tests press keys as fast as the pilot can; the key guard (crew/tui/guard.py) is
switched off for them, except where a test gives the app its own ``settle`` time.

The pilot waits for the app to be idle after every key (``pilot.press``, ``pilot.pause``):
Textual's ``wait_for_idle`` sleeps in slices and calls the app idle after a slice in which the
process hardly used the processor. Its slices are 20 ms, so each wait costs at least 20 ms even
when the app has long finished; the tests wait in 2 ms slices instead, and also until no timer
of the app is about to fire (``fine_idle_wait``).
"""

from __future__ import annotations

import asyncio
import time
from typing import NoReturn

import pytest
from textual._context import active_app
from textual.app import App
from textual.message_pump import MessagePump

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
SOON = 0.025  # a timer this quick still belongs to the keys just handled (a frame is 1/60 s)


def _timer_pending(app: App[object]) -> bool:
    """Whether one of the app's quick timers is running: the repaint after a change (1/60 s),
    the settling of a resize (1/120 s); the footer's new keys follow a repaint."""
    if app._exit:
        return False  # a closing app paints nothing more (its timers no longer tick)
    nodes: list[MessagePump] = [app, *app.screen_stack, *app._registry]
    for node in nodes:
        for timer in list(node._timers):
            task = timer._task
            if task is not None and not task.done() and timer._interval <= SOON:
                if timer._active.is_set():
                    return True
    return False


async def wait_for_idle(min_sleep: float = GRAIN, max_sleep: float = 1) -> None:
    """Textual's ``wait_for_idle`` in fine slices: idle once a slice used (almost) no processor
    time and none of the app's quick timers is running, or after ``max_sleep`` as before."""
    start = time.monotonic()
    while True:
        cpu = time.process_time()
        await asyncio.sleep(GRAIN)
        busy = time.process_time() - cpu >= GRAIN / 20
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed > min_sleep and not busy:
            app = active_app.get(None)
            if app is None or not _timer_pending(app):
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
