"""The post-mortem of a lost attempt in words: could it have been won, and where was it lost?

No Textual here: the result screen runs :func:`post_mortem` in a worker thread and shows what it
returns. The search is the solver's (open hands: every hand known, the crew choosing every card
together); this module only bounds it in time, lets it be stopped, puts the crew's names into
the verdict and turns a winning line into tricks after replaying it through the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from crew.engine import (
    CONDITIONS,
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
    Signal,
    Take,
    TimeUp,
    Volunteer,
    apply,
    card_str,
)
from crew.engine.enums import Result
from crew.i18n import N_, _
from crew.records import Record, action_from_json, replay
from crew.solver import Clash, Solution, Solver
from crew.solver.analysis import Analysis, TurningPoint, analyse

__all__ = [
    "BUDGET",
    "LineTrick",
    "PostMortem",
    "Stopped",
    "TimedSolver",
    "WinningLine",
    "clash_words",
    "did_words",
    "instead_words",
    "post_mortem",
]

#: Seconds the whole post-mortem may take before it is reported undecided.
BUDGET = 20.0

#: Seconds kept back from the searches at most (see :func:`reserve`): a search may end up to a
#: few tenths of a second past its deadline on a large deal (measured 0.27 s between two looks
#: at the clock on five-player deals), more when the app's drawing shares the processor.
RESERVE = 1.0

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
        super().__init__(explain=True)
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
                seconds = time.perf_counter() - t0
                return Solution(sol.winnable, sol.line, nodes, seconds, sol.clash)


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
    actions: tuple[Action, ...] = ()  # the line as engine actions (what ``crew verify`` replays)


@dataclass(frozen=True)
class PostMortem:
    """What the result screen says about a lost attempt."""

    answer: Answer
    text: str  # the verdict in words, with the crew's names
    line: WinningLine | None  # a checked winning line, when there is one to step through
    line_from: str  # where the line starts: "from trick 4, just before ..." ("" without a line)
    analysis: Analysis | None
    clash: str = ""  # the part of the deal found lost, in one sentence ("" when none was found)


def clash_words(clash: Clash) -> str:
    """A part of the deal that cannot be won, in one sentence: "Tasks #22 and #3 cannot both
    be done with these hands." (with the mission's condition when the part keeps one)."""
    ids = [f"#{t}" for t in clash.tasks]
    if len(ids) == 1:
        text = _("Task {task} cannot be done with these hands.").format(task=ids[0])
    elif len(ids) == 2:
        text = _("Tasks {first} and {second} cannot both be done with these hands.").format(
            first=ids[0], second=ids[1]
        )
    else:
        text = _("Tasks {tasks} and {last} cannot all be done with these hands.").format(
            tasks=", ".join(ids[:-1]), last=ids[-1]
        )
    if clash.conditions:
        rule = "; ".join(_(CONDITIONS[c].text) for c in clash.conditions)
        text += " " + _("(With the mission's condition: {condition}.)").format(condition=rule)
    return text


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
    if state.result != Result.WON:
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
    # a line that starts with what the attempt did there does nothing instead of it
    differs = isinstance(instead_of, Play) and (not line or line[0] != instead_of)
    taken = instead_of.card if isinstance(instead_of, Play) and differs else None
    return WinningLine(tuple(before), tuple(tricks), taken, tuple(line))


