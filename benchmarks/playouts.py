"""Random full-mission playouts per second: 4 players, 4 tasks, set-up included.

Each playout prepares a new attempt (seeded deal, 4 random task cards), then plays random legal
actions (distribution, signals, cards) until the attempt is won or lost. Prints a few lines and,
as the last line, ``playouts_per_second N``. Budget (DESIGN.md section 8): at least 2,000.

    python benchmarks/playouts.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

from crew.engine import all_tasks, apply, legal_actions, new_attempt

PLAYERS = 4
TASKS = 4


def playout(seed: int, rng: random.Random, task_ids: list[int]) -> tuple[str, int, int]:
    """One attempt from set-up to the end: (result, tricks played, actions taken)."""
    tasks = rng.sample(task_ids, TASKS)
    state = new_attempt(PLAYERS, None, seed=seed, difficulty=1, tasks=tasks)
    actions = 0
    while not state.result:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        actions += 1
    return state.result, len(state.tricks), actions


def full_deal(seed: int, rng: random.Random) -> int:
    """A deal with no task cards, so random play always goes through all 10 tricks."""
    state = new_attempt(PLAYERS, None, seed=seed, difficulty=1, tasks=[])
    actions = 0
    while not state.result:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        actions += 1
    assert len(state.tricks) == 10
    return actions


def rate(run: object, seconds: float) -> tuple[int, float]:
    """Call ``run(i)`` for about ``seconds``; (calls, elapsed)."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        run(count)  # type: ignore[operator]
        count += 1
        if count % 64 == 0 and time.perf_counter() >= deadline:
            return count, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to run")
    args = parser.parse_args()
    task_ids = sorted(all_tasks())
    rng = random.Random(2024)
    # warm-up: data loading and caches are not part of the figure
    for seed in range(50):
        playout(seed, rng, task_ids)
    count = won = tricks = actions = 0
    start = time.perf_counter()
    deadline = start + args.seconds
    while True:
        result, t, a = playout(count, rng, task_ids)
        count += 1
        won += result == "won"
        tricks += t
        actions += a
        if count % 64 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    full, full_elapsed = rate(lambda i: full_deal(i, rng), args.seconds / 2)
    print(f"players {PLAYERS}, tasks {TASKS}, random legal actions, set-up included")
    print(f"full deals without tasks (all 10 tricks): {full / full_elapsed:.0f} per second")
    print(f"playouts {count} in {elapsed:.2f} s ({won} won)")
    print(f"tricks per playout {tricks / count:.2f}, actions per playout {actions / count:.1f}")
    print(f"playouts_per_second {count / elapsed:.0f}")


if __name__ == "__main__":
    main()
