"""Hypothesis: the verdict does not change under relabelling what no task or condition names."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crew.engine import Play, Signal, apply, legal_actions
from crew.engine.reasons import SetupError
from crew.engine.setup import new_attempt
from crew.engine.state import GameState
from crew.solver import Solver

#: Tasks about tricks and submarines only: none of them names a colour or a coloured value.
COLOURLESS = [*range(40, 65), 90, 91, 92, 93, 94, 95, 96]


def _swap(card: int, perm: tuple[int, ...]) -> int:
    return card if card >= 36 else perm[card // 9] * 9 + card % 9


def _build(
    players: int, hands: list[int], tasks: list[int], actions: list[object], perm: tuple[int, ...]
) -> GameState:
    new_hands = []
    for h in hands:
        m = 0
        for c in range(40):
            if h >> c & 1:
                m |= 1 << _swap(c, perm)
        new_hands.append(m)
    state = new_attempt(players, None, hands=new_hands, tasks=tasks, difficulty=1)
    for a in actions:
        if isinstance(a, Play):
            a = Play(a.seat, _swap(a.card, perm))
        state, _ = apply(state, a)  # type: ignore[arg-type]
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([3, 4, 5]),
    tasks=st.lists(st.sampled_from(COLOURLESS), min_size=1, max_size=3, unique=True),
    perm=st.permutations([0, 1, 2, 3]),
    left=st.sampled_from([2, 3]),
)
def test_swapping_unnamed_colours_keeps_the_verdict(
    seed: int, players: int, tasks: list[int], perm: list[int], left: int
) -> None:
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    size = 40 // players
    hands = []
    for s in range(players):
        cards = deck[s * size : (s + 1) * size] + ([deck[-1]] if s == 0 and players == 3 else [])
        m = 0
        for c in cards:
            m |= 1 << c
        hands.append(m)
    try:
        state = new_attempt(players, None, hands=hands, tasks=tasks, difficulty=1)
    except (SetupError, ValueError):
        return
    actions: list[object] = []
    while not state.result:
        if state.phase == "play" and state.setup.total_tricks - len(state.tricks) <= left:
            break
        choices = [a for a in legal_actions(state) if not isinstance(a, Signal)]
        a = rng.choice(choices)
        actions.append(a)
        state, _ = apply(state, a)
    if state.result:
        return
    other = _build(players, hands, tasks, actions, tuple(perm))
    a = Solver().solve(state).winnable
    b = Solver().solve(other).winnable
    assert a is not None and a == b
