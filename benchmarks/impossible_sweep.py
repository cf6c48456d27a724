"""Sweep the task draw over many seeds: how often an impossible combination was replaced, and
that no drawn set keeps one (rules C, ruling 16). Prints a table, then `violations N`."""

from __future__ import annotations

import sys

from crew.engine import make_rng, mission_rules
from crew.engine.draw import draw_tasks, owners_for
from crew.engine.tasks import impossible

MISSIONS = (6, 10, 13, 14, 15, 16, 28, 29, 30, 31, 33, 36)


def _bad(ids: list[int], kinds: tuple[str, ...], crew: int) -> bool:
    return any(
        impossible(a, b, crew, k) for i, a in enumerate(ids) for b in ids[i + 1 :] for k in kinds
    )


def main(seeds: int) -> int:
    total_bad = 0
    print("mission players seeds replaced violations")
    for mission in MISSIONS:
        rules = mission_rules(mission)
        for crew in (3, 4, 5):
            replaced = bad = 0
            for seed in range(seeds):
                ids = draw_tasks(make_rng(seed), rules, crew)
                kinds = owners_for(rules, len(ids), crew)
                bad += _bad(ids, kinds, crew)
                # the same draw without the check: the plain rule C.2 result
                plain = draw_tasks(make_rng(seed), rules, crew, check=False)
                replaced += plain != ids
            total_bad += bad
            print(mission, crew, seeds, replaced, bad)
    print("violations", total_bad)
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000))
