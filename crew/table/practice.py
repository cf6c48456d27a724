"""The practice table's helps (hint, undo) and the helps every table has (the card tracker, the
computers' reasons, their wishes in a free task choice).

Undo exists only in a practice game. It takes back the last card or choice of a person, with
every computer move made after it; in hot-seat play only the person who made it may, and only
until another person has acted or opened their hand. Before each such action the session takes
a :class:`Snapshot` of itself (state, notes, the computers' memories, whose hand is open),
kept in an :class:`UndoPoint` (in memory: a game continued later can be undone back to where it
was continued); taking one back asks the session to restore it, with the record trimmed to
the actions that stand.

A hint is what a computer crewmate would do for the seat at the keyboard, from that seat's
view (:mod:`crew.table.advice`, as ``crew suggest``), seeded from public facts only.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from crew.bots import Memory, Settings, task_claims, task_wishes
from crew.engine import (
    Action,
    Distress,
    Event,
    GameState,
    Phase,
    Predict,
    Tracker,
    track,
    view_for,
)
from crew.engine.view import PUBLIC, View
from crew.i18n import Said, _
from crew.records import Record, replay

from .advice import Advice, advice_for
from .jobs import (
    ActionAnswer,
    Answer,
    CardAnswer,
    SignalAnswer,
    VotesAnswer,
    assignable,
    talk_order,
)
from .protocol import Ask, Step, StepKind, TableState
from .seating import Seating

__all__ = [
    "PracticeTable",
    "Snapshot",
    "UndoLog",
    "UndoPoint",
    "hint",
    "note_action",
    "reason",
    "tracker",
    "undo",
    "undo_label",
    "wishes",
]


@dataclass(frozen=True)
class Snapshot:
    """The table at one moment, as far as an undo brings it back: the engine state, the
    table's notes, each computer's memory (a copy of its own), whose hand was open, what the
    last action made happen and the distress signal's passes. The session takes and restores
    it (:meth:`~crew.table.session.Session.snapshot`)."""

    state: GameState
    table: TableState
    memories: Mapping[int, Memory]
    unlocked: int | None
    last_events: tuple[Event, ...]
    exchange: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class UndoPoint:
    """The table just before a person's action: what undo brings back."""

    actions: int  # the record's length then
    table: Snapshot
    person: str  # who acted (the name at the seat that decided)
    what: str  # the action in words, for the key's label
    whys: tuple[tuple[str, str], ...]  # the computers' moves said then (Session.whys)


@dataclass
class UndoLog:
    """Practice's own notes: the points undo goes back to, the undos so far, who acted last
    (the person at the keyboard)."""

    points: list[UndoPoint] = field(default_factory=list)
    undos: int = 0
    keyboard: str | None = None


class PracticeTable(Protocol):
    """What the helps read of a game session (:class:`~crew.table.session.Session` has all of
    it; named here so this module needs nothing of the session's). They change nothing of it
    but their own notes (``undo_log``): an undo asks the session to restore a snapshot."""

    @property
    def practice(self) -> bool: ...

    @property
    def state(self) -> GameState: ...

    @property
    def record(self) -> Record: ...

    @property
    def table(self) -> TableState: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def computers(self) -> frozenset[int]: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def memories(self) -> Mapping[int, Memory]: ...

    @property
    def unlocked(self) -> int | None: ...

    @property
    def undo_log(self) -> UndoLog: ...

    @property
    def whys(self) -> list[tuple[str, str]]: ...

    @property
    def seating(self) -> Seating: ...

    def name(self, seat: int) -> str: ...

    def person_seats(self) -> list[int]: ...

    def step(self) -> Step: ...

    def ask(self) -> Ask | None: ...

    def restore(
        self, snapshot: Snapshot, *, actions: int, whys: Sequence[tuple[str, str]]
    ) -> None: ...


def _person(s: PracticeTable, seat: int) -> str:
    return s.names[seat] if 0 <= seat < len(s.names) else ""


