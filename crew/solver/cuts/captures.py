"""Cuts on captured cards: every card is captured by one seat at most.

So two seats cannot both need a card; an owner that must capture a card cannot also be bound
to capture none (or only so many) of its kind; an owner needing so many cards of a kind needs
that many left for it, no more of them than its own "at most so many" allows; an owner that
must take every card of one of several sets needs a set none of whose cards went, or must go,
to another seat (and with one set left must take all of it, as an owner needing so many cards
with as many left must take them all). A coloured card an owner must capture from its own
hand is captured only in a trick it wins with that very card (:mod:`.own_cards`). Every trick
an owner wins takes one card of its hand, and a trick holding a submarine only a higher one:
the tricks of the cards it must capture from one seat are as many tricks, each won with a card
of its own that can win it (:func:`winning_cards_short`).
"""

from __future__ import annotations

from typing import ClassVar

from crew.engine.cards import DECK_MASK, card_list, popcount
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_base import PENDING

from .base import (
    ALL_SUBS,
    Fit,
    Stage,
    TaskCut,
    holding,
    most_from_one_seat,
    surely_played,
    taken_by_others,
    tricks_to_take,
)

__all__ = [
    "CaptureCut",
    "Captures",
    "CapturesAtLeast",
    "CapturesAtMost",
    "CapturesOneOf",
    "Ledger",
    "WinsWithSubmarine",
    "captures_lost",
    "ledger_of",
    "winning_cards_short",
]


class Ledger:
    """What the pending capture cuts of one position say about who takes which cards."""

    def __init__(self) -> None:
        self.claims: dict[int, int] = {}  # per owner, the cards still out it must capture
        self.claimed = 0  # all of them (set by :func:`captures_lost`)
        self.full: dict[int, int] = {}  # per owner, the cards it may capture no more of
        # per owner, (cards, how many more of them it may take)
        self.room: dict[int, list[tuple[int, int]]] = {}
        # per set of cards, per owner: how many more of them it must take
        self.demand: dict[int, dict[int, int]] = {}
        # per owner, the cards whose trick it must win with a submarine of its own
        self.sub_wins: dict[int, int] = {}

    def kept_out(self, owner: int) -> int:
        """The cards that cannot be in a trick ``owner`` wins: those another seat must capture
        and those it may capture no more of."""
        out = self.full.get(owner, 0)
        for seat, cards in self.claims.items():
            if seat != owner:
                out |= cards
        return out

    def kept_from(self, seats: int, unplayed: int) -> dict[int, int]:
        """Per seat, the cards still out that no trick it wins may hold (only seats with
        some)."""
        out = {o: m & unplayed for o, m in self.full.items()}
        for owner, cards in self.claims.items():
            for seat in range(seats):
                if seat != owner:
                    out[seat] = out.get(seat, 0) | cards
        return {o: m for o, m in out.items() if m}


class CaptureCut(TaskCut):
    """A cut on the cards its owner captures: it records what it claims or forbids in the
    position's :class:`Ledger`, then checks that against the others' (:meth:`short`)."""

    def record(self, node: Node, ledger: Ledger) -> None:
        """Note what this cut claims or forbids in ``ledger``."""

    def forced(self, node: Node, ledger: Ledger) -> int:
        """Cards the owner must capture because the claims so far leave it one way, not
        claimed yet (0: none); asked again while any cut's grow (:func:`captures_lost`)."""
        return 0

    def short(self, node: Node, ledger: Ledger) -> bool:
        """Whether the cards left, once every cut recorded its part, cannot do the task."""
        return False


class Captures(CaptureCut):
    """The owner must capture every card of ``cards``: no other seat may need one; it wins
    at least as many tricks as any one seat holds of them. Reads the hands and the cards
    played."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES | Stage.VECTOR

    def __init__(self, task: int, owner: int, cards: int) -> None:
        super().__init__(task, owner)
        self.cards = cards

    def record(self, node: Node, ledger: Ledger) -> None:
        claims = ledger.claims
        claims[self.owner] = claims.get(self.owner, 0) | (self.cards & ~node.played)

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        owner = self.owner
        need = most_from_one_seat(form, node, self.cards & DECK_MASK & ~node.played)
        fit.floor(owner, need)
        fit.claimed[owner] = fit.claimed.get(owner, 0) | self.cards
        if need:
            fit.takes.setdefault(owner, []).append((self.cards, need))


class CapturesAtMost(CaptureCut):
    """The owner captures at most ``count`` cards of ``cards``: no more than that of the
    cards it must capture, and with ``count`` taken none of them. Such a task is done only once
    none of ``cards`` is left to play, so every one still held is played in a trick before the
    attempt can be won, and those the owner may not take go to the other seats, one card of
    each seat a trick at most: the others win at least so many tricks, and the owner no more
    than the rest. Reads the owner's captured cards and the hands."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES | Stage.VECTOR
    CAPS_ONLY: ClassVar[bool] = True

    def __init__(self, task: int, owner: int, cards: int, count: int) -> None:
        super().__init__(task, owner)
        self.cards = cards
        self.count = count

    def record(self, node: Node, ledger: Ledger) -> None:
        owner = self.owner
        have = popcount(node.won[owner] & self.cards)
        if have >= self.count:
            ledger.full[owner] = ledger.full.get(owner, 0) | self.cards
        ledger.room.setdefault(owner, []).append((self.cards, self.count - have))

    def short(self, node: Node, ledger: Ledger) -> bool:
        have = popcount(node.won[self.owner] & self.cards)
        mine = ledger.claims.get(self.owner, 0)
        return have + popcount(mine & self.cards) > self.count

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        remaining = fit.remaining
        # per seat, how many of the cards it surely plays
        played = [
            surely_played(holding(form, node, seat), self.cards, remaining)
            for seat in range(form.seats)
        ]
        room = max(0, self.count - popcount(node.won[self.owner] & self.cards))
        short = sum(played) - room
        if short > 0:
            fit.cap(self.owner, remaining - _tricks_holding(played, short, remaining))


