"""The table's own intents: what the crew may choose at a step besides an engine action.

A step's panel posts either an engine action (take, pass, volunteer, give, assign, predict,
play, signal) or one of these; :meth:`~crew.table.scope.SeatScope.choose` carries either out.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Back",
    "Begin",
    "Done",
    "Intent",
    "PassCard",
    "PlayOn",
    "SendDistress",
    "SignalBy",
]


@dataclass(frozen=True)
class Begin:
    """The drawn tasks were seen: on to the distribution (or the first trick)."""


@dataclass(frozen=True)
class SendDistress:
    """The crew's distress decision: ``left``/``right``, or None to play on without it."""

    direction: str | None


@dataclass(frozen=True)
class PassCard:
    """The card the current crew member passes in the distress signal."""

    card: int


@dataclass(frozen=True)
class SignalBy:
    """This crew member signals before the lead of a computer."""

    seat: int


@dataclass(frozen=True)
class PlayOn:
    """Nobody signals before the computer about to lead: it leads."""


@dataclass(frozen=True)
class Back:
    """Esc: call off what this step is collecting (the distress signal, the signal)."""


@dataclass(frozen=True)
class Done:
    """A crew member is done looking at their hand."""


Intent = Begin | SendDistress | PassCard | SignalBy | PlayOn | Back | Done
