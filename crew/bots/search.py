"""Open-hand search on sampled deals, through the perfect-information solver (``crew.solver``).

Budgets are node counts, never clock time, so the same view, memory and seed give the same
decision on any machine. Without the solver (it is optional at import time) the callers fall back
to their heuristics.
"""

from __future__ import annotations

import importlib
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


def score_each(
    states: Sequence[GameState],
    options: int,
    child: Callable[[GameState, int], GameState | None],
    nodes: int,
) -> tuple[list[float], int]:
    """Per option ``0 .. options - 1``, the number of sampled states in which the crew can still
    win after it (``child(state, option)``: the state it leads to, None when it cannot be
    taken there), and how many states were judged: all, unless the decision's deadline came
    (then at least one, every option judged on the same states)."""
    out = [0.0] * options
    judged = 0
    for st in states:
        if judged and late():
            _local.cut = True
            break
        judged += 1
        for k in range(options):
            after = child(st, k)
            if after is not None:
                out[k] += winnable(after, nodes)
    return out, judged


def score_actions(
    states: Sequence[GameState], actions: Sequence[Action], nodes: int
) -> tuple[dict[Action, float], int]:
    """:func:`score_each` for engine actions (one that is illegal in a state scores nothing
    there)."""

    def child(st: GameState, k: int) -> GameState | None:
        try:
            return apply(st, actions[k])[0]
        except IllegalActionError:
            return None

    scores, judged = score_each(states, len(actions), child, nodes)
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
