"""Attempts: retrying a mission after a failed attempt (rules F5, H5)."""

from __future__ import annotations

from .actions import Distress, Signal
from .enums import Result
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


def first_trick_loss_unavoidable(start: GameState, *, limit: int = 20_000) -> bool:
    """Whether every way the crew could go on from ``start`` loses the attempt by the end of
    trick 1.

    ``start`` is a state before the first card of trick 1: after the tasks were handed out
    (distress and signals done), or before that, when the tasks are still to be handed out
    (then every way of handing them out the engine allows is tried too: a task left to a crew
    member who cannot do it was a choice, rules F7). The crew chooses every card, so this is
    one search that stops at the first line that survives trick 1; signals and the distress
    signal are left out. A search that visits more than ``limit`` positions without deciding
    answers False (not shown to be unavoidable). Not meaningful for a later state: False.
    """
    if start.over or start.tricks or start.trick_cards:
        return False
    seen: set[GameState] = set()
    budget = [limit]

    def survives(state: GameState) -> bool:
        if state.over:
            return state.result != Result.LOST
        if state.tricks:
            return True
        if state in seen:
            return False  # searched already, and it did not survive
        budget[0] -= 1
        if budget[0] < 0:
            raise _Undecided
        for action in legal_actions(state):
            if isinstance(action, (Signal, Distress)):
                continue
            if survives(apply(state, action)[0]):
                return True
        seen.add(state)
        return False

    try:
        return not survives(start)
    except _Undecided:
        return False


class _Undecided(Exception):
    """The search of :func:`first_trick_loss_unavoidable` ran out of positions."""


def lost_before_anyone_could_act(
    start: GameState, end: GameState, dealt: GameState | None = None
) -> bool:
    """The rulebook's rule of thumb for a loss right after the tasks are handed out (F7).

    Such a loss counts as a failed attempt only if the crew could have avoided it; otherwise the
    crew swaps tasks or re-deals. True when ``end`` (the attempt's last state) was lost with no
    card played, or during or at the end of trick 1 when no way of playing that trick from
    ``start`` (the state before its first card) would have kept the attempt alive, nor, when
    ``dealt`` (the state before the tasks were handed out) is given, any other way of handing
    them out (the rulebook's own example: a task left to the last player although he had no
    card for it is a failed attempt). Running out of time is never unavoidable.
    """
    if end.result != Result.LOST or end.reason == "time ran out":
        return False
    if not end.tricks and not end.trick_cards:
        return True
    if len(end.tricks) > 1 or not first_trick_loss_unavoidable(start):
        return False
    return dealt is None or dealt == start or first_trick_loss_unavoidable(dealt)
