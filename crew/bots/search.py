"""Open-hand search on sampled deals, through the perfect-information solver (``crew.solver``).

Budgets are node counts, never clock time, so the same view, memory and seed give the same
decision on any machine. Each decision makes its own :class:`Context` (a fresh solver, the nodes
it spent, its deadline) and passes it to every search it asks for: nothing is kept between
decisions or shared between threads.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from crew.engine.actions import Action
from crew.engine.enums import Result
from crew.engine.game import IllegalActionError, apply
from crew.engine.phases.predictions import start_tricks
from crew.engine.state import GameState
from crew.engine.tasks import PENDING, get_task
from crew.solver import Solver

__all__ = [
    "Context",
    "UNDECIDED",
    "Race",
    "score_actions",
    "score_each",
    "verdict",
    "winnable",
    "with_tasks",
]


class Context:
    """One decision's search: made when the decision begins, passed to every search it asks for.

    - ``solver``: a fresh one, its tables and move ordering empty, so the node budget buys the
      same search whatever was decided before (decisions stay reproducible);
    - ``spent``: solver nodes searched so far (a clock-free cost);
    - ``deadline``: seconds after which the decision settles for the deals judged so far
      (:meth:`late`; None: never), and ``cut``: whether it did;
    - ``record``: None, or a list that :func:`score_each` adds each judged deal's values to
      (one per option, before any weight; an option out of the race counts 0 there), for
      measuring how the options fared deal by deal (``benchmarks/decisions.py``).
    """

    __slots__ = ("cut", "record", "solver", "spent", "until")

    def __init__(self, deadline: float | None = None) -> None:
        self.solver = Solver()
        self.spent = 0
        self.until = None if deadline is None else time.monotonic() + deadline
        self.cut = False
        self.record: list[list[float]] | None = None

    def late(self) -> bool:
        """Whether the deadline has passed (never without one)."""
        return self.until is not None and time.monotonic() >= self.until


#: what a state the search leaves undecided within its positions counts (won 1.0, lost 0.0).
#: Such states are mostly winnable: at tricks 1-5, 44 of 52 undecided verdicts of the computers
#: (four players, seven missions, seed col1) were proved winnable with 200,000 positions, 3
#: lost. Yet counting them 0.9 changed nothing measurable: four players, missions 11-33, two
#: games each, 0.9 against 0.5 on the same deals, seeds ud1 and ud2: 47 won against 45 (13 and
#: 11 won by one side only, sign test p 0.84). An undecided deal tends to be undecided for every
#: option, so it rarely turns a choice
UNDECIDED = 0.5


def winnable(state: GameState, nodes: int, ctx: Context) -> float:
    """1.0 winnable, 0.0 not, :data:`UNDECIDED` undecided within ``nodes`` (counted in
    ``ctx.spent``)."""
    if state.result:
        return 1.0 if state.result == Result.WON else 0.0
    sol = ctx.solver.solve(state, node_limit=nodes)
    ctx.spent += sol.nodes
    if sol.winnable is None:
        return UNDECIDED
    return 1.0 if sol.winnable else 0.0


def verdict(state: GameState, seconds: float, nodes: int) -> tuple[bool | None, bool]:
    """The solver's open-hand verdict within ``nodes`` positions (None: undecided),
    ``seconds`` only a guard; and whether the guard stopped it before its positions were
    searched (a verdict that may differ on another machine)."""
    sol = Solver().solve(state, timeout=seconds, node_limit=nodes)
    result: bool | None = sol.winnable
    return result, result is None and sol.nodes < nodes


#: the race's test (see :class:`Race`): deals judged before any option may drop out, the least
#: lead in deals, and how many standard deviations the lead must reach
RACE_FIRST = 4
RACE_MARGIN = 2.0
RACE_Z = 2.0


class Race:
    """Which options are still in the running for one card decision, judged deal by deal.

    An option drops out once the leader (the best total so far; on a tie the earliest) has beaten
    it clearly on the same deals: the paired differences (leader's value minus its value, per
    deal) sum to ``D`` at least :data:`RACE_MARGIN` and more than :data:`RACE_Z` times the root
    of their summed squares (a sign test: 5 deals to none, or 7 to 1, with only wins and
    losses). Deals where both fare alike weigh nothing, so an option is only dropped on deals
    that told the two apart. An option that dropped out can never be the best any more: the
    leader's total, which only grows, was ahead of its frozen total when it dropped.

    Replayed on the recorded judgements of 554 card decisions (four players, missions 11-33,
    seed 2035), the race picked the card that judging every option on every deal picked in all
    554, with 0.78 of the solver positions.
    """

    def __init__(self, options: int) -> None:
        self.alive: list[bool] = [True] * options
        self._values: list[list[float]] = [[] for _ in range(options)]

    @property
    def settled(self) -> bool:
        """Only one option is left: more deals cannot change the choice."""
        return sum(self.alive) <= 1

    def add(self, values: Sequence[float]) -> None:
        """One deal's values, per option (0 for an option not judged on it)."""
        for v, row in zip(values, self._values, strict=True):
            row.append(v)
        if len(self._values[0]) < RACE_FIRST:
            return
        totals = [sum(row) for row in self._values]
        best = max(t for t, al in zip(totals, self.alive, strict=True) if al)
        lead = next(k for k, t in enumerate(totals) if self.alive[k] and t >= best - 1e-9)
        for k, al in enumerate(self.alive):
            if not al or k == lead:
                continue
            diff = [x - y for x, y in zip(self._values[lead], self._values[k], strict=True)]
            d = sum(diff)
            if d >= RACE_MARGIN and d > RACE_Z * math.sqrt(sum(x * x for x in diff)):
                self.alive[k] = False


