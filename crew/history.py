"""Every attempt kept: one game record per attempt in ``history/`` under the data directory.

An attempt is kept when it ends (won or lost), when the game is quit with at least one card
played (``unfinished``; finished later, the same entry is written again) and when a new game
replaces it (``abandoned``). Each entry is one file ``history/<id>.json`` (``crew-history/1``:
who played which seat, which seats were computers, the campaign crew, the mission, the date,
the result and the game record), its name the id written ``%06d``. A new entry is created
exclusively (never over a file that is there), a later state of the same attempt replaces it
atomically; the newest :data:`KEEP` are kept, and never is the entry being written removed.

Reading trusts nothing in the folder: only regular files named as crew names them are opened,
at most :data:`~crew.record_files.MAX_RECORD_BYTES` are read, the id inside must be the id of the
name, and the result, the trick, the mission and the players shown come from replaying the
record through the engine. A file that fails any of this is damaged: it is moved aside
(``<name>.damaged-<time>``) and reported once; the list goes on. A history folder that cannot
be read, or is not a folder, is a :class:`HistoryFolderError` (a missing one is empty).
"""

from __future__ import annotations

import json
import os
import re
import stat
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .engine import Result
from .i18n import _, said
from .names import name_problem
from .record_files import parse_json_bytes, read_limited
from .records import Record, RecordError, replay
from .storage import (
    StorageError,
    atomic_write_text,
    home,
    move_damaged,
    write_new_text,
)

__all__ = [
    "FORMAT",
    "KEEP",
    "HistoryEntry",
    "HistoryFolderError",
    "Outcome",
    "add_entry",
    "entry_id_of",
    "entry_path",
    "history_dir",
    "holds_other_attempt",
    "list_entries",
    "load_entry",
    "next_id",
    "now",
    "save_entry",
]

FORMAT = "crew-history/1"
#: The newest entries kept; older ones are removed as new ones come.
KEEP = 1000

#: How an attempt ended, or was left.
Outcome = Literal["won", "lost", "unfinished", "abandoned"]


