"""What a computer crewmate remembers: the public events it has seen, and its own past hand.

The table shows only the last trick; a player remembers all of them. ``Memory.observe`` is fed the
seat's view after every action (a driver that skips some may miss a trick; ``complete`` then turns
False and the bot falls back to judging without the full history).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from crew.engine.phases.distress import distress_target
from crew.engine.tricks import Trick
from crew.engine.view import View

__all__ = ["Memory"]


@dataclass
class Memory:
    """Public history seen by ``seat``, plus what its own hand did in the distress exchange."""

    seat: int
    tricks: list[Trick] = field(default_factory=list)
    complete: bool = True
    #: distress: (card passed, seat it went to), and the card received, once seen
    gave: tuple[int, int] | None = None
    received: int | None = None
    #: free task choice: the tasks each other seat said it would like (task numbers only, said
    #: aloud at the table: rules I4), best first; heard once, when the choice opens
    wishes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    _hand: tuple[int, ...] | None = None
    _distress: str = ""

    def observe(self, view: View) -> None:
        """Take in ``view`` (the seat's own view, as it is after an action)."""
        if view.tricks_played < len(self.tricks) or (
            view.tricks_played == 0 and self.tricks
        ):  # a new attempt
            self.reset()
        if view.tricks_played == len(self.tricks) + 1 and view.last_trick is not None:
            self.tricks.append(view.last_trick)
        elif view.tricks_played > len(self.tricks):
            self.complete = False
            self.tricks = [view.last_trick] if view.last_trick else []
        if view.seat == self.seat:
            if view.distress and not self._distress and self._hand is not None:
                before, after = set(self._hand), set(view.hand)
                out, got = before - after, after - before
                if len(out) == 1 and len(got) == 1:
                    to = distress_target(view.players, self.seat, view.distress)
                    self.gave = (out.pop(), to)
                    self.received = got.pop()
            self._distress = view.distress
            self._hand = view.hand

    @classmethod
    def replayed(cls, seat: int, views: Iterable[View]) -> Memory:
        """The memory of ``seat`` after seeing ``views`` in order (e.g. a saved game replayed:
        the view after the start and after every action)."""
        m = cls(seat)
        for v in views:
            m.observe(v)
        return m

    def reset(self) -> None:
        self.tricks = []
        self.complete = True
        self.gave = None
        self.received = None
        self.wishes = {}
        self._hand = None
        self._distress = ""

    def usable(self, view: View) -> bool:
        """Whether the remembered tricks are the whole public history of ``view``."""
        return (
            self.complete
            and len(self.tricks) == view.tricks_played
            and (not self.tricks or self.tricks[-1] == view.last_trick)
        )