def post_mortem(
    record: Record,
    names: Sequence[str],
    *,
    budget: float | None = None,
    stop: Callable[[], bool] = lambda: False,
) -> PostMortem:
    """Could the attempt of ``record`` have been won, where was it lost, and a way to win.

    ``names[seat]`` names each seat. The whole post-mortem, its setting up and every search
    included, takes at most ``budget`` seconds (default :data:`BUDGET`): the searches stop
    :func:`reserve` seconds before, for the words and checking the line. Raises
    :class:`Stopped` as soon as ``stop()`` is true.

    "Yes" always comes with a winning line the engine has replayed as won; without one the
    answer is "undecided".
    """
    t0 = time.perf_counter()

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("seat {n}").format(n=seat)

    limit = BUDGET if budget is None else max(0.0, budget)
    solver = TimedSolver(t0 + limit - reserve(limit), stop)
    r = replay(record, "this attempt", keep_states=True)
    states = [r.start, *r.states]
    actions = [action_from_json(raw) for raw in record.actions[: len(r.states)]]
    result = analyse(record, solver=solver, source="this attempt")
    line = _checked_line(solver, states, actions, result, name)
    tp = result.turning_point
    if line is not None and result.line_from is not None:
        at = states[result.line_from]
        did = did_words(actions[result.line_from], name)
        where = _("{where}, just before {did}").format(where=_moment(at), did=did)
        if tp is not None:
            text = _("Yes: it could have been won. {lost}").format(
                lost=_lost_words(tp, states[tp.action], name)
            )
        else:
            text = _(
                "Yes: it could still have been won at {where}; the moment it was lost was not"
                " found within {seconds} s."
            ).format(where=where, seconds=f"{limit:g}")
        start = _("from {where}, just before {did}").format(where=_moment(at), did=did)
        clash = ""
        if result.clash is not None and result.clash_at is not None:
            clash = _("From {where} on: {clash}").format(
                where=_moment(states[result.clash_at]), clash=clash_words(result.clash)
            )
        return PostMortem("yes", text, line, start, result, clash)
    if result.winnable_at_start is False:
        deal = solver.solve(r.start)
        if deal.winnable is False:
            if r.start.setup.task_ids:
                text = _(
                    "No: this deal could not be won with these tasks, whatever the crew did"
                    " (open hands)."
                )
            else:  # a mission without task cards (12): its condition alone
                text = _(
                    "No: this deal could not be won under this mission's rules, whatever the"
                    " crew did (open hands)."
                )
            found = deal.clash or result.clash
            clash = "" if found is None else clash_words(found)
            return PostMortem("no", text, None, "", result, clash)
    text = _(
        "Undecided: in {seconds} s the search found neither a way to win nor a proof that"
        " there was none."
    ).format(seconds=f"{limit:g}")
    return PostMortem("undecided", text, None, "", result)


def _lost_words(tp: TurningPoint, at: GameState, name: Callable[[int], str]) -> str:
    """Where the attempt was lost, and what would still have won there."""
    where = _moment(at)
    if tp.time_up:
        lost = _("Lost when the time ran out in {where}: without the clock").format(where=where)
    elif at.phase == Phase.PLAY:
        lost = _("Lost at {where} when {did}").format(where=where, did=did_words(tp.taken, name))
    else:
        lost = _("Lost in {where} when {did}").format(where=where, did=did_words(tp.taken, name))
    if not tp.alternatives:
        return _("{lost}.").format(lost=lost)
    alts = _join([instead_words(a, name) for a in tp.alternatives])
    if isinstance(tp.taken, Distress):
        return _("{lost}; without the signal, {alternatives} would still have won.").format(
            lost=lost, alternatives=alts
        )
    return _("{lost}; {alternatives} would still have won.").format(lost=lost, alternatives=alts)


def reserve(limit: float) -> float:
    """Seconds of a post-mortem of ``limit`` seconds kept back from its searches: a search
    looks at the clock between short runs of positions, so it may end a little late, and the
    line is checked and put in words after it."""
    return min(RESERVE, limit / 4)


def _checked_line(
    solver: TimedSolver,
    states: Sequence[GameState],
    actions: Sequence[Action],
    result: Analysis,
    name: Callable[[int], str],
) -> WinningLine | None:
    """The analysis's winning line, checked by the engine from the moment of the attempt it
    starts at; None without one (never a line the engine does not confirm).

    A line that starts before the attempt's distress signal and is not about that signal
    sends the same one (the same cards to the same side) where it can still win that way, so
    that its cards are the ones the crew held after the passes; otherwise it says that it
    sends none.
    """
    k = result.line_from
    if k is None or k >= len(actions):
        return None
    start, taken = states[k], actions[k]
    line = result.line
    sent = next((a for a in actions[k:] if isinstance(a, Distress)), None)
    note: tuple[str, ...] = ()
    if sent is not None and sent is not taken:
        same = _with_distress(solver, start, line, sent)
        if same is not None:
            line = same
        else:
            note = (_("no distress signal (the cards as they were before the passes)"),)
    elif sent is not None:
        note = (_("no distress signal"),)
    try:
        found = winning_line(start, line, name, taken)
    except ValueError:
        return None
    return replace(found, before=found.before + note)


def _with_distress(
    solver: TimedSolver, start: GameState, line: Sequence[Action], sent: Distress
) -> tuple[Action, ...] | None:
    """``line``'s choices before its first card or prediction, then the distress signal
    ``sent``, then a winning line from there; None if that cannot win (or is not found in
    time)."""
    state = start
    head: list[Action] = []
    for action in line:
        if isinstance(action, (Play, Predict, Signal)):
            break
        try:
            state, _events = apply(state, action)
        except IllegalActionError:
            return None
        head.append(action)
    try:
        state, _events = apply(state, sent)
    except IllegalActionError:
        return None
    sol = solver.solve(state)
    if not sol.winnable:
        return None
    return (*head, sent, *sol.line)
