"""Saves and the campaign logbook: atomic writes, damaged files kept, attempts arithmetic."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest

from crew import storage
from crew.engine import Play, apply, legal_actions, new_attempt
from crew.records import action_to_json, record_for, replay


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_home_follows_crew_home(crew_home: Path) -> None:
    assert storage.home() == crew_home
    assert storage.game_path() == crew_home / "saves" / "current.json"


def test_atomic_write_interrupted_leaves_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "f.json"
    storage.atomic_write_text(target, "old contents")

    def boom(src: str, dst: str) -> None:
        raise OSError("disk vanished")

    # the new text is fully written to a temp file, then the replace step fails
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        storage.atomic_write_text(target, "new contents")
    assert target.read_text() == "old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]  # no temp file left


def test_atomic_write_interrupted_while_writing(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "f.json"
    storage.atomic_write_text(target, "old")
    real_fsync = os.fsync

    def fail_fsync(fd: int) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "fsync", fail_fsync)
    with pytest.raises(OSError):
        storage.atomic_write_text(target, "x" * 100000)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert target.read_text() == "old"


def _played_record():
    state = new_attempt(4, 3, seed=11)
    rec = record_for(state, names=["Ann", "Bob", "Cas", "Dee"], seed=11)
    for _ in range(12):
        action = legal_actions(state)[0]
        state, _ = apply(state, action)
        rec.actions.append(action_to_json(action))
    return state, rec


def test_save_and_continue_gives_the_same_state() -> None:
    state, rec = _played_record()
    storage.save_game(rec)
    loaded = storage.load_game()
    assert loaded is not None
    assert loaded.names == ["Ann", "Bob", "Cas", "Dee"]
    assert replay(loaded).state == state


def test_no_save_is_none() -> None:
    assert storage.load_game() is None


def test_damaged_save_is_reported_and_kept(crew_home: Path) -> None:
    p = storage.game_path()
    p.parent.mkdir(parents=True)
    p.write_text('{"format": "crew-record/1", "players": 4, "actions": [')
    with pytest.raises(storage.DamagedFileError) as err:
        storage.load_game()
    assert str(p) in str(err.value)
    assert err.value.kept.exists()
    assert err.value.kept.read_text() == p.read_text()  # original untouched, copy beside it
    assert err.value.kept.parent == p.parent


def test_damaged_save_names_the_field(crew_home: Path) -> None:
    p = storage.game_path()
    p.parent.mkdir(parents=True)
    p.write_text(json.dumps({"format": "crew-record/1", "players": 9, "actions": []}))
    with pytest.raises(storage.DamagedFileError) as err:
        storage.load_game()
    assert "players" in str(err.value)


def test_clear_game() -> None:
    _, rec = _played_record()
    storage.save_game(rec)
    storage.clear_game()
    assert storage.load_game() is None
    storage.clear_game()  # nothing to clear is fine


def test_logbook_round_trip() -> None:
    log = storage.load_log()
    assert log.crews == {}
    log = storage.note_attempt(
        log, "Deep Six", 1, won=False, distress=False, members=["Ann", "Bob", "Cas"]
    )
    log = storage.note_attempt(
        log, "Deep Six", 1, won=True, distress=False, today=date(2026, 11, 30)
    )
    log = storage.note_attempt(log, "Other crew", 4, won=False, distress=True)
    storage.save_log(log)
    back = storage.load_log()
    assert back == log
    six = back.crews["Deep Six"]
    assert six.members == ["Ann", "Bob", "Cas"]
    assert six.missions[1].attempts == 2
    assert six.missions[1].won_on == "2026-11-30"
    assert six.current == 2
    assert back.crews["Other crew"].current == 1


def test_attempts_and_distress_arithmetic() -> None:
    log = storage.CampaignLog()
    # three attempts; distress used in the second (and optionally later): +1 once
    log = storage.note_attempt(log, "c", 7, won=False, distress=False)
    log = storage.note_attempt(log, "c", 7, won=False, distress=True)
    log = storage.note_attempt(log, "c", 7, won=True, distress=True)
    ml = log.crews["c"].missions[7]
    assert ml.attempts == 3
    assert ml.distress is True
    assert storage.logged_attempts(ml) == 4
    # a success without distress counts just the attempts
    log = storage.note_attempt(log, "c", 8, won=True, distress=False)
    assert storage.logged_attempts(log.crews["c"].missions[8]) == 1
    assert log.crews["c"].current == 9


def test_replaying_a_won_mission_keeps_the_entry() -> None:
    log = storage.note_attempt(
        storage.CampaignLog(), "c", 2, won=True, distress=False, today=date(2026, 1, 2)
    )
    again = storage.note_attempt(log, "c", 2, won=False, distress=True)
    assert again.crews["c"].missions[2] == log.crews["c"].missions[2]


def test_note_attempt_does_not_mutate_input() -> None:
    log = storage.CampaignLog()
    storage.note_attempt(log, "c", 1, won=True, distress=False)
    assert log.crews == {}


def test_damaged_logbook_reported_with_path_and_kept(crew_home: Path) -> None:
    crew_home.mkdir(parents=True)
    p = storage.log_path()
    p.write_text("{not json")
    with pytest.raises(storage.DamagedFileError) as err:
        storage.load_log()
    assert str(p) in str(err.value)
    assert err.value.kept.exists() and p.read_text() == "{not json"


def test_damaged_logbook_bad_field(crew_home: Path) -> None:
    crew_home.mkdir(parents=True)
    p = storage.log_path()
    p.write_text(json.dumps({"crews": {"a": {"missions": {"1": {"attempts": -3}}}}}))
    with pytest.raises(storage.DamagedFileError) as err:
        storage.load_log()
    assert "attempts" in str(err.value)


def test_many_crews() -> None:
    log = storage.CampaignLog()
    for i in range(9):
        log = storage.note_attempt(log, f"crew {i}", 1, won=True, distress=False)
    storage.save_log(log)
    assert len(storage.load_log().crews) == 9


def test_record_play_form() -> None:
    # the record stores plays in the documented form
    assert action_to_json(Play(0, 39)) == {"play": "S4", "seat": 0}


def test_discard_pile_is_kept_with_the_crew(tmp_path, monkeypatch) -> None:
    """Ruling 15: the task discard pile lasts for the campaign, stored with the crew."""
    from crew import storage as st

    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    log = st.note_attempt(st.CampaignLog(), "Orcas", 3, won=True, distress=False, discard=[9, 4])
    st.save_log(log)
    again = st.load_log()
    assert again.crews["Orcas"].discard == [4, 9]
    # a logbook written before the pile existed still loads, with an empty pile
    (tmp_path / "logbook.json").write_text(
        '{"format": "crew-logbook/1", "crews": {"Orcas": {"members": [], "current": 2}}}'
    )
    assert st.load_log().crews["Orcas"].discard == []
