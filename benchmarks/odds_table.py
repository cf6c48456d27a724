"""The logbook table of issue 50, one deal a line: is each deal winnable with open hands as
dealt, at the default 1,000,000 positions?

Usage:
    python benchmarks/odds_table.py OUT SEED

Four players, missions 11-33, 50 deals each, then three and five players, missions 20-33, 20
deals each: 1,710 deals. Deal ``i`` of ``P`` players is the one of ``crew odds --players P
--mission M --deals N --seed SEED-P`` (the seed ``SEED-P-i``), solved the way ``crew odds``
solves it (``node_limit=1_000_000``, a 120 s guard that a run on this machine never reaches).
Each deal appends ``{"p", "m", "seed", "w", "n", "s"}`` to OUT (``w``: true, false, or null for
undecided; ``n``: positions; ``s``: seconds) as it ends; a run started again with the same OUT
skips the deals already in it, so a stop loses at most the deal under way. About 6-9 minutes a
seed with the compiled search (``pip install .``) on one core.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from crew.engine import new_attempt
from crew.solver import Solver

#: (players, missions, deals a mission)
PLAN = ((4, range(11, 34), 50), (3, range(20, 34), 20), (5, range(20, 34), 20))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python benchmarks/odds_table.py OUT SEED", file=sys.stderr)
        return 2
    out, base = Path(argv[0]), argv[1]
    done: set[tuple[int, int, str]] = set()
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                done.add((d["p"], d["m"], d["seed"]))
    with out.open("a") as f:
        for players, missions, deals in PLAN:
            for mission in missions:
                for i in range(deals):
                    seed = f"{base}-{players}-{i}"
                    if (players, mission, seed) in done:
                        continue
                    state = new_attempt(players, mission, seed=seed)
                    start = time.time()
                    sol = Solver().solve(state, timeout=120, node_limit=1_000_000)
                    line = {
                        "p": players,
                        "m": mission,
                        "seed": seed,
                        "w": sol.winnable,
                        "n": sol.nodes,
                        "s": round(time.time() - start, 3),
                    }
                    f.write(json.dumps(line) + "\n")
                    f.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
