"""What one seat may see: its own hand and everything public, nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from .enums import TONOJA, Communication, Direction, Phase, Result, TaskStatus
from .missions import CURRENTS, Rules
from .phases.tricks import legal_plays
from .state import GameState, controller_of
from .tasks import STATUS_NAMES, get_task
from .tricks import Trick

__all__ = ["SignalView", "TaskView", "View", "view_for", "PUBLIC"]

#: ``view_for(state, PUBLIC)``: what everybody at the table may see (no hand at all).
PUBLIC = -1


@dataclass(frozen=True, slots=True)
class TaskView:
    task: int
    owner: int  # -1 while unassigned
    status: TaskStatus
    trick: int  # 1-based trick at which it was decided, 0 while pending


@dataclass(frozen=True, slots=True)
class SignalView:
    seat: int
    card: int
    position: str  # "top"/"middle"/"bottom", or "hidden" under currents for other seats
    played: bool  # the shown card has since been played
    before_trick: int


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``seat`` may know. ``hand`` is only the seat's own (empty for PUBLIC)."""

    seat: int
    players: int
    seats: int
    mission: int | None
    phase: Phase
    captain: int
    turn: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    tonoja_up: tuple[int, ...]  # Tonoja's face-up cards per pile (-1 none); () without Tonoja
    tonoja_down: tuple[bool, ...]  # whether each pile still has a face-down card
    trick: tuple[tuple[int, int], ...]  # (seat, card) of the trick under way
    leader: int
    last_trick: Trick | None
    tricks_played: int
    total_tricks: int
    counts: tuple[int, ...]
    tasks: tuple[TaskView, ...]
    signals: tuple[SignalView, ...]
    tokens_left: tuple[int, ...]
    pool: int
    predictions: tuple[int | None, ...]  # None: none, or a secret one of another seat
    distress: Direction
    distress_active: bool
    communication: Communication
    result: Result
    reason: str
    volunteers: tuple[int, ...]
    rules: Rules  # the attempt's rules: public (the mission, its modifiers, the terrain's effect)
    asked: int = 0  # distribution and volunteer turns taken so far (public)
    #: whether each seat has fixed its prediction (public, even when the number is secret)
    predicted: tuple[bool, ...] = ()
    given_away: bool = False  # missions 10, 13: the captain gave the tasks to somebody else
    #: the cards this seat may play now: its own, or Tonoja's as her captain (follow-suit from
    #: the led colour and the hand it plays from); () when it is not this seat's to play
    playable: tuple[int, ...] = ()

    def controller(self, seat: int) -> int:
        """Who decides for ``seat``: the seat itself, or the captain for Tonoja."""
        return controller_of(self.players, self.captain, seat)


def _predictions(state: GameState, seat: int) -> tuple[int | None, ...]:
    """Each seat's prediction as ``seat`` may see it: a secret one only its owner (and, for
    Tonoja, the captain who fixes it) until the attempt is over."""
    st = state.setup
    pairs = list(zip(st.task_ids, state.owners, strict=True))
    # one number per seat: an owner of both prediction tasks shows it, as the public one demands
    # (the card's visibility in tasks.toml)
    shown = {t: get_task(t).prediction for t, _ in pairs}
    open_owner = {o for t, o in pairs if shown[t] == "public"}
    secret_owner = {o for t, o in pairs if shown[t] == "secret" and o not in open_owner}
    knows = {seat, TONOJA} if st.tonoja and seat == st.captain else {seat}
    over = bool(state.result)
    return tuple(
        None if p < 0 or (s in secret_owner and s not in knows and not over) else p
        for s, p in enumerate(state.predictions)
    )


def _signals(state: GameState, seat: int) -> tuple[SignalView, ...]:
    """The signals on the table; under currents only the signaller sees the claim (until the
    attempt is over)."""
    hide = state.setup.rules.communication == CURRENTS and not state.result
    return tuple(
        SignalView(
            m.seat,
            m.card,
            "hidden" if hide and m.seat != seat else m.position,
            bool(state.played >> m.card & 1) or m.card in state.trick_cards,
            m.before_trick,
        )
        for m in state.signals
    )


def _playable(state: GameState, seat: int) -> tuple[int, ...]:
    """The cards ``seat`` may play now when the turn is its (or Tonoja's, as her captain)."""
    if seat < 0 or state.setup.controller(state.turn) != seat:
        return ()
    return tuple(legal_plays(state))


def view_for(state: GameState, seat: int) -> View:
    """The view of ``seat`` (or PUBLIC): own hand, public table, own secret prediction."""
    st = state.setup
    hand: tuple[int, ...] = ()
    if 0 <= seat < st.seats and not (st.tonoja and seat == TONOJA):
        hand = tuple(c for c in range(40) if state.hands[seat] >> c & 1)
    counts_in_hand = tuple(
        (state.hands[s] | (state.tonoja_hidden() if st.tonoja and s == TONOJA else 0)).bit_count()
        for s in range(st.seats)
    )
    return View(
        seat=seat,
        players=st.players,
        seats=st.seats,
        mission=st.rules.mission,
        phase=state.phase,
        captain=st.captain,
        turn=state.turn,
        hand=hand,
        hand_counts=counts_in_hand,
        # a face-up card already played to the current trick is on the table, not in the pile
        tonoja_up=tuple(-1 if u in state.trick_cards else u for _, u in state.piles),
        tonoja_down=tuple(d >= 0 for d, _ in state.piles),
        trick=tuple(zip(state.trick_seats, state.trick_cards, strict=True)),
        leader=state.leader,
        last_trick=state.tricks[-1] if state.tricks else None,
        tricks_played=len(state.tricks),
        total_tricks=st.total_tricks,
        counts=state.counts,
        tasks=tuple(
            TaskView(t, o, STATUS_NAMES[s], d)
            for t, o, s, d in zip(
                st.task_ids, state.owners, state.status, state.decided, strict=True
            )
        ),
        signals=_signals(state, seat),
        tokens_left=tuple(
            0 if (st.tonoja and s == TONOJA) else state.tokens_left(s) for s in range(st.seats)
        ),
        pool=state.pool,
        predictions=_predictions(state, seat),
        distress=state.distress,
        distress_active=st.distress_active or bool(state.distress),
        communication=st.rules.communication,
        result=state.result,
        reason=state.reason,
        volunteers=state.volunteers,
        rules=st.rules,
        asked=state.asked,
        predicted=tuple(p >= 0 for p in state.predictions),
        given_away=state.given_away,
        playable=_playable(state, seat),
    )
