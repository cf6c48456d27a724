"""Cuts on submarines, and what the submarines left do to the tricks.

A trick with a submarine in it goes to its highest submarine, played by the winner; every card
a seat holds is played (except the one card a three-player hand of 14 or Tonoja may keep), one
card of a seat to a trick. So:

- a seat holding the highest submarines still out wins a trick with each of them
  (:func:`sure_submarines`), and more generally a seat wins at least as many tricks as it holds
  submarines that the other seats' higher ones cannot all cover
  (:func:`least_submarine_tricks`);
- a seat holding no submarine captures none; one holding some captures no submarine higher
  than all of its own, and no more than its own and, from each other seat, one below each of
  its own; it takes a submarine without taking another only by playing that one itself;
- who may take the submarines that must be played is :mod:`.sub_covers`'s.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from crew.engine.cards import DECK_MASK, card_list, popcount
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA

from .base import (
    ALL_SUBS,
    SUBS,
    Fit,
    Stage,
    TaskCut,
    holding,
    most_from_one_seat,
    tricks_to_take,
)

__all__ = [
    "MostSubmarines",
    "NeedsSubmarines",
    "OnlySubmarine",
    "least_submarine_tricks",
    "submarine_holders",
    "submarine_tricks",
    "sure_submarines",
]


class MostSubmarines(TaskCut):
    """The owner captures at most ``count`` submarines: each one it is sure to win a trick
    with is one more, and once it has ``count`` it may take none. Reads the owner's captured
    submarines."""

    STAGES: ClassVar[Stage] = Stage.COUNT | Stage.SURE | Stage.BARS

    def __init__(self, task: int, owner: int, count: int) -> None:
        super().__init__(task, owner)
        self.count = count

    def over_least(self, node: Node, least: int) -> bool:
        return popcount(node.won[self.owner] & ALL_SUBS) + least > self.count

    def over_sure(self, form: SearchForm, node: Node, sure: int, count: int) -> bool:
        return popcount(node.won[self.owner] & ALL_SUBS) + count > self.count

    def barred_submarines(self, form: SearchForm, node: Node, bound: int) -> int:
        have = popcount(node.won[self.owner] & ALL_SUBS)
        if have >= self.count:
            return ALL_SUBS
        # with those it is bound to capture it has its count: no other one
        return ALL_SUBS & ~bound if have + popcount(bound) >= self.count else 0


class OnlySubmarine(TaskCut):
    """The owner captures no submarine but the one in ``cards``: it can take that one alone
    only by playing it itself (or having done so), and it may win no trick with another
    submarine. Reads the owner's hand and captured submarines."""

    STAGES: ClassVar[Stage] = Stage.CARDS | Stage.SURE | Stage.BARS

    def __init__(self, task: int, owner: int, cards: int) -> None:
        super().__init__(task, owner)
        self.cards = cards

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        subs_won = node.won[self.owner] & ALL_SUBS
        own = holding(form, node, self.owner) & ALL_SUBS
        return not subs_won & self.cards and not own & self.cards

    def over_sure(self, form: SearchForm, node: Node, sure: int, count: int) -> bool:
        # a seat keeping a card back keeps back the submarine of its choice: the one it may
        # take is all it can spare
        return count > popcount(sure & self.cards)

    def barred_submarines(self, form: SearchForm, node: Node, bound: int) -> int:
        return ALL_SUBS & ~self.cards


class NeedsSubmarines(TaskCut):
    """The owner captures ``count`` submarines, or those in ``cards``: a submarine is captured
    only in a trick won with a submarine, so each named one still to take needs one as high in
    the owner's hand, and so many need as many it can still capture
    (:func:`most_submarines`); each trick takes one submarine from a seat. Reads the hands'
    submarines and the owner's captured ones."""

    STAGES: ClassVar[Stage] = Stage.CARDS | Stage.VECTOR

    def __init__(self, task: int, owner: int, count: int, cards: int) -> None:
        super().__init__(task, owner)
        self.count = count
        self.cards = cards

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        owner = self.owner
        subs_won = node.won[owner] & ALL_SUBS
        if self.cards:
            own = holding(form, node, owner) & ALL_SUBS
            for sub in SUBS:
                if self.cards >> sub & 1 and not subs_won >> sub & 1 and not own >> sub:
                    return True
            return False
        have = popcount(subs_won)
        if have >= self.count:
            return False
        return have + most_submarines(form, node, owner, barred) < self.count

    def tricks_needed(self, form: SearchForm, node: Node) -> int:
        """The fewest tricks the owner must still win to capture them: only the submarines it
        can capture count."""
        subs_won = node.won[self.owner] & ALL_SUBS
        if self.cards:
            unplayed = DECK_MASK & ~node.played
            return most_from_one_seat(form, node, self.cards & ~subs_won & unplayed)
        short = self.count - popcount(subs_won)
        return tricks_to_take(form, node, short, capturable_submarines(form, node, self.owner))

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        need = self.tricks_needed(form, node)
        fit.floor(self.owner, need)
        if need:
            cards = self.cards if self.cards else ALL_SUBS  # so many of any
            fit.takes.setdefault(self.owner, []).append((cards, need))


