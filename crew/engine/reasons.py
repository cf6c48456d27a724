"""Why an action is illegal: the reason codes (one registry), and the ``Illegal`` answer.

Each code carries the sentence of the table in ``docs/record-format.md`` (a test keeps the two
equal). An ``Illegal`` also carries its message as a template with ``{seat0}``-style
placeholders and the seats they stand for, so a user interface can put names in.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

from .enums import TONOJA

__all__ = [
    "N_",
    "ExplainedError",
    "SetupError",
    "Illegal",
    "IllegalActionError",
    "Reason",
    "Values",
    "fill",
    "fill_seats",
    "illegal",
    "plain",
    "seat_label",
]

#: The values a message names besides its seats, as ``(placeholder, text)`` pairs.
Values = tuple[tuple[str, str], ...]


def N_(message: str) -> str:
    """Mark a sentence for translation (gettext's convention); the engine keeps English, a user
    interface translates the template and fills in the seats and values."""
    return message


class Reason(StrEnum):
    """Every reason an action can be illegal; the value is the stable code records show."""

    sentence: str

    def __new__(cls, code: str, sentence: str) -> Reason:
        obj = str.__new__(cls, code)
        obj._value_ = code
        obj.sentence = sentence
        return obj

    GAME_OVER = "GAME_OVER", N_("the attempt is already won or lost; nothing more can be done")
    WRONG_PHASE = (
        "WRONG_PHASE",
        N_(
            "the action does not belong to the current phase (e.g. playing a card during"
            " distribution)"
        ),
    )
    BAD_SEAT = "BAD_SEAT", N_("the seat does not exist at this table")
    BAD_ACTION = (
        "BAD_ACTION",
        N_(
            "a field of the action has the wrong type or an absurd size (a seat that is not a whole"
            " number, `true` as a card, a yes/no that is not a bool); only programs calling the"
            " engine directly meet it, since a record's actions are checked when it is read"
        ),
    )
    NOT_YOUR_TURN = "NOT_YOUR_TURN", N_("another seat is to choose, answer or play now")
    NO_SUCH_CARD = "NO_SUCH_CARD", N_("the card is not one of the 40")
    CARD_NOT_IN_HAND = (
        "CARD_NOT_IN_HAND",
        N_("the seat does not hold the card (to play, show or pass it)"),
    )
    MUST_FOLLOW_SUIT = (
        "MUST_FOLLOW_SUIT",
        N_("the seat holds a card of the led suit (submarines too) and played another"),
    )
    TONOJA_FACE_DOWN = (
        "TONOJA_FACE_DOWN",
        N_("the card lies face down in Tonoja's piles; only face-up cards can be played"),
    )
    NO_SUCH_TASK = "NO_SUCH_TASK", N_("the task id is not one of this attempt's tasks")
    TASK_TAKEN = "TASK_TAKEN", N_("the task already belongs to somebody")
    CAPTAIN_MAY_NOT_TAKE = (
        "CAPTAIN_MAY_NOT_TAKE",
        N_(
            "the task compares with the captain, so the captain may never take it (or receive all"
            " tasks, or volunteer for them)"
        ),
    )
    MUST_TAKE_HARDEST = (
        "MUST_TAKE_HARDEST",
        N_(
            "mission 19: the captain's first choice must be a task of the highest difficulty, and"
            " the captain may not pass it"
        ),
    )
    LEAVES_TASK_UNTAKEABLE = (
        "LEAVES_TASK_UNTAKEABLE",
        N_("taking this task would leave the captain with a task the captain may not take"),
    )
    CANNOT_PASS = (
        "CANNOT_PASS",
        N_("there are at least as many tasks as crew members, so nobody may pass"),
    )
    MUST_TAKE = (
        "MUST_TAKE",
        N_("every task must be taken within the round and too few crew members are left to pass"),
    )
    VOLUNTEER_FORCED = (
        "VOLUNTEER_FORCED",
        N_("the tasks must be placed within the round: this seat must say yes"),
    )
    NOT_A_VOLUNTEER = (
        "NOT_A_VOLUNTEER",
        N_("with two volunteers, tasks go only to the two who said yes"),
    )
    EACH_VOLUNTEER_NEEDS_A_TASK = (
        "EACH_VOLUNTEER_NEEDS_A_TASK",
        N_("each of the two volunteers must end up with at least one task"),
    )
    PREDICTION_NOT_NEEDED = (
        "PREDICTION_NOT_NEEDED",
        N_("the seat has no prediction task still to predict"),
    )
    PREDICTION_OUT_OF_RANGE = (
        "PREDICTION_OUT_OF_RANGE",
        N_("a prediction must be 0 up to the number of tricks in the attempt"),
    )
    PREDICTION_PENDING = (
        "PREDICTION_PENDING",
        N_("communication waits until every prediction is made"),
    )
    SIGNAL_TOO_EARLY = (
        "SIGNAL_TOO_EARLY",
        N_("communication starts only once every task is handed out"),
    )
    SIGNAL_DURING_TRICK = (
        "SIGNAL_DURING_TRICK",
        N_("a trick is under way; communicate only before a trick"),
    )
    NO_COMMUNICATION = "NO_COMMUNICATION", N_("nobody may communicate in this mission")
    COMMUNICATION_NOT_YET = (
        "COMMUNICATION_NOT_YET",
        N_("this mission forbids communication before the first trick has been played"),
    )
    COMMUNICATION_CLOSED = (
        "COMMUNICATION_CLOSED",
        N_(
            "the captain gave the tasks away (missions 10, 13), so communication was only allowed"
            " before the first trick"
        ),
    )
    TOKEN_ALREADY_USED = (
        "TOKEN_ALREADY_USED",
        N_("the seat has already communicated in this attempt"),
    )
    NO_TOKEN_LEFT = "NO_TOKEN_LEFT", N_("heavy noise: every shared token has been taken")
    TONOJA_NEVER_SIGNALS = "TONOJA_NEVER_SIGNALS", N_("Tonoja never communicates")
    ALREADY_SIGNALLED = "ALREADY_SIGNALLED", N_("that card is already shown on the table")
    CANNOT_SIGNAL_SUBMARINE = "CANNOT_SIGNAL_SUBMARINE", N_("submarines are never communicated")
    SIGNAL_NOT_TRUE = (
        "SIGNAL_NOT_TRUE",
        N_(
            "the claimed position is not true for the card in that hand (a single card of its"
            " colour can only be `middle`)"
        ),
    )
    BAD_POSITION = "BAD_POSITION", N_("the position is not `top`, `middle` or `bottom`")
    DISTRESS_TOO_EARLY = (
        "DISTRESS_TOO_EARLY",
        N_("the distress signal comes only after task distribution"),
    )
    DISTRESS_TOO_LATE = (
        "DISTRESS_TOO_LATE",
        N_(
            "the distress signal must come before the first card, any communication and any"
            " prediction"
        ),
    )
    DISTRESS_ALREADY_SENT = (
        "DISTRESS_ALREADY_SENT",
        N_("the distress cards were already passed in this attempt"),
    )
    DISTRESS_CARDS = "DISTRESS_CARDS", N_("every human crew member passes exactly one card")
    BAD_DIRECTION = "BAD_DIRECTION", N_("the direction is not `left` or `right`")
    CANNOT_PASS_SUBMARINE = "CANNOT_PASS_SUBMARINE", N_("submarines are never passed")
    NOT_TIMED = "NOT_TIMED", N_("`time_up` in an attempt not played with the timer")
    TIMER_NOT_RUNNING = (
        "TIMER_NOT_RUNNING",
        N_("`time_up` before the tasks are placed (the timer starts then)"),
    )
    UNKNOWN_ACTION = "UNKNOWN_ACTION", N_("not an action of this game")


def seat_label(seat: int, tonoja: bool) -> str:
    """How engine messages name a seat: ``seat 1``, or ``Tonoja (seat 2)``."""
    return "Tonoja (seat 2)" if tonoja and seat == TONOJA else f"seat {seat}"


class Illegal(NamedTuple):
    """Why an action is not allowed: a stable reason code and a sentence for people.

    ``template`` is the sentence with ``{seat0}``, ``{seat1}``, ... where ``seats`` are named and
    ``{name}`` where ``values`` are (a card, a task id, a word), so that a user interface can
    name the seats its own way and translate the sentence; ``message`` is the English sentence
    with ``seat N``. :meth:`text` fills the template in with any naming.
    """

    code: Reason
    message: str
    template: str = ""
    seats: tuple[int, ...] = ()
    values: Values = ()

    def text(self, name: Callable[[int], str]) -> str:
        """The message with each seat named by ``name(seat)``."""
        if not self.template:
            return self.message
        return fill(
            self.template, {f"seat{i}": name(s) for i, s in enumerate(self.seats)}, self.values
        )


def fill(template: str, seats: dict[str, str], values: Values) -> str:
    """``template`` with its seat placeholders and its values filled in; a ``why`` value is a
    template itself (a reason inside a reason), filled with the same values."""
    vals = dict(values)
    if "why" in vals:
        vals["why"] = vals["why"].format(**seats, **vals)
    return template.format(**seats, **vals)


def illegal(
    reason: Reason, template: str, *seats: int, tonoja: bool = False, **values: object
) -> Illegal:
    """An ``Illegal`` whose message names ``seats`` (``{seat0}``, ...) the engine's way and
    ``values`` by their placeholders."""
    vals = tuple((k, str(v)) for k, v in values.items())
    return Illegal(reason, fill_seats(template, seats, tonoja, vals), template, seats, vals)


def plain(reason: Reason, template: str, **values: object) -> Illegal:
    """An ``Illegal`` that names no seat; ``values`` fill ``template``'s placeholders."""
    vals = tuple((k, str(v)) for k, v in values.items())
    return Illegal(reason, fill(template, {}, vals), template, (), vals)


def fill_seats(template: str, seats: tuple[int, ...], tonoja: bool, values: Values = ()) -> str:
    """``template`` with ``{seat0}``, ... named as engine messages name seats, and its values."""
    return fill(template, {f"seat{i}": seat_label(s, tonoja) for i, s in enumerate(seats)}, values)


class ExplainedError(ValueError):
    """An error whose message keeps its ``template`` apart from its ``values`` (all strings),
    like an engine reason, so that a user interface can translate it (``crew.i18n.error_text``);
    ``str()`` is the English message. A ``why`` value is a template itself, filled the same way."""

    def __init__(self, template: str, /, **values: object) -> None:
        vals = tuple((k, str(v)) for k, v in values.items())
        super().__init__(fill(template, {}, vals))
        self.template = template
        self.values: Values = vals


class IllegalActionError(ValueError):
    """An action the rules forbid; ``code`` is the reason code, the message says why.

    ``illegal`` is the engine's reason itself, so that a user interface can name the seats its
    own way (:meth:`Illegal.text`)."""

    def __init__(self, code: Reason, message: str, illegal: Illegal | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.illegal = illegal


class SetupError(ExplainedError):
    """An attempt cannot be prepared from what was given (names the field and the problem; its
    template and values kept apart, like an engine reason)."""
