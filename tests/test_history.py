"""The history of attempts: atomic entries that survive a kill, a bound, damaged files kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crew import history, storage
from crew.engine import apply, legal_actions, new_attempt
from crew.records import action_to_json, record_for, replay


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _entry(entry_id: int, cards: int = 6, result: history.Outcome = "unfinished"):
    state = new_attempt(4, 3, seed=entry_id)
    rec = record_for(state, names=["Ann", "Bob", "Cas", "Dee"], seed=entry_id)
    while len([a for a in rec.actions if "play" in a]) < cards and not state.over:
        action = legal_actions(state)[0]
        state, _ = apply(state, action)
        rec.actions.append(action_to_json(action))
    return history.HistoryEntry(
        id=entry_id,
        date=history.now(),
        mission=3,
        players=4,
        names=["Ann", "Bob", "Cas", "Dee"],
        computers=[1, 2],
        result=result,
        trick=len(state.tricks) + (1 if state.trick_cards else 0),  # as the app counts it
        record=rec,
    )


def test_entries_round_trip_newest_first() -> None:
    assert history.next_id() == 1
    for n in (1, 2, 3):
        history.save_entry(_entry(n, cards=n))
    assert history.next_id() == 4
    entries, problems = history.list_entries()
    assert problems == []
    assert [e.id for e in entries] == [3, 2, 1]
    back = history.load_entry(2)
    assert back == _entry(2, cards=2).model_copy(update={"date": back.date})
    # the kept record replays: the same cards, in the same order
    assert sum("play" in a for a in back.record.actions) == 2
    assert replay(back.record).state.trick_cards


def test_the_same_attempt_is_written_again_under_its_number() -> None:
    history.save_entry(_entry(1, cards=2))
    ended = _entry(1, cards=99, result="lost")  # played to its end
    history.save_entry(ended)
    entries, _ = history.list_entries()
    over = replay(ended.record).state.result
    assert over in ("won", "lost")
    assert [(e.id, e.result) for e in entries] == [(1, over)]


def test_only_the_newest_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "KEEP", 3)
    for n in range(1, 6):
        history.save_entry(_entry(n, cards=1))
    assert sorted(p.name for p in history.history_dir().iterdir()) == [
        "000003.json",
        "000004.json",
        "000005.json",
    ]
    assert history.next_id() == 6  # numbers are never given twice while entries remain


def test_a_damaged_entry_is_reported_kept_aside_and_the_list_goes_on() -> None:
    for n in (1, 2, 3):
        history.save_entry(_entry(n, cards=1))
    bad = history.entry_path(2)
    bad.write_text('{"format": "crew-history/1", "id": 2, "players": "four"', encoding="utf-8")
    content = bad.read_text()
    entries, problems = history.list_entries()
    assert [e.id for e in entries] == [3, 1]
    assert len(problems) == 1 and str(bad) in problems[0] and "moved aside" in problems[0]
    moved = list(bad.parent.glob("000002.json.damaged-*"))
    assert len(moved) == 1 and moved[0].read_text() == content  # kept whole, for the player
    assert not bad.exists()  # moved, not copied: it is reported once, not at every listing
    assert history.list_entries()[1] == []
    assert list(bad.parent.glob("000002.json.damaged-*")) == moved
    with pytest.raises(storage.StorageError, match="no attempt 2"):
        history.load_entry(2)


def test_a_wrong_field_is_named() -> None:
    history.save_entry(_entry(1, cards=1))
    path = history.entry_path(1)
    data = json.loads(path.read_text())
    data["result"] = "drawn"
    path.write_text(json.dumps(data))
    with pytest.raises(storage.StorageError, match="result"):
        history.load_entry(1)


def test_no_such_entry() -> None:
    with pytest.raises(storage.StorageError, match="no attempt 7"):
        history.load_entry(7)


WRITER = """
import sys
from crew import history
sys.path.insert(0, sys.argv[1])
from test_history import _entry
big = _entry(1, cards=40, result="lost")
small = _entry(1, cards=3)
history.save_entry(small)
print("ready", flush=True)
n = 0
while True:
    history.save_entry(big if n % 2 else small)
    n += 1
"""


def test_the_history_survives_a_kill_during_the_write(crew_home: Path) -> None:
    """A process writing the same entry over and over is killed (SIGKILL) at random moments:
    what is left is always a whole entry, the one before or the one after."""
    here = str(Path(__file__).parent)
    env = dict(os.environ, CREW_HOME=str(crew_home))
    for delay in (0.05, 0.13, 0.21, 0.34, 0.4):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, here], env=env, stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        entries, problems = history.list_entries()
        assert problems == []
        assert [e.id for e in entries] == [1]
        assert entries[0].result in ("lost", "unfinished")
        replay(entries[0].record)  # a whole game record
    # the temporary files a kill left are removed once they are old
    later = time.time() + storage.STALE_TEMP_SECONDS + 1
    storage.tidy(now=later)
    assert [p.name for p in history.history_dir().iterdir()] == ["000001.json"]
