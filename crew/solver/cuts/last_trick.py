"""A cut on a card that must be played in the last trick (task 16: win the last trick, with
the green 2 in it): the leads of its suit before the last trick are counted.

The seat holding that card keeps it to the last trick, and must follow suit: every trick led
in its suit before the last takes one of its other cards of the suit. So no more tricks may
be led in that suit before the last than that seat holds other cards of it.

Some tricks must be led in that suit all the same: a coloured card an owner must capture from
its own hand is captured only in a trick the owner wins with that very card, a trick led in
the card's suit (:func:`~crew.solver.cuts.captures.winners_clash` says the same). Each such
card is in a trick of its own (a trick has one winner, and one card of each seat), and only
the last trick's winner, the owner of this task, may win one of them in the last trick. The
rest are tricks led in that suit before the last: when they are more than the holder can
follow with cards other than the one it keeps, the position is lost.

In the two-player variant Tonoja need not follow suit with her face-down cards, so the cut is
not made there.
"""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import COLOR_CARDS_MASK, SUIT_MASKS, suit_of
from crew.engine.search import Node

from .base import Stage
from .captures import CaptureCut, Ledger

__all__ = ["LastTrick", "suit_leads_short"]


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
    follow = min((hands[holder] & suit & ~card).bit_count(), remaining - 1)
    needed = 0
    last_used = False
    for seat, cards in claims.items():
        own = (cards & hands[seat] & suit & COLOR_CARDS_MASK).bit_count()
        if own and seat == owner and not last_used:
            own -= 1  # one of them may be won in the last trick, which the owner wins
            last_used = True
        needed += own
    return needed > follow
