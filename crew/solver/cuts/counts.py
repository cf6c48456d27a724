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

from .base import ALL_SUBS, Fit, Stage, TaskCut, leads_left

__all__ = ["FinalCounts", "LeadsOnly", "MostTricks", "OnlyTricks", "TrickLimit", "WinTricks"]


class TrickLimit(TaskCut):
    """A cut that limits the tricks its owner may still win (:meth:`more_tricks`): with none
    left it may capture no submarine, and it wins a trick with every submarine it is sure of."""

    def more_tricks(self, form: SearchForm, node: Node) -> int:
        """The most tricks the owner may still win."""
        return form.total - len(node.tricks)

    def barred_submarines(self, form: SearchForm, node: Node) -> int:
        return ALL_SUBS if self.more_tricks(form, node) <= 0 else 0

    def over_sure(self, form: SearchForm, node: Node, sure: int) -> bool:
        return sure.bit_count() > self.more_tricks(form, node)

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
    cuts allow must satisfy its evaluator. Reads the trick counts."""

    STAGES: ClassVar[Stage] = Stage.VECTOR

    def __init__(self, task: int, owner: int, evaluate: Evaluator) -> None:
        super().__init__(task, owner)
        self.evaluate = evaluate

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        fit.judged.append((self.owner, self.evaluate))
