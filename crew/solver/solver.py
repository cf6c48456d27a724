"""The solver's front: one question ("can the crew still win from here?") under limits.

The crew cooperates, so "can it still be won?" is one existential search over the crew's own
choices: the task distribution and predictions not made yet
(:mod:`crew.solver.distribution`), and every card still to be played
(:mod:`crew.solver.tricks`). Communication cannot change what open hands allow and is ignored;
the distress signal is out of scope (a state after distress is searched with the hands as they
are); real time is ignored. A "yes" carries a winning line of engine actions that ``apply``
(and ``crew verify``) replays as won.

The search is a portfolio of two members taking turns with a budget of positions each: the
main search (distribution and tricks, with its table, cuts and move ordering, started again each
turn in a new order of ties, keeping its table; :func:`turn_plan` gives each turn's restart and
positions) and a plain depth-first search (:mod:`crew.solver.plain`) that goes on each turn
where it stopped. Whichever decides first answers. The plain member gets twice the main one's
positions until it has had :data:`PLAIN_EARLY`, then an eighth: easy deals that a plain search
wins at once are decided at once (in less than twice its time), and hard ones are left to the
main search (a plain position costs nearly as much time as a main one).

A third member searches the parts of the state (:mod:`crew.solver.parts`: each task alone, each
pair, each owner's tasks, with a trick search and tables of their own): after each turn of the
other two it gets an eighth of the main search's positions, cheap parts first, and a part proved
lost closes the whole as not winnable and names the clash (:attr:`Solution.clash`). It joins
once the plain member has had :data:`PLAIN_EARLY` (the deal is not an easy one), so a deal
decided early costs nothing more; a small search (a computer crewmate's), and any search before
the tricks, does without it (there an explaining solver still names the clash of a lost state).
What a part proved is kept across calls.

When the crew assigns the tasks freely (free task choice), a fourth member searches the tricks
with every task offered to every seat that may take it (:meth:`DistributionSearch.anyone`):
with open hands the deal is won by some distribution exactly when a line does each task for one
of its seats, so one search stands for thousands of distributions. It gets as many positions as
the main search each turn, in the same order of ties; the main search still proves the losses
its cuts see (the offered tasks have none: no single copy must be done).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from crew.engine import Action, GameState, Phase, Signal, apply, legal_actions
from crew.engine.enums import Result

from .distribution import DistributionSearch
from .limits import Aborted, Budget, Progress, Undecided
from .parts import Clash, Parts, PartSearch
from .plain import PlainSearch
from .tricks import TrickSearch

__all__ = ["IGNORED", "Clash", "Solution", "Solver", "default_solver", "solve", "winning_actions"]

#: What open-hand play leaves out (reported by ``crew solve``).
IGNORED = ("communication", "distress")

#: Positions of the main search's first turn (the unit of the later ones: see turn_plan).
FIRST_TURN = 4_000
#: A search allowed no more positions than this (a computer crewmate's, per sampled deal)
#: starts card by card: laying whole tricks out first costs more than such a budget gains.
SMALL_SEARCH = 50_000
#: Positions the plain member gets at twice the main search's pace, before its share drops to
#: an eighth: about what a plain search visits in half a second to a second (a plain position
#: costs about as much time as a main one, so more would take a third of every long search).
PLAIN_EARLY = 40_000
#: The parts member's positions each turn, as a fraction (numerator, denominator) of the main
#: search's, from the turn the plain member has had :data:`PLAIN_EARLY` on: a deal the main and
#: plain members decide early costs nothing more. Measured (1,000,000 positions a deal, random
#: deals of seeds 9101-9103 and four-player odds of missions 29 and 31): at a half, the parts
#: took 5-13% more positions and left two deals undecided that the search without them decided;
#: at an eighth, 2-4% more and still one of the odds deals (before the tricks: a part there is
#: tried for every owner of its tasks, and nearly every such deal is winnable), so before the
#: tricks the member only names the clash of a state proved lost (``explain``).
PARTS_SHARE = (1, 8)
#: Positions an explaining solver (``explain``) may spend after the whole was proved lost by the
#: main or plain member, to name the part that makes it lost (also at least a quarter of the
#: positions the proof took).
EXPLAIN = 20_000


@dataclass(frozen=True)
class Solution:
    """The answer for one state."""

    winnable: bool | None  # None: undecided within the limit
    line: tuple[Action, ...]  # engine actions from the state to a win (when winnable)
    nodes: int
    seconds: float
    #: when not winnable: the smallest part found that cannot be won either (None: none found)
    clash: Clash | None = None


class Solver:
    """Solves states of attempts; keeps its tables across calls (bots ask about many states of
    one deal, and a search stopped by its limit goes on from what it settled). Not
    thread-safe.

    ``progress(nodes, seconds)`` is called now and then during a search, and ``interrupt()``
    is asked as often whether to stop it (the search then answers undecided). An ``explain``
    solver (``crew solve``, the post-mortem) goes on a little after proving a state lost without
    a clash, to name one (:data:`EXPLAIN`).
    """

    def __init__(
        self,
        *,
        progress: Progress | None = None,
        interrupt: Callable[[], bool] | None = None,
        explain: bool = False,
    ) -> None:
        self.budget = Budget()
        self.explain = explain
        self.progress = progress
        self.interrupt = interrupt
        self._tricks = TrickSearch(self.budget)
        self._deals = DistributionSearch(self.budget, self._tricks)
        self._part_search = PartSearch(self.budget)
        self._parts: Parts | None = None  # the parts of the latest state asked about
        # a search stopped by its limit, to go on with if the same state is asked again:
        # (state, plain member, turn, plain positions so far, the member that was searching,
        # whether it follows the small search's plan)
        self._paused: tuple[GameState, PlainSearch, int, int, str, bool] | None = None

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
            line = self._portfolio(state)
        except Aborted:
            return Solution(None, (), b.nodes, b.seconds())
        if line is None:
            clash = self._clash(state)
            return Solution(False, (), b.nodes, b.seconds(), clash)
        return Solution(True, tuple(line), b.nodes, b.seconds())

    def _parts_of(self, state: GameState) -> Parts:
        """The parts member for ``state`` (the same one when asked again about it)."""
        parts = self._parts
        if parts is None or parts.state != state:
            parts = self._parts = Parts(state, self._part_search)
        return parts

    def _clash(self, state: GameState) -> Clash | None:
        """The part found lost for a lost ``state``; an explaining solver searches the parts on
        for a while when none is known yet."""
        if state.result:
            return None
        parts = self._parts_of(state)
        if parts.clash is None and self.explain and not parts.done:
            b = self.budget
            saved = b.share(max(EXPLAIN, b.nodes // 4))
            try:
                parts.run(1 << 62)
            except Aborted:
                pass
            finally:
                b.limit = saved
        return parts.clash

    def _portfolio(self, state: GameState) -> list[Action] | None:
        """Turns of the main search and the plain one until one of them decides (see the
        module); a limit of the whole search raises :class:`Aborted`.

        Asked again about the same state after a limit stopped it, the search goes on: the
        plain member where it was, the main one with the turn it was on (its table keeps what
        that turn proved), and the member that was cut short last time goes second.
        """
        if state.result:
            return [] if state.result == Result.WON else None
        small = self.budget.limit - self.budget.nodes <= SMALL_SEARCH
        # before the tricks the parts only name a clash (explain): see PARTS_SHARE
        parts = None if small or state.phase != Phase.PLAY else self._parts_of(state)
        offered = self._deals.offered(state) is not None
        paused, self._paused = self._paused, None
        plain_first = False
        if paused is not None and paused[0] == state:
            _, plain, turn, plain_total, cut_short, small = paused
            plain_first = cut_short == "main"
        else:
            plain, turn, plain_total = PlainSearch(state, self.budget), 0, 0
        while True:
            restart, positions = turn_plan(turn, small)
            share = 2 * positions if plain_total < PLAIN_EARLY else positions // 8
            if plain_first:
                self._paused = (state, plain, turn, plain_total, "plain", small)
                verdict = plain.run(share)
                plain_total += share
                if verdict is not None:
                    self._paused = None
                    return list(plain.line) if verdict else None
            self._paused = (state, plain, turn, plain_total, "main", small)
            line = self._turn(state, restart, positions)
            if line is not _OPEN:
                self._paused = None
                return line
            if not plain_first:
                self._paused = (state, plain, turn, plain_total, "plain", small)
                verdict = plain.run(share)
                plain_total += share
                if verdict is not None:
                    self._paused = None
                    return list(plain.line) if verdict else None
            if offered:
                self._paused = (state, plain, turn + 1, plain_total, "anyone", small)
                line = self._turn(state, restart, positions, self._deals.anyone)
                if line is not _OPEN:
                    self._paused = None
                    return line
            if parts is not None and not parts.done and plain_total >= PLAIN_EARLY:
                self._paused = (state, plain, turn + 1, plain_total, "parts", small)
                if parts.run(positions * PARTS_SHARE[0] // PARTS_SHARE[1]) is not None:
                    self._paused = None
                    return None
            turn += 1

    def _turn(
        self,
        state: GameState,
        turn: int,
        positions: int,
        member: Callable[[GameState], list[Action] | None] | None = None,
    ) -> list[Action] | None:
        """One turn of the main search, or of ``member`` (the search with every task offered
        to every possible owner, :meth:`DistributionSearch.anyone`): a winning line, None
        (lost) or ``_OPEN`` (its positions ran out)."""
        b = self.budget
        self._tricks.restart(turn)
        self._deals.share = max(positions // 4, FIRST_TURN // 2)
        saved = b.share(positions)
        try:
            return (member or self._deals.solve)(state)
        except Aborted:
            b.limit = saved
            if b.out():
                raise
            return _OPEN
        except Undecided:
            return _OPEN
        finally:
            b.limit = saved

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
        self._part_search.clear()
        self._parts = None


def turn_plan(turn: int, small: bool) -> tuple[int, int]:
    """(restart number, positions) of turn ``turn`` (from 0) of the main search.

    A small search goes through restarts 1, 2, 3, ... with its positions doubling each turn.
    A large one goes through restarts 0, 1, 2, ... (the two ways of searching taking turns,
    each restart from 2 on breaking ties in a seeded order of its own) with the positions of
    each pair of turns following the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...): on a winnable
    deal a line is often found at once by one order of ties and missed for long by another,
    so many short restarts find it sooner than a few long ones, and the growing ones still
    decide a deal that needs a long search (the table is kept from turn to turn).
    """
    if small:
        return turn + 1, FIRST_TURN << turn
    return turn, FIRST_TURN * _luby(turn // 2 + 1)


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


_OPEN: list[Action] = []  # a turn that decided nothing (compared by identity)

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
