"""The solver before distribution: a "not winnable" found there holds for every distribution."""

from __future__ import annotations

import random

from gen import replays_won

from crew.engine import GameState, Phase, apply, legal_actions
from crew.engine.reasons import SetupError
from crew.engine.setup import new_attempt
from crew.solver import Solver


def _distributions(state: GameState) -> dict[tuple[int, ...], GameState]:
    """Every way the engine lets the crew share out the tasks: owners -> state after it."""
    out: dict[tuple[int, ...], GameState] = {}
    seen: set[tuple[object, ...]] = set()
    stack = [state]
    while stack:
        here = stack.pop()
        for action in legal_actions(here):
            child, _ = apply(here, action)
            key = (child.phase, child.owners, child.turn, child.asked, child.volunteers)
            if key in seen:
                continue
            seen.add(key)
            if child.result or child.phase in (Phase.PLAY, Phase.PREDICT):
                out.setdefault(child.owners, child)
            else:
                stack.append(child)
    return out


#: Tasks that often cannot be done at all, alone or together, when any hand may hold anything.
POOL = (50, 51, 77, 79, 80, 90, 91, 92, 93, 94, 95, 96)


def _deal(rng: random.Random) -> GameState:
    """Five players (8 tricks), one or two tasks, hands dealt as they fall (no re-deal); half
    the time one hand holds every submarine, which rules out many submarine tasks."""
    while True:
        deck = list(range(36))
        rng.shuffle(deck)
        if rng.random() < 0.5:
            at = 8 * rng.randrange(5)
            deck[at:at] = [36, 37, 38, 39]
        else:
            deck += [36, 37, 38, 39]
            rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[8 * s : 8 * s + 8]) for s in range(5)]
        tasks = rng.sample(POOL, rng.choice((1, 2)))
        try:
            return new_attempt(5, None, hands=hands, tasks=tasks, difficulty=9)
        except SetupError:
            continue


def test_not_winnable_before_distribution_holds_for_each_distribution() -> None:
    rng = random.Random(1313)
    confirmed = won = 0
    for _ in range(80):
        state = _deal(rng)
        sol = Solver().solve(state, timeout=1)
        if sol.winnable:
            assert replays_won(state, sol.line)
            won += 1
            continue
        if sol.winnable is None:
            continue
        for owners, after in _distributions(state).items():
            verdict = Solver().solve(after, timeout=5).winnable
            assert verdict is not True, (state.setup, owners)
        confirmed += 1
    assert confirmed >= 5 and won >= 10, (confirmed, won)
