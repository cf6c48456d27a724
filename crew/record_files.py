"""Reading a record's bytes safely: only a regular file, at most :data:`MAX_RECORD_BYTES`, and
JSON that must be UTF-8 text; every problem a :class:`RecordError` that names the file."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO, Final

from .i18n import N_, _

__all__ = [
    "MAX_RECORD_BYTES",
    "RecordError",
    "file_kind",
    "parse_json_bytes",
    "read_fd",
    "read_limited",
    "read_stream",
]


class RecordError(ValueError):
    """A record that cannot be read: names the source, the field and what is wrong."""


#: The largest record read. A finished game is a few kilobytes; this leaves room for very long
#: names and notes while keeping memory small for anything else handed to ``crew verify``.
MAX_RECORD_BYTES: Final = 1_000_000


_TOO_LARGE = N_("{source}: too large for a record (more than {n} bytes)")


def read_limited(
    path: str | Path, limit: int = MAX_RECORD_BYTES, *, follow_links: bool = True
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; RecordError names the file.

    A FIFO, a device or a folder is refused before it is opened (opening a FIFO nobody writes to
    would wait forever, a device may never end); the file is opened without waiting and looked
    at again once open, so one swapped in meanwhile is refused too, and never more than
    ``limit`` + 1 bytes are read. ``follow_links=False`` refuses a symbolic link as well (the
    history's own files are never links).
    """
    p = Path(path)
    try:
        info = os.stat(p) if follow_links else os.lstat(p)
        _check_kind(p, info, limit)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        if not follow_links:
            flags |= getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(p, flags)
        try:
            opened = os.fstat(fd)
            _check_kind(p, opened, limit)
            if (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
                raise RecordError(_("{path}: changed while it was read").format(path=p))
            data = read_fd(fd, limit)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise RecordError(_("{path}: no such file").format(path=p)) from None
    except OSError as exc:
        raise RecordError(
            _("{path}: cannot read: {error}").format(path=p, error=exc.strerror or exc)
        ) from None
    if len(data) > limit:
        raise RecordError(_(_TOO_LARGE).format(source=p, n=limit))
    return data


def read_fd(fd: int, limit: int) -> bytes:
    """What the open file ``fd`` holds, at most ``limit`` bytes and one more: a longer result
    says the file is larger than ``limit`` (it is never read whole)."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = os.read(fd, min(1 << 16, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def file_kind(info: os.stat_result) -> str | None:
    """What ``info`` is when it is not a regular file, in words ("a folder"); None when it is."""
    if stat.S_ISREG(info.st_mode):
        return None
    if stat.S_ISDIR(info.st_mode):
        return _("a folder")
    if stat.S_ISLNK(info.st_mode):
        return _("a symbolic link")
    return _("not a regular file")


def _check_kind(p: Path, info: os.stat_result, limit: int) -> None:
    """RecordError unless ``info`` is a regular file of at most ``limit`` bytes."""
    kind = file_kind(info)
    if kind is not None:
        raise RecordError(
            _("{path}: {kind}; give a record file (or - for standard input)").format(
                path=p, kind=kind
            )
        )
    if info.st_size > limit:
        raise RecordError(
            _("{path}: {size} bytes, too large for a record (at most {limit})").format(
                path=p, size=info.st_size, limit=limit
            )
        )


def read_stream(stream: BinaryIO, source: str, limit: int = MAX_RECORD_BYTES) -> bytes:
    """Up to ``limit`` bytes of ``stream`` (standard input); RecordError when there is more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise RecordError(_(_TOO_LARGE).format(source=source, n=limit))
    return data


def parse_json_bytes(data: bytes, source: str) -> Any:
    """JSON from bytes that must be UTF-8 text; RecordError says what is wrong and where."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordError(
            _("{source}: the file is UTF-16 text; save it as UTF-8").format(source=source)
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(
            _("{source}: not UTF-8 text (byte {byte} at offset {offset})").format(
                source=source, byte=f"0x{data[exc.start]:02x}", offset=exc.start
            )
        ) from None
    if "\x00" in text:
        raise RecordError(
            _("{source}: not a text file (it contains NUL bytes)").format(source=source)
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            _("{source}: not valid JSON (line {line}, column {column}): {error}").format(
                source=source, line=exc.lineno, column=exc.colno, error=exc.msg
            )
        ) from None
    except RecursionError:
        raise RecordError(
            _("{source}: JSON nested too deeply to be a record").format(source=source)
        ) from None
    except ValueError:  # an integer with thousands of digits
        raise RecordError(
            _("{source}: a number in the JSON has too many digits").format(source=source)
        ) from None
