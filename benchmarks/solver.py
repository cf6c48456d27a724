"""Time the solver on deals and print a table and its figures.

Usage:
  python benchmarks/solver.py [FILE] [--timeout S]          the shared deals (or FILE)
  python benchmarks/solver.py --random N --seed S [--timeout S] [--plain SECONDS] [--save DIR]

FILE defaults to ../shared/bench/solver-deals.jsonl (next to the repository). ``--random``
generates N deals from seed S instead (:mod:`deals`: 3-5 players, every task category, difficulty
2 to the logbook's highest, tasks handed out or not). ``--plain`` also gives each deal to a plain
depth-first search (:mod:`plain_dfs`) for that many seconds and reports the deals it decided and
how long the solver took on them. ``--save`` writes the records of undecided and slow (over 1 s)
deals into DIR, for ``crew solve``.

The last lines are figures ``name value``; the very last is ``solver_p95_seconds X``.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

from deals import random_deals
from plain_dfs import PlainDFS

from crew.engine import Action, GameState, IllegalActionError, apply
from crew.records import Record, dump_record, parse_record, replay
from crew.solver import Solver, compiled

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "solver-deals.jsonl"


def _shared(path: str, only: str | None) -> Iterator[tuple[str, Record]]:
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        doc = json.loads(line)
        if only and not doc["id"].startswith(only):
            continue
        yield doc["id"], parse_record(doc["record"], doc["id"])


def _replays_won(state: GameState, line: tuple[Action, ...]) -> bool:
    """Whether ``line`` played through the engine from ``state`` wins (what ``crew verify``
    replays)."""
    for action in line:
        try:
            state, _ = apply(state, action)
        except IllegalActionError:
            return False
    return state.result == "won"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default=str(DEFAULT))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--nodes", type=int, help="a node limit per deal as well (no clock noise)")
    ap.add_argument("--only", help="solve only the shared deals whose id starts with this")
    ap.add_argument("--random", type=int, metavar="N", help="N generated deals instead")
    ap.add_argument("--seed", type=int, default=1, help="seed of the generated deals")
    ap.add_argument("--plain", type=float, metavar="S", help="also run a plain DFS for S s")
    ap.add_argument("--save", metavar="DIR", help="save undecided and slow deals here")
    args = ap.parse_args()
    deals = random_deals(args.random, args.seed) if args.random else _shared(args.file, args.only)
    bad_lines = 0
    times: list[float] = []
    nodes: list[int] = []
    undecided = 0
    plain_fast: list[tuple[str, float]] = []  # deals a plain DFS decided in time: our seconds
    print(f"search {'compiled' if compiled() else 'plain'}")
    print(
        f"{'id':<34} {'verdict':<10} {'seconds':>8} {'nodes':>10}" + ("  plain" * bool(args.plain))
    )
    for name, rec in deals:
        state = replay(rec, name).state
        sol = Solver().solve(state, timeout=args.timeout, node_limit=args.nodes)
        if sol.winnable and not _replays_won(state, sol.line):
            bad_lines += 1
        verdict = {True: "winnable", False: "lost", None: "undecided"}[sol.winnable]
        times.append(sol.seconds)
        nodes.append(sol.nodes)
        undecided += sol.winnable is None
        extra = ""
        if args.plain:
            plain = PlainDFS(timeout=args.plain)
            pv = plain.solve(state)
            extra = f"  {pv!s:<5} {plain.seconds:6.3f} {plain.nodes:>9}"
            if pv is not None:
                plain_fast.append((name, sol.seconds))
                if sol.winnable is not None and pv != sol.winnable:
                    extra += " DISAGREE"
        print(f"{name:<34} {verdict:<10} {sol.seconds:>8.3f} {sol.nodes:>10}{extra}", flush=True)
        if args.save and (sol.winnable is None or sol.seconds > 1):
            out = Path(args.save)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.json").write_text(dump_record(rec))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"deals {len(times)}")
    print(f"solver_median_seconds {statistics.median(times):.3f}")
    print(f"solver_max_seconds {max(times):.3f}")
    print(f"solver_undecided {undecided}")
    print(f"lines_not_won {bad_lines}")
    print(f"solver_nodes {sum(nodes)}")
    if args.plain:
        slow = [s for _, s in plain_fast if s >= 1.0]
        print(f"plain_decided {len(plain_fast)}")
        print(f"plain_decided_solver_max_seconds {max((s for _, s in plain_fast), default=0):.3f}")
        print(f"plain_decided_solver_over_1s {len(slow)}")
    print(f"peak_rss_mb {peak_mb:.0f}")
    print(f"solver_p95_seconds {_percentile(times, 0.95):.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
