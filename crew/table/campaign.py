"""The campaign's logbook policy: which attempt a mission starts at, what is written when, and
what the logbook says.

A campaign crew (a name in the logbook) plays the logbook's missions in order; free play (no
crew) writes nothing. The rules it follows (rules F6, H5 and the house rulings): a crew that
already failed a mission continues its count of attempts, and a distress signal sent in those
attempts stays active; a distress signal is written the moment it is sent; an attempt lost
before anyone could act is not an attempt (it is dealt again under its own number); a replay
of a won mission changes no count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from crew import storage
from crew.engine import GameState, Result, new_attempt
from crew.engine.attempts import attempt_seed, lost_before_anyone_could_act
from crew.i18n import N_, _, error_text, ngettext
from crew.records import Record, replay

from .spec import GameSpec, SessionError

__all__ = [
    "Campaign",
    "base_seed_of",
    "SaveProblem",
    "cannot_write",
    "clock_of",
    "first_attempt",
    "following_attempt",
    "redeal_seed",
    "uncounted",
]


#: What ``cannot_write`` is told cannot be saved (translated where the sentence is made).
SAVED_THINGS = (N_("the game"), N_("the logbook"), N_("the history"))


@dataclass(frozen=True)
class SaveProblem:
    """Something that could not be saved (a full disk, a read-only folder, ...): ``what`` is one
    of :data:`SAVED_THINGS` (translated when said), ``why`` the system's reason, ``where`` the
    file when known. ``str()`` is the sentence the screen shows; :meth:`short` says only what
    failed and why (for a message printed once crew has closed)."""

    what: str
    why: str
    where: str = ""

    def short(self) -> str:
        where = f" ({self.where})" if self.where else ""
        return _("{what} cannot be saved: {why}{where}").format(
            what=_(self.what), why=self.why, where=where
        )

    def __str__(self) -> str:
        where = f" ({self.where})" if self.where else ""
        return _(
            "{what} cannot be saved: {why}{where}. You can play on, but if crew closes, what was"
            " not saved is lost."
        ).format(what=_(self.what), why=self.why, where=where)


def cannot_write(what: str, exc: Exception) -> SaveProblem:
    """What the screen tells when a save fails (full disk, read-only, ...)."""
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    where = str(exc.filename) if isinstance(exc, OSError) and exc.filename else ""
    return SaveProblem(what, why, where)


def redeal_seed(base: int | str, attempt: int, redeals: int) -> str:
    """The seed of an attempt dealt again (lost before anyone could act) for the ``redeals``-th
    time: the attempt keeps its number."""
    return f"{attempt_seed(base, attempt)}~{redeals}"


def following_attempt(
    base: int | str, attempt: int, redeals: int, *, uncounted: bool
) -> tuple[int, int, str]:
    """The attempt after ``attempt`` of a mission dealt from ``base``: its number, its re-deals
    and its seed. After a loss nobody could have avoided (``uncounted``) the attempt is dealt
    again under its own number (a re-deal, not an attempt)."""
    if uncounted:
        return attempt, redeals + 1, redeal_seed(base, attempt, redeals + 1)
    return attempt + 1, 0, attempt_seed(base, attempt + 1)


def clock_of(state: GameState) -> float | None:
    """The seconds a real-time attempt starts with (None: untimed)."""
    seconds = state.setup.rules.seconds
    return float(seconds) if state.setup.rules.timed and seconds else None


def base_seed_of(seed: int | str | None, attempt: int) -> int | str | None:
    """The mission's deal code from an attempt's own (``<base>/<attempt>`` for attempt 2 on)."""
    if seed is None or attempt == 1:
        return seed
    suffix = f"/{attempt}"
    text = str(seed)
    return text[: -len(suffix)] if text.endswith(suffix) else seed


def uncounted(record: Record, end: GameState) -> bool:
    """Whether the attempt ``record`` ended at ``end`` does not count (the engine's rule of
    thumb): lost right after the tasks were handed out, and no way of handing them out or of
    playing could have avoided it; it is dealt again under its own number."""
    if end.result != Result.LOST or len(end.tricks) > 1:
        return False
    r = replay(record, "this game", keep_states=True)
    start = r.start
    for data, state in zip(record.actions, r.states, strict=False):
        if "play" in data:
            break
        start = state
    return lost_before_anyone_could_act(start, end, r.start)


def first_attempt(spec: GameSpec, *, autosave: bool) -> tuple[GameState, int]:
    """The state and attempt number a new game of ``spec`` starts with.

    A campaign crew that already failed this mission continues its count of attempts, and a
    distress signal sent in those attempts stays active (rules F6, H5); the tasks its earlier
    attempts used are not drawn again.
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
                _(
                    "the crew {crew} has {n} members ({members}); this game has {players} players"
                ).format(
                    crew=spec.crew,
                    n=len(entry.members),
                    members=", ".join(entry.members),
                    players=spec.players,
                )
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
        raise SessionError(error_text(exc)) from None
    return state, attempt


