"""The rules in motion, as one module (kept for the code that imports from here).

The rules themselves live in ``moves`` (``why_illegal``, ``legal_actions``, ``apply``) and in
one module per phase under ``phases/``; this module re-exports what it has always offered.
"""

from __future__ import annotations

from .conditions import Y5
from .events import Event, EventKind
from .moves import apply, legal_actions, why_illegal
from .phases.communication import may_communicate, signal_card_illegal, signal_positions
from .phases.distress import (
    distress_card_illegal,
    distress_choices,
    distress_exchange,
    distress_possible,
    distress_target,
    swap_of,
)
from .phases.distribution import begin_distribution
from .phases.predictions import prediction_tasks
from .phases.tricks import legal_plays, trick_winner_card
from .reasons import Illegal, IllegalActionError
from .signals import signal_position_ok, true_positions

__all__ = [
    "Event",
    "EventKind",
    "IllegalActionError",
    "Illegal",
    "Y5",
    "apply",
    "begin_distribution",
    "distress_card_illegal",
    "distress_choices",
    "distress_exchange",
    "distress_possible",
    "distress_target",
    "legal_actions",
    "legal_plays",
    "may_communicate",
    "prediction_tasks",
    "signal_card_illegal",
    "signal_position_ok",
    "signal_positions",
    "swap_of",
    "trick_winner_card",
    "true_positions",
    "why_illegal",
]
