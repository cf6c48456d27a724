"""What every decision of a computer crewmate shares: the answer (:class:`Decision`), whose turn
it decides, the actions legal now and how it picks among equally good ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from crew.engine.actions import Action
from crew.engine.cards import mask_of
from crew.engine.enums import Direction
from crew.engine.game import legal_actions
from crew.engine.state import TONOJA, GameState
from crew.engine.view import View

from . import search
from .memory import Memory
from .sampler import sample_states


class NothingToDecide(ValueError):
    """The seat has no decision to make now (not its turn, or no such choice)."""


@dataclass(frozen=True)
class Decision:
    """What the computer does, and a sentence saying why. ``action`` None: nothing (no signal,
    no distress)."""

    action: Action | None
    why: str
    direction: Direction | None = None  # the distress vote, or None to decline
    card: int | None = None  # the distress card to pass
    #: what the decision's search cost: solver nodes, and whether its deadline cut it short
    #: (``search.Context``); not part of what was decided
    spent: int = field(default=0, compare=False)
    cut: bool = field(default=False, compare=False)


def controls(view: View, seat: int) -> bool:
    """Whether ``view.seat`` decides for ``seat`` (itself, or Tonoja when captain)."""
    return view.controller(seat) == view.seat


def legal_now(view: View, memory: Memory, rng: random.Random) -> tuple[list[Action], GameState]:
    """The legal actions now (they depend on public facts and the own hand only)."""
    state = sample_states(view, memory, rng, 1)[0]
    return legal_actions(state), state


def best_of(scores: dict[Action, float], prefer: list[Action]) -> Action:
    """The best-scoring action; ties go to the earliest in ``prefer`` (a measured tie-break)."""
    best = max(scores.values())
    tied = [a for a in prefer if a in scores and scores[a] >= best - 1e-9]
    return tied[0] if tied else max(scores, key=lambda a: scores[a])


def share_str(x: float, n: float) -> str:
    """``x`` out of ``n`` as a percentage ("-" out of nothing)."""
    return f"{round(100 * x / n)}%" if n else "-"


def hand_of(view: View, seat: int) -> int:
    """The cards this seat sees of the hand ``seat`` plays from: its own, or Tonoja's face-up
    cards when it is her captain."""
    if view.players == 2 and seat == TONOJA:
        return mask_of(c for c in view.tonoja_up if c >= 0)
    return mask_of(view.hand)


def costed(d: Decision, ctx: search.Context) -> Decision:
    """``d`` with what its search cost."""
    return replace(d, spent=ctx.spent, cut=ctx.cut)
