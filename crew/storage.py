"""Where saves and the campaign logbook live, written atomically and never silently overwritten.

Everything is under the platform data directory (``platformdirs``), or ``$CREW_HOME`` when set:
``saves/current.json`` is the unfinished game (a game record, rewritten after every action) and
``logbook.json`` the campaign logbook. A file that cannot be read is copied aside as
``<name>.damaged-<time>`` and reported; it is never overwritten without the user being told.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
import time
from datetime import date, datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .i18n import _
from .record_files import MAX_RECORD_BYTES, parse_json_bytes, read_fd, read_limited
from .records import Record, RecordError, dump_record, load_record

__all__ = [
    "CampaignLog",
    "CrewLog",
    "DamagedFileError",
    "MissionLog",
    "StorageError",
    "atomic_write_text",
    "clear_game",
    "discard_game",
    "game_path",
    "home",
    "home_problem",
    "crew_home_problem",
    "keep_damaged",
    "keep_damaged_game",
    "move_damaged",
    "keep_unfinished",
    "tidy",
    "load_game",
    "load_log",
    "log_path",
    "logged_attempts",
    "note_attempt",
    "note_distress",
    "save_game",
    "save_log",
    "write_new_bytes",
    "write_new_text",
]


class StorageError(ValueError):
    """Saves or the logbook cannot be read or written (the message names the file)."""


class DamagedFileError(StorageError):
    """A file exists but is damaged; ``kept`` is where it was copied (or moved, ``moved``), None
    when it could not be (``why_not`` says why)."""

    def __init__(
        self,
        path: Path,
        kept: Path | None,
        problem: str,
        *,
        moved: bool = False,
        why_not: str = "",
    ) -> None:
        if kept is None and moved:
            words = _(
                "{path} is damaged ({problem}); it could not be moved aside ({error}) and"
                " nothing was overwritten"
            ).format(path=path, problem=problem, error=why_not)
        elif kept is None:
            words = _(
                "{path} is damaged ({problem}); no copy of it could be made ({error}) and"
                " nothing was overwritten"
            ).format(path=path, problem=problem, error=why_not)
        elif moved:
            words = _("{path} is damaged ({problem}); it was moved aside as {kept}").format(
                path=path, problem=problem, kept=kept.name
            )
        else:
            words = _(
                "{path} is damaged ({problem}); a copy was kept as {kept} and nothing was"
                " overwritten"
            ).format(path=path, problem=problem, kept=kept.name)
        super().__init__(words)
        self.path = path
        self.kept = kept
        self.problem = problem
        self.moved = moved


def home() -> Path:
    """The data directory: ``$CREW_HOME`` or the platform's user data directory for crew.

    StorageError when ``$CREW_HOME`` starts with ``~user`` for a user that does not exist (or
    ``~`` without a home folder): nothing can be kept anywhere sensible then.
    """
    env = os.environ.get("CREW_HOME")
    if env:
        problem = crew_home_problem(env)
        if problem is not None:
            raise StorageError(problem)
        return Path(os.path.expanduser(env))
    from platformdirs import user_data_dir

    return Path(user_data_dir("crew", appauthor=False))


def crew_home_problem(value: str) -> str | None:
    """Why ``value`` cannot be the data directory as ``$CREW_HOME`` (a ``~`` that names no home
    folder), or None."""
    if value.startswith("~") and os.path.expanduser(value).startswith("~"):
        user = value[1:].split("/", 1)[0]
        return _("CREW_HOME={value}: {who} has no home folder to expand it to").format(
            value=value, who=f"~{user}" if user else "~"
        )
    return None


def _temp_beside(path: Path) -> tuple[int, str]:
    """A new temporary file in ``path``'s folder (made if missing), named after ``path``
    (``tidy`` finds it if a write is interrupted); an OSError names ``path``, the file meant,
    not the temporary one (its name is new every time)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from exc


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file whole.

    The text goes to a temporary file in the same folder, is flushed and fsynced, then replaces
    the target with ``os.replace``.
    """
    fd, tmp = _temp_beside(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
    _sync_folder(path.parent)


def _read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``limit`` bytes; OSError (its
    strerror says why) otherwise. A FIFO or a device is never read: opened without waiting, and
    refused once fstat shows what it is."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, _("not a regular file"), str(path))
        data = read_fd(fd, limit)
        if len(data) > limit:
            raise OSError(errno.EFBIG, _("larger than {n} bytes").format(n=limit), str(path))
        return data
    finally:
        os.close(fd)


#: The largest damaged file copied aside (a record is at most MAX_RECORD_BYTES).
MAX_COPY_BYTES = 4 * MAX_RECORD_BYTES


def keep_damaged(path: Path, problem: str) -> DamagedFileError:
    """Copy a damaged file aside, once per distinct content (a name from its hash); the error
    to report (the file itself stays). Only a regular file of a bounded size is copied: a FIFO,
    a device or a huge file is reported without one."""
    try:
        data = _read_regular(path, MAX_COPY_BYTES)
    except OSError as exc:
        return DamagedFileError(path, None, problem, why_not=str(exc.strerror or exc))
    digest = hashlib.sha256(data).hexdigest()[:12]
    kept = path.with_name(f"{path.name}.damaged-{digest}")
    try:
        write_new_bytes(kept, data)
    except FileExistsError:
        pass  # this very content was kept before
    except OSError as exc:
        return DamagedFileError(path, None, problem, why_not=str(exc.strerror or exc))
    return DamagedFileError(path, kept, problem)


def move_damaged(path: Path, problem: str) -> DamagedFileError:
    """Move a damaged file aside as ``<name>.damaged-<time>`` (never replacing anything there);
    the error to report. Moving opens nothing, so a FIFO or a device goes aside like a file, and
    the file is reported once: it is no longer where it was."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        kept = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(kept):
            continue
        try:
            os.rename(path, kept)
        except OSError as exc:
            why = str(exc.strerror or exc)
            return DamagedFileError(path, None, problem, moved=True, why_not=why)
        return DamagedFileError(path, kept, problem, moved=True)
    why = _("too many damaged copies already")
    return DamagedFileError(path, None, problem, moved=True, why_not=why)


