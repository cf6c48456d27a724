"""The end of an attempt as the result screen shows it: a frozen summary, not the session.

:func:`summarize` takes what everybody may see once an attempt is over (the public table, who
won which tricks, which task decided it at which trick, what the logbook says, what comes next)
and the post-mortem's inputs (a copy of the record and the seats' names), so the result screen
holds no game it could change and sees no hand.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from crew import storage
from crew.engine import Result, Setup, View, get_task, view_for
from crew.engine.enums import TaskStatus
from crew.engine.view import PUBLIC
from crew.i18n import _, ended_text
from crew.records import Record, dump_record
from crew.texts import task_text

from . import postmortem
from .campaign import SaveProblem
from .session import Session

__all__ = ["AttemptSummary", "FinalTable", "summarize"]


@dataclass(frozen=True)
class FinalTable:
    """The public table of a finished attempt (what the renderers of the tasks ask)."""

    view_: View
    names: tuple[str, ...]
    setup: Setup
    mission: int | None
    difficulty: int | None
    attempt: int
    seed: int | str | None

    def public_view(self) -> View:
        return self.view_

    def view(self, seat: int) -> View:
        """Every seat sees the public table now (secret predictions are shown at the end)."""
        return self.view_

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else _("seat {n}").format(n=seat + 1)

    def prediction_made(self, seat: int) -> bool:
        return self.view_.predictions[seat] is not None


@dataclass(frozen=True)
class AttemptSummary:
    """Everything the result screen says about a finished attempt."""

    table: FinalTable
    won: bool
    why: str  # which task decided it at which trick (or the mission's condition, or the clock)
    logbook: str  # what the campaign logbook says, or why nothing is written in it
    uncounted: bool  # lost before anyone could act: dealt again, not written
    replaying: bool  # the mission was won before this attempt: the win stands
    next_mission: int | None  # the mission Next leads to (None: free play)
    next_open: bool  # Next is offered
    new_tasks_differ: bool  # tasks are drawn: "retry with new tasks" means something
    lost: bool
    save_problem: SaveProblem | None  # what could not be written and why (None when all was)
    record: Record  # a copy of the attempt's record (the session's moves on with a retry)

    @property
    def names(self) -> list[str]:
        return list(self.table.names)

    def export(self, folder: Path | None = None) -> Path:
        """Write the attempt's game record as a file of its own (in ``folder``, default the
        current folder, else the data directory's ``exports``); where it went."""
        t = self.table
        what = f"mission{t.mission}" if t.mission is not None else f"difficulty{t.difficulty}"
        name = f"crew-{what}-attempt{t.attempt}-{datetime.now():%Y%m%d-%H%M%S}.json"
        text = dump_record(self.record)
        places = [folder] if folder is not None else [Path.cwd(), storage.home() / "exports"]
        for place in places[:-1]:
            try:
                storage.atomic_write_text(place / name, text)
                return place / name
            except OSError:
                continue  # a folder that cannot be written: the next one
        storage.atomic_write_text(places[-1] / name, text)
        return places[-1] / name

    def post_mortem(self, stop: Callable[[], bool]) -> postmortem.PostMortem:
        """The search "could it have been won?" (stops as soon as ``stop()`` is true)."""
        return postmortem.post_mortem(self.record, self.names, stop=stop)


def _why(s: Session, v: View) -> str:
    st = s.state
    reason = ended_text(st.reason, st.reason_template, st.reason_seats, st.reason_values, s.name)
    if st.result == Result.LOST:
        failed = [t for t in v.tasks if t.status == TaskStatus.FAILED]
        if failed:
            t = min(failed, key=lambda t: t.trick)
            owner = s.name(t.owner) if t.owner >= 0 else _("nobody")
            return _("Lost at trick {trick}: task #{task} ({owner}) failed. {text}").format(
                trick=t.trick, task=t.task, owner=owner, text=task_text(get_task(t.task).card)
            )
        if st.reason == "time ran out":
            return _("Lost during trick {trick}: the time ran out.").format(trick=st.trick_number)
        return _("Lost: {reason}").format(reason=reason)
    done = [t for t in v.tasks if t.status == TaskStatus.DONE]
    if done:
        last = max(done, key=lambda t: t.trick)
        return _(
            "Won at trick {trick}: every task is done; the last was task #{task} ({owner})."
        ).format(trick=last.trick, task=last.task, owner=s.name(last.owner))
    return _("Won: {reason}").format(reason=reason)


def summarize(s: Session) -> AttemptSummary:
    """The summary of ``s``'s finished attempt."""
    st = s.state
    assert st.over, "the attempt is not over"
    v = view_for(st, PUBLIC)
    table = FinalTable(
        v,
        tuple(s.name(seat) for seat in range(s.seats)),
        st.setup,
        s.mission,
        s.record.difficulty,
        s.attempt,
        s.record.seed,
    )
    return AttemptSummary(
        table=table,
        won=st.result == Result.WON,
        lost=st.result == Result.LOST,
        why=_why(s, v),
        logbook=s.logbook_line(),
        uncounted=s.uncounted,
        replaying=s.replaying,
        next_mission=s.mission + 1 if s.mission is not None else None,
        next_open=s.next_mission_open,
        new_tasks_differ=st.setup.rules.draw not in ("none", "fixed"),
        save_problem=s.save_problem,
        record=copy.deepcopy(s.record),
    )
