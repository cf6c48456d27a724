"""What ``apply`` reports: one ``Event`` per thing that happened, automatic steps included."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Event", "EventKind"]


class EventKind(StrEnum):
    """The kinds of events, in roughly the order an attempt produces them."""

    TAKE = "take"
    PASS = "pass"
    VOLUNTEER = "volunteer"
    GIVE = "give"
    ASSIGN = "assign"
    DISTRIBUTION_DONE = "distribution_done"
    DISTRESS = "distress"
    PREDICT = "predict"
    TRICKS_BEGIN = "tricks_begin"
    SIGNAL = "signal"
    PLAY = "play"
    TRICK_WON = "trick_won"
    TONOJA_FLIP = "tonoja_flip"
    TASK_DONE = "task_done"
    TASK_FAILED = "task_failed"
    ATTEMPT_WON = "attempt_won"
    ATTEMPT_LOST = "attempt_lost"


class Event(NamedTuple):
    """Something that happened, for the user interface and the record's replay report.

    ``exchange`` (distress only) lists each passed card as ``(from_seat, to_seat, card)``.
    ``template`` is ``text`` with ``{seat0}``, ... where ``seats`` are named, so a user
    interface can put names in (see ``reasons.fill_seats``); ``values`` fill its other
    placeholders (task ids, trick numbers).
    """

    kind: EventKind
    seat: int = -1
    card: int = -1
    task: int = -1
    trick: int = 0
    text: str = ""
    exchange: tuple[tuple[int, int, int], ...] = ()
    template: str = ""
    seats: tuple[int, ...] = ()
    values: tuple[tuple[str, str], ...] = ()
