"""``crew odds``: the share of a mission's deals that are winnable with open hands.

The options were checked (and deal 0 dealt) by :mod:`.options` before this runs. Deals are made
one at a time as a worker becomes free, never as a list of them all, so memory does not grow
with ``--deals``. Each worker process holds one deal at a time: a deal that fails is named with
its seed, and a worker never prints a traceback.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ..i18n import _, error_text, language, set_language
from .common import (
    ANSWERED,
    INTERRUPTED,
    CliError,
    console,
    emit_json,
    mission_words,
    progress_bar,
)
from .options import odds_seed

__all__ = ["Job", "odds", "solve_deal"]

#: One deal to solve: players, mission, difficulty, seed, guard seconds, solver positions.
Job = tuple[int, int | None, int | None, str, float, int]

#: A deal's answer: the verdict (None: undecided), why it failed (None: it did not), and
#: whether the clock's guard stopped it before its positions were searched.
Answer = tuple[bool | None, str | None, bool]


def solve_deal(job: Job) -> Answer:
    """The open-hand verdict of one deal within its positions, or why it failed; never raises,
    so a worker process has nothing to print but its answer."""
    players, mission, difficulty, seed, timeout, nodes = job
    try:
        from ..engine.setup import new_attempt
        from ..solver import Solver

        state = new_attempt(players, mission, seed=seed, difficulty=difficulty)
        sol = Solver().solve(state, timeout=timeout, node_limit=nodes)
        return sol.winnable, None, sol.winnable is None and sol.nodes < nodes
    except Exception as exc:  # one line naming the deal instead of a traceback
        text = error_text(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
        return None, text.splitlines()[0] if text.strip() else type(exc).__name__, False


def _worker(conn: Connection, lang: str) -> None:
    """A worker process: solve the deals sent to it until it gets None or the parent goes (a
    deal that cannot be dealt is said in ``lang``, the parent's language)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    set_language(lang)
    try:
        for job in iter(conn.recv, None):
            conn.send(solve_deal(job))
    except (EOFError, OSError):
        pass


@dataclass
class _Tally:
    """What the finished deals said."""

    won: int = 0
    lost: int = 0
    undecided: int = 0
    by_clock: int = 0  # undecided because the guard stopped them (machine-dependent)

    def add(self, verdict: bool | None, by_clock: bool = False) -> None:
        self.by_clock += by_clock
        if verdict is True:
            self.won += 1
        elif verdict is False:
            self.lost += 1
        else:
            self.undecided += 1

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.undecided


def _failed(i: int, seed: str, why: str) -> CliError:
    return CliError(_("deal {i} (seed {seed}): {why}").format(i=i, seed=repr(seed), why=why))


def _solve_here(jobs: Iterator[tuple[int, Job]], tally: _Tally, done: Callable[[], None]) -> None:
    for i, job in jobs:
        verdict, error, by_clock = solve_deal(job)
        if error is not None:
            raise _failed(i, job[3], error)
        tally.add(verdict, by_clock)
        done()


def _solve_in_workers(
    jobs: Iterator[tuple[int, Job]], workers: int, tally: _Tally, done: Callable[[], None]
) -> None:
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("spawn")
    procs: list[tuple[Any, Connection]] = []
    busy: dict[int, tuple[int, str]] = {}  # worker -> the deal it holds and its seed

    def give(k: int) -> None:
        nxt = next(jobs, None)
        if nxt is not None:
            procs[k][1].send(nxt[1])
            busy[k] = (nxt[0], nxt[1][3])

    try:
        for _worker_no in range(workers):
            ours, theirs = ctx.Pipe()
            p = ctx.Process(target=_worker, args=(theirs, language()), daemon=True)
            # a worker starts with Ctrl-C ignored (kept across exec), so even one still
            # starting up never prints a KeyboardInterrupt traceback
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                p.start()
            finally:
                signal.signal(signal.SIGINT, previous)
            theirs.close()
            procs.append((p, ours))
        for k in range(workers):
            give(k)
        while busy:
            ready = wait([procs[k][1] for k in busy] + [procs[k][0].sentinel for k in busy])
            for k in list(busy):
                p, conn = procs[k]
                if conn in ready or conn.poll():
                    try:
                        verdict, error, by_clock = conn.recv()
                    except EOFError:
                        verdict, error = None, _("its worker process stopped")
                        by_clock = False
                elif p.sentinel in ready:
                    verdict = None
                    error = _("its worker process died (exit code {code})").format(code=p.exitcode)
                    by_clock = False
                else:
                    continue
                i, seed = busy.pop(k)
                if error is not None:
                    raise _failed(i, seed, error)
                tally.add(verdict, by_clock)
                done()
                give(k)
    finally:
        for p, _conn in procs:
            if p.is_alive():
                p.terminate()
        for p, conn in procs:
            p.join()
            conn.close()


def odds(args: argparse.Namespace) -> int:
    """The share of deals that are winnable with open hands after the task draw."""
    count: int = args.deals
    jobs = (
        (
            i,
            (
                args.players,
                args.mission,
                args.difficulty,
                odds_seed(args.seed, i),
                args.timeout,
                args.nodes,
            ),
        )
        for i in range(count)
    )
    tally = _Tally()
    workers = max(1, min(os.cpu_count() or 1, count))
    progress = progress_bar()
    bar = progress.add_task(_("solving deals"), total=count) if progress is not None else None

    def done() -> None:
        if progress is not None and bar is not None:
            progress.advance(bar)

    interrupted = False
    try:
        if workers == 1:
            _solve_here(jobs, tally, done)
        else:
            _solve_in_workers(jobs, workers, tally, done)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if progress is not None:
            progress.stop()
    decided = tally.won + tally.lost
    share = tally.won / decided if decided else None
    doc: dict[str, Any] = {
        "players": args.players,
        "mission": args.mission,
        "difficulty": args.difficulty,
        "deals": tally.deals,
        "winnable": tally.won,
        "not_winnable": tally.lost,
        "undecided": tally.undecided,
        "share": None if share is None else round(share, 4),
        "interrupted": interrupted,
        # the limit that decides is positions, so the counts repeat on any machine; a deal
        # the clock's guard stopped first is counted here (then they may not)
        "limit": {"nodes": args.nodes, "seconds": args.timeout},
        "stopped_by_clock": tally.by_clock,
    }
    if args.json:
        emit_json(doc)
    else:
        what = mission_words(args.mission, args.difficulty)
        pct = _("n/a") if share is None else f"{share:.1%}"
        out = console()
        out.print(
            _(
                "{players} players, {what}: {won} of {decided} decided deals winnable"
                " with open hands ({pct}); {undecided} undecided within {nodes}"
                " positions each."
            ).format(
                players=args.players,
                what=what,
                won=tally.won,
                decided=decided,
                pct=pct,
                undecided=tally.undecided,
                nodes=f"{args.nodes:,}",
            )
        )
        if tally.by_clock:
            out.print(
                _(
                    "{n} of the undecided deals were stopped by the {seconds} s"
                    " guard before their positions were searched: on another machine they may"
                    " be decided."
                ).format(n=tally.by_clock, seconds=f"{args.timeout:g}")
            )
        if interrupted:
            out.print(
                _("Interrupted: {n} of {count} deals were solved.").format(
                    n=tally.deals, count=count
                )
            )
    if interrupted:
        sys.stderr.write(_("crew: interrupted") + "\n")
        return INTERRUPTED
    return ANSWERED
