"""The rules of The Crew: Mission Deep Sea: pure Python, no user interface, no clock, no I/O.

Everything a user interface or a bot needs is re-exported here. The submodules load on first use
so that a quick rules check does not pay for the task data it does not need.

The import block below is the one list of the facade's names: type checkers read it as it
stands, and at run time it is read (not executed) to learn which submodule holds each name.
"""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the facade: every public name, once
    # isort: off
    from .actions import (
        Action as Action,
        Assign as Assign,
        Distress as Distress,
        GiveAll as GiveAll,
        Pass as Pass,
        Play as Play,
        Predict as Predict,
        Signal as Signal,
        Take as Take,
        TimeUp as TimeUp,
        Volunteer as Volunteer,
    )
    from .cards import (
        CAPTAIN_CARD as CAPTAIN_CARD,
        CardError as CardError,
        card_str as card_str,
        cards_in as cards_in,
        cards_str as cards_str,
        mask_of as mask_of,
        parse_card as parse_card,
        parse_cards as parse_cards,
    )
    from .conditions import CONDITIONS as CONDITIONS
    from .data import DataError as DataError
    from .enums import (
        TONOJA as TONOJA,
        Communication as Communication,
        Direction as Direction,
        Distribution as Distribution,
        DrawMode as DrawMode,
        Phase as Phase,
        Position as Position,
        Result as Result,
    )
    from .events import Event as Event, EventKind as EventKind
    from .missions import (
        MissionError as MissionError,
        Rules as Rules,
        mission_entry as mission_entry,
        mission_rules as mission_rules,
    )
    from .handing_out import can_hand_out as can_hand_out, doomed_hand_out as doomed_hand_out
    from .trick_counts import placement_clash as placement_clash
    from .moves import apply as apply, legal_actions as legal_actions, why_illegal as why_illegal
    from .phases.communication import (
        may_communicate as may_communicate,
        signal_card_illegal as signal_card_illegal,
        signal_positions as signal_positions,
    )
    from .phases.distress import (
        distress_card_illegal as distress_card_illegal,
        distress_choices as distress_choices,
        distress_possible as distress_possible,
        distress_target as distress_target,
        pass_leaves_short as pass_leaves_short,
        swap_of as swap_of,
    )
    from .phases.distribution import (
        choosers_after as choosers_after,
        clashing_task as clashing_task,
        free_owners as free_owners,
        may_take as may_take,
        may_volunteer as may_volunteer,
        owner_choices as owner_choices,
        speaking_order as speaking_order,
        volunteers_after as volunteers_after,
    )
    from .phases.predictions import (
        prediction_tasks as prediction_tasks,
        tricks_within_reach as tricks_within_reach,
    )
    from .phases.tricks import legal_plays as legal_plays
    from .reasons import (
        Illegal as Illegal,
        IllegalActionError as IllegalActionError,
        Reason as Reason,
    )
    from .draw import (
        draw_tasks as draw_tasks,
    )
    from .reasons import (
        SetupError as SetupError,
    )
    from .seeded import (
        make_rng as make_rng,
    )
    from .setup import (
        deal as deal,
        new_attempt as new_attempt,
        start_state as start_state,
    )
    from .signals import signal_position_ok as signal_position_ok, true_positions as true_positions
    from .state import (
        GameState as GameState,
        Setup as Setup,
        SignalMark as SignalMark,
    )
    from .tasks import (
        DONE as DONE,
        FAILED as FAILED,
        PENDING as PENDING,
        STATUS_NAMES as STATUS_NAMES,
        all_tasks as all_tasks,
        get_task as get_task,
    )
    from .tracker import Tracker as Tracker, track as track
    from .tricks import (
        Trick as Trick,
        follow_mask as follow_mask,
        trick_winner as trick_winner,
        winner_reason as winner_reason,
    )
    from .view import View as View, view_for as view_for
    # isort: on


def _facade() -> dict[str, str]:
    """Name -> submodule, read from the import block above."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If))
    return {
        alias.name: str(node.module)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


_MODULE_OF = _facade()
__all__ = sorted(_MODULE_OF)  # noqa: PLE0605


def __getattr__(name: str) -> Any:
    mod = _MODULE_OF.get(name)
    if mod is None:
        raise AttributeError(f"module 'crew.engine' has no attribute {name!r}")
    value = getattr(import_module(f".{mod}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_MODULE_OF))
