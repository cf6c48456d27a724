"""What every phase's handlers share: the handler type and the seat / phase / turn checks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..events import Event
from ..reasons import Illegal, Reason, illegal, plain, seat_label
from ..state import GameState, Phase

__all__ = [
    "Handler",
    "actor_illegal",
    "game_over",
    "not_your_turn",
    "own",
    "seat_name",
    "task_index",
]

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Handler(Generic[A]):
    """The rules of one action type: its checks and its effect (pokerkit's verify/apply pair)."""

    check: Callable[[GameState, A], Illegal | None]
    effect: Callable[[GameState, A], tuple[GameState, list[Event]]]


def seat_name(state: GameState, seat: int) -> str:
    """How engine messages name ``seat`` in this attempt."""
    return seat_label(seat, state.setup.tonoja)


def game_over(state: GameState) -> Illegal | None:
    """GAME_OVER once the attempt is won or lost: nothing more can be done."""
    if state.result:
        return plain(
            Reason.GAME_OVER,
            "the attempt is over ({result}); nothing more can be done",
            result=state.result,
        )
    return None


def actor_illegal(state: GameState, seat: Any, phase: Phase | None, what: str) -> Illegal | None:
    """The preamble of every seat's action: the seat exists and the phase is ``phase``."""
    if not isinstance(seat, int) or not 0 <= seat < state.setup.seats:
        return plain(
            Reason.BAD_SEAT,
            "seat {seat} does not exist (seats 0-{last})",
            seat=repr(seat),
            last=state.setup.seats - 1,
        )
    if phase is not None and state.phase != phase:
        return plain(
            Reason.WRONG_PHASE,
            "{what} is not possible now: the game is in phase '{phase}'",
            what=what,
            phase=str(state.phase),
        )
    return None


def not_your_turn(state: GameState, seat: int, template: str) -> Illegal:
    """NOT_YOUR_TURN for ``seat``, which is not ``state.turn``; ``template`` names {seat0} (whose
    turn it is) and {seat1} (who tried)."""
    return illegal(Reason.NOT_YOUR_TURN, template, state.turn, seat, tonoja=state.setup.tonoja)


def task_index(state: GameState, task: int) -> int | Illegal:
    """The index of an unassigned task of this attempt, or why it cannot be handed out."""
    ids = state.setup.task_ids
    if task not in ids:
        return plain(
            Reason.NO_SUCH_TASK,
            "task {task} is not one of this attempt's tasks {tasks}",
            task=task,
            tasks=list(ids),
        )
    idx = ids.index(task)
    if state.owners[idx] >= 0:
        return illegal(
            Reason.TASK_TAKEN,
            "task {task} already belongs to {seat0}",
            state.owners[idx],
            tonoja=state.setup.tonoja,
            task=task,
        )
    return idx


def own(state: GameState, idx: int, seat: int) -> GameState:
    """``seat`` now owns the task at ``idx``."""
    owners = list(state.owners)
    owners[idx] = seat
    return state._replace(owners=tuple(owners))
