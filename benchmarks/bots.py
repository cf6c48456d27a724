"""How strong and how quick the computer crewmates are, mission by mission.

Usage:
    python benchmarks/bots.py --logbook [--games G] [--players P] [--seed S] [--missions A-B]
    python benchmarks/bots.py [--players P] [--mission M] [--games K] [--seed S]

``--at-the-table`` gives the computers the settings of the app's table (a decision settles for
the deals judged after its deadline, :data:`crew.bots.AT_THE_TABLE`) instead of the budgets
alone that ``crew selfplay`` uses: the seconds are then what a person at the table waits.

``--logbook`` plays G games (default 20) of every logbook mission (default 1-33) with computers
in every seat, like ``crew selfplay``: per mission the games won, the games the open-hand solver
calls winnable (a won game counts as winnable), those it left undecided within its limit, won /
winnable, and the seconds per computer decision (median, 95th percentile, max: every question a
computer answers). A progress bar shows on stderr when it is a terminal. Game i of mission m is
dealt with the seed ``S-m-i`` (``crew deal --players P --mission m --seed S-m-i`` deals it again).
The last lines sum up all missions together.

Without ``--logbook``: one mission, card decisions only; the last line is
``bot_card_decision_p95_seconds X``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import crew.table.jobs as table_mod
from crew.bots import AT_THE_TABLE, DEFAULT, Settings
from crew.cli.bots import play_one
from crew.cli.common import progress_bar
from crew.cli.options import DEFAULT_GUARD_SECONDS
from crew.engine import new_attempt
from crew.solver import compiled
from crew.table.selfplay import SelfPlay

#: the open-hand verdict's clock guard per game, as ``crew selfplay`` sets it by default (its
#: limit that decides is ``crew selfplay``'s default positions)
GUARD_SECONDS = DEFAULT_GUARD_SECONDS


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def _missions(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    first, last = int(lo), int(hi or lo)
    if not 0 <= first <= last:
        raise SystemExit(f"--missions: {text!r} is not a range like 1-33")
    return list(range(first, last + 1))


def _search() -> str:
    """How the installed search runs: "compiled" (``pip install .``) or "plain" (editable)."""
    return "compiled" if compiled() else "plain"


def _settings(args: argparse.Namespace) -> Settings:
    return AT_THE_TABLE if args.at_the_table else DEFAULT


def logbook(args: argparse.Namespace) -> int:
    missions = _missions(args.missions)
    bar = progress_bar()
    task = None if bar is None else bar.add_task("", total=len(missions) * args.games)
    rows: list[dict[str, Any]] = []
    every: list[float] = []
    t_start = time.perf_counter()
    try:
        for m in missions:
            won = winnable = undecided = 0
            times: list[float] = []
            for i in range(args.games):
                seed = f"{args.seed}-{m}-{i}"
                if bar is not None and task is not None:
                    bar.update(task, description=f"mission {m}, game {i + 1} of {args.games}")
                result, verdict, secs, _ = play_one(
                    args.players, m, None, seed, _settings(args), GUARD_SECONDS
                )
                won += result == "won"
                winnable += verdict is True
                undecided += verdict is None
                times.extend(secs)
                if bar is not None and task is not None:
                    bar.advance(task)
            every.extend(times)
            row = {
                "mission": m,
                "games": args.games,
                "won": won,
                "winnable": winnable,
                "undecided": undecided,
                "ratio": round(won / winnable, 3) if winnable else None,
                "median": round(statistics.median(times), 3) if times else 0.0,
                "p95": round(_pct(times, 0.95), 3),
                "max": round(max(times), 3) if times else 0.0,
            }
            rows.append(row)
            if not args.json:
                line = (
                    f"| {m:>7} | {won:>3} | {winnable:>8} | {undecided:>9} |"
                    f" {row['ratio'] if row['ratio'] is not None else '-':>5} |"
                    f" {row['median']:>6} | {row['p95']:>5} | {row['max']:>6} |"
                )
                if len(rows) == 1:
                    print(
                        f"{args.players} players, {args.games} games per mission, seeds"
                        f" {args.seed}-M-I"
                        + (", the table's settings (deadline)" if args.at_the_table else "")
                        + f"; search {_search()}"
                    )
                    print(
                        "| mission | won | winnable | undecided | ratio | median |   p95 |    max |"
                    )
                    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
                print(line, flush=True)
    finally:
        if bar is not None:
            bar.stop()
    won = sum(r["won"] for r in rows)
    winnable = sum(r["winnable"] for r in rows)
    undecided = sum(r["undecided"] for r in rows)
    below = [r["mission"] for r in rows if r["ratio"] is not None and r["ratio"] < 0.75]
    summary = {
        "players": args.players,
        "games_per_mission": args.games,
        "seed": args.seed,
        "at_the_table": args.at_the_table,
        "search": _search(),
        "won": won,
        "winnable": winnable,
        "undecided": undecided,
        "ratio": round(won / winnable, 3) if winnable else None,
        "missions_below_0.75": below,
        "decision_seconds": {
            "median": round(statistics.median(every), 3) if every else 0.0,
            "p95": round(_pct(every, 0.95), 3),
            "max": round(max(every), 3) if every else 0.0,
        },
        "wall_seconds": round(time.perf_counter() - t_start, 1),
        "missions": rows,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        ds = summary["decision_seconds"]
        print(
            f"all missions: won {won}, winnable {winnable} (undecided {undecided}),"
            f" won/winnable {summary['ratio']}; decisions median {ds['median']} s,"
            f" p95 {ds['p95']} s, max {ds['max']} s; below 0.75: {below or 'none'}"
        )
    return 0


def one_mission(args: argparse.Namespace) -> int:
    times: list[float] = []
    choose = table_mod.choose_action

    def timed(view, memory, rng, cfg):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        d = choose(view, memory, rng, cfg)
        if view.phase == "play":
            times.append(time.perf_counter() - t0)
        return d

    table_mod.choose_action = timed  # type: ignore[assignment]
    won = 0
    for i in range(args.games):
        seed = int(args.seed) + i
        t = SelfPlay(
            new_attempt(args.players, args.mission, seed=seed),
            frozenset(range(args.players)),
            seed,
            _settings(args),
        )
        t.run()
        won += t.state.result == "won"
    p95 = _pct(times, 0.95)
    print(f"search {_search()}")
    print(f"games {args.games} won {won} card decisions {len(times)}")
    print(f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")
    print(f"bot_card_decision_p95_seconds {p95:.3f}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logbook", action="store_true", help="every logbook mission (a table)")
    ap.add_argument("--missions", default="1-33", help="with --logbook: the missions, e.g. 11-33")
    ap.add_argument("--json", action="store_true", help="with --logbook: one JSON document")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--mission", type=int, default=5)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", default="1")
    ap.add_argument(
        "--at-the-table", action="store_true", help="the app's settings: a deadline per decision"
    )
    args = ap.parse_args()
    if args.games is None:
        args.games = 20 if args.logbook else 5
    try:
        return logbook(args) if args.logbook else one_mission(args)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
