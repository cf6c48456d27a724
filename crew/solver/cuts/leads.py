"""A cut from a mission condition that limits the cards any seat may lead (mission 12: no
pink, no submarine): the whole rest of the attempt played on a coarser view of the hands.

Every trick is opened with a card the condition allows, every other seat follows the led suit
while it holds any, and a trick goes to its highest submarine or, without one, to the highest
card of the led suit, which the leader or a seat that followed played; its winner opens the
next trick. So a seat can play a card it may not lead only into a trick led by another seat in
a suit it no longer holds, and it opens the next trick whenever it wins with a submarine.

:class:`LeadFlow` plays the tricks left on hands seen only as how many cards of each colour
they hold and which submarines: the leader opens with any colour it may lead, a seat without
that colour plays any card, and a trick without a submarine goes to whichever seat the crew
likes of those that played the led colour. Every line of the real attempt is a line of this
coarser game (ranks only decide who of those seats wins), so when no line of it reaches the
end with every trick opened by an allowed card, the attempt is lost. It holds only while no
task is pending: an attempt whose tasks are all done is won before its last trick.

On the logbook's mission 12 deals the lost ones fail here at the first trick, where the
search without it had to try every line (each lost only when some seat, tricks later, was left
to lead with pink cards and submarines alone).
"""

from __future__ import annotations

from typing import Final

from crew.engine.cards import COLORS, SUB, SUIT_MASKS, card_list, popcount, value_of
from crew.engine.search import Node, SearchForm
from crew.engine.task_base import PENDING

__all__ = ["LeadFlow", "lead_flow"]

#: Bits per colour in a hand's view (a hand holds at most 14 cards); the submarines follow.
_WIDTH: Final = 4
_SUBS_AT: Final = _WIDTH * len(COLORS)
#: Positions of the coarse game one search form may visit before the cut gives up (it then
#: says "not lost" from there on: never a wrong "lost").
STEP_LIMIT: Final = 2_000_000
#: Verdicts remembered per search form (memory bound).
MEMO_LIMIT: Final = 200_000


def lead_flow(form: SearchForm, leads: int) -> LeadFlow | None:
    """The cut for ``form`` whose conditions let a seat lead only ``leads``; None when it does
    not apply: every card may be led, a colour may be led only in part, a submarine may be
    led, or Tonoja plays (her face-down cards are not in a hand)."""
    if form.tonoja or leads & SUIT_MASKS[SUB]:
        return None
    colours: list[int] = []
    for colour in COLORS:
        allowed = leads & SUIT_MASKS[colour]
        if allowed == SUIT_MASKS[colour]:
            colours.append(colour)
        elif allowed:
            return None  # part of a colour: the counts cannot tell
    return LeadFlow(form.seats, tuple(colours))


def view(hand: int) -> int:
    """A hand as the coarse game sees it: its count of each colour and its submarines (by
    value)."""
    out = 0
    for colour in COLORS:
        out |= popcount(hand & SUIT_MASKS[colour]) << (_WIDTH * colour)
    for card in card_list(hand & SUIT_MASKS[SUB]):
        out |= 1 << (_SUBS_AT + value_of(card) - 1)
    return out


class LeadFlow:
    """Whether the tricks left can be played at all with only the colours ``colours`` led
    (see the module); the verdicts of the coarse game are remembered for the search form."""

    def __init__(self, seats: int, colours: tuple[int, ...]) -> None:
        self.seats = seats
        self.colours = colours
        self.memo: dict[tuple[int, ...], bool] = {}
        self.steps = 0

    def lost(self, form: SearchForm, node: Node) -> bool:
        """At the start of a trick: True when no line plays the tricks left (no task
        pending)."""
        if PENDING in node.status or self.steps >= STEP_LIMIT:
            return False
        hands = [view(h) for h in node.hands]
        return not self.can(hands, node.leader, form.total - len(node.tricks))

    def can(self, hands: list[int], leader: int, left: int) -> bool:
        """Whether the coarse game from ``hands`` (views), ``leader`` to lead, reaches the end
        of ``left`` more tricks (True also once it has run out of steps)."""
        if left == 0:
            return True
        key = (*hands, leader, left)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.steps += 1
        if self.steps > STEP_LIMIT:
            return True
        found = False
        for colour in self.colours:
            one = 1 << (_WIDTH * colour)
            if hands[leader] >> (_WIDTH * colour) & 15:
                hands[leader] -= one
                found = self._follow(hands, leader, colour, 1, 1 << leader, (-1, -1), left)
                hands[leader] += one
                if found:
                    break
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = found
        return found

    def _follow(
        self,
        hands: list[int],
        leader: int,
        colour: int,
        k: int,
        takers: int,
        top: tuple[int, int],
        left: int,
    ) -> bool:
        """The ``k``-th seat after ``leader`` plays into a trick of ``colour``: ``takers``
        (bits) the seats that played the colour, ``top`` the highest submarine in it and its
        seat ((-1, -1): none)."""
        seats = self.seats
        if k == seats:
            if top[1] >= 0:
                return self.can(hands, top[1], left - 1)
            return any(self.can(hands, s, left - 1) for s in range(seats) if takers >> s & 1)
        seat = (leader + k) % seats
        hand = hands[seat]
        shift = _WIDTH * colour
        if hand >> shift & 15:  # it must follow
            hands[seat] = hand - (1 << shift)
            found = self._follow(hands, leader, colour, k + 1, takers | 1 << seat, top, left)
            hands[seat] = hand
            return found
        if not hand:  # cannot happen (every seat holds a card a trick); it plays nothing
            return self._follow(hands, leader, colour, k + 1, takers, top, left)
        found = False
        for other in COLORS:  # a card of another colour: it cannot take the trick
            if hand >> (_WIDTH * other) & 15:
                hands[seat] = hand - (1 << (_WIDTH * other))
                found = self._follow(hands, leader, colour, k + 1, takers, top, left)
                hands[seat] = hand
                if found:
                    return True
        for sub in range(4):  # a submarine (its value - 1): it wins unless a higher one is in
            bit = 1 << (_SUBS_AT + sub)
            if hand & bit:
                hands[seat] = hand & ~bit
                best = (sub, seat) if sub > top[0] else top
                found = self._follow(hands, leader, colour, k + 1, takers, best, left)
                hands[seat] = hand
                if found:
                    return True
        return False
