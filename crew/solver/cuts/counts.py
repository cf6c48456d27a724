"""Cuts on a seat's trick count: at most so many tricks, only (or also) some tricks, leads that
run out, and tasks judged on the final counts alone.

Every trick is won by someone, and a seat wins at least the tricks it is sure of with its
submarines (:func:`.submarines.least_submarine_tricks`): a task that caps its owner's tricks
below those is lost, and so is one whose owner would have to capture a submarine in a trick it
may not win. What each of these allows the final counts goes to :mod:`.vector`.
"""

from __future__ import annotations

from typing import ClassVar

from crew.engine.search import Node, SearchForm
from crew.engine.task_base import Evaluator

from .base import ALL_SUBS, Fit, Stage, TaskCut, leads_left, vectors

__all__ = ["FinalCounts", "LeadsOnly", "MostTricks", "OnlyTricks", "TrickLimit", "WinTricks"]


class TrickLimit(TaskCut):
    """A cut that limits the tricks its owner may still win (:meth:`more_tricks`): with none
    left it may capture no submarine, and it wins a trick with every submarine it is sure of."""

    def more_tricks(self, form: SearchForm, node: Node) -> int:
        """The most tricks the owner may still win."""
        return form.total - len(node.tricks)

    def barred_submarines(self, form: SearchForm, node: Node, bound: int) -> int:
        return ALL_SUBS if self.more_tricks(form, node) <= 0 else 0

    def over_sure(self, form: SearchForm, node: Node, sure: int, count: int) -> bool:
        return count > self.more_tricks(form, node)

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        fit.cap(self.owner, self.more_tricks(form, node))


class MostTricks(TrickLimit):
    """The owner ends with at most ``count`` tricks (a prediction, an exact count, a run of
    exactly so many): it may win no more than ``count`` less those it has, and the tricks it
    is sure of with its submarines count too. Reads the owner's trick count."""

    STAGES: ClassVar[Stage] = Stage.COUNT | Stage.SURE | Stage.BARS | Stage.VECTOR
    CAPS_ONLY: ClassVar[bool] = True

    def __init__(self, task: int, owner: int, count: int) -> None:
        super().__init__(task, owner)
        self.count = count

    def more_tricks(self, form: SearchForm, node: Node) -> int:
        return self.count - node.counts[self.owner]

    def over_least(self, node: Node, least: int) -> bool:
        return node.counts[self.owner] + least > self.count


class OnlyTricks(TrickLimit):
    """The owner wins no trick but those numbered in ``tricks``: no more than those still to
    come. Reads the tricks played."""

    STAGES: ClassVar[Stage] = Stage.SURE | Stage.BARS | Stage.VECTOR
    CAPS_ONLY: ClassVar[bool] = True

    def __init__(self, task: int, owner: int, tricks: frozenset[int]) -> None:
        super().__init__(task, owner)
        self.tricks = tricks

    def more_tricks(self, form: SearchForm, node: Node) -> int:
        tnum = len(node.tricks)
        return sum(1 for t in self.tricks if t > tnum)


class WinTricks(TrickLimit):
    """The owner wins the tricks numbered in ``tricks`` and none of those in ``lose``: at least
    the first still to come, at most all the tricks left but the second. Reads the tricks
    played."""

    STAGES: ClassVar[Stage] = Stage.BARS | Stage.VECTOR

    def __init__(self, task: int, owner: int, tricks: frozenset[int], lose: frozenset[int]) -> None:
        super().__init__(task, owner)
        self.tricks = tricks
        self.lose = lose

    def more_tricks(self, form: SearchForm, node: Node) -> int:
        tnum = len(node.tricks)
        return form.total - tnum - sum(1 for t in self.lose if t > tnum)

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        fit.cap(self.owner, self.more_tricks(form, node))
        fit.floor(self.owner, sum(1 for t in self.tricks if t > fit.tnum))


class LeadsOnly(TaskCut):
    """The owner may lead only ``cards``: every trick it wins but the last is followed by its
    lead, so it wins at most one more trick than it has such cards to lead. Reads the owner's
    hand and who leads."""

    STAGES: ClassVar[Stage] = Stage.VECTOR

    def __init__(self, task: int, owner: int, cards: int) -> None:
        super().__init__(task, owner)
        self.cards = cards

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        fit.cap(self.owner, leads_left(form, node, self.owner, self.cards))


class FinalCounts(TaskCut):
    """The task is judged on the final trick counts alone (exact counts, predictions,
    comparisons with the captain or the others): some vector of final counts that the other
    cuts allow must satisfy its evaluator. Reads the trick counts.

    Its owner must also win at least the fewest more tricks with which some final counts
    satisfy it, the others sharing the rest as they may (:meth:`least`): a strict majority
    of the tricks, more than each other seat, more than the captain. A line won before the
    last trick is no exception, as such a task is done early only when the tricks left cannot
    undo it, so the counts then, with the tricks left going to the others, satisfy it too."""

    STAGES: ClassVar[Stage] = Stage.VECTOR

    def __init__(self, task: int, owner: int, evaluate: Evaluator) -> None:
        super().__init__(task, owner)
        self.evaluate = evaluate
        self._least: dict[tuple[tuple[int, ...], int], int] = {}

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        fit.judged.append((self.owner, self.evaluate))
        fit.must_win(self.owner, self.least(form, node, fit.remaining))

    def least(self, form: SearchForm, node: Node, remaining: int) -> int:
        """The fewest of the ``remaining`` tricks the owner can win with the task done at the
        end, the others winning the rest in any way (0 when no way does it: the count vector
        check says so)."""
        key = (node.counts, remaining)
        hit = self._least.get(key)
        if hit is not None:
            return hit
        seats = form.seats
        judged = [(self.owner, self.evaluate)]
        least = 0
        for mine in range(remaining + 1):
            lo = [0] * seats
            hi = [remaining - mine] * seats
            lo[self.owner] = hi[self.owner] = mine
            if next(vectors(form, node, lo, hi, remaining, judged), None) is not None:
                least = mine
                break
        if len(self._least) >= 4_096:
            self._least.clear()
        self._least[key] = least
        return least
