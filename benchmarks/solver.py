"""Solve every deal of the shared solver benchmark and print a table.

Usage: python benchmarks/solver.py [FILE] [--timeout S]
FILE defaults to ../shared/bench/solver-deals.jsonl (next to the repository). Last line:
``solver_max_seconds X`` (the slowest deal).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from crew.records import parse_record, replay
from crew.solver import Solver

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "solver-deals.jsonl"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default=str(DEFAULT))
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--only", help="solve only deals whose id starts with this")
    args = ap.parse_args()
    worst = 0.0
    print(f"{'id':<8} {'verdict':<10} {'seconds':>8} {'nodes':>10}")
    for line in Path(args.file).read_text().splitlines():
        if not line.strip():
            continue
        doc = json.loads(line)
        if args.only and not doc["id"].startswith(args.only):
            continue
        rec = parse_record(doc["record"], doc["id"])
        state = replay(rec, doc["id"]).state
        sol = Solver().solve(state, timeout=args.timeout)
        verdict = {True: "winnable", False: "lost", None: "undecided"}[sol.winnable]
        worst = max(worst, sol.seconds)
        print(f"{doc['id']:<8} {verdict:<10} {sol.seconds:>8.3f} {sol.nodes:>10}", flush=True)
    print(f"solver_max_seconds {worst:.3f}")


if __name__ == "__main__":
    main()
