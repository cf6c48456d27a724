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

from crew.engine import (
    Action,
    Assign,
    Distress,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Signal,
    TimeUp,
    apply,
    card_str,
    legal_actions,
)
from crew.engine.enums import Result
from crew.records import Record, action_from_json, action_to_json, replay

from .parts import Clash
from .solver import Solver

__all__ = ["Analysis", "TurningPoint", "analyse"]


@dataclass(frozen=True)
class TurningPoint:
    """The first action after which the attempt could no longer be won."""

    action: int  # index in the record's actions
    seat: int
    trick: int  # 1-based trick number the action belongs to (0 before the tricks)
    taken: Action
    #: the choices that would still have won there; never the one taken, and in the free task
    #: choice (any order) only the same task to someone else: another task given first only
    #: puts off the choice that lost it
    alternatives: tuple[Action, ...]

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
    verdicts not reached are None). ``clash``: the part found lost in the earliest state
    searched and proved lost (``clash_at``: that state, 0 the start, k after the k-th action).
    """

    winnable_at_start: bool | None
    verdicts: tuple[bool | None, ...]  # after each action of the record
    turning_point: TurningPoint | None
    nodes: int
    seconds: float
    stopped: bool = False
    line_from: int | None = None
    line: tuple[Action, ...] = ()
    clash: Clash | None = None
    clash_at: int | None = None

    def to_json(self) -> dict[str, Any]:
        line = None
        if self.line_from is not None:
            line = {"after": self.line_from, "actions": [action_to_json(a) for a in self.line]}
        return {
            "winnable_at_start": self.winnable_at_start,
            "turning_point": None if self.turning_point is None else self.turning_point.to_json(),
            "verdicts": list(self.verdicts),
            "winning_line": line,
            "stopped": self.stopped,
            "clash": None if self.clash is None else self.clash.to_json(),
            "clash_at": self.clash_at,
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
            verdicts[i] = state.result == Result.WON
    nodes = 0
    stopped = False
    proved: tuple[int, tuple[Action, ...]] | None = None  # the latest winnable state, its line
    clash: tuple[int, Clash] | None = None  # the earliest state proved lost by a clash so far
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
            if sol.winnable:
                proved = (i, sol.line)
            elif sol.clash is not None:
                clash = (i, sol.clash)
        elif verdicts[i] is True:
            proved = (i, ())  # the attempt is won there
        if verdicts[i] is True:
            for j in range(i):
                verdicts[j] = True
            break
        if verdicts[i] is False:
            # lost stays lost, up to a distress signal (the cards change hands there)
            for j in range(i + 1, n):
                if isinstance(actions[j - 1], Distress):
                    break
                verdicts[j] = False if verdicts[j] is None else verdicts[j]
    for i in range(n):
        verdicts[i] = verdicts[same_as[i]] if verdicts[i] is None else verdicts[i]
    at_start = verdicts[_first_card(states, actions)]
    turning: TurningPoint | None = None
    line_from, line = (None, ()) if proved is None else proved
    for i in range(1, n):
        if verdicts[i - 1] is True and verdicts[i] is False:
            before = states[i - 1]
            taken = actions[i - 1]
            known = _line_from(before, proved[1]) if proved is not None else None
            alts, alt_line, spent = _alternatives(solver, before, taken, known, stopped, timeout)
            nodes += spent
            if alt_line:
                line_from, line = i - 1, alt_line
            playing = isinstance(taken, Play) or (
                isinstance(taken, TimeUp) and before.phase == Phase.PLAY
            )
            trick = len(before.tricks) + 1 if playing else 0
            turning = TurningPoint(i - 1, _seat(taken), trick, taken, alts)
            break
    return Analysis(
        at_start,
        tuple(verdicts[1:]),
        turning,
        nodes,
        time.perf_counter() - t0,
        stopped,
        line_from,
        tuple(line),
        None if clash is None else clash[1],
        None if clash is None else clash[0],
    )


def _wins(state: GameState, line: tuple[Action, ...]) -> bool:
    """Whether ``line`` played from ``state`` is legal and wins (the engine judges)."""
    for action in line:
        try:
            state, _ = apply(state, action)
        except IllegalActionError:
            return False
    return state.result == Result.WON


def _line_from(state: GameState, line: tuple[Action, ...]) -> tuple[Action, ...] | None:
    """``line`` if it wins from ``state`` (the state a search proved winnable may lie just
    before a signal that changes nothing for open hands); None otherwise."""
    return line if line and _wins(state, line) else None


def _first_assign(line: tuple[Action, ...], task: int) -> tuple[Action, ...]:
    """In the free task choice the tasks may be handed out in any order: ``line`` with the
    assignment of ``task`` moved to the front (unchanged if it has none)."""
    head = next((k for k, a in enumerate(line) if isinstance(a, Assign) and a.task == task), None)
    if head is None or any(not isinstance(a, Assign) for a in line[:head]):
        return line
    return (line[head], *line[:head], *line[head + 1 :])


def _alternatives(
    solver: Solver,
    before: GameState,
    taken: Action,
    known: tuple[Action, ...] | None,
    stopped: bool,
    timeout: float | None,
) -> tuple[tuple[Action, ...], tuple[Action, ...], int]:
    """The choices at ``before`` other than ``taken`` that keep the attempt winnable, a winning
    line that starts with one of them (empty if none was found) and the positions searched.

    ``known`` is a line already proved to win from ``before``: its first choice is one of them
    without a search. In the free task choice only the same task given to someone else counts
    (giving another task first, as the attempt did later anyway, only puts the choice off).
    """
    task = taken.task if isinstance(taken, Assign) and before.phase == Phase.ASSIGN else None
    options = [
        a
        for a in legal_actions(before)
        if a != taken
        and not isinstance(a, Signal)
        and (task is None or (isinstance(a, Assign) and a.task == task))
    ]
    lines: dict[Action, tuple[Action, ...]] = {}
    if known is not None:
        if task is not None:
            known = _first_assign(known, task)
        if known[0] in options and _wins(before, known):
            lines[known[0]] = known
    nodes = 0
    deadline = None if timeout is None else time.perf_counter() + timeout
    explain, solver.explain = solver.explain, False  # verdicts only: no clash to name here
    try:
        for action in options:
            if stopped or action in lines:
                continue
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            child, _ = apply(before, action)
            sol = solver.solve(child, timeout=left)
            nodes += sol.nodes
            if sol.winnable:
                lines[action] = (action, *sol.line)
    finally:
        solver.explain = explain
    alts = tuple(a for a in options if a in lines)
    if known is not None and known[0] in lines:
        return alts, lines[known[0]], nodes
    return alts, lines[alts[0]] if alts else (), nodes
