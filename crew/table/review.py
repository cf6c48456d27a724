"""An attempt looked back on, move by move, every hand open: what the replay viewer shows.

:func:`review` replays a game record through the engine and keeps one :class:`Frame` per
moment (the start, then after every action): every hand, the trick on the table, the tasks as
they stood, the signals with their positions and the distress passes. Once an attempt is over
nothing of it is secret, so a frame shows all of it; the viewer is given frames, not the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from crew import history
from crew.engine import Event, EventKind, GameState, View, view_for
from crew.engine.cards import cards_in
from crew.engine.enums import Result
from crew.engine.view import PUBLIC
from crew.i18n import _, said
from crew.records import Record, replay

from . import postmortem
from .seating import Seating

__all__ = ["Frame", "Review", "review", "review_entry"]


@dataclass(frozen=True)
class Frame:
    """One moment of the attempt: after ``index`` actions (0: the deal)."""

    index: int
    view: View  # the public table at that moment
    #: every seat's cards (Tonoja: her face-up ones): open, as the attempt is looked back on
    open_hands: tuple[tuple[int, ...], ...]
    tonoja_down: tuple[int, ...]  # the card under each of Tonoja's piles (-1: none)
    signals: tuple[tuple[int, int, str], ...]  # (seat, card, position): positions all open
    passes: tuple[tuple[int, int, int], ...]  # the distress passes so far: (from, to, card)
    events: tuple[Event, ...]  # what the action leading here made happen


@dataclass(frozen=True)
class Review:
    """A recorded attempt, frame by frame, with the crew's names."""

    frames: tuple[Frame, ...]
    names: tuple[str, ...]
    mission: int | None
    difficulty: int | None
    attempt: int
    seed: int | str | None
    record: Record  # the attempt's record, for the post-mortem's search
    #: the record's first illegal action, in words ('' when every action is legal): the frames
    #: stop before it
    violation: str = ""

    @property
    def over(self) -> bool:
        return bool(self.frames[-1].view.result)

    @property
    def lost(self) -> bool:
        return self.frames[-1].view.result == Result.LOST

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else _seat(seat)

    def trick_starts(self) -> list[int]:
        """The frames at which a trick is about to be led (the deal's first included)."""
        return [
            f.index
            for f in self.frames
            if f.view.phase == "play" and not f.view.trick and not f.view.result
        ]

    def post_mortem(self, stop: Callable[[], bool]) -> postmortem.PostMortem:
        """The search "could it have been won?" (stops as soon as ``stop()`` is true)."""
        return postmortem.post_mortem(self.record, list(self.names), stop=stop)


def _frame(
    index: int, state: GameState, events: Sequence[Event], passes: tuple[tuple[int, int, int], ...]
) -> Frame:
    st = state.setup
    hands = tuple(tuple(cards_in(state.hands[s])) for s in range(st.seats))
    down = tuple(d for d, _ in state.piles) if st.tonoja else ()
    signals = tuple((m.seat, m.card, str(m.position)) for m in state.signals)
    return Frame(index, view_for(state, PUBLIC), hands, down, signals, passes, tuple(events))


def _seat(seat: int) -> str:
    """A seat without a name, counted from 1 as people count, in the language in use."""
    return _("seat {n}").format(n=seat + 1)


def review(record: Record, source: str = "record") -> Review:
    """The frames of ``record`` (up to its first illegal action, if it has one)."""
    r = replay(record, source, keep_states=True)
    states = [r.start, *r.states]
    frames = []
    passes: tuple[tuple[int, int, int], ...] = ()
    for i, state in enumerate(states):
        events = r.events[i - 1] if i > 0 else []
        for e in events:
            if e.kind == EventKind.DISTRESS:
                passes = e.exchange
        frames.append(_frame(i, state, events, passes))
    st = r.start.setup
    names = list(record.names or [_seat(s) for s in range(st.players)])
    notes = record.table
    seating = Seating(tuple(names), frozenset(notes.computers if notes else ()), st.tonoja)
    labels = tuple(seating.name(s) for s in range(st.seats))
    return Review(
        tuple(frames),
        labels,
        st.rules.mission,
        record.difficulty,
        record.attempt,
        record.seed,
        record.model_copy(deep=True),
        ""
        if r.violation is None
        else _("action {n} is illegal ({reason}): the replay stops before it").format(
            n=r.violation.action + 1, reason=said(r.violation.message)
        ),
    )


def review_entry(entry_id: int) -> tuple[Review, bool]:
    """The attempt kept in the history as ``entry_id``, and whether it is over (one that is not,
    unfinished or abandoned, shows hands that Continue may still hide: the viewer asks first).
    StorageError or RecordError say why it cannot be shown."""
    entry = history.load_entry(entry_id)
    shown = review(entry.record, f"history:{entry_id}")
    return shown, shown.over
