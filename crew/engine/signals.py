"""Sonar communication claims: which token positions are true for a card in a hand.

Kept free of the task data so that quick rules checks load fast.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import SUIT_MASKS, card_str

__all__ = ["Illegal", "signal_position_ok", "true_positions"]


class Illegal(NamedTuple):
    """Why an action is not allowed: a stable reason code and a sentence for people."""

    code: str
    message: str


def true_positions(hand: int, card: int) -> tuple[str, ...]:
    """The token positions that are true for ``card`` in ``hand`` right now (rulings 17).

    ``top``: highest of its colour, ``bottom``: lowest, each with at least two cards of the colour;
    ``middle``: the only card of its colour. Submarines: none.
    """
    if card >= 36 or not hand >> card & 1:
        return ()
    same = hand & SUIT_MASKS[card // 9]
    if same.bit_count() == 1:
        return ("middle",)
    out = []
    if same >> (card + 1) == 0:
        out.append("top")
    if same & ((1 << card) - 1) == 0:
        out.append("bottom")
    return tuple(out)


def signal_position_ok(hand: int, card: int, position: str) -> Illegal | None:
    """Whether showing ``card`` with the token at ``position`` is allowed for ``hand``."""
    if card >= 36:
        return Illegal(
            "CANNOT_SIGNAL_SUBMARINE",
            f"{card_str(card)} is a submarine; submarines are never communicated",
        )
    if not hand >> card & 1:
        return Illegal("CARD_NOT_IN_HAND", f"{card_str(card)} is not in the hand")
    if position not in ("top", "middle", "bottom"):
        return Illegal("BAD_POSITION", f"position {position!r} must be top, middle or bottom")
    ok = true_positions(hand, card)
    if position in ok:
        return None
    colour = ("pink", "blue", "green", "yellow")[card // 9]
    n = (hand & SUIT_MASKS[card // 9]).bit_count()
    claim = {"top": "highest", "middle": "only", "bottom": "lowest"}[position]
    if n == 1:
        why = f"it is the only {colour} card, which may only be shown as 'only' (middle)"
    elif not ok:
        why = f"it is neither the highest, the lowest nor the only {colour} card"
    else:
        why = f"it is not the {claim} of the {n} {colour} cards; true: {', '.join(ok)}"
    return Illegal("SIGNAL_NOT_TRUE", f"{card_str(card)} cannot be shown as {claim}: {why}")
