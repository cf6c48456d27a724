"""The solver's front: one question ("can the crew still win from here?") under limits.

The crew cooperates, so "can it still be won?" is one existential search over the crew's own
choices: the task distribution and predictions not made yet
(:mod:`crew.solver.distribution`), and every card still to be played
(:mod:`crew.solver.tricks`). Communication cannot change what open hands allow and is ignored;
the distress signal is out of scope (a state after distress is searched with the hands as they
are); real time is ignored. A "yes" carries a winning line of engine actions that ``apply``
(and ``crew verify``) replays as won.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from crew.engine import Action, GameState, Signal, apply, legal_actions

from .distribution import DistributionSearch
from .limits import Aborted, Budget, Progress
from .tricks import TrickSearch

__all__ = ["IGNORED", "Solution", "Solver", "default_solver", "solve", "winning_actions"]

#: What open-hand play leaves out (reported by ``crew solve``).
IGNORED = ("communication", "distress")


@dataclass(frozen=True)
class Solution:
    """The answer for one state."""

    winnable: bool | None  # None: undecided within the limit
    line: tuple[Action, ...]  # engine actions from the state to a win (when winnable)
    nodes: int
    seconds: float


class Solver:
    """Solves states of attempts; keeps its tables across calls (bots ask about many states of
    one deal, and a search stopped by its limit goes on from what it settled). Not
    thread-safe.

    ``progress(nodes, seconds)`` is called now and then during a search, and ``interrupt()``
    is asked as often whether to stop it (the search then answers undecided).
    """

    def __init__(
        self,
        *,
        progress: Progress | None = None,
        interrupt: Callable[[], bool] | None = None,
    ) -> None:
        self.budget = Budget()
        self.progress = progress
        self.interrupt = interrupt
        self._tricks = TrickSearch(self.budget)
        self._deals = DistributionSearch(self.budget, self._tricks)

    @property
    def nodes(self) -> int:
        """Positions visited by the latest search."""
        return self.budget.nodes

    def solve(
        self, state: GameState, *, timeout: float | None = None, node_limit: int | None = None
    ) -> Solution:
        """Can the crew still win from ``state`` with open hands? With a line when it can."""
        b = self.budget
        b.reset(timeout, node_limit, self.progress, self.interrupt)
        try:
            line = self._deals.solve(state)
        except Aborted:
            return Solution(None, (), b.nodes, b.seconds())
        seconds = b.seconds()
        if line is None:
            return Solution(False, (), b.nodes, seconds)
        return Solution(True, tuple(line), b.nodes, seconds)

    def winning_actions(
        self, state: GameState, *, timeout: float | None = None
    ) -> dict[Action, bool | None]:
        """For every legal action now: does the attempt stay winnable after it?

        A signal changes nothing for open hands, so it gets the verdict of ``state`` itself.
        """
        deadline = time.perf_counter() + timeout if timeout is not None else None
        out: dict[Action, bool | None] = {}
        here: bool | None = None
        here_known = False

        def left() -> float | None:
            return None if deadline is None else max(0.0, deadline - time.perf_counter())

        for action in legal_actions(state):
            if isinstance(action, Signal):
                if not here_known:
                    here = self.solve(state, timeout=left()).winnable
                    here_known = True
                out[action] = here
                continue
            child, _ = apply(state, action)
            out[action] = self.solve(child, timeout=left()).winnable
        return out

    def clear(self) -> None:
        """Forget every table."""
        self._tricks.clear()
        self._deals.clear()


_DEFAULT: Solver | None = None


def default_solver() -> Solver:
    """The module's shared solver (its tables persist across calls)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT


def solve(
    state: GameState, *, timeout: float | None = None, node_limit: int | None = None
) -> Solution:
    """Can the crew still win from ``state`` with every hand open? See :class:`Solver`."""
    return default_solver().solve(state, timeout=timeout, node_limit=node_limit)


def winning_actions(state: GameState, *, timeout: float | None = None) -> dict[Action, bool | None]:
    """For each legal action now: does it keep the attempt winnable (None: undecided)?"""
    return default_solver().winning_actions(state, timeout=timeout)
