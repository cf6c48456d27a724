"""The engine's fixed vocabularies, in a module that loads nothing: phases, results, how the crew
communicates and receives its tasks, signal positions, distress directions, Tonoja's seat.

Each is a ``StrEnum`` whose values are the words records, ``--json`` and the data files use, so
a value read from a file compares equal to its member. The state, the view, the events, the
reasons and the quick commands (``crew check``, the present module) all take them from here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = [
    "TONOJA",
    "Communication",
    "ConditionName",
    "Direction",
    "Distribution",
    "DrawMode",
    "Phase",
    "Position",
    "Result",
    "TaskStatus",
    "UnknownConditionError",
    "condition_name",
    "seats_for",
]

#: Tonoja's seat in the two-player game.
TONOJA: Final = 2


def seats_for(players: int) -> int:
    """The seats at the table: one per crew member, and Tonoja's third seat with two players
    (who then count as a crew of three for the task difficulties)."""
    return 3 if players == 2 else players


class Phase(StrEnum):
    """The phases of an attempt, in order."""

    DISTRIBUTE = "distribute"  # normal take/pass distribution
    VOLUNTEER = "volunteer"  # the captain asks for volunteers
    GIVE = "give"  # one member receives all tasks (mission 6, 10, 13)
    ASSIGN = "assign"  # free task choice / the two volunteers split
    PREDICT = "predict"  # prediction tasks' owners fix their number
    PLAY = "play"  # tricks, with communication between tricks
    OVER = "over"  # won or lost


class Result(StrEnum):
    """How an attempt ended; ``NONE`` (the empty word, false) while it is in progress."""

    NONE = ""
    WON = "won"
    LOST = "lost"


class TaskStatus(StrEnum):
    """Where a task stands after a trick: decided as early as public information allows."""

    PENDING = "pending"
    DONE = "done"
    FAILED = "failed"


class Communication(StrEnum):
    """How the crew may communicate in an attempt (the logbook's modifiers, or the terrain)."""

    NORMAL = "normal"
    CURRENTS = "currents"  # the claim is hidden from the other seats
    HEAVY_NOISE = "heavy_noise"  # players - 2 shared tokens
    NONE = "none"


class Distribution(StrEnum):
    """How the tasks are handed out (the values are the logbook's modifier words)."""

    NORMAL = "normal"
    NONE = "none"
    CREW_PICKS = "crew_picks_one"
    CAPTAIN_GIVES = "captain_gives_all"
    ONE_VOLUNTEER = "one_volunteer"
    TWO_VOLUNTEERS = "two_volunteers"
    FREE = "free_task_choice"


class DrawMode(StrEnum):
    """Where an attempt's tasks come from."""

    DRAW = "draw"  # drawn to the mission's difficulty
    INTRO = "intro"  # the introductory mission: one task of difficulty 1
    FIXED = "fixed"  # the mission names its tasks
    NONE = "none"  # no task cards


class ConditionName(StrEnum):
    """The mission conditions of the logbook (each one's rule is in ``conditions.py``)."""

    BALANCE_9S = "balance_9s"
    BALANCE_1S = "balance_1s"
    NO_LEAD_PINK_OR_SUBMARINE = "no_lead_pink_or_submarine"
    FIRST_TRICK_WINNER_LEADS = "first_trick_winner_leads"
    YELLOW5_LAST = "yellow5_last"


class UnknownConditionError(ValueError):
    """A mission names a condition that is not one of the logbook's (nothing would judge it)."""


def condition_name(word: str) -> ConditionName:
    """The mission condition called ``word``; an unknown word is an error, never "no
    condition"."""
    try:
        return ConditionName(word)
    except ValueError:
        known = ", ".join(ConditionName)
        raise UnknownConditionError(
            f"unknown mission condition {word!r}; the conditions are: {known}"
        ) from None


class Direction(StrEnum):
    """Where each crew member's card goes in the distress signal: ``left`` to the next seat
    clockwise (seat + 1), ``right`` to the previous one. ``NONE``: not sent this attempt."""

    NONE = ""
    LEFT = "left"
    RIGHT = "right"


class Position(StrEnum):
    """Where a sonar token lies on the card shown, and what it claims about the hand."""

    TOP = "top"  # the highest card of its colour
    MIDDLE = "middle"  # the only card of its colour
    BOTTOM = "bottom"  # the lowest card of its colour
