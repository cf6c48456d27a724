"""The rules of The Crew: Mission Deep Sea: pure Python, no user interface, no clock, no I/O.

Everything a user interface or a bot needs is re-exported here. The submodules load on first use
so that a quick rules check does not pay for the task data it does not need.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import (
        Action,
        Assign,
        Distress,
        GiveAll,
        Pass,
        Play,
        Predict,
        Signal,
        Take,
        TimeUp,
        Volunteer,
    )
    from .cards import (
        CardError,
        card_str,
        cards_in,
        cards_str,
        mask_of,
        parse_card,
        parse_cards,
    )
    from .data import DataError
    from .game import (
        Event,
        IllegalActionError,
        apply,
        distress_choices,
        legal_actions,
        legal_plays,
        may_communicate,
        why_illegal,
    )
    from .missions import MissionError, Rules, mission_entry, mission_rules
    from .setup import SetupError, deal, draw_tasks, make_rng, new_attempt, start_state
    from .signals import Illegal, signal_position_ok, true_positions
    from .state import TONOJA, GameState, Phase, Setup, SignalMark
    from .tasks import DONE, FAILED, PENDING, STATUS_NAMES, all_tasks, get_task
    from .tricks import Trick, follow_mask, trick_winner, winner_reason
    from .view import View, view_for

_WHERE = {
    "actions": "Action Assign Distress GiveAll Pass Play Predict Signal Take TimeUp Volunteer",
    "cards": "CardError card_str cards_in cards_str mask_of parse_card parse_cards",
    "data": "DataError",
    "game": (
        "Event IllegalActionError apply distress_choices legal_actions legal_plays"
        " may_communicate why_illegal"
    ),
    "missions": "MissionError Rules mission_entry mission_rules",
    "setup": "SetupError deal draw_tasks make_rng new_attempt start_state",
    "signals": "Illegal signal_position_ok true_positions",
    "state": "TONOJA GameState Phase Setup SignalMark",
    "tasks": "DONE FAILED PENDING STATUS_NAMES all_tasks get_task",
    "tricks": "Trick follow_mask trick_winner winner_reason",
    "view": "View view_for",
}
_MODULE_OF = {name: mod for mod, names in _WHERE.items() for name in names.split()}

__all__ = [
    "Action",
    "Assign",
    "CardError",
    "DONE",
    "DataError",
    "Distress",
    "Event",
    "FAILED",
    "GameState",
    "GiveAll",
    "Illegal",
    "IllegalActionError",
    "MissionError",
    "PENDING",
    "Pass",
    "Phase",
    "Play",
    "Predict",
    "Rules",
    "STATUS_NAMES",
    "Setup",
    "SetupError",
    "Signal",
    "SignalMark",
    "TONOJA",
    "Take",
    "TimeUp",
    "Trick",
    "View",
    "Volunteer",
    "all_tasks",
    "apply",
    "card_str",
    "cards_in",
    "cards_str",
    "deal",
    "distress_choices",
    "draw_tasks",
    "follow_mask",
    "get_task",
    "legal_actions",
    "legal_plays",
    "make_rng",
    "mask_of",
    "may_communicate",
    "mission_entry",
    "mission_rules",
    "new_attempt",
    "parse_card",
    "parse_cards",
    "signal_position_ok",
    "start_state",
    "trick_winner",
    "true_positions",
    "view_for",
    "why_illegal",
    "winner_reason",
]
assert sorted(__all__) == sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    mod = _MODULE_OF.get(name)
    if mod is None:
        raise AttributeError(f"module 'crew.engine' has no attribute {name!r}")
    value = getattr(import_module(f".{mod}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_MODULE_OF))
