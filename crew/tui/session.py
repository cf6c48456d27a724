"""The hot-seat game behind the TUI, without any Textual: state, record, names, campaign, gates.

A :class:`Session` owns one game at one shared terminal. It applies actions through the engine
(which alone decides legality, trick winners and task status), writes the game record after every
action, and answers the two questions the screens ask: *what happens now* (:meth:`Session.step`)
and *must the terminal be handed to somebody first* (:meth:`Session.gate_seat`).

Privacy protocol: a step is *private* when it shows a hand (``Step.viewer``); a private step may
only be shown after its viewer acknowledged a hand-off gate (:meth:`Session.open_gate`). A public
step always closes the gate again, so the next private step needs a new one. Two consecutive
private steps of the same viewer need no gate in between.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from crew import storage
from crew.bots import (
    DEFAULT as BOT_SETTINGS,
)
from crew.bots import (
    Memory,
    choose_action,
    choose_distress,
    choose_distress_card,
    choose_signal,
    decision_rng,
)
from crew.engine import (
    TONOJA,
    Action,
    Distress,
    Event,
    EventKind,
    GameState,
    Illegal,
    Phase,
    Play,
    Predict,
    Result,
    Signal,
    TimeUp,
    View,
    apply,
    distress_card_illegal,
    distress_possible,
    legal_actions,
    may_communicate,
    mission_entry,
    mission_rules,
    new_attempt,
    signal_card_illegal,
    view_for,
    why_illegal,
)
from crew.engine.attempts import attempt_seed, lost_before_anyone_could_act, retry
from crew.engine.cards import card_str, parse_card
from crew.engine.view import PUBLIC
from crew.names import name_problem
from crew.records import Record, TableNotes, action_to_json, record_for, replay

__all__ = [
    "DEFAULT_NAMES",
    "Answer",
    "Ask",
    "GameSpec",
    "Session",
    "SessionError",
    "Step",
    "StepKind",
    "seat_label",
]

DEFAULT_NAMES = ("Ann", "Bob", "Cas", "Dee", "Eve")

#: What a seat is called in the names text (the wizard, ``--names``) to have a computer play it.
COMPUTER_WORDS = ("computer", "cpu", "bot")

#: Seconds of real time after which the running clock is saved even without an action.
CLOCK_SAVE_EVERY = 5.0


class SessionError(ValueError):
    """A game cannot be started or continued (the message says why)."""


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


@dataclass(frozen=True, slots=True)
class Ask:
    """A question the table puts to its computers now.

    ``kind``: ``action`` (the move the table waits for from ``seat``), ``signal`` (whether
    ``seat`` communicates before this trick), ``votes`` (every computer's distress vote; seat -1)
    or ``distress_card`` (the card ``seat`` passes). ``number`` is the count of actions played
    when asked: an answer to an older question is dropped."""

    kind: str
    seat: int
    number: int
    deal: str = ""  # the attempt's deal code: a new attempt asks anew


@dataclass(frozen=True, slots=True)
class Answer:
    """A computer's decision for an :class:`Ask` (computed away from the table, in a worker)."""

    ask: Ask
    action: Action | None = None
    card: int | None = None
    votes: tuple[tuple[int, str | None], ...] = ()


def seat_label(name: str, seat: int) -> str:
    """The label of one of several seats a person holds: the name and the seat, counted from 1
    as people count ("Ann·3" for seat 2)."""
    return f"{name}·{seat + 1}"


def robot_name(k: int) -> str:
    """The name of the ``k``-th computer at the table (from 1)."""
    return f"Robo {k}"


def parse_seats(text: str, players: int) -> tuple[list[str], list[int]]:
    """Names in seat order from ``text`` ("Ann, computer, Bob"), with the computer seats.

    The word ``computer`` (or ``cpu``, ``bot``) puts a computer in that seat; the same name
    twice means one person holds both seats. Names are not checked here (see GameSpec)."""
    names: list[str] = []
    computers: list[int] = []
    for i, item in enumerate(n.strip() for n in text.split(",") if n.strip()):
        if item.lower() in COMPUTER_WORDS:
            computers.append(i)
            names.append("")
        else:
            names.append(item)
    return names, computers


@dataclass
class GameSpec:
    """What a new game needs: crew, names, mission (or free difficulty), timing, seed, campaign,
    and which seats computers play (``computers``: seat numbers)."""

    players: int
    names: list[str] = field(default_factory=list)
    mission: int | None = 1
    difficulty: int | None = None
    timed: bool = False
    seed: int | str | None = None
    crew: str | None = None  # campaign crew name; None: free play
    computers: list[int] = field(default_factory=list)

    def seat_names(self) -> list[str]:
        """One name per seat: the names given for the people (all seats, or the people's seats
        only), each computer seat named ``Robo k`` unless given a name of its own."""
        comps = sorted(set(self.computers))
        given = [n.strip() for n in self.names]
        if given and len(given) == self.players - len(comps) and comps:
            people = iter(given)
            given = ["" if seat in comps else next(people) for seat in range(self.players)]
        if not any(given):
            given = ["" if seat in comps else DEFAULT_NAMES[seat] for seat in range(self.players)]
        if len(given) != self.players:
            return given
        out = []
        k = 0
        for seat, name in enumerate(given):
            if seat in comps:
                k += 1
                name = robot_name(k) if not name or name.lower() in COMPUTER_WORDS else name
            out.append(name)
        return out

    def checked(self) -> GameSpec:
        """The spec with default names filled in; SessionError when something is wrong."""
        if self.players not in (2, 3, 4, 5):
            raise SessionError(f"the crew has 2 to 5 players, not {self.players}")
        comps = sorted(set(self.computers))
        if any(not 0 <= seat < self.players for seat in comps):
            raise SessionError(f"computer seats are 0 to {self.players - 1}, not {comps}")
        if len(comps) >= self.players:
            raise SessionError("at least one seat is a person's (computers alone: crew selfplay)")
        names = self.seat_names()
        if len(names) != self.players:
            people = self.players - len(comps)
            extra = f" (or {people} for the people only)" if comps else ""
            raise SessionError(
                f"{len(names)} names for {self.players} players; give one name per crew"
                f" member{extra}"
            )
        humans = {n.lower() for seat, n in enumerate(names) if seat not in comps}
        robots = [n.lower() for seat, n in enumerate(names) if seat in comps]
        if len(set(robots)) != len(robots) or humans & set(robots):
            raise SessionError(
                f"each computer needs a name of its own: {', '.join(names)}"
                " (the same name twice is one person holding two seats)"
            )
        if any(n.lower() == "tonoja" for n in names):
            raise SessionError("Tonoja is the dummy crew member's name; choose another name")
        if any(len(n) > 12 for n in names):
            raise SessionError("names are at most 12 characters long")
        for n in names + ([self.crew] if self.crew is not None else []):
            if (problem := name_problem(n)) is not None:
                raise SessionError(problem)
        if self.mission is None and self.difficulty is None:
            raise SessionError("free play needs a mission number or a difficulty")
        try:
            mission_rules(
                self.mission,
                timed=self.timed,
                difficulty=self.difficulty if self.mission is None else None,
            )
        except ValueError as exc:
            raise SessionError(str(exc)) from None
        seed = self.seed if self.seed is not None else random.randrange(100000, 1000000)
        return GameSpec(
            self.players,
            names,
            self.mission,
            self.difficulty,
            self.timed,
            seed,
            self.crew,
            comps,
        )


def is_realtime(mission: int | None) -> bool:
    """Whether a logbook mission offers the timed/untimed choice (14, 15, 16, 26)."""
    return mission is not None and mission_entry(mission).realtime is not None


# ---------------------------------------------------------------------------------------------
# the session


class Session:
    """One hot-seat game: the engine state, its record and everything the screens must know."""

    def __init__(
        self,
        state: GameState,
        record: Record,
        names: list[str],
        *,
        base_seed: int | str | None,
        crew: str | None = None,
        time_left: float | None = None,
        logged: bool = False,
        autosave: bool = True,
        computers: frozenset[int] = frozenset(),
    ) -> None:
        self.state = state
        #: the seats computers play; each has its memory of what its own view showed
        self.computers = computers
        self.memories: dict[int, Memory] = {}
        self.record = record
        self.names = names
        self.base_seed = base_seed
        self.crew = crew
        self.autosave = autosave
        self.time_left = time_left
        self.logged = logged
        self.notice = ""  # something the screens should tell everybody once (e.g. a damaged file)
        self._clock_unsaved = 0.0  # seconds the clock ran since the last save
        self.save_problem = ""  # why the game or the logbook could not be written ('' if fine)
        self._log_problem = ""
        self.last_events: list[Event] = []
        self.mission_won = False  # won before this attempt began: a replay, Next stays open
        self.uncounted = False  # lost before anyone could act: not written in the logbook
        self.redeals = 0  # re-deals of this attempt that did not count
        self._reset_table(draw_seen=bool(record.actions))

    def _reset_table(self, *, draw_seen: bool) -> None:
        self.unlocked: int | None = None  # the human whose gate was acknowledged
        self.draw_seen = draw_seen
        self.distress_decided = False
        self.distress_direction: str | None = None
        self.distress_cards: dict[int, int] = {}
        # the distress signal's passes, as (from seat, to seat, card): the engine's event
        self.exchange: tuple[tuple[int, int, int], ...] = ()
        self.signaller: int | None = None
        # the trick before whose lead by a computer the people said "play on" (0: none yet)
        self.window_closed = 0
        self.peeking: int | None = None
        # the computers' part: their distress votes this attempt, who was asked to signal
        self.distress_votes: dict[int, str | None] | None = None
        self.window_asked: set[tuple[int, int]] = set()  # (trick number, seat)
        self.memories = {seat: Memory(seat) for seat in self.computers}
        self._observe()

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, spec: GameSpec, *, autosave: bool = True) -> Session:
        """Start the first attempt of ``spec`` (a campaign crew continues its logbook)."""
        spec = spec.checked()
        state, attempt = _first_attempt(spec, autosave=autosave)
        assert spec.seed is not None
        rec = record_for(
            state,
            names=list(spec.names),
            seed=attempt_seed(spec.seed, attempt),
            attempt=attempt,
            difficulty=spec.difficulty if spec.mission is None else None,
        )
        s = cls(
            state,
            rec,
            list(spec.names),
            base_seed=spec.seed,
            crew=spec.crew,
            time_left=_clock(state),
            autosave=autosave,
            computers=frozenset(spec.computers),
        )
        s.mission_won = s.book_says_won()
        s.save()
        return s

    @classmethod
    def resume(cls, rec: Record, *, autosave: bool = True) -> Session:
        """Continue a saved game at the same point; every private step starts with a gate."""
        notes = rec.table
        computers = frozenset(notes.computers if notes is not None else ())
        r = replay(rec, "saved game", keep_states=bool(computers))
        if r.violation is not None:
            raise SessionError(
                f"the saved game cannot be continued: action {r.violation.action + 1} is not"
                f" allowed ({r.violation.message})"
            )
        names = list(rec.names or DEFAULT_NAMES[: rec.players])
        base = notes.base_seed if notes is not None else None
        if base is None:
            base = _base_seed(rec.seed, rec.attempt)
        time_left = notes.time_left if notes is not None else None
        if time_left is None:
            time_left = _clock(r.state)
        s = cls(
            r.state,
            rec,
            names,
            base_seed=base,
            crew=notes.crew if notes is not None else None,
            time_left=time_left,
            logged=notes.logged if notes is not None else False,
            autosave=autosave,
            computers=computers,
        )
        # each computer remembers the game as its own view showed it, action by action
        s.memories = {
            seat: Memory.replayed(seat, [view_for(st, seat) for st in [r.start, *r.states]])
            for seat in computers
        }
        if notes is not None:
            # questions already answered at the table are not asked again
            s.distress_decided = notes.distress_decided
            # a choice made half-way is resumed where it was (the gate comes first)
            s.distress_direction = notes.distress_direction
            s.distress_cards = {
                int(seat): parse_card(card) for seat, card in notes.distress_cards.items()
            }
            s.signaller = notes.signaller
            s.window_closed = notes.window_closed
            s.mission_won = notes.mission_won
            s.uncounted = notes.uncounted
            s.redeals = notes.redeals
        for events in r.events:
            s._note(events)
        # what happened last is said again (a signal made just before the terminal closed)
        s.last_events = list(r.events[-1]) if r.events else []
        if s.state.over and not s.logged:
            s._write_logbook()
            s.save()
        return s

    # -- names and views ----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.state.setup.players

    @property
    def seats(self) -> int:
        return self.state.setup.seats

    @property
    def attempt(self) -> int:
        return self.record.attempt

    @property
    def mission(self) -> int | None:
        return self.state.setup.rules.mission

    def name(self, seat: int) -> str:
        """How the table calls a seat: the crew member's name, or Tonoja's. A person holding
        several seats has one label per seat, the name with the seat counted from 1 ("Ann·3"),
        so that no screen leaves a doubt which of their hands it means."""
        if 0 <= seat < len(self.names):
            name = self.names[seat]
            return seat_label(name, seat) if self.holds_several(seat) else name
        return "Tonoja" if self.state.setup.tonoja and seat == TONOJA else f"seat {seat + 1}"

    def named(self, bad: Illegal) -> Illegal:
        """The engine's reason with each seat it names called by its crew member's name."""
        return bad._replace(message=bad.text(self.name))

    def public_view(self) -> View:
        return view_for(self.state, PUBLIC)

    def hand_view(self) -> View | None:
        """The view of the human whose hand may be on screen now, or None (public step)."""
        step = self.step()
        if not step.private or not self._open_for(step.viewer):
            return None
        return view_for(self.state, step.viewer)

    # -- who sits where --------------------------------------------------------------------------

    def is_computer(self, seat: int) -> bool:
        return seat in self.computers

    def people(self) -> set[str]:
        """The people at the table (one name per person; a person may hold several seats)."""
        return {n for seat, n in enumerate(self.names) if seat not in self.computers}

    def person_seats(self) -> list[int]:
        """The seats people play, in seat order."""
        return [seat for seat in range(self.players) if seat not in self.computers]

    def same_person(self, a: int | None, b: int) -> bool:
        """Whether seats ``a`` and ``b`` are held by one person (the same name)."""
        if a is None or a in self.computers or b in self.computers:
            return False
        return a == b or self.names[a] == self.names[b]

    def holds_several(self, seat: int) -> bool:
        """Whether the person at ``seat`` holds other seats too."""
        return sum(1 for s in self.person_seats() if self.same_person(s, seat)) > 1

    def _open_for(self, viewer: int) -> bool:
        """Whether ``viewer``'s hand may be on screen without a gate: its person passed their
        gate (for this seat or another of theirs), or nobody else sits at the terminal."""
        if viewer in self.computers:
            return False
        return self.same_person(self.unlocked, viewer) or len(self.people()) == 1

    def controller(self, seat: int) -> int:
        return self.state.setup.controller(seat)

    # -- what happens now -----------------------------------------------------------------------

    def step(self) -> Step:
        """What the table waits for now (pure: asking changes nothing)."""
        s = self.state
        st = s.setup
        if s.over:
            return Step(StepKind.RESULT)
        if self.peeking is not None:
            return Step(StepKind.PEEK, self.peeking, self.peeking)
        if not self.draw_seen:
            return Step(StepKind.DRAW)
        if s.phase == Phase.DISTRIBUTE:
            return Step(StepKind.DISTRIBUTE, s.turn, self.controller(s.turn))
        if s.phase == Phase.VOLUNTEER:
            return Step(StepKind.VOLUNTEER, s.turn, self.controller(s.turn))
        if s.phase == Phase.GIVE:
            if s.turn >= 0:
                return Step(StepKind.GIVE, s.turn, s.turn)
            return Step(StepKind.GIVE)
        if s.phase == Phase.ASSIGN:
            return Step(StepKind.ASSIGN)
        if self.distress_direction is not None:
            for seat in range(st.players):
                if seat not in self.distress_cards:
                    return Step(StepKind.DISTRESS_CARD, seat, seat)
        if not self.distress_decided and self.distress_possible():
            return Step(StepKind.DISTRESS)
        if s.phase == Phase.PREDICT:
            seat = self.predictors()[0]
            return Step(StepKind.PREDICT, seat, self.controller(seat))
        if not s.trick_cards and self.signaller is not None:
            return Step(StepKind.SIGNAL, self.signaller, self.signaller)
        if self._window_for_people():
            return Step(StepKind.WINDOW, s.turn)
        return Step(StepKind.PLAY, s.turn, self.controller(s.turn))

    def _window_for_people(self) -> bool:
        """Before a computer leads a trick, the people who may signal are asked (once) whether
        one of them signals first: a computer's lead would not wait for a key otherwise."""
        s = self.state
        if s.phase != Phase.PLAY or s.trick_cards or self.window_closed == s.trick_number:
            return False
        if self.controller(s.turn) not in self.computers:
            return False  # a person leads: the gate and the hand offer the signal (c)
        return bool(self._people_who_may_signal())

    def _people_who_may_signal(self) -> list[int]:
        return [seat for seat in self.communicators() if seat not in self.computers]

    def gate_seat(self) -> int | None:
        """The human who must be handed the terminal before the current step, or None."""
        step = self.step()
        if step.private and step.viewer not in self.computers and not self._open_for(step.viewer):
            return step.viewer
        return None

    def open_gate(self) -> None:
        """The gate was acknowledged: the current step's viewer may now see their hand."""
        step = self.step()
        if step.private and step.viewer not in self.computers:
            self.unlocked = step.viewer

    def close_gate(self) -> None:
        """The hand on screen leaves it (the crew is about to choose something in public)."""
        self.unlocked = None

    def _after(self) -> None:
        # a public step takes the hand off the screen: the next private step needs a gate
        if not self.step().private:
            self.unlocked = None

    # -- engine questions -----------------------------------------------------------------------

    def distress_possible(self) -> bool:
        """Whether the crew may still send (or, when active, use) the distress signal now."""
        return distress_possible(self.state)

    def predictors(self) -> list[int]:
        """The seats that still have to fix a prediction, in the engine's order."""
        seats: list[int] = []
        for a in legal_actions(self.state):
            if isinstance(a, Predict) and a.seat not in seats:
                seats.append(a.seat)
        return seats

    def may_communicate(self, seat: int) -> Illegal | None:
        """Whether ``seat`` may communicate before this trick, judged on public facts only, so
        the communication window never tells the table anything about a hand."""
        return may_communicate(self.state, seat)

    def communicators(self) -> list[int]:
        """The seats that may communicate now (public facts only)."""
        return [s for s in range(self.seats) if self.may_communicate(s) is None]

    def signal_first(self) -> list[int]:
        """Who may signal before the card about to lead this trick (public facts only): asked
        as one optional key on the leader's gate and table, never as a question of its own."""
        s = self.state
        if self.step().kind not in (StepKind.PLAY, StepKind.WINDOW) or s.trick_cards:
            return []
        # the computers are asked in their own turn (``ask``): this is for the people
        return self._people_who_may_signal()

    def legal_cards(self) -> set[int]:
        """The cards the seat to play may play now (from the engine)."""
        return {a.card for a in legal_actions(self.state) if isinstance(a, Play)}

    def signal_illegal(self, seat: int, card: int) -> Illegal | None:
        """None when ``card`` may be shown with some position; else the engine's reason."""
        bad = signal_card_illegal(self.state, seat, card)
        return self.named(bad) if bad is not None else None

    def distress_card_illegal(self, seat: int, card: int) -> Illegal | None:
        """Why ``seat`` may not pass ``card`` in the distress signal (None: it may)."""
        bad = distress_card_illegal(self.state, seat, card)
        return self.named(bad) if bad is not None else None

    def distress_exchange(self, seat: int) -> tuple[int, int, int, int] | None:
        """After a distress signal in this attempt: (card ``seat`` passed, to whom, card it
        received, from whom); None without one. Private: only for ``seat``'s own eyes."""
        gave = next(((to, c) for frm, to, c in self.exchange if frm == seat), None)
        got = next(((frm, c) for frm, to, c in self.exchange if to == seat), None)
        if gave is None or got is None:
            return None
        return gave[1], gave[0], got[1], got[0]

    def _note(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == EventKind.DISTRESS:
                self.exchange = e.exchange

    # -- doing things ---------------------------------------------------------------------------

    def act(self, action: Action) -> Illegal | None:
        """Apply ``action`` (recorded and saved); the engine's reason when it is not allowed."""
        bad = why_illegal(self.state, action)
        if bad is not None:
            return self.named(bad)
        self.state, self.last_events = apply(self.state, action)
        self._note(self.last_events)
        self._observe()
        self.record.actions.append(action_to_json(action))
        if isinstance(action, Distress):
            self._log_distress()
        if self.state.over:
            self.signaller = None
            self._write_logbook()
        self.save()
        self._after()
        return None

    def ack_draw(self) -> None:
        self.draw_seen = True
        self._after()

    def decide_distress(self, direction: str | None) -> None:
        """The crew's decision: None declines; "left"/"right" starts collecting the cards."""
        if direction is None:
            self.distress_decided = True
            self.save()
        else:
            self.distress_direction = direction
            self.distress_cards = {}
            self.save()
        self._after()

    def cancel_distress(self) -> None:
        """Back to the decision (no card has been passed yet)."""
        self.distress_direction = None
        self.distress_cards = {}
        self.save()
        self._after()

    def choose_distress_card(self, card: int) -> Illegal | None:
        """The current member's card to pass; the last one sends the whole distress action."""
        step = self.step()
        assert step.kind == StepKind.DISTRESS_CARD and self.distress_direction is not None
        bad = self.distress_card_illegal(step.seat, card)
        if bad is not None:
            return bad
        self.distress_cards[step.seat] = card
        if len(self.distress_cards) == self.players:
            cards = tuple(self.distress_cards[s] for s in range(self.players))
            action = Distress(self.distress_direction, cards)  # type: ignore[arg-type]
            self.distress_direction = None
            self.distress_cards = {}
            self.distress_decided = True
            bad = self.act(action)
            assert bad is None, bad
            return None
        self.save()
        self._after()
        return None

    def start_signal(self, seat: int) -> Illegal | None:
        bad = self.may_communicate(seat)
        if bad is not None:
            return self.named(bad)
        self.signaller = seat
        # the signaller was chosen in public: whoever it is, the hand comes after their gate
        self.unlocked = None
        self.save()
        self._after()
        return None

    def play_on(self) -> None:
        """Nobody signals before the computer about to lead this trick: it leads."""
        self.window_closed = self.state.trick_number
        self.save()
        self._after()

    def cancel_signal(self) -> None:
        self.signaller = None
        self.save()
        self._after()

    def signal(self, card: int, position: str) -> Illegal | None:
        """The signaller shows ``card`` with its token at ``position`` (the engine judges it)."""
        assert self.signaller is not None
        signaller = self.signaller
        self.signaller = None  # saved with the action: the signal is made
        bad = self.act(Signal(signaller, card, position))  # type: ignore[arg-type]
        if bad is None:
            self._after()
        else:
            self.signaller = signaller
        return bad

    def peek(self, seat: int) -> None:
        """A crew member asks to look at their hand during a public step (behind their gate)."""
        if not self.step().private and 0 <= seat < self.players and seat not in self.computers:
            self.peeking = seat
            self._after()

    def end_peek(self) -> None:
        self.peeking = None
        self._after()

    # -- the computers -------------------------------------------------------------------------

    def _observe(self) -> None:
        """Each computer sees its own view after every action (its memory of the tricks)."""
        for seat, memory in self.memories.items():
            memory.observe(view_for(self.state, seat))

    def ask(self) -> Ask | None:
        """What the table waits for from a computer now (None: from the people, or nothing).

        Pure: asking changes nothing. The order follows ``crew selfplay``'s table: the distress
        votes when the crew is asked, the cards a computer passes, before each trick's lead every
        computer that may communicate (from the leader clockwise, once each), then, before a
        computer leads, the people (``StepKind.WINDOW``), then the moves."""
        if not self.computers:
            return None
        s = self.state
        step = self.step()
        n = len(self.record.actions)
        deal = str(self.record.seed)
        kind = step.kind
        if kind == StepKind.DISTRESS:
            return Ask("votes", -1, n, deal) if self.distress_votes is None else None
        if kind == StepKind.DISTRESS_CARD:
            if step.seat in self.computers:
                return Ask("distress_card", step.seat, n, deal)
            return None
        if kind in (StepKind.PLAY, StepKind.WINDOW) and not s.trick_cards:
            for k in range(self.seats):
                seat = (s.leader + k) % self.seats
                if (
                    seat in self.computers
                    and (s.trick_number, seat) not in self.window_asked
                    and self.may_communicate(seat) is None
                ):
                    return Ask("signal", seat, n, deal)
        if kind == StepKind.WINDOW:
            return None  # the people say whether one of them signals before the computer leads
        if (
            kind in (StepKind.DISTRIBUTE, StepKind.VOLUNTEER, StepKind.GIVE, StepKind.PREDICT)
            or kind == StepKind.PLAY
        ) and step.viewer in self.computers:
            return Ask("action", step.viewer, n, deal)
        return None

    def question(self, ask: Ask) -> Callable[[], Answer]:
        """The decision ``ask`` needs, as a pure function to run away from the table (a thread).

        It is built from each computer's own view and a copy of its memory, never the state."""
        seed: int | str = self.record.seed if self.record.seed is not None else 0
        settings = BOT_SETTINGS
        if ask.kind == "votes":
            voters = [
                (
                    seat,
                    view_for(self.state, seat),
                    copy.deepcopy(self.memories[seat]),
                    decision_rng(seed, seat, ask.number),
                )
                for seat in sorted(self.computers)
            ]

            def votes() -> Answer:
                return Answer(
                    ask,
                    votes=tuple(
                        (seat, choose_distress(v, m, r, settings).direction)
                        for seat, v, m, r in voters
                    ),
                )

            return votes
        view = view_for(self.state, ask.seat)
        memory = copy.deepcopy(self.memories[ask.seat])
        rng = decision_rng(seed, ask.seat, ask.number)
        if ask.kind == "distress_card":
            direction = self.distress_direction or "left"

            def card() -> Answer:
                return Answer(ask, card=choose_distress_card(view, memory, rng, direction).card)

            return card
        if ask.kind == "signal":

            def signal() -> Answer:
                return Answer(ask, choose_signal(view, memory, rng, settings).action)

            return signal

        def action() -> Answer:
            return Answer(ask, choose_action(view, memory, rng, settings).action)

        return action

    def answer(self, answer: Answer) -> bool:
        """Carry out a computer's decision; False when the table moved on since it was asked
        (the answer is dropped) or the engine refuses it."""
        ask = answer.ask
        if ask != self.ask():
            return False
        if ask.kind == "votes":
            self.distress_votes = dict(answer.votes)
            return True
        if ask.kind == "distress_card":
            assert answer.card is not None
            return self.choose_distress_card(answer.card) is None
        if ask.kind == "signal":
            self.window_asked.add((self.state.trick_number, ask.seat))
            if answer.action is None:
                return True
            # made at once: a computer's hand is never behind a gate, nobody else is unlocked
            return self.act(answer.action) is None
        assert answer.action is not None
        return self.act(answer.action) is None

    # -- real time -------------------------------------------------------------------------------

    @property
    def clock_running(self) -> bool:
        """The timer runs once the tasks are placed, until the attempt ends."""
        s = self.state
        return self.time_left is not None and not s.over and s.phase in (Phase.PREDICT, Phase.PLAY)

    def tick(self, seconds: float) -> bool:
        """Let ``seconds`` pass on the clock; at zero the attempt is lost (True when it ran out)."""
        if not self.clock_running or self.time_left is None:
            return False
        self.time_left = max(0.0, self.time_left - seconds)
        if self.time_left > 0:
            # the clock is written now and then, so a killed terminal gives little time back
            self._clock_unsaved += seconds
            if self._clock_unsaved >= CLOCK_SAVE_EVERY:
                self.save()
            return False
        self.peeking = None
        bad = self.act(TimeUp())
        return bad is None

    # -- saving and the logbook -------------------------------------------------------------------

    def notes(self) -> TableNotes:
        """The campaign crew, deal code, clock and logbook mark, kept inside the saved record."""
        return TableNotes(
            crew=self.crew,
            base_seed=self.base_seed,
            time_left=self.time_left,
            logged=self.logged,
            distress_decided=self.distress_decided,
            distress_direction=self.distress_direction,  # type: ignore[arg-type]
            distress_cards={seat: card_str(c) for seat, c in self.distress_cards.items()},
            signaller=self.signaller,
            window_closed=self.window_closed,
            mission_won=self.mission_won,
            uncounted=self.uncounted,
            redeals=self.redeals,
            computers=sorted(self.computers),
        )

    def save(self) -> None:
        """Write the record, with the table notes, atomically (one file, so never out of step)."""
        self._clock_unsaved = 0.0
        if not self.autosave:
            return
        self.record.table = self.notes()
        try:
            storage.save_game(self.record)
        except (OSError, storage.StorageError) as exc:
            # the game goes on from memory; the screen says it is not being saved
            self.save_problem = _cannot_write("the game", exc)
        else:
            self.save_problem = self._log_problem

    def forget(self) -> None:
        """The finished game is done with: no Continue for it."""
        if not self.autosave:
            return
        storage.clear_game()

    def lost_before_anyone_could_act(self) -> bool:
        """The engine's rule of thumb: lost right after the tasks were handed out, and no way of
        playing could have avoided it (then the attempt does not count)."""
        end = self.state
        if end.result != Result.LOST or len(end.tricks) > 1:
            return False
        r = replay(self.record, "this game", keep_states=True)
        start = r.start
        for data, state in zip(self.record.actions, r.states, strict=False):
            if "play" in data:
                break
            start = state
        return lost_before_anyone_could_act(start, end)

    def _log_distress(self) -> None:
        """A distress signal is in the logbook the moment it is sent (rules F6)."""
        if self.crew is None or self.mission is None or not self.autosave:
            return
        storage.save_log(storage.note_distress(storage.load_log(), self.crew, self.mission))

    def _write_logbook(self) -> None:
        if self.logged:
            return
        self.logged = True
        self.uncounted = self.lost_before_anyone_could_act()
        if self.uncounted:
            return  # swap tasks or re-deal: this attempt is not an attempt
        if self.crew is None or self.mission is None or not self.autosave:
            return
        st = self.state.setup
        try:
            log = storage.load_log()
            log = storage.note_attempt(
                log,
                self.crew,
                self.mission,
                won=self.state.result == Result.WON,
                distress=bool(self.state.distress) or st.distress_active,
                members=list(self.names),
                discard=list(st.discard),
            )
            storage.save_log(log)
        except (OSError, storage.StorageError) as exc:
            self.logged = False  # Continue writes it down
            self._log_problem = self.save_problem = _cannot_write("the logbook", exc)
        else:
            self._log_problem = ""

    def logbook_line(self) -> str:
        """What the logbook says about this mission for the campaign crew ('' in free play)."""
        if self.crew is None or self.mission is None:
            return ""
        try:
            log = storage.load_log()
        except storage.StorageError as exc:
            return str(exc)
        entry = log.crews.get(self.crew)
        ml = entry.missions.get(self.mission) if entry else None
        if ml is None:
            return f"Logbook of {self.crew}: mission {self.mission} not written yet"
        n = storage.logged_attempts(ml)
        extra = " (+1 for the distress signal)" if ml.distress else ""
        won = f", won on {ml.won_on}" if ml.won_on else ""
        replays = ""
        if ml.replays:
            replays = f"; {ml.replays} replay{'s' if ml.replays != 1 else ''} after the win"
        return (
            f"Logbook of {self.crew}: mission {self.mission}: {ml.attempts} attempt"
            f"{'s' if ml.attempts != 1 else ''}{extra} = {n}{won}{replays}"
        )

    def book_says_won(self) -> bool:
        """Whether the campaign crew's logbook has this mission won already."""
        if self.crew is None or self.mission is None:
            return False
        try:
            log = storage.load_log()
        except storage.StorageError:
            return False
        entry = log.crews.get(self.crew)
        ml = entry.missions.get(self.mission) if entry else None
        return ml is not None and ml.won_on is not None

    @property
    def next_mission_open(self) -> bool:
        """Whether Next mission is offered: this logbook mission was won at this table or in
        the crew's logbook (a lost replay of a won mission does not close it again)."""
        if self.mission is None:
            return False
        return self.state.result == Result.WON or self.mission_won or self.book_says_won()

    @property
    def replaying(self) -> bool:
        """This attempt replays a mission won before it started (practice; the win stands)."""
        return self.mission_won

    # -- after the attempt -------------------------------------------------------------------------

    def retry(self, *, same_tasks: bool) -> None:
        """The next attempt of the same mission: a new deal, same or new tasks.

        After a loss nobody could have avoided the attempt is dealt again under its own number
        (a re-deal, not an attempt)."""
        base = self.base_seed if self.base_seed is not None else random.randrange(10**6)
        self.base_seed = base
        if self.state.result == Result.WON:
            self.mission_won = True
        if self.uncounted:
            attempt = self.attempt
            redeals = self.redeals + 1
            seed = f"{attempt_seed(base, attempt)}~{redeals}"
        else:
            attempt = self.attempt + 1
            redeals = 0
            seed = attempt_seed(base, attempt)
        state = retry(self.state, seed, same_tasks=same_tasks)
        self._start(state, attempt, seed=seed)
        self.redeals = redeals
        self.save()

    def next_mission(self, *, timed: bool = False) -> None:
        """The first attempt of the next mission (a campaign continues where its logbook is)."""
        mission = self.mission
        if mission is None:
            raise SessionError("free play at a difficulty has no next mission")
        spec = GameSpec(
            self.players,
            list(self.names),
            mission + 1,
            timed=timed,
            seed=random.randrange(100000, 1000000),
            crew=self.crew,
            computers=sorted(self.computers),
        ).checked()
        state, attempt = _first_attempt(spec, autosave=self.autosave)
        self.base_seed = spec.seed
        self.redeals = 0
        self._start(state, attempt)
        self.mission_won = self.book_says_won()
        self.save()

    def _start(self, state: GameState, attempt: int, *, seed: str | None = None) -> None:
        diff = self.record.difficulty
        assert self.base_seed is not None
        self.state = state
        self.record = record_for(
            state,
            names=list(self.names),
            seed=seed if seed is not None else attempt_seed(self.base_seed, attempt),
            attempt=attempt,
            difficulty=diff,
        )
        self.time_left = _clock(state)
        self.logged = False
        self.uncounted = False
        self.last_events = []
        self._reset_table(draw_seen=False)
        self.save()


def _first_attempt(spec: GameSpec, *, autosave: bool) -> tuple[GameState, int]:
    """The state and attempt number a new game of ``spec`` starts with.

    A campaign crew that already failed this mission continues its count of attempts, and a
    distress signal sent in those attempts stays active (rules F6, H5).
    """
    attempt = 1
    distress_active = False
    discard: list[int] = []
    if spec.crew is not None and spec.mission is not None:
        log = storage.load_log()
        entry = log.crews.get(spec.crew)
        if entry is not None and entry.members and len(entry.members) != spec.players:
            # a crew keeps its members: a game of another size cannot write in its book
            raise SessionError(
                f"the crew {spec.crew} has {len(entry.members)} members"
                f" ({', '.join(entry.members)}); this game has {spec.players} players"
            )
        ml = entry.missions.get(spec.mission) if entry else None
        if ml is not None and ml.won_on is None:
            attempt = ml.attempts + 1
            distress_active = ml.distress
        if entry is not None:
            discard = list(entry.discard)
        if entry is None and autosave:
            log.crews[spec.crew] = storage.CrewLog(
                members=list(spec.names), computers=list(spec.computers)
            )
            try:
                storage.save_log(log)
            except OSError:
                pass  # the crew is written with its first attempt; saving says what is wrong
    assert spec.seed is not None
    try:
        state = new_attempt(
            spec.players,
            spec.mission,
            seed=attempt_seed(spec.seed, attempt),
            timed=spec.timed,
            difficulty=spec.difficulty if spec.mission is None else None,
            distress_active=distress_active,
            exclude_tasks=discard,
        )
    except ValueError as exc:
        raise SessionError(str(exc)) from None
    return state, attempt


def _cannot_write(what: str, exc: Exception) -> str:
    """The plain sentence the screen shows when a save fails (full disk, read-only, ...)."""
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    where = f" ({exc.filename})" if isinstance(exc, OSError) and exc.filename else ""
    return (
        f"{what} cannot be saved: {why}{where}. You can play on, but if crew closes, what was"
        " not saved is lost."
    )


def _clock(state: GameState) -> float | None:
    seconds = state.setup.rules.seconds
    return float(seconds) if state.setup.rules.timed and seconds else None


def _base_seed(seed: int | str | None, attempt: int) -> int | str | None:
    if seed is None or attempt == 1:
        return seed
    suffix = f"/{attempt}"
    text = str(seed)
    return text[: -len(suffix)] if text.endswith(suffix) else seed
