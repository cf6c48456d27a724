"""How a game session begins: a new game from its spec, or a saved game continued.

Both build a :class:`~crew.table.session.Session` with its collaborators (the clock, the save
file and history, the logbook) from what the spec or the save says; a saved game's notes are
checked against the replayed game first, and each computer's memory is rebuilt from the views
its seat had, action by action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crew.bots import Memory, Settings
from crew.engine import view_for
from crew.engine.attempts import attempt_seed
from crew.i18n import _
from crew.records import Record, TableNotes, record_for, replay

from .campaign import base_seed_of, clock_of, first_attempt
from .notes import check_computers, table_from_notes, unresumable
from .spec import DEFAULT_NAMES, GameSpec
from .upkeep import Clock, Logbook, Saving

if TYPE_CHECKING:
    from .session import Session

__all__ = ["continued", "new_game"]


def new_game(cls: type[Session], spec: GameSpec, *, autosave: bool, settings: Settings) -> Session:
    """The first attempt of ``spec`` (a campaign crew continues its logbook), saved."""
    spec = spec.checked()
    state, attempt = first_attempt(spec, autosave=autosave)
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
        computers=frozenset(spec.computers),
        settings=settings,
        practice=spec.practice,
        clock=Clock(clock_of(state)),
        saving=Saving(autosave),
    )
    s.mission_won = s.campaign.says_won()
    s.save()
    return s


def continued(cls: type[Session], rec: Record, *, autosave: bool, settings: Settings) -> Session:
    """The saved game ``rec`` at the same point (SessionError names a note that does not fit)."""
    notes = rec.table if rec.table is not None else TableNotes()
    computers = check_computers(notes.computers, rec.players)
    r = replay(rec, _("saved game"), keep_states=bool(computers))
    if r.violation is not None:
        raise unresumable(r.violation, rec.players == 2)
    base = notes.base_seed if notes.base_seed is not None else base_seed_of(rec.seed, rec.attempt)
    time_left = notes.time_left if notes.time_left is not None else clock_of(r.state)
    s = cls(
        r.state,
        rec,
        list(rec.names or DEFAULT_NAMES[: rec.players]),
        base_seed=base,
        crew=notes.crew,
        computers=computers,
        settings=settings,
        practice=notes.practice,
        clock=Clock(time_left),
        saving=Saving(autosave, notes.history_id),
        logbook=Logbook(logged=notes.logged, uncounted=notes.uncounted),
    )
    s.table = table_from_notes(rec.table, r.state, computers, draw_seen=bool(rec.actions))
    # each computer remembers the game as its own view showed it, action by action
    s.memories = {
        seat: Memory.replayed(seat, [view_for(st, seat) for st in [r.start, *r.states]])
        for seat in computers
    }
    s.redeals = notes.redeals
    # a win the logbook holds stands, even when the save is older than it (a full disk, then a
    # kill): the attempt played on is a replay and changes no count
    s.mission_won = notes.mission_won or (not s.state.over and s.campaign.says_won())
    for events in r.events:
        s.heard(events)
    # what happened last is said again (a signal made just before the terminal closed)
    s.last_events = list(r.events[-1]) if r.events else []
    if s.state.over and not s.logged:
        s.write_logbook()
        s.save()
    return s
