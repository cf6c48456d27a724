"""Every card played goes to the seat that wins its trick: the cards still to be played need
seats allowed to take them, and those seats tricks enough.

A seat may not take a card its tasks forbid (one it may capture no more of, one another seat
must capture: the capture cuts' :class:`~.captures.Ledger`), and a seat that may win no more
tricks takes nothing. So the cards only the seats of some group ``T`` may take all go to tricks
those seats win, at most as many as the tricks they may still win together; and a trick holds
one card of each seat, so no seat may have to play more of those cards than that
(:func:`takers_short`). With ``T`` empty: a card nobody may take must not be played at all.

Found on three players, mission 20 (seed v52-3-16): tasks 31 (no pink or blue), 36 (no 8 or
9) and 45 (the first trick and no other) for three seats; the pink 9 and the blue 8 are in one
hand, only the owner of 45 may take either, and it wins one trick.
"""

from __future__ import annotations

from crew.engine.cards import DECK_MASK
from crew.engine.search import Node, SearchForm

from .base import holding, surely_played

__all__ = ["takers_short"]


def takers_short(
    form: SearchForm, node: Node, kept: dict[int, int], hi: list[int], remaining: int
) -> bool:
    """Whether the cards still to be played cannot go to seats allowed to take them.

    ``kept``: per seat, the cards no trick it wins may hold; ``hi``: per seat, the most more
    tricks it may win (the tricks left remaining). The group is tried by the seats left out of
    it, each a seat that may not take some card (at most 31 ways with five players, most often
    one to three): the cards none of those may take, as many of them as some seat must play,
    against the tricks the others may still win.
    """
    unplayed = DECK_MASK & ~node.played
    limited: list[int] = []  # the seats that may not take some card still out
    barred: list[int] = []  # the cards each of them may not take
    free = 0  # the most tricks all the seats may still win together
    for s in range(form.seats):
        most = max(0, hi[s])
        free += most
        cards = unplayed if most == 0 else kept.get(s, 0) & unplayed
        if cards:
            limited.append(s)
            barred.append(cards)
    if not limited:
        return False
    held: list[int] = []
    k = len(limited)
    for out in range(1, 1 << k):
        tricks = free
        for j in range(k):
            if out >> j & 1:
                tricks -= max(0, hi[limited[j]])
        if tricks >= remaining:
            continue  # no seat plays more cards than that
        only = unplayed  # the cards that only seats in the group may take
        for j in range(k):
            if out >> j & 1:
                only &= barred[j]
        if not only:
            continue
        if not held:
            held = [holding(form, node, s) for s in range(form.seats)]
        if any(surely_played(cards, only, remaining) > tricks for cards in held):
            return True
    return False
