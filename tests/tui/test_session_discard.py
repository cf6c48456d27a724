"""The campaign crew's task discard pile reaches the next mission's draw (ruling 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crew import storage
from crew.engine import new_attempt
from crew.engine.attempts import attempt_seed
from crew.table import GameSpec
from crew.table.campaign import first_attempt as _first_attempt


def test_a_campaign_draw_avoids_the_crews_discard_pile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    plain = new_attempt(4, 5, seed=attempt_seed(11, 1)).setup.task_ids
    log = storage.note_attempt(
        storage.CampaignLog(), "Orcas", 4, won=True, distress=False, discard=list(plain)
    )
    storage.save_log(log)
    spec = GameSpec(4, ["A", "B", "C", "D"], 5, seed=11, crew="Orcas").checked()
    state, attempt = _first_attempt(spec, autosave=False)
    assert attempt == 1
    assert not set(state.setup.task_ids) & set(plain)
    assert set(state.setup.discard) == set(plain) | set(state.setup.task_ids)