@dataclass(frozen=True, slots=True)
class Campaign:
    """The logbook of one crew for one mission (``crew`` None: free play, nothing written)."""

    crew: str | None
    mission: int | None
    autosave: bool = True
    practice: bool = False  # a practice game writes nothing in the logbook

    @property
    def writes(self) -> bool:
        """Whether anything is written in the logbook for this game."""
        return (
            self.crew is not None
            and self.mission is not None
            and self.autosave
            and not self.practice
        )

    def note_distress(self) -> None:
        """A distress signal is in the logbook the moment it is sent (rules F6)."""
        if self.writes:
            assert self.crew is not None and self.mission is not None
            storage.save_log(storage.note_distress(storage.load_log(), self.crew, self.mission))

    def note_attempt(self, state: GameState, members: list[str]) -> SaveProblem | None:
        """Write the finished attempt ``state``; None when written (or nothing to write), else
        why it could not be (Continue writes it down then)."""
        if not self.writes:
            return None
        assert self.crew is not None and self.mission is not None
        st = state.setup
        try:
            log = storage.load_log()
            log = storage.note_attempt(
                log,
                self.crew,
                self.mission,
                won=state.result == Result.WON,
                distress=bool(state.distress) or st.distress_active,
                members=list(members),
                discard=list(st.discard),
            )
            storage.save_log(log)
        except (OSError, storage.StorageError) as exc:
            return cannot_write("the logbook", exc)
        return None

    def line(self) -> str:
        """What the logbook says about this mission for the crew (or why nothing is written)."""
        if self.practice:
            return _("Practice: nothing is written in the logbook (the history keeps it).")
        if self.mission is None or self.crew is None:
            # a logbook mission without a crew is free play too: no campaign, no count
            return _("Free play: nothing is written in the logbook.")
        try:
            log = storage.load_log()
        except storage.StorageError as exc:
            return str(exc)
        entry = log.crews.get(self.crew)
        ml = entry.missions.get(self.mission) if entry else None
        if ml is None:
            return _("Logbook of {crew}: mission {number} not written yet").format(
                crew=self.crew, number=self.mission
            )
        n = storage.logged_attempts(ml)
        extra = _(" (+1 for the distress signal)") if ml.distress else ""
        won = _(", won on {date}").format(date=ml.won_on) if ml.won_on else ""
        replays = ""
        if ml.replays:
            replays = ngettext(
                "; {n} replay after the win", "; {n} replays after the win", ml.replays
            ).format(n=ml.replays)
        attempts = ngettext("{n} attempt", "{n} attempts", ml.attempts).format(n=ml.attempts)
        return _(
            "Logbook of {crew}: mission {number}: {attempts}{extra} = {n}{won}{replays}"
        ).format(
            crew=self.crew,
            number=self.mission,
            attempts=attempts,
            extra=extra,
            n=n,
            won=won,
            replays=replays,
        )

    def says_won(self) -> bool:
        """Whether the crew's logbook has this mission won already."""
        if self.crew is None or self.mission is None:
            return False
        try:
            log = storage.load_log()
        except storage.StorageError:
            return False
        entry = log.crews.get(self.crew)
        ml = entry.missions.get(self.mission) if entry else None
        return ml is not None and ml.won_on is not None

    def next_spec(
        self, players: int, names: list[str], computers: list[int], *, timed: bool = False
    ) -> GameSpec:
        """The first game of the next logbook mission for the same crew (a fresh deal code)."""
        if self.mission is None:
            raise SessionError(_("free play at a difficulty has no next mission"))
        return GameSpec(
            players,
            list(names),
            self.mission + 1,
            timed=timed,
            seed=random.randrange(100000, 1000000),
            crew=self.crew,
            computers=sorted(computers),
            practice=self.practice,
        )
