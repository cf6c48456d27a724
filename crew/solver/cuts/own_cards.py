"""Cuts on the cards an owner must capture from its own hand: it captures such a card only in
a trick it wins with that very card, a coloured one in a trick led in its suit where every
other seat holding the suit plays lower.

So two owners winning cards of one suit from their own hands may find neither order of those
tricks works (:func:`winners_clash`). And a card kept for the last trick (task 16: win the last
trick, with the green 2 in it; :class:`LastTrick`) limits the leads of its suit: the seat
holding it keeps it to the last trick and must follow suit, so every trick led in that suit
before the last takes one of its other cards of the suit, and no more may be led than it holds
such cards. The own cards to be won with are in tricks of their own (a trick has one winner,
and one card of each seat), and only the last trick's winner, the owner of that task, may win
one of them in the last trick; the rest are tricks led in the suit before the last: when they
are more than the holder can follow with cards other than the one it keeps, the position is
lost. In the two-player variant Tonoja need not follow suit with her face-down cards, so she is
left out of both.
"""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import COLOR_CARDS_MASK, SUIT_MASKS, card_list, popcount, suit_of
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA

from .base import Stage
from .captures import CaptureCut, Ledger

__all__ = ["LastTrick", "suit_leads_short", "winners_clash"]


class LastTrick(CaptureCut):
    """The card ``card`` (a bit) is played in the last trick of ``total``, which the owner
    wins: the tricks that must be led in its suit before the last need its holder to follow
    with other cards of the suit (see the module). Reads the hands, the cards played and the
    other capture cuts' claims."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES

    def __init__(self, task: int, owner: int, card: int, total: int) -> None:
        super().__init__(task, owner)
        self.card = card
        self.total = total

    def short(self, node: Node, ledger: Ledger) -> bool:
        card = self.card
        if node.played & card:
            return False  # decided by the engine in that trick
        remaining = self.total - len(node.tricks)
        return suit_leads_short(node.hands, card, self.owner, ledger.claims, remaining)


def suit_leads_short(
    hands: tuple[int, ...] | list[int],
    card: int,
    owner: int,
    claims: dict[int, int],
    remaining: int,
) -> bool:
    """Whether more tricks must be led in the suit of ``card`` (a bit, kept by its holder for
    the last of ``remaining`` tricks, which ``owner`` wins) before the last trick than its
    holder can follow: ``claims`` are per seat the cards it must capture."""
    holder = next((s for s, h in enumerate(hands) if h & card), -1)
    if holder < 0:
        return False  # not in a hand (never played at three players): the engine says so
    suit = SUIT_MASKS[suit_of(card.bit_length() - 1)]
    # the holder's other cards of the suit, one for each such lead (and one trick a lead)
    follow = min(popcount(hands[holder] & suit & ~card), remaining - 1)
    needed = 0
    last_used = False
    for seat, cards in claims.items():
        own = popcount(cards & hands[seat] & suit & COLOR_CARDS_MASK)
        if own and seat == owner and not last_used:
            own -= 1  # one of them may be won in the last trick, which the owner wins
            last_used = True
        needed += own
    return needed > follow


def winners_clash(form: SearchForm, node: Node, claims: dict[int, int]) -> bool:
    """Whether two owners must each capture a coloured card of one suit from their own hands
    and neither order of those two tricks can work.

    An owner captures its own card only in a trick it wins with that card: the suit is led and
    every other seat holding it plays one below. Of owner ``a`` winning with ``x`` and owner
    ``b`` with a higher ``y``: if ``x``'s trick comes first, ``b`` still holds ``y`` and must
    play a card of the suit below ``x``; if ``y``'s comes first, ``a`` must play one below
    ``y`` other than ``x``. Neither may be a card it must win with itself (the other seat would
    capture it). Tonoja need not follow suit with her face-down cards, so she is left out.
    """
    if len(claims) < 2:
        return False
    winners: list[tuple[int, int]] = []  # per owner (one each): its cards to win with, its hand
    for owner, cards in claims.items():
        if form.tonoja and owner == TONOJA:
            continue
        hand = node.hands[owner]
        mine = hand & cards & COLOR_CARDS_MASK
        if mine:
            winners.append((mine, hand))
    for n, (mine_a, hand_a) in enumerate(winners):
        for mine_b, hand_b in winners[n + 1 :]:
            for suit in SUIT_MASKS[:4]:
                xs, ys = mine_a & suit, mine_b & suit
                if not xs or not ys:
                    continue
                spare_a, spare_b = hand_a & suit & ~mine_a, hand_b & suit & ~mine_b
                for x in card_list(xs):
                    for y in card_list(ys):
                        lo, hi = min(x, y), max(x, y)
                        # the owner of the higher card holds it through the lower one's trick
                        spare_hi = spare_b if hi == y else spare_a
                        spare_lo = spare_a if hi == y else spare_b
                        below_lo, below_hi = (1 << lo) - 1, (1 << hi) - 1
                        if not spare_hi & below_lo and not spare_lo & below_hi:
                            return True
    return False
