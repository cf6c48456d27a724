"""The suite never reads or writes where a player's games are (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from platformdirs import user_data_dir

from crew import storage


def test_every_test_keeps_its_games_in_a_folder_of_its_own(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # a game a player saved on this machine made the title screen offer to continue it, and a
    # test of the title screen's footer failed; each test's folder is under pytest's own
    here = storage.home()
    assert here != Path(user_data_dir("crew", appauthor=False))
    assert here.is_relative_to(tmp_path_factory.getbasetemp())
    assert storage.game_path().is_relative_to(here)