def score_each(
    states: Sequence[GameState],
    options: int,
    child: Callable[[GameState, int], GameState | None],
    nodes: int,
    ctx: Context,
    race: Race | None = None,
    weight: Callable[[GameState], float] | None = None,
) -> tuple[list[float], int]:
    """Per option ``0 .. options - 1``, the number of sampled states in which the crew can still
    win after it (``child(state, option)``: the state it leads to, None when it cannot be
    taken there), and how many states were judged: all, unless the decision's deadline came
    (then at least one, every option judged on the same states) or the ``race`` settled.

    With a ``race``, only the options still in it are judged; the others keep the total they
    had when they dropped out. With a ``weight``, a state counts ``weight(state)``, asked only
    where the options still in the running fare differently (elsewhere it changes nothing)."""
    out = [0.0] * options
    judged = 0
    for st in states:
        if judged and ctx.late():
            ctx.cut = True
            break
        if race is not None and race.settled:
            break
        judged += 1
        row = [0.0] * options
        for k in range(options):
            if race is not None and not race.alive[k]:
                continue
            after = child(st, k)
            if after is not None:
                row[k] = winnable(after, nodes, ctx)
        if ctx.record is not None:
            ctx.record.append(list(row))
        alive = [x for k, x in enumerate(row) if race is None or race.alive[k]]
        if weight is not None and min(alive) != max(alive):
            w = weight(st)
            row = [w * x for x in row]
        for k, x in enumerate(row):
            out[k] += x
        if race is not None:
            race.add(row)
    return out, judged


def score_actions(
    states: Sequence[GameState],
    actions: Sequence[Action],
    nodes: int,
    ctx: Context,
    race: Race | None = None,
    weight: Callable[[GameState], float] | None = None,
) -> tuple[dict[Action, float], int]:
    """:func:`score_each` for engine actions (one that is illegal in a state scores nothing
    there)."""

    def child(st: GameState, k: int) -> GameState | None:
        try:
            return apply(st, actions[k])[0]
        except IllegalActionError:
            return None

    scores, judged = score_each(states, len(actions), child, nodes, ctx, race, weight)
    return dict(zip(actions, scores, strict=True)), judged


def with_tasks(state: GameState, owners: dict[int, int], predictions: dict[int, int]) -> GameState:
    """``state`` turned into the start of the tricks with only the tasks in ``owners``
    (task id -> seat) laid out, for judging a distribution before it is finished."""
    st = state.setup
    ids = tuple(t for t in st.task_ids if t in owners)
    setup = replace(st, task_ids=ids)
    preds = list(state.predictions)
    for s, n in predictions.items():
        preds[s] = n
    for t in ids:
        if get_task(t).prediction is not None and preds[owners[t]] < 0:
            raise ValueError(f"task {t} needs a prediction for seat {owners[t]}")
    laid_out = state._replace(
        setup=setup,
        owners=tuple(owners[t] for t in ids),
        status=tuple(PENDING for _ in ids),
        decided=tuple(0 for _ in ids),
        predictions=tuple(preds),
        given_away=state.given_away,
    )
    return start_tricks(laid_out)  # the engine's start of the tricks: the captain leads
