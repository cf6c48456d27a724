"""The rules in motion: legality (``why_illegal``), ``legal_actions`` and ``apply``.

``why_illegal`` is the single source of legality. ``apply`` checks it, then returns the next
state and the events that happened, including the automatic steps (collecting a trick, task
status, the next leader, the end of the attempt). The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import NamedTuple

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
from .cards import (
    DECK_MASK,
    PINK,
    SUB,
    SUIT_MASKS,
    VALUE_MASKS,
    card_str,
    cards_in,
    make_card,
    suit_of,
)
from .missions import (
    DIST_CAPTAIN_GIVES,
    DIST_CREW_PICKS,
    DIST_FREE,
    DIST_NONE,
    DIST_ONE_VOLUNTEER,
    DIST_TWO_VOLUNTEERS,
    HEAVY_NOISE,
    NO_COMMUNICATION,
)
from .signals import Illegal, signal_position_ok, true_positions
from .state import TONOJA, GameState, Phase, SignalMark
from .tasks import (
    CAPTAIN_COMPARISON,
    DONE,
    FAILED,
    PENDING,
    PREDICTION_TASKS,
    Ctx,
    get_task,
)
from .tricks import Trick, follow_mask, trick_winner

__all__ = [
    "Event",
    "IllegalActionError",
    "Illegal",
    "apply",
    "begin_distribution",
    "distress_choices",
    "legal_actions",
    "legal_plays",
    "may_communicate",
    "signal_position_ok",
    "true_positions",
    "why_illegal",
]

Y5 = make_card(3, 5)
#: How many task draws the per-draw caches remember.
_DRAW_CACHE = 512


class IllegalActionError(ValueError):
    """An action the rules forbid; ``code`` is the reason code, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Event(NamedTuple):
    """Something that happened, for the user interface and the record's replay report."""

    kind: str
    seat: int = -1
    card: int = -1
    task: int = -1
    trick: int = 0
    text: str = ""


def _seat_name(state: GameState, seat: int) -> str:
    if state.setup.tonoja and seat == TONOJA:
        return "Tonoja (seat 2)"
    return f"seat {seat}"


# ---------------------------------------------------------------------------------------------
# communication


def _seat_signal_illegal(state: GameState, seat: int) -> Illegal | None:
    """Whether ``seat`` could communicate at all now (tokens, Tonoja)."""
    st = state.setup
    if st.tonoja and seat == TONOJA:
        return Illegal("TONOJA_NEVER_SIGNALS", "Tonoja never communicates")
    if st.rules.communication == HEAVY_NOISE:
        if state.pool <= 0:
            return Illegal("NO_TOKEN_LEFT", "all shared sonar tokens have been taken")
    elif state.tokens[seat]:
        return Illegal(
            "TOKEN_ALREADY_USED",
            f"{_seat_name(state, seat)} has already communicated in this attempt",
        )
    return None


def may_communicate(state: GameState, seat: int) -> Illegal | None:
    """Whether ``seat`` may communicate now, judged on public facts only (never the hand).

    Phase, the trick under way, the mission's communication rules and the seat's tokens decide;
    which card, if any, can truthfully be shown is the hand's business (see ``why_illegal``).
    """
    if state.result:
        return Illegal("GAME_OVER", f"the attempt is over ({state.result})")
    if not 0 <= seat < state.setup.seats:
        return Illegal("BAD_SEAT", f"seat {seat!r} does not exist")
    return _signal_illegal(state, None) or _seat_signal_illegal(state, seat)


def _signal_illegal(state: GameState, a: Signal | None) -> Illegal | None:
    """Whether signal ``a`` is allowed; with ``a`` None, whether communication is open at all."""
    rules = state.setup.rules
    if a is not None and state.setup.tonoja and a.seat == TONOJA:
        return Illegal("TONOJA_NEVER_SIGNALS", "Tonoja never communicates")
    if state.phase != Phase.PLAY:
        if state.phase == Phase.PREDICT:
            return Illegal(
                "PREDICTION_PENDING",
                "predictions are fixed before any communication; wait until every prediction"
                " is made",
            )
        return Illegal(
            "SIGNAL_TOO_EARLY", "communication is only allowed after all tasks are distributed"
        )
    if state.trick_cards:
        return Illegal(
            "SIGNAL_DURING_TRICK",
            f"trick {state.trick_number} is under way; communicate only before a trick",
        )
    if rules.communication == NO_COMMUNICATION:
        return Illegal("NO_COMMUNICATION", "nobody may communicate in this mission")
    if rules.no_comm_before_trick2 and not state.tricks:
        return Illegal(
            "COMMUNICATION_NOT_YET",
            "in this mission nobody may communicate before trick 1 is played",
        )
    if state.given_away and state.tricks:
        return Illegal(
            "COMMUNICATION_CLOSED",
            "the captain gave the tasks away, so communication was allowed only before trick 1",
        )
    if a is None:
        return None
    seat = a.seat
    if (bad := _seat_signal_illegal(state, seat)) is not None:
        return bad
    if any(s.card == a.card for s in state.signals):
        return Illegal("ALREADY_SIGNALLED", f"{card_str(a.card)} is already on the table")
    bad = signal_position_ok(state.hands[seat], a.card, a.position)
    if bad is not None:
        return Illegal(bad.code, f"{_seat_name(state, seat)}: {bad.message}")
    return None


