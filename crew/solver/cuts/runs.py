"""Cuts on runs of won tricks: a run a task needs takes at least that many more tricks, and a
seat that may never win so many in a row can take only so many of the tricks left; one that
may never win two in a row wins no trick it leads, but the first, so a card of its own it
must win with needs a lower lead of another seat (:func:`never_led_short`)."""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import COLOR_CARDS_MASK, DECK_MASK, SUIT_MASKS, card_list
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_base import PENDING, RunMode, current_run

from .base import Fit, Stage, TaskCut

__all__ = ["Run", "most_without_run", "never_led_short"]


class Run(TaskCut):
    """A run of ``count`` won tricks, as ``mode`` says: at least once (the owner goes on with
    its current run or starts again, so it must win at least ``count`` less that run), exactly
    ``count`` tricks in all won in a row (``count`` less those it has), or never (at most
    :func:`most_without_run` of the tricks left). A run one task needs is one another
    forbids when it is as long. Reads the owner's trick count and its current run."""

    STAGES: ClassVar[Stage] = Stage.VECTOR

    def __init__(self, task: int, owner: int, count: int, mode: RunMode) -> None:
        super().__init__(task, owner)
        self.count = count
        self.never = mode == RunMode.NEVER
        self.exactly = mode == RunMode.EXACTLY

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        owner = self.owner
        if self.never:
            run = current_run(owner, node.tricks)
            fit.cap(owner, most_without_run(self.count, run, fit.remaining))
            fit.never[owner] = min(fit.never.get(owner, self.count), self.count)
            return
        if self.exactly:
            fit.floor(owner, self.count - node.counts[owner])
        else:  # go on with the current run, or start again
            fit.floor(owner, self.count - current_run(owner, node.tricks))
        fit.runs[owner] = max(fit.runs.get(owner, 0), self.count)


def most_without_run(n: int, run: int, remaining: int) -> int:
    """The most of ``remaining`` tricks a seat can win without a run of ``n`` won tricks in a
    row, having won the last ``run`` (< ``n``): ``n - 1 - run`` more at once, then a trick
    lost, then ``n - 1`` of every ``n``."""
    first = n - 1 - run
    if remaining <= first:
        return remaining
    rest = remaining - first - 1
    return first + rest - rest // n


def never_led_short(
    form: SearchForm, node: Node, cuts: list[TaskCut], claims: dict[int, int]
) -> bool:
    """Whether a seat that may never win two tricks in a row must win with coloured cards of
    its own that no leads of the other seats can let win.

    Such a seat leads a trick only after winning the one before, so it wins no trick it leads
    but the first: every trick it wins from now on is led by another seat. A coloured card it
    must capture from its own hand (``claims``) is captured only in a trick it wins with that
    card, so that trick is led in the card's suit, below it, by another seat: the cards of one
    suit need as many different lower cards still out in other hands (the sets below them are
    nested, so the i-th lowest needs i). Tonoja, whose face-down cards need not follow suit,
    is left out. Reads the hands, the cards played and the leader."""
    for cut in cuts:
        if not isinstance(cut, Run) or not cut.never or cut.count != 2:
            continue
        owner = cut.owner
        if node.status[cut.task] != PENDING or (form.tonoja and owner == TONOJA):
            continue
        if not node.tricks and node.leader == owner:
            continue  # it may lead and win the first trick
        hand = node.hands[owner]
        mine = claims.get(owner, 0) & hand & COLOR_CARDS_MASK
        if not mine:
            continue
        others = DECK_MASK & ~node.played & ~hand
        for suit in SUIT_MASKS[:4]:
            for need, card in enumerate(card_list(mine & suit), start=1):
                if (others & suit & ((1 << card) - 1)).bit_count() < need:
                    return True
    return False
