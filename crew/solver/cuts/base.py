"""What every cut shares: the interface of a cut, the stages of the check, and the card counts
the cuts of several subjects use.

A cut (:class:`TaskCut`) belongs to one pending task and its owner. It reads the typed fields
its constructor takes from the task's declaration (the engine's
:class:`~crew.engine.task_base.Cut`) and, at the start of a trick, the position's hands,
captured cards, trick counts and tricks. Which checks of a position it joins is its
:attr:`TaskCut.STAGES`; for each of them it overrides one method. Every cut is tested on its
own against the plain search (``tests/solver/test_cuts.py``: a position where it fires, and the
plain search finds no win there).
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntFlag
from typing import ClassVar, Final

from crew.engine.cards import popcount
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_base import DONE, Ctx, Evaluator
from crew.engine.tricks import won_by_others

__all__ = [
    "ALL_SUBS",
    "SUBS",
    "Fit",
    "Stage",
    "TaskCut",
    "holding",
    "leads_left",
    "most_from_one_seat",
    "surely_played",
    "taken_by_others",
    "tricks_to_take",
    "tricks_without",
    "vectors",
]

#: Every submarine, and the submarines from the highest (S4) down.
ALL_SUBS: Final = 0xF << 36
SUBS: Final = (39, 38, 37, 36)


class Stage(IntFlag):
    """The checks of a position a cut takes part in (when it can fire)."""

    CARDS = 1  # alone: the cards left make the task impossible (:meth:`TaskCut.lost_alone`)
    COUNT = 2  # against the tricks its owner surely wins with submarines (:meth:`over_least`)
    SURE = 4  # against the submarine tricks a seat is sure of (:meth:`TaskCut.over_sure`)
    CAPTURES = 8  # who must, and who may not, capture which cards (``captures.CaptureCut``)
    BARS = 16  # who may not take a submarine (:meth:`TaskCut.barred_submarines`)
    VECTOR = 32  # the final trick counts must fit one vector (:meth:`TaskCut.bound`)


class Fit:
    """What the pending tasks of a position allow the final trick counts, seat by seat, as
    their cuts add it up (:meth:`TaskCut.bound`); :mod:`.vector` then looks for counts that
    fit all of it."""

    def __init__(self, tnum: int, remaining: int, lo: list[int]) -> None:
        self.tnum = tnum  # tricks played
        self.remaining = remaining  # tricks left
        self.lo = lo  # per seat, the fewest more tricks it must win
        # per seat, the fewest more tricks a winning line itself has it win: without the tricks
        # it is sure of with its submarines, which a line won early may never reach
        self.needs = [0] * len(lo)
        self.sub_tricks = list(lo)  # per seat, the tricks it surely wins with submarines
        self.hi = [remaining] * len(lo)  # per seat, the most more tricks it may win
        self.judged: list[tuple[int, Evaluator]] = []  # (owner, evaluator) of final counts
        self.pending: list[int] = []  # the tasks whose cuts were added, in order
        self.runs: dict[int, int] = {}  # per owner, the longest run a pending task needs
        self.never: dict[int, int] = {}  # per owner, the shortest run a pending task forbids
        self.claimed: dict[int, int] = {}  # per owner, the cards its tasks name to capture
        # per owner, the cards each one-trick task's trick may hold
        self.single: dict[int, list[int]] = {}
        # per owner, (cards, tricks to capture them)
        self.takes: dict[int, list[tuple[int, int]]] = {}
        self.one_of: dict[int, list[tuple[int, ...]]] = {}  # per owner, "one whole set" cuts
        self.coloured: set[int] = set()  # owners of a one-trick task won with a coloured card
        # per owner, (cards, how many of them it must have captured at the end)
        self.wants: dict[int, list[tuple[int, int]]] = {}
        # per owner, (cards, than): it must end with more of the first than of the second
        self.outnumber: dict[int, list[tuple[int, int]]] = {}

    def floor(self, owner: int, least: int) -> None:
        """``owner`` must win at least ``least`` more tricks."""
        if least > self.lo[owner]:
            self.lo[owner] = least

    def must_win(self, owner: int, least: int) -> None:
        """A winning line has ``owner`` win at least ``least`` more tricks, whenever it ends."""
        if least > self.needs[owner]:
            self.needs[owner] = least
        self.floor(owner, least)

    def cap(self, owner: int, most: int) -> None:
        """``owner`` may win at most ``most`` more tricks."""
        if most < self.hi[owner]:
            self.hi[owner] = most


class TaskCut:
    """A consequence of one task's rule, checked at the start of a trick while the task is
    pending (see the module). The base methods say "not lost" and add nothing."""

    #: The checks this kind joins.
    STAGES: ClassVar[Stage] = Stage(0)
    #: It only caps the owner's trick count (the count stage checks that already): alone with
    #: its like, the vector check learns nothing from it.
    CAPS_ONLY: ClassVar[bool] = False

    def __init__(self, task: int, owner: int) -> None:
        self.task = task
        self.owner = owner

    def lost_alone(self, form: SearchForm, node: Node, barred: int) -> bool:
        """Whether the cards left make the task impossible; ``barred``: cards that cannot be in
        a trick the owner wins (another seat must capture them, or the owner may take no
        more of them)."""
        return False

    def over_least(self, node: Node, least: int) -> bool:
        """Whether the owner's ``least`` sure submarine tricks break the task."""
        return False

    def over_sure(self, form: SearchForm, node: Node, sure: int, count: int) -> bool:
        """Whether winning a trick with ``count`` of the submarines ``sure`` (the owner's
        choice of which) breaks the task."""
        return False

    def barred_submarines(self, form: SearchForm, node: Node, bound: int) -> int:
        """The submarines the owner may not capture, given ``bound``: unplayed submarines it
        will capture whatever happens (those its pending tasks claim, and those it is sure to
        win a trick with)."""
        return 0

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        """Add what the task allows the final trick counts to ``fit``."""


