"""What a computer crewmate would do now for one seat, from that seat's view only.

``crew suggest`` and the practice table's hint (``h``) both ask :func:`advice_for`: the
question the table would put to the seat (:func:`~crew.table.protocol.question_for`), answered
by the table's own job (:func:`~crew.table.jobs.job`: the seat's own view and a memory rebuilt
from the views it had, action by action) and carried out as the table would
(:func:`~crew.table.jobs.carry_out`) when the seat decides more than once in a row (no signal,
then its card; its distress vote, then the card it passes). Nothing else of the game reaches
the decision, so two deals that look the same to the seat get the same advice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from crew.bots import DEFAULT, Memory, Settings
from crew.engine import (
    Action,
    Assign,
    GameState,
    GiveAll,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    Volunteer,
    card_str,
    view_for,
)
from crew.engine.signals import POSITION_CLAIMS
from crew.i18n import Said, _, ngettext
from crew.records import action_to_json

from .jobs import ActionAnswer, Answer, CardAnswer, SignalAnswer, VotesAnswer, carry_out, job
from .protocol import Ask, AskKind, TableState, question_for

__all__ = ["Advice", "advice_for"]


@dataclass(frozen=True)
class Advice:
    """A computer's advice for ``seat``: the action (None: nothing now, e.g. no signal), the
    distress direction and card it would pass, and its reason in words."""

    seat: int
    action: Action | None
    why: str
    distress: str | None = None  # the direction of a distress signal it would send
    card: int | None = None  # the card it would pass then

    def json(self) -> dict[str, Any]:
        """The suggestion as ``crew suggest --json`` prints it."""
        if self.distress is not None:
            assert self.card is not None
            act: dict[str, Any] | None = {
                "distress": self.distress,
                "seat": self.seat,
                "card": card_str(self.card),
            }
        else:
            act = None if self.action is None else action_to_json(self.action)
        return {"action": act, "why": self.why}

    def words(self, name: Callable[[int], str]) -> str:
        """What to do, in words ("play B7", "take task #12", "no signal now"), in the language
        in use."""
        a = self.action
        if self.distress is not None:
            assert self.card is not None
            return _("send the distress signal {direction}, passing {card}").format(
                direction=_(self.distress), card=card_str(self.card)
            )
        match a:
            case None:
                return _("nothing now")
            case Play(seat=seat, card=card) if seat != self.seat:
                return _("play {card} from {name}'s cards").format(
                    card=card_str(card), name=name(seat)
                )
            case Play(card=card):
                return _("play {card}").format(card=card_str(card))
            case Signal(card=card, position=position):
                claim = _(POSITION_CLAIMS.get(position, position))
                return _("signal {card} ({claim})").format(card=card_str(card), claim=claim)
            case Take(task=task):
                return _("take task #{task}").format(task=task)
            case Pass():
                return _("pass")
            case Volunteer(yes=yes):
                return _("volunteer") if yes else _("do not volunteer")
            case GiveAll(to=to):
                if to == self.seat:
                    return _("keep the tasks")
                return _("give the tasks to {name}").format(name=name(to))
            case Assign(task=task, to=to):
                return _("give task #{task} to {name}").format(task=task, name=name(to))
            case Predict(seat=seat, tricks=tricks) if seat != self.seat:
                return ngettext(
                    "predict {n} trick for {name}", "predict {n} tricks for {name}", tricks
                ).format(n=tricks, name=name(seat))
            case Predict(tricks=tricks):
                return ngettext("predict {n} trick", "predict {n} tricks", tricks).format(n=tricks)
        return str(a)


def _advise(
    state: GameState,
    table: TableState,
    ask: Ask,
    seat: int,
    memory: Memory,
    rng: random.Random,
    settings: Settings,
) -> Advice:
    """The computer's answer to ``ask`` for ``seat`` (every seat taken to be a computer's, so
    its vote decides the distress signal and the seats asked before it in the window
    declined). Raises the bots' NothingToDecide when the seat has no choice of that kind."""
    seats = frozenset(range(state.setup.players))

    def answer(ask: Ask, table: TableState) -> Answer:
        # one memory and one random source for the whole advice, as one decision
        return job(ask, state, table, {seat: memory}, lambda _: rng, settings, detach=False)()

    first = answer(ask, table)
    match first:
        case VotesAnswer(votes=[(_, None)]):
            return Advice(seat, None, first.why)
        case VotesAnswer(votes=[(_, direction)]):
            table = carry_out(first, state, table, seats).table
            card = answer(Ask(AskKind.DISTRESS_CARD, seat, ask.number, ask.deal), table)
            assert isinstance(card, CardAnswer), card
            both = Said("{vote}; pass {card}", vote=first.why, card=card.why)
            return Advice(seat, None, both, distress=direction, card=card.card)
        case CardAnswer(card=card):
            way = table.distress_direction
            return Advice(seat, None, first.why, distress=way, card=card)
        case SignalAnswer(action=None):
            table = carry_out(first, state, table, seats).table
            then = question_for(state, table, seat, number=ask.number, deal=ask.deal)
            if then is None or then.kind != AskKind.ACTION:
                return Advice(seat, None, first.why)  # not its lead: nothing more now
            play = answer(then, table)
            assert isinstance(play, ActionAnswer), play
            why = Said("no signal ({why}); {play}", why=first.why, play=play.why)
            return Advice(seat, play.action, why)
        case SignalAnswer() | ActionAnswer():
            return Advice(seat, first.action, first.why)
    raise AssertionError(first)


def advice_for(
    states: Sequence[GameState],
    table: TableState,
    seat: int,
    rng: random.Random,
    settings: Settings = DEFAULT,
) -> Callable[[], Advice] | None:
    """The advice for ``seat`` at the last of ``states`` (the attempt from its start, one state
    per action), as a function to run away from the table; None when the table asks nothing
    of ``seat`` now. Only the seat's views of those states are read."""
    state = states[-1]
    ask = question_for(state, table, seat, number=len(states) - 1)
    if ask is None:
        return None
    memory = Memory.replayed(seat, [view_for(st, seat) for st in states])

    def advise() -> Advice:
        return _advise(state, table, ask, seat, memory, rng, settings)

    return advise
