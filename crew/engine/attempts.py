"""Attempts: retrying a mission after a failed attempt (rules F5, H5)."""

from __future__ import annotations

from .setup import new_attempt
from .state import GameState

__all__ = ["retry", "attempt_seed"]


def attempt_seed(seed: int | str, attempt: int) -> str:
    """The seed of attempt ``attempt`` (1-based) of a game started from ``seed``."""
    return str(seed) if attempt == 1 else f"{seed}/{attempt}"


def retry(state: GameState, seed: int | str, *, same_tasks: bool) -> GameState:
    """The next attempt of the same mission: a new deal, and the same tasks or a new draw.

    A new draw leaves this attempt's tasks on the discard pile, which lasts for the campaign
    (ruling 15): the next draw avoids every task on it until the stack runs short. The distress
    signal stays active once it was sent in any attempt of the mission (passing again is
    optional). Re-deals forced by impossible deals happen inside ``new_attempt`` and are not
    attempts.
    """
    st = state.setup
    rules = st.rules
    timed = rules.timed
    return new_attempt(
        st.players,
        rules.mission,
        seed=seed,
        tasks=st.task_ids if same_tasks and rules.draw != "none" else None,
        timed=timed,
        difficulty=rules.difficulty if rules.mission is None else None,
        distress_active=st.distress_active or bool(state.distress),
        exclude_tasks=st.discard,
    )
