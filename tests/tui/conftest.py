"""The TUI tests press keys as fast as the pilot can; the key guard (crew/tui/guard.py) is
switched off for them, except where a test gives the app its own ``settle`` time."""

from __future__ import annotations

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
