"""What a computer crewmate would do now for one seat, from that seat's view only.

``crew suggest`` and the practice table's hint (``h``) both ask :func:`advise`: the question
the table would put to the seat (:func:`~crew.table.protocol.question_for`), the seat's own
view and a memory rebuilt from the views it had, action by action. Nothing else of the game
reaches the decision, so two deals that look the same to the seat get the same advice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from crew.bots import (
    DEFAULT,
    Decision,
    Memory,
    Settings,
    choose_action,
    choose_distress,
    choose_distress_card,
    choose_signal,
)
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
    View,
    Volunteer,
    card_str,
    view_for,
)
from crew.engine.signals import POSITION_CLAIMS
from crew.i18n import Said, _, ngettext
from crew.records import action_to_json

from .protocol import Ask, AskKind, TableState, question_for

__all__ = ["Advice", "advise", "advice_for"]


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


def advise(
    view: View,
    memory: Memory,
    rng: random.Random,
    ask: Ask,
    *,
    to_play: bool,
    settings: Settings = DEFAULT,
) -> Advice:
    """The computer's answer to ``ask`` for its seat (``to_play``: it also plays next, so a
    signal it would not give is followed by the card it would play). Raises the bots'
    NothingToDecide when the seat has no choice of that kind."""
    seat = view.seat
    if ask.kind == AskKind.VOTES:
        d = choose_distress(view, memory, rng, settings)
        if d.direction is None:
            return Advice(seat, None, d.why)
        c = choose_distress_card(view, memory, rng, d.direction)
        assert c.card is not None
        both = Said("{vote}; pass {card}", vote=d.why, card=c.why)
        return Advice(seat, None, both, distress=d.direction, card=c.card)
    if ask.kind == AskKind.DISTRESS_CARD:
        raise ValueError("the card to pass is advised with the distress vote")
    dec: Decision = (
        choose_signal(view, memory, rng, settings)
        if ask.kind == AskKind.SIGNAL
        else choose_action(view, memory, rng, settings)
    )
    if dec.action is None and ask.kind == AskKind.SIGNAL and to_play:
        why = dec.why
        dec = choose_action(view, memory, rng, settings)
        dec = Decision(dec.action, Said("no signal ({why}); {play}", why=why, play=dec.why))
    return Advice(seat, dec.action, dec.why)


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
    views = [view_for(st, seat) for st in states]
    memory = Memory.replayed(seat, views)
    view = views[-1]
    to_play = view.controller(view.turn) == seat

    def job() -> Advice:
        return advise(view, memory, rng, ask, to_play=to_play, settings=settings)

    return job
