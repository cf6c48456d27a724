"""Sonar communication: before a trick a crew member shows one card with a true claim.

The window (phase, trick under way, the mission's rules) and the seat's tokens are public; which
card can truthfully be shown is the hand's business (``signals.true_positions``).
"""

from __future__ import annotations

from ..actions import Position, Signal
from ..cards import card_str
from ..events import Event, EventKind
from ..missions import Communication
from ..reasons import N_, Illegal, Reason, fill_seats, illegal, plain
from ..signals import colour_claims, signal_position_ok, true_positions
from ..state import TONOJA, GameState, Phase, SignalMark
from .common import Handler, actor_illegal, game_over

__all__ = [
    "SIGNAL",
    "candidates",
    "may_communicate",
    "signal_card_illegal",
    "signal_positions",
]

# enum members read through module globals: the hot path of bots and the solver
_PREDICT, _PLAY = Phase.PREDICT, Phase.PLAY
_NONE, _HEAVY_NOISE = Communication.NONE, Communication.HEAVY_NOISE


def _tonoja_illegal(state: GameState, seat: int) -> Illegal | None:
    if state.setup.tonoja and seat == TONOJA:
        return plain(Reason.TONOJA_NEVER_SIGNALS, "Tonoja never communicates")
    return None


def _window_illegal(state: GameState) -> Illegal | None:
    """Whether communication is open now (the phase, the trick, the mission's rules)."""
    if state.trick_cards:  # only ever during the tricks; asked first as it is the usual answer
        return plain(
            Reason.SIGNAL_DURING_TRICK,
            "trick {trick} is under way; communicate only before a trick",
            trick=state.trick_number,
        )
    rules = state.setup.rules
    if state.phase == _PREDICT:
        return plain(
            Reason.PREDICTION_PENDING,
            "predictions are fixed before any communication; wait until every prediction is made",
        )
    if state.phase != _PLAY:
        return plain(
            Reason.SIGNAL_TOO_EARLY,
            "communication is only allowed after all tasks are distributed",
        )
    if rules.communication == _NONE:
        return plain(Reason.NO_COMMUNICATION, "nobody may communicate in this mission")
    if rules.no_comm_before_trick2 and not state.tricks:
        return plain(
            Reason.COMMUNICATION_NOT_YET,
            "in this mission nobody may communicate before trick 1 is played",
        )
    if state.given_away and state.tricks:
        return plain(
            Reason.COMMUNICATION_CLOSED,
            "the captain gave the tasks away, so communication was allowed only before trick 1",
        )
    return None


def _has_token(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can communicate as far as the seat goes: not Tonoja, a token left."""
    return not (state.setup.tonoja and seat == TONOJA) and state.tokens_left(seat) > 0


def _seat_illegal(state: GameState, seat: int) -> Illegal | None:
    """Whether ``seat`` has a token to communicate with (and is not Tonoja)."""
    if _has_token(state, seat):
        return None
    if bad := _tonoja_illegal(state, seat):
        return bad
    if state.setup.rules.communication == _HEAVY_NOISE:
        return plain(Reason.NO_TOKEN_LEFT, "all shared sonar tokens have been taken")
    return illegal(
        Reason.TOKEN_ALREADY_USED,
        "{seat0} has already communicated in this attempt",
        seat,
        tonoja=state.setup.tonoja,
    )


def may_communicate(state: GameState, seat: int) -> Illegal | None:
    """Whether ``seat`` may communicate now, judged on public facts only (never the hand).

    Phase, the trick under way, the mission's communication rules and the seat's tokens decide;
    which card, if any, can truthfully be shown is the hand's business (see ``signal_positions``).
    """
    return (
        game_over(state)
        or actor_illegal(state, seat, None, N_("communicating"))
        or _window_illegal(state)
        or _seat_illegal(state, seat)
    )


def _shown_illegal(state: GameState, seat: int, card: int) -> Illegal | None:
    """Everything about showing ``card`` except the claim: the seat, the moment, the card."""
    if bad := actor_illegal(state, seat, None, N_("communicating")):
        return bad
    if not isinstance(card, int) or not 0 <= card < 40:
        return plain(Reason.NO_SUCH_CARD, "card {card} does not exist", card=repr(card))
    if bad := _tonoja_illegal(state, seat) or _window_illegal(state) or _seat_illegal(state, seat):
        return bad
    if any(s.card == card for s in state.signals):
        return plain(
            Reason.ALREADY_SIGNALLED, "{card} is already on the table", card=card_str(card)
        )
    return None


def _claim_illegal(state: GameState, seat: int, card: int, position: str) -> Illegal | None:
    bad = signal_position_ok(state.hands[seat], card, position)
    if bad is None:
        return None
    values = (("why", bad.template),) + bad.values
    template = "{seat0}: {why}"
    message = fill_seats(template, (seat,), state.setup.tonoja, values)
    return Illegal(Reason[bad.code], message, template, (seat,), values)


def signal_positions(state: GameState, seat: int, card: int) -> tuple[Position, ...]:
    """The token positions ``seat`` may show ``card`` with now; empty when it cannot be shown."""
    if game_over(state) or _shown_illegal(state, seat, card):
        return ()
    return true_positions(state.hands[seat], card)


def signal_card_illegal(state: GameState, seat: int, card: int) -> Illegal | None:
    """None when ``seat`` may show ``card`` now with some position; else the reason (for a card
    with no true position, the reason a claim of ``top`` fails)."""
    if bad := game_over(state) or _shown_illegal(state, seat, card):
        return bad
    if true_positions(state.hands[seat], card):
        return None
    return _claim_illegal(state, seat, card, Position.TOP)


def _check(state: GameState, a: Signal) -> Illegal | None:
    return _shown_illegal(state, a.seat, a.card) or _claim_illegal(
        state, a.seat, a.card, a.position
    )


def _signal(state: GameState, a: Signal) -> tuple[GameState, list[Event]]:
    mark = SignalMark(a.seat, a.card, a.position, state.trick_number)
    signals = state.signals + (mark,)
    if state.setup.rules.communication == _HEAVY_NOISE:
        state = state._replace(signals=signals, pool=state.pool - 1)
    else:
        tokens = list(state.tokens)
        tokens[a.seat] = True
        state = state._replace(signals=signals, tokens=tuple(tokens))
    return state, [Event(EventKind.SIGNAL, a.seat, a.card, text=a.position)]


SIGNAL = Handler(_check, _signal)

# Actions are immutable, so legal_actions hands out shared instances (bots call it millions of
# times), and the true claims of every possible set of one colour's cards are worked out once.
_SIGNALS = {(s, c, p): Signal(s, c, p) for s in range(5) for c in range(36) for p in Position}
_CLAIMS_OF_BITS = tuple(colour_claims(bits) for bits in range(512))


def candidates(state: GameState) -> list[Signal]:
    """Every legal signal now, seat by seat and colour by colour."""
    if state.trick_cards or _window_illegal(state):  # the first test is the usual, cheap answer
        return []
    shown = {m.card for m in state.signals}
    out: list[Signal] = []
    for seat in range(state.setup.seats):
        if not _has_token(state, seat):
            continue
        hand = state.hands[seat]
        for base in (0, 9, 18, 27):
            for offset, position in _CLAIMS_OF_BITS[hand >> base & 511]:
                card = base + offset
                if card not in shown:
                    out.append(_SIGNALS[seat, card, position])
    return out
