"""Trick rules: following suit and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import SUB, SUIT_MASKS, card_str, suit_of, value_of
from .reasons import N_

__all__ = [
    "Trick",
    "beats",
    "current_run",
    "follow_mask",
    "trick_winner",
    "won_by_others",
    "winner_reason",
    "winner_reason_parts",
]


class Trick:
    """A completed trick: who led, the seats in play order, their cards, and the winning seat.

    A value, as a frozen dataclass would be (equal and hashed by its fields, never changed),
    but written out by hand: a dataclass's constructor is Python code that sets each field
    through ``object.__setattr__``, which the compiled search ran once for every trick it
    completed. Compiled, the fields are read-only (``Final``); mypy forbids assigning them.
    """

    __slots__ = ("leader", "seats", "cards", "winner")

    def __init__(
        self, leader: int, seats: tuple[int, ...], cards: tuple[int, ...], winner: int
    ) -> None:
        self.leader: Final = leader
        self.seats: Final = seats
        self.cards: Final = cards
        self.winner: Final = winner

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (
            self.leader == other.leader
            and self.seats == other.seats
            and self.cards == other.cards
            and self.winner == other.winner
        )

    def __hash__(self) -> int:
        return hash((self.leader, self.seats, self.cards, self.winner))

    def __repr__(self) -> str:
        return (
            f"Trick(leader={self.leader!r}, seats={self.seats!r}, cards={self.cards!r}, "
            f"winner={self.winner!r})"
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Trick:
        """A trick never changes: its copy is itself."""
        return self

    def __reduce__(self) -> tuple[type[Trick], tuple[int, tuple[int, ...], tuple[int, ...], int]]:
        """Pickled as its constructor's arguments."""
        return (Trick, (self.leader, self.seats, self.cards, self.winner))

    def card_of(self, seat: int) -> int:
        """The card ``seat`` played in this trick."""
        return self.cards[self.seats.index(seat)]

    @property
    def winning_card(self) -> int:
        """The card that took the trick."""
        return self.cards[self.seats.index(self.winner)]


def follow_mask(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` that may be played onto a trick led with ``led_suit``.

    Follow suit if you can (submarines too when a submarine was led); a player void in the led
    suit may play any card, a submarine included but never compulsory.
    """
    same = hand & SUIT_MASKS[led_suit]
    return same if same else hand


def beats(card: int, best: int) -> bool:
    """Whether ``card``, played into a trick that ``best`` is winning so far, takes it: a
    submarine beats any coloured card, and a card beats a lower one of its own suit (the
    winning card is always of the led suit or a submarine, so a card of another colour never
    wins)."""
    return (card // 9 == best // 9 and card > best) or (card >= 36 > best)


def trick_winner(cards: Sequence[int]) -> int:
    """Index (in play order) of the winning card: highest submarine, else highest of the lead."""
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best_card):
            best, best_card = i, c
    return best


def current_run(seat: int, tricks: tuple[Trick, ...]) -> int:
    """How many of the last ``tricks`` in a row ``seat`` has won."""
    run = 0
    for t in reversed(tricks):
        if t.winner != seat:
            break
        run += 1
    return run


def won_by_others(won: tuple[int, ...], seat: int) -> int:
    """The cards every seat but ``seat`` has captured (``won``: each seat's captured cards)."""
    taken = 0
    for s, w in enumerate(won):
        if s != seat:
            taken |= w
    return taken


def winner_reason(cards: Sequence[int]) -> str:
    """A sentence saying why the winning card of ``cards`` (first card leads) takes the trick."""
    template, values = winner_reason_parts(cards)
    return template.format(**dict(values))


def winner_reason_parts(cards: Sequence[int]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """:func:`winner_reason` as a template and the values it names (to translate it)."""
    i = trick_winner(cards)
    w = cards[i]
    led = suit_of(cards[0])
    subs = [c for c in cards if suit_of(c) == SUB]
    card = ("card", card_str(w))
    if suit_of(w) == SUB:
        if len(subs) == 1:
            if led == SUB:
                return N_("{card} was led and is the only submarine in the trick"), (card,)
            return N_("{card} is the only submarine (trump) in the trick"), (card,)
        others = ", ".join(card_str(c) for c in subs if c != w)
        return N_("{card} is the highest submarine (trump) in the trick, above {others}"), (
            card,
            ("others", others),
        )
    same = [c for c in cards if suit_of(c) == led]
    if len(same) == 1:
        return N_("{card} led and nobody followed its colour or played a submarine"), (card,)
    return (
        N_(
            "no submarine was played; {card} is the highest card of the led colour (value"
            " {value}); cards of other colours cannot win"
        ),
        (card, ("value", str(value_of(w)))),
    )
