"""How long the screen's thread waits while a search runs in a worker thread.

The app runs every long search (a computer's decision, a hint, the computers' wishes, the
post-mortem) in a worker thread while the screen's thread handles the keys. A compiled search
never lets go of the interpreter lock by itself; it lets another thread run at least every
``crew.solver.limits.PAUSE_EVERY`` seconds. This script solves a few hard deals in a worker thread
while the main thread sleeps 5 ms at a time, and prints how late those wake-ups came: the
keys' wait beside a search. The key guard (crew/tui/guard.py) takes 0.2 s without the event loop
running for a stall and drops the keys typed in it. Budget (DESIGN.md section 8): a keypress
handled well under 50 ms.

    python benchmarks/responsiveness.py [--positions N]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from crew.engine import new_attempt
from crew.solver import Solver, compiled
from crew.solver.limits import PAUSE_EVERY

#: Deals that take millions of positions (four and three players, missions 24 and 19).
DEALS = [(4, 24, "v71-4-21"), (3, 24, "v71-3-6"), (4, 19, "v71-4-31")]
TICK = 0.005


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=600_000, help="positions per deal")
    args = parser.parse_args()
    build = "compiled" if compiled() else "plain"
    print(f"search {build}; the search lets go at least every {PAUSE_EVERY * 1000:g} ms")
    lags: list[float] = []
    for players, mission, seed in DEALS:
        state = new_attempt(players, mission, seed=seed)
        worker = threading.Thread(
            target=lambda st=state: Solver().solve(st, node_limit=args.positions)
        )
        start = time.perf_counter()
        worker.start()
        mine: list[float] = []
        while worker.is_alive():
            t = time.perf_counter()
            time.sleep(TICK)
            mine.append(time.perf_counter() - t - TICK)
        worker.join()
        took = time.perf_counter() - start
        lags += mine
        print(
            f"{players}p mission {mission} {seed}: {args.positions:,} positions in {took:.2f} s;"
            f" {len(mine)} wake-ups, late by median {statistics.median(mine) * 1000:.1f} ms,"
            f" at most {max(mine) * 1000:.1f} ms"
        )
    print(f"median_lag_seconds {statistics.median(lags):.4f}")
    print(f"worst_lag_seconds {max(lags):.4f}")


if __name__ == "__main__":
    main()
