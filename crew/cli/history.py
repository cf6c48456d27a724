"""``crew history``: every attempt kept, one line each; one of them with its record; export."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from .. import history
from ..i18n import _
from ..names import shown_line
from ..present import history_line, history_seats
from ..record_files import file_kind
from ..records import dump_record
from ..storage import StorageError, atomic_write_text, write_new_text
from .common import ANSWERED, CliError, console, emit_json

__all__ = ["history_command", "summary_of"]


def summary_of(entry: history.HistoryEntry) -> dict[str, Any]:
    """One entry without its record (the list's JSON)."""
    return entry.model_dump(exclude={"record"}, exclude_none=True)


def history_command(args: argparse.Namespace) -> int:
    """The list, newest first; with an id, that attempt (and ``--export FILE``: its record)."""
    if args.force and args.export is None:
        raise CliError(
            _(
                "--force: it only lets --export replace a file"
                " (crew history ID --export FILE --force)"
            )
        )
    if args.id is None:
        if args.export is not None:
            raise CliError(
                _("--export: name the attempt to export (crew history ID --export FILE)")
            )
        try:
            entries, problems = history.list_entries()
        except StorageError as exc:  # the folder cannot be read, or is not a folder
            raise CliError(str(exc)) from None
        for problem in problems:
            sys.stderr.write(f"crew: {shown_line(problem)}\n")
        if args.json:
            emit_json([summary_of(e) for e in entries])
            return ANSWERED
        out = console()
        if not entries:
            out.print(_("No attempt kept yet: every attempt played in crew is kept here."))
        for e in entries:
            out.print(history_line(e), highlight=False, markup=False, soft_wrap=True)
        return ANSWERED
    try:
        entry = history.load_entry(args.id)
    except StorageError as exc:
        raise CliError(str(exc)) from None
    if args.export is not None:
        text = dump_record(entry.record)
        if args.export == "-":
            sys.stdout.write(text)
            return ANSWERED
        _export(entry, Path(args.export), text, force=args.force)
        if not args.json:
            words = _("Attempt {id} written to {file}").format(id=entry.id, file=args.export)
            console().print(words, highlight=False, markup=False)
    if args.json:
        doc = summary_of(entry) | {"record": entry.record.model_dump(exclude_none=True)}
        emit_json(doc)
    elif args.export is None:
        out = console()
        out.print(history_line(entry), highlight=False, markup=False, soft_wrap=True)
        seats = _("Seats: {seats}").format(seats=history_seats(entry))
        out.print(seats, highlight=False, markup=False)
        out.print(
            _(
                "{n} actions. Its record: crew history {id} --export"
                " FILE, or history:{id} for crew verify, solve, analyse, suggest and replay."
            ).format(n=len(entry.record.actions), id=entry.id),
            highlight=False,
        )
    return ANSWERED


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies under it (links and ``..`` resolved)."""
    try:
        target = path.resolve()
        base = folder.resolve()
    except (OSError, RuntimeError):
        return False
    return target == base or base in target.parents


def _export(entry: history.HistoryEntry, path: Path, text: str, *, force: bool) -> None:
    """Write ``text`` (the record of ``entry``) to ``path``: a new file, or with ``force`` over
    a regular file; never into the history, never over a link, a device, a FIFO or a folder."""

    def refuse(words: str) -> CliError:
        return CliError(_("--export: {file}: {error}").format(file=path, error=words))

    if _inside(path, history.history_dir()):
        raise refuse(_("that is in the history folder; export the record elsewhere"))
    folder = path.parent
    if not folder.is_dir():
        raise CliError(
            _("--export: {file}: there is no folder {folder}").format(file=path, folder=folder)
        )
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise refuse(str(exc.strerror or exc)) from None
    try:
        if info is None:
            write_new_text(path, text)  # created now, or not at all: nothing is replaced
        elif (kind := file_kind(info)) is not None:
            raise refuse(_("it exists and is {kind}; nothing was written").format(kind=kind))
        elif not force:
            raise refuse(_("it exists; give --force to replace it"))
        else:
            atomic_write_text(path, text)
    except FileExistsError:
        raise refuse(_("it exists; give --force to replace it")) from None
    except OSError as exc:
        raise refuse(str(exc.strerror or exc)) from None
