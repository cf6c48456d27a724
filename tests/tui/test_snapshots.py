"""Text snapshots of key screens at 80x24 (deterministic: a seeded game, fixed key presses).

The same game proves the privacy protocol on every screen it shows (``privacy_watch.Watch``):
three players, a distress signal, a signal and a look at a hand during a public step.

The snapshots live in ``tests/tui/snapshots/*.txt``. After an intended change of the screens,
regenerate them with::

    CREW_UPDATE_SNAPSHOTS=1 python -m pytest tests/tui/test_snapshots.py

and review the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from privacy_watch import Watch
from tui_driver import Player, drive_until, open_table, screen_text

from crew.table import StepKind
from crew.table.scope import legal_cards
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.result import ResultScreen

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (80, 24)


#: the search of a lost attempt's result screen runs here (conftest.py stops it elsewhere)
pytestmark = pytest.mark.post_mortem_search


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("CREW_UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing snapshot {path.name}: run with CREW_UPDATE_SNAPSHOTS=1"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"screen differs from snapshot {path.name}:\n{text}"


async def test_snapshots_of_key_screens_and_privacy_on_every_screen() -> None:
    # three players, mission 2, deal code 4: a distress signal to the left, a look at a hand at
    # the first communication window, then the first crew member signals before trick 1; a task
    # fails in trick 5
    app = create_app(
        AppSettings(players=3, mission=2, seed=4, names="Ann,Bob,Cas", clock_interval=None)
    )
    player = Player(distress="left", signal_before=1, peek_once=True)
    watch = Watch()
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None

        def communication(app: CrewApp) -> bool:
            return (
                open_table(app)
                and s.step().kind == StepKind.PLAY
                and not s.state.trick_cards
                and bool(s.state.signals)
            )

        await drive_until(pilot, app, player, communication, each=watch)
        assert s.state.trick_number == 1 and len(s.state.signals) == 1
        check_snapshot("communication_window", screen_text(app))

        def mid_trick(app: CrewApp) -> bool:
            # a trick under way in which the crew member to play must follow suit
            return (
                open_table(app)
                and s.step().kind == StepKind.PLAY
                and len(s.state.tricks) >= 1
                and len(s.state.trick_cards) == 2
                and len(legal_cards(s.state)) < s.state.hands[s.state.turn].bit_count()
            )

        await drive_until(pilot, app, player, mid_trick, each=watch)
        check_snapshot("table_mid_trick", screen_text(app))

        await pilot.press("l")  # the last trick, on request
        watch(app)
        check_snapshot("table_last_trick", screen_text(app))
        await pilot.press("l")

        await drive_until(
            pilot, app, player, lambda a: isinstance(a.screen, ResultScreen), each=watch
        )
        await app.workers.wait_for_complete()  # the post-mortem's answer, not its spinner
        await pilot.pause()
        check_snapshot("result", screen_text(app))
        watch(app)

    assert s.state.over
    assert s.state.distress == "left" and s.state.signals
    assert player.peeked
    # every crew member's hand was shown, each time behind a gate
    assert set(watch.hands_seen) == {"Ann", "Bob", "Cas"}
    assert watch.gates >= len(s.state.tricks) * 2
    assert len(s.state.tricks) >= 3
