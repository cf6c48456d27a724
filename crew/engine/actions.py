"""One small immutable type per thing a player (or the crew together) can do.

Every action carries the seat it is done for where a seat applies; in the two-player game the
captain acts for Tonoja (seat 2), but the action still names seat 2.
"""

from __future__ import annotations

from dataclasses import dataclass

from .enums import Direction, Position
from .reasons import Illegal, Reason, plain

__all__ = [
    "Action",
    "Assign",
    "Distress",
    "GiveAll",
    "Pass",
    "Play",
    "Predict",
    "Signal",
    "Take",
    "TimeUp",
    "Volunteer",
    "malformed",
    "Position",
    "Direction",
]


@dataclass(frozen=True, slots=True)
class Take:
    """Normal distribution: ``seat`` takes task ``task`` (a task id) from the middle."""

    seat: int
    task: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Normal distribution: ``seat`` declines a task (only with fewer tasks than crew members)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Volunteer:
    """Volunteer missions: ``seat`` answers the captain's question with yes or no."""

    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class GiveAll:
    """All tasks go to ``to``: the captain's choice (missions 10, 13) or the crew's (mission 6)."""

    to: int


@dataclass(frozen=True, slots=True)
class Assign:
    """Free task choice, or the two volunteers' split: task ``task`` goes to seat ``to``."""

    task: int
    to: int


@dataclass(frozen=True, slots=True)
class Predict:
    """A prediction task's owner fixes the number of tricks they will win."""

    seat: int
    tricks: int


@dataclass(frozen=True, slots=True)
class Distress:
    """The crew's distress signal: each crew member passes ``cards[seat]`` to one side.

    ``left`` passes to the next seat clockwise (seat + 1), ``right`` to the previous one. In the
    two-player game the two crew members swap (Tonoja is not involved).
    """

    direction: Direction
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Signal:
    """Sonar communication: ``seat`` shows ``card`` and claims it is its highest/only/lowest."""

    seat: int
    card: int
    position: Position


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``card`` to the current trick."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TimeUp:
    """Real-time missions: the clock ran out (sent by the user interface, which owns the clock)."""


Action = Take | Pass | Volunteer | GiveAll | Assign | Predict | Distress | Signal | Play | TimeUp


def _whole(value: object) -> bool:
    # bool is a subclass of int, but True is not a seat, a card or a task
    return type(value) is int


#: Per action class: its whole-number fields.
_WHOLE_FIELDS: dict[type, tuple[str, ...]] = {
    Take: ("seat", "task"),
    Pass: ("seat",),
    Volunteer: ("seat",),
    GiveAll: ("to",),
    Assign: ("task", "to"),
    Predict: ("seat", "tricks"),
    Distress: (),
    Signal: ("seat", "card"),
    Play: ("seat", "card"),
    TimeUp: (),
}

#: Far beyond any seat, card, task or trick count; keeps messages short for absurd numbers.
_LIMIT = 1000


def malformed(action: object) -> Illegal | None:
    """Why ``action`` is not a well-formed action at all (``BAD_ACTION``), or None.

    Checks only the shape: every field has its type (a whole number that is not a bool, a bool
    answer, one of the listed words, a tuple of card numbers) and a sane size. Whether a
    well-formed action is allowed now is for :func:`crew.engine.game.why_illegal`, which calls
    this first, so an engine caller gets a reason code instead of a crash.
    """
    fields = _WHOLE_FIELDS.get(type(action))
    if fields is None:
        return plain(
            Reason.UNKNOWN_ACTION, "{action} is not an action of this game", action=repr(action)
        )
    name = type(action).__name__
    for f in fields:
        value = getattr(action, f)
        if not _whole(value):
            return plain(
                Reason.BAD_ACTION,
                "{field} must be a whole number, got {value} in {action}",
                field=f"{name}.{f}",
                value=repr(value),
                action=repr(action),
            )
        if not -_LIMIT < value < _LIMIT:
            # no digits in the message: a huge number cannot even be written out
            return plain(
                Reason.BAD_ACTION, "{field} is a number far out of any range", field=f"{name}.{f}"
            )
    if isinstance(action, Volunteer) and type(action.yes) is not bool:
        return plain(
            Reason.BAD_ACTION,
            "Volunteer.yes must be True or False, got {value}",
            value=repr(action.yes),
        )
    if isinstance(action, Signal) and not isinstance(action.position, str):
        return plain(
            Reason.BAD_ACTION,
            "Signal.position must be top, middle or bottom, got {value}",
            value=repr(action.position),
        )
    if isinstance(action, Distress):
        if not isinstance(action.direction, str):
            return plain(
                Reason.BAD_ACTION,
                "Distress.direction must be left or right, got {value}",
                value=repr(action.direction),
            )
        if not isinstance(action.cards, tuple) or len(action.cards) > 5:
            return plain(
                Reason.BAD_ACTION,
                "Distress.cards must be a tuple of one card per crew member, got {value}",
                value=repr(action.cards),
            )
        for i, card in enumerate(action.cards):
            if not _whole(card) or not -_LIMIT < card < _LIMIT:
                return plain(
                    Reason.BAD_ACTION,
                    "Distress.cards[{i}] must be a card number, got {value}",
                    i=i,
                    value=repr(card),
                )
    return None
