"""The order in which the table asks its questions: one place for the app, self-play and
``crew suggest``.

The engine says what the rules allow; the table decides who is asked what, and when: the drawn
tasks are shown, then the distribution, the distress question (with the computers' votes), the
cards passed, the predictions, and before each trick the communication window (each computer
that may communicate, from the leader clockwise, once; then, before a computer's lead, the
people), then the card. :func:`next_step` says what the table waits for, :func:`next_question`
what it waits for from a computer. Both are pure functions of the engine state, the table's own
notes (:class:`TableState`, frozen) and the seats the computers play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from crew.engine import (
    Direction,
    GameState,
    Phase,
    Predict,
    distress_possible,
    legal_actions,
    may_communicate,
)

__all__ = [
    "Ask",
    "AskKind",
    "Step",
    "StepKind",
    "TableState",
    "decider",
    "distress_outcome",
    "has_people",
    "next_question",
    "next_step",
    "people_who_may_signal",
    "predictors",
    "question_for",
]


class StepKind(StrEnum):
    """What the table is waiting for."""

    DRAW = "draw"  # public: the drawn tasks are shown to everybody
    DISTRIBUTE = "distribute"  # private: take a task or pass
    VOLUNTEER = "volunteer"  # private: answer the captain's question
    GIVE = "give"  # all tasks to one member: private (captain) or public (the crew picks)
    ASSIGN = "assign"  # public: free task choice / the two volunteers split
    DISTRESS = "distress"  # public: send the distress signal? which direction?
    DISTRESS_CARD = "distress_card"  # private: the card this member passes
    PREDICT = "predict"  # private: the number of tricks a prediction task's owner will win
    WINDOW = "window"  # public: before a computer leads, a person may signal first
    SIGNAL = "signal"  # private: the card shown (asked for before a trick)
    PLAY = "play"  # private: play a card (the captain plays for Tonoja)
    PEEK = "peek"  # private, read-only: a member looks at their hand during a public step
    RESULT = "result"  # public: the attempt is over


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the table waits for: its kind, the seat it is for, whose hand it may show."""

    kind: StepKind
    seat: int = -1  # the seat acting (Tonoja's seat on her turns); -1 for the whole crew
    viewer: int = -1  # the human whose hand may be on screen; -1: a public step

    @property
    def private(self) -> bool:
        return self.viewer >= 0


class AskKind(StrEnum):
    """What a computer is asked."""

    ACTION = "action"  # the move the table waits for from the seat
    SIGNAL = "signal"  # whether the seat communicates before this trick
    VOTES = "votes"  # every computer's vote on the distress signal (seat -1)
    DISTRESS_CARD = "distress_card"  # the card the seat passes


@dataclass(frozen=True, slots=True)
class Ask:
    """A question the table puts to its computers now. ``number`` is the count of actions
    played when asked and ``deal`` the attempt's deal code: an answer to an older question (the
    table moved on, a new attempt began) is dropped."""

    kind: AskKind
    seat: int
    number: int = 0
    deal: str = ""


@dataclass(frozen=True, slots=True)
class TableState:
    """The table's own notes beside the engine state: what the crew has answered so far in this
    attempt. Frozen: a change is a new value (:func:`dataclasses.replace`)."""

    draw_seen: bool = False
    distress_decided: bool = False
    distress_direction: Direction | None = None  # the distress signal being sent: cards open
    distress_cards: tuple[tuple[int, int], ...] = ()  # (seat, card) chosen so far
    distress_votes: tuple[tuple[int, Direction | None], ...] | None = None  # the computers' votes
    signaller: int | None = None  # the seat choosing a signal now
    window_closed: int = 0  # the trick before whose computer lead the people played on
    window_asked: frozenset[tuple[int, int]] = frozenset()  # computers asked: (trick, seat)
    peeking: int | None = None  # the member looking at their hand in a public step

    def card_of(self, seat: int) -> int | None:
        """The card ``seat`` chose to pass in the distress signal being collected."""
        return next((c for s, c in self.distress_cards if s == seat), None)


def predictors(state: GameState) -> list[int]:
    """The seats that still have to fix a prediction, in the engine's order."""
    seats: list[int] = []
    for a in legal_actions(state):
        if isinstance(a, Predict) and a.seat not in seats:
            seats.append(a.seat)
    return seats


def people_who_may_signal(state: GameState, computers: frozenset[int]) -> list[int]:
    """The people who may communicate before this trick (public facts only)."""
    return [
        seat
        for seat in range(state.setup.seats)
        if seat not in computers and may_communicate(state, seat) is None
    ]


def has_people(state: GameState, computers: frozenset[int]) -> bool:
    """Whether a person plays one of the crew's seats (else computers decide the crew's
    choices themselves)."""
    return any(seat not in computers for seat in range(state.setup.players))


def _window_for_people(state: GameState, table: TableState, computers: frozenset[int]) -> bool:
    """Before a computer leads a trick, the people who may signal are asked (once) whether one
    of them signals first: a computer's lead would not wait for a key otherwise."""
    s = state
    if s.phase != Phase.PLAY or s.trick_cards or table.window_closed == s.trick_number:
        return False
    if s.setup.controller(s.turn) not in computers:
        return False  # a person leads: the gate and the hand offer the signal
    return bool(people_who_may_signal(s, computers))


