"""The immutable game state of one attempt.

``Setup`` holds what never changes during an attempt (crew, mission rules, captain, tasks);
``GameState`` is a named tuple of the parts that change, so that ``apply`` can build the next
state cheaply (bots and the solver make millions of them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .enums import TONOJA, Direction, Phase, Result
from .missions import HEAVY_NOISE, Rules
from .tasks import Task, get_task
from .tricks import Trick

__all__ = ["GameState", "Phase", "Result", "Setup", "SignalMark", "TONOJA", "controller_of"]


def controller_of(players: int, captain: int, seat: int) -> int:
    """Who decides for ``seat``: the seat itself, or in the two-player game the captain for
    Tonoja (she never decides anything herself)."""
    return captain if players == 2 and seat == TONOJA else seat


@dataclass(frozen=True, slots=True)
class Setup:
    """What is fixed for the whole attempt."""

    players: int  # human crew members, 2-5
    seats: int  # seats at the table (3 with Tonoja)
    rules: Rules
    captain: int
    task_ids: tuple[int, ...]
    total_tricks: int
    terrain: int | None  # the unknown-terrain card, when drawn
    distress_active: bool = False  # sent in an earlier attempt of this mission
    discard: tuple[int, ...] = ()  # the task discard pile after this attempt's draw (ruling 15)

    @property
    def tonoja(self) -> bool:
        """Two-player game: seat 2 is the dummy crew member Tonoja."""
        return self.players == 2

    @property
    def crew(self) -> int:
        """Crew size for task values and thresholds (two players with Tonoja count as 3)."""
        return self.seats

    @property
    def tasks(self) -> tuple[Task, ...]:
        return tuple(get_task(t) for t in self.task_ids)

    def controller(self, seat: int) -> int:
        """Who decides for ``seat``: the seat itself, or the captain for Tonoja."""
        return controller_of(self.players, self.captain, seat)


class SignalMark(NamedTuple):
    """A sonar communication on the table: whose card, which position, before which trick."""

    seat: int
    card: int
    position: str
    before_trick: int  # 1-based number of the trick it was made before


class GameState(NamedTuple):
    """One moment of an attempt. Never mutated: ``apply`` returns a new one."""

    setup: Setup
    phase: Phase
    hands: tuple[int, ...]  # bitmask per seat; Tonoja: her face-up (playable) cards
    piles: tuple[tuple[int, int], ...]  # Tonoja's 7 piles as (face-down, face-up), -1 = none
    owners: tuple[int, ...]  # owner seat per task (in setup.task_ids order), -1 unassigned
    turn: int  # the seat to act now (distribution, volunteer, play); -1 when anyone may
    asked: int  # distribution/volunteer turns taken so far
    volunteers: tuple[int, ...]  # seats that said yes
    predictions: tuple[int, ...]  # per seat, -1 none
    signals: tuple[SignalMark, ...]
    tokens: tuple[bool, ...]  # per seat: personal token used
    pool: int  # heavy noise: shared tokens left
    distress: Direction  # NONE, or the direction passed this attempt
    leader: int
    trick_seats: tuple[int, ...]  # current trick so far
    trick_cards: tuple[int, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]  # captured cards per seat
    counts: tuple[int, ...]  # tricks won per seat
    played: int  # every card played so far
    status: tuple[int, ...]  # per task: PENDING / DONE / FAILED
    decided: tuple[int, ...]  # per task: 1-based trick at which it was decided, 0 if not
    result: Result  # NONE in progress, WON or LOST
    reason: str  # why the attempt ended
    given_away: bool  # missions 10/13: the captain gave the tasks to someone else
    # ``reason`` with {seat0}, ... where ``reason_seats`` are named ("" when it names no seat)
    reason_template: str = ""
    reason_seats: tuple[int, ...] = ()
    # the values ``reason_template`` names besides its seats (task ids, trick numbers)
    reason_values: tuple[tuple[str, str], ...] = ()

    @property
    def over(self) -> bool:
        return self.result != Result.NONE

    def reason_text(self, name: Callable[[int], str]) -> str:
        """Why the attempt ended, with each seat it names called ``name(seat)``."""
        if not self.reason_template:
            return self.reason
        seats = self.reason_seats
        named = {f"seat{i}": name(s) for i, s in enumerate(seats)}
        return self.reason_template.format(**named, **dict(self.reason_values))

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or about to be)."""
        return len(self.tricks) + 1

    def owner_tasks(self, seat: int) -> list[int]:
        """Task ids owned by ``seat``."""
        return [t for t, o in zip(self.setup.task_ids, self.owners, strict=True) if o == seat]

    def tonoja_hidden(self) -> int:
        """Bitmask of Tonoja's face-down cards (hidden from everybody)."""
        m = 0
        for down, _ in self.piles:
            if down >= 0:
                m |= 1 << down
        return m

    def tokens_left(self, seat: int) -> int:
        """How many signals ``seat`` could still make with the tokens available."""
        if self.setup.rules.communication == HEAVY_NOISE:
            return self.pool
        return 0 if self.tokens[seat] else 1
