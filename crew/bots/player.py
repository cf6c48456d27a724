"""A computer crewmate's decisions: every one is a function of (view, memory, rng) only.

:func:`choose_action` hands the question of the moment to the module that decides it: cards to
:mod:`.cards` (determinized search over sampled deals), taking, volunteering, giving, assigning
and predicting to :mod:`.tasks`, signals and the distress signal to :mod:`.talk`; what they share
(the answer, :class:`~.common.Decision`) is in :mod:`.common`.
"""

from __future__ import annotations

import random

from crew.engine.state import Phase
from crew.engine.view import View
from crew.i18n import Said

from . import search
from .cards import choose_play
from .common import (
    Decision,
    NothingToDecide,
    controls,
    costed,
)
from .memory import Memory
from .settings import AT_THE_TABLE, DEFAULT, Settings
from .talk import choose_distress, choose_distress_card, choose_signal
from .tasks import (
    choose_assign,
    choose_distribution,
    choose_give,
    choose_predict,
    choose_volunteer,
)

__all__ = [
    "AT_THE_TABLE",
    "DEFAULT",
    "Decision",
    "NothingToDecide",
    "Settings",
    "choose_action",
    "choose_distress",
    "choose_distress_card",
    "choose_signal",
    "controls",
]


def choose_action(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> Decision:
    """The action for the seat whose turn it is (this seat, or Tonoja for her captain).

    Covers taking or passing a task, volunteering, giving all tasks (a crew or captain choice),
    assigning tasks (free choice, volunteers' split), predictions and cards. Signals and the
    distress signal are asked separately (``choose_signal``, ``choose_distress``).
    """
    if view.result:
        raise NothingToDecide(Said("the attempt is over ({result})", result=Said(view.result)))
    if view.turn >= 0 and not controls(view, view.turn):
        turn, seat = view.turn, view.seat
        raise NothingToDecide(
            Said("it is seat {turn}'s turn, not seat {seat}'s", turn=turn, seat=seat)
        )
    choose = _CHOOSERS.get(view.phase)
    if choose is None:
        raise NothingToDecide(Said("nothing to decide in phase {phase}", phase=repr(view.phase)))
    # this decision's own solver, node count and deadline
    ctx = search.Context(cfg.deadline)
    return costed(choose(view, memory, rng, cfg, ctx), ctx)


_CHOOSERS = {
    Phase.PLAY: choose_play,
    Phase.DISTRIBUTE: choose_distribution,
    Phase.VOLUNTEER: choose_volunteer,
    Phase.GIVE: choose_give,
    Phase.ASSIGN: choose_assign,
    Phase.PREDICT: choose_predict,
}
