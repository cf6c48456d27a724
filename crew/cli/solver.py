"""``crew solve`` and ``crew analyse``: open-hand questions for the solver."""

from __future__ import annotations

import argparse
from typing import Any

from ..records import Record, RecordError, action_to_json, replay
from .common import ANSWERED, NOT_ALLOWED, CliError, console, emit_json, seat_label

#: ``crew solve`` exit code when the time limit left the question open.
UNDECIDED = 3

_NOTE = (
    "Open hands: every hand is known and the crew chooses every card together. Communication "
    "is ignored (it cannot change open-hand play); the distress signal is out of scope; real "
    "time is ignored."
)


def _load(path: str) -> tuple[Record, str]:
    from .game import _read

    try:
        return _read(path)
    except RecordError as exc:
        raise CliError(str(exc)) from None


def _state_of(rec: Record, source: str) -> Any:
    try:
        r = replay(rec, source)
    except RecordError as exc:
        raise CliError(str(exc)) from None
    if r.violation is not None:
        v = r.violation
        raise CliError(f"{source}: actions[{v.action}]: {v.message} ({v.reason})")
    return r.state


def solve(args: argparse.Namespace) -> int:
    """Can the crew still win from the end of the record, with open hands? A winning line."""
    from ..solver import IGNORED, Solver

    rec, source = _load(args.file)
    state = _state_of(rec, source)
    sol = Solver().solve(state, timeout=args.timeout)
    line = [action_to_json(a) for a in sol.line]
    if args.json:
        emit_json(
            {
                "winnable": sol.winnable,
                "line": line,
                "nodes": sol.nodes,
                "seconds": round(sol.seconds, 3),
                "ignored": list(IGNORED),
            }
        )
    else:
        out = console()
        if sol.winnable is None:
            out.print(f"Undecided: the time limit ({args.timeout} s) ran out.")
        elif sol.winnable:
            out.print("Winnable with open hands. A winning line:")
            players = state.setup.players
            for a, j in zip(sol.line, line, strict=True):
                seat = getattr(a, "seat", None)
                who = seat_label(seat, players, rec.names) if isinstance(seat, int) else "crew"
                what = ", ".join(f"{k} {v}" for k, v in j.items() if k != "seat")
                out.print(f"  {who}: {what}")
        else:
            out.print("Not winnable: no sequence of the crew's choices wins from here.")
        out.print(f"{sol.nodes} positions searched in {sol.seconds:.2f} s.")
        out.print(_NOTE)
    if sol.winnable is None:
        return UNDECIDED
    return ANSWERED if sol.winnable else NOT_ALLOWED


def analyse(args: argparse.Namespace) -> int:
    """The verdict before the first card and after every action; the turning point."""
    from ..solver.analysis import analyse as run

    rec, source = _load(args.file)
    _state_of(rec, source)  # refuse an illegal record with its reason
    result = run(rec, timeout=args.timeout, source=source)
    if args.json:
        doc = result.to_json()
        doc["seconds"] = round(result.seconds, 3)
        emit_json(doc)
        return ANSWERED
    out = console()
    verdict = {True: "yes", False: "no", None: "undecided"}
    out.print(f"Could it be won before the first card? {verdict[result.winnable_at_start]}")
    tp = result.turning_point
    if tp is None:
        if result.verdicts and result.verdicts[-1] is False and not result.winnable_at_start:
            out.print("It could not be won with open hands from the first card on.")
        elif result.verdicts and result.verdicts[-1] is False:
            out.print("No single turning point was found (a verdict was undecided).")
        else:
            out.print("It was never lost.")
    else:
        j = tp.to_json()
        who = seat_label(tp.seat, rec.players, rec.names)
        where = f"trick {tp.trick}" if tp.trick else "the distribution"
        out.print(
            f"Turning point: action {tp.action + 1}, {who} played {j['played']} in {where}; after"
            " it the attempt could no longer be won."
        )
        alts = j["winning_alternatives"]
        if alts:
            out.print("Still winning there: " + ", ".join(str(a) for a in alts))
    out.print(f"{len(result.verdicts)} actions judged in {result.seconds:.2f} s.")
    out.print(_NOTE)
    return ANSWERED
