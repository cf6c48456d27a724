"""One game at one shared terminal, without any user interface: state, record, names, gates.

A :class:`Session` owns one game. It applies actions through the engine (which alone decides
legality, trick winners and task status), writes the game record after every action, and
answers what the screens ask: *what happens now* (:meth:`Session.step`, from
:mod:`.protocol`), *must the terminal be handed to somebody first* (:meth:`Session.gate_seat`)
and *what must a computer decide* (:meth:`Session.ask`, :meth:`Session.question`).

The privacy rule (whose hand may be on screen, who must be handed the terminal first) is
:class:`~crew.table.gate.Gate`'s: the session only keeps whose gate was acknowledged. The
screens never hold the session itself: they hold a :class:`~crew.table.scope.SeatScope`.
Keeping the game is its collaborators' (:mod:`.upkeep`: the clock, the save file and history,
the logbook); an undo restores a :class:`~crew.table.practice.Snapshot` the session took.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from crew import history
from crew.bots import AT_THE_TABLE as BOT_SETTINGS
from crew.bots import Memory, Settings
from crew.engine import (
    Action,
    Direction,
    Distress,
    Event,
    EventKind,
    GameState,
    Illegal,
    Position,
    Result,
    Signal,
    TimeUp,
    View,
    apply,
    distress_card_illegal,
    may_communicate,
    swap_of,
    view_for,
    why_illegal,
)
from crew.engine.attempts import attempt_seed, retry
from crew.engine.view import PUBLIC
from crew.records import Record, TableNotes, action_to_json, record_for

from . import opening
from .campaign import Campaign, SaveProblem, clock_of, first_attempt, following_attempt
from .gate import Gate
from .jobs import Answer, carry_out, decision_rng, job, pass_card
from .notes import table_notes
from .practice import Snapshot, UndoLog, note_action, reason
from .protocol import (
    Ask,
    Step,
    StepKind,
    TableState,
    next_question,
    next_step,
    people_who_may_signal,
)
from .seating import Seating
from .spec import GameSpec
from .upkeep import Clock, Logbook, Saving

__all__ = ["Session"]

#: the computers' moves in a row that ``w`` tells (five players, between two cards of one person:
#: four computers' cards, their answers in the window before a trick, four more cards)
WHYS_KEPT = 12


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
        computers: frozenset[int] = frozenset(),
        settings: Settings = BOT_SETTINGS,
        practice: bool = False,
        clock: Clock | None = None,
        saving: Saving | None = None,
        logbook: Logbook | None = None,
    ) -> None:
        self.state = state
        #: a practice game: hints and undo; nothing in the logbook (the history marks it)
        self.practice = practice
        #: the seats computers play, their search effort, each one's memory of its own view
        self.computers = computers
        self.settings = settings
        self.memories: dict[int, Memory] = {}
        self.record = record
        self.names = names
        self.base_seed = base_seed
        self.crew = crew
        #: what keeps the game: the real-time clock, the save file and history, the logbook
        self.clock = clock if clock is not None else Clock()
        self.saving = saving if saving is not None else Saving()
        self.logbook = logbook if logbook is not None else Logbook()
        self.notice = ""  # something the screens should tell everybody once (e.g. a damaged file)
        self.last_events: list[Event] = []
        self.mission_won = False  # won before this attempt began: a replay, Next stays open
        self.redeals = 0  # re-deals of this attempt that did not count
        self.undo_log = UndoLog()  # practice: the points undo goes back to
        #: the computers' moves since a person last acted, each in words with its reason
        #: (oldest first; at most WHYS_KEPT)
        self.whys: list[tuple[str, str]] = []
        self._whys_upto = 0  # the record's length after the last computer move
        self._reset_table(TableState(draw_seen=bool(record.actions)))

    def _reset_table(self, table: TableState) -> None:
        #: what the crew has answered this attempt (the protocol's notes)
        self.table = table
        self.unlocked: int | None = None  # the human whose gate was acknowledged
        # the distress signal's passes, as (from seat, to seat, card): the engine's event
        self.exchange: tuple[tuple[int, int, int], ...] = ()
        self.memories = {seat: Memory(seat) for seat in self.computers}
        self._observe()

    # -- what its collaborators keep, as the screens and the notes read it ----------------------

    @property
    def autosave(self) -> bool:
        return self.saving.autosave

    @property
    def time_left(self) -> float | None:
        return self.clock.time_left

    @property
    def logged(self) -> bool:
        return self.logbook.logged

    @property
    def uncounted(self) -> bool:
        """Lost before anyone could act: not written in the logbook."""
        return self.logbook.uncounted

    @property
    def save_problem(self) -> SaveProblem | None:
        """What of the game, the logbook or the history could not be written, and why (None if
        all was)."""
        return self.saving.problem

    @property
    def history_id(self) -> int | None:
        return self.saving.history_id

    @property
    def undos(self) -> int:
        return self.undo_log.undos

    @property
    def campaign(self) -> Campaign:
        """This game's logbook (free play: one that writes nothing)."""
        return Campaign(self.crew, self.mission, self.autosave, self.practice)

    # -- construction (:mod:`.opening`) -------------------------------------------------------

    @classmethod
    def new(
        cls, spec: GameSpec, *, autosave: bool = True, settings: Settings = BOT_SETTINGS
    ) -> Session:
        """Start the first attempt of ``spec`` (a campaign crew continues its logbook)."""
        return opening.new_game(cls, spec, autosave=autosave, settings=settings)

    @classmethod
    def resume(
        cls, rec: Record, *, autosave: bool = True, settings: Settings = BOT_SETTINGS
    ) -> Session:
        """Continue a saved game at the same point; every private step starts with a gate.

        The saved table notes are checked against the game first (SessionError names what does
        not fit)."""
        return opening.continued(cls, rec, autosave=autosave, settings=settings)

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

    @property
    def signaller(self) -> int | None:
        """The seat choosing a signal now (chosen in public, behind its own gate)."""
        return self.table.signaller

    @property
    def seating(self) -> Seating:
        """Who sits where (names, computers, a person holding several seats)."""
        return Seating(tuple(self.names), self.computers, self.state.setup.tonoja)

    def name(self, seat: int) -> str:
        """How the table calls a seat ("Ann·3" when Ann holds several seats)."""
        return self.seating.name(seat)

    def named(self, bad: Illegal) -> Illegal:
        """The engine's reason with each seat it names called by its crew member's name."""
        return bad._replace(message=bad.text(self.name))

    def public_view(self) -> View:
        return view_for(self.state, PUBLIC)

    def hand_view(self) -> View | None:
        """The view of the human whose hand may be on screen now, or None (public step)."""
        seat = self.gate.hand_seat
        return view_for(self.state, seat) if seat is not None else None

    # -- who sits where --------------------------------------------------------------------------

    def is_computer(self, seat: int) -> bool:
        return seat in self.computers

    def person_seats(self) -> list[int]:
        """The seats people play, in seat order."""
        return self.seating.person_seats()

    # -- what happens now -----------------------------------------------------------------------

    def step(self) -> Step:
        """What the table waits for now (pure: asking changes nothing)."""
        return next_step(self.state, self.table, self.computers)

    def ask(self) -> Ask | None:
        """What the table waits for from a computer now (None: from the people, or nothing)."""
        return next_question(
            self.state,
            self.table,
            self.computers,
            number=len(self.record.actions),
            # an undo brings back an earlier number: answers asked before it are told apart
            deal=f"{self.record.seed}~undo{self.undos}" if self.undos else str(self.record.seed),
        )

    @property
    def gate(self) -> Gate:
        """The privacy rule applied to the table now."""
        return Gate(self.step(), self.seating, self.unlocked)

    def gate_seat(self) -> int | None:
        """The human who must be handed the terminal before the current step, or None."""
        return self.gate.to_call

    def open_gate(self) -> None:
        """The gate was acknowledged: the current step's viewer may now see their hand."""
        self.unlocked = self.gate.opened()

    def close_gate(self) -> None:
        """The hand on screen leaves it (the crew is about to choose something in public)."""
        self.unlocked = None

    def _after(self) -> None:
        # a public step takes the hand off the screen: the next private step needs a gate
        self.unlocked = self.gate.kept()

    def _set(self, table: TableState) -> None:
        """The table's notes change: saved, and the gate follows the new step."""
        self.table = table
        self.save()
        self._after()

    # -- public facts (the engine's answers for one seat are the scope's) ------------------------

    def signal_first(self) -> list[int]:
        """Who may signal before the card about to lead this trick (public facts only): the
        leader's gate and hand, and the window before a computer's lead, offer it."""
        if self.step().kind not in (StepKind.PLAY, StepKind.WINDOW) or self.state.trick_cards:
            return []
        # the computers are asked in their own turn (``ask``): this is for the people
        return people_who_may_signal(self.state, self.computers)

    def distress_card_illegal(self, seat: int, card: int) -> Illegal | None:
        """Why ``seat`` may not pass ``card`` in the distress signal (None: it may)."""
        bad = distress_card_illegal(self.state, seat, card)
        return self.named(bad) if bad is not None else None

    def distress_exchange(self, seat: int) -> tuple[int, int, int, int] | None:
        """After a distress signal: (card ``seat`` passed, to whom, card received, from whom)."""
        return swap_of(self.exchange, seat)

    def heard(self, events: list[Event]) -> None:
        """The events of an action: a distress signal's passes are kept (each seat's own)."""
        for e in events:
            if e.kind == EventKind.DISTRESS:
                self.exchange = e.exchange

    # -- doing things ---------------------------------------------------------------------------

    def act(self, action: Action, *, by_computer: bool = False) -> Illegal | None:
        """Apply ``action`` (recorded and saved); the engine's reason when it is not allowed.
        A person's action (not ``by_computer``) can be taken back in practice."""
        bad = why_illegal(self.state, action)
        if bad is not None:
            return self.named(bad)
        before = self.snapshot() if self.practice and not by_computer else None
        self.state, self.last_events = apply(self.state, action)
        self.heard(self.last_events)
        self._observe()
        self.record.actions.append(action_to_json(action))
        note_action(self, before, action)
        if isinstance(action, Distress):
            self.campaign.note_distress()
        if self.state.over:
            self.table = replace(self.table, signaller=None)
            self.write_logbook()
            self.keep()
        self.save()
        self._after()
        return None

    def keep(self, left: history.Outcome | None = None) -> None:
        """Keep the attempt in the history (won, lost, else as ``left``), one entry each."""
        self.saving.keep(
            self.record,
            self.state,
            names=self.names,
            computers=self.computers,
            crew=self.crew,
            practice=self.practice,
            left=left,
        )

    # -- undo (practice): the session takes and restores its own snapshots --------------------

    def snapshot(self) -> Snapshot:
        """The table now, as an undo would bring it back (the computers' memories copied)."""
        return Snapshot(
            self.state,
            self.table,
            copy.deepcopy(self.memories),
            self.unlocked,
            tuple(self.last_events),
            self.exchange,
        )

    def restore(self, snapshot: Snapshot, *, actions: int, whys: Sequence[tuple[str, str]]) -> None:
        """Back to ``snapshot``, with the record's first ``actions`` actions (those that stand)
        and ``whys`` as the computers' moves said since a person acted then; saved."""
        del self.record.actions[actions:]
        self.state = snapshot.state
        self.table = snapshot.table
        self.memories = copy.deepcopy(dict(snapshot.memories))
        self.unlocked = snapshot.unlocked
        self.last_events = list(snapshot.last_events)
        self.exchange = snapshot.exchange
        self.whys = list(whys)
        self._whys_upto = actions
        self.save()

    def ack_draw(self) -> None:
        self.table = replace(self.table, draw_seen=True)
        self._after()

    def decide_distress(self, direction: str | None) -> None:
        """The crew's decision: None declines; "left"/"right" starts collecting the cards."""
        if direction is None:
            self._set(replace(self.table, distress_decided=True))
        else:
            way = Direction(direction)
            self._set(replace(self.table, distress_direction=way, distress_cards=()))

    def cancel_distress(self) -> None:
        """Back to the decision (no card has been passed yet)."""
        self._set(replace(self.table, distress_direction=None, distress_cards=()))

    def choose_distress_card(self, card: int) -> Illegal | None:
        """The current member's card to pass; the last one sends the whole distress action."""
        step = self.step()
        assert step.kind == StepKind.DISTRESS_CARD
        bad = self.distress_card_illegal(step.seat, card)
        if bad is not None:
            return bad
        made = self._carry(*pass_card(self.table, step.seat, card, self.players))
        assert made, "every card was judged passable: the engine takes the distress signal"
        return None

    def start_signal(self, seat: int) -> Illegal | None:
        bad = may_communicate(self.state, seat)
        if bad is not None:
            return self.named(bad)
        # the signaller was chosen in public: whoever it is, the hand comes after their gate
        self.unlocked = None
        self._set(replace(self.table, signaller=seat))
        return None

    def play_on(self) -> None:
        """Nobody signals before the computer about to lead this trick: it leads."""
        self._set(replace(self.table, window_closed=self.state.trick_number))

    def cancel_signal(self) -> None:
        self._set(replace(self.table, signaller=None))

    def signal(self, card: int, position: str) -> Illegal | None:
        """The signaller shows ``card`` with its token at ``position`` (the engine judges it)."""
        signaller = self.table.signaller
        assert signaller is not None
        self.table = replace(self.table, signaller=None)  # saved with the action: it is made
        bad = self.act(Signal(signaller, card, Position(position)))
        if bad is not None:
            self.table = replace(self.table, signaller=signaller)
        return bad

    def peek(self, seat: int) -> None:
        """A crew member asks to look at their hand during a public step (behind their gate)."""
        if self.gate.may_peek(seat):
            self.table = replace(self.table, peeking=seat)
            self._after()

    def end_peek(self) -> None:
        self.table = replace(self.table, peeking=None)
        self._after()

    # -- the computers -------------------------------------------------------------------------

    def _observe(self) -> None:
        """Each computer sees its own view after every action (its memory of the tricks)."""
        for seat, memory in self.memories.items():
            memory.observe(view_for(self.state, seat))

    def question(self, ask: Ask) -> Callable[[], Answer]:
        """The decision ``ask`` needs, as a pure function to run away from the table (a thread).

        It is built from each computer's own view and a copy of its memory, never the state."""
        seed: int | str = self.record.seed if self.record.seed is not None else 0

        def rng(seat: int) -> random.Random:
            return decision_rng(seed, seat, ask.number)

        return job(ask, self.state, self.table, self.memories, rng, self.settings)

    def answer(self, answer: Answer) -> bool:
        """Carry out a computer's decision (:func:`~.jobs.carry_out`); False when the table
        moved on since it was asked (the answer is dropped) or the engine refuses it."""
        if answer.ask != self.ask():
            return False
        if len(self.record.actions) != self._whys_upto:
            self.whys = []  # a person acted since the last computer move
        self.whys = [*self.whys, reason(self, answer)][-WHYS_KEPT:]
        # made at once: a computer's hand is never behind a gate, nobody else is unlocked
        made = self._carry(*carry_out(answer, self.state, self.table, self.computers))
        self._whys_upto = len(self.record.actions)
        return made

    def _carry(self, table: TableState, action: Action | None) -> bool:
        """The table's notes become ``table``, then ``action`` (if any) is made (the notes are
        saved with it); False when the engine refuses it."""
        if action is None:
            self._set(table)
            return True
        self.table = table
        return self.act(action, by_computer=True) is None

    # -- real time -------------------------------------------------------------------------------

    @property
    def clock_running(self) -> bool:
        """The timer runs once the tasks are placed, until the attempt ends."""
        return self.clock.running(self.state)

    def tick(self, seconds: float) -> bool:
        """Let ``seconds`` pass on the clock; at zero the attempt is lost (True when it ran out)."""
        if not self.clock_running:
            return False
        if not self.clock.run(seconds):
            if self.clock.save_due:
                self.save()  # a killed terminal gives little time back
            return False
        self.table = replace(self.table, peeking=None)
        return self.act(TimeUp()) is None

    # -- saving and the logbook -------------------------------------------------------------------

    def notes(self) -> TableNotes:
        """The campaign crew, deal code, clock, logbook mark and the table's answers so far."""
        return TableNotes(
            crew=self.crew,
            base_seed=self.base_seed,
            time_left=self.time_left,
            logged=self.logged,
            mission_won=self.mission_won,
            uncounted=self.uncounted,
            redeals=self.redeals,
            computers=sorted(self.computers),
            practice=self.practice,
            history_id=self.saving.history_id,
            **table_notes(self.table),
        )

    def save(self) -> None:
        """Write the record, with the table notes, atomically (one file, so never out of step).

        A finished attempt the logbook or the history could not take yet (a full disk) is
        written again first: saving is tried again at every action, so what failed is written
        once there is room."""
        self.clock.saved()
        if not self.autosave:
            return
        if self.state.over and not self.logged:
            self.write_logbook()
        if self.state.over and self.saving.history_problem:
            self.keep()
        self.record.table = self.notes()
        self.saving.write(self.record, other_problem=self.logbook.problem)

    def forget(self) -> None:
        """The finished game is done with: no Continue for it."""
        self.saving.forget()

    def write_logbook(self) -> None:
        """The ended attempt in the crew's logbook (once; a failure is said and tried again)."""
        problem = self.logbook.write(self.record, self.state, self.campaign, self.names)
        if problem:
            self.saving.problem = problem

    def logbook_line(self) -> str:
        """What the logbook says about this mission for the crew (or why nothing is written)."""
        return self.campaign.line()

    @property
    def next_mission_open(self) -> bool:
        """Whether Next mission is offered: this logbook mission was won at this table or in
        the crew's logbook (a lost replay of a won mission does not close it again)."""
        if self.mission is None:
            return False
        return self.state.result == Result.WON or self.mission_won or self.campaign.says_won()

    @property
    def replaying(self) -> bool:
        """This attempt replays a mission the crew won before it started (the win stands in
        its logbook). Free play has no crew and no campaign: it never replays anything."""
        return self.mission_won and self.crew is not None

    # -- after the attempt -------------------------------------------------------------------------

    def retry(self, *, same_tasks: bool) -> None:
        """The next attempt of the same mission: a new deal, same or new tasks.

        After a loss nobody could have avoided the attempt is dealt again under its own number
        (a re-deal, not an attempt)."""
        base = self.base_seed if self.base_seed is not None else random.randrange(10**6)
        self.base_seed = base
        if self.state.result == Result.WON:
            self.mission_won = True
        attempt, redeals, seed = following_attempt(
            base, self.attempt, self.redeals, uncounted=self.uncounted
        )
        state = retry(self.state, seed, same_tasks=same_tasks)
        self._start(state, attempt, seed=seed)
        self.redeals = redeals
        self.save()

    def next_mission(self, *, timed: bool = False) -> None:
        """The first attempt of the next mission (a campaign continues where its logbook is)."""
        spec = self.campaign.next_spec(
            self.players, self.names, sorted(self.computers), timed=timed
        ).checked()
        state, attempt = first_attempt(spec, autosave=self.autosave)
        self.base_seed = spec.seed
        self.redeals = 0
        self._start(state, attempt)
        self.mission_won = self.campaign.says_won()
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
        self.clock = Clock(clock_of(state))
        self.logbook.new_attempt()
        self.saving.new_attempt()
        self.last_events = []
        self.undo_log = UndoLog(undos=self.undo_log.undos)
        self.whys = []
        self._whys_upto = 0
        self._reset_table(TableState())
        self.save()