class CapturesAtLeast(CaptureCut):
    """The owner captures at least ``count`` cards of ``cards``: that many must be left that
    no other seat must take, and its own "at most so many" of some of them caps what it can
    take; two owners needing some of one set need as many left between them; a trick takes
    one card of each seat. Reads the owner's captured cards and the hands."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES | Stage.VECTOR

    def __init__(self, task: int, owner: int, cards: int, count: int) -> None:
        super().__init__(task, owner)
        self.cards = cards
        self.count = count

    def forced(self, node: Node, ledger: Ledger) -> int:
        """The cards the owner must capture because no fewer will do: the cards of the set
        still out that no other seat must take and that the owner may still take, when they
        are exactly as many as it still needs (0 when they are more, or all claimed already)."""
        owner = self.owner
        short = self.count - popcount(node.won[owner] & self.cards)
        if short <= 0:
            return 0
        mine = ledger.claims.get(owner, 0)
        barred = (ledger.claimed & ~mine) | ledger.full.get(owner, 0)
        pool = DECK_MASK & ~node.played & self.cards & ~barred
        return pool if popcount(pool) == short and pool & ~mine else 0

    def short(self, node: Node, ledger: Ledger) -> bool:
        owner = self.owner
        short = self.count - popcount(node.won[owner] & self.cards)
        if short <= 0:
            return False
        others = ledger.claimed & ~ledger.claims.get(owner, 0)
        pool = DECK_MASK & ~node.played & self.cards & ~others
        if popcount(pool) < short:
            return True
        for cards, more in ledger.room.get(owner, ()):
            if popcount(pool & ~cards) + min(more, popcount(pool & cards)) < short:
                return True
        wants = ledger.demand.setdefault(self.cards, {})
        wants[owner] = max(wants.get(owner, 0), short)
        return False

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        short = self.count - popcount(node.won[self.owner] & self.cards)
        need = tricks_to_take(form, node, short, self.cards & DECK_MASK & ~node.played)
        fit.floor(self.owner, need)
        if need:
            fit.takes.setdefault(self.owner, []).append((self.cards, need))
        fit.wants.setdefault(self.owner, []).append((self.cards, self.count))


class CapturesOneOf(CaptureCut):
    """The owner captures every card of one of the sets in ``sets`` (all nine of a colour): a
    set stays possible while no card of it went, or must go, to another seat, and the owner's
    own "at most so many" leaves room for the rest of it; the cheapest such set takes as many
    tricks as any one seat holds of it. Reads the captured cards and the hands."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES | Stage.VECTOR

    def __init__(self, task: int, owner: int, sets: tuple[int, ...]) -> None:
        super().__init__(task, owner)
        self.sets = sets

    def forced(self, node: Node, ledger: Ledger) -> int:
        """All of the one set left possible (every other holds a card another seat took or
        must take), when it is the only one: the owner must capture every card of it."""
        owner = self.owner
        mine = ledger.claims.get(owner, 0)
        barred = taken_by_others(node, owner) | (ledger.claimed & ~mine)
        left = [s for s in self.sets if not s & barred]
        if len(left) != 1:
            return 0
        return left[0] & ~node.played & ~mine

    def short(self, node: Node, ledger: Ledger) -> bool:
        owner = self.owner
        barred = taken_by_others(node, owner) | (ledger.claimed & ~ledger.claims.get(owner, 0))
        mine = node.won[owner]
        room = ledger.room.get(owner, ())
        return not any(
            not s & barred and all(popcount(s & cards & ~mine) <= more for cards, more in room)
            for s in self.sets
        )

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        taken = taken_by_others(node, self.owner)
        unplayed = DECK_MASK & ~node.played
        need = min(
            (most_from_one_seat(form, node, s & unplayed) for s in self.sets if not s & taken),
            default=form.total + 1,
        )
        fit.floor(self.owner, need)
        fit.one_of.setdefault(self.owner, []).append(self.sets)