def _actor(s: PracticeTable, action: Action) -> int:
    """The seat whose person made ``action``: its own seat (Tonoja's: her captain), and for a
    choice the crew makes in public the person who acted last (else the captain's)."""
    seat = getattr(action, "seat", None)
    if seat is not None:
        return s.state.setup.controller(seat)
    people = s.person_seats()
    keyboard = s.undo_log.keyboard
    if keyboard is not None and keyboard in s.names:
        return s.names.index(keyboard)
    captain = s.state.setup.captain
    return captain if captain in people or not people else people[0]


def note_action(s: PracticeTable, before: Snapshot | None, action: Action) -> None:
    """``action`` was just applied (``before``: the session's snapshot just before it, taken
    for a person's action in practice): it becomes an undo point. A distress signal (every
    crew member's card at once) cannot be taken back: the undo reaches back to it and no
    further."""
    log = s.undo_log
    if not s.practice:
        return
    if isinstance(action, Distress):
        log.points.clear()
        return
    if before is None:
        return  # a computer's move: taken back with the person's before it
    seat = _actor(s, action)
    what = Advice(seat, action, "").words(s.name)
    if isinstance(action, Predict) and view_for(s.state, PUBLIC).predictions[action.seat] is None:
        what = _("a secret prediction")  # the key's label is on screen for everybody
    person = _person(s, seat)
    log.points.append(UndoPoint(len(s.record.actions) - 1, before, person, what, tuple(s.whys)))
    log.keyboard = person


def reason(s: PracticeTable, answer: Answer) -> tuple[str, str]:
    """A computer's move in words and its reason, as the table may hear it: a card passed in
    the distress signal and a prediction kept secret are not told (their reasons name them)."""
    if isinstance(answer, VotesAnswer):
        return _("The computers' distress votes"), answer.why
    name = s.name(answer.ask.seat)
    match answer:
        case CardAnswer():
            secret = Said("its reasons name the card, which stays secret")
            return _("{name} chose the card to pass").format(name=name), secret
        case ActionAnswer(action=Predict()):
            kept = Said("its reasons name the number, which it keeps")
            return _("{name} made a prediction").format(name=name), kept
        case SignalAnswer(action=None):
            what = _("no signal")
        case SignalAnswer() | ActionAnswer():
            what = Advice(answer.ask.seat, answer.action, "").words(s.name)
    return _("{name}: {what}").format(name=name, what=what), answer.why


def _several_people(s: PracticeTable) -> bool:
    return len(s.seating.people()) > 1


def undo_label(s: PracticeTable) -> str:
    """What ``u`` would take back now, in words ('' when nothing may be: not practice, the
    attempt over, nothing of the person at the keyboard to take back)."""
    log = s.undo_log
    if not s.practice or s.state.over or not log.points:
        return ""
    point = log.points[-1]
    if _several_people(s):
        if point.person != log.keyboard:
            return ""
        # another person's hand is open: they are at the keyboard now
        if s.unlocked is not None and _person(s, s.unlocked) != point.person:
            return ""
    return _("{person} takes back: {what}").format(person=point.person, what=point.what)


def undo(s: PracticeTable) -> bool:
    """Take back the last undoable action (see :func:`undo_label`); False when none may be."""
    if not undo_label(s):
        return False
    point = s.undo_log.points.pop()
    s.undo_log.undos += 1
    # the hand comes back behind its gate (with one person: at once)
    s.restore(replace(point.table, unlocked=None), actions=point.actions, whys=point.whys)
    return True


