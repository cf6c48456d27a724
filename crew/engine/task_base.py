"""What judging a task card is made of: statuses, what an evaluator may look at, and what an
open-hand search may know about a task.

Every task category (:mod:`crew.engine.tasks_won`, :mod:`crew.engine.tasks_counted`,
:mod:`crew.engine.tasks_trick`) states three things side by side: its evaluator (pending, done
or failed after a trick, from public information only), its lead check if it restricts leads,
and its :class:`Knowledge`: the part of the past a pending task still depends on, the cards it
tells apart, the consequences of its rule a perfect-information search may check early, and
what the owner is after (for move ordering). :data:`crew.engine.tasks.JUDGES` collects them; a
category without an entry is an error when the cards load.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final, Generic, NamedTuple, TypeVar

from .cards import SUIT_LETTERS, SUIT_MASKS, VALUE_MASKS
from .enums import TaskStatus
from .tricks import Trick

__all__ = [
    "DONE",
    "FAILED",
    "PENDING",
    "STATUS_NAMES",
    "Ctx",
    "Cut",
    "CutKind",
    "Evaluator",
    "Judge",
    "Knowledge",
    "Lean",
    "OnLead",
    "Tally",
    "Reads",
    "RunMode",
    "TotalOp",
]

# Final: the compiled modules take the numbers as they are, not from this module at each use
PENDING: Final = 0
DONE: Final = 1
FAILED: Final = 2
STATUS_NAMES = (TaskStatus.PENDING, TaskStatus.DONE, TaskStatus.FAILED)


class Ctx(NamedTuple):
    """What the evaluators may look at after a trick: public information only."""

    won: tuple[int, ...]  # captured cards per seat
    counts: tuple[int, ...]  # tricks won per seat
    tricks: tuple[Trick, ...]  # completed tricks
    avail: int  # cards that may still be played (0 once the attempt is over)
    remaining: int  # tricks still to play (0 once over)
    total: int  # tricks in the whole attempt
    captain: int
    predictions: tuple[int, ...]  # per seat, -1 when none
    final: bool  # no more tricks will be played
    crew: int  # crew size for thresholds (two players with Tonoja: 3)


Evaluator = Callable[[int, Ctx], int]
#: ``on_lead(owner, leader, card)``: FAILED when the owner has just led a forbidden card.
OnLead = Callable[[int, int, int], int]
#: ``tally(owner, counts, captain, run)``: the part of the trick counts (and of the owner's current
#: run of won tricks) that a pending task still depends on; positions whose tallies agree play
#: out the same way for it.
Tally = Callable[[int, tuple[int, ...], int, int], object]
#: ``lean(owner, counts, tricks, captain, prediction, total)``: +1 when the owner wants to win
#: the next trick, -1 when it wants to lose it, 0 when it does not care (move ordering only).
Lean = Callable[[int, tuple[int, ...], tuple[Trick, ...], int, int, int], int]


class Reads(IntEnum):
    """What part of the past a *pending* task can still depend on (beyond the cards still held,
    which every position names): the search's transposition key keeps exactly that."""

    NOTHING = 0  # a pending task of this kind is decided by what happens next
    WON = 1  # the owner's captured cards within ``Knowledge.reads_cards``
    COUNTS = 2  # the trick counts (``Knowledge.tally``: the part of them it depends on)
    RUN = 3  # the owner's trick count and its current run of won tricks (or ``tally`` of them)
    COUNTED = 4  # how many cards of each set of ``Knowledge.counted`` the owner has captured
    # (not which: a task that counts captured cards)


class CutKind(IntEnum):
    """Consequences of a task's rule that hold whatever the crew plays; an open-hand search
    (:mod:`crew.solver.bounds`, a class per kind in :mod:`crew.solver.cuts`) checks them before
    the public evaluator can."""

    MOST_TRICKS = 0  # the owner ends with at most ``count`` tricks (-1: its prediction)
    ONLY_TRICKS = 1  # the owner wins no trick but those in ``tricks`` (0 stands for the last)
    WIN_TRICKS = 2  # the owner wins the tricks in ``tricks`` and none in ``lose``
    RUN = 3  # a run of ``count`` won tricks, as ``mode`` says (:class:`RunMode`)
    MOST_SUBMARINES = 4  # the owner captures at most ``count`` submarines
    ONLY_SUBMARINE = 5  # the owner captures no submarine but the one in ``cards``
    NEEDS_SUBMARINES = 6  # the owner captures ``count`` submarines, or those in ``cards``
    OWN_CARD = 7  # the owner must still hold a card of ``cards`` to do it
    EVERY_SEAT = 8  # every seat must still hold a coloured card of ``cards``
    TRICK_TOTAL = 9  # one trick of coloured cards whose total is ``op`` (:class:`TotalOp`) the
    # crew's ``limits``
    FINAL_COUNTS = 10  # the evaluator judges the final trick counts alone (any counts vector)
    LEADS_ONLY = 11  # the owner may lead only ``cards``: every trick it wins but the last is
    # followed by its lead
    CAPTURES = 12  # the owner must capture every card of ``cards``
    CAPTURES_AT_MOST = 13  # the owner captures at most ``count`` cards of ``cards``
    CAPTURES_AT_LEAST = 14  # the owner captures at least ``count`` cards of ``cards``
    OTHERS_HOLD = 15  # a seat other than the owner must still hold a card of ``cards`` (the
    # owner's own card in that trick is another one)
    CAPTURES_ONE_OF = 16  # the owner captures every card of one of the sets in ``sets``
    WINS_WITH_SUBMARINE = 17  # the owner wins the trick holding the card ``cards`` with a
    # submarine of its own
    MORE_THAN = 18  # the owner ends with more cards of ``cards`` than of ``sets[0]``
    LAST_TRICK = 19  # the card ``cards`` is played in the last trick (which the owner wins)


