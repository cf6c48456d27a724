"""The post-mortem of a lost attempt in words: could it have been won, and where was it lost?

No Textual here: the result screen runs :func:`post_mortem` in a worker thread and shows what it
returns. The search is the solver's (open hands: every hand known, the crew choosing every card
together); this module only bounds it in time, lets it be stopped, puts the crew's names into
the verdict and turns a winning line into tricks after replaying it through the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from crew.engine import (
    Action,
    Assign,
    Distress,
    GameState,
    GiveAll,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Predict,
    Take,
    TimeUp,
    Volunteer,
    apply,
    card_str,
)
from crew.records import Record, replay
from crew.solver import Solution, Solver
from crew.solver.analysis import Analysis, analyse

__all__ = [
    "BUDGET",
    "LineTrick",
    "PostMortem",
    "Stopped",
    "TimedSolver",
    "WinningLine",
    "post_mortem",
]

#: Seconds the whole post-mortem may take before it is reported undecided.
BUDGET = 20.0

#: Longest single stretch of search between two looks at the stop flag (seconds).
SLICE = 0.25

#: What open-hand search leaves out, said once wherever a verdict is shown.
PREMISE = "with open hands, communication and distress aside"

Answer = Literal["yes", "no", "undecided"]


class Stopped(Exception):
    """The post-mortem was stopped from outside (the result screen closed)."""


class TimedSolver(Solver):
    """A solver held to one deadline for all its searches and stoppable between short slices.

    A search that runs out of its slice is started again; the solver keeps its tables between
    calls, so every slice builds on what the earlier ones settled. Past the deadline every
    search answers "undecided" at once.
    """

    def __init__(self, deadline: float, stop: Callable[[], bool] = lambda: False) -> None:
        super().__init__()
        self.deadline = deadline
        self.stop = stop

    def check(self) -> None:
        """Raise :class:`Stopped` when the owner asked to stop."""
        if self.stop():
            raise Stopped

    def solve(
        self, state: GameState, *, timeout: float | None = None, node_limit: int | None = None
    ) -> Solution:
        t0 = time.perf_counter()
        end = self.deadline if timeout is None else min(self.deadline, t0 + timeout)
        nodes = 0
        while True:
            self.check()
            left = end - time.perf_counter()
            if left <= 0:
                return Solution(None, (), nodes, time.perf_counter() - t0)
            sol = super().solve(state, timeout=min(SLICE, left), node_limit=node_limit)
            nodes += sol.nodes
            if sol.winnable is not None or node_limit is not None:
                return Solution(sol.winnable, sol.line, nodes, time.perf_counter() - t0)


@dataclass(frozen=True)
class LineTrick:
    """One trick of a winning line: the cards in play order, its winner, the tasks it did."""

    number: int  # 1-based
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int
    already: int  # how many of its first cards had been played in the attempt itself
    done: tuple[tuple[int, int], ...]  # (task id, owner seat) done by this trick


@dataclass(frozen=True)
class WinningLine:
    """A way to win from a moment of the attempt, checked by replaying it through the engine."""

    before: tuple[str, ...]  # the choices before the first card, in words (may be empty)
    tricks: tuple[LineTrick, ...]
    instead_of: int | None = None  # the card the attempt played where the line's first card is


@dataclass(frozen=True)
class PostMortem:
    """What the result screen says about a lost attempt."""

    answer: Answer
    text: str  # the verdict in words, with the crew's names
    line: WinningLine | None  # a checked winning line, when there is one to step through
    line_from: str  # where the line starts: "from trick 4, just before ..." ("" without a line)
    analysis: Analysis | None


def _join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _did(action: Action, name: Callable[[int], str]) -> str:
    """``action`` as something a crew member did: "Bob played B7"."""
    if isinstance(action, Play):
        return f"{name(action.seat)} played {card_str(action.card)}"
    if isinstance(action, Take):
        return f"{name(action.seat)} took task #{action.task}"
    if isinstance(action, Pass):
        return f"{name(action.seat)} passed"
    if isinstance(action, Volunteer):
        return f"{name(action.seat)} {'volunteered' if action.yes else 'declined to volunteer'}"
    if isinstance(action, GiveAll):
        return f"every task went to {name(action.to)}"
    if isinstance(action, Assign):
        return f"task #{action.task} went to {name(action.to)}"
    if isinstance(action, Predict):
        return f"{name(action.seat)} predicted {action.tricks}"
    if isinstance(action, Distress):
        return f"the crew sent the distress signal ({action.direction})"
    if isinstance(action, TimeUp):
        return "the time ran out"
    return str(action)


def _instead(action: Action, name: Callable[[int], str]) -> str:
    """``action`` as an alternative: "G2", "passing", "giving task #3 to Bob"."""
    if isinstance(action, Play):
        return card_str(action.card)
    if isinstance(action, Take):
        return f"taking task #{action.task}"
    if isinstance(action, Pass):
        return "passing"
    if isinstance(action, Volunteer):
        return "volunteering" if action.yes else "declining"
    if isinstance(action, GiveAll):
        return f"giving every task to {name(action.to)}"
    if isinstance(action, Assign):
        return f"giving task #{action.task} to {name(action.to)}"
    if isinstance(action, Predict):
        return f"predicting {action.tricks}"
    return str(action)


def _moment(state: GameState) -> str:
    """The moment of ``state`` in words: "trick 4", or a step before the tricks."""
    if state.phase == Phase.PLAY:
        return f"trick {state.trick_number}"
    if state.phase == Phase.PREDICT:
        return "the predictions"
    return "the task distribution"


def winning_line(
    start: GameState,
    line: Sequence[Action],
    name: Callable[[int], str],
    instead_of: Action | None = None,
) -> WinningLine:
    """The tricks of ``line`` played from ``start``; ValueError unless the engine says won.

    ``instead_of`` is what the attempt did at ``start`` (the line's first action replaces it).
    """
    state = start
    before: list[str] = []
    done: dict[int, list[tuple[int, int]]] = {}
    for action in line:
        try:
            state, events = apply(state, action)
        except IllegalActionError as exc:
            raise ValueError(f"the line breaks a rule at {_did(action, name)}: {exc}") from None
        if not isinstance(action, Play):
            before.append(_did(action, name))
        for e in events:
            if e.kind == "task_done":
                done.setdefault(e.trick, []).append((e.task, e.seat))
    if state.result != "won":
        raise ValueError(f"the line does not win: it ends {state.result or 'unfinished'}")
    tricks = []
    for i in range(len(start.tricks), len(state.tricks)):
        t = state.tricks[i]
        already = len(start.trick_cards) if i == len(start.tricks) else 0
        tricks.append(
            LineTrick(i + 1, t.seats, t.cards, t.winner, already, tuple(done.get(i + 1, ())))
        )
    taken = instead_of.card if isinstance(instead_of, Play) else None
    return WinningLine(tuple(before), tuple(tricks), taken)


def post_mortem(
    record: Record,
    names: Sequence[str],
    *,
    budget: float | None = None,
    stop: Callable[[], bool] = lambda: False,
) -> PostMortem:
    """Could the attempt of ``record`` have been won, where was it lost, and a way to win.

    ``names[seat]`` names each seat. The whole search takes at most ``budget`` seconds
    (default :data:`BUDGET`); raises :class:`Stopped` as soon as ``stop()`` is true.
    """

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    limit = BUDGET if budget is None else budget
    solver = TimedSolver(time.perf_counter() + limit, stop)
    result = analyse(record, solver=solver, source="this attempt")
    r = replay(record, "this attempt", keep_states=True)
    states = [r.start, *r.states]
    tp = result.turning_point
    if tp is not None:
        at = states[tp.action]
        where = _moment(at)
        lost = (
            f"Lost {'at' if at.phase == Phase.PLAY else 'in'} {where} when {_did(tp.taken, name)}"
        )
        if tp.time_up:
            lost = f"Lost when the time ran out in {where}: without the clock"
        if tp.alternatives:
            alts = [_instead(a, name) for a in tp.alternatives]
            lost += f"; {_join(alts)} would still have won."
        else:
            lost += "; no other choice there was found to win within the time limit."
        where = f"from {where}, just before {_did(tp.taken, name)}"
        text = f"Yes: it could have been won. {lost}"
        return _with_line(solver, at, text, where, result, name, tp.taken)
    first_play = next(
        (i for i, s in enumerate(states) if s.phase == Phase.PLAY and not s.result), None
    )
    if result.winnable_at_start and first_play is not None:
        text = (
            "Yes: it could be won from the first card on, but the moment it was lost was not"
            f" found within {limit:g} s."
        )
        return _with_line(solver, states[first_play], text, "from the first card", result, name)
    if result.winnable_at_start is False:
        deal = solver.solve(r.start)
        if deal.winnable is False:
            text = (
                "No: this deal could not be won with these tasks, whatever the crew did"
                " (open hands)."
            )
            return PostMortem("no", text, None, "", result)
    text = f"Undecided within the limit: the search did not finish in {limit:g} s."
    return PostMortem("undecided", text, None, "", result)


def _with_line(
    solver: TimedSolver,
    state: GameState,
    text: str,
    where: str,
    result: Analysis,
    name: Callable[[int], str],
    taken: Action | None = None,
) -> PostMortem:
    sol = solver.solve(state)
    if not sol.winnable:
        return PostMortem(
            "yes", text + " (No winning line within the time limit.)", None, "", result
        )
    try:
        line = winning_line(state, sol.line, name, taken)
    except ValueError as exc:
        # never show a line the engine does not confirm
        return PostMortem("yes", f"{text} (No winning line to show: {exc}.)", None, "", result)
    return PostMortem("yes", text, line, where, result)
