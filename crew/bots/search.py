"""Open-hand search on sampled deals, through the perfect-information solver (``crew.solver``).

Budgets are node counts, never clock time, so the same view, memory and seed give the same
decision on any machine. Without the solver (it is optional at import time) the callers fall back
to their heuristics.
"""

from __future__ import annotations

import importlib
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from crew.engine.actions import Action
from crew.engine.game import IllegalActionError, apply
from crew.engine.phases.predictions import start_tricks
from crew.engine.state import GameState
from crew.engine.tasks import PENDING, get_task

__all__ = [
    "Race",
    "available",
    "begin",
    "cut",
    "late",
    "score_actions",
    "score_each",
    "spent",
    "winnable",
    "with_tasks",
]


def _load() -> Callable[[], Any] | None:
    """The solver's ``Solver`` class; the bots still work (weaker) without it."""
    try:
        mod = importlib.import_module("crew.solver")
    except ImportError:  # pragma: no cover - depends on the checkout
        return None
    cls: Callable[[], Any] | None = getattr(mod, "Solver", None)
    return cls


_Solver = _load()


class _Fresh:
    """One solver per decision: its tables and move ordering start empty every time, so the
    node budget buys the same search whatever was asked before (decisions stay reproducible)."""

    def __init__(self) -> None:
        self.solver = _Solver() if _Solver is not None else None

    def solve(self, state: GameState, **kw: Any) -> Any:
        assert self.solver is not None
        return self.solver.solve(state, **kw)


_local = threading.local()  # one decision at a time per thread (the TUI's worker, selfplay)


def begin(deadline: float | None = None) -> None:
    """Start a decision: a fresh solver for the searches that follow. ``deadline``: seconds
    after which the decision should settle for the deals judged so far (:func:`late`)."""
    _local.fresh = _Fresh()
    _local.spent = 0
    _local.until = None if deadline is None else time.monotonic() + deadline
    _local.cut = False


def late() -> bool:
    """Whether the decision's deadline has passed (never without one)."""
    until: float | None = getattr(_local, "until", None)
    return until is not None and time.monotonic() >= until


def cut() -> bool:
    """Whether the decision settled early because its deadline came (see :func:`late`)."""
    return bool(getattr(_local, "cut", False))


def spent() -> int:
    """Solver nodes searched since the decision began (``begin``): a clock-free cost."""
    n: int = getattr(_local, "spent", 0)
    return n


def _solve(state: GameState, **kw: Any) -> Any:
    fresh = getattr(_local, "fresh", None)
    if fresh is None:
        fresh = _local.fresh = _Fresh()
    return fresh.solve(state, **kw)


def available() -> bool:
    """Whether the open-hand solver is installed."""
    return _Solver is not None


def winnable(state: GameState, nodes: int) -> float:
    """1.0 winnable, 0.0 not, 0.5 undecided within ``nodes`` (or no solver)."""
    if state.result:
        return 1.0 if state.result == "won" else 0.0
    if _Solver is None:
        return 0.5
    sol = _solve(state, node_limit=nodes)
    _local.spent = getattr(_local, "spent", 0) + sol.nodes
    if sol.winnable is None:
        return 0.5
    return 1.0 if sol.winnable else 0.0


def verdict(state: GameState, seconds: float, nodes: int) -> tuple[bool | None, bool]:
    """The solver's open-hand verdict within ``nodes`` positions (None: undecided, or no
    solver), ``seconds`` only a guard; and whether the guard stopped it before its positions
    were searched (a verdict that may differ on another machine)."""
    if _Solver is None:
        return None, False
    sol = _Fresh().solve(state, timeout=seconds, node_limit=nodes)
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
    race: Race | None = None,
) -> tuple[list[float], int]:
    """Per option ``0 .. options - 1``, the number of sampled states in which the crew can still
    win after it (``child(state, option)``: the state it leads to, None when it cannot be
    taken there), and how many states were judged: all, unless the decision's deadline came
    (then at least one, every option judged on the same states) or the ``race`` settled.

    With a ``race``, only the options still in it are judged; the others keep the total they
    had when they dropped out."""
    out = [0.0] * options
    judged = 0
    for st in states:
        if judged and late():
            _local.cut = True
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
                row[k] = winnable(after, nodes)
                out[k] += row[k]
        if race is not None:
            race.add(row)
    return out, judged


def score_actions(
    states: Sequence[GameState],
    actions: Sequence[Action],
    nodes: int,
    race: Race | None = None,
) -> tuple[dict[Action, float], int]:
    """:func:`score_each` for engine actions (one that is illegal in a state scores nothing
    there)."""

    def child(st: GameState, k: int) -> GameState | None:
        try:
            return apply(st, actions[k])[0]
        except IllegalActionError:
            return None

    scores, judged = score_each(states, len(actions), child, nodes, race)
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
