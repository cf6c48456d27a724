"""``crew logbook``: the campaign logbook of every crew, like the printed one."""

from __future__ import annotations

import argparse
from typing import Any

from ..i18n import _
from ..names import shown
from ..present import LOGBOOK_COLUMNS, LOGBOOK_NOTE, logbook_rows
from .common import ANSWERED, CliError, console, emit_json


def _crew_json(name: str, crew: Any) -> dict[str, Any]:
    from ..storage import logged_attempts

    return {
        "crew": name,
        "members": list(crew.members),
        "current": crew.current,
        "missions": [
            {
                "number": number,
                "attempts": ml.attempts,
                "distress": ml.distress,
                "logged": logged_attempts(ml),
                "won_on": ml.won_on,
                "replays": ml.replays,
            }
            for number, ml in sorted(crew.missions.items())
        ],
    }


def logbook(args: argparse.Namespace) -> int:
    """Every crew's logbook (or one crew's): attempts per mission, distress, date won."""
    import sys

    from ..storage import StorageError, home_problem, load_log

    try:
        log = load_log()
    except StorageError as exc:  # DamagedFileError included: the damaged file was kept aside
        raise CliError(str(exc)) from None
    problem = home_problem()
    if problem is not None:
        if not log.crews:  # not "empty": nothing could ever have been written there
            raise CliError(_("no logbook can be kept: {problem}").format(problem=problem))
        warning = _("crew: warning: new attempts cannot be written: {problem}")
        sys.stderr.write(warning.format(problem=problem) + "\n")
    crews = sorted(log.crews.items(), key=lambda kv: kv[0].lower())
    if args.crew is not None:
        chosen = [(n, c) for n, c in crews if n == args.crew]
        if not chosen:
            chosen = [(n, c) for n, c in crews if n.lower() == args.crew.lower()]
        if not chosen:
            known = ", ".join(shown(n) for n, _c in crews) or _("none yet")
            raise CliError(
                _("--crew: there is no crew {name} in the logbook; crews: {known}").format(
                    name=repr(args.crew), known=known
                )
            )
        crews = chosen
    docs = [_crew_json(n, c) for n, c in crews]
    if args.json:
        emit_json(docs)
        return ANSWERED
    from rich.table import Table
    from rich.text import Text

    out = console()
    if not docs:
        out.print(_("The logbook is empty: no crew has finished an attempt yet. Play with `crew`."))
        return ANSWERED
    for i, (d, (_name, crew)) in enumerate(zip(docs, crews, strict=True)):
        if i:
            out.print()
        members = ", ".join(map(shown, d["members"])) or _("no members noted")
        heading = _("Crew {name}").format(name=shown(d["crew"]))
        out.print(Text.assemble((heading, "bold"), f" ({members})"))
        out.print(_("Next mission: {number}").format(number=d["current"]))
        if not d["missions"]:
            out.print(_("No mission played yet."))
            continue
        table = Table()
        for heading, numbers in LOGBOOK_COLUMNS:
            table.add_column(_(heading), justify="right" if numbers else "left")
        for row in logbook_rows(crew):
            table.add_row(*row)
        out.print(table)
    out.print(_(LOGBOOK_NOTE))
    return ANSWERED
