"""The rules of The Crew: Mission Deep Sea: pure Python, no user interface, no clock, no I/O.

Everything a user interface or a bot needs is re-exported here.
"""

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
from .cards import CardError, card_str, cards_in, cards_str, mask_of, parse_card, parse_cards
from .data import DataError
from .game import (
    Event,
    Illegal,
    IllegalActionError,
    apply,
    distress_choices,
    legal_actions,
    legal_plays,
    true_positions,
    why_illegal,
)
from .missions import MissionError, Rules, mission_entry, mission_rules
from .setup import SetupError, deal, draw_tasks, make_rng, new_attempt, start_state
from .state import TONOJA, GameState, Phase, Setup, SignalMark
from .tasks import DONE, FAILED, PENDING, STATUS_NAMES, all_tasks, get_task
from .tricks import Trick, trick_winner, winner_reason
from .view import View, view_for

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
    "get_task",
    "legal_actions",
    "legal_plays",
    "make_rng",
    "mask_of",
    "mission_entry",
    "mission_rules",
    "new_attempt",
    "parse_card",
    "parse_cards",
    "start_state",
    "trick_winner",
    "true_positions",
    "view_for",
    "why_illegal",
    "winner_reason",
]
