"""Who sits where at one table: names, computers, one person holding several seats.

A person is a name: the same name in two seats is one person holding both (no gate between
them). Computers have seats but no hands on screen, ever.
"""

from __future__ import annotations

from dataclasses import dataclass

from crew.engine import TONOJA
from crew.i18n import _

from .spec import seat_label

__all__ = ["Seating"]


@dataclass(frozen=True)
class Seating:
    """The names in seat order, the seats computers play, and whether Tonoja sits at seat 2."""

    names: tuple[str, ...]
    computers: frozenset[int]
    tonoja: bool = False

    @property
    def players(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        """How the table calls a seat: the crew member's name, or Tonoja's. A person holding
        several seats has one label per seat, the name with the seat counted from 1 ("Ann·3"),
        so that no screen leaves a doubt which of their hands it means."""
        if 0 <= seat < len(self.names):
            name = self.names[seat]
            return seat_label(name, seat) if self.holds_several(seat) else name
        return "Tonoja" if self.tonoja and seat == TONOJA else _("seat {n}").format(n=seat + 1)

    def people(self) -> set[str]:
        """The people at the table (one name per person; a person may hold several seats)."""
        return {n for seat, n in enumerate(self.names) if seat not in self.computers}

    def person_seats(self) -> list[int]:
        """The seats people play, in seat order."""
        return [seat for seat in range(self.players) if seat not in self.computers]

    def same_person(self, a: int | None, b: int) -> bool:
        """Whether seats ``a`` and ``b`` are held by one person (the same name)."""
        if a is None or a in self.computers or b in self.computers:
            return False
        return a == b or self.names[a] == self.names[b]

    def holds_several(self, seat: int) -> bool:
        """Whether the person at ``seat`` holds other seats too."""
        return sum(1 for s in self.person_seats() if self.same_person(s, seat)) > 1

    def open_for(self, unlocked: int | None, viewer: int) -> bool:
        """Whether ``viewer``'s hand may be on screen without a gate, ``unlocked`` being the seat
        whose gate was passed: its person passed their gate (for this seat or another of
        theirs), or nobody else sits at the terminal."""
        if viewer in self.computers:
            return False
        return self.same_person(unlocked, viewer) or len(self.people()) == 1
