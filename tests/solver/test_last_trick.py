"""The cut on a card kept for the last trick (task 16, :mod:`crew.solver.cuts.own_cards`):
where it fires the plain search finds no win, a near case the crew wins is left alone, and a
random deal it decided at once."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from gen import exhaustive, lost_only_by, never, random_ending
from test_cuts import GONE16, _ending

from crew.engine.search import SearchForm
from crew.engine.task_base import CutKind
from crew.solver import Solver
from crew.solver.bounds import certainly_lost, cuts_for
from crew.solver.cuts.own_cards import LastTrick

KINDS = frozenset({CutKind.LAST_TRICK, CutKind.CAPTURES})


def test_a_second_green_to_follow_with_lets_the_crew_win() -> None:
    # as in the case of test_cuts, but seat 1 holds the green 1 besides the green 2: seat 3
    # leads the green 6, seat 1 follows with the green 1 and keeps the green 2 for the last
    # trick; the cut must not fire
    left = ["Y5 Y6 Y7", "G2 G1 P9", "B9 Y9 G9", "Y8 G5 G6"]
    state = _ending([16, 4], [2, 3], left, gone=GONE16)
    form = SearchForm(state)
    assert not certainly_lost(form, cuts_for(form), form.start(state))
    assert exhaustive(state)


#: Tasks to capture cards, green ones among them, for the random endings.
CAPTURING = (1, 3, 4, 8, 11, 13, 14, 15)


def test_the_cut_agrees_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random endings of two or three tricks with task 16 and two capture tasks, randomly owned
    (often by one seat): where the cuts call the position lost the plain search finds no win
    either, and the leads of the kept card's suit are what fires in some of them."""
    rng = random.Random(5060)
    fired = only_by_leads = 0
    for n in range(700):
        players = rng.choice((3, 4, 5))
        tasks = [16, *rng.sample(CAPTURING, 2)]
        owner = rng.randrange(players)
        owners = [owner if rng.random() < 0.5 else rng.randrange(players) for _ in tasks]
        state = random_ending(rng, players, tasks, owners, f"last-{n}", rng.choice((2, 3)))
        if state is not None:
            lost, only = lost_only_by(monkeypatch, state, [(LastTrick, "short", never)], KINDS)
            fired += lost
            only_by_leads += only
    assert fired >= 10 and only_by_leads >= 5, (fired, only_by_leads)


def test_the_cut_decides_a_random_deal_at_once() -> None:
    # benchmarks/solver.py --random deal r9301-011 (three players, tasks 69, 15, 16, 17, 1):
    # seat 1 keeps the green 2, its only green, for the last trick (16), so no trick may be led
    # in green before it; seat 2 must win all four 9s (15), its own green 9 among them, in a
    # trick led in green that seat 2 wins, so not the last: lost (undecided at 5,000,000
    # positions before)
    sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
    from deals import random_deals

    from crew.records import replay

    name, rec = next((n, r) for n, r in random_deals(12, 9301) if "-011-" in n)
    state = replay(rec, name).state
    assert state.setup.task_ids == (69, 15, 16, 17, 1) and state.owners == (1, 2, 1, 0, 2)
    sol = Solver().solve(state, node_limit=20_000)
    assert sol.winnable is False
