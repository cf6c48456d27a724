"""Attempts: retrying a mission after a failed attempt (rules F5, H5)."""

from __future__ import annotations

from .actions import Play
from .moves import apply, legal_actions
from .setup import new_attempt
from .state import GameState

__all__ = ["retry", "attempt_seed", "first_trick_loss_unavoidable", "lost_before_anyone_could_act"]


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


def first_trick_loss_unavoidable(start: GameState) -> bool:
    """Whether every way of playing the first trick from ``start`` loses the attempt.

    ``start`` is the state before the first card of trick 1 (tasks handed out, distress and
    signals done). The crew chooses every card, so this is one search over the plays of trick 1
    that stops at the first line that survives it. Not meaningful for any other state: False.
    """
    if start.over or start.tricks or start.trick_cards:
        return False

    def survives(state: GameState) -> bool:
        if state.over:
            return state.result != "lost"
        if state.tricks:
            return True
        for action in legal_actions(state):
            if isinstance(action, Play) and survives(apply(state, action)[0]):
                return True
        return False

    return not survives(start)


def lost_before_anyone_could_act(start: GameState, end: GameState) -> bool:
    """The rulebook's rule of thumb for a loss right after the tasks are handed out.

    Such a loss counts as a failed attempt only if the crew could have avoided it; otherwise the
    crew swaps tasks or re-deals. True when ``end`` (the attempt's last state) was lost with no
    card played, or during or at the end of trick 1 when no way of playing that trick from
    ``start`` (the state before its first card) would have kept the attempt alive. Running out
    of time is never unavoidable.
    """
    if end.result != "lost" or end.reason == "time ran out":
        return False
    if not end.tricks and not end.trick_cards:
        return True
    return len(end.tricks) <= 1 and first_trick_loss_unavoidable(start)
