"""The distress question says what the signal costs in the crew's logbook, and only what it does:
1 attempt; nothing in a replay of a won mission (issue 9 walkthrough)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_driver import screen_text

from crew import storage
from crew.table import StepKind
from crew.tui.app import AppSettings, create_app

FOUR = ["Ann", "Bob", "Cas", "Dee"]


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


async def distress_prompt() -> str:
    """Mission 1, deal code 7 (one task), crew Deep: the distress question, as one line."""
    app = create_app(
        AppSettings(
            players=4, mission=1, seed=7, names=FOUR, crew="Deep", clock_interval=None, settle=0
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        s = app.session
        assert s is not None
        await pilot.press("enter")  # the draw
        await pilot.pause()
        await pilot.press("enter")  # the captain's gate
        await pilot.pause()
        await pilot.press("1")  # the captain takes the one task
        await pilot.pause()
        assert s.step().kind == StepKind.DISTRESS
        return " ".join(screen_text(app).split())


def log_mission_1(*, won: bool, distress: bool) -> None:
    log = storage.note_attempt(storage.CampaignLog(), "Deep", 1, won=won, distress=distress,
                               members=FOUR)  # fmt: skip
    storage.save_log(log)


async def test_a_first_distress_adds_one_attempt() -> None:
    assert "the logbook of Deep adds 1 attempt to this mission" in await distress_prompt()


async def test_in_a_replay_of_a_won_mission_the_logbook_does_not_change() -> None:
    log_mission_1(won=True, distress=False)
    text = await distress_prompt()
    # it said "adds 1 attempt", but a won mission's count never changes (storage.note_distress)
    assert "adds 1 attempt" not in text
    assert "a replay: the logbook of Deep does not change" in text
