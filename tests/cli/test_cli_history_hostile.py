"""``crew history``, ``--export`` and ``history:ID`` against a hostile history folder (issue 48).

Hangs are looked for in a real process with a time limit (a pipe read by mistake never ends);
the rest runs through ``crew.cli.main.main`` in-process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Run

from crew import history
from crew.records import load_record

DATA = Path(__file__).parent.parent / "data"
LOST = "lost-4p-task-41-trick-2.json"
WON = "won-4p-mission-3.json"


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def keep(name: str, entry_id: int, **fields: Any) -> history.HistoryEntry:
    rec = load_record(DATA / name)
    values: dict[str, Any] = {
        "id": entry_id,
        "date": "2026-11-20T20:15:00",
        "mission": rec.mission,
        "players": rec.players,
        "names": list(rec.names or ["Ann", "Bob", "Cas", "Dee"]),
        "result": "lost",
        "trick": 2,
        "record": rec,
    }
    values.update(fields)
    entry = history.HistoryEntry.model_validate(values)
    history.save_entry(entry)
    return entry


def crew_process(home: Path, *args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``crew`` as a process of its own, stopped (and the test failed) after 60 s."""
    return subprocess.run(
        [sys.executable, "-m", "crew", *args],
        env=dict(os.environ, CREW_HOME=str(home), CREW_LANG="en", **env),
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


def one_line(r: Run) -> str:
    lines = r.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("crew: ") and "Traceback" not in r.err, r.err
    return lines[0]


# -- files that are not files ---------------------------------------------------------------------


def test_a_named_pipe_entry_neither_hangs_the_list_nor_the_entry(crew_home: Path) -> None:
    keep(LOST, 1)
    os.mkfifo(history.entry_path(7))
    p = crew_process(crew_home, "history")
    assert p.returncode == 0
    assert p.stdout.decode().split()[0] == "1"
    assert b"000007.json is damaged (a named pipe); it was moved aside" in p.stderr
    os.mkfifo(history.entry_path(8))
    p = crew_process(crew_home, "history", "8")
    assert p.returncode == 2 and b"named pipe" in p.stderr and p.stderr.count(b"\n") == 1
    os.mkfifo(history.entry_path(9))
    p = crew_process(crew_home, "verify", "history:9")
    assert p.returncode == 2 and b"named pipe" in p.stderr


def test_an_entry_linked_to_dev_zero_is_refused(crew_home: Path) -> None:
    history.history_dir().mkdir(parents=True)
    os.symlink("/dev/zero", history.entry_path(3))
    p = crew_process(crew_home, "history", "3")
    assert p.returncode == 2 and b"symbolic link" in p.stderr
    assert Path("/dev/zero").exists()


# -- --export -------------------------------------------------------------------------------------


def test_export_writes_a_new_file(crew: Callable[..., Run], tmp_path: Path) -> None:
    keep(LOST, 1)
    out = tmp_path / "out.json"
    r = crew("history", "1", "--export", str(out))
    assert r.code == 0 and load_record(out) == load_record(DATA / LOST)


def test_export_never_replaces_a_file_without_force(
    crew: Callable[..., Run], tmp_path: Path
) -> None:
    keep(LOST, 1)
    out = tmp_path / "mine.json"
    out.write_text("my own notes", encoding="utf-8")
    r = crew("history", "1", "--export", str(out))
    assert r.code == 2 and "it exists; give --force to replace it" in one_line(r)
    assert out.read_text(encoding="utf-8") == "my own notes"
    r = crew("history", "1", "--export", str(out), "--force")
    assert r.code == 0 and load_record(out) == load_record(DATA / LOST)
    r = crew("history", "1", "--force")  # nothing to replace: said, not ignored
    assert r.code == 2 and "--force: it only lets --export replace a file" in one_line(r)


def test_export_never_replaces_a_link_even_with_force(
    crew: Callable[..., Run], tmp_path: Path
) -> None:
    keep(LOST, 1)
    target = tmp_path / "target.json"
    target.write_text("kept", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    for extra in ((), ("--force",)):
        r = crew("history", "1", "--export", str(link), *extra)
        assert r.code == 2 and "a symbolic link; nothing was written" in one_line(r)
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "kept"


def test_export_never_writes_over_a_pipe_or_a_folder(
    crew: Callable[..., Run], tmp_path: Path
) -> None:
    keep(LOST, 1)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    folder = tmp_path / "folder"
    folder.mkdir()
    for target, kind in ((pipe, "not a regular file"), (folder, "a folder")):
        r = crew("history", "1", "--export", str(target), "--force")
        assert r.code == 2 and f"is {kind}; nothing was written" in one_line(r)
    assert pipe.is_fifo() and folder.is_dir()


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_export_never_replaces_a_device(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch, device: str
) -> None:
    keep(LOST, 1)
    from crew.cli import history as command

    def never(path: Path, text: str) -> None:  # a regression must not replace /dev/null
        raise AssertionError(f"{path} was about to be written")

    monkeypatch.setattr(command, "atomic_write_text", never)
    monkeypatch.setattr(command, "write_new_text", never)
    before = os.stat(device)
    r = crew("history", "1", "--export", device, "--force")
    assert r.code == 2 and "not a regular file; nothing was written" in one_line(r)
    after = os.stat(device)
    assert (after.st_ino, after.st_mode, after.st_rdev) == (
        before.st_ino,
        before.st_mode,
        before.st_rdev,
    )


def test_export_never_writes_into_the_history(crew: Callable[..., Run]) -> None:
    keep(LOST, 1)
    entry5 = keep(WON, 5, result="won")
    before = history.entry_path(5).read_bytes()
    for target in (history.entry_path(5), history.history_dir() / "new.json"):
        for extra in ((), ("--force",)):
            r = crew("history", "1", "--export", str(target), *extra)
            assert r.code == 2 and "in the history folder" in one_line(r)
    # also by a path that reaches it another way
    sneaky = history.history_dir() / ".." / "history" / "000005.json"
    r = crew("history", "1", "--export", str(sneaky), "--force")
    assert r.code == 2 and "in the history folder" in one_line(r)
    assert history.entry_path(5).read_bytes() == before
    assert history.load_entry(5).record == entry5.record
    assert not (history.history_dir() / "new.json").exists()


def test_export_dash_is_standard_output(
    crew: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    keep(LOST, 1)
    r = crew("history", "1", "--export", "-")
    assert r.code == 0 and r.err == ""
    assert json.loads(r.out)["actions"] == load_record(DATA / LOST).actions
    assert not (tmp_path / "-").exists()


# -- history:ID and CREW_HOME ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ("verify",),
        ("analyse",),
        ("solve",),
        ("suggest", "--seat", "1"),
        ("replay",),
    ],
)
@pytest.mark.parametrize("number", ["9" * 5000, "1" + "0" * 4400, "1²", "٣", "0", ""])
def test_history_id_of_any_length_is_one_line(
    crew: Callable[..., Run], command: tuple[str, ...], number: str
) -> None:
    r = crew(command[0], f"history:{number}", *command[1:])
    line = one_line(r)
    assert r.code == 2 and "history:ID names an attempt by its number" in line
    assert len(line) < 200


@pytest.mark.parametrize(
    "args",
    [
        (),  # the app: refused before it starts
        ("play", "--players", "3"),
        ("history",),
        ("history", "4"),
        ("verify", "history:4"),
        ("analyse", "history:4"),
        ("logbook",),
        ("rules",),
    ],
)
def test_a_crew_home_that_cannot_be_expanded_is_one_line(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    monkeypatch.setenv("CREW_HOME", "~nosuchuser-crew-48/x")
    r = crew(*args)
    assert r.code == 2
    assert "CREW_HOME=~nosuchuser-crew-48/x" in one_line(r) and "no home folder" in r.err


# -- a folder that cannot be read -----------------------------------------------------------------


def test_a_history_that_is_a_file_is_one_line(crew: Callable[..., Run], crew_home: Path) -> None:
    crew_home.mkdir()
    (crew_home / "history").write_text("not a folder", encoding="utf-8")
    for args in (("history",), ("history", "--json"), ("history", "4"), ("analyse", "history:4")):
        r = crew(*args)
        assert r.code == 2 and "history is not a folder" in one_line(r), args
        assert "No attempt kept yet" not in r.out


def test_an_unreadable_history_is_one_line(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    keep(LOST, 4)
    folder = str(history.history_dir())
    real_scandir, real_lstat = os.scandir, os.lstat

    def scandir(path: Any = ".") -> Any:
        if str(path) == folder:
            raise PermissionError(13, "Permission denied", folder)
        return real_scandir(path)

    def lstat(path: Any, *args: Any, **kwargs: Any) -> Any:
        if str(path).startswith(folder + os.sep):
            raise PermissionError(13, "Permission denied", str(path))
        return real_lstat(path, *args, **kwargs)

    # as chmod a-rx does (root reads through chmod, so the refusal is played here)
    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "lstat", lstat)
    for args in (("history",), ("history", "4"), ("analyse", "history:4")):
        r = crew(*args)
        assert r.code == 2 and "the history cannot be read: Permission denied" in one_line(r)


# -- what is printed ------------------------------------------------------------------------------


def test_control_characters_never_reach_the_terminal(crew: Callable[..., Run]) -> None:
    keep(LOST, 1)
    data = json.loads(history.entry_path(1).read_text(encoding="utf-8"))
    data["crew"] = "\x1b[2JDeep"
    history.entry_path(1).write_text(json.dumps(data), encoding="utf-8")
    keep(LOST, 2, date="2026-11-20T20:15:00\x1b[2J")
    r = crew("history")
    assert r.code == 0 and "\x1b" not in r.out + r.err
    assert "000001.json" in r.err and "000002.json" in r.err
    assert "\\x1b" in r.err  # said as text


def test_json_is_always_utf8(crew_home: Path) -> None:
    keep(LOST, 1)
    data = json.loads(history.entry_path(1).read_text(encoding="utf-8"))
    data["names"][0] = "\udcff"  # an undecodable byte, as Python keeps it
    history.entry_path(1).write_text(json.dumps(data), encoding="ascii")  # as JSON's escape
    keep(LOST, 2)
    p = crew_process(crew_home, "history", "--json", PYTHONIOENCODING="utf-8:surrogateescape")
    assert p.returncode == 0
    assert [e["id"] for e in json.loads(p.stdout.decode("utf-8"))] == [2]  # strict UTF-8
    assert b"000001.json" in p.stderr and b"\xff" not in p.stdout + p.stderr
    p.stderr.decode("utf-8")


def test_emit_json_escapes_what_utf8_cannot_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from crew.cli.common import emit_json

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr(sys, "stdout", out)
    emit_json({"seed": "x\udcffy", "name": "Zoë"})
    out.flush()
    text = raw.getvalue().decode("utf-8")  # strict
    assert json.loads(text) == {"seed": "x\udcffy", "name": "Zoë"}


def test_lying_fields_are_not_shown(crew: Callable[..., Run]) -> None:
    keep(LOST, 1, result="won", trick=10, mission=999)
    r = crew("history")
    assert "lost at trick 2" in r.out and "won" not in r.out and "999" not in r.out
    (doc,) = crew("history", "--json").json
    assert (doc["result"], doc["trick"], doc["mission"]) == ("lost", 2, 2)


# -- crew replay of an attempt that is not over ---------------------------------------------------


def _unfinished(entry_id: int) -> None:
    rec = load_record(DATA / LOST)
    keep(
        LOST,
        entry_id,
        result="unfinished",
        record=rec.model_copy(update={"actions": rec.actions[:3]}),
    )


def test_replay_of_an_unfinished_attempt_needs_a_terminal_or_show_hands(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    _unfinished(3)
    keep(LOST, 4)
    shown: list[tuple[object, bool]] = []

    def replay_main(review: object, *, ask: bool = False) -> int:
        shown.append((review, ask))
        return 0

    from crew.tui import app

    monkeypatch.setattr(app, "replay_main", replay_main)
    r = crew("replay", "history:3")  # stdin and stdout are no terminal here
    assert r.code == 2 and "--show-hands" in one_line(r) and shown == []
    r = crew("replay", "history:3", "--show-hands")
    assert r.code == 0 and [ask for _, ask in shown] == [False]
    r = crew("replay", "history:4")  # over: nothing to hide
    assert r.code == 0 and [ask for _, ask in shown] == [False, False]
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    r = crew("replay", "history:3")  # at a terminal: the app asks first
    assert r.code == 0 and [ask for _, ask in shown] == [False, False, True]
    assert "--show-hands" in crew("replay", "--help").out
