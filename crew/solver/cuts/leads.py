"""A cut from a mission condition that limits the cards any seat may lead (mission 12: no
pink, no submarine): the whole rest of the attempt played on a coarser view of the hands.

Every trick is opened with a card the condition allows, every other seat follows the led suit
while it holds any, and a trick goes to its highest submarine or, without one, to the highest
card of the led suit, which the leader or a seat that followed played; its winner opens the
next trick. So a seat can play a card it may not lead only into a trick led by another seat in
a suit it no longer holds, and it opens the next trick whenever it wins with a submarine.

:class:`LeadFlow` plays the tricks left on hands seen only as how many cards of each colour
they hold and which submarines, and, of each colour, which seat holds its run of highest
cards and how many of them (the top cards: each beats every other card of the colour still in
the hands). The leader opens with any colour it may lead, a seat without that colour plays
any card, and a trick without a submarine goes to the seat that played a top card of the led
colour into it, else to whichever seat the crew likes of those that played the led colour.
Once a seat's top cards are gone, no seat holds top cards of that colour any more (the seat
below may be another: the coarser game lets any follower take the trick). Every line of the
real attempt is a line of this coarser game (the ranks it forgets only decide which of those
seats wins), so when no line of it reaches the end with every trick opened by an allowed
card, the attempt is lost. It holds only while no task is pending: an attempt whose tasks are
all done is won before its last trick.

On the logbook's mission 12 deals the lost ones fail here at the first trick, where the
search without it had to try every line (each lost only when some seat, tricks later, was left
to lead with pink cards and submarines alone). The top cards matter where a seat's leads all
win: four players, deal v72-4-2, a seat holding S1, S3, S4, three pinks, B9, Y1, Y8 and Y9
wins with each of S3 and S4 and must then lead, and B9, Y8 and Y9 take the trick they open:
without the top cards the coarser game let another seat take those, and the search needed
1,283,158 positions to find the deal lost.
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
#: The game with the top cards is larger than the one with the counts alone: of the positions a
#: search may still visit when its table is made, it may take one step for every
#: ``FINE_SHARE``, and ``FINE_MOST`` in all (:meth:`LeadFlow.grant`). A computer's search of a
#: sampled deal (thousands of positions) does not play it (:data:`FINE_FROM`); the solver's (a
#: million) can play it out from the first trick: four players, v72-4-2, 74,136 steps.
#: Unbounded, one deal of the odds table (v67-4-21, lost) took 15 s instead of 2.4 s, and the
#: computers' decisions on mission 12 up to 16 s.
FINE_SHARE: Final = 8
FINE_MOST: Final = 120_000
#: A search of fewer positions than this grants none (a computer's, of one sampled deal:
#: granted even a few hundred steps a table, its decisions on mission 12 took 60% longer).
FINE_FROM: Final = 50_000
#: No top cards: per colour ``seat << _WIDTH | count`` with a count of 0 (:func:`top_cards`).
NO_TOPS: Final = (0,) * len(COLORS)


class _Tired(Exception):
    """The game with the top cards ran out of its steps (the counts alone have spoken)."""


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


def top_cards(hands: tuple[int, ...] | list[int]) -> list[int]:
    """Per colour, its top cards as ``seat << _WIDTH | count`` (count 0: none): the seat
    holding the colour's highest card still in the hands, and how many of the highest cards in
    a row it holds."""
    held = 0
    for hand in hands:
        held |= hand
    out = []
    for colour in COLORS:
        cards = held & SUIT_MASKS[colour]
        seat = count = 0
        for card in sorted(card_list(cards), key=value_of, reverse=True):
            holder = next(s for s, hand in enumerate(hands) if hand >> card & 1)
            if count and holder != seat:
                break
            seat, count = holder, count + 1
        out.append(seat << _WIDTH | count)
    return out


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
        #: steps the game with the top cards may still take, and those granted in all
        #: (:meth:`grant`)
        self.fine = 0
        self.granted = 0
        self._until = STEP_LIMIT

    def grant(self, positions: int) -> None:
        """Let the game with the top cards take steps in proportion to ``positions``, the most
        the search that uses this cut may still visit (see :data:`FINE_SHARE`), up to
        :data:`FINE_MOST` over the life of the cut; none to a search of fewer than
        :data:`FINE_FROM`."""
        if positions < FINE_FROM:
            return
        more = min(FINE_MOST - self.granted, positions // FINE_SHARE - self.fine)
        if more > 0:
            self.fine += more
            self.granted += more

    def lost(self, form: SearchForm, node: Node) -> bool:
        """At the start of a trick: True when no line plays the tricks left (no task
        pending). The counts alone first; then, within the steps granted, the top cards."""
        if PENDING in node.status or self.steps >= STEP_LIMIT:
            return False
        hands = [view(h) for h in node.hands]
        left = form.total - len(node.tricks)
        if not self.can(hands, list(NO_TOPS), node.leader, left):
            return True
        if self.fine <= 0:
            return False
        tops = top_cards(node.hands)
        if not any(tops[c] & 15 for c in self.colours):
            return False
        start = self.steps
        self._until = min(STEP_LIMIT, start + self.fine)
        try:
            found = self.can(hands, tops, node.leader, left)
        except _Tired:
            found = True
        finally:
            self._until = STEP_LIMIT
            self.fine -= self.steps - start
        return not found

    def can(self, hands: list[int], tops: list[int], leader: int, left: int) -> bool:
        """Whether the coarse game from ``hands`` (views) and ``tops`` (:func:`top_cards`),
        ``leader`` to lead, reaches the end of ``left`` more tricks (True also once it has run
        out of steps)."""
        if left == 0:
            return True
        key = (*hands, *tops, leader, left)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.steps += 1
        if self.steps > self._until:
            if self._until < STEP_LIMIT:
                raise _Tired  # nothing half-searched is remembered
            return True
        found = False
        for colour in self.colours:
            if hands[leader] >> (_WIDTH * colour) & 15:
                trick = _Trick(leader, colour)
                found = self._card(hands, tops, trick, leader, colour, 0, left)
                if found:
                    break
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = found
        return found

    def _card(
        self,
        hands: list[int],
        tops: list[int],
        trick: _Trick,
        seat: int,
        colour: int,
        k: int,
        left: int,
    ) -> bool:
        """``seat``, the ``k``-th after the leader, plays a card of ``colour`` (it holds one):
        one of its top cards of the colour, or another."""
        shift = _WIDTH * colour
        held = hands[seat] >> shift & 15
        top = tops[colour]
        mine = top & 15 if top >> _WIDTH == seat else 0
        hands[seat] -= 1 << shift
        found = False
        if mine:  # a top card: it takes the trick unless a submarine comes in
            tops[colour] = top - 1
            saved = trick.top_seat
            if colour == trick.colour:
                trick.top_seat = seat
            found = self._follow(hands, tops, trick, k + 1, left)
            trick.top_seat = saved
            tops[colour] = top
        if not found and held > mine:
            found = self._follow(hands, tops, trick, k + 1, left)
        hands[seat] += 1 << shift
        return found

    def _follow(self, hands: list[int], tops: list[int], trick: _Trick, k: int, left: int) -> bool:
        """The ``k``-th seat after the leader plays into ``trick``."""
        seats = self.seats
        if k == seats:
            if trick.sub_seat >= 0:
                return self.can(hands, tops, trick.sub_seat, left - 1)
            if trick.top_seat >= 0:
                return self.can(hands, tops, trick.top_seat, left - 1)
            return any(
                self.can(hands, tops, s, left - 1) for s in range(seats) if trick.takers >> s & 1
            )
        seat = (trick.leader + k) % seats
        hand = hands[seat]
        if hand >> (_WIDTH * trick.colour) & 15:  # it must follow
            saved = trick.takers
            trick.takers |= 1 << seat
            found = self._card(hands, tops, trick, seat, trick.colour, k, left)
            trick.takers = saved
            return found
        if not hand:  # cannot happen (every seat holds a card a trick); it plays nothing
            return self._follow(hands, tops, trick, k + 1, left)
        for other in COLORS:  # a card of another colour: it cannot take the trick
            if hand >> (_WIDTH * other) & 15 and self._card(
                hands, tops, trick, seat, other, k, left
            ):
                return True
        for sub in range(4):  # a submarine (its value - 1): it wins unless a higher one is in
            bit = 1 << (_SUBS_AT + sub)
            if hand & bit:
                hands[seat] = hand & ~bit
                was, was_seat = trick.sub, trick.sub_seat
                if sub > was:
                    trick.sub, trick.sub_seat = sub, seat
                found = self._follow(hands, tops, trick, k + 1, left)
                trick.sub, trick.sub_seat = was, was_seat
                hands[seat] = hand
                if found:
                    return True
        return False


class _Trick:
    """The trick under way in the coarse game: its leader and colour, the seats that played
    the colour, the highest submarine in it and its seat, the seat that played a top card of
    the colour into it (-1: none)."""

    __slots__ = ("leader", "colour", "takers", "sub", "sub_seat", "top_seat")

    def __init__(self, leader: int, colour: int) -> None:
        self.leader = leader
        self.colour = colour
        self.takers = 1 << leader
        self.sub = -1
        self.sub_seat = -1
        self.top_seat = -1