class WinsWithSubmarine(CaptureCut):
    """The owner wins the trick holding the card ``cards`` (another seat's) with a submarine
    of its own: that trick takes one of the owner's submarines (:func:`winning_cards_short`),
    and an owner holding one submarine captures that very one. Reads the hands."""

    STAGES: ClassVar[Stage] = Stage.CAPTURES

    def __init__(self, task: int, owner: int, cards: int) -> None:
        super().__init__(task, owner)
        self.cards = cards

    def record(self, node: Node, ledger: Ledger) -> None:
        owner = self.owner
        out = self.cards & ~node.played
        if not out:
            return
        ledger.sub_wins[owner] = ledger.sub_wins.get(owner, 0) | out
        if node.piles and owner == TONOJA:
            return  # her face-down cards are not in ``hands``: she may hold another submarine
        subs = node.hands[owner] & ALL_SUBS
        if popcount(subs) == 1:  # it plays that one in the trick it wins
            ledger.claims[owner] = ledger.claims.get(owner, 0) | subs


def ledger_of(cuts: list[CaptureCut], node: Node) -> Ledger:
    """What the pending ``cuts`` claim and forbid at ``node``."""
    ledger = Ledger()
    for cut in cuts:
        if node.status[cut.task] == PENDING:
            cut.record(node, ledger)
    return ledger


def captures_lost(cuts: list[CaptureCut], node: Node, ledger: Ledger) -> bool:
    """Whether the cards still out cannot go round: two owners need one card, or some pending
    cut is :meth:`~CaptureCut.short`, or two owners need more of one set than is left.

    An owner needing as many cards of a set as are left for it must capture every one of them
    (:meth:`CapturesAtLeast.forced`), and one that must take all of one of several sets, with
    one set left possible, every card of it (:meth:`CapturesOneOf.forced`): those join its
    claims, and the claims are checked again until nothing more is forced."""
    pending = [c for c in cuts if node.status[c.task] == PENDING]
    while True:
        claimed = 0
        for m in ledger.claims.values():
            if m & claimed:
                return True
            claimed |= m
        ledger.claimed = claimed
        grown = False
        for need in pending:
            more = need.forced(node, ledger)
            if more:
                ledger.claims[need.owner] = ledger.claims.get(need.owner, 0) | more
                grown = True
        if not grown:
            break
    for cut in cuts:
        if node.status[cut.task] == PENDING and cut.short(node, ledger):
            return True
    unplayed = DECK_MASK & ~node.played
    for cards, wants in ledger.demand.items():
        if len(wants) > 1 and sum(wants.values()) > popcount(unplayed & cards):
            return True
    return winning_cards_short(node, ledger)


def winning_cards_short(node: Node, ledger: Ledger) -> bool:
    """Whether an owner has too few cards to win the tricks its captures need.

    A card of another seat that the owner must capture is in a trick the owner wins with a card
    of its own: any card, but for a submarine only a higher submarine, and for a card whose
    trick it must win with a submarine (``sub_wins``) any of its submarines. The cards one seat
    holds go into as many tricks, so the owner needs a winning card for each of them, no two
    the same (Hall's condition on each seat's cards, the cards of different seats being free
    to share a trick)."""
    owners = set(ledger.claims) | set(ledger.sub_wins)
    for owner in owners:
        hand = node.hands[owner]
        subs = hand & ALL_SUBS
        by_card: dict[int, int] = {}
        claims = ledger.claims.get(owner, 0) & ~hand & ~node.played
        for c in card_list(claims):
            # a submarine is taken by a higher one only
            by_card[c] = subs & ~((2 << c) - 1) if c >= 36 else hand
        for c in card_list(ledger.sub_wins.get(owner, 0) & ~hand & ~node.played):
            by_card[c] = by_card.get(c, hand) & subs
        if not by_card:
            continue
        if not all(by_card.values()):
            return True
        groups: dict[int, list[int]] = {}
        for c, cards in by_card.items():
            seat = next((s for s, h in enumerate(node.hands) if h >> c & 1), -1)
            if seat >= 0:
                groups.setdefault(seat, []).append(cards)
        for options in groups.values():
            if len(options) > 1 and _no_matching(options):
                return True
    return False


def _no_matching(options: list[int]) -> bool:
    """Whether no distinct card can be chosen from each of ``options`` (card sets): some of
    them together offer fewer cards than they are (Hall's condition)."""
    n = len(options)
    if n > 10:
        return False  # not worth 2**n subsets; "not short" is always safe
    for pick in range(3, 1 << n):
        if pick & (pick - 1) == 0:
            continue  # single sets were checked non-empty
        union = 0
        for k in range(n):
            if pick >> k & 1:
                union |= options[k]
        if popcount(union) < popcount(pick):
            return True
    return False


def _tricks_holding(played: list[int], cards: int, remaining: int) -> int:
    """The fewest tricks that can hold ``cards`` of the cards each seat plays (``played``, by
    seat), one card of each seat a trick at most (``remaining + 1`` when none can)."""
    for t in range(1, remaining + 1):
        if sum(min(p, t) for p in played) >= cards:
            return t
    return remaining + 1
