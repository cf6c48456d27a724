"""Computers at the table: one attempt played out with a computer in chosen seats.

The driver holds the state (it is the table, not a player); each computer gets only
``view_for(state, seat)`` and its own memory. The order of questions follows the TUI's: the
distress question once after distribution, then before each trick a communication window (each
seat may communicate once per window, asked from the leader clockwise), then the cards.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from crew.engine.actions import Action, Distress, Predict
from crew.engine.game import apply, distress_choices, legal_actions, may_communicate, why_illegal
from crew.engine.state import GameState, Phase
from crew.engine.view import view_for

from .memory import Memory
from .player import (
    DEFAULT,
    Decision,
    Settings,
    choose_action,
    choose_distress,
    choose_distress_card,
    choose_signal,
)

__all__ = ["Table", "decision_rng", "play_attempt"]


def decision_rng(seed: int | str, seat: int, number: int) -> random.Random:
    """The random source of one decision: a pure function of the game seed, the seat and the
    decision's number, so a replay makes the same choices."""
    return random.Random(f"crew-bot:{seed}:{seat}:{number}")


@dataclass
class Table:
    """An attempt under way with computers in ``computers`` (seat numbers of crew members)."""

    state: GameState
    computers: frozenset[int]
    seed: int | str = 0
    settings: Settings = DEFAULT
    memories: dict[int, Memory] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    on_action: Callable[[GameState, Action], None] | None = None
    distress_decided: bool = False
    window_closed: int = 0
    _count: int = 0

    def __post_init__(self) -> None:
        for s in self.computers:
            self.memories.setdefault(s, Memory(s))
        self._observe()

    def _observe(self) -> None:
        for s, m in self.memories.items():
            m.observe(view_for(self.state, s))

    def _rng(self, seat: int) -> random.Random:
        self._count += 1
        return decision_rng(self.seed, seat, self._count)

    def _timed(self, fn: Callable[[], Decision]) -> Decision:
        t0 = time.perf_counter()
        d = fn()
        self.decision_seconds.append(time.perf_counter() - t0)
        return d

    def ask(self, seat: int) -> Decision:
        """The computer at ``seat`` decides the action the table waits for from it."""
        view = view_for(self.state, seat)
        mem = self.memories[seat]
        rng = self._rng(seat)
        return self._timed(lambda: choose_action(view, mem, rng, self.settings))

    def do(self, action: Action) -> None:
        self.state, _ = apply(self.state, action)
        self.actions.append(action)
        self._observe()
        if self.on_action is not None:
            self.on_action(self.state, action)

    def controller(self, seat: int) -> int:
        return self.state.setup.controller(seat)

    def _distress_possible(self) -> bool:
        s = self.state
        if s.phase not in (Phase.PREDICT, Phase.PLAY) or s.over:
            return False
        choices = distress_choices(s)
        if any(not c for c in choices):
            return False
        probe = Distress("left", tuple(c[0] for c in choices))
        return why_illegal(s, probe) is None

    def _distress(self) -> None:
        """The crew's question: sent only when every crew member votes for it."""
        self.distress_decided = True
        st = self.state.setup
        votes = []
        for seat in range(st.players):
            if seat not in self.computers:
                return
            view = view_for(self.state, seat)
            rng = self._rng(seat)
            d = self._timed(
                lambda v=view, s=seat, r=rng: choose_distress(  # type: ignore[misc]
                    v, self.memories[s], r, self.settings
                )
            )
            votes.append(d.direction)
        if not votes or any(v is None for v in votes):
            return
        direction = votes[0]
        assert direction in ("left", "right")
        cards = []
        for seat in range(st.players):
            view = view_for(self.state, seat)
            d = choose_distress_card(view, self.memories[seat], self._rng(seat), direction)
            assert d.card is not None
            cards.append(d.card)
        self.do(Distress(direction, tuple(cards)))  # type: ignore[arg-type]

    def _window(self) -> bool:
        """The communication window before a trick; True when someone communicated."""
        s = self.state
        st = s.setup
        for k in range(st.seats):
            seat = (s.leader + k) % st.seats
            if seat not in self.computers or may_communicate(s, seat) is not None:
                continue
            view = view_for(s, seat)
            rng = self._rng(seat)
            d = self._timed(
                lambda v=view, se=seat, r=rng: choose_signal(  # type: ignore[misc]
                    v, self.memories[se], r, self.settings
                )
            )
            if d.action is not None:
                self.do(d.action)
                return True
        return False

    def step(self) -> bool:
        """Let the computers act until a person must act or the attempt is over; False then."""
        s = self.state
        if s.over:
            return False
        st = s.setup
        if s.phase in (Phase.DISTRIBUTE, Phase.VOLUNTEER):
            seat = self.controller(s.turn)
        elif s.phase == Phase.GIVE:
            seat = s.turn if s.turn >= 0 else st.captain
        elif s.phase == Phase.ASSIGN:
            seat = s.volunteers[0] if s.volunteers else st.captain
        else:
            if not self.distress_decided and self._distress_possible():
                self._distress()
                return True
            if s.phase == Phase.PREDICT:
                pending = [a.seat for a in legal_actions(s) if isinstance(a, Predict)]
                seat = self.controller(pending[0])
            else:
                if not s.trick_cards and self.window_closed != s.trick_number:
                    if self._window():
                        return True
                    self.window_closed = s.trick_number
                seat = self.controller(s.turn)
        if seat not in self.computers:
            return False
        d = self.ask(seat)
        assert d.action is not None
        self.do(d.action)
        return True

    def run(self) -> GameState:
        while self.step():
            pass
        return self.state


def play_attempt(
    state: GameState,
    seed: int | str = 0,
    settings: Settings = DEFAULT,
    on_action: Callable[[GameState, Action], None] | None = None,
) -> Table:
    """Computers in every seat play ``state`` to its end."""
    t = Table(state, frozenset(range(state.setup.players)), seed, settings, on_action=on_action)
    t.run()
    return t
