"""Random reachable states for the solver tests, and a plain exhaustive search to check it.

``exhaustive(state)`` is deliberately naive: it tries every legal play the engine offers
(``legal_plays`` + ``apply``), with no table, no merging, no ordering and no cuts.
"""

from __future__ import annotations

import random

from crew.engine import GameState, Phase, Play, Signal, apply, legal_actions, legal_plays
from crew.engine.reasons import SetupError
from crew.engine.setup import new_attempt

#: Missions that cover the conditions and distribution modes, plus free play.
MISSIONS: tuple[int | None, ...] = (None, None, None, 1, 5, 6, 8, 10, 12, 13, 17, 21, 23, 27, 32)


def random_start(rng: random.Random) -> GameState:
    """A fresh attempt: random crew size, mission (or free play) and seed."""
    while True:
        players = rng.choice((2, 3, 4, 4, 5))
        mission = rng.choice(MISSIONS)
        difficulty = rng.randint(1, 9) if mission is None else None
        try:
            return new_attempt(players, mission, seed=rng.randrange(1 << 30), difficulty=difficulty)
        except SetupError:
            continue


def random_action(state: GameState, rng: random.Random) -> object:
    acts = [a for a in legal_actions(state) if not isinstance(a, Signal)]
    return rng.choice(acts)


def play_until(state: GameState, rng: random.Random, tricks_left: int, mid: bool) -> GameState:
    """Random legal actions until ``tricks_left`` tricks remain (maybe part-way into a trick)."""
    while not state.result:
        if state.phase == Phase.PLAY:
            left = state.setup.total_tricks - len(state.tricks)
            if left <= tricks_left and (not mid or state.trick_cards):
                return state
        state, _ = apply(state, random_action(state, rng))  # type: ignore[arg-type]
    return state


def random_state(rng: random.Random, tricks_left: int) -> GameState:
    """A state in the trick phase, still open, with at most ``tricks_left`` tricks to go."""
    while True:
        state = play_until(random_start(rng), rng, tricks_left, mid=rng.random() < 0.3)
        if not state.result:
            return state


def exhaustive(state: GameState) -> bool:
    """Can the attempt still be won? Every legal play, nothing clever."""
    if state.result:
        return state.result == "won"
    for card in legal_plays(state):
        child, _ = apply(state, Play(state.turn, card))
        if exhaustive(child):
            return True
    return False


def replays_won(state: GameState, line: tuple[object, ...]) -> bool:
    for action in line:
        state, _ = apply(state, action)  # type: ignore[arg-type]
    return state.result == "won"