def holding(form: SearchForm, node: Node, seat: int) -> int:
    """The cards ``seat`` may still play: its hand, and for Tonoja her face-down cards too."""
    held = node.hands[seat]
    if form.tonoja and seat == TONOJA:
        for down, _ in node.piles:
            if down >= 0:
                held |= 1 << down
    return held


def surely_played(held: int, cards: int, remaining: int) -> int:
    """How many of ``cards`` a seat holding ``held`` surely plays in the ``remaining`` tricks:
    a seat plays one card a trick, so all its cards but those beyond the tricks left (three
    players: one seat holds a card that is never played)."""
    spare = max(0, popcount(held) - remaining)
    return max(0, popcount(held & cards) - spare)


def most_from_one_seat(form: SearchForm, node: Node, cards: int) -> int:
    """The most of ``cards`` any one seat still holds: a trick holds one card of each seat, so
    capturing them all takes at least that many tricks."""
    return max(popcount(holding(form, node, s) & cards) for s in range(form.seats))


def tricks_to_take(form: SearchForm, node: Node, short: int, pool: int) -> int:
    """The fewest tricks that can capture ``short`` cards of ``pool``: at most one card of each
    seat in a trick (``form.total + 1`` when too few are left)."""
    if short <= 0:
        return 0
    held = [popcount(holding(form, node, s) & pool) for s in range(form.seats)]
    # the fewest tricks t with sum(min(held, t)) >= short: t per seat at most from each
    for t in range(-(-short // form.seats), form.total + 1):
        if sum(min(h, t) for h in held) >= short:
            return t
    return form.total + 1  # not enough such cards left (the capture cuts say so too)


def taken_by_others(node: Node, owner: int) -> int:
    """The cards captured so far by seats other than ``owner``."""
    return won_by_others(node.won, owner)


def tricks_without(form: SearchForm, node: Node, cards: int) -> int:
    """The most tricks left that can hold none of ``cards``: each seat plays one card into
    every trick, so no more than any seat has other cards to play."""
    return min(popcount(holding(form, node, s) & ~cards) for s in range(form.seats))


def leads_left(form: SearchForm, node: Node, seat: int, cards: int) -> int:
    """How many more tricks ``seat`` may win if it may lead only ``cards``: every trick it wins
    but the last is followed by its lead, so one for each such card it holds (less the one it
    leads now), and the last trick."""
    leads = popcount(holding(form, node, seat) & cards)
    if node.leader == seat:
        leads -= 1  # the lead of this trick
    return max(0, leads) + 1


def vectors(
    form: SearchForm,
    node: Node,
    lo: list[int],
    hi: list[int],
    remaining: int,
    judged: list[tuple[int, Evaluator]],
) -> Iterator[tuple[int, ...]]:
    """Each way of sharing the ``remaining`` tricks, each seat winning between ``lo`` and
    ``hi`` more, with which every (owner, evaluator) of ``judged`` calls its task done on the
    final counts (the more tricks of each seat)."""
    seats = form.seats
    rest_lo = [sum(lo[s:]) for s in range(seats)] + [0]
    rest_hi = [sum(hi[s:]) for s in range(seats)] + [0]
    yield from _shares(
        form, node.counts, (lo, hi, rest_lo, rest_hi), [0] * seats, 0, remaining, judged
    )


def _shares(
    form: SearchForm,
    base: tuple[int, ...],
    bounds: tuple[list[int], list[int], list[int], list[int]],
    extra: list[int],
    s: int,
    left: int,
    judged: list[tuple[int, Evaluator]],
) -> Iterator[tuple[int, ...]]:
    """:func:`vectors` from seat ``s`` on, with ``left`` tricks to share (``bounds``: lo, hi
    and their sums from each seat on)."""
    lo, hi, rest_lo, rest_hi = bounds
    if s == len(extra) - 1:
        extra[s] = left
        st = form.setup
        final = tuple(b + x for b, x in zip(base, extra, strict=True))
        ctx = Ctx(
            (0,) * len(extra),
            final,
            (),
            0,
            0,
            form.total,
            st.captain,
            form.predictions,
            True,
            st.crew,
        )
        if all(evaluate(owner, ctx) == DONE for owner, evaluate in judged):
            yield tuple(extra)
        return
    for x in range(lo[s], min(hi[s], left) + 1):
        if rest_lo[s + 1] <= left - x <= rest_hi[s + 1]:
            extra[s] = x
            yield from _shares(form, base, bounds, extra, s + 1, left - x, judged)
