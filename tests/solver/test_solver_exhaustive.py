"""The solver against a plain exhaustive search over ``apply``, on random endings."""

from __future__ import annotations

import random

import pytest
from gen import exhaustive, random_state, replays_won

from crew.solver import Solver


@pytest.mark.parametrize("block", range(8))
def test_verdicts_match_plain_search_on_endings(block: int) -> None:
    rng = random.Random(1300 + block)
    solver = Solver()
    agree = 0
    for _ in range(250):
        state = random_state(rng, tricks_left=rng.choice((2, 2, 3)))
        sol = solver.solve(state)
        assert sol.winnable is not None
        want = exhaustive(state)
        assert sol.winnable == want, (state.setup, state.tricks, state.hands)
        if sol.winnable:
            assert replays_won(state, sol.line)
        agree += 1
    assert agree == 250


@pytest.mark.parametrize("block", range(2))
def test_verdicts_match_plain_search_four_tricks(block: int) -> None:
    rng = random.Random(1400 + block)
    solver = Solver()
    for _ in range(40):
        state = random_state(rng, tricks_left=4)
        if state.setup.seats == 5 or state.setup.seats == 3 and not state.trick_cards:
            continue  # keep the plain search small
        sol = solver.solve(state)
        assert sol.winnable == exhaustive(state)
        if sol.winnable:
            assert replays_won(state, sol.line)