def hint(s: PracticeTable) -> tuple[int, Callable[[], Advice]] | str:
    """The hint for the seat at the keyboard (its hand open, or the only person's seat), as
    (seat, a job for a worker thread); or the sentence saying why there is none."""
    if not s.practice:
        return _("Hints are for practice games (New game: practice, or crew play --practice).")
    if s.state.over:
        return _("The attempt is over.")
    if s.ask() is not None:
        return _("A computer is deciding now.")
    seat = s.unlocked
    if seat is None:
        people = s.person_seats()
        step = s.step()
        if not _several_people(s) and people:
            seat = step.viewer if step.viewer in people else people[0]
        else:
            return _("A hint is for the crew member whose hand is open: open yours first.")
    r = replay(s.record, "this game", keep_states=True)
    # seeded from public facts only: two deals that look the same to the seat, the same hint
    rng = random.Random(f"crew-hint:{seat}:{len(s.record.actions)}")
    job = advice_for([r.start, *r.states], s.table, seat, rng, s.settings)
    if job is None:
        return _("Nothing for {name} to decide now.").format(name=s.name(seat))
    return seat, job


def tracker(s: PracticeTable) -> Tracker:
    """The card tracker of the table now (public facts only: the same for every seat)."""
    return track(view_for(s.state, PUBLIC), s.state.tricks)


def _choice_so_far(s: PracticeTable) -> list[tuple[GameState, int, tuple[int, int] | None]]:
    """The free choice under way, from before its first task was given out: each state with
    the number of actions before it and the task given out from it (task, seat); the last is
    now, with None."""
    r = replay(s.record, keep_states=True)
    states = [r.start, *r.states]
    k = len(states) - 1
    while k > 0 and states[k - 1].phase == Phase.ASSIGN and not states[k - 1].result:
        k -= 1
    out: list[tuple[GameState, int, tuple[int, int] | None]] = []
    for i in range(k, len(states)):
        given = None
        if i + 1 < len(states):
            given = next(
                (
                    (t, o)
                    for t, before, o in zip(
                        states[i].setup.task_ids,
                        states[i].owners,
                        states[i + 1].owners,
                        strict=True,
                    )
                    if before != o
                ),
                None,
            )
        out.append((states[i], i, given))
    return out


def wishes(s: PracticeTable) -> Callable[[], list[tuple[int, tuple[int, ...]]]] | None:
    """In a free task choice made by people with computers at the table: a job saying which of
    the open tasks each computer would like (its own view; nothing about its cards). None when
    no such choice is on."""
    step = s.step()
    if step.kind != StepKind.ASSIGN or not s.computers or s.state.phase != Phase.ASSIGN:
        return None
    if s.state.volunteers:
        return None  # two volunteers split the tasks between them
    seed = f"crew-wishes:{s.record.seed}:{len(s.record.actions)}"
    settings = s.settings
    order = talk_order(s.state, s.computers)

    def asked(state: GameState) -> list[tuple[int, View, Memory]]:
        return [(p, view_for(state, p), copy.deepcopy(s.memories[p])) for p in order]

    if settings.claims:
        # said in turns once for the whole choice: while every task given out goes to the seat
        # that asked for it, the rest stand as said (a new round of talk would let others
        # speak first); said again from just after a task that went elsewhere
        deal = s.record.seed
        points = [(done, given, asked(st), assignable(st)) for st, done, given in _choice_so_far(s)]
        open_now = {t for t, o in zip(s.state.setup.task_ids, s.state.owners, strict=True) if o < 0}

        def claims() -> list[tuple[int, tuple[int, ...]]]:
            i = 0
            while True:  # each point is talked from once at most: i only grows
                done, _, them, allowed = points[i]
                rngs = [
                    (p, v, m, random.Random(f"crew-wishes:{deal}:{done}:{p}")) for p, v, m in them
                ]
                said = task_claims(rngs, allowed, settings)
                off = [
                    j
                    for j in range(i, len(points))
                    if (g := points[j][1]) is not None and g[0] not in said.get(g[1], ())
                ]
                if not off:
                    return sorted(
                        (p, tuple(t for t in ts if t in open_now)) for p, ts in said.items()
                    )
                i = off[0] + 1

        return claims
    them = asked(s.state)

    def job() -> list[tuple[int, tuple[int, ...]]]:
        out = []
        for seat, view, memory in them:
            rng = random.Random(f"{seed}:{seat}")
            out.append((seat, tuple(task_wishes(view, memory, rng, settings))))
        return sorted(out)

    return job
