"""The distress signal: after distribution, before any prediction, signal or card, every crew
member passes one card (never a submarine) to the same side."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..actions import Distress
from ..cards import DECK_MASK, SUB, SUIT_MASKS, card_str, cards_in
from ..enums import Direction, TaskStatus
from ..events import Event, EventKind
from ..reasons import Illegal, Reason, illegal, plain
from ..state import GameState, Phase
from ..task_base import CutKind
from ..tasks import get_task
from .common import Handler, game_over

if TYPE_CHECKING:
    from ..view import TaskView

__all__ = [
    "DISTRESS",
    "distress_card_illegal",
    "distress_choices",
    "distress_exchange",
    "distress_possible",
    "distress_target",
    "pass_leaves_short",
    "swap_of",
]

_NON_SUB = DECK_MASK & ~SUIT_MASKS[SUB]


def distress_target(players: int, seat: int, direction: str) -> int:
    """Who receives ``seat``'s card: ``left`` is the next seat clockwise, ``right`` the previous
    one (two players swap; Tonoja is never involved)."""
    return (seat + 1) % players if direction == Direction.LEFT else (seat - 1) % players


def distress_exchange(
    players: int, direction: str, cards: tuple[int, ...]
) -> tuple[tuple[int, int, int], ...]:
    """The passes of a distress signal as ``(from_seat, to_seat, card)``, in seat order."""
    return tuple(
        (seat, distress_target(players, seat, direction), card) for seat, card in enumerate(cards)
    )


def distress_choices(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Per crew member, the cards they could pass if the distress signal is sent now."""
    return tuple(tuple(cards_in(state.hands[s] & _NON_SUB)) for s in range(state.setup.players))


def _timing_illegal(state: GameState) -> Illegal | None:
    """Whether the distress signal can be sent at this moment (whatever the cards)."""
    if bad := game_over(state):
        return bad
    if state.phase not in (Phase.PREDICT, Phase.PLAY):
        return plain(
            Reason.DISTRESS_TOO_EARLY,
            "the distress signal can only be sent after task distribution",
        )
    if state.distress:
        return plain(Reason.DISTRESS_ALREADY_SENT, "the distress cards were already passed")
    if state.played or state.trick_cards or state.signals or any(p >= 0 for p in state.predictions):
        return plain(
            Reason.DISTRESS_TOO_LATE,
            "the distress signal must come before the first trick, any communication and any"
            " prediction",
        )
    return None


def distress_card_illegal(state: GameState, seat: int, card: int) -> Illegal | None:
    """Why ``seat`` may not pass ``card`` in a distress signal."""
    if not isinstance(card, int) or not 0 <= card < 40:
        return plain(Reason.NO_SUCH_CARD, "card {card} does not exist", card=repr(card))
    tonoja = state.setup.tonoja
    if card >= 36:
        return illegal(
            Reason.CANNOT_PASS_SUBMARINE,
            "{seat0} cannot pass {card}: submarines are never passed",
            seat,
            tonoja=tonoja,
            card=card_str(card),
        )
    if not state.hands[seat] >> card & 1:
        return illegal(
            Reason.CARD_NOT_IN_HAND,
            "{card} is not in {seat0}'s hand",
            seat,
            tonoja=tonoja,
            card=card_str(card),
        )
    return None


def pass_leaves_short(tasks: Iterable[TaskView], seat: int, hand: int, card: int) -> int | None:
    """Of the pending ``tasks`` (a view's): one that needs ``seat`` to hold a card like ``card``
    (its owner playing one to a trick: tasks 72-78, and the one-trick tasks of only such cards,
    which also need one from every seat) when ``card`` is the last of them in ``hand``
    (``seat``'s): after passing it, only the card ``seat`` receives could be one. Its id, or None
    when there is no such task. Public facts and the passer's own hand only."""
    rest = hand & ~(1 << card)
    for t in tasks:
        if t.status != TaskStatus.PENDING:
            continue
        for cut in get_task(t.task).know.cuts:
            if not cut.cards >> card & 1 or rest & cut.cards:
                continue
            if cut.kind == CutKind.EVERY_SEAT or (cut.kind == CutKind.OWN_CARD and t.owner == seat):
                return t.task
    return None


def distress_possible(state: GameState) -> bool:
    """Whether the crew may send the distress signal now: the moment is right and every crew
    member has a card that can be passed."""
    return _timing_illegal(state) is None and all(distress_choices(state))


def _check(state: GameState, a: Distress) -> Illegal | None:
    if bad := _timing_illegal(state):
        return bad
    if a.direction not in (Direction.LEFT, Direction.RIGHT):
        return plain(
            Reason.BAD_DIRECTION,
            "direction {direction} must be left or right",
            direction=repr(a.direction),
        )
    players = state.setup.players
    if len(a.cards) != players:
        return plain(
            Reason.DISTRESS_CARDS,
            "every crew member passes exactly one card: expected {n} cards, got {got}",
            n=players,
            got=len(a.cards),
        )
    for seat, card in enumerate(a.cards):
        if bad := distress_card_illegal(state, seat, card):
            return bad
    return None


def swap_of(
    exchange: tuple[tuple[int, int, int], ...], seat: int
) -> tuple[int, int, int, int] | None:
    """From a distress signal's passes ``(from, to, card)``: (card ``seat`` passed, to whom,
    card it received, from whom); None without a signal. Private: for ``seat``'s eyes only."""
    gave = next(((to, c) for frm, to, c in exchange if frm == seat), None)
    got = next(((frm, c) for frm, to, c in exchange if to == seat), None)
    if gave is None or got is None:
        return None
    return gave[1], gave[0], got[1], got[0]


def _distress(state: GameState, a: Distress) -> tuple[GameState, list[Event]]:
    exchange = distress_exchange(state.setup.players, a.direction, a.cards)
    hands = list(state.hands)
    for frm, to, card in exchange:
        hands[frm] &= ~(1 << card)
        hands[to] |= 1 << card
    state = state._replace(hands=tuple(hands), distress=a.direction)
    return state, [Event(EventKind.DISTRESS, text=a.direction, exchange=exchange)]


DISTRESS = Handler(_check, _distress)
