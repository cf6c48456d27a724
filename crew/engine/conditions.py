"""Mission conditions: the special rules a logbook mission declares among its modifiers.

``missions/logbook.toml`` names a condition in a mission's ``modifiers`` (mission 8
``balance_9s``, 12 ``no_lead_pink_or_submarine``, 21 ``balance_1s``, 23
``first_trick_winner_leads``, 27 ``yellow5_last``); :data:`CONDITIONS` below judges it. A
condition answers two questions, each with ``Broken`` (why the attempt is lost) or None while
it holds: right after a card is played, and after a trick is complete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .cards import (
    DECK_MASK,
    PINK,
    SUB,
    SUIT_MASKS,
    VALUE_MASKS,
    card_str,
    make_card,
    popcount,
    suit_of,
)
from .enums import ConditionName, UnknownConditionError, condition_name

if TYPE_CHECKING:
    from .state import Setup
    from .tricks import Trick

__all__ = [
    "Broken",
    "CONDITIONS",
    "Condition",
    "Table",
    "UnknownConditionError",
    "Y5",
    "broken_after_play",
    "condition",
    "broken_after_trick",
]

Y5 = make_card(3, 5)


class Broken(NamedTuple):
    """Why a condition no longer holds: a sentence with ``{seat0}``, ... for ``seats``."""

    template: str
    seats: tuple[int, ...] = ()
    values: tuple[tuple[str, str], ...] = ()


class Table(Protocol):
    """What a condition reads of the table: a ``GameState``, or the search's lighter view of
    one position (:mod:`crew.engine.search`)."""

    @property
    def setup(self) -> Setup: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def trick_cards(self) -> tuple[int, ...]: ...
    @property
    def won(self) -> tuple[int, ...]: ...
    @property
    def counts(self) -> tuple[int, ...]: ...
    @property
    def played(self) -> int: ...


#: (the table before the card, seat, card, 1-based trick number, whether the card completes it)
OnPlay = Callable[[Table, int, int, int, bool], Broken | None]
#: (the table after the trick, whether it was the final trick)
AfterTrick = Callable[[Table, bool], Broken | None]


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """A mission condition: what it says, its two judges, and what an open-hand search may
    know about it: the part of the past it still reads (``counts_of``: how many of these
    captured cards each seat has; ``first_winner``: the first trick's winner and the trick
    counts), the cards it tells apart from the others of their suit (``apart``) and the cards
    any seat may lead (``leads``: every trick a seat wins but the last is followed by its
    lead)."""

    text: str
    on_play: OnPlay | None = None  # None: no card breaks it
    after_trick: AfterTrick | None = None  # None: no trick breaks it
    counts_of: int = 0
    first_winner: bool = False
    apart: int = 0
    leads: int = DECK_MASK


def _balance(value: int) -> AfterTrick:
    def after_trick(state: Table, final: bool) -> Broken | None:
        have = [popcount(w & VALUE_MASKS[value]) for w in state.won]
        if max(have) - min(have) >= 2:
            return Broken(
                "after trick {trick} one crew member has won two more coloured {value}s than"
                " another",
                values=(("trick", str(len(state.tricks))), ("value", str(value))),
            )
        return None

    return after_trick


def _no_lead_pink_or_submarine(
    state: Table, seat: int, card: int, tnum: int, completes: bool
) -> Broken | None:
    if state.trick_cards or suit_of(card) not in (PINK, SUB):
        return None
    return Broken(
        "{seat0} led {card} at trick {trick}: no trick may be opened with pink or a submarine",
        (seat,),
        (("card", card_str(card)), ("trick", str(tnum))),
    )


def _first_trick_winner_leads(state: Table, final: bool) -> Broken | None:
    if not state.tricks:
        return None
    w = state.tricks[0].winner
    if any(c >= state.counts[w] for s, c in enumerate(state.counts) if s != w):
        return Broken(
            "after trick {trick} the winner of the first trick ({seat0}) no longer has strictly"
            " more tricks than everyone else",
            (w,),
            (("trick", str(len(state.tricks))),),
        )
    return None


def _yellow5_played(
    state: Table, seat: int, card: int, tnum: int, completes: bool
) -> Broken | None:
    if card != Y5 or (tnum == state.setup.total_tricks and completes):
        return None
    return Broken(
        "the yellow 5 was played at trick {trick} but must be the last card of the final trick",
        values=(("trick", str(tnum)),),
    )


def _yellow5_unplayed(state: Table, final: bool) -> Broken | None:
    if final and not state.played >> Y5 & 1:
        return Broken(
            "the yellow 5 was left unplayed; it had to be the last card of the final trick"
        )
    return None


#: Every mission condition by its logbook name, in the order they are judged.
CONDITIONS: dict[str, Condition] = {
    "balance_9s": Condition(
        text="nobody may have won two more coloured 9s than another",
        after_trick=_balance(9),
        counts_of=VALUE_MASKS[9],
        apart=VALUE_MASKS[9],
    ),
    "balance_1s": Condition(
        text="nobody may have won two more coloured 1s than another",
        after_trick=_balance(1),
        counts_of=VALUE_MASKS[1],
        apart=VALUE_MASKS[1],
    ),
    "no_lead_pink_or_submarine": Condition(
        text="no trick may be opened with pink or a submarine",
        on_play=_no_lead_pink_or_submarine,
        leads=DECK_MASK & ~SUIT_MASKS[PINK] & ~SUIT_MASKS[SUB],
    ),
    "first_trick_winner_leads": Condition(
        text="the first trick's winner must always have the most tricks",
        after_trick=_first_trick_winner_leads,
        first_winner=True,
    ),
    "yellow5_last": Condition(
        text="the yellow 5 must be the last card of the final trick",
        on_play=_yellow5_played,
        after_trick=_yellow5_unplayed,
        apart=1 << Y5,
    ),
}


if set(CONDITIONS) != set(ConditionName):  # a condition named but not written, or the reverse
    raise ImportError(
        f"mission conditions without a rule or a name: {set(CONDITIONS) ^ set(ConditionName)}"
    )


def condition(name: str) -> Condition:
    """The condition called ``name``; an unknown name is an error
    (:class:`UnknownConditionError`), never "no condition"."""
    return CONDITIONS[condition_name(name)]


def broken_after_play(state: Table, seat: int, card: int) -> Broken | None:
    """Why ``seat`` playing ``card`` now breaks one of the mission's conditions, or None."""
    conds = state.setup.rules.conditions
    if not conds:
        return None
    tnum = len(state.tricks) + 1
    completes = len(state.trick_cards) + 1 == state.setup.seats
    for name, cond in CONDITIONS.items():
        if name in conds and cond.on_play is not None:
            if why := cond.on_play(state, seat, card, tnum, completes):
                return why
    return None


def broken_after_trick(state: Table, final: bool) -> Broken | None:
    """Why the mission's conditions no longer hold after the trick just completed, or None."""
    conds = state.setup.rules.conditions
    if not conds:
        return None
    for name, cond in CONDITIONS.items():
        if name in conds and cond.after_trick is not None:
            if why := cond.after_trick(state, final):
                return why
    return None
