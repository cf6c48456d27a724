"""What the history keeps of an attempt (``crew.history`` stores it)."""

from __future__ import annotations

from collections.abc import Collection

from crew import history, storage
from crew.engine import GameState, Result
from crew.records import Record, replay

from .campaign import SaveProblem, cannot_write

__all__ = ["entry_for", "keep", "keep_abandoned", "played_a_card"]


def played_a_card(record: Record) -> bool:
    """Whether at least one card of the attempt was played (an attempt worth keeping when it
    is left unfinished)."""
    return any("play" in a for a in record.actions)


def entry_for(
    record: Record,
    state: GameState,
    *,
    entry_id: int,
    names: list[str],
    computers: list[int],
    crew: str | None,
    practice: bool,
    left: history.Outcome | None = None,
    date: str | None = None,
) -> history.HistoryEntry:
    """The history entry of the attempt ``record`` (at ``state``): won or lost when it is over,
    else how it was ``left`` (``unfinished``: quit; ``abandoned``: a new game replaced it).
    ``date``: when it was last played (default now)."""
    if state.result == Result.WON:
        result: history.Outcome = "won"
    elif state.result == Result.LOST:
        result = "lost"
    else:
        result = left or "unfinished"
    return history.HistoryEntry(
        id=entry_id,
        date=date or history.now(),
        crew=crew,
        mission=state.setup.rules.mission,
        difficulty=record.difficulty,
        attempt=record.attempt,
        players=state.setup.players,
        names=list(names),
        computers=sorted(computers),
        result=result,
        trick=len(state.tricks) + (1 if state.trick_cards else 0),
        practice=practice,
        record=record.model_copy(deep=True),
    )


def keep(
    record: Record,
    state: GameState,
    *,
    entry_id: int | None,
    names: list[str],
    computers: Collection[int],
    crew: str | None,
    practice: bool,
    left: history.Outcome | None = None,
) -> tuple[int | None, SaveProblem | None]:
    """Write the attempt to the history under ``entry_id`` (None: a new entry); the entry's
    number, and '' or the sentence saying why it could not be written.

    An entry's date is when its attempt was last played: kept again with nothing played since
    (quit, then replaced by a new game), it keeps the date it has.
    """
    date = _date_kept(entry_id, record)
    entry = entry_for(
        record,
        state,
        entry_id=entry_id if entry_id is not None else 1,  # a new entry: add_entry numbers it
        names=names,
        computers=sorted(computers),
        crew=crew,
        practice=practice,
        left=left,
        date=date,
    )
    try:
        if entry_id is None or history.holds_other_attempt(entry_id, record):
            number = history.add_entry(entry).id  # never over an entry that is there
        else:
            history.save_entry(entry)
            number = entry_id
    except (OSError, storage.StorageError) as exc:
        return entry_id, cannot_write("the history", exc)
    return number, None


def _date_kept(entry_id: int | None, record: Record) -> str | None:
    """The date of entry ``entry_id`` if it holds this attempt with the same actions (nothing
    played since it was kept); None otherwise, or when it cannot be read."""
    if entry_id is None:
        return None
    try:
        earlier = history.load_entry(entry_id)
    except (OSError, ValueError):  # StorageError and RecordError are ValueErrors
        return None
    same = earlier.record.model_copy(update={"table": None}) == record.model_copy(
        update={"table": None}
    )
    return earlier.date if same else None


def keep_abandoned(record: Record) -> SaveProblem | None:
    """A saved game a new game replaces stays in the history (None, or why it could not be
    written): as ``abandoned`` when a card of it was played, as won or lost when
    its attempt ended (already kept then, unless that failed: nothing played is lost)."""
    r = replay(record, "saved game")
    if not r.state.over and not played_a_card(record):
        return None
    notes = record.table
    _, problem = keep(
        record,
        r.state,
        entry_id=notes.history_id if notes is not None else None,
        names=list(record.names or []),
        computers=notes.computers if notes is not None else [],
        crew=notes.crew if notes is not None else None,
        practice=notes.practice if notes is not None else False,
        left="abandoned",
    )
    return problem
