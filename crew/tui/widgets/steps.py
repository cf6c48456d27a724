"""One widget per step family: it draws its step and posts the choice made; the screen routes it.

Every panel is built for one step of one game (a :class:`SeatScope`, never the engine state) and
posts :class:`StepPanel.Chosen` with what was chosen: an engine action (take, pass, volunteer,
give, assign, predict, play, signal) or one of the table's own intents below (begin, the distress
decision, the card passed, signalling before a computer's lead or playing on, back, done).
Legality is the engine's: a panel offers what the hot seat says and passes on whatever is
chosen, so a forbidden choice gets explained.
"""

from __future__ import annotations

from crew.table import SeatScope, Step, StepKind

from .card_steps import DistressCardPanel, PeekPanel, PlayPanel, SignalPanel
from .list_steps import (
    AssignPanel,
    DistressPanel,
    DistributePanel,
    DrawPanel,
    GivePanel,
    PredictPanel,
    VolunteerPanel,
    WindowPanel,
)
from .step_base import SignalFirst, StepPanel

__all__ = [
    "AssignPanel",
    "SignalFirst",
    "PANELS",
    "StepPanel",
    "panels",
]


class WaitPanel(StepPanel):
    """Nothing to choose here (a gate is up, or the attempt is over): a line of text only."""


#: The panel of each step kind (the result and a gate have a waiting line instead).
PANELS: dict[StepKind, type[StepPanel]] = {
    StepKind.DRAW: DrawPanel,
    StepKind.DISTRIBUTE: DistributePanel,
    StepKind.VOLUNTEER: VolunteerPanel,
    StepKind.GIVE: GivePanel,
    StepKind.ASSIGN: AssignPanel,
    StepKind.DISTRESS: DistressPanel,
    StepKind.DISTRESS_CARD: DistressCardPanel,
    StepKind.PREDICT: PredictPanel,
    StepKind.WINDOW: WindowPanel,
    StepKind.SIGNAL: SignalPanel,
    StepKind.PLAY: PlayPanel,
    StepKind.PEEK: PeekPanel,
}


def panels(table: SeatScope) -> dict[StepKind, StepPanel]:
    """One panel per step kind (a waiting line for the result and while a gate is up), built
    once so that moving to the next step never waits for a panel to be put together."""
    out = {kind: cls(table, Step(kind)) for kind, cls in PANELS.items()}
    out[StepKind.RESULT] = WaitPanel(table, Step(StepKind.RESULT))
    return out
