"""The tricks: playing a card, collecting a complete trick, Tonoja's piles, and judging the
tasks and the mission's conditions after each card and trick; also the real-time clock."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..actions import Play, TimeUp
from ..cards import DECK_MASK, SUB, card_list, card_str, suit_of
from ..conditions import broken_after_play, broken_after_trick
from ..events import Event, EventKind
from ..reasons import N_, Illegal, Reason, Values, fill_seats, illegal, plain
from ..state import TONOJA, GameState, Phase, Result
from ..tasks import DONE, FAILED, PENDING, Ctx, get_task
from ..tricks import Trick, follow_mask, trick_winner
from .common import Handler, actor_illegal, not_your_turn

__all__ = [
    "Judge",
    "PLAY",
    "TIME_UP",
    "candidates",
    "ctx_after",
    "flip_piles",
    "judge_tasks",
    "legal_plays",
    "playable",
    "take_trick",
    "trick_winner_card",
]

# enum members read through a module global: the hot path of bots and the solver
_PLAY, _OVER, _PLAYED = Phase.PLAY, Phase.OVER, EventKind.PLAY
#: How many task draws the per-draw caches remember.
_DRAW_CACHE = 512
_WON, _LOST = Result.WON, Result.LOST
_TRICK_WON, _TASK_DONE, _TASK_FAILED = (
    EventKind.TRICK_WON,
    EventKind.TASK_DONE,
    EventKind.TASK_FAILED,
)


def playable(state: GameState, seat: int) -> int:
    """The cards ``seat`` holds that may go onto the trick under way (all of them to lead)."""
    hand = state.hands[seat]
    if state.trick_cards:
        return follow_mask(hand, suit_of(state.trick_cards[0]))
    return hand


def legal_plays(state: GameState) -> list[int]:
    """The cards the seat to play may play now (empty outside the trick phase)."""
    if state.phase != _PLAY or state.result:
        return []
    return card_list(playable(state, state.turn))


def _check_play(state: GameState, a: Play) -> Illegal | None:
    seat, card = a.seat, a.card
    if bad := actor_illegal(state, seat, _PLAY, N_("playing a card")):
        return bad
    if not isinstance(card, int) or not 0 <= card < 40:
        return plain(Reason.NO_SUCH_CARD, "card {card} does not exist", card=repr(card))
    if seat != state.turn:
        return not_your_turn(state, seat, "it is {seat0}'s turn to play, not {seat1}'s")
    if playable(state, seat) >> card & 1:
        return None
    return _unplayable(state, seat, card)


def _unplayable(state: GameState, seat: int, card: int) -> Illegal:
    """Why ``seat``, on turn, cannot play ``card``: not in hand, face down, or must follow."""
    tonoja = state.setup.tonoja
    if not state.hands[seat] >> card & 1:
        if tonoja and seat == TONOJA and state.tonoja_hidden() >> card & 1:
            return plain(
                Reason.TONOJA_FACE_DOWN,
                "{card} lies face down in Tonoja's piles; only her face-up cards can be played",
                card=card_str(card),
            )
        return illegal(
            Reason.CARD_NOT_IN_HAND,
            "{card} is not in {seat0}'s hand",
            seat,
            tonoja=tonoja,
            card=card_str(card),
        )
    led = state.trick_cards[0]
    template = (
        N_("{led} was led and {seat0} holds a submarine, so {card} cannot be played")
        if suit_of(led) == SUB
        else N_("{led} was led and {seat0} holds a card of that colour, so {card} cannot be played")
    )
    return illegal(
        Reason.MUST_FOLLOW_SUIT,
        template,
        seat,
        tonoja=tonoja,
        led=card_str(led),
        card=card_str(card),
    )


_F = {name: i for i, name in enumerate(GameState._fields)}
_HANDS, _TRICK_SEATS, _TRICK_CARDS, _TURN = (
    _F["hands"],
    _F["trick_seats"],
    _F["trick_cards"],
    _F["turn"],
)


def _lost(
    state: GameState,
    events: list[Event],
    tnum: int,
    template: str,
    seats: tuple[int, ...],
    values: Values = (),
) -> tuple[GameState, list[Event]]:
    """The attempt is lost at trick ``tnum``; the reason names ``seats`` and ``values`` in
    ``template``."""
    reason = fill_seats(template, seats, state.setup.tonoja, values)
    state = state._replace(
        phase=_OVER,
        result=_LOST,
        reason=reason,
        reason_template=template,
        reason_seats=seats,
        reason_values=values,
    )
    events.append(
        Event(
            EventKind.ATTEMPT_LOST,
            trick=tnum,
            text=reason,
            template=template,
            seats=seats,
            values=values,
        )
    )
    return state, events


def _play(state: GameState, a: Play) -> tuple[GameState, list[Event]]:
    seat, card = a.seat, a.card
    st = state.setup
    hands = list(state.hands)
    hands[seat] &= ~(1 << card)
    trick_seats = state.trick_seats + (seat,)
    trick_cards = state.trick_cards + (card,)
    tnum = len(state.tricks) + 1
    events = [Event(_PLAYED, seat, card, trick=tnum)]
    lost: tuple[str, tuple[int, ...], Values] | None = None
    status, decided = state.status, state.decided
    if not state.trick_cards:
        for i, tid, on_lead in _lead_checks(st.task_ids):
            if status[i] == PENDING and on_lead(state.owners[i], seat, card) == FAILED:
                status = status[:i] + (FAILED,) + status[i + 1 :]
                decided = decided[:i] + (tnum,) + decided[i + 1 :]
                events.append(Event(_TASK_FAILED, state.owners[i], task=tid, trick=tnum))
                why = N_("task {task} failed at trick {trick}: {seat0} led {card}")
                values = (("task", str(tid)), ("trick", str(tnum)), ("card", card_str(card)))
                lost = lost or (why, (seat,), values)
    if lost is None and st.rules.conditions and (broken := broken_after_play(state, seat, card)):
        lost = broken.template, broken.seats, broken.values
    if lost is not None:
        new = state._replace(
            hands=tuple(hands),
            trick_seats=trick_seats,
            trick_cards=trick_cards,
            status=status,
            decided=decided,
        )
        return _lost(new, events, tnum, *lost)
    if len(trick_cards) < st.seats:
        fields = list(state)
        fields[_HANDS] = tuple(hands)
        fields[_TRICK_SEATS] = trick_seats
        fields[_TRICK_CARDS] = trick_cards
        fields[_TURN] = (seat + 1) % st.seats
        return tuple.__new__(GameState, fields), events
    return _collect(state, hands, trick_seats, trick_cards, events)


def flip_piles(
    piles: tuple[tuple[int, int], ...], played: int, hand: int
) -> tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]:
    """Tonoja after a trick: a pile whose face-up card was played turns up the card beneath it.

    ``piles`` are (face-down, face-up) cards (-1 for none), ``played`` every card of the
    completed tricks, ``hand`` her face-up cards. Returns the new piles, her new face-up cards
    and the cards just turned up, in pile order.
    """
    new_piles = []
    turned: list[int] = []
    for down, up in piles:
        if up >= 0 and played >> up & 1:
            up = -1
        if up < 0 and down >= 0:
            up, down = down, -1
            hand |= 1 << up
            turned.append(up)
        new_piles.append((down, up))
    return tuple(new_piles), hand, tuple(turned)


def take_trick(
    leader: int,
    trick_seats: tuple[int, ...],
    trick_cards: tuple[int, ...],
    won: tuple[int, ...],
    counts: tuple[int, ...],
    played: int,
) -> tuple[Trick, tuple[int, ...], tuple[int, ...], int]:
    """A complete trick goes to the seat of its winning card: the trick, and the captured cards,
    trick counts and played cards after it (``apply`` and the solver's search form share this)."""
    w = trick_seats[trick_winner(trick_cards)]
    tmask = 0
    for c in trick_cards:
        tmask |= 1 << c
    new_won = list(won)
    new_won[w] |= tmask
    new_counts = list(counts)
    new_counts[w] += 1
    return (
        Trick(leader, trick_seats, trick_cards, w),
        tuple(new_won),
        tuple(new_counts),
        played | tmask,
    )


def _collect(
    state: GameState,
    hands: list[int],
    trick_seats: tuple[int, ...],
    trick_cards: tuple[int, ...],
    events: list[Event],
) -> tuple[GameState, list[Event]]:
    """The trick is complete: its winner takes it and leads next; Tonoja turns up her cards."""
    tnum = len(state.tricks) + 1
    trick, won, counts, played = take_trick(
        state.leader, trick_seats, trick_cards, state.won, state.counts, state.played
    )
    w = trick.winner
    events.append(Event(_TRICK_WON, w, trick.winning_card, trick=tnum))
    piles = state.piles
    if piles:
        piles, hands[TONOJA], turned = flip_piles(piles, played, hands[TONOJA])
        for up in turned:
            events.append(Event(EventKind.TONOJA_FLIP, TONOJA, up, trick=tnum))
    new = state._replace(
        hands=tuple(hands),
        piles=piles,
        trick_seats=(),
        trick_cards=(),
        tricks=state.tricks + (trick,),
        won=won,
        counts=counts,
        played=played,
        leader=w,
        turn=w,
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


def ctx_after(
    total: int,
    captain: int,
    crew: int,
    won: tuple[int, ...],
    counts: tuple[int, ...],
    tricks: tuple[Trick, ...],
    played: int,
    predictions: tuple[int, ...],
) -> Ctx:
    """What the task evaluators may see after the trick ``tricks[-1]``: public information
    only (captured cards, trick counts, the tricks themselves, the cards still to come). The
    set-up's numbers (its trick total, captain and crew size) are given, so a search reads them
    once, not after every trick (``Setup.crew`` is Python code)."""
    tnum = len(tricks)
    final = tnum >= total
    # built as the tuple it is: the named tuple's own constructor is a Python function, called
    # after every trick of a search
    return tuple.__new__(
        Ctx,
        (
            won,
            counts,
            tricks,
            0 if final else DECK_MASK & ~played,
            total - tnum,
            total,
            captain,
            predictions,
            final,
            crew,
        ),
    )


#: How a task is judged after a trick: (task index, evaluator, owner, the cards that wake it
#: (-1: every trick does), a seat whose win wakes it too (-1: none)).
Judge = tuple[int, Callable[[int, Ctx], int], int, int, int]


def judge_tasks(
    judges: tuple[Judge, ...],
    status: tuple[int, ...],
    ctx: Ctx,
    in_trick: int = 0,
    winner: int = -1,
) -> tuple[int, ...]:
    """Each task's status after a trick (its cards ``in_trick``, won by ``winner``): a pending
    task of ``judges`` asks its evaluator, and a task still pending after the final trick has
    failed. Before the final trick, a task that only some cards (or its owner's win) can change,
    as its category says, is not asked in a trick without them: it would say pending again."""
    out = list(status)
    final = ctx.final
    for i, evaluate, owner, wakes, on_win in judges:
        if out[i] != PENDING:
            continue
        if final:
            s = evaluate(owner, ctx)
            out[i] = FAILED if s == PENDING else s
        elif wakes < 0 or in_trick & wakes or on_win == winner:
            out[i] = evaluate(owner, ctx)
    return tuple(out)


@lru_cache(maxsize=_DRAW_CACHE)
def _judges(task_ids: tuple[int, ...], owners: tuple[int, ...]) -> tuple[Judge, ...]:
    """Every task, asked after every trick (``apply`` does not skip)."""
    return tuple((i, get_task(t).evaluate, owners[i], -1, -1) for i, t in enumerate(task_ids))


def _judge(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """After a trick: task status, mission conditions, and the end of the attempt."""
    st = state.setup
    tnum = len(state.tricks)
    final = tnum >= st.total_tricks
    ctx = ctx_after(
        st.total_tricks,
        st.captain,
        st.crew,
        state.won,
        state.counts,
        state.tricks,
        state.played,
        state.predictions,
    )
    before = state.status
    status = judge_tasks(_judges(st.task_ids, state.owners), before, ctx)
    first_fail = -1
    if status != before:
        decided = list(state.decided)
        for i, s in enumerate(status):
            if s == before[i]:
                continue
            decided[i] = tnum
            owner = state.owners[i]
            kind = _TASK_DONE if s == DONE else _TASK_FAILED
            events.append(Event(kind, owner, task=st.task_ids[i], trick=tnum))
            if s == FAILED and first_fail < 0:
                first_fail = i
        state = state._replace(status=status, decided=tuple(decided))
    if first_fail >= 0:
        template = N_("task {task} ({seat0}) failed at trick {trick}")
        values = (("task", str(st.task_ids[first_fail])), ("trick", str(tnum)))
        return _lost(state, events, tnum, template, (state.owners[first_fail],), values)
    if broken := broken_after_trick(state, final):
        return _lost(state, events, tnum, broken.template, broken.seats, broken.values)
    if st.task_ids and all(s == DONE for s in status):
        reason = f"every task is done (the last at trick {max(state.decided)})"
        last = (("trick", str(max(state.decided))),)
        template = N_("every task is done (the last at trick {trick})")
        state = state._replace(
            phase=_OVER, result=_WON, reason=reason, reason_template=template, reason_values=last
        )
        events.append(
            Event(EventKind.ATTEMPT_WON, trick=tnum, text=reason, template=template, values=last)
        )
        return state, events
    elif final:
        reason = (
            N_("all tricks were played and the mission's condition held")
            if not st.task_ids
            else N_("every task is done")
        )
    else:
        return state, events
    state = state._replace(phase=_OVER, result=_WON, reason=reason)
    events.append(Event(EventKind.ATTEMPT_WON, trick=tnum, text=reason))
    return state, events


PLAY = Handler(_check_play, _play)

# Actions are immutable, so legal_actions hands out shared instances (bots call it millions of
# times).
_PLAYS = tuple(tuple(Play(s, c) for c in range(40)) for s in range(5))


def candidates(state: GameState) -> list[Play]:
    """Every legal play now."""
    plays = _PLAYS[state.turn]
    return [plays[c] for c in legal_plays(state)]


def _check_time_up(state: GameState, a: TimeUp) -> Illegal | None:
    if not state.setup.rules.timed:
        return plain(Reason.NOT_TIMED, "this attempt is not played in real time")
    if state.phase not in (Phase.PREDICT, Phase.PLAY):
        return plain(Reason.TIMER_NOT_RUNNING, "the timer only runs after the tasks are placed")
    return None


def _time_up(state: GameState, a: TimeUp) -> tuple[GameState, list[Event]]:
    state = state._replace(phase=Phase.OVER, result=Result.LOST, reason=N_("time ran out"))
    return state, [Event(EventKind.ATTEMPT_LOST, trick=state.trick_number, text="time ran out")]


TIME_UP = Handler(_check_time_up, _time_up)
