"""The rules in motion: ``why_illegal``, ``legal_actions`` and ``apply``.

Each action type has one handler (in ``phases/``) that owns its checks and its effect; these
three functions only dispatch to it, so legality is decided in one place per question.
``apply`` returns the next state and the events, including the automatic steps (collecting a
trick, task status, the next leader, the end of the attempt). The input state is never changed.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    Action,
    Assign,
    Distress,
    GiveAll,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    TimeUp,
    Volunteer,
    malformed,
)
from .events import Event
from .phases import communication, distress, distribution, predictions, tricks
from .phases.common import Handler, game_over
from .reasons import Illegal, IllegalActionError, Reason, plain
from .state import GameState, Phase

__all__ = ["apply", "legal_actions", "why_illegal"]

_HANDLERS: dict[type, Handler[Any]] = {
    Take: distribution.TAKE,
    Pass: distribution.PASS,
    Volunteer: distribution.VOLUNTEER,
    GiveAll: distribution.GIVE_ALL,
    Assign: distribution.ASSIGN,
    Predict: predictions.PREDICT,
    Distress: distress.DISTRESS,
    Signal: communication.SIGNAL,
    Play: tricks.PLAY,
    TimeUp: tricks.TIME_UP,
}


_PLAY = Phase.PLAY  # read through a module global: the hot path


def _handler(action: object) -> Handler[Any] | None:
    handler = _HANDLERS.get(type(action))
    if handler is None:
        # a subclass of an action type is still that action
        for kind, h in _HANDLERS.items():
            if isinstance(action, kind):
                return h
    return handler


def _shape(action: object) -> Illegal | None:
    """BAD_ACTION when a field has the wrong type or an absurd size (see ``malformed``)."""
    if type(action) is Play:
        # the common case first: bots and the solver play millions of well-formed cards
        seat, card = action.seat, action.card
        if type(seat) is int and type(card) is int and 0 <= seat < 8 and 0 <= card < 40:
            return None
    return malformed(action)


def why_illegal(state: GameState, action: Action) -> Illegal | None:
    """Why ``action`` may not be done now, or None when it is legal. The one source of legality."""
    if bad := _shape(action):
        return bad
    if bad := game_over(state):
        return bad
    handler = _handler(action)
    if handler is None:
        return plain(
            Reason.UNKNOWN_ACTION, "{action} is not an action of this game", action=repr(action)
        )
    return handler.check(state, action)


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, in a stable order.

    Left out, as they are not choices of one seat: the distress signal (see
    :func:`distress_choices` and :func:`distress_possible`) and ``TimeUp`` (sent by the clock).
    """
    if state.result:
        return []
    if state.phase == _PLAY:
        out: list[Action] = []
        out.extend(communication.candidates(state))
        out.extend(tricks.candidates(state))
        return out
    candidates: list[Action] = []
    candidates.extend(distribution.candidates(state))
    candidates.extend(predictions.candidates(state))
    return [a for a in candidates if _HANDLERS[type(a)].check(state, a) is None]


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Do ``action``: the next state and the events, or IllegalActionError (state unchanged)."""
    handler = _HANDLERS.get(type(action)) or _handler(action)
    if handler is None or state.result or _shape(action) is not None:
        bad = why_illegal(state, action)
    else:
        bad = handler.check(state, action)
    if bad is not None:
        raise IllegalActionError(bad.code, bad.message, bad)
    assert handler is not None
    return handler.effect(state, action)
