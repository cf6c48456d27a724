"""The 40 playing cards, their text notation, and bitmask hands.

Inside the engine a card is a small int 0..39 and a set of cards is an int bitmask (bit ``c`` set
means card ``c`` is present). Everywhere a person or a file sees a card it is written as colour
letter + value: ``P`` pink, ``B`` blue, ``G`` green, ``Y`` yellow (1-9), ``S`` submarine (1-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from .reasons import N_, ExplainedError

__all__ = [
    "ALL_CARDS",
    "CAPTAIN_CARD",
    "CardError",
    "COLORS",
    "COLOR_NAMES",
    "DECK_MASK",
    "SUB",
    "SUIT_MASKS",
    "card_str",
    "cards_str",
    "deck_gap",
    "deck_problem",
    "color_of",
    "is_submarine",
    "make_card",
    "mask_of",
    "parse_card",
    "parse_cards",
    "suit_of",
    "value_of",
    "card_list",
    "cards_in",
    "popcount",
]

#: Suit indices: the four colours 0-3, submarines 4.
PINK, BLUE, GREEN, YELLOW, SUB = 0, 1, 2, 3, 4
COLORS = (PINK, BLUE, GREEN, YELLOW)
SUIT_LETTERS = "PBGYS"
COLOR_NAMES = ("pink", "blue", "green", "yellow", "submarine")
#: One glyph per suit so no information depends on colour vision.
SUIT_GLYPHS = ("♥", "♦", "♣", "♠", "⚓")

ALL_CARDS = tuple(range(40))
#: The submarine 4: whoever is dealt it is the captain.
CAPTAIN_CARD = 39
DECK_MASK: Final = (1 << 40) - 1

_SUIT: Final = tuple(c // 9 if c < 36 else SUB for c in ALL_CARDS)
_VALUE: Final = tuple(c % 9 + 1 if c < 36 else c - 35 for c in ALL_CARDS)
_TEXT = tuple(f"{SUIT_LETTERS[_SUIT[c]]}{_VALUE[c]}" for c in ALL_CARDS)

#: Bitmask of every card of a suit, indexed by suit.
SUIT_MASKS: Final = tuple(sum(1 << c for c in ALL_CARDS if _SUIT[c] == s) for s in range(5))
#: Bitmask of the coloured cards (never submarines) of each value 1-9; index 0 unused.
VALUE_MASKS: Final = (0,) + tuple(
    sum(1 << c for c in range(36) if _VALUE[c] == v) for v in range(1, 10)
)
COLOR_CARDS_MASK: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]

_ALIASES = {
    "p": PINK,
    "pink": PINK,
    "b": BLUE,
    "blue": BLUE,
    "g": GREEN,
    "green": GREEN,
    "y": YELLOW,
    "yellow": YELLOW,
    "s": SUB,
    "sub": SUB,
    "submarine": SUB,
    # Dutch, as the Dutch box names them (crew rules cards)
    "roze": PINK,
    "blauw": BLUE,
    "groen": GREEN,
    "geel": YELLOW,
    "onderzeeboot": SUB,
    "onderzeeër": SUB,
    "onderzeeer": SUB,
}


class CardError(ExplainedError):
    """A card string that is not one of the 40 cards (names the string and the accepted forms).

    Like an engine reason it keeps its ``template`` apart from its ``values`` (all strings), so
    that a user interface can translate it; ``str()`` is the English message."""


def make_card(suit: int, value: int) -> int:
    """The card of ``suit`` (0-4) and ``value`` (1-9, submarines 1-4)."""
    if suit == SUB:
        if not 1 <= value <= 4:
            raise CardError("there is no submarine {value}: submarines are 1-4", value=str(value))
        return 35 + value
    if not 1 <= value <= 9:
        raise CardError(
            "there is no {colour} {value}: colour cards are 1-9",
            colour=COLOR_NAMES[suit],
            value=str(value),
        )
    return suit * 9 + value - 1


def parse_card(text: str) -> int:
    """Parse one card written in the project notation (case-insensitive)."""
    raw = text if len(text) <= 40 else text[:37] + "..."
    s = text.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    i = len(s)
    # ASCII digits only: str.isdigit() also accepts "²" or "٣", which int() then refuses
    while i > 0 and s[i - 1] in "0123456789":
        i -= 1
    word, digits = s[:i], s[i:]
    if word not in _ALIASES or not digits or len(digits) > 2:
        raise CardError(
            "unknown card {card}: write a colour letter P/B/G/Y with a value 1-9 (P7, g2), S"
            " with 1-4 for a submarine (S4), or a word such as pink7, blue 3, sub3, submarine4"
            " (Dutch too: roze7, blauw 3, groen2, geel5, onderzeeboot4)",
            card=repr(raw),
        )
    suit = _ALIASES[word]
    value = int(digits)
    try:
        return make_card(suit, value)
    except CardError as exc:
        raise CardError(
            "unknown card {card}: {why}", card=repr(raw), why=exc.template, **dict(exc.values)
        ) from None


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse several cards, separated by spaces or commas, or given as a list of strings."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    else:
        parts = [p for item in text for p in str(item).replace(",", " ").split()]
    return [parse_card(p) for p in parts]


def card_str(card: int) -> str:
    """The notation of one card, e.g. ``P7`` or ``S4``."""
    return _TEXT[card]


def cards_str(cards: Iterable[int]) -> list[str]:
    """The notation of several cards, in the given order."""
    return [_TEXT[c] for c in cards]


def suit_of(card: int) -> int:
    """Suit index of a card: 0-3 colours, 4 submarine."""
    return _SUIT[card]


color_of = suit_of


def value_of(card: int) -> int:
    """Printed value of a card (1-9 colours, 1-4 submarines)."""
    return _VALUE[card]


def is_submarine(card: int) -> bool:
    """Submarines are the trump suit and can never be communicated or passed."""
    return card >= 36


def mask_of(cards: Iterable[int]) -> int:
    """Bitmask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[int]:
    """Cards of a bitmask in ascending order (suit by suit, low to high)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> list[int]:
    """Cards of a bitmask as a list, ascending (the hot paths' form of :func:`cards_in`)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def deck_gap(pieces: Iterable[int], seen: int = 0) -> tuple[str, str] | None:
    """Why the bitmasks ``pieces`` (with the cards already ``seen``) are not the 40 cards, each
    exactly once, as a sentence's template and its ``{cards}``: the cards placed twice, or the
    cards missing; None when they are."""
    for m in pieces:
        if seen & m:
            return N_("card(s) placed twice: {cards}"), ", ".join(map(card_str, cards_in(seen & m)))
        seen |= m
    if seen != DECK_MASK:
        return N_("card(s) missing: {cards}"), ", ".join(map(card_str, cards_in(DECK_MASK & ~seen)))
    return None


def deck_problem(pieces: Iterable[int], seen: int = 0) -> str | None:
    """:func:`deck_gap` as one English sentence."""
    gap = deck_gap(pieces, seen)
    return None if gap is None else gap[0].format(cards=gap[1])


def popcount(mask: int) -> int:
    """Number of cards in a bitmask (of any non-negative number, the bits set).

    Counted by adding neighbouring bits in ever wider fields (pairs, nibbles, bytes, then the
    bytes together) rather than with ``int.bit_count``: compiled code calls a method of an int
    as Python does, by looking it up, several times slower than these few operations on a
    machine word. Numbers of 48 bits or more (the cards need 40) are counted by the method.
    """
    if mask >> 48:
        return mask.bit_count()
    m = mask - ((mask >> 1) & 0x5555_5555_5555)
    m = (m & 0x3333_3333_3333) + ((m >> 2) & 0x3333_3333_3333)
    m = (m + (m >> 4)) & 0x0F0F_0F0F_0F0F
    m += m >> 8
    m += m >> 16
    m += m >> 32
    return m & 0x7F


def sort_key(card: int) -> tuple[int, int]:
    """Display order: submarines first, then the colours, each low to high."""
    s = _SUIT[card]
    return (0 if s == SUB else s + 1, _VALUE[card])
