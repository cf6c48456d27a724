"""What a screen may know of a game: the public table and the one hand whose gate was passed.

A :class:`SeatScope` stands between the screens and a :class:`~crew.table.session.Session`. The
session holds the whole engine state (every hand); a scope hands out only views: the public
view (:meth:`SeatScope.public_view`) and, on a private step whose gate was acknowledged, the view
of that step's viewer (:attr:`SeatScope.hand`). Which hand that is, and which seat's actions may
be asked about, is :class:`~crew.table.gate.Gate`'s to say, for the session and the scope alike:
:meth:`SeatScope.illegal` and :meth:`SeatScope.act` refuse an action of any other seat (a crew
choice made in public excepted), the cards it lists are the open hand's, and the events it hands
out are what that seat saw (of a distress signal's passes, its own pair only). What a screen
chose goes back through :meth:`SeatScope.choose`. It has no ``state`` attribute, so a screen
that wanted to show another hand would have nothing to draw it from; a test checks that screens,
widgets and ``render.py`` never reach past it, and another that nothing it hands out holds a
hand but the open one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from crew.engine import (
    Action,
    Event,
    EventKind,
    GameState,
    Illegal,
    Play,
    Result,
    Setup,
    Signal,
    Tracker,
    View,
    apply,
    clashing_task,
    distress_target,
    doomed_hand_out,
    legal_actions,
    mask_of,
    pass_leaves_short,
    signal_card_illegal,
    signal_positions,
    tricks_within_reach,
    why_illegal,
)
from crew.engine.actions import Assign, Pass, Position, Take, Volunteer
from crew.engine.reasons import Reason
from crew.i18n import reason_text

from . import practice
from .advice import Advice
from .campaign import SaveProblem
from .choices import Back, Begin, Done, Intent, PassCard, PlayOn, SendDistress, SignalBy
from .jobs import Answer
from .protocol import Ask, Step, StepKind
from .session import Session

__all__ = ["HandOutMarks", "SeatScope", "clashes", "legal_cards", "losing_cards"]


def legal_cards(state: GameState) -> set[int]:
    """The cards the seat to play may play now (from the engine)."""
    return {a.card for a in legal_actions(state) if isinstance(a, Play)}


def losing_cards(state: GameState) -> set[int]:
    """The legal cards whose play loses the attempt at once (the engine's ``apply``): a mission
    condition or a task it breaks there and then. Public, like the card itself: the engine
    judges it from the card, the cards on the table and the tasks, never a hand."""
    return {
        a.card
        for a in legal_actions(state)
        if isinstance(a, Play) and apply(state, a)[0].result == Result.LOST
    }


def dooming(state: GameState, action: Action) -> tuple[int, ...] | None:
    """The tasks every way of handing out the rest leaves doomed after ``action`` (a take, an
    assignment, a pass or a volunteer's answer; the engine's ``doomed_hand_out``), else None."""
    if not isinstance(action, Take | Assign | Pass | Volunteer):
        return None
    if why_illegal(state, action) is not None:
        return None
    return doomed_hand_out(apply(state, action)[0])


class HandOutMarks:
    """Which choices of the tasks' hand-out doom the attempt, for one moment of the table.

    Made on the screen's thread (:meth:`SeatScope.hand_out_marks`) and worked out in a worker
    thread (:meth:`work_out`): in the epilogue's longer lists the engine's answers take up to
    a second, and the keys must not wait for them. The moment it was made for is kept out of
    reach (:meth:`SeatScope.holds_now` says whether the table is still there)."""

    __slots__ = ("_state", "actions", "choices", "done", "here", "here_asked")

    def __init__(self, state: GameState, actions: Iterable[Action], here: bool) -> None:
        self._state = state
        self.actions = frozenset(actions)
        self.here_asked = here
        #: every way of handing out the tasks from this moment dooms these (when asked)
        self.here: tuple[int, ...] | None = None
        #: each action asked about: the tasks it dooms, or None
        self.choices: dict[Action, tuple[int, ...] | None] = {}
        self.done = False

    def work_out(self) -> HandOutMarks:
        """Ask the engine (slow: for a worker thread)."""
        state = self._state
        if self.here_asked:
            self.here = doomed_hand_out(state)
        self.choices = {action: dooming(state, action) for action in self.actions}
        self.done = True
        return self


def clashes(state: GameState, seat: int) -> dict[int, int]:
    """The tasks nobody holds yet that ``seat`` cannot take without dooming the attempt, each
    with the task it can never succeed beside (the engine's ``clashing_task``; public: only the
    tasks and who holds them)."""
    ids = state.setup.task_ids
    out: dict[int, int] = {}
    for i, owner in enumerate(state.owners):
        if owner < 0:
            other = clashing_task(state, ids[i], seat)
            if other is not None:
                out[ids[i]] = other
    return out


class SeatScope:
    """The screens' side of one game at a shared terminal."""

    __slots__ = ("_session",)

    def __init__(self, session: Session) -> None:
        self._session = session

    # -- public facts -----------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return list(self._session.names)

    def name(self, seat: int) -> str:
        """How the table calls ``seat`` ("Ann·3" when Ann holds several seats)."""
        return self._session.name(seat)

    def person(self, seat: int) -> str:
        """The person (or computer, or Tonoja) at ``seat``, by name alone."""
        names = self._session.names
        return names[seat] if 0 <= seat < len(names) else self.name(seat)

    @property
    def players(self) -> int:
        return self._session.players

    @property
    def seats(self) -> int:
        return self._session.seats

    @property
    def setup(self) -> Setup:
        """What is fixed and public for the attempt: captain, rules, the tasks laid out."""
        return self._session.state.setup

    @property
    def attempt(self) -> int:
        return self._session.attempt

    @property
    def mission(self) -> int | None:
        return self._session.mission

    @property
    def difficulty(self) -> int | None:
        return self._session.record.difficulty

    @property
    def seed(self) -> int | str | None:
        """The deal code (shareable: it gives the same deal again)."""
        return self._session.record.seed

    @property
    def crew(self) -> str | None:
        return self._session.crew

    @property
    def replaying(self) -> bool:
        """This attempt replays a mission the crew had won before it began (the win stands)."""
        return self._session.replaying

    @property
    def time_left(self) -> float | None:
        return self._session.time_left

    @property
    def clock_running(self) -> bool:
        return self._session.clock_running

    @property
    def save_problem(self) -> SaveProblem | None:
        return self._session.save_problem

    @property
    def last_events(self) -> list[Event]:
        """What the last action made happen, as the table saw it: a distress signal's passes
        are the crew members' own (:meth:`distress_swap`), not the table's."""
        return [
            e._replace(exchange=()) if e.kind == EventKind.DISTRESS else e
            for e in self._session.last_events
        ]

    @property
    def signaller(self) -> int | None:
        return self._session.signaller

    def public_view(self) -> View:
        return self._session.public_view()

    def prediction_made(self, seat: int) -> bool:
        """Whether ``seat`` has fixed its prediction (public, even when the number is secret)."""
        return self._session.state.predictions[seat] >= 0

    def signal_first(self) -> list[int]:
        """Who may signal before this trick's lead (public facts only)."""
        return self._session.signal_first()

    def distress_target(self, seat: int) -> int:
        """Who receives ``seat``'s card in the distress signal being collected."""
        way = self._session.table.distress_direction or "left"
        return distress_target(self.players, seat, way)

    # -- who sits where, and the computers ---------------------------------------------------------

    def person_seats(self) -> list[int]:
        return self._session.person_seats()

    def ask(self) -> Ask | None:
        """What a computer must decide now (None: the people's turn, or nothing)."""
        return self._session.ask()

    def question(self, ask: Ask) -> Callable[[], Answer]:
        """The computer's decision as a function for a worker thread (built from its view)."""
        return self._session.question(ask)

    def answer(self, answer: Answer) -> bool:
        return self._session.answer(answer)

    # -- the step and its gate --------------------------------------------------------------------

    def step(self) -> Step:
        return self._session.step()

    def gate_seat(self) -> int | None:
        return self._session.gate_seat()

    def open_gate(self) -> None:
        self._session.open_gate()

    def close_gate(self) -> None:
        self._session.close_gate()

    @property
    def hand(self) -> View | None:
        """The view of the crew member whose gate was passed, on their private step; else None."""
        return self._session.hand_view()

    def view(self, seat: int) -> View:
        """``seat``'s view when its hand may be on screen now, else the public view."""
        hand = self.hand
        return hand if hand is not None and hand.seat == seat else self.public_view()

    # -- the engine's answers for the unlocked seat ------------------------------------------------

    def _acting(self) -> int:
        """The seat the unlocked crew member acts for now (-1: none)."""
        return self._session.gate.acting

    def legal_cards(self) -> set[int]:
        """The cards the unlocked crew member may play now (for Tonoja too, as captain)."""
        return legal_cards(self._session.state) if self._session.gate.playing else set()

    def losing_cards(self) -> set[int]:
        """The cards of :meth:`legal_cards` whose play loses the attempt at once."""
        return losing_cards(self._session.state) if self._session.gate.playing else set()

    def clashes(self, seat: int) -> dict[int, int]:
        """The open tasks ``seat`` cannot take without dooming the attempt, each with the task
        it clashes with (public: the tasks and their owners only)."""
        return clashes(self._session.state, seat)

    def hand_out_marks(self, actions: Iterable[Action], here: bool = False) -> HandOutMarks:
        """For choices while the tasks are handed out (a take or an assignment that clashes
        with no task given out yet, a pass, a volunteer's answer), and (``here``) for the table
        as it is: when every way of handing out the tasks left ends with two that can never
        both succeed, or with tasks whose owners' trick counts can never add up, such tasks
        (the engine's ``doomed_hand_out``; public: the tasks, their owners and the rules of the
        distribution). A job for a worker thread (:meth:`HandOutMarks.work_out`), for the
        table as it is now."""
        return HandOutMarks(self._session.state, actions, here)

    def holds_now(self, marks: HandOutMarks) -> bool:
        """Whether ``marks`` were made for the table as it is now (no action since)."""
        return marks._state is self._session.state

    def passable(self) -> list[int]:
        """The cards of the unlocked hand that may go in the distress signal."""
        hand = self.hand
        if hand is None:
            return []
        return [c for c in hand.hand if self._session.distress_card_illegal(hand.seat, c) is None]

    def tricks_within_reach(self, seat: int) -> tuple[int, int]:
        """The fewest and the most tricks ``seat`` can end with, whatever the others hold (the
        engine's ``tricks_within_reach``: its own hand and the public hand counts)."""
        return tricks_within_reach(self._session.state, seat)

    def short_passes(self) -> dict[int, int]:
        """Of :meth:`passable`: the cards that are the last of their kind a pending task needs
        the unlocked hand to hold (tasks 72-78 and the one-trick tasks of such cards), each with
        that task (the engine's ``pass_leaves_short``; the card received could still be one)."""
        hand = self.hand
        if hand is None:
            return {}
        tasks = self.public_view().tasks
        mask = mask_of(hand.hand)
        out: dict[int, int] = {}
        for card in self.passable():
            task = pass_leaves_short(tasks, hand.seat, mask, card)
            if task is not None:
                out[card] = task
        return out

    def showable(self) -> list[int]:
        """The cards of the unlocked hand the signaller may show now."""
        hand = self.hand
        if hand is None or self._session.signaller != hand.seat:
            return []
        state = self._session.state
        return [c for c in hand.hand if signal_card_illegal(state, hand.seat, c) is None]

    def signal_positions(self, card: int) -> tuple[Position, ...]:
        """The token positions the unlocked signaller may show ``card`` with."""
        seat = self._acting()
        if seat < 0:
            return ()
        return signal_positions(self._session.state, seat, card)

    def illegal(self, action: Action) -> str:
        """Why ``action`` is not allowed now, with names ('' when it is)."""
        mine = self._session.gate.refuses(action)
        if mine:
            return mine
        bad = why_illegal(self._session.state, action)
        return reason_text(bad, self.name) if bad is not None else ""

    def distress_swap(self) -> tuple[int, int, int, int] | None:
        """For the unlocked crew member: (card passed, to, card received, from), or None."""
        hand = self.hand
        return self._session.distress_exchange(hand.seat) if hand is not None else None

    # -- the card tracker, the computers' reasons; practice: hint and undo -----------------------

    @property
    def practice(self) -> bool:
        """A practice game: hints and undo, nothing in the logbook."""
        return self._session.practice

    def tracker(self) -> Tracker:
        """The cards played, the colours seats are known to lack, the signals (public)."""
        return practice.tracker(self._session)

    @property
    def whys(self) -> list[tuple[str, str]]:
        """The computers' moves since a person last acted, oldest first, each in words with
        its reason (a secret card or number untold); the last few when there were more."""
        return list(self._session.whys)

    def wishes(self) -> Callable[[], list[tuple[int, tuple[int, ...]]]] | None:
        """In a free task choice: a job saying which tasks each computer would like."""
        return practice.wishes(self._session)

    def hint(self) -> tuple[int, Callable[[], Advice]] | str:
        """Practice: what a computer would do for the seat at the keyboard, from its view."""
        return practice.hint(self._session)

    def undo_label(self) -> str:
        """Practice: what ``undo`` would take back now ('' when nothing may be)."""
        return practice.undo_label(self._session)

    def undo(self) -> bool:
        """Practice: take back the last action of the person at the keyboard."""
        return practice.undo(self._session)

    # -- doing things -----------------------------------------------------------------------------

    def choose(self, choice: Intent | Action) -> Illegal | None:
        """Carry out what the crew chose at this step: one of the table's intents
        (:mod:`.choices`), the signaller's signal, or an engine action of the seat whose hand is
        open (or the crew's public choice); the engine's reason when it is not allowed."""
        s = self._session
        match choice:
            case Begin():
                s.ack_draw()
            case PlayOn():
                s.play_on()
            case SignalBy(seat=seat):
                return s.start_signal(seat)
            case SendDistress(direction=direction):
                s.decide_distress(direction)
            case PassCard(card=card):
                return s.choose_distress_card(card)
            case Signal(card=card, position=position):
                return s.signal(card, position)
            case Back() if s.step().kind == StepKind.SIGNAL:
                s.cancel_signal()
            case Back():
                s.cancel_distress()
            case Done():
                s.end_peek()
            case _:
                return self.act(choice)
        return None

    def peek(self, seat: int) -> None:
        """``seat`` asks to look at their hand during a public step (behind their gate)."""
        self._session.peek(seat)

    def act(self, action: Action) -> Illegal | None:
        """Carry out the unlocked seat's ``action`` (or the crew's public choice)."""
        mine = self._session.gate.refuses(action)
        if mine:
            return Illegal(Reason.NOT_YOUR_TURN, mine)
        return self._session.act(action)
