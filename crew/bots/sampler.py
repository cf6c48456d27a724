"""Inference from public events and view-consistent sampling of the unseen cards.

Everything here reads one seat's ``View`` and its ``Memory``; nothing else. The constraints:

- a seat that did not follow a led suit has none of it left (submarines too); Tonoja's face-down
  cards are free of this (her follow-suit is judged on her face-up cards only);
- a signal: the shown card is still in that hand until played; "top" rules out higher cards of
  its colour in that hand, "bottom" lower ones, "middle" every other one; a hidden position
  (currents) rules out holding both a higher and a lower one;
- the captain holds submarine 4 until it is played (it is never passed, and never Tonoja's);
- the card this seat passed in the distress exchange is with its receiver until played;
- hand counts, and Tonoja's number of face-down cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from crew.engine.cards import CAPTAIN_CARD, SUIT_MASKS, cards_in, suit_of
from crew.engine.determinize import hidden_cards, state_from_view
from crew.engine.enums import Position
from crew.engine.state import TONOJA, GameState
from crew.engine.tricks import Trick
from crew.engine.view import View

from .memory import Memory

__all__ = ["Knowledge", "infer", "sample_hands", "sample_states"]


@dataclass(frozen=True)
class Knowledge:
    """Where each unseen card may be. Slot ``s`` is seat ``s``'s hand; with Tonoja, slot 2 is her
    face-down cards."""

    seat: int
    tricks: tuple[Trick, ...]
    hidden: int  # every unseen card
    need: dict[int, int]  # slot -> how many unseen cards it holds
    allowed: dict[int, int]  # slot -> cards it may hold
    fixed: dict[int, int]  # slot -> unseen cards known to be there
    #: (seat, card) of signals with a hidden position: not both a higher and a lower card
    either: tuple[tuple[int, int], ...]


def _colour_above(card: int) -> int:
    return SUIT_MASKS[suit_of(card)] & ~((2 << card) - 1)


def _colour_below(card: int) -> int:
    return SUIT_MASKS[suit_of(card)] & ((1 << card) - 1)


def infer(view: View, memory: Memory) -> Knowledge:
    """The constraints on the unseen cards that follow from ``view`` and the remembered tricks."""
    tricks = tuple(memory.tricks) if memory.usable(view) else ()
    if not memory.usable(view):
        raise ValueError("the bot's memory misses public tricks; it cannot rebuild the table")
    tonoja = view.players == 2
    hidden = hidden_cards(view, tricks)
    need: dict[int, int] = {}
    for s in range(view.seats):
        if s == view.seat:
            continue
        if tonoja and s == TONOJA:
            need[s] = sum(1 for d in view.tonoja_down if d)
        else:
            need[s] = view.hand_counts[s]
    allowed = {s: hidden for s in need}
    fixed = {s: 0 for s in need}
    humans = [s for s in need if not (tonoja and s == TONOJA)]
    # voids shown
    plays: list[tuple[int, tuple[tuple[int, int], ...]]] = [
        (t.cards[0], tuple(zip(t.seats, t.cards, strict=True))) for t in tricks
    ]
    if view.trick:
        plays.append((view.trick[0][1], view.trick))
    for led, seq in plays:
        suit = suit_of(led)
        for s, c in seq[1:]:
            if s in humans and suit_of(c) != suit:
                allowed[s] &= ~SUIT_MASKS[suit]
    # signals
    either: list[tuple[int, int]] = []
    for sv in view.signals:
        s = sv.seat
        if s not in allowed:
            continue
        if not sv.played:
            # a shown card lies face up but stays in that hand until played
            fixed[s] |= 1 << sv.card
        if sv.position == Position.TOP:
            allowed[s] &= ~_colour_above(sv.card)
        elif sv.position == Position.BOTTOM:
            allowed[s] &= ~_colour_below(sv.card)
        elif sv.position == Position.MIDDLE:
            allowed[s] &= ~(SUIT_MASKS[suit_of(sv.card)] & ~(1 << sv.card))
        else:
            either.append((s, sv.card))
    # submarine 4: the captain's until played
    if hidden >> CAPTAIN_CARD & 1:
        for s in allowed:
            if s != view.captain:
                allowed[s] &= ~(1 << CAPTAIN_CARD)
        if view.captain in fixed:
            fixed[view.captain] |= 1 << CAPTAIN_CARD
    # the distress card this seat passed
    if memory.gave is not None:
        card, to = memory.gave
        if hidden >> card & 1 and to in fixed:
            fixed[to] |= 1 << card
            for s in allowed:
                if s != to:
                    allowed[s] &= ~(1 << card)
    for s in fixed:
        for o in allowed:
            if o != s:
                allowed[o] &= ~fixed[s]
    for s in fixed:
        allowed[s] |= fixed[s]
    return Knowledge(view.seat, tricks, hidden, need, allowed, fixed, tuple(either))


def _fill(k: Knowledge, rng: random.Random, relax: bool) -> dict[int, int] | None:
    slots = sorted(k.need)
    hands = {s: k.fixed[s] for s in slots}
    left = {s: k.need[s] - k.fixed[s].bit_count() for s in slots}
    if any(v < 0 for v in left.values()):
        return None
    placed = 0
    for s in slots:
        placed |= k.fixed[s]
    cards = list(cards_in(k.hidden & ~placed))
    rng.shuffle(cards)
    allowed = k.allowed if not relax else {s: k.hidden for s in slots}
    options = {c: [s for s in slots if allowed[s] >> c & 1] for c in cards}
    cards.sort(key=lambda c: len(options[c]))
    for c in cards:
        room = [s for s in options[c] if left[s] > 0]
        if not room:
            return None
        total = sum(left[s] for s in room)
        r = rng.randrange(total)
        for s in room:
            r -= left[s]
            if r < 0:
                break
        hands[s] |= 1 << c
        left[s] -= 1
    return hands


def _ok(k: Knowledge, hands: dict[int, int]) -> bool:
    for s, card in k.either:
        same = hands[s] & SUIT_MASKS[suit_of(card)]
        if same & _colour_above(card) and same & _colour_below(card):
            return False
    return True


def sample_hands(k: Knowledge, rng: random.Random, tries: int = 200) -> dict[int, int]:
    """One placement of the unseen cards that fits every constraint (relaxed if none is found)."""
    for relax in (False, True):
        for _ in range(tries):
            hands = _fill(k, rng, relax)
            if hands is not None and (relax or _ok(k, hands)):
                return hands
    raise ValueError("no placement of the unseen cards fits the hand counts")


def sample_states(view: View, memory: Memory, rng: random.Random, n: int) -> list[GameState]:
    """``n`` full states that all look exactly like ``view`` to its seat."""
    k = infer(view, memory)
    tonoja = view.players == 2
    out = []
    for _ in range(n):
        slots = sample_hands(k, rng)
        hands = {s: m for s, m in slots.items() if not (tonoja and s == TONOJA)}
        down: tuple[int, ...] = ()
        if tonoja:
            cards = list(cards_in(slots.get(TONOJA, 0)))
            rng.shuffle(cards)
            it = iter(cards)
            down = tuple(next(it) if flag else -1 for flag in view.tonoja_down)
        preds = []
        for s, p in enumerate(view.predictions):
            if p is None and view.predicted[s]:
                # a secret prediction another seat made: any number it could still reach
                lo = view.counts[s]
                preds.append(rng.randint(lo, lo + view.total_tricks - view.tricks_played))
            else:
                preds.append(-1 if p is None else p)
        out.append(state_from_view(view, k.tricks, hands, tonoja_down=down, predictions=preds))
    return out
