"""``crew history`` and ``history:ID`` wherever a record file is read (issue 22)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import Run

from crew import history
from crew.records import load_record

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def keep(name: str, entry_id: int, **fields: object) -> history.HistoryEntry:
    rec = load_record(DATA / name)
    entry = history.HistoryEntry(
        id=entry_id,
        date=f"2026-11-{entry_id:02d}T20:15:00",
        mission=rec.mission,
        players=rec.players,
        names=list(rec.names or ["Ann", "Bob", "Cas", "Dee"]),
        record=rec,
        **fields,  # type: ignore[arg-type]
    )
    history.save_entry(entry)
    return entry


@pytest.fixture
def kept() -> None:
    keep("won-4p-mission-3.json", 1, result="won", trick=2, crew="Deep", computers=[1, 2, 3])
    keep("lost-4p-task-41-trick-2.json", 2, result="lost", trick=2)


def test_an_empty_history_says_so(crew: Callable[..., Run]) -> None:
    r = crew("history")
    assert r.code == 0 and "No attempt kept yet" in r.out
    assert crew("history", "--json").json == []


def test_the_list_is_newest_first_one_line_each(crew: Callable[..., Run], kept: None) -> None:
    r = crew("history")
    assert r.code == 0
    lines = r.out.splitlines()
    assert len(lines) == 2
    assert lines[0].split()[0] == "2" and "lost at trick 2" in lines[0]
    assert lines[1].split()[0] == "1" and "2026-11-01 20:15" in lines[1]
    assert "Deep · mission 3" in lines[1] and "4 players · won at trick 2" in lines[1]
    doc = crew("history", "--json").json
    assert [(e["id"], e["result"], e["trick"]) for e in doc] == [(2, "lost", 2), (1, "won", 2)]
    assert "record" not in doc[0]


def test_one_entry_with_its_record(crew: Callable[..., Run], kept: None) -> None:
    r = crew("history", "1")
    assert r.code == 0
    assert "Seats: 1 Ann, 2 Bob (computer), 3 Cas (computer), 4 Dee (computer)" in r.out
    doc = crew("history", "1", "--json").json
    assert doc["id"] == 1 and doc["computers"] == [1, 2, 3]
    assert doc["record"]["actions"] == load_record(DATA / "won-4p-mission-3.json").actions


def test_export_writes_the_record(crew: Callable[..., Run], kept: None, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    r = crew("history", "2", "--export", str(out))
    assert r.code == 0 and str(out) in r.out
    assert load_record(out).actions == load_record(DATA / "lost-4p-task-41-trick-2.json").actions
    r = crew("verify", str(out), "--json")
    assert r.json["result"] == "lost"


def test_history_id_reads_like_a_file(crew: Callable[..., Run], kept: None) -> None:
    by_file = crew("verify", str(DATA / "lost-4p-task-41-trick-2.json"), "--json")
    by_id = crew("verify", "history:2", "--json")
    assert by_id.code == by_file.code == 0
    assert by_id.json == by_file.json
    r = crew("solve", "history:1", "--json")
    assert r.code == 0 and r.json["winnable"] is True


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (("history", "7"), "no attempt 7"),
        (("history", "0"), "ID"),
        (("history", "--export", "x.json"), "name the attempt"),
        (("verify", "history:7"), "no attempt 7"),
        (("verify", "history:x"), "history:ID names an attempt by its number"),
        (("verify", "history:-1"), "history:ID names an attempt by its number"),
        (("analyse", "history:"), "history:ID names an attempt by its number"),
    ],
)
def test_bad_ids_are_named(
    crew: Callable[..., Run], kept: None, args: tuple[str, ...], wanted: str
) -> None:
    r = crew(*args)
    assert r.code == 2
    assert wanted in r.err and r.out == ""
    assert "Traceback" not in r.err


def test_a_damaged_entry_is_reported_and_the_rest_listed(
    crew: Callable[..., Run], kept: None
) -> None:
    history.entry_path(1).write_text("{not json")
    r = crew("history")
    assert r.code == 0
    assert [line.split()[0] for line in r.out.splitlines()] == ["2"]
    assert "000001.json" in r.err and "000001.json.damaged-" in r.err
    r = crew("verify", "history:1")  # moved aside at the listing: no longer an entry
    assert r.code == 2 and "no attempt 1" in r.err
    history.entry_path(1).write_text("{not json")
    r = crew("verify", "history:1")  # found damaged by the reading command itself
    assert r.code == 2 and "000001.json" in r.err and "moved aside" in r.err


def test_export_to_a_folder_that_does_not_exist(
    crew: Callable[..., Run], kept: None, tmp_path: Path
) -> None:
    r = crew("history", "1", "--export", str(tmp_path / "no" / "such" / "out.json"))
    assert r.code == 2 and "--export" in r.err and "Traceback" not in r.err