def write_new_bytes(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data``, whole or not at all, never replacing a file that is
    there: FileExistsError when something is (even a broken link).

    The bytes go to a temporary file that is fsynced, then linked under the new name (a link
    fails when the name is taken); where links are not supported the file is created
    exclusively and written in place.
    """
    fd, tmp = _temp_beside(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path, follow_symlinks=False)
            linked = True
        except FileExistsError:
            raise
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise OSError(exc.errno, exc.strerror, str(path)) from exc
            linked = False
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    if not linked:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        out = os.open(path, flags, 0o644)
        with os.fdopen(out, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    _sync_folder(path.parent)


#: what os.link says on a file system without hard links
_NO_LINKS = frozenset(
    getattr(errno, name)
    for name in ("EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK", "EACCES")
    if hasattr(errno, name)
)


def write_new_text(path: Path, text: str) -> None:
    """:func:`write_new_bytes` for text (UTF-8)."""
    write_new_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


#: A temporary file older than this was left by a write that never finished (a killed process).
STALE_TEMP_SECONDS = 600


def tidy(now: float | None = None) -> list[Path]:
    """Remove the temporary files an interrupted atomic write left behind; the removed paths.

    Only ``.<name>.*.tmp`` files of our own names, and only old ones, so a write under way in
    another ``crew`` is never disturbed.
    """
    removed: list[Path] = []
    limit = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    places = (
        (home(), log_path().name),
        (game_path().parent, game_path().name),
        (home() / "history", "[0-9]*.json"),  # crew.history's entries
    )
    for folder, name in places:
        try:
            leftovers = list(folder.glob(f".{name}.*.tmp"))
        except OSError:
            continue
        for tmp in leftovers:
            try:
                if tmp.is_file() and tmp.stat().st_mtime < limit:
                    tmp.unlink()
                    removed.append(tmp)
            except OSError:
                pass
    return removed


def home_problem() -> str | None:
    """Why nothing can be saved under :func:`home` (a file in the way, read-only), or None.

    Creates nothing: an existing folder is probed with a temporary file that is removed at once,
    a folder still to be made is judged by its nearest existing parent.
    """
    h = home()
    probe = h
    while not probe.exists() and not probe.is_symlink() and probe != probe.parent:
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        return _("{home} cannot be used for saves: {probe} is a file, not a folder").format(
            home=h, probe=probe
        )
    if probe != h:
        if not os.access(probe, os.W_OK | os.X_OK):
            return _("{home} cannot be created: {probe} is not writable").format(
                home=h, probe=probe
            )
        return None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".crew-probe.", dir=h)
    except OSError as exc:
        return _("{home} is not writable: {error}").format(home=h, error=exc.strerror or exc)
    os.close(fd)
    try:
        os.unlink(tmp)
    except OSError:
        pass
    return None


# ---------------------------------------------------------------------------------------------
# the unfinished game


def game_path() -> Path:
    """Where the unfinished game is saved."""
    return home() / "saves" / "current.json"


def save_game(rec: Record) -> Path:
    """Save the game record (after every action)."""
    p = game_path()
    atomic_write_text(p, dump_record(rec))
    return p


def load_game() -> Record | None:
    """The saved unfinished game, or None when there is none.

    A damaged save is copied aside and reported with DamagedFileError; the file itself stays.
    """
    p = game_path()
    if not p.exists():
        return None
    try:
        return load_record(p)
    except RecordError as exc:
        raise keep_damaged(p, str(exc).removeprefix(f"{p}: ")) from None


def keep_damaged_game(problem: str) -> DamagedFileError:
    """The unfinished game cannot be continued (``problem`` says why): a copy is kept beside it,
    as for a damaged file, and the error to report is returned (the file itself stays)."""
    return keep_damaged(game_path(), problem)


def keep_unfinished() -> Path | None:
    """Move the unfinished game aside before another one starts; where it went (or None).

    It goes to ``saves/unfinished-<time>.json``. Once the game that replaced it is over,
    :func:`clear_game` brings the most recent one back, so Continue reaches it again. Only for
    a game that can still be played on: a finished one is in the history, and its save is let
    go with :func:`discard_game`.
    """
    p = game_path()
    if not p.exists():
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = p.with_name(f"unfinished-{stamp}.json")
    n = 1
    while kept.exists():
        n += 1
        kept = p.with_name(f"unfinished-{stamp}-{n}.json")
    try:
        os.replace(p, kept)
    except OSError as exc:
        raise StorageError(
            _("{path}: the unfinished game cannot be kept aside: {error}").format(
                path=p, error=exc.strerror
            )
        ) from None
    return kept


def discard_game() -> None:
    """Remove the saved game (its attempt has ended and is in the history); nothing set aside
    comes back."""
    try:
        game_path().unlink()
    except FileNotFoundError:
        pass


def clear_game() -> None:
    """Forget the unfinished game (once its attempt has ended and been written down)."""
    p = game_path()
    discard_game()
    try:
        # the names hold the time they were set aside: the last one is the latest
        kept = sorted(p.parent.glob("unfinished-*.json"), key=lambda f: (len(f.name), f.name))
        if kept:
            os.replace(kept[-1], p)  # the game set aside for this one is the one to continue
    except OSError:
        pass  # it stays where it is, under its own name


# ---------------------------------------------------------------------------------------------
# the campaign logbook


class MissionLog(BaseModel):
    """One mission of one crew, as in the printed logbook's table."""

    model_config = ConfigDict(extra="forbid")

    attempts: int = Field(default=0, ge=0, description="attempts played, the successful included")
    distress: bool = Field(default=False, description="the distress signal was used")
    won_on: str | None = Field(default=None, description="ISO date of the success")
    replays: int = Field(
        default=0, ge=0, description="attempts played after the win (practice: not in the count)"
    )


class CrewLog(BaseModel):
    """A named crew: its members, its missions and where it continues."""

    model_config = ConfigDict(extra="forbid")

    members: list[str] = Field(default_factory=list)
    missions: dict[int, MissionLog] = Field(default_factory=dict)
    current: int = Field(default=1, ge=0, description="the next mission to play")
    discard: list[int] = Field(
        default_factory=list, description="task ids on the crew's discard pile (ruling 15)"
    )
    computers: list[int] = Field(
        default_factory=list,
        description="the members (seat numbers, as in members) computer crewmates play",
    )


class CampaignLog(BaseModel):
    """Every crew's campaign (any number of crews)."""

    model_config = ConfigDict(extra="forbid")

    format: str = "crew-logbook/1"
    crews: dict[str, CrewLog] = Field(default_factory=dict)


def log_path() -> Path:
    return home() / "logbook.json"


def load_log() -> CampaignLog:
    """The logbook (empty when there is none yet); DamagedFileError when it cannot be read."""
    p = log_path()
    if not p.exists():
        return CampaignLog()
    try:
        raw = read_limited(p)
    except RecordError as exc:  # not a regular file, too large, unreadable
        raise StorageError(str(exc)) from None
    try:
        data = parse_json_bytes(raw, str(p))
        return CampaignLog.model_validate(data)
    except RecordError as exc:  # not UTF-8, not JSON, nested too deep
        raise keep_damaged(p, str(exc).removeprefix(f"{p}: ")) from None
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise keep_damaged(p, f"{where}: {err['msg']}") from None


def save_log(log: CampaignLog) -> Path:
    """Write the logbook atomically."""
    p = log_path()
    atomic_write_text(p, log.model_dump_json(indent=2) + "\n")
    return p


def logged_attempts(ml: MissionLog) -> int:
    """The number written in the logbook: attempts, plus 1 once if distress was used."""
    return ml.attempts + (1 if ml.distress else 0)


def note_attempt(
    log: CampaignLog,
    crew: str,
    mission: int,
    *,
    won: bool,
    distress: bool,
    members: list[str] | None = None,
    today: date | None = None,
    discard: list[int] | None = None,
) -> CampaignLog:
    """The logbook after one finished attempt of ``mission`` by ``crew`` (a new copy).

    Every attempt counts one; using the distress signal in any attempt marks the mission (it
    adds 1 once when the attempts are written down); a success records the date and moves the
    crew's current mission on. A mission already won keeps the count of its win: playing it
    again is a replay, counted apart in ``replays``. A crew keeps its members: ``members`` only
    names a crew that has none noted yet.
    ``discard`` replaces the crew's task discard pile (it lasts for the campaign, ruling 15).
    """
    new = log.model_copy(deep=True)
    entry = new.crews.get(crew)
    if entry is None:
        entry = CrewLog(members=list(members or []))
        new.crews[crew] = entry
    elif members and not entry.members:
        entry.members = list(members)
    if discard is not None:
        entry.discard = sorted(set(discard))
    ml = entry.missions.get(mission)
    if ml is not None and ml.won_on is not None:
        ml.replays += 1  # the win stays as it was written; the replay is counted apart
        return new
    if ml is None:
        ml = MissionLog()
    ml.attempts += 1
    ml.distress = ml.distress or distress
    if won:
        ml.won_on = (today or date.today()).isoformat()
        if mission >= entry.current:
            entry.current = mission + 1
    entry.missions[mission] = ml
    return new


def note_distress(log: CampaignLog, crew: str, mission: int) -> CampaignLog:
    """The logbook once ``crew`` sent the distress signal in ``mission`` (a new copy).

    Written the moment the signal is sent, so that it stays counted even when the attempt is
    never finished (abandoned, or replaced by a new game). A mission already won is unchanged.
    """
    new = log.model_copy(deep=True)
    entry = new.crews.get(crew)
    if entry is None:
        entry = CrewLog()
        new.crews[crew] = entry
    ml = entry.missions.get(mission)
    if ml is None:
        ml = MissionLog()
        entry.missions[mission] = ml
    if ml.won_on is None:
        ml.distress = True
    return new