class HistoryEntry(BaseModel):
    """One attempt as it was played."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["crew-history/1"] = "crew-history/1"
    id: int = Field(ge=1, description="the entry's number (newer entries have higher ones)")
    date: str = Field(description="when the attempt was last kept (local time, ISO 8601)")
    crew: str | None = Field(default=None, description="the campaign crew (None: free play)")
    mission: int | None = Field(default=None, description="the logbook mission (None: free play)")
    difficulty: int | None = Field(default=None, description="free play's difficulty")
    attempt: int = Field(default=1, ge=1, description="the attempt's number in its mission")
    players: int = Field(ge=2, le=5)
    names: list[str] = Field(description="who played each seat, in seat order")
    computers: list[int] = Field(default_factory=list, description="the seats computers played")
    result: Outcome
    trick: int = Field(ge=0, description="the trick it ended at (the tricks played when left)")
    practice: bool = Field(default=False, description="a practice game (not in the logbook)")
    record: Record


class HistoryFolderError(StorageError):
    """The history folder exists but cannot be listed (not a folder, no permission)."""


def history_dir() -> Path:
    return home() / "history"


def entry_path(entry_id: int) -> Path:
    return history_dir() / f"{entry_id:06d}.json"


#: An entry's file name: ASCII digits, the id written ``%06d`` (so 1-999,999,999 has one name).
_ENTRY_NAME = re.compile(r"[0-9]{6,9}\.json")


def entry_id_of(name: str) -> int | None:
    """The id a file named ``name`` holds, when crew would have named it so; else None."""
    if _ENTRY_NAME.fullmatch(name) is None:
        return None
    number = int(name.removesuffix(".json"))
    return number if number >= 1 and name == f"{number:06d}.json" else None


def _folder_error(folder: Path, exc: OSError) -> HistoryFolderError:
    if isinstance(exc, NotADirectoryError):
        return HistoryFolderError(
            _("{folder} is not a folder: the history cannot be read").format(folder=folder)
        )
    return HistoryFolderError(
        _("{folder}: the history cannot be read: {error}").format(
            folder=folder, error=exc.strerror or exc
        )
    )


def _ids() -> list[int]:
    """The ids of the entries in the folder, in order; HistoryFolderError when it cannot be
    listed (a missing folder has none)."""
    folder = history_dir()
    try:
        with os.scandir(folder) as found:
            names = [e.name for e in found]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise _folder_error(folder, exc) from None
    return sorted(n for n in map(entry_id_of, names) if n is not None)


def next_id() -> int:
    """The number the next new entry gets (HistoryFolderError when the folder cannot be read:
    a number then could be one that is taken)."""
    ids = _ids()
    return ids[-1] + 1 if ids else 1


def _text(entry: HistoryEntry) -> str:
    """The file's text: UTF-8 as it is, with JSON's escapes for what UTF-8 cannot hold (a lone
    surrogate, as a seed typed as undecodable bytes becomes)."""
    data = entry.model_dump(exclude_none=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=1)
    return text + "\n"


def save_entry(entry: HistoryEntry) -> Path:
    """Write ``entry`` atomically (replacing an earlier state of the same attempt) and let go of
    entries beyond the newest :data:`KEEP` (never ``entry`` itself)."""
    path = entry_path(entry.id)
    atomic_write_text(path, _text(entry))
    _let_go(keep=entry.id)
    return path


def holds_other_attempt(entry_id: int, record: Record) -> bool:
    """Whether entry ``entry_id`` is there and is another attempt than ``record`` (another deal,
    mission or attempt number), so that keeping ``record`` under that number would overwrite
    it: a history cleared and refilled while a saved game still carries its old number. A
    damaged entry is moved aside (False: nothing is left to overwrite); HistoryFolderError when
    the folder cannot be read."""
    try:
        there = load_entry(entry_id).record
    except HistoryFolderError:
        raise
    except StorageError:
        return False  # none, or damaged and moved aside
    return _deal(there) != _deal(record)


def _deal(record: Record) -> tuple[object, ...]:
    """What one attempt keeps from its first action to its last (its deal and its number)."""
    return (
        record.players,
        record.mission,
        record.difficulty,
        record.attempt,
        record.seed,
        record.hands,
        record.tonoja,
    )


#: How many taken numbers a new entry steps over before giving up (another crew writing too).
_TRIES = 100


def add_entry(entry: HistoryEntry) -> HistoryEntry:
    """Write ``entry`` as a new entry under the next free number (its ``id`` is replaced by
    it), never over a file that is there; the entry as written. HistoryFolderError when the
    folder cannot be read (the numbers taken are unknown), OSError when it cannot be written."""
    number = next_id()
    for _try in range(_TRIES):
        entry = entry.model_copy(update={"id": number})
        try:
            write_new_text(entry_path(number), _text(entry))
        except FileExistsError:
            number += 1  # taken meanwhile (another crew), or a name that is not an entry
            continue
        _let_go(keep=number)
        return entry
    raise StorageError(
        _("{folder}: no free number for a new entry after {n} tries").format(
            folder=history_dir(), n=_TRIES
        )
    )


def _let_go(keep: int) -> None:
    """Remove the entries beyond the newest :data:`KEEP`, never ``keep`` (the one just
    written) and only regular files."""
    try:
        ids = [n for n in _ids() if n != keep]
    except StorageError:
        return  # the folder cannot be listed: nothing is removed
    for old in ids[: max(0, len(ids) + 1 - KEEP)]:
        path = entry_path(old)
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink()
        except OSError:
            pass


class _Damaged(Exception):
    """What is wrong with an entry's file (it is moved aside)."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    if stat.S_ISFIFO(mode):
        return _("a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("not a regular file")


def _parse(path: Path, entry_id: int) -> HistoryEntry:
    """The entry in ``path`` (a regular file), checked and with every shown field taken from its
    record; _Damaged says what is wrong."""
    try:
        data: Any = parse_json_bytes(read_limited(path, follow_links=False), str(path))
    except RecordError as exc:
        raise _Damaged(str(exc).removeprefix(f"{path}: ")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Damaged(_("format: expected {format}").format(format=repr(FORMAT)))
    try:
        entry = HistoryEntry.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "entry"
        raise _Damaged(f"{where}: {err['msg']}") from None
    except RecordError as exc:  # the record's own checks (a name, an action)
        raise _Damaged(str(exc)) from None
    if entry.id != entry_id:
        raise _Damaged(
            _("it holds entry {inside}, but its name is that of entry {name}").format(
                inside=entry.id, name=entry_id
            )
        )
    return _derived(entry)


def _derived(entry: HistoryEntry) -> HistoryEntry:
    """``entry`` with the result, trick, mission, difficulty, attempt and players its record
    gives (replayed through the engine); _Damaged when the record or a name is not right."""
    rec = entry.record
    try:
        r = replay(rec, "record")
    except (RecordError, ValueError) as exc:
        raise _Damaged(str(exc)) from None
    if r.violation is not None:
        raise _Damaged(
            _("record: action {n} is illegal: {reason}").format(
                n=r.violation.action + 1, reason=said(r.violation.message)
            )
        )
    state = r.state
    setup = state.setup
    if state.result == Result.WON:
        result: Outcome = "won"
    elif state.result == Result.LOST:
        result = "lost"
    else:
        result = entry.result if entry.result in ("unfinished", "abandoned") else "unfinished"
    names = list(rec.names) if rec.names else list(entry.names)
    if len(names) != setup.players:
        raise _Damaged(
            _("names: {n} names for {players} players").format(n=len(names), players=setup.players)
        )
    for i, name in enumerate(names):
        if (problem := name_problem(name)) is not None:
            raise _Damaged(f"names.{i}: {said(problem)}")
    if entry.crew is not None and (problem := name_problem(entry.crew)) is not None:
        raise _Damaged(f"crew: {said(problem)}")
    if any(not 0 <= seat < setup.players for seat in entry.computers):
        raise _Damaged(_("computers: a seat that is not at the table"))
    try:
        datetime.fromisoformat(entry.date)
    except ValueError:
        why = _("date: not a date and time ({date})").format(date=repr(entry.date[:40]))
        raise _Damaged(why) from None
    return entry.model_copy(
        update={
            "result": result,
            "trick": len(state.tricks) + (1 if state.trick_cards else 0),
            "mission": setup.rules.mission,
            "difficulty": rec.difficulty,
            "attempt": rec.attempt,
            "players": setup.players,
            "names": names,
            "computers": sorted(set(entry.computers)),
        }
    )


def load_entry(entry_id: int) -> HistoryEntry:
    """Entry ``entry_id``; StorageError when there is none, HistoryFolderError when the folder
    cannot be read, DamagedFileError when it is damaged (moved aside)."""
    path = entry_path(entry_id)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        _ids()  # a folder that is there but cannot be read says so
        raise StorageError(
            _("history: there is no attempt {n} (see crew history)").format(n=entry_id)
        ) from None
    except OSError as exc:
        raise _folder_error(history_dir(), exc) from None
    try:
        if not stat.S_ISREG(info.st_mode):
            raise _Damaged(_kind(info.st_mode))
        return _parse(path, entry_id)
    except _Damaged as exc:
        raise move_damaged(path, str(exc)) from None


def list_entries() -> tuple[list[HistoryEntry], list[str]]:
    """Every readable entry, newest first, and a sentence for each damaged one (moved aside);
    HistoryFolderError when the folder cannot be read."""
    entries: list[HistoryEntry] = []
    problems: list[str] = []
    for entry_id in reversed(_ids()):
        try:
            entries.append(load_entry(entry_id))
        except HistoryFolderError:
            raise
        except StorageError as exc:
            problems.append(str(exc))
    return entries, problems


def now() -> str:
    """The local time, to the second, as entries carry it."""
    return datetime.now().isoformat(timespec="seconds")