class RunMode(StrEnum):
    """How a :attr:`CutKind.RUN` cut judges runs of ``count`` won tricks (the words of the
    ``consecutive_tricks`` card)."""

    AT_LEAST_ONCE = "at_least_once"  # such a run at least once
    EXACTLY = "exactly"  # exactly ``count`` tricks in all, won in a row
    NEVER = "never"  # no such run


class TotalOp(StrEnum):
    """How a :attr:`CutKind.TRICK_TOTAL` cut compares a trick's total with its ``limits`` (the
    words of the ``trick_sum`` card)."""

    GT = "gt"  # above the crew size's limit
    LT = "lt"  # below it
    IN = "in"  # one of the totals in ``limits``


@dataclass(frozen=True, slots=True)
class Cut:
    """One consequence of a task's rule (see :class:`CutKind` for what each field means)."""

    kind: CutKind
    count: int = 0
    cards: int = 0
    tricks: frozenset[int] = frozenset()
    lose: frozenset[int] = frozenset()
    mode: RunMode | None = None
    op: TotalOp | None = None
    limits: tuple[int, ...] = ()  # per crew size 3, 4, 5; or, for ``TotalOp.IN``, the totals
    sets: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What an open-hand search may know about one task card besides its evaluator.

    ``reads`` and ``reads_cards``: what part of the past a pending task still depends on
    (``counted``: the sets whose captured cards it only counts, for ``Reads.COUNTED``;
    ``reads_cards`` is then their union);
    ``wakes`` and ``on_win``: before the last trick, a pending task stays pending through a
    trick that holds none of the cards ``wakes`` (-1: any trick wakes it; a task reading
    captured cards is woken by those) and, with ``on_win``, that its owner does not win;
    ``apart``: sets of cards it tells apart from the other cards of their suit (two cards of a
    suit it does not tell apart are one choice when nothing ranks between them); ``cuts``:
    consequences of its rule; ``take``/``avoid``: cards the owner wants to capture or must not;
    ``trick``: the cards a qualifying trick is made of (one-trick tasks); ``lean``: whether the
    owner wants the next trick (trick-count tasks). The last four only order the search.
    ``tally``: for ``Reads.COUNTS`` and ``Reads.RUN``, the part of the counts and the run a
    pending task depends on (None: all of it).
    """

    reads: Reads
    reads_cards: int = 0
    counted: tuple[int, ...] = ()
    wakes: int = -1
    on_win: bool = False
    apart: tuple[int, ...] = ()
    cuts: tuple[Cut, ...] = ()
    take: int = 0
    avoid: int = 0
    trick: int = 0
    lean: Lean | None = None
    tally: Tally | None = None


P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Judge(Generic[P]):
    """One task category: its parameter model, evaluator, knowledge and lead check."""

    model: type[P]
    evaluate: Callable[[P], Evaluator]
    know: Callable[[P], Knowledge]
    on_lead: Callable[[P], OnLead] | None = None

    def check(self, params: Any) -> P:
        """``params`` if they are this category's model (a registry slip fails loudly rather
        than judging a card by another category's rule)."""
        if not isinstance(params, self.model):
            name = getattr(self.evaluate, "__name__", "evaluator")
            raise TypeError(f"{name} judges {self.model.__name__}, not {params!r}")
        return params


# --------------------------------------------------------------------------------------------
# helpers shared by the categories (those an evaluator calls after every trick live in compiled
# modules, where a search calls them without the interpreter: the count of a mask is
# ``crew.engine.cards.popcount``, a seat's current run ``crew.engine.tricks.current_run``)


def colour_mask(letters: Iterable[str]) -> int:
    """Every card of the colours named by their letters."""
    m = 0
    for letter in letters:
        m |= SUIT_MASKS[SUIT_LETTERS.index(letter.upper())]
    return m


def value_mask(values: Iterable[int]) -> int:
    """Every coloured card of the values given."""
    m = 0
    for v in values:
        m |= VALUE_MASKS[v]
    return m
