"""Cuts on runs of won tricks: a run a task needs takes at least that many more tricks, and a
seat that may never win so many in a row can take only so many of the tricks left; one that
may never win two in a row (or may win one more trick at most) wins no trick it leads, but
the first (the current one), so a card of its own it must win with needs a lower lead of
another seat (:func:`own_leads_short`)."""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import COLOR_CARDS_MASK, DECK_MASK, SUIT_MASKS, card_list, popcount
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_base import RunMode
from crew.engine.tricks import current_run

from .base import Fit, Stage, TaskCut
from .captures import Ledger

__all__ = ["Run", "last_trick_led_short", "most_without_run", "own_leads_short"]


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


def own_leads_short(
    form: SearchForm,
    node: Node,
    claims: dict[int, int],
    hi: list[int],
    never: dict[int, int],
) -> bool:
    """Whether a seat that can win no trick it leads must win with coloured cards of its own
    that the other seats' leads cannot let win.

    A seat leads a trick only after winning the one before (but the first trick's leader). So
    one that may win at most one more trick (``hi``) wins no trick it leads but the current
    one, and one that may never win two tricks in a row (``never``) none but the first trick:
    every other trick it wins is led by another seat. A coloured card it must capture from its
    own hand (``claims``) is captured only in a trick it wins with that card, so that trick is
    led in the card's suit, below it, by another seat: the cards of one suit need as many
    different lower cards still out in other hands (the sets below them are nested, so the
    i-th lowest needs i); when the seat may still lead the current trick, one suit may do with
    a card fewer (its lowest, led now).
    Tonoja, whose face-down cards need not follow suit, is left out. Reads the hands, the
    cards played and the leader (at the start of a trick)."""
    for owner, cards in claims.items():
        if form.tonoja and owner == TONOJA:
            continue
        hand = node.hands[owner]
        mine = cards & hand & COLOR_CARDS_MASK
        if not mine:
            continue
        never_two = never.get(owner) == 2
        if hi[owner] > 1 and not never_two:
            continue
        # it may win the trick it leads now, unless it won the one before and never wins two
        spare = node.leader == owner and not (never_two and node.tricks)
        others = DECK_MASK & ~node.played & ~hand
        lacking = []  # per suit short of lower leads: its cards and the others' of the suit
        for suit in SUIT_MASKS[:4]:
            suited = card_list(mine & suit)
            if _leads_lacking(suited, others & suit):
                lacking.append((suited, others & suit))
        if not lacking:
            continue
        # the card it leads now mends one suit at most, best with that suit's lowest card
        if not spare or len(lacking) > 1 or _leads_lacking(lacking[0][0][1:], lacking[0][1]):
            return True
    return False


def _leads_lacking(cards: list[int], lower: int) -> bool:
    """Whether ``cards`` (ascending, one suit) lack leads below them from ``lower`` (the other
    seats' cards of the suit): the i-th needs i cards below it."""
    return any(
        popcount(lower & ((1 << card) - 1)) < need for need, card in enumerate(cards, start=1)
    )


def last_trick_led_short(form: SearchForm, node: Node, ledger: Ledger, hi: list[int]) -> bool:
    """Whether a seat that may win one more trick at most cannot make that trick hold what it
    still needs.

    Every card it must still capture (``ledger.claims``) and a card of each colour it still
    needs one of (``ledger.demand``, the sets of one colour) go into that one trick, one card
    of each seat: no more colours than seats, a submarine among them taking a seat's place. With
    as many colours as seats and no submarine, the led colour is in the trick once, so its
    leader wins it: the seat must lead it, and it may win only the trick it leads now (it leads
    a later one only after winning the one before). Tonoja is left out. Reads the hands, the
    cards played and the leader (at the start of a trick)."""
    if form.tonoja:
        return False
    unplayed = DECK_MASK & ~node.played
    for owner in range(form.seats):
        if hi[owner] != 1:
            continue
        claims = ledger.claims.get(owner, 0) & unplayed
        colours = {k for k in range(4) if claims & SUIT_MASKS[k]}
        subs = 1 if claims & ~COLOR_CARDS_MASK else 0
        for cards, wants in ledger.demand.items():
            if wants.get(owner, 0) >= 1:
                one = [k for k in range(4) if not cards & ~SUIT_MASKS[k]]
                if one:
                    colours.add(one[0])
        if len(colours) + subs > form.seats:
            return True
        if len(colours) == form.seats and node.leader != owner:
            return True
    return False
