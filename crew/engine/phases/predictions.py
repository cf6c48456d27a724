"""Predictions: the owners of prediction tasks fix their number of tricks before the tricks."""

from __future__ import annotations

from ..actions import Predict
from ..cards import CAPTAIN_CARD, popcount
from ..events import Event, EventKind
from ..reasons import N_, Illegal, Reason, illegal, plain
from ..state import GameState, Phase
from ..tasks import get_task
from .common import Handler, actor_illegal

__all__ = [
    "PREDICT",
    "after_distribution",
    "candidates",
    "prediction_tasks",
    "pending_predictors",
    "start_tricks",
    "tricks_within_reach",
]


def _predicts(task: int) -> bool:
    """``task`` is a prediction task (category predict_tricks)."""
    return get_task(task).prediction is not None


def prediction_tasks(state: GameState, seat: int) -> tuple[int, ...]:
    """The prediction tasks ``seat`` owns, in task order; empty when none."""
    return tuple(
        t
        for t, o in zip(state.setup.task_ids, state.owners, strict=True)
        if o == seat and _predicts(t)
    )


def tricks_within_reach(state: GameState, seat: int) -> tuple[int, int]:
    """Before the first trick: the fewest and the most tricks ``seat`` can end with, whatever
    the other hands hold (its own hand and the public hand counts only). At least one trick per
    submarine it holds from the 4 down without a gap (each is the highest card of the trick it
    goes to), less the cards it holds beyond the tricks (with three players one card is never
    played: it could be one of them); at most every trick but the one submarine 4 wins when
    the captain, another crew member, plays all of their cards."""
    total = state.setup.total_tricks
    hand = state.hands[seat]
    sure = 0
    card = CAPTAIN_CARD
    while card >= CAPTAIN_CARD - 3 and hand >> card & 1:
        sure += 1
        card -= 1
    spare = popcount(hand) - total
    captain = state.setup.captain
    most = total
    if not hand >> CAPTAIN_CARD & 1 and popcount(state.hands[captain]) <= total:
        most = total - 1
    return max(0, sure - spare), most


def pending_predictors(state: GameState) -> list[int]:
    """The seats that own a prediction task and have not predicted yet, in task order."""
    seats: list[int] = []
    for tid, owner in zip(state.setup.task_ids, state.owners, strict=True):
        if _predicts(tid) and state.predictions[owner] < 0 and owner not in seats:
            seats.append(owner)
    return seats


def start_tricks(state: GameState) -> GameState:
    """The captain leads the first trick."""
    cap = state.setup.captain
    return state._replace(phase=Phase.PLAY, turn=cap, leader=cap)


def after_distribution(state: GameState) -> GameState:
    """Every task is placed: predictions if a prediction task is out, else the tricks."""
    if any(_predicts(t) for t in state.setup.task_ids):
        return state._replace(phase=Phase.PREDICT, turn=-1)
    return start_tricks(state)


def _check(state: GameState, a: Predict) -> Illegal | None:
    if bad := actor_illegal(state, a.seat, Phase.PREDICT, N_("predicting tricks")):
        return bad
    if a.seat not in pending_predictors(state):
        return illegal(
            Reason.PREDICTION_NOT_NEEDED,
            "{seat0} has no prediction task still to predict",
            a.seat,
            tonoja=state.setup.tonoja,
        )
    total = state.setup.total_tricks
    if not isinstance(a.tricks, int) or not 0 <= a.tricks <= total:
        return plain(
            Reason.PREDICTION_OUT_OF_RANGE,
            "a prediction must be 0-{total} tricks, got {got}",
            total=total,
            got=repr(a.tricks),
        )
    return None


def _predict(state: GameState, a: Predict) -> tuple[GameState, list[Event]]:
    preds = list(state.predictions)
    preds[a.seat] = a.tricks
    state = state._replace(predictions=tuple(preds))
    events = [Event(EventKind.PREDICT, a.seat, text=str(a.tricks))]
    if not pending_predictors(state):
        state = start_tricks(state)
        events.append(Event(EventKind.TRICKS_BEGIN, state.setup.captain))
    return state, events


PREDICT = Handler(_check, _predict)


def candidates(state: GameState) -> list[Predict]:
    """Every prediction worth asking ``why_illegal`` about now."""
    if state.phase != Phase.PREDICT:
        return []
    n = state.setup.total_tricks
    return [Predict(s, k) for s in pending_predictors(state) for k in range(n + 1)]
