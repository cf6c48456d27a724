"""One small immutable type per thing a player (or the crew together) can do.

Every action carries the seat it is done for where a seat applies; in the two-player game the
captain acts for Tonoja (seat 2), but the action still names seat 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
    "Position",
    "Direction",
]

Position = Literal["top", "middle", "bottom"]
Direction = Literal["left", "right"]


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
