"""What the game screen says about the table, in words: the gate's lines, a computer thinking
and what it did, a hint and the computers' task wishes. Each a pure function of the
:class:`~crew.table.SeatScope` (public facts, and the open hand's own)."""

from __future__ import annotations

from rich.text import Text

from crew.i18n import _, said
from crew.present import clock
from crew.table import (
    Answer,
    Ask,
    AskKind,
    CardAnswer,
    SeatScope,
    SignalAnswer,
    Step,
    StepKind,
    VotesAnswer,
)
from crew.table.advice import Advice

from ..render import news_text

__all__ = [
    "clock_line",
    "gate_detail",
    "hint_words",
    "move_line",
    "thinking_line",
    "trick_done_line",
    "wishes_line",
]


def thinking_line(t: SeatScope, ask: Ask) -> Text:
    """Who is deciding what now ("Robo 1 is thinking…")."""
    name = t.name(ask.seat) if ask.seat >= 0 else ""
    line = {
        AskKind.VOTES: _("The computers consider the distress signal…"),
        AskKind.DISTRESS_CARD: _("{name} chooses the card to pass…"),
        AskKind.SIGNAL: _("{name} considers a signal before the lead…"),
    }.get(ask.kind, _("{name} is thinking…"))
    return Text(line.format(name=name), style="bold")


def move_line(t: SeatScope, answer: Answer) -> Text:
    """What a computer just did, in public words (a passed card stays secret)."""
    match answer:
        case VotesAnswer(votes=votes):
            said_votes = []
            for seat, direction in votes:
                if direction:
                    say = _("send it ({direction})").format(direction=_(direction))
                else:
                    say = _("no need")
                said_votes.append(f"{t.name(seat)}: {say}")
            return Text(_("Distress signal? ") + "; ".join(said_votes) + ".")
        case CardAnswer(ask=ask):
            return Text(_("{name} chose the card to pass.").format(name=t.name(ask.seat)))
        case SignalAnswer(action=None):
            return Text()
    return news_text(t)


def gate_detail(t: SeatScope, step: Step) -> str:
    """What the person called to the gate is about to do."""
    who = t.name(step.viewer)
    trick = t.public_view().tricks_played + 1
    for_tonoja = _(" for Tonoja") if step.seat != step.viewer else ""
    words = {
        StepKind.DISTRIBUTE: _("{who}: choose a task{for_tonoja}"),
        StepKind.VOLUNTEER: _("The captain asks {name} for a volunteer"),
        StepKind.GIVE: _("{who} (captain): keep or give away the tasks"),
        StepKind.DISTRESS_CARD: _("{who}: choose the card to pass (distress signal)"),
        StepKind.PREDICT: _("{who}: make your prediction{for_tonoja}"),
        StepKind.SIGNAL: _("{who}: choose the card to show (sonar)"),
        StepKind.PLAY: _("{who}: play a card to trick {trick}{for_tonoja}"),
        StepKind.PEEK: _("{who}: look at your hand"),
    }.get(step.kind, "")
    return words.format(who=who, name=t.name(step.seat), trick=trick, for_tonoja=for_tonoja)


def trick_done_line(t: SeatScope) -> str:
    """The trick just finished and who won it (public), until the next card is played."""
    v = t.public_view()
    last = v.last_trick
    if last is None or v.trick or v.result:
        return ""
    # no card on a gate: the table shows the trick (l) once the hand is open
    return _("Trick {n} went to {name}.").format(n=v.tricks_played, name=t.name(last.winner))


def clock_line(t: SeatScope) -> str:
    """The gate's clock line ('' when no clock runs)."""
    if t.clock_running and t.time_left is not None:
        return _("Time left: {clock}").format(clock=clock(t.time_left))
    return ""


def hint_words(t: SeatScope, advice: Advice) -> str:
    """A computer's advice for the seat at the keyboard, with its reason."""
    why = said(advice.why)
    why = why if why.endswith(".") else f"{why}."
    return _("Hint for {name}: {advice}. {why}").format(
        name=t.name(advice.seat), advice=advice.words(t.name), why=why
    )


def wishes_line(t: SeatScope, wishes: list[tuple[int, tuple[int, ...]]]) -> Text:
    """Which open tasks each computer would like, in a free task choice."""
    said_wishes = [
        f"{t.name(seat)}: " + (" ".join(f"#{n}" for n in tasks) if tasks else _("no wish"))
        for seat, tasks in wishes
    ]
    return Text(_("The computers would like ") + "; ".join(said_wishes) + ".")
