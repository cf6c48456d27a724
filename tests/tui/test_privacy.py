"""The privacy protocol through whole seeded games, checked on every rendered screen
(``privacy_watch.Watch``). The three-player game with a distress signal, a signal and a look at a
hand is ``test_snapshots.py``'s game, watched the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from privacy_watch import SECRET_PREDICTION, Watch
from tui_driver import Player, play_to_result

from crew.engine import parse_card
from crew.engine.missions import CURRENTS
from crew.tui.app import AppSettings, CrewApp, create_app

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


async def run_game(app: CrewApp, player: Player) -> Watch:
    watch = Watch()
    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, player, each=watch)
        watch(app)  # the result screen too
    return watch


async def test_two_players_with_tonoja() -> None:
    # deal code 0: lost in trick 6, after a distress signal and a signal before trick 2
    app = create_app(
        AppSettings(players=2, mission=2, seed=0, names="Ann,Bob", clock_interval=None)
    )
    player = Player(distress="left", signal_before=2)
    watch = await run_game(app, player)
    s = app.session
    assert s is not None and s.state.over
    assert set(watch.hands_seen) == {"Ann", "Bob"}
    assert len(s.state.tricks) >= 5
    assert s.state.distress and player.signalled is not None
    # Tonoja played in every trick, chosen by the captain behind the captain's gate
    assert all(2 in t.seats for t in s.state.tricks)


async def test_secret_prediction_stays_secret() -> None:
    app = create_app(AppSettings(players=4, mission=5, seed=0, clock_interval=None))
    watch = await run_game(app, Player())
    s = app.session
    assert s is not None
    owner = s.state.owners[s.state.setup.task_ids.index(SECRET_PREDICTION)]
    assert s.state.predictions[owner] >= 0
    assert watch.screens > 10


async def test_unknown_terrain_with_currents() -> None:
    # mission 20, deal code 2: the terrain card G4 (drawn for all to see, then dealt to Ann)
    # means currents; a signal's position stays hidden on every screen
    app = create_app(AppSettings(players=4, mission=20, seed=2, clock_interval=None))
    player = Player(signal_before=1)
    watch = await run_game(app, player)
    s = app.session
    assert s is not None and s.state.setup.terrain == parse_card("G4")
    assert s.state.setup.rules.communication == CURRENTS
    assert player.signalled is not None and watch.hidden_signals > 0
    assert len(watch.hands_seen) == 4
