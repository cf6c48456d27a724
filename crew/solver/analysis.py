"""The post-mortem of an attempt: could it have been won, and which action lost it?

Used by ``crew analyse`` and by the result screen ("Could it have been won?").
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from crew.engine import Action, GameState, Play, Signal, card_str
from crew.records import Record, action_to_json, replay

from . import Solver

__all__ = ["Analysis", "TurningPoint", "analyse"]


@dataclass(frozen=True)
class TurningPoint:
    """The first action after which the attempt could no longer be won."""

    action: int  # index in the record's actions
    seat: int
    trick: int  # 1-based trick number the action belongs to (0 before the tricks)
    taken: Action
    alternatives: tuple[Action, ...]  # the choices that would still have won there

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "seat": self.seat,
            "trick": self.trick,
            "played": _describe(self.taken),
            "winning_alternatives": [_describe(a) for a in self.alternatives],
        }


@dataclass(frozen=True)
class Analysis:
    """Verdicts before the first card and after every action, and the turning point."""

    winnable_at_start: bool | None
    verdicts: tuple[bool | None, ...]  # after each action of the record
    turning_point: TurningPoint | None
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "winnable_at_start": self.winnable_at_start,
            "turning_point": None if self.turning_point is None else self.turning_point.to_json(),
            "verdicts": list(self.verdicts),
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


def analyse(
    record: Record,
    *,
    timeout: float | None = None,
    solver: Solver | None = None,
    source: str = "record",
) -> Analysis:
    """Solve the start and the state after every recorded action (up to the first illegal one).

    Once a state cannot be won no later state can, so those are not searched again. ``timeout``
    bounds each single solve.
    """
    t0 = time.perf_counter()
    solver = solver or Solver()
    r = replay(record, source, keep_states=True)
    states: list[GameState] = [r.start, *r.states]
    actions = [a for a in _actions(record, len(r.states))]
    nodes = 0
    verdicts: list[bool | None] = []
    lost_from = -1
    for i, state in enumerate(states):
        if lost_from >= 0:
            verdicts.append(False)
            continue
        if i > 0 and isinstance(actions[i - 1], Signal):
            verdicts.append(verdicts[-1])
            continue
        sol = solver.solve(state, timeout=timeout)
        nodes += sol.nodes
        verdicts.append(sol.winnable)
        if sol.winnable is False:
            lost_from = i
    first_play = next((i for i, a in enumerate(actions) if isinstance(a, Play)), len(actions))
    at_start = verdicts[first_play]
    turning: TurningPoint | None = None
    for i in range(1, len(states)):
        if verdicts[i - 1] is True and verdicts[i] is False:
            before = states[i - 1]
            taken = actions[i - 1]
            options = solver.winning_actions(before, timeout=timeout)
            alts = tuple(
                a for a, ok in options.items() if ok and a != taken and not isinstance(a, Signal)
            )
            trick = len(before.tricks) + 1 if isinstance(taken, Play) else 0
            turning = TurningPoint(i - 1, _seat(taken), trick, taken, alts)
            break
    return Analysis(at_start, tuple(verdicts[1:]), turning, nodes, time.perf_counter() - t0)


def _actions(record: Record, n: int) -> list[Action]:
    from crew.records import action_from_json

    return [action_from_json(raw) for raw in record.actions[:n]]
