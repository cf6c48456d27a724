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
from crew.i18n import N_, _
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
    "did_words",
    "instead_words",
    "post_mortem",
]

#: Seconds the whole post-mortem may take before it is reported undecided.
BUDGET = 20.0

#: Longest single stretch of search between two looks at the stop flag (seconds).
SLICE = 0.25

#: What open-hand search leaves out, said once wherever a verdict is shown.
PREMISE = N_("with open hands, communication and distress aside")

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
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


def did_words(action: Action, name: Callable[[int], str]) -> str:
    """``action`` as something a crew member did: "Bob played B7"."""
    if isinstance(action, Play):
        return _("{name} played {card}").format(name=name(action.seat), card=card_str(action.card))
    if isinstance(action, Take):
        return _("{name} took task #{task}").format(name=name(action.seat), task=action.task)
    if isinstance(action, Pass):
        return _("{name} passed").format(name=name(action.seat))
    if isinstance(action, Volunteer):
        if action.yes:
            return _("{name} volunteered").format(name=name(action.seat))
        return _("{name} declined to volunteer").format(name=name(action.seat))
    if isinstance(action, GiveAll):
        return _("every task went to {name}").format(name=name(action.to))
    if isinstance(action, Assign):
        return _("task #{task} went to {name}").format(task=action.task, name=name(action.to))
    if isinstance(action, Predict):
        return _("{name} predicted {n}").format(name=name(action.seat), n=action.tricks)
    if isinstance(action, Distress):
        return _("the crew sent the distress signal ({direction})").format(
            direction=_(action.direction)
        )
    if isinstance(action, TimeUp):
        return _("the time ran out")
    return str(action)


def instead_words(action: Action, name: Callable[[int], str]) -> str:
    """``action`` as an alternative: "G2", "passing", "giving task #3 to Bob"."""
    if isinstance(action, Play):
        return card_str(action.card)
    if isinstance(action, Take):
        return _("taking task #{task}").format(task=action.task)
    if isinstance(action, Pass):
        return _("passing")
    if isinstance(action, Volunteer):
        return _("volunteering") if action.yes else _("declining")
    if isinstance(action, GiveAll):
        return _("giving every task to {name}").format(name=name(action.to))
    if isinstance(action, Assign):
        return _("giving task #{task} to {name}").format(task=action.task, name=name(action.to))
    if isinstance(action, Predict):
        return _("predicting {n}").format(n=action.tricks)
    return str(action)


def _moment(state: GameState) -> str:
    """The moment of ``state`` in words: "trick 4", or a step before the tricks."""
    if state.phase == Phase.PLAY:
        return _("trick {n}").format(n=state.trick_number)
    if state.phase == Phase.PREDICT:
        return _("the predictions")
    return _("the task distribution")


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
            raise ValueError(
                _("the line breaks a rule at {action}: {error}").format(
                    action=did_words(action, name), error=exc
                )
            ) from None
        if not isinstance(action, Play):
            before.append(did_words(action, name))
        for e in events:
            if e.kind == "task_done":
                done.setdefault(e.trick, []).append((e.task, e.seat))
    if state.result != "won":
        raise ValueError(
            _("the line does not win: it ends {result}").format(
                result=_(state.result) if state.result else _("unfinished")
            )
        )
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
        return names[seat] if 0 <= seat < len(names) else _("seat {n}").format(n=seat)

    limit = BUDGET if budget is None else budget
    solver = TimedSolver(time.perf_counter() + limit, stop)
    result = analyse(record, solver=solver, source="this attempt")
    r = replay(record, "this attempt", keep_states=True)
    states = [r.start, *r.states]
    tp = result.turning_point
    if tp is not None:
        at = states[tp.action]
        where = _moment(at)
        did = did_words(tp.taken, name)
        if tp.time_up:
            lost = _("Lost when the time ran out in {where}: without the clock").format(where=where)
        elif at.phase == Phase.PLAY:
            lost = _("Lost at {where} when {did}").format(where=where, did=did)
        else:
            lost = _("Lost in {where} when {did}").format(where=where, did=did)
        if tp.alternatives:
            alts = _join([instead_words(a, name) for a in tp.alternatives])
            lost = _("{lost}; {alternatives} would still have won.").format(
                lost=lost, alternatives=alts
            )
        else:
            lost = _(
                "{lost}; no other choice there was found to win within the time limit."
            ).format(lost=lost)
        where = _("from {where}, just before {did}").format(where=where, did=did)
        text = _("Yes: it could have been won. {lost}").format(lost=lost)
        return _with_line(solver, at, text, where, result, name, tp.taken)
    first_play = next(
        (i for i, s in enumerate(states) if s.phase == Phase.PLAY and not s.result), None
    )
    if result.winnable_at_start and first_play is not None:
        text = _(
            "Yes: it could be won from the first card on, but the moment it was lost was not"
            " found within {seconds} s."
        ).format(seconds=f"{limit:g}")
        start = _("from the first card")
        return _with_line(solver, states[first_play], text, start, result, name)
    if result.winnable_at_start is False:
        deal = solver.solve(r.start)
        if deal.winnable is False:
            text = _(
                "No: this deal could not be won with these tasks, whatever the crew did"
                " (open hands)."
            )
            return PostMortem("no", text, None, "", result)
    text = _("Undecided within the limit: the search did not finish in {seconds} s.").format(
        seconds=f"{limit:g}"
    )
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
        text = _("{text} (No winning line within the time limit.)").format(text=text)
        return PostMortem("yes", text, None, "", result)
    try:
        line = winning_line(state, sol.line, name, taken)
    except ValueError as exc:
        # never show a line the engine does not confirm
        text = _("{text} (No winning line to show: {error}.)").format(text=text, error=exc)
        return PostMortem("yes", text, None, "", result)
    return PostMortem("yes", text, line, where, result)
