"""Who takes the submarines that must still be played.

A submarine its holder must play (it has no card to spare) goes to its holder, or to a seat
that plays a higher one into its trick and so captures that one too; one of them must be
allowed to take it (:func:`submarine_nowhere`). Several that their holders may not take need
tricks of their own under higher ones, a seat playing one card a trick (:func:`_shared_out`).
"""

from __future__ import annotations

from crew.engine.cards import popcount
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_base import PENDING

from .base import ALL_SUBS, SUBS, TaskCut, holding
from .submarines import sure_submarines

__all__ = ["submarine_nowhere"]


def submarine_nowhere(
    form: SearchForm,
    node: Node,
    bars: list[TaskCut],
    full: dict[int, int],
    claims: dict[int, int],
    sub_wins: dict[int, int] | None = None,
) -> bool:
    """Whether a submarine that must still be played can go to no seat allowed to take it.

    Its trick goes to its holder or a seat holding a higher one; a holder with no card to
    spare plays it. A seat may take it unless a pending task forbids: no more tricks or no
    (more) submarines for that seat (``bars``, given the submarines it is bound to capture:
    those its own tasks claim and those it is sure to win a trick with), no more cards of a
    set holding it (``full``: per owner, the cards it may capture no more of), or the card is
    one another seat must capture (``claims``: per owner, the cards it must capture). A seat
    other than its holder takes it only by playing a higher one, which it captures too: one
    it may take. A seat holding one submarine that must win the trick of another seat's card
    with a submarine (``sub_wins``: per owner, those cards) plays its submarine in that trick,
    so it covers no submarine of the seat holding that card.
    """
    unplayed = ALL_SUBS & ~node.played
    if not unplayed:
        return False
    seats = form.seats
    barred = [0] * seats
    for owner, cards in full.items():
        barred[owner] |= cards
    sure_seat, sure, sure_count = sure_submarines(form, node)
    if sure_count < popcount(sure):
        sure_seat = -1  # it may keep one of them back: none of them is certain
    for cut in bars:
        if node.status[cut.task] == PENDING:
            bound = claims.get(cut.owner, 0) & unplayed
            if cut.owner == sure_seat:
                bound |= sure
            barred[cut.owner] |= cut.barred_submarines(form, node, bound)
    for owner, cards in claims.items():
        for seat in range(seats):
            if seat != owner:
                barred[seat] |= cards
    if not any(b & unplayed for b in barred):
        return False
    remaining = form.total - len(node.tricks)
    holdings = [holding(form, node, seat) for seat in range(seats)]
    pinned = [0] * seats  # per seat: cards that its only submarine's trick holds
    for seat, cards in (sub_wins or {}).items():
        if popcount(holdings[seat] & ALL_SUBS) == 1 and not (form.tonoja and seat == TONOJA):
            pinned[seat] = cards & ~node.played
    holders: dict[int, int] = {}  # submarine bit -> its holder
    must = 0  # the submarines that are played, and that their holder may not take
    for sub in SUBS[::-1]:  # lowest first
        bit = 1 << sub
        if not unplayed & bit:
            continue
        holder = next((seat for seat in range(seats) if holdings[seat] & bit), -1)
        if holder < 0:
            continue
        holders[bit] = holder
        if popcount(holdings[holder]) > remaining:
            continue  # it may be the card its holder keeps
        higher = unplayed & ~((2 << sub) - 1)
        if barred[holder] & bit:
            # another seat takes it only with a higher one of its own, which it captures too
            if not any(
                seat != holder
                and not barred[seat] & bit
                and holdings[seat] & higher & ~barred[seat]
                and not pinned[seat] & holdings[holder] & ~bit
                for seat in range(seats)
            ):
                return True
            must |= bit
    if popcount(must) < 2 or form.tonoja:
        return False
    return not _shared_out(list(holders), must, holders, barred)


def _shared_out(subs: list[int], must: int, holders: dict[int, int], barred: list[int]) -> bool:
    """Whether the submarines ``subs`` (bits, lowest first) can go into tricks so that each of
    ``must`` (played, and not to be taken by its holder) lies in a trick with a higher one and
    every trick's winner (the holder of its highest) may take all of them. A seat plays one
    card a trick, and a higher submarine covers only the trick it is played in: two of one
    seat's submarines need two others above them, one in each trick (four players, mission 28,
    seed v63-4-5: seat 0, to win no trick, holds the 1 and the 3, the 3 needs the captain's 4,
    and the 1 can then only go under the 2 of seat 3, who may take no submarine but the 2).
    The others may be left out (kept back, or played where they take nothing)."""
    groups: list[int] = []

    def fits(k: int) -> bool:
        if k == len(subs):
            # each trick goes to the holder of its highest submarine
            return all(not barred[holders[1 << (g.bit_length() - 1)]] & g for g in groups)
        bit = subs[k]
        if not must & bit and fits(k + 1):
            return True
        for i, group in enumerate(groups):
            if any(holders[b] == holders[bit] for b in _bits(group)):
                continue  # one card of each seat a trick
            groups[i] = group | bit
            if fits(k + 1):
                return True
            groups[i] = group
        groups.append(bit)
        if fits(k + 1):
            return True
        groups.pop()
        return False

    return fits(0)


def _bits(mask: int) -> list[int]:
    """The single bits of ``mask``."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
