"""Sonar communication claims: which token positions are true for a card in a hand.

Kept free of the task data so that quick rules checks load fast.
"""

from __future__ import annotations

from functools import cache

from .cards import COLOR_NAMES, SUIT_MASKS, card_str
from .enums import Position
from .reasons import N_, Illegal, Reason, plain

__all__ = ["POSITION_CLAIMS", "Illegal", "colour_claims", "signal_position_ok", "true_positions"]

#: What a token position claims about the card shown (rulings 17).
POSITION_CLAIMS = {Position.TOP: "highest", Position.MIDDLE: "only", Position.BOTTOM: "lowest"}


@cache
def colour_claims(same: int) -> tuple[tuple[int, Position], ...]:
    """The true claims ``(card, position)`` for the cards ``same`` of one colour (rulings 17).

    ``middle``: the only card of its colour; with two or more, ``top``: the highest and
    ``bottom``: the lowest. The cards in between cannot be shown.
    """
    if not same:
        return ()
    high = same.bit_length() - 1
    low = (same & -same).bit_length() - 1
    if high == low:
        return ((low, Position.MIDDLE),)
    return ((high, Position.TOP), (low, Position.BOTTOM))


@cache
def _positions_by_offset(same: int) -> tuple[tuple[Position, ...], ...]:
    """For one colour's cards ``same`` (as bits 0-8), the true positions of each value."""
    out: list[tuple[Position, ...]] = [() for _ in range(9)]
    for offset, position in colour_claims(same):
        out[offset] += (position,)
    return tuple(out)


def true_positions(hand: int, card: int) -> tuple[Position, ...]:
    """The token positions that are true for ``card`` in ``hand`` right now (submarines: none)."""
    if card >= 36 or not hand >> card & 1:
        return ()
    base = card - card % 9
    return _positions_by_offset(hand >> base & 511)[card - base]


def signal_position_ok(hand: int, card: int, position: str) -> Illegal | None:
    """Whether showing ``card`` with the token at ``position`` is allowed for ``hand``."""
    if card >= 36:
        return plain(
            Reason.CANNOT_SIGNAL_SUBMARINE,
            "{card} is a submarine; submarines are never communicated",
            card=card_str(card),
        )
    if not hand >> card & 1:
        return plain(Reason.CARD_NOT_IN_HAND, "{card} is not in the hand", card=card_str(card))
    if position not in POSITION_CLAIMS:
        return plain(
            Reason.BAD_POSITION,
            "position {position} must be top, middle or bottom",
            position=repr(position),
        )
    position = Position(position)
    ok = true_positions(hand, card)
    if position in ok:
        return None
    colour = COLOR_NAMES[card // 9]
    n = (hand & SUIT_MASKS[card // 9]).bit_count()
    claim = POSITION_CLAIMS[position]
    if n == 1:
        template = N_(
            "{card} cannot be shown as {claim}: it is the only {colour} card, which may only be"
            " shown as 'only' (middle)"
        )
    elif not ok:
        template = N_(
            "{card} cannot be shown as {claim}: it is neither the highest, the lowest nor the"
            " only {colour} card"
        )
    else:
        template = N_(
            "{card} cannot be shown as {claim}: it is not the {claim} of the {n} {colour} cards;"
            " true: {true}"
        )
    return plain(
        Reason.SIGNAL_NOT_TRUE,
        template,
        card=card_str(card),
        claim=claim,
        colour=colour,
        n=n,
        true=", ".join(ok),
    )
