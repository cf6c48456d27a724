"""Computers at the table: one attempt played out with a computer in chosen seats.

The driver holds the state (it is the table, not a player); each computer gets only its own
seat's view and its memory (:mod:`.jobs`). The questions come from :mod:`.protocol` in the
order the app asks them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from crew.bots import DEFAULT, Memory, Settings
from crew.engine import Action, GameState, apply, view_for
from crew.records import Record, TableNotes, action_to_json, record_for

from .jobs import Answer, carry_out, decision_rng, job
from .protocol import StepKind, TableState, next_question, next_step

__all__ = ["SelfPlay", "play_attempt", "record_of"]


@dataclass
class SelfPlay:
    """An attempt under way with computers in ``computers`` (seat numbers of crew members).

    :meth:`step` lets them act until a person must act (or the attempt is over). The random
    source of each decision comes from ``seed`` and a running count, so a replay of the same
    deal makes the same choices."""

    state: GameState
    computers: frozenset[int]
    seed: int | str = 0
    settings: Settings = DEFAULT
    memories: dict[int, Memory] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    on_action: Callable[[GameState, Action], None] | None = None
    table: TableState = field(default_factory=lambda: TableState(draw_seen=True))
    #: the attempt as it was dealt (the record starts from it)
    start: GameState = field(init=False)
    _count: int = 0

    def __post_init__(self) -> None:
        self.start = self.state
        for s in self.computers:
            self.memories.setdefault(s, Memory(s))
        self._observe()

    def _observe(self) -> None:
        for s, m in self.memories.items():
            m.observe(view_for(self.state, s))

    def _rng(self, seat: int) -> random.Random:
        self._count += 1
        return decision_rng(self.seed, seat, self._count)

    def do(self, action: Action) -> None:
        self.state, _ = apply(self.state, action)
        self.actions.append(action)
        self._observe()
        if self.on_action is not None:
            self.on_action(self.state, action)

    def step(self) -> bool:
        """One question answered by a computer; False once a person must act or it is over."""
        s = self.state
        if s.over:
            return False
        ask = next_question(s, self.table, self.computers, number=len(self.actions))
        if ask is None:
            if next_step(s, self.table, self.computers).kind == StepKind.DRAW:
                self.table = replace(self.table, draw_seen=True)
                return True
            return False
        decide = job(ask, s, self.table, self.memories, self._rng, self.settings, detach=False)
        t0 = time.perf_counter()
        answer = decide()
        self.decision_seconds.append(time.perf_counter() - t0)
        self.carry_out(answer)
        return True

    def carry_out(self, answer: Answer) -> None:
        """Put a computer's answer on the table (:func:`~.jobs.carry_out`)."""
        self.table, action = carry_out(answer, self.state, self.table, self.computers)
        if action is not None:
            self.do(action)

    def run(self) -> GameState:
        while self.step():
            pass
        return self.state


def play_attempt(
    state: GameState,
    seed: int | str = 0,
    settings: Settings = DEFAULT,
    on_action: Callable[[GameState, Action], None] | None = None,
) -> SelfPlay:
    """Computers in every seat play ``state`` to its end."""
    t = SelfPlay(state, frozenset(range(state.setup.players)), seed, settings, on_action=on_action)
    t.run()
    return t


def record_of(table: SelfPlay, *, attempt: int = 1, difficulty: int | None = None) -> Record:
    """The game record (``crew-record/1``) of ``table``'s attempt so far: the deal as dealt
    (hands, Tonoja's piles, tasks), every action, and which seats the computers played.

    ``crew verify``, ``crew analyse`` and ``crew replay`` read it; ``difficulty`` is the free
    play target (None for a logbook mission)."""
    st = table.start.setup
    rec = record_for(
        table.start,
        seed=table.seed,
        attempt=attempt,
        difficulty=difficulty if st.rules.mission is None else None,
    )
    rec.actions = [action_to_json(a) for a in table.actions]
    rec.table = TableNotes(computers=sorted(table.computers))
    return rec
