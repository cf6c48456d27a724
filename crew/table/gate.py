"""The privacy rule of a shared terminal, in one place: whose hand may be on screen, who must be
handed the terminal first, and which seat's actions may be asked about.

A step is *private* when it shows a hand (``Step.viewer``); a private step may only be shown
after its viewer acknowledged a hand-off gate. A public step always closes the gate again, so the
next private step needs a new one. Two consecutive private steps of the same viewer (one person
holding both seats) need no gate in between, and a person alone at the terminal needs none. A
computer's hand is never shown. On the step whose hand is open, only that seat's own actions may
be asked about (and, in public, the crew's choice the step waits for).

:class:`Gate` is that rule applied to the table now: the session asks it before it opens or
closes the gate, and the screens' :class:`~crew.table.scope.SeatScope` asks it before it hands
out a hand or judges an action; nothing else decides what a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass

from crew.engine import Action, Assign, GiveAll
from crew.i18n import _

from .protocol import Step, StepKind
from .seating import Seating

__all__ = ["Gate"]


@dataclass(frozen=True, slots=True)
class Gate:
    """The gate at one moment: the step the table waits for, who sits where, and the seat
    whose gate was acknowledged (``unlocked``; None: nobody's)."""

    step: Step
    seating: Seating
    unlocked: int | None

    def _open_for(self, viewer: int) -> bool:
        return self.seating.open_for(self.unlocked, viewer)

    @property
    def hand_seat(self) -> int | None:
        """The seat whose hand may be on screen now (None: nobody's, a public step)."""
        step = self.step
        return step.viewer if step.private and self._open_for(step.viewer) else None

    @property
    def to_call(self) -> int | None:
        """The person who must be handed the terminal before this step, or None."""
        step = self.step
        if step.private and step.viewer not in self.seating.computers:
            return None if self._open_for(step.viewer) else step.viewer
        return None

    def opened(self) -> int | None:
        """Who is unlocked once the gate was acknowledged: the step's viewer (a person)."""
        step = self.step
        if step.private and step.viewer not in self.seating.computers:
            return step.viewer
        return self.unlocked

    def kept(self) -> int | None:
        """Who stays unlocked on this step: a public step takes the hand off the screen."""
        return self.unlocked if self.step.private else None

    def may_peek(self, seat: int) -> bool:
        """Whether ``seat`` may look at their hand now: a person's, during a public step."""
        return (
            not self.step.private
            and 0 <= seat < self.seating.players
            and (seat not in self.seating.computers)
        )

    @property
    def acting(self) -> int:
        """The seat the unlocked crew member acts for now (Tonoja's on her turns; -1: none)."""
        return self.step.seat if self.hand_seat is not None else -1

    @property
    def playing(self) -> bool:
        """Whether the open hand plays a card now (its cards, and only its, may be asked
        about as cards to play; on any other step the seat to play is somebody else)."""
        return self.step.kind == StepKind.PLAY and self.acting >= 0

    def refuses(self, action: Action) -> str:
        """Why the screen may not ask about ``action`` now ('' when it may): only the open
        hand's own actions, and in public the crew's choice the step waits for."""
        step = self.step
        if not step.private:
            crew_choice = (step.kind == StepKind.ASSIGN and isinstance(action, Assign)) or (
                step.kind == StepKind.GIVE and isinstance(action, GiveAll)
            )
            if crew_choice:
                return ""
            return _("nobody's hand is open: only the crew's choice is asked")
        seat = step.seat if isinstance(action, GiveAll) else getattr(action, "seat", None)
        if self.acting < 0 or seat != self.acting:
            return _("only {name}'s own actions are asked about now").format(
                name=self.seating.name(step.seat)
            )
        return ""