def least_submarine_tricks(form: SearchForm, node: Node, seat: int) -> int:
    """How many tricks ``seat`` will certainly still win with its own submarines (each such
    trick also captures that submarine), at the start of a trick.

    A submarine loses only to a higher one that another seat plays into the same trick, and
    each of those covers one trick: match the seat's submarines, highest first, to the lowest
    higher one left elsewhere; the unmatched ones win, less any the seat may keep unplayed.
    """
    if form.tonoja and seat == TONOJA:
        return 0
    own = node.hands[seat] & ALL_SUBS
    if not own:
        return 0
    others = ALL_SUBS & ~node.played & ~own
    unmatched = 0
    for sub in SUBS:  # highest first
        if not own >> sub & 1:
            continue
        higher = others & ~((2 << sub) - 1)
        if higher:
            others &= ~(higher & -higher)  # the lowest higher one covers it
        else:
            unmatched += 1
    spare = popcount(node.hands[seat]) - (form.total - len(node.tricks))
    return max(0, unmatched - max(0, spare))


def sure_submarines(form: SearchForm, node: Node) -> tuple[int, int, int]:
    """(seat, bitmask, count) at the start of a trick: the highest submarines still out, while
    one seat holds them all, and how many of them it will certainly win a trick with: all of
    them, less the cards it may keep unplayed (three players: one card is never played), and it
    may keep back any of them; (-1, 0, 0) when no seat holds any."""
    held = [h & ALL_SUBS for h in node.hands]
    hidden = 0
    for down, _ in node.piles:
        if down >= 0:
            hidden |= 1 << down
    seat = -1
    sure = 0
    for sub in SUBS:
        bit = 1 << sub
        if node.played & bit:
            continue
        if hidden & bit:
            break
        owner = next((s for s, h in enumerate(held) if h & bit), -1)
        if owner < 0:
            break  # cannot happen: every card unplayed is in a hand or a pile
        if seat < 0:
            seat = owner
        elif owner != seat:
            break
        sure |= bit
    if seat < 0 or (form.tonoja and seat == TONOJA):
        return -1, 0, 0
    remaining = form.total - len(node.tricks)
    spare = max(0, popcount(node.hands[seat]) - remaining)  # cards it may keep unplayed
    return seat, sure, max(0, popcount(sure) - spare)


def most_submarines(form: SearchForm, node: Node, owner: int, barred: int) -> int:
    """The most submarines still to be played that ``owner`` can capture: its own, and from
    each other seat one in each trick it wins with a submarine of its own, below that one (a
    seat plays one card into a trick). None of ``barred`` (cards another seat must capture, or
    the owner may capture no more of) counts, and the owner wins no trick with one of its own
    among them, since that trick would capture it."""
    own = holding(form, node, owner) & ALL_SUBS & ~barred
    if not own:
        return 0
    mine = card_list(own)  # lowest first
    most = len(mine)
    for seat in range(form.seats):
        if seat == owner:
            continue
        theirs = card_list(holding(form, node, seat) & ALL_SUBS & ~barred)
        k = 0
        for sub in mine:  # each of its submarines takes the lowest of theirs left below it
            if k < len(theirs) and theirs[k] < sub:
                most += 1
                k += 1
    return most


def capturable_submarines(form: SearchForm, node: Node, owner: int) -> int:
    """The submarines still to be played that ``owner`` can capture: its own and the others'
    below its highest."""
    own = holding(form, node, owner) & ALL_SUBS
    if not own:
        return 0
    return own | (ALL_SUBS & ~node.played & ((1 << (own.bit_length() - 1)) - 1))


def submarine_holders(form: SearchForm, node: Node, remaining: int) -> tuple[int, ...]:
    """The seat holding each submarine still in a hand, highest first; empty when some seat
    may keep a card unplayed (a three-player hand of 14, Tonoja): then a submarine need not
    be played at all."""
    if form.tonoja:
        return ()
    out = []
    for sub in SUBS:
        for s, h in enumerate(node.hands):
            if h >> sub & 1:
                if popcount(h) > remaining:
                    return ()
                out.append(s)
                break
    return tuple(out)


@cache
def submarine_tricks(
    holders: tuple[int, ...], seats: int, remaining: int
) -> tuple[tuple[int, ...], ...]:
    """The least tricks each seat wins with submarines, for every way the submarines still
    held (``holders``: the seat holding each, highest first) can share tricks: every one is
    played, a seat plays one card into a trick, at most ``remaining`` tricks, and a trick with
    submarines goes to its highest one. Only the vectors no other one is below in every seat.
    """
    found: set[tuple[int, ...]] = set()
    groups: list[tuple[int, int]] = []  # per trick: (its winner, the seats in it as bits)

    def place(k: int) -> None:
        if k == len(holders):
            won = [0] * seats
            for w, _ in groups:
                won[w] += 1
            found.add(tuple(won))
            return
        seat = holders[k]
        for i, (w, members) in enumerate(groups):  # a trick with a higher submarine in it
            if not members >> seat & 1:
                groups[i] = (w, members | 1 << seat)
                place(k + 1)
                groups[i] = (w, members)
        if len(groups) < remaining:  # a trick of its own: the highest in it, so it wins
            groups.append((seat, 1 << seat))
            place(k + 1)
            groups.pop()

    place(0)
    least = [
        v
        for v in found
        if not any(o != v and all(a <= b for a, b in zip(o, v, strict=True)) for o in found)
    ]
    return tuple(sorted(least))
