"""A seat whose tricks are capped has room for so many cards: every trick holds one card of
each seat, so a seat that may win at most ``h`` more tricks captures at most ``h`` more cards
of each seat (its own included), ``h`` times the seats in all.

What it must capture has to fit in that room: the cards its tasks name (the capture
:class:`~.captures.Ledger`'s claims) and, on top of them, so many cards of some sets: at least
``n`` of a kind (:class:`~.captures.CapturesAtLeast`), more of one colour than of another
(:class:`MoreThan`: one more than it has, or must capture, of the other colour). Seat by seat,
the room the named cards leave bounds how many cards of a set it can still take; sets with no
card in common share that room (:func:`slots_short`). The cards it has captured count towards
what it needs, and a demand already met needs nothing.

The other way round, a seat that must win at least ``l`` more tricks captures ``l`` cards of
each seat, ``l`` times the seats in all, and they must be cards it may take
(:func:`haul_short`).

Found on four players, missions 14-16 (seed v56-4-4): one volunteer owns tasks 51 (exactly one
trick), 8 (the green 5 and the blue 8), 90 (the submarine 3) and 88 (more pink than green):
its one trick must hold those three cards and two pinks, five cards in a trick of four.
"""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import DECK_MASK, popcount
from crew.engine.search import Node, SearchForm

from .base import ALL_SUBS, Fit, Stage, holding
from .captures import CaptureCut, Ledger

__all__ = ["MAX_DEMANDS", "MoreThan", "haul_short", "slots_short"]

#: The most demands of one owner judged together (the largest kept): 2**n families of them.
MAX_DEMANDS = 6


class MoreThan(CaptureCut):
    """The owner ends with more cards of ``cards`` than of ``than`` (none of ``than`` allowed,
    then one of ``cards`` is enough): one more than the cards of ``than`` it has captured or
    must capture, and that many must be left that it may take. Reads the owner's captured
    cards and the cards played."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES | Stage.VECTOR

    def __init__(self, task: int, owner: int, cards: int, than: int) -> None:
        super().__init__(task, owner)
        self.cards = cards
        self.than = than

    def short(self, node: Node, ledger: Ledger) -> bool:
        owner = self.owner
        won = node.won[owner]
        unplayed = DECK_MASK & ~node.played
        must = ledger.claims.get(owner, 0) & unplayed
        need = popcount((won | must) & self.than) + 1
        pool = self.cards & unplayed & ~ledger.kept_out(owner)
        return popcount(won & self.cards) + popcount(pool) < need

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        fit.outnumber.setdefault(self.owner, []).append((self.cards, self.than))


def slots_short(form: SearchForm, node: Node, fit: Fit, ledger: Ledger, remaining: int) -> bool:
    """Whether some seat that may win fewer tricks than are left has no room for the cards
    it must capture (see the module): the cards the ledger claims for it, at most its tricks
    of them from any one seat, and then, for every family of its demands with no card in
    common, the cards of those sets each seat can still give it, no more than the room the
    claimed cards leave there."""
    unplayed = DECK_MASK & ~node.played
    held: list[int] = []
    for owner in ledger.claims.keys() | fit.wants.keys() | fit.outnumber.keys():
        room = max(0, fit.hi[owner])
        if room >= remaining:
            continue  # a trick for every card of every seat: no seat's room runs short
        must = ledger.claims.get(owner, 0) & unplayed
        out = ledger.kept_out(owner) & unplayed
        if must & out:
            continue  # two owners need one card: the capture cuts say so
        have = node.won[owner] | must  # captured, or to be
        needs: list[tuple[int, int]] = []  # (cards it may still take, how many more)
        for cards, count in fit.wants.get(owner, ()):
            needs.append((cards, count - popcount(have & cards)))
        for cards, than in fit.outnumber.get(owner, ()):
            needs.append((cards, popcount(have & than) + 1 - popcount(have & cards)))
        needs = [(cards & unplayed & ~must & ~out, n) for cards, n in needs if n > 0]
        if not must and not needs:
            continue
        if not held:
            held = [holding(form, node, s) & unplayed for s in range(form.seats)]
        free = [room - popcount(cards & must) for cards in held]
        if min(free) < 0:
            return True  # more claimed cards of one seat than tricks
        if needs and _no_room(needs, free, held):
            return True
    return False


def haul_short(form: SearchForm, node: Node, fit: Fit, ledger: Ledger) -> bool:
    """Whether some seat must win more tricks (:attr:`~.base.Fit.needs`: those a winning line
    has it win, whenever it ends) than the cards it may capture can fill: each
    trick it wins holds a card of every seat, so it needs that many cards it may take from each
    seat and the seats times that many in all. It may not take the cards another seat must
    capture, nor those it may capture no more of; of a set it may take only so many more of,
    no more than that; and of another seat's submarines only those below its own highest (a
    submarine is taken by a higher one only). Tonoja is left out. Found on three players,
    mission 25, seed v61-3-13: seat 2 must win 7 of the 13 tricks (64), none of the first
    three (47), and end with exactly one pink and one green card (27), while seat 0 takes three
    submarines (95); its seven tricks would hold 21 cards, and 20 are left it may take."""
    if form.tonoja:
        return False
    unplayed = DECK_MASK & ~node.played
    held: list[int] = []
    for owner, least in enumerate(fit.needs):
        if least <= 0:
            continue
        if not held:
            held = [holding(form, node, s) & unplayed for s in range(form.seats)]
        out = ledger.kept_out(owner) & unplayed
        subs = held[owner] & ALL_SUBS
        below = (1 << (subs.bit_length() - 1)) - 1 if subs else 0
        for seat, cards in enumerate(held):
            if seat != owner:
                out |= cards & ALL_SUBS & ~below
        limited = 0
        for cards, _ in ledger.room.get(owner, ()):
            limited |= cards
        free = unplayed & ~out & ~limited
        sets = [(cards & unplayed & ~out, more) for cards, more in ledger.room.get(owner, ())]
        total = popcount(free) + sum(min(more, popcount(cards)) for cards, more in sets)
        if total < least * form.seats:
            return True
        for cards in held:
            have = popcount(cards & free)
            have += sum(min(more, popcount(c & cards)) for c, more in sets)
            if have < least:
                return True
    return False


def _no_room(needs: list[tuple[int, int]], free: list[int], held: list[int]) -> bool:
    """Whether some family of ``needs`` (cards, how many) with no card in common asks more
    than the seats can give: from each seat no more than its ``free`` room of the cards it
    holds (``held``)."""
    if len(needs) > MAX_DEMANDS:
        needs = sorted(needs, key=lambda need: -need[1])[:MAX_DEMANDS]  # fewer: still sound
    k = len(needs)
    for pick in range(1, 1 << k):
        union = total = 0
        for j in range(k):
            if pick >> j & 1:
                cards, n = needs[j]
                if union & cards:
                    break  # one card may count for two of them: not judged together
                union |= cards
                total += n
        else:
            given = sum(min(f, popcount(h & union)) for f, h in zip(free, held, strict=True))
            if given < total:
                return True
    return False
