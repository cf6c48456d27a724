"""The post-mortem of an attempt: could it have been won, and which action lost it?

Used by ``crew analyse`` and by the result screen ("Could it have been won?").

Winnability only ever goes one way along a record: a state after a winnable one may be lost,
never the other way round (an action only removes choices). So the states are judged from the
last back to the first, each within its own limit: the late ones are quick to judge, every
state after a lost one is lost without a search, and the first winnable one met settles every
state before it. The turning point is the action between the last winnable state and the
first lost one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crew.engine import Action, GameState, Phase, Play, Signal, TimeUp, card_str
from crew.records import Record, action_from_json, action_to_json, replay

from .solver import Solver

__all__ = ["Analysis", "TurningPoint", "analyse"]


@dataclass(frozen=True)
class TurningPoint:
    """The first action after which the attempt could no longer be won."""

    action: int  # index in the record's actions
    seat: int
    trick: int  # 1-based trick number the action belongs to (0 before the tricks)
    taken: Action
    alternatives: tuple[Action, ...]  # the choices that would still have won there

    @property
    def time_up(self) -> bool:
        """The mission's time ran out there (nobody played anything: seat is -1)."""
        return isinstance(self.taken, TimeUp)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "seat": self.seat,
            "trick": self.trick,
            "played": _describe(self.taken),
            "winning_alternatives": [_describe(a) for a in self.alternatives],
            "time_up": self.time_up,
        }


@dataclass(frozen=True)
class Analysis:
    """Verdicts before the first card and after every action, and the turning point.

    ``stopped``: the analysis was asked to stop before it had judged every state (the
    verdicts not reached are None).
    """

    winnable_at_start: bool | None
    verdicts: tuple[bool | None, ...]  # after each action of the record
    turning_point: TurningPoint | None
    nodes: int
    seconds: float
    stopped: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "winnable_at_start": self.winnable_at_start,
            "turning_point": None if self.turning_point is None else self.turning_point.to_json(),
            "verdicts": list(self.verdicts),
            "stopped": self.stopped,
        }


def _describe(action: Action) -> Any:
    if isinstance(action, Play):
        return card_str(action.card)
    return action_to_json(action)


def _seat(action: Action) -> int:
    for name in ("seat", "to"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            return value
    return -1


def _first_card(states: list[GameState], actions: list[Action]) -> int:
    """The state "before the first card": just before the first card played; if none was
    (the time ran out before), the first state of the tricks; failing that the last state
    before the attempt ended (the time ran out during the distribution)."""
    first = next((i for i, a in enumerate(actions) if isinstance(a, Play)), None)
    if first is not None:
        return first
    first = next((i for i, st in enumerate(states) if st.phase == Phase.PLAY), None)
    if first is not None:
        return first
    return max(0, len(states) - 2) if states[-1].result else len(states) - 1


def analyse(
    record: Record,
    *,
    timeout: float | None = None,
    solver: Solver | None = None,
    source: str = "record",
    stop: Callable[[], bool] | None = None,
    judging: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Judge the start and the state after every recorded action (up to the first illegal
    one), from the last back (see the module); ``timeout`` bounds each single verdict.

    ``judging(k, n)`` is told before the search of the k-th of n states to judge;
    ``stop()`` is asked between two of them whether to stop.
    """
    t0 = time.perf_counter()
    solver = solver or Solver()
    r = replay(record, source, keep_states=True)
    states: list[GameState] = [r.start, *r.states]
    actions = [action_from_json(raw) for raw in record.actions[: len(r.states)]]
    n = len(states)
    verdicts: list[bool | None] = [None] * n
    # a signal changes nothing for open hands: the state after it has its predecessor's verdict
    same_as = list(range(n))
    for i in range(1, n):
        if isinstance(actions[i - 1], Signal):
            same_as[i] = same_as[i - 1]
    for i, state in enumerate(states):
        if state.result:
            verdicts[i] = state.result == "won"
    nodes = 0
    stopped = False
    todo = [i for i in range(n) if same_as[i] == i]
    for k, i in enumerate(reversed(todo)):
        if verdicts[i] is None:
            if stop is not None and stop():
                stopped = True
                break
            if judging is not None:
                judging(k + 1, len(todo))
            sol = solver.solve(states[i], timeout=timeout)
            nodes += sol.nodes
            verdicts[i] = sol.winnable
        if verdicts[i] is True:
            for j in range(i):
                verdicts[j] = True
            break
        if verdicts[i] is False:
            for j in range(i + 1, n):
                verdicts[j] = False if verdicts[j] is None else verdicts[j]
    for i in range(n):
        verdicts[i] = verdicts[same_as[i]] if verdicts[i] is None else verdicts[i]
    at_start = verdicts[_first_card(states, actions)]
    turning: TurningPoint | None = None
    for i in range(1, n):
        if verdicts[i - 1] is True and verdicts[i] is False:
            before = states[i - 1]
            taken = actions[i - 1]
            options = {} if stopped else solver.winning_actions(before, timeout=timeout)
            alts = tuple(
                a for a, ok in options.items() if ok and a != taken and not isinstance(a, Signal)
            )
            playing = isinstance(taken, Play) or (
                isinstance(taken, TimeUp) and before.phase == Phase.PLAY
            )
            trick = len(before.tricks) + 1 if playing else 0
            turning = TurningPoint(i - 1, _seat(taken), trick, taken, alts)
            break
    return Analysis(
        at_start, tuple(verdicts[1:]), turning, nodes, time.perf_counter() - t0, stopped
    )
