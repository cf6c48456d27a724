"""``crew history``: every attempt kept, one line each; one of them with its record; export."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import history
from ..i18n import _
from ..present import history_line, history_seats
from ..records import dump_record
from ..storage import StorageError, atomic_write_text
from .common import ANSWERED, CliError, console, emit_json

__all__ = ["history_command", "summary_of"]


def summary_of(entry: history.HistoryEntry) -> dict[str, Any]:
    """One entry without its record (the list's JSON)."""
    return entry.model_dump(exclude={"record"}, exclude_none=True)


def history_command(args: argparse.Namespace) -> int:
    """The list, newest first; with an id, that attempt (and ``--export FILE``: its record)."""
    if args.id is None:
        if args.export is not None:
            raise CliError(
                _("--export: name the attempt to export (crew history ID --export FILE)")
            )
        entries, problems = history.list_entries()
        for problem in problems:
            sys.stderr.write(f"crew: {problem}\n")
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
        folder = args.export.parent
        if not folder.is_dir():
            raise CliError(
                _("--export: {file}: there is no folder {folder}").format(
                    file=args.export, folder=folder
                )
            )
        try:
            atomic_write_text(args.export, dump_record(entry.record))
        except OSError as exc:
            msg = _("--export: {file}: {error}").format(file=args.export, error=exc.strerror or exc)
            raise CliError(msg) from None
        if not args.json:
            words = _("Attempt {id} written to {file}").format(id=entry.id, file=args.export)
            console().print(words, highlight=False)
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
