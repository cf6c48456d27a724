"""``crew solve``, ``crew analyse`` and ``crew odds``: open-hand questions for the solver."""

from __future__ import annotations

import argparse
import os
import sys
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


def _odds_deal(job: tuple[int, int | None, int | None, str, float]) -> bool | None:
    players, mission, difficulty, seed, timeout = job
    from ..engine.setup import new_attempt
    from ..solver import Solver

    state = new_attempt(players, mission, seed=seed, difficulty=difficulty)
    return Solver().solve(state, timeout=timeout).winnable


def odds(args: argparse.Namespace) -> int:
    """The share of deals that are winnable with open hands after the task draw."""
    from ..engine.missions import MissionError, mission_rules

    if (args.mission is None) == (args.difficulty is None):
        raise CliError("odds: give exactly one of --mission N or --difficulty D")
    if args.deals < 1:
        raise CliError(f"--deals: at least one deal, got {args.deals}")
    try:
        mission_rules(args.mission, difficulty=args.difficulty)
    except MissionError as exc:
        raise CliError(str(exc)) from None
    base = args.seed if args.seed is not None else "odds"
    jobs = [
        (args.players, args.mission, args.difficulty, f"{base}-{i}", args.timeout)
        for i in range(args.deals)
    ]
    results: list[bool | None] = []
    workers = max(1, min(os.cpu_count() or 1, len(jobs)))
    progress = None
    task = None
    if not args.json:
        from rich.console import Console
        from rich.progress import Progress

        progress = Progress(console=Console(file=sys.stderr), transient=True)
        progress.start()
        task = progress.add_task("solving deals", total=len(jobs))
    try:
        if workers == 1:
            for job in jobs:
                results.append(_odds_deal(job))
                if progress is not None and task is not None:
                    progress.advance(task)
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for res in pool.imap_unordered(_odds_deal, jobs):
                    results.append(res)
                    if progress is not None and task is not None:
                        progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    won = sum(1 for r in results if r is True)
    lost = sum(1 for r in results if r is False)
    open_ = sum(1 for r in results if r is None)
    decided = won + lost
    share = won / decided if decided else None
    doc = {
        "players": args.players,
        "mission": args.mission,
        "difficulty": args.difficulty,
        "deals": len(results),
        "winnable": won,
        "not_winnable": lost,
        "undecided": open_,
        "share": None if share is None else round(share, 4),
    }
    if args.json:
        emit_json(doc)
    else:
        what = (
            f"mission {args.mission}"
            if args.mission is not None
            else (f"difficulty {args.difficulty}")
        )
        out = console()
        pct = "n/a" if share is None else f"{share:.1%}"
        out.print(
            f"{args.players} players, {what}: {won} of {decided} decided deals winnable with open"
            f" hands ({pct}); {open_} undecided within {args.timeout} s each."
        )
    return ANSWERED