# ---------------------------------------------------------------------------------------------
# distribution helpers


def _tasks_left(state: GameState) -> list[int]:
    return [i for i, o in enumerate(state.owners) if o < 0]


def _comparison(state: GameState, idx: int) -> bool:
    return state.setup.task_ids[idx] in CAPTAIN_COMPARISON


def _dist_order(state: GameState) -> tuple[int, ...]:
    st = state.setup
    return _order(st.captain, st.seats, st.rules.captain_no_tasks)


@cache
def _order(captain: int, seats: int, skip_captain: bool) -> tuple[int, ...]:
    """Clockwise from the captain (or from the captain's left when the captain takes none)."""
    order = tuple((captain + k) % seats for k in range(seats))
    return order[1:] if skip_captain else order


def _can_pass(state: GameState) -> bool:
    return len(state.setup.task_ids) < len(_dist_order(state))


def _feasible(state: GameState, left: list[int], seats: tuple[int, ...]) -> bool:
    """Can tasks ``left`` still all be taken, one each, by ``seats`` (captain restriction)?"""
    cap = state.setup.captain
    if len(left) > len(seats):
        return False
    comp = sum(1 for i in left if _comparison(state, i))
    return comp <= len([s for s in seats if s != cap])


def _can_take(state: GameState, seat: int, idx: int) -> Illegal | None:
    st = state.setup
    tid = st.task_ids[idx]
    if seat == st.captain and tid in CAPTAIN_COMPARISON:
        return Illegal(
            "CAPTAIN_MAY_NOT_TAKE",
            f"the captain may never take task {tid}, which compares with the captain",
        )
    return None


def _hardest_for_captain(state: GameState) -> int:
    """Mission 19: the highest difficulty among the tasks the captain may take (rulings 5)."""
    st = state.setup
    return max(
        (get_task(t).difficulty_for(st.crew) for t in st.task_ids if t not in CAPTAIN_COMPARISON),
        default=0,
    )


def _volunteer_order(state: GameState) -> tuple[int, ...]:
    st = state.setup
    return tuple((st.captain + k) % st.seats for k in range(1, st.seats + 1))


def _may_receive_all(state: GameState, seat: int) -> bool:
    st = state.setup
    return not (seat == st.captain and any(t in CAPTAIN_COMPARISON for t in st.task_ids))


