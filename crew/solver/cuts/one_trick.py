"""Cuts of one-trick tasks: the cards the task's trick needs must still be in the hands.

The owner wins that trick, so it captures every card in it: none of them may be a card another
seat must capture or one the owner may take no more of (``barred``). Each seat plays one card
into every trick, so a trick of only some cards needs one of them in every hand.
"""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import COLOR_CARDS_MASK, card_list, value_of
from crew.engine.search import Node, SearchForm
from crew.engine.task_base import TotalOp

from .base import ALL_SUBS, Fit, Stage, TaskCut, holding

__all__ = ["EverySeat", "OthersHold", "OwnCard", "TrickTotal"]

#: Above any trick's total.
_NO_TOP = 1 << 30


class OwnCard(TaskCut):
    """The owner must win a trick with a card of its own of ``cards``: it must still hold one
    it may win with, and it needs a trick of its own (made of ``trick``'s cards when the task
    names them: a trick that captures other cards it needs is then another one). Reads the
    owner's hand."""

    STAGES: ClassVar[Stage] = Stage.CARDS | Stage.VECTOR

    def __init__(self, task: int, owner: int, cards: int, trick: int) -> None:
        super().__init__(task, owner)
        self.cards = cards
        self.trick = trick

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        return not holding(form, node, self.owner) & self.cards & ~barred

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        owner = self.owner
        fit.floor(owner, 1)
        if not self.cards & ALL_SUBS:
            fit.coloured.add(owner)  # a trick it wins playing a coloured card
        if self.trick:
            fit.single.setdefault(owner, []).append(self.trick)


class EverySeat(TaskCut):
    """A trick of only ``cards``: every seat plays one card into it, so every seat must still
    hold one (that the owner may capture). Reads every hand."""

    STAGES: ClassVar[Stage] = Stage.CARDS

    def __init__(self, task: int, owner: int, cards: int) -> None:
        super().__init__(task, owner)
        self.cards = cards

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        usable = self.cards & ~barred
        return any(not holding(form, node, s) & usable for s in range(form.seats))


class OthersHold(TaskCut):
    """A card of ``cards`` to capture in the trick the owner wins with a card of its own: a
    seat other than the owner must still hold one (that the owner may capture). Reads the
    other seats' hands."""

    STAGES: ClassVar[Stage] = Stage.CARDS

    def __init__(self, task: int, owner: int, cards: int) -> None:
        super().__init__(task, owner)
        self.cards = cards

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        usable = self.cards & ~barred
        owner = self.owner
        return not any(holding(form, node, s) & usable for s in range(form.seats) if s != owner)


class TrickTotal(TaskCut):
    """A trick of coloured cards whose total is above, below or one of some values: every seat
    puts one coloured card into it, so its lowest and highest cards bound the total, which
    must reach the totals allowed (``bottom`` to ``top``). The owner needs a trick of its own,
    won with a coloured card and holding coloured cards only. Reads every hand."""

    STAGES: ClassVar[Stage] = Stage.CARDS | Stage.VECTOR

    def __init__(
        self, task: int, owner: int, op: TotalOp, limits: tuple[int, ...], crew: int
    ) -> None:
        super().__init__(task, owner)
        if op == TotalOp.IN:
            self.bottom, self.top = min(limits), max(limits)
        elif op == TotalOp.GT:
            self.bottom, self.top = limits[crew - 3] + 1, _NO_TOP
        else:
            self.bottom, self.top = 0, limits[crew - 3] - 1

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        lo = hi = 0
        for s in range(form.seats):
            h = holding(form, node, s) & COLOR_CARDS_MASK & ~barred
            if not h:
                return True
            values = [value_of(c) for c in card_list(h)]
            lo += min(values)
            hi += max(values)
        return lo > self.top or hi < self.bottom

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        owner = self.owner
        fit.floor(owner, 1)
        fit.coloured.add(owner)  # a trick it wins playing a coloured card
        fit.single.setdefault(owner, []).append(COLOR_CARDS_MASK)  # coloured cards only
