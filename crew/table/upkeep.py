"""What a game session is given to keep its game: the clock, the save file and history, the
logbook (:class:`~crew.table.session.Session` asks them; none of them knows the others).

- :class:`Clock`: a real-time mission's seconds left, and when they are due to be written;
- :class:`Saving`: the saved game (Continue) and the attempt's history entry, each written
  atomically, and the plain sentence saying what could not be written;
- :class:`Logbook`: the attempt written in the campaign's logbook once it is over (again at the
  next save when the disk was full).
"""

from __future__ import annotations

from collections.abc import Collection

from crew import history, storage
from crew.engine import GameState, Phase
from crew.records import Record

from .campaign import Campaign, SaveProblem, cannot_write, uncounted
from .keeping import keep

__all__ = ["CLOCK_SAVE_EVERY", "Clock", "Logbook", "Saving"]

#: Seconds of real time after which the running clock is saved even without an action.
CLOCK_SAVE_EVERY = 5.0


class Clock:
    """A real-time mission's clock (``time_left`` None: untimed). It runs once the tasks are
    placed, until the attempt ends; the seconds it ran since the game was last written say
    when it is due to be written again, so a killed terminal gives little time back."""

    def __init__(self, time_left: float | None = None) -> None:
        self.time_left = time_left
        self._unsaved = 0.0

    def running(self, state: GameState) -> bool:
        return (
            self.time_left is not None
            and not state.over
            and state.phase in (Phase.PREDICT, Phase.PLAY)
        )

    def run(self, seconds: float) -> bool:
        """Let ``seconds`` pass (the clock must be running); True when the time is up."""
        assert self.time_left is not None
        self.time_left = max(0.0, self.time_left - seconds)
        self._unsaved += seconds
        return self.time_left <= 0

    @property
    def save_due(self) -> bool:
        return self._unsaved >= CLOCK_SAVE_EVERY

    def saved(self) -> None:
        self._unsaved = 0.0


class Saving:
    """The game's save file and the history entry of its attempt (``autosave`` False: nothing
    is written). ``problem`` is what could not be written and why (None when all was)."""

    def __init__(self, autosave: bool = True, history_id: int | None = None) -> None:
        self.autosave = autosave
        self.history_id = history_id  # the history entry this attempt is kept as
        self.problem: SaveProblem | None = None
        #: why the history could not keep the attempt (None if it did)
        self.history_problem: SaveProblem | None = None

    def write(self, record: Record, *, other_problem: SaveProblem | None = None) -> None:
        """Write ``record`` atomically; on success the problem left is ``other_problem`` (the
        logbook's) or the history's. The game goes on from memory when it cannot be written."""
        if not self.autosave:
            return
        try:
            storage.save_game(record)
        except (OSError, storage.StorageError) as exc:
            self.problem = cannot_write("the game", exc)
        else:
            self.problem = other_problem or self.history_problem

    def keep(
        self,
        record: Record,
        state: GameState,
        *,
        names: list[str],
        computers: Collection[int],
        crew: str | None,
        practice: bool,
        left: history.Outcome | None = None,
    ) -> None:
        """Keep the attempt in the history (won, lost, else as ``left``), one entry each."""
        if not self.autosave:
            return
        self.history_id, self.history_problem = keep(
            record,
            state,
            entry_id=self.history_id,
            names=names,
            computers=computers,
            crew=crew,
            practice=practice,
            left=left,
        )
        self.problem = self.history_problem or self.problem

    def new_attempt(self) -> None:
        """The attempt before is kept under its own entry."""
        self.history_id = None
        self.history_problem = None

    def forget(self) -> None:
        """The finished game is done with: no Continue for it."""
        if self.autosave:
            storage.clear_game()


class Logbook:
    """The attempt in the campaign's logbook: written once, when it is over (``logged``); an
    attempt nobody could have saved is not an attempt (``uncounted``), and a logbook that could
    not be written is tried again at the next save (``problem`` says why)."""

    def __init__(self, *, logged: bool = False, uncounted: bool = False) -> None:
        self.logged = logged
        self.uncounted = uncounted
        self.problem: SaveProblem | None = None

    def write(
        self, record: Record, state: GameState, campaign: Campaign, names: list[str]
    ) -> SaveProblem | None:
        """Write the ended attempt down (once); why it failed, else None."""
        if self.logged:
            return None
        self.logged = True
        self.uncounted = uncounted(record, state)
        if self.uncounted:
            return None  # swap tasks or re-deal: this attempt is not an attempt
        self.problem = campaign.note_attempt(state, names)
        if self.problem:
            self.logged = False  # Continue writes it down
        return self.problem

    def new_attempt(self) -> None:
        self.logged = False
        self.uncounted = False