def _may_volunteer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may say yes: the captain never takes a task comparing with the captain.

    One volunteer receives every task; of two volunteers the captain needs only one task that
    the captain may take, the other volunteer takes the comparison tasks.
    """
    if _needed_volunteers(state) == 1:
        return _may_receive_all(state, seat)
    st = state.setup
    return seat != st.captain or any(t not in CAPTAIN_COMPARISON for t in st.task_ids)


def _needed_volunteers(state: GameState) -> int:
    return 2 if state.setup.rules.distribution == DIST_TWO_VOLUNTEERS else 1


def begin_distribution(state: GameState) -> GameState:
    """Enter the distribution phase the mission asks for (or go straight to the tricks)."""
    st = state.setup
    mode = st.rules.distribution
    if mode == DIST_NONE or not st.task_ids:
        return _start_tricks(state)
    if mode in (DIST_ONE_VOLUNTEER, DIST_TWO_VOLUNTEERS):
        return state._replace(phase=Phase.VOLUNTEER, turn=_volunteer_order(state)[0], asked=0)
    if mode in (DIST_CREW_PICKS, DIST_CAPTAIN_GIVES):
        turn = st.captain if mode == DIST_CAPTAIN_GIVES else -1
        return state._replace(phase=Phase.GIVE, turn=turn)
    if mode == DIST_FREE:
        return state._replace(phase=Phase.ASSIGN, turn=-1)
    return _next_taker(state._replace(phase=Phase.DISTRIBUTE, asked=0), first=True)


def _next_taker(state: GameState, first: bool = False) -> GameState:
    """Whose turn it is to take or pass next (skipping a captain with nothing takeable)."""
    order = _dist_order(state)
    left = _tasks_left(state)
    if not left:
        return _after_distribution(state)
    asked = state.asked
    for _ in range(len(order) + 1):
        seat = order[asked % len(order)]
        if _can_pass(state) or any(_can_take(state, seat, i) is None for i in left):
            return state._replace(turn=seat, asked=asked)
        asked += 1
    raise AssertionError("no crew member can take the remaining tasks")


def _after_distribution(state: GameState) -> GameState:
    st = state.setup
    needs = any(st.task_ids[i] in PREDICTION_TASKS for i, _ in enumerate(state.owners))
    if needs:
        return state._replace(phase=Phase.PREDICT, turn=-1)
    return _start_tricks(state)


def _start_tricks(state: GameState) -> GameState:
    cap = state.setup.captain
    return state._replace(phase=Phase.PLAY, turn=cap, leader=cap)


def _pending_predictors(state: GameState) -> list[int]:
    st = state.setup
    seats = []
    for tid, owner in zip(st.task_ids, state.owners, strict=True):
        if tid in PREDICTION_TASKS and state.predictions[owner] < 0 and owner not in seats:
            seats.append(owner)
    return seats


# ---------------------------------------------------------------------------------------------
# why_illegal


def _bad_seat(state: GameState, seat: int) -> Illegal | None:
    if not isinstance(seat, int) or not 0 <= seat < state.setup.seats:
        return Illegal(
            "BAD_SEAT", f"seat {seat!r} does not exist (seats 0-{state.setup.seats - 1})"
        )
    return None


def _wrong_phase(state: GameState, what: str) -> Illegal:
    return Illegal(
        "WRONG_PHASE", f"{what} is not possible now: the game is in phase '{state.phase}'"
    )


def _task_index(state: GameState, task: int) -> int | Illegal:
    ids = state.setup.task_ids
    if task not in ids:
        return Illegal(
            "NO_SUCH_TASK", f"task {task} is not one of this attempt's tasks {list(ids)}"
        )
    idx = ids.index(task)
    if state.owners[idx] >= 0:
        return Illegal(
            "TASK_TAKEN", f"task {task} already belongs to {_seat_name(state, state.owners[idx])}"
        )
    return idx


def why_illegal(state: GameState, action: Action) -> Illegal | None:
    """Why ``action`` may not be done now, or None when it is legal. The one source of legality."""
    if (bad := malformed(action)) is not None:
        return bad
    return _rules_illegal(state, action)


def _rules_illegal(state: GameState, action: Action) -> Illegal | None:
    """:func:`why_illegal` for an action known to be well formed (legal_actions' own)."""
    if state.result:
        return Illegal(
            "GAME_OVER", f"the attempt is over ({state.result}); nothing more can be done"
        )
    st = state.setup
    if isinstance(action, Play):
        if (bad := _bad_seat(state, action.seat)) is not None:
            return bad
        if state.phase != Phase.PLAY:
            return _wrong_phase(state, "playing a card")
        if not isinstance(action.card, int) or not 0 <= action.card < 40:
            return Illegal("NO_SUCH_CARD", f"card {action.card!r} does not exist")
        if action.seat != state.turn:
            return Illegal(
                "NOT_YOUR_TURN",
                f"it is {_seat_name(state, state.turn)}'s turn to play, not"
                f" {_seat_name(state, action.seat)}'s",
            )
        hand = state.hands[action.seat]
        if not hand >> action.card & 1:
            if st.tonoja and action.seat == TONOJA and state.tonoja_hidden() >> action.card & 1:
                return Illegal(
                    "TONOJA_FACE_DOWN",
                    f"{card_str(action.card)} lies face down in Tonoja's piles; only her face-up"
                    " cards can be played",
                )
            return Illegal(
                "CARD_NOT_IN_HAND",
                f"{card_str(action.card)} is not in {_seat_name(state, action.seat)}'s hand",
            )
        if state.trick_cards:
            led = state.trick_cards[0]
            allowed = follow_mask(hand, suit_of(led))
            if not allowed >> action.card & 1:
                suit = "submarine" if suit_of(led) == SUB else "colour"
                return Illegal(
                    "MUST_FOLLOW_SUIT",
                    f"{card_str(led)} was led and {_seat_name(state, action.seat)} holds a card of"
                    f" that {suit}, so {card_str(action.card)} cannot be played",
                )
        return None
    if isinstance(action, Signal):
        if (bad := _bad_seat(state, action.seat)) is not None:
            return bad
        if not isinstance(action.card, int) or not 0 <= action.card < 40:
            return Illegal("NO_SUCH_CARD", f"card {action.card!r} does not exist")
        return _signal_illegal(state, action)
    if isinstance(action, Take):
        if (bad := _bad_seat(state, action.seat)) is not None:
            return bad
        if state.phase != Phase.DISTRIBUTE:
            return _wrong_phase(state, "taking a task")
        if action.seat != state.turn:
            return Illegal(
                "NOT_YOUR_TURN",
                f"it is {_seat_name(state, state.turn)}'s turn to choose a task, not"
                f" {_seat_name(state, action.seat)}'s",
            )
        idx = _task_index(state, action.task)
        if isinstance(idx, Illegal):
            return idx
        if (bad := _can_take(state, action.seat, idx)) is not None:
            return bad
        if st.rules.captain_takes_hardest and action.seat == st.captain and state.asked == 0:
            crew = st.crew
            best = _hardest_for_captain(state)
            if get_task(action.task).difficulty_for(crew) != best:
                return Illegal(
                    "MUST_TAKE_HARDEST",
                    f"the captain must first take a task of the highest difficulty ({best});"
                    f" task {action.task} has {get_task(action.task).difficulty_for(crew)}",
                )
        if _can_pass(state):
            order = _dist_order(state)
            later = order[state.asked + 1 :]
            left = [i for i in _tasks_left(state) if i != idx]
            if not _feasible(state, left, later):
                return Illegal(
                    "LEAVES_TASK_UNTAKEABLE",
                    f"after task {action.task} the captain would be left with a task the captain"
                    " may not take; take another",
                )
        return None
    if isinstance(action, Pass):
        if (bad := _bad_seat(state, action.seat)) is not None:
            return bad
        if state.phase != Phase.DISTRIBUTE:
            return _wrong_phase(state, "passing")
        if action.seat != state.turn:
            return Illegal(
                "NOT_YOUR_TURN",
                f"it is {_seat_name(state, state.turn)}'s turn to choose a task, not"
                f" {_seat_name(state, action.seat)}'s",
            )
        if (
            st.rules.captain_takes_hardest
            and action.seat == st.captain
            and state.asked == 0
            and _hardest_for_captain(state) > 0
        ):
            return Illegal(
                "MUST_TAKE_HARDEST",
                f"the captain may not pass: the captain must first take a task of the highest"
                f" difficulty ({_hardest_for_captain(state)})",
            )
        if not _can_pass(state):
            return Illegal(
                "CANNOT_PASS",
                f"there are {len(st.task_ids)} tasks for {len(_dist_order(state))} crew members;"
                " passing is only allowed with fewer tasks than crew members",
            )
        order = _dist_order(state)
        if not _feasible(state, _tasks_left(state), order[state.asked + 1 :]):
            return Illegal(
                "MUST_TAKE",
                "every task must be taken within one round and too few crew members are left;"
                f" {_seat_name(state, action.seat)} must take a task",
            )
        return None
    if isinstance(action, Volunteer):
        if (bad := _bad_seat(state, action.seat)) is not None:
            return bad
        if state.phase != Phase.VOLUNTEER:
            return _wrong_phase(state, "answering the volunteer question")
        if action.seat != state.turn:
            return Illegal(
                "NOT_YOUR_TURN",
                f"the captain is asking {_seat_name(state, state.turn)}, not"
                f" {_seat_name(state, action.seat)}",
            )
        order = _volunteer_order(state)
        eligible_left = sum(1 for s in order[state.asked :] if _may_volunteer(state, s))
        still = _needed_volunteers(state) - len(state.volunteers)
        if action.yes and not _may_volunteer(state, action.seat):
            return Illegal(
                "CAPTAIN_MAY_NOT_TAKE",
                "the captain may not volunteer: a task compares with the captain",
            )
        if not action.yes and _may_volunteer(state, action.seat) and eligible_left <= still:
            return Illegal(
                "VOLUNTEER_FORCED",
                f"the tasks must be placed within this round; {_seat_name(state, action.seat)}"
                " must say yes",
            )
        return None
    if isinstance(action, GiveAll):
        if (bad := _bad_seat(state, action.to)) is not None:
            return bad
        if state.phase != Phase.GIVE:
            return _wrong_phase(state, "giving all tasks to one crew member")
        if not _may_receive_all(state, action.to):
            return Illegal(
                "CAPTAIN_MAY_NOT_TAKE",
                "the captain may not take all tasks: one of them compares with the captain",
            )
        return None
    if isinstance(action, Assign):
        if (bad := _bad_seat(state, action.to)) is not None:
            return bad
        if state.phase != Phase.ASSIGN:
            return _wrong_phase(state, "assigning a task")
        idx = _task_index(state, action.task)
        if isinstance(idx, Illegal):
            return idx
        if (bad := _can_take(state, action.to, idx)) is not None:
            return bad
        if state.volunteers:
            if action.to not in state.volunteers:
                return Illegal(
                    "NOT_A_VOLUNTEER",
                    f"only the volunteers {list(state.volunteers)} share the tasks, not"
                    f" {_seat_name(state, action.to)}",
                )
            empty = [v for v in state.volunteers if v not in state.owners]
            left_after = [i for i in _tasks_left(state) if i != idx]
            empty_after = [v for v in empty if v != action.to]
            if len(left_after) < len(empty_after) or (
                st.captain in empty_after and all(_comparison(state, i) for i in left_after)
            ):
                return Illegal(
                    "EACH_VOLUNTEER_NEEDS_A_TASK",
                    f"each volunteer must take at least one task; give this one to"
                    f" {_seat_name(state, empty_after[0])}",
                )
        return None
    if isinstance(action, Predict):
        if (bad := _bad_seat(state, action.seat)) is not None:
            return bad
        if state.phase != Phase.PREDICT:
            return _wrong_phase(state, "predicting tricks")
        if action.seat not in _pending_predictors(state):
            return Illegal(
                "PREDICTION_NOT_NEEDED",
                f"{_seat_name(state, action.seat)} has no prediction task still to predict",
            )
        if not isinstance(action.tricks, int) or not 0 <= action.tricks <= st.total_tricks:
            return Illegal(
                "PREDICTION_OUT_OF_RANGE",
                f"a prediction must be 0-{st.total_tricks} tricks, got {action.tricks!r}",
            )
        return None
    if isinstance(action, Distress):
        return _distress_illegal(state, action)
    if isinstance(action, TimeUp):
        if not st.rules.timed:
            return Illegal("NOT_TIMED", "this attempt is not played in real time")
        if state.phase not in (Phase.PREDICT, Phase.PLAY):
            return Illegal("TIMER_NOT_RUNNING", "the timer only runs after the tasks are placed")
        return None
    return Illegal("UNKNOWN_ACTION", f"{action!r} is not an action of this game")


def _distress_illegal(state: GameState, a: Distress) -> Illegal | None:
    st = state.setup
    if state.phase not in (Phase.PREDICT, Phase.PLAY):
        return Illegal(
            "DISTRESS_TOO_EARLY", "the distress signal can only be sent after task distribution"
        )
    if state.distress:
        return Illegal("DISTRESS_ALREADY_SENT", "the distress cards were already passed")
    if state.played or state.trick_cards or state.signals or any(p >= 0 for p in state.predictions):
        return Illegal(
            "DISTRESS_TOO_LATE",
            "the distress signal must come before the first trick, any communication and any"
            " prediction",
        )
    if a.direction not in ("left", "right"):
        return Illegal("BAD_DIRECTION", f"direction {a.direction!r} must be left or right")
    if len(a.cards) != st.players:
        return Illegal(
            "DISTRESS_CARDS",
            f"every crew member passes exactly one card: expected {st.players} cards, got"
            f" {len(a.cards)}",
        )
    for seat, card in enumerate(a.cards):
        if not isinstance(card, int) or not 0 <= card < 40:
            return Illegal("NO_SUCH_CARD", f"card {card!r} does not exist")
        if card >= 36:
            return Illegal(
                "CANNOT_PASS_SUBMARINE",
                f"{_seat_name(state, seat)} cannot pass {card_str(card)}: submarines are never"
                " passed",
            )
        if not state.hands[seat] >> card & 1:
            return Illegal(
                "CARD_NOT_IN_HAND", f"{card_str(card)} is not in {_seat_name(state, seat)}'s hand"
            )
    return None


def distress_choices(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Per crew member, the cards they could pass if the distress signal is sent now."""
    non_sub = DECK_MASK & ~SUIT_MASKS[SUB]
    return tuple(tuple(cards_in(state.hands[s] & non_sub)) for s in range(state.setup.players))


# ---------------------------------------------------------------------------------------------
# legal actions

# Actions are immutable, so legal_actions hands out shared instances (bots call it millions of
# times).
_PLAYS = tuple(tuple(Play(s, c) for c in range(40)) for s in range(5))
_SIGNALS = {
    (s, c, p): Signal(s, c, p)
    for s in range(5)
    for c in range(36)
    for p in ("top", "middle", "bottom")
}


def legal_plays(state: GameState) -> list[int]:
    """The cards the seat to play may play now (empty outside the trick phase)."""
    if state.phase != Phase.PLAY or state.result:
        return []
    hand = state.hands[state.turn]
    if state.trick_cards:
        hand = follow_mask(hand, suit_of(state.trick_cards[0]))
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, in a stable order.

    Left out, as they are not choices of one seat: the distress signal (see
    :func:`distress_choices`) and ``TimeUp`` (sent by the clock).
    """
    if state.result:
        return []
    phase = state.phase
    st = state.setup
    out: list[Action] = []
    if phase == Phase.PLAY:
        if not state.trick_cards and _signal_illegal(state, None) is None:
            shown = {m.card for m in state.signals}
            for seat in range(st.seats):
                if _seat_signal_illegal(state, seat) is not None:
                    continue
                hand = state.hands[seat]
                for colour in range(4):
                    same = hand & SUIT_MASKS[colour]
                    if not same:
                        continue
                    low = (same & -same).bit_length() - 1
                    high = same.bit_length() - 1
                    if low == high:
                        if low not in shown:
                            out.append(_SIGNALS[seat, low, "middle"])
                        continue
                    if high not in shown:
                        out.append(_SIGNALS[seat, high, "top"])
                    if low not in shown:
                        out.append(_SIGNALS[seat, low, "bottom"])
        plays = _PLAYS[state.turn]
        out.extend([plays[c] for c in legal_plays(state)])
        return out
    candidates: list[Action] = []
    if phase == Phase.DISTRIBUTE:
        candidates = [Take(state.turn, st.task_ids[i]) for i in _tasks_left(state)]
        candidates.append(Pass(state.turn))
    elif phase == Phase.VOLUNTEER:
        candidates = [Volunteer(state.turn, True), Volunteer(state.turn, False)]
    elif phase == Phase.GIVE:
        candidates = [GiveAll(s) for s in range(st.seats)]
    elif phase == Phase.ASSIGN:
        candidates = [
            Assign(st.task_ids[i], s) for i in _tasks_left(state) for s in range(st.seats)
        ]
    elif phase == Phase.PREDICT:
        candidates = [
            Predict(s, n) for s in _pending_predictors(state) for n in range(st.total_tricks + 1)
        ]
    return [a for a in candidates if _rules_illegal(state, a) is None]


# ---------------------------------------------------------------------------------------------
# apply


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Do ``action``: the next state and the events, or IllegalActionError (state unchanged)."""
    if type(action) is Play and _play_ok(state, action.seat, action.card):
        return _play(state, action.seat, action.card)
    bad = why_illegal(state, action)
    if bad is not None:
        raise IllegalActionError(bad.code, bad.message)
    events: list[Event] = []
    st = state.setup
    if isinstance(action, Signal):
        mark = SignalMark(action.seat, action.card, action.position, state.trick_number)
        if st.rules.communication == HEAVY_NOISE:
            state = state._replace(signals=state.signals + (mark,), pool=state.pool - 1)
        else:
            tokens = list(state.tokens)
            tokens[action.seat] = True
            state = state._replace(signals=state.signals + (mark,), tokens=tuple(tokens))
        events.append(Event("signal", action.seat, action.card, text=action.position))
        return state, events
    if isinstance(action, Take):
        idx = st.task_ids.index(action.task)
        state = _own(state, idx, action.seat)
        events.append(Event("take", action.seat, task=action.task))
        state = state._replace(asked=state.asked + 1)
        if _can_pass(state) and state.asked >= len(_dist_order(state)):
            return _finish_distribution(state, events)
        state = _next_taker(state)
        return _note_distribution(state, events)
    if isinstance(action, Pass):
        events.append(Event("pass", action.seat))
        state = _next_taker(state._replace(asked=state.asked + 1))
        return state, events
    if isinstance(action, Volunteer):
        events.append(Event("volunteer", action.seat, text="yes" if action.yes else "no"))
        vols = state.volunteers + ((action.seat,) if action.yes else ())
        state = state._replace(volunteers=vols, asked=state.asked + 1)
        if len(vols) == _needed_volunteers(state):
            if len(vols) == 1:
                for i in range(len(st.task_ids)):
                    state = _own(state, i, vols[0])
                events.append(Event("give", vols[0]))
                return _finish_distribution(state, events)
            return state._replace(phase=Phase.ASSIGN, turn=-1), events
        return state._replace(turn=_volunteer_order(state)[state.asked]), events
    if isinstance(action, GiveAll):
        for i in range(len(st.task_ids)):
            state = _own(state, i, action.to)
        given = st.rules.distribution == DIST_CAPTAIN_GIVES and action.to != st.captain
        state = state._replace(given_away=given)
        events.append(Event("give", action.to))
        return _finish_distribution(state, events)
    if isinstance(action, Assign):
        idx = st.task_ids.index(action.task)
        state = _own(state, idx, action.to)
        events.append(Event("assign", action.to, task=action.task))
        if not _tasks_left(state):
            return _finish_distribution(state, events)
        return state, events
    if isinstance(action, Predict):
        preds = list(state.predictions)
        preds[action.seat] = action.tricks
        state = state._replace(predictions=tuple(preds))
        events.append(Event("predict", action.seat, text=str(action.tricks)))
        if not _pending_predictors(state):
            state = _start_tricks(state)
            events.append(Event("tricks_begin", st.captain))
        return state, events
    if isinstance(action, Distress):
        hands = list(state.hands)
        n = st.players
        for seat, card in enumerate(action.cards):
            to = (seat + 1) % n if action.direction == "left" else (seat - 1) % n
            hands[seat] &= ~(1 << card)
            hands[to] |= 1 << card
        state = state._replace(hands=tuple(hands), distress=action.direction)
        events.append(Event("distress", text=action.direction))
        return state, events
    if isinstance(action, TimeUp):
        state = state._replace(phase=Phase.OVER, result="lost", reason="time ran out")
        events.append(Event("attempt_lost", trick=state.trick_number, text="time ran out"))
        return state, events
    raise AssertionError(action)


def _play_ok(state: GameState, seat: int, card: int) -> bool:
    """Fast path of the Play checks in :func:`why_illegal` (same rules, no messages)."""
    if state.result or state.phase != Phase.PLAY or type(seat) is not int or seat != state.turn:
        return False
    if type(card) is not int or not 0 <= card < 40:
        return False
    hand = state.hands[seat]
    if not hand >> card & 1:
        return False
    if state.trick_cards:
        return bool(follow_mask(hand, suit_of(state.trick_cards[0])) >> card & 1)
    return True


_F = {name: i for i, name in enumerate(GameState._fields)}
_HANDS, _TRICK_SEATS, _TRICK_CARDS, _TURN = (
    _F["hands"],
    _F["trick_seats"],
    _F["trick_cards"],
    _F["turn"],
)


def _own(state: GameState, idx: int, seat: int) -> GameState:
    owners = list(state.owners)
    owners[idx] = seat
    return state._replace(owners=tuple(owners))


def _note_distribution(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    if state.phase != Phase.DISTRIBUTE:
        events.append(Event("distribution_done"))
        if state.phase == Phase.PLAY:
            events.append(Event("tricks_begin", state.setup.captain))
    return state, events


def _finish_distribution(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    state = _after_distribution(state)
    return _note_distribution(state, events)


def _play(state: GameState, seat: int, card: int) -> tuple[GameState, list[Event]]:
    st = state.setup
    bit = 1 << card
    hands = list(state.hands)
    hands[seat] &= ~bit
    trick_seats = state.trick_seats + (seat,)
    trick_cards = state.trick_cards + (card,)
    events = [Event("play", seat, card, trick=len(state.tricks) + 1)]
    lost_reason = ""
    status = state.status
    decided = state.decided
    tnum = len(state.tricks) + 1
    if len(trick_cards) == 1:
        # lead restrictions
        for i, tid, on_lead in _lead_checks(st.task_ids):
            if status[i] == PENDING:
                if on_lead(state.owners[i], seat, card) == FAILED:
                    status = status[:i] + (FAILED,) + status[i + 1 :]
                    decided = decided[:i] + (tnum,) + decided[i + 1 :]
                    events.append(Event("task_failed", state.owners[i], task=tid, trick=tnum))
                    lost_reason = lost_reason or (
                        f"task {tid} failed at trick {tnum}: {_seat_name(state, seat)} led"
                        f" {card_str(card)}"
                    )
        if "no_lead_pink_or_submarine" in st.rules.conditions and suit_of(card) in (PINK, SUB):
            lost_reason = lost_reason or (
                f"{_seat_name(state, seat)} led {card_str(card)} at trick {tnum}: no trick may be"
                " opened with pink or a submarine"
            )
    if card == Y5 and "yellow5_last" in st.rules.conditions:
        if not (tnum == st.total_tricks and len(trick_cards) == st.seats):
            lost_reason = lost_reason or (
                f"the yellow 5 was played at trick {tnum} but must be the last card of the final"
                " trick"
            )
    if lost_reason:
        new = state._replace(
            hands=tuple(hands),
            trick_seats=trick_seats,
            trick_cards=trick_cards,
            status=status,
            decided=decided,
            phase=Phase.OVER,
            result="lost",
            reason=lost_reason,
        )
        events.append(Event("attempt_lost", trick=tnum, text=lost_reason))
        return new, events
    if len(trick_cards) < st.seats:
        fields = list(state)
        fields[_HANDS] = tuple(hands)
        fields[_TRICK_SEATS] = trick_seats
        fields[_TRICK_CARDS] = trick_cards
        fields[_TURN] = (seat + 1) % st.seats
        return tuple.__new__(GameState, fields), events
    # the trick is complete
    w = trick_seats[trick_winner(trick_cards)]
    trick = Trick(state.leader, trick_seats, trick_cards, w)
    tmask = 0
    for c in trick_cards:
        tmask |= 1 << c
    won = list(state.won)
    won[w] |= tmask
    counts = list(state.counts)
    counts[w] += 1
    tricks = state.tricks + (trick,)
    played = state.played | tmask
    events.append(Event("trick_won", w, trick_winner_card(trick), trick=tnum))
    piles = state.piles
    if piles:
        new_piles = []
        for down, up in piles:
            if up >= 0 and played >> up & 1:
                up = -1
            if up < 0 and down >= 0:
                up, down = down, -1
                hands[TONOJA] |= 1 << up
                events.append(Event("tonoja_flip", TONOJA, up, trick=tnum))
            new_piles.append((down, up))
        piles = tuple(new_piles)
    new = state._replace(
        hands=tuple(hands),
        piles=piles,
        trick_seats=(),
        trick_cards=(),
        tricks=tricks,
        won=tuple(won),
        counts=tuple(counts),
        played=played,
        leader=w,
        turn=w,
        status=status,
        decided=decided,
    )
    return _judge(new, events)


def trick_winner_card(trick: Trick) -> int:
    """The card that won ``trick``."""
    return trick.winning_card


# Keyed by a task draw: bounded, since long runs (bots, the solver) see ever new draws.
@lru_cache(maxsize=_DRAW_CACHE)
def _lead_checks(
    task_ids: tuple[int, ...],
) -> tuple[tuple[int, int, Callable[[int, int, int], int]], ...]:
    """(index, id, check) of the tasks that restrict leads."""
    out = []
    for i, tid in enumerate(task_ids):
        on_lead = get_task(tid).on_lead
        if on_lead is not None:
            out.append((i, tid, on_lead))
    return tuple(out)


@lru_cache(maxsize=_DRAW_CACHE)
def _evaluators(task_ids: tuple[int, ...]) -> tuple[Callable[[int, Ctx], int], ...]:
    return tuple(get_task(t).evaluate for t in task_ids)


def _judge(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """After a trick: task status, mission conditions, and the end of the attempt."""
    st = state.setup
    tnum = len(state.tricks)
    final = tnum >= st.total_tricks
    ctx = Ctx(
        state.won,
        state.counts,
        state.tricks,
        0 if final else DECK_MASK & ~state.played,
        st.total_tricks - tnum,
        st.total_tricks,
        st.captain,
        state.predictions,
        final,
        st.crew,
    )
    status = list(state.status)
    decided = list(state.decided)
    first_fail = -1
    for i, evaluate in enumerate(_evaluators(st.task_ids)):
        if status[i] != PENDING:
            continue
        tid = st.task_ids[i]
        owner = state.owners[i]
        s = evaluate(owner, ctx)
        if final and s == PENDING:
            s = FAILED
        if s != PENDING:
            status[i] = s
            decided[i] = tnum
            events.append(
                Event("task_done" if s == DONE else "task_failed", owner, task=tid, trick=tnum)
            )
            if s == FAILED and first_fail < 0:
                first_fail = i
    state = state._replace(status=tuple(status), decided=tuple(decided))
    reason = ""
    result = ""
    if first_fail >= 0:
        tid = st.task_ids[first_fail]
        result = "lost"
        reason = (
            f"task {tid} ({_seat_name(state, state.owners[first_fail])}) failed at trick {tnum}"
        )
    else:
        reason = _condition_broken(state, final)
        if reason:
            result = "lost"
        elif st.task_ids and all(s == DONE for s in status):
            result = "won"
            last = max(decided)
            reason = f"every task is done (the last at trick {last})"
        elif final:
            result = "won"
            reason = (
                "all tricks were played and the mission's condition held"
                if not st.task_ids
                else "every task is done"
            )
    if result:
        state = state._replace(phase=Phase.OVER, result=result, reason=reason)
        events.append(
            Event("attempt_won" if result == "won" else "attempt_lost", trick=tnum, text=reason)
        )
    return state, events


def _condition_broken(state: GameState, final: bool) -> str:
    conds = state.setup.rules.conditions
    if not conds:
        return ""
    tnum = len(state.tricks)
    for cond, value in (("balance_9s", 9), ("balance_1s", 1)):
        if cond in conds:
            have = [(w & VALUE_MASKS[value]).bit_count() for w in state.won]
            if max(have) - min(have) >= 2:
                return (
                    f"after trick {tnum} one crew member has won two more coloured {value}s than"
                    " another"
                )
    if "first_trick_winner_leads" in conds and state.tricks:
        w = state.tricks[0].winner
        if any(c >= state.counts[w] for s, c in enumerate(state.counts) if s != w):
            return (
                f"after trick {tnum} the winner of the first trick ({_seat_name(state, w)}) no"
                " longer has strictly more tricks than everyone else"
            )
    if "yellow5_last" in conds and final and not state.played >> Y5 & 1:
        return "the yellow 5 was left unplayed; it had to be the last card of the final trick"
    return ""
