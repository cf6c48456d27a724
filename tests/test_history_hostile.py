"""A history folder that cannot hang, crash, leak or overwrite (issue 48).

Each test builds a hostile folder in a temporary ``CREW_HOME`` (pipes, links to devices, odd
names, entries that lie about themselves, a folder that cannot be read) and checks what the
history makes of it. Reading a pipe or ``/dev/zero`` would hang or grow without end: those tests
run under an alarm, so a regression fails instead of hanging the run.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_cases import fails_after

from crew import history, storage
from crew.engine import apply, legal_actions, new_attempt
from crew.records import action_to_json, record_for, replay
from crew.table.keeping import keep

NAMES = ["Ann", "Bob", "Cas", "Dee"]


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def alarm() -> Iterator[None]:
    """Fail (not hang) when the test takes more than 20 seconds."""
    with fails_after(20, "the history hung"):
        yield


def _entry(entry_id: int, cards: int = 4, **fields: object) -> history.HistoryEntry:
    """An entry as the app writes it (``fields`` override what is stored)."""
    state = new_attempt(4, 3, seed=entry_id)
    rec = record_for(state, names=NAMES, seed=entry_id)
    while sum("play" in a for a in rec.actions) < cards and not state.over:
        action = legal_actions(state)[0]
        state, _ = apply(state, action)
        rec.actions.append(action_to_json(action))
    if state.result:
        result = str(state.result)
    else:
        result = "unfinished"
    values: dict[str, object] = {
        "id": entry_id,
        "date": "2026-12-01T20:00:00",
        "mission": 3,
        "players": 4,
        "names": list(NAMES),
        "result": result,
        "trick": len(state.tricks) + (1 if state.trick_cards else 0),
        "record": rec,
    }
    values.update(fields)
    return history.HistoryEntry.model_validate(values)


def _raw(entry: history.HistoryEntry) -> dict[str, object]:
    return json.loads(json.dumps(entry.model_dump(exclude_none=True)))


def _put(name: str, data: object) -> Path:
    path = history.history_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- files that are not files ------------------------------------------------------------------


def test_a_named_pipe_is_moved_aside_never_opened(alarm: None) -> None:
    history.save_entry(_entry(1))
    pipe = history.entry_path(7)
    os.mkfifo(pipe)
    entries, problems = history.list_entries()
    assert [e.id for e in entries] == [1]
    assert len(problems) == 1 and "000007.json" in problems[0] and "named pipe" in problems[0]
    assert not os.path.lexists(pipe)  # moved aside: reported once, not at every listing
    (aside,) = pipe.parent.glob("000007.json.damaged-*")
    assert aside.is_fifo()
    assert history.list_entries() == (entries, [])
    with pytest.raises(storage.StorageError, match="no attempt 7"):
        history.load_entry(7)


def test_a_pipe_asked_for_by_number_is_refused_at_once(alarm: None) -> None:
    history.history_dir().mkdir(parents=True)
    os.mkfifo(history.entry_path(7))
    with pytest.raises(storage.DamagedFileError, match="named pipe") as err:
        history.load_entry(7)
    assert err.value.moved and err.value.kept is not None and err.value.kept.is_fifo()


@pytest.fixture
def memory_cap() -> Iterator[None]:
    """At most 512 MB more address space meanwhile: reading a device whole fails the test with
    MemoryError instead of taking the machine's memory."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    status = Path("/proc/self/status").read_text(encoding="ascii")
    size = next(
        int(line.split()[1]) * 1024 for line in status.splitlines() if line[:7] == "VmSize:"
    )
    cap = size + (512 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard < 0 else min(cap, hard), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom"])
def test_an_entry_linked_to_an_endless_device_is_not_read(
    alarm: None, memory_cap: None, target: str
) -> None:
    history.history_dir().mkdir(parents=True)
    os.symlink(target, history.entry_path(3))
    with pytest.raises(storage.DamagedFileError, match="symbolic link"):
        history.load_entry(3)
    assert not os.path.lexists(history.entry_path(3))


def test_a_link_to_a_good_entry_and_a_folder_are_not_entries(tmp_path: Path) -> None:
    elsewhere = tmp_path / "entry.json"
    elsewhere.write_text(json.dumps(_raw(_entry(4))), encoding="utf-8")
    history.history_dir().mkdir(parents=True)
    os.symlink(elsewhere, history.entry_path(4))
    history.entry_path(5).mkdir()
    entries, problems = history.list_entries()
    assert entries == []
    assert sorted(p.split(" is damaged ")[0][-11:] for p in problems) == [
        "000004.json",
        "000005.json",
    ]
    assert any("a folder" in p for p in problems) and any("symbolic link" in p for p in problems)
    assert elsewhere.exists()  # the link was moved, not what it points at


def test_an_entry_larger_than_a_record_is_not_read_whole() -> None:
    path = history.history_dir() / "000002.json"
    path.parent.mkdir(parents=True)
    with path.open("wb") as fh:
        fh.truncate(50_000_000)  # sparse: no disk used
    with pytest.raises(storage.DamagedFileError, match="too large"):
        history.load_entry(2)


def test_an_entry_that_cannot_be_moved_aside_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    history.history_dir().mkdir(parents=True)
    os.mkfifo(history.entry_path(7))

    def read_only(src: object, dst: object) -> None:
        raise OSError(30, "Read-only file system", str(src))

    monkeypatch.setattr(os, "rename", read_only)
    entries, problems = history.list_entries()
    assert entries == [] and len(problems) == 1
    assert "it could not be moved aside (Read-only file system)" in problems[0]
    assert "copy" not in problems[0]


# -- names and numbers -------------------------------------------------------------------------


def test_only_names_crew_writes_are_entries() -> None:
    history.save_entry(_entry(4))
    good = _raw(_entry(4))
    for name in ("1².json", "4.json", "0000004.json", "000000.json", "٤٤٤٤٤٤.json", "x4.json"):
        _put(name, good)
    assert history.next_id() == 5
    entries, problems = history.list_entries()
    assert [e.id for e in entries] == [4] and problems == []  # entry 4 once
    assert history.entry_id_of("000004.json") == 4
    assert history.entry_id_of("1234567.json") == 1234567
    for name in ("1².json", "4.json", "0000004.json", "000000.json", "٤٤٤٤٤٤.json"):
        assert history.entry_id_of(name) is None


def test_an_attempt_is_kept_beside_a_file_with_a_superscript_name() -> None:
    _put("1².json", _raw(_entry(1)))
    state = replay(_entry(2).record).state
    number, problem = keep(
        _entry(2).record,
        state,
        entry_id=None,
        names=NAMES,
        computers=[],
        crew=None,
        practice=False,
    )
    assert (number, problem) == (1, None)
    assert history.load_entry(1).record == _entry(2).record


def test_the_id_inside_must_be_the_id_of_the_name() -> None:
    history.save_entry(_entry(3))
    _put("000007.json", _raw(_entry(3)))  # entry 3's content under entry 7's name
    entries, problems = history.list_entries()
    assert [e.id for e in entries] == [3]
    assert len(problems) == 1 and "000007.json" in problems[0]
    assert "holds entry 3" in problems[0]


# -- what is shown comes from the record ---------------------------------------------------------


def test_result_trick_and_mission_come_from_the_record() -> None:
    lost = _entry(1, cards=60)
    assert lost.result == "lost"  # the record is played to its end and lost
    really = replay(lost.record).state
    lying = _raw(lost) | {"result": "won", "trick": 10, "mission": 999, "players": 5}
    _put("000001.json", lying)
    e = history.load_entry(1)
    assert (e.result, e.mission, e.players) == ("lost", 3, 4)
    assert e.trick == len(really.tricks) + (1 if really.trick_cards else 0) != 10
    # a record not over is never "won": unfinished (or abandoned, as it was kept)
    _put("000002.json", _raw(_entry(2, cards=3)) | {"result": "won", "trick": 9})
    assert (history.load_entry(2).result, history.load_entry(2).trick) == ("unfinished", 1)
    _put("000003.json", _raw(_entry(3, cards=3)) | {"result": "abandoned"})
    assert history.load_entry(3).result == "abandoned"


def test_a_record_with_an_illegal_action_is_damaged() -> None:
    data = _raw(_entry(1, cards=3))
    record = data["record"]
    assert isinstance(record, dict)
    record["actions"].append({"play": "S4", "seat": 0})  # not the seat's card, nor its turn
    _put("000001.json", data)
    with pytest.raises(storage.DamagedFileError, match="illegal"):
        history.load_entry(1)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("names", ["Ann\x1b[2J", "Bob", "Cas", "Dee"]),
        ("names", ["\udcff", "Bob", "Cas", "Dee"]),
        ("crew", "Deep\x1b]0;owned\x07"),
        ("date", "2026-12-01\x1b[2J"),
        ("computers", [7]),
    ],
)
def test_a_text_that_is_not_plain_makes_the_entry_damaged(field: str, value: object) -> None:
    data = _raw(_entry(1))
    data[field] = value
    if field == "names":
        record = data["record"]
        assert isinstance(record, dict)
        record["names"] = value
    path = history.entry_path(1)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data), encoding="utf-8")  # \udcff as JSON's own escape
    entries, problems = history.list_entries()
    assert entries == [] and len(problems) == 1
    assert "\x1b" not in problems[0] and "\x07" not in problems[0]
    problems[0].encode("utf-8")  # no lone surrogate either


