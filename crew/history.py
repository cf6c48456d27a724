"""Every attempt kept: one game record per attempt in ``history/`` under the data directory.

An attempt is kept when it ends (won or lost), when the game is quit with at least one card
played (``unfinished``; finished later, the same entry is written again) and when a new game
replaces it (``abandoned``). Each entry is one file ``history/<id>.json`` (``crew-history/1``:
who played which seat, which seats were computers, the campaign crew, the mission, the date,
the result and the game record), written atomically; the newest :data:`KEEP` are kept. A file
that cannot be read is copied aside as damaged files are and reported; the list goes on.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .i18n import _
from .records import Record, RecordError, parse_json_bytes, read_limited
from .storage import StorageError, atomic_write_text, home, keep_damaged

__all__ = [
    "FORMAT",
    "KEEP",
    "HistoryEntry",
    "Outcome",
    "entry_path",
    "history_dir",
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


def history_dir() -> Path:
    return home() / "history"


def entry_path(entry_id: int) -> Path:
    return history_dir() / f"{entry_id:06d}.json"


def _ids() -> list[int]:
    try:
        names = [p.stem for p in history_dir().glob("[0-9]*.json")]
    except OSError:
        return []
    return sorted(int(n) for n in names if n.isdigit())


def next_id() -> int:
    """The number the next new entry gets."""
    ids = _ids()
    return ids[-1] + 1 if ids else 1


def save_entry(entry: HistoryEntry) -> Path:
    """Write ``entry`` atomically (replacing an earlier state of the same attempt) and let go of
    entries beyond the newest :data:`KEEP`."""
    path = entry_path(entry.id)
    data = entry.model_dump(exclude_none=True)
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    for old in _ids()[:-KEEP]:
        try:
            entry_path(old).unlink()
        except OSError:
            pass
    return path


def _parse(path: Path) -> HistoryEntry:
    data: Any = parse_json_bytes(read_limited(path), str(path))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(
            _("{path}: format: expected {format}").format(path=path, format=repr(FORMAT))
        )
    try:
        return HistoryEntry.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "entry"
        raise RecordError(f"{path}: {where}: {err['msg']}") from None


def load_entry(entry_id: int) -> HistoryEntry:
    """Entry ``entry_id``; StorageError when there is none, or it is damaged (copied aside)."""
    path = entry_path(entry_id)
    if not path.exists():
        raise StorageError(
            _("history: there is no attempt {n} (see crew history)").format(n=entry_id)
        )
    try:
        return _parse(path)
    except RecordError as exc:
        raise keep_damaged(path, str(exc).removeprefix(f"{path}: ")) from None


def list_entries() -> tuple[list[HistoryEntry], list[str]]:
    """Every readable entry, newest first, and a sentence for each damaged one (kept aside)."""
    entries: list[HistoryEntry] = []
    problems: list[str] = []
    for entry_id in reversed(_ids()):
        try:
            entries.append(load_entry(entry_id))
        except StorageError as exc:
            problems.append(str(exc))
    return entries, problems


def now() -> str:
    """The local time, to the second, as entries carry it."""
    return datetime.now().isoformat(timespec="seconds")
