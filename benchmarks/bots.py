"""Time a computer crewmate's card decisions over a few whole attempts, and print them.

Usage: python benchmarks/bots.py [--players P] [--mission M] [--games K] [--seed S]
Only card decisions are timed here (``crew selfplay`` also counts the quick signal and task
questions). Last line: ``bot_card_decision_p95_seconds X``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import crew.table.jobs as table_mod
from crew.engine import new_attempt
from crew.table.selfplay import SelfPlay


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--mission", type=int, default=5)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
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
        seed = args.seed + i
        t = SelfPlay(
            new_attempt(args.players, args.mission, seed=seed), frozenset(range(args.players)), seed
        )
        t.run()
        won += t.state.result == "won"
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] if times else 0.0
    print(f"games {args.games} won {won} card decisions {len(times)}")
    print(f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")
    print(f"bot_card_decision_p95_seconds {p95:.3f}")


if __name__ == "__main__":
    main()