# -- a folder that cannot be read ------------------------------------------------------------


def test_a_missing_folder_is_an_empty_history() -> None:
    assert history.list_entries() == ([], [])
    assert history.next_id() == 1


def test_a_history_that_is_a_file_is_said_not_taken_for_empty(crew_home: Path) -> None:
    crew_home.mkdir()
    (crew_home / "history").write_text("not a folder")
    with pytest.raises(history.HistoryFolderError, match="is not a folder"):
        history.list_entries()
    with pytest.raises(history.HistoryFolderError, match="is not a folder"):
        history.load_entry(4)


def _unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The history folder cannot be listed (as chmod -r does; root reads through chmod)."""
    real = os.scandir
    folder = str(history.history_dir())

    def scandir(path: object = ".") -> object:
        if str(path) == folder:
            raise PermissionError(13, "Permission denied", folder)
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)


def test_an_unreadable_folder_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    history.save_entry(_entry(1))
    _unreadable(monkeypatch)
    with pytest.raises(history.HistoryFolderError, match="cannot be read: Permission denied"):
        history.list_entries()


def test_a_folder_that_cannot_be_listed_never_gets_a_new_entry_over_an_old_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    history.save_entry(_entry(1))
    before = history.entry_path(1).read_bytes()
    _unreadable(monkeypatch)
    state = replay(_entry(2).record).state
    number, problem = keep(
        _entry(2).record, state, entry_id=None, names=NAMES, computers=[], crew=None, practice=False
    )
    assert number is None and "cannot be read" in str(problem)
    assert history.entry_path(1).read_bytes() == before


def test_a_new_entry_is_never_written_over_a_file_that_is_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    history.save_entry(_entry(1))
    before = history.entry_path(1).read_bytes()
    monkeypatch.setattr(history, "next_id", lambda: 1)  # as a folder listed wrongly would say
    written = history.add_entry(_entry(1, cards=2))
    assert written.id == 2
    assert history.entry_path(1).read_bytes() == before
    assert history.load_entry(2).record == _entry(1, cards=2).record


def test_a_saved_game_never_overwrites_another_attempt_under_its_old_number() -> None:
    """The history was cleared and refilled while a saved game still carries number 1."""
    other = _entry(1, cards=2)
    history.save_entry(other)
    mine = _entry(7, cards=3).record  # another deal
    state = replay(mine).state
    number, problem = keep(
        mine, state, entry_id=1, names=NAMES, computers=[], crew=None, practice=False
    )
    assert (number, problem) == (2, None)
    assert history.load_entry(1).record == other.record
    assert history.load_entry(2).record == mine
    # the same attempt played on is kept again under its own number
    later = _entry(7, cards=5).record
    number, problem = keep(
        later,
        replay(later).state,
        entry_id=2,
        names=NAMES,
        computers=[],
        crew=None,
        practice=False,
    )
    assert (number, problem) == (2, None) and history.load_entry(2).record == later
    assert [e.id for e in history.list_entries()[0]] == [2, 1]


# -- retention -------------------------------------------------------------------------------


def test_keeping_an_old_entry_again_never_removes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "KEEP", 3)
    for n in range(1, 5):
        history.save_entry(_entry(n, cards=1))
    assert [p.name for p in sorted(history.history_dir().iterdir())] == [
        "000002.json",
        "000003.json",
        "000004.json",
    ]
    history.save_entry(_entry(2, cards=3))  # the unfinished attempt 2 is played on and kept
    assert history.load_entry(2).trick == 1
    assert history.entry_path(2).exists()
    monkeypatch.setattr(history, "KEEP", 1)
    history.save_entry(_entry(2, cards=4))
    assert [e.id for e in history.list_entries()[0]] == [2]


# -- damaged saves are not read whole either ----------------------------------------------------


def test_a_damaged_save_that_is_a_pipe_is_reported_without_a_copy(alarm: None) -> None:
    path = storage.game_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    with pytest.raises(storage.DamagedFileError) as err:
        storage.load_game()
    words = str(err.value)
    assert err.value.kept is None and "no copy of it could be made" in words
    assert "a copy was kept" not in words


def test_a_copy_that_could_not_be_made_is_not_said_to_be_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = storage.game_path()
    path.parent.mkdir(parents=True)
    path.write_text("{", encoding="utf-8")

    def full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(storage, "write_new_bytes", full)
    with pytest.raises(storage.DamagedFileError) as err:
        storage.load_game()
    assert "a copy was kept" not in str(err.value) and "No space left" in str(err.value)


def test_a_crew_home_that_cannot_be_expanded_is_a_storage_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CREW_HOME", "~nosuchuser-crew-48/x")
    with pytest.raises(storage.StorageError, match="CREW_HOME=~nosuchuser-crew-48/x"):
        storage.home()
    with pytest.raises(storage.StorageError):
        history.list_entries()
