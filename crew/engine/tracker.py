"""The card tracker: what the whole table knows about the cards, from public facts only.

:func:`track` reads the public parts of a view (the trick under way, the signals, Tonoja's
face-up cards, the hand counts) and the tricks played so far (every card of them was played in
the open), never the view's own hand, so every seat's view of one moment gives the same answer.

What it works out:

- the cards played, by colour, and those not yet played;
- which seats are known to hold no card of a colour: a seat that did not follow a led colour
  has none of it left (rules E2-E3; Tonoja's face-down cards are not bound by it); a signal says
  where the shown card stands in its colour (rules G), so once the cards it leaves possible
  are all played, seen elsewhere, or the shown card itself is played, that colour is empty;
- the signals given, with the shown card still in its hand until played;
- the cards known to be in Tonoja's piles (her face-up ones).

Under currents the position of another seat's signal is hidden (rules I1), so the tracker uses
no position until the attempt is over, for every seat alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CAPTAIN_CARD, DECK_MASK, SUIT_MASKS, card_list, mask_of, suit_of
from .enums import TONOJA, Communication, Position
from .tricks import Trick
from .view import SignalView, View

__all__ = ["Tracker", "track"]


@dataclass(frozen=True)
class Tracker:
    """The public facts about the cards at one moment."""

    played: tuple[tuple[int, ...], ...]  # per colour (pink, blue, green, yellow, submarine)
    unplayed: tuple[tuple[int, ...], ...]  # per colour: not yet played (in some hand)
    voids: tuple[tuple[int, ...], ...]  # per seat: the colours it is known to hold none of
    signals: tuple[SignalView, ...]  # the signals, positions as the whole table sees them
    tonoja_up: tuple[int, ...]  # Tonoja's face-up cards (() without her)
    tonoja_down: int  # how many face-down cards her piles still hold
    captain_holds_s4: bool  # the captain showed S4 at the start and has not played it


def _above(card: int) -> int:
    return SUIT_MASKS[suit_of(card)] & ~((2 << card) - 1)


def _below(card: int) -> int:
    return SUIT_MASKS[suit_of(card)] & ((1 << card) - 1)


def track(view: View, tricks: Sequence[Trick]) -> Tracker:
    """The tracker for the table at ``view`` after ``tricks`` (the tricks played so far)."""
    played = mask_of(c for t in tricks for c in t.cards) | mask_of(c for _, c in view.trick)
    tonoja = view.players == 2
    up = tuple(c for c in view.tonoja_up if c >= 0) if tonoja else ()
    hidden_positions = view.rules.communication == Communication.CURRENTS and not view.result
    signals = tuple(
        s
        if not hidden_positions
        else SignalView(s.seat, s.card, "hidden", s.played, s.before_trick)
        for s in view.signals
    )
    # where the cards not yet played may be, seat by seat (Tonoja: her face-down cards)
    out = DECK_MASK & ~played & ~mask_of(up)
    fixed = {s: 0 for s in range(view.seats)}
    for sig in signals:
        if not sig.played:
            fixed[sig.seat] |= 1 << sig.card
    if out >> CAPTAIN_CARD & 1:
        fixed[view.captain] |= 1 << CAPTAIN_CARD
    placed = 0
    for mask in fixed.values():
        placed |= mask
    may = {s: (out & ~placed) | fixed[s] for s in range(view.seats)}
    bound = {s for s in range(view.seats) if not (tonoja and s == TONOJA)}
    plays = [tuple(zip(t.seats, t.cards, strict=True)) for t in tricks]
    if view.trick:
        plays.append(view.trick)
    for seq in plays:
        led = suit_of(seq[0][1])
        for seat, card in seq[1:]:
            if seat in bound and suit_of(card) != led:
                may[seat] &= ~SUIT_MASKS[led]
    for sig in signals:
        others = SUIT_MASKS[suit_of(sig.card)] & ~(1 << sig.card)
        if sig.position == Position.TOP:
            may[sig.seat] &= ~_above(sig.card)
        elif sig.position == Position.BOTTOM:
            may[sig.seat] &= ~_below(sig.card)
        elif sig.position == Position.MIDDLE:
            may[sig.seat] &= ~others
    voids = tuple(
        tuple(
            suit
            for suit in range(5)
            if seat in bound
            and view.hand_counts[seat] > 0
            and not may[seat] & SUIT_MASKS[suit]
            and played & SUIT_MASKS[suit] != SUIT_MASKS[suit]  # a colour all played: not news
        )
        for seat in range(view.seats)
    )
    return Tracker(
        played=tuple(tuple(card_list(played & SUIT_MASKS[s])) for s in range(5)),
        unplayed=tuple(tuple(card_list(~played & SUIT_MASKS[s])) for s in range(5)),
        voids=voids,
        signals=signals,
        tonoja_up=up,
        tonoja_down=sum(1 for d in view.tonoja_down if d) if tonoja else 0,
        captain_holds_s4=bool(out >> CAPTAIN_CARD & 1),
    )