def next_step(state: GameState, table: TableState, computers: frozenset[int]) -> Step:
    """What the table waits for now (from a person or a computer)."""
    s = state
    controller = s.setup.controller
    if s.over:
        return Step(StepKind.RESULT)
    if table.peeking is not None:
        return Step(StepKind.PEEK, table.peeking, table.peeking)
    if not table.draw_seen:
        return Step(StepKind.DRAW)
    if s.phase == Phase.DISTRIBUTE:
        return Step(StepKind.DISTRIBUTE, s.turn, controller(s.turn))
    if s.phase == Phase.VOLUNTEER:
        return Step(StepKind.VOLUNTEER, s.turn, controller(s.turn))
    if s.phase == Phase.GIVE:
        if s.turn >= 0:
            return Step(StepKind.GIVE, s.turn, s.turn)
        return Step(StepKind.GIVE)
    if s.phase == Phase.ASSIGN:
        return Step(StepKind.ASSIGN)
    if table.distress_direction is not None:
        for seat in range(s.setup.players):
            if table.card_of(seat) is None:
                return Step(StepKind.DISTRESS_CARD, seat, seat)
    if not table.distress_decided and distress_possible(s):
        return Step(StepKind.DISTRESS)
    if s.phase == Phase.PREDICT:
        seat = predictors(s)[0]
        return Step(StepKind.PREDICT, seat, controller(seat))
    if not s.trick_cards and table.signaller is not None:
        return Step(StepKind.SIGNAL, table.signaller, table.signaller)
    if _window_for_people(s, table, computers):
        return Step(StepKind.WINDOW, s.turn)
    return Step(StepKind.PLAY, s.turn, controller(s.turn))


def decider(state: GameState) -> int:
    """Who decides a choice the whole crew makes (free task choice, who takes all tasks) when
    no person sits at the table: the first volunteer, else the captain; the captain for Tonoja
    when she volunteered first (the captain answers for her)."""
    seat = state.volunteers[0] if state.volunteers else state.setup.captain
    return state.setup.controller(seat)


def next_question(
    state: GameState,
    table: TableState,
    computers: frozenset[int],
    *,
    number: int = 0,
    deal: str = "",
) -> Ask | None:
    """What the table waits for from a computer now (None: from the people, or nothing).

    The order: the distress votes when the crew is asked, the cards computers pass, before each
    trick's lead every computer that may communicate (from the leader clockwise, once each),
    then, before a computer leads, the people (:attr:`StepKind.WINDOW`), then the moves. A
    choice of the whole crew is the people's when a person is at the table, else the
    :func:`decider`'s. ``number`` (the count of actions played) and ``deal`` only tell answers
    to older questions apart."""
    if not computers:
        return None
    s = state
    n = number
    step = next_step(s, table, computers)
    kind = step.kind
    if kind == StepKind.DISTRESS:
        return Ask(AskKind.VOTES, -1, n, deal) if table.distress_votes is None else None
    if kind == StepKind.DISTRESS_CARD:
        return Ask(AskKind.DISTRESS_CARD, step.seat, n, deal) if step.seat in computers else None
    if kind in (StepKind.PLAY, StepKind.WINDOW) and not s.trick_cards:
        for k in range(s.setup.seats):
            seat = (s.leader + k) % s.setup.seats
            if (
                seat in computers
                and (s.trick_number, seat) not in table.window_asked
                and may_communicate(s, seat) is None
            ):
                return Ask(AskKind.SIGNAL, seat, n, deal)
    if kind == StepKind.WINDOW:
        return None  # the people say whether one of them signals before the computer leads
    if kind in (StepKind.GIVE, StepKind.ASSIGN) and not step.private:
        if has_people(s, computers):
            return None  # the crew's choice, made by the people at the table
        return Ask(AskKind.ACTION, decider(s), n, deal)
    if kind in (
        StepKind.DISTRIBUTE,
        StepKind.VOLUNTEER,
        StepKind.GIVE,
        StepKind.PREDICT,
        StepKind.PLAY,
    ) and (step.viewer in computers):
        return Ask(AskKind.ACTION, step.viewer, n, deal)
    return None


def distress_outcome(votes: tuple[tuple[int, Direction | None], ...]) -> Direction | None:
    """The computers' crew decision on the distress signal when no person is at the table: it
    is sent (the first voter's way) only when every one of them votes for it."""
    ways = [direction for _, direction in votes]
    if not ways or any(way is None for way in ways):
        return None
    return ways[0]


def question_for(
    state: GameState, table: TableState, seat: int, *, number: int = 0, deal: str = ""
) -> Ask | None:
    """The question the table puts to ``seat`` next, every seat played by a computer (what
    ``crew suggest`` answers): :func:`next_question`, except that in the communication window
    the seats asked before ``seat`` are taken to have declined. None: nothing for ``seat`` now.
    """
    computers = frozenset(range(state.setup.players))
    while True:
        ask = next_question(state, table, computers, deal=deal, number=number)
        if ask is None:
            return None
        if ask.kind == AskKind.VOTES or ask.seat == seat:
            return ask
        if ask.kind != AskKind.SIGNAL:
            return None
        asked = table.window_asked | {(state.trick_number, ask.seat)}
        table = replace(table, window_asked=asked)
