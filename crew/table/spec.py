"""A new game's crew: names in seat order, who is a computer, the mission, the seed.

One check (:meth:`GameSpec.checked`) serves the app's New game, ``crew play`` and its option
check, so a crew refused in one place is refused in all of them. No Textual, no Rich.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from crew.engine import mission_entry, mission_rules
from crew.i18n import _, error_text, said
from crew.names import name_problem

__all__ = [
    "COMPUTER_WORDS",
    "DEFAULT_NAMES",
    "GameSpec",
    "SessionError",
    "is_realtime",
    "parse_seats",
    "play_spec",
    "robot_name",
    "seat_label",
]

DEFAULT_NAMES = ("Ann", "Bob", "Cas", "Dee", "Eve")

#: What a seat is called in the names text (the wizard, ``--names``) to have a computer play it.
COMPUTER_WORDS = ("computer", "cpu", "bot")


class SessionError(ValueError):
    """A game cannot be started or continued (the message says why)."""


def seat_label(name: str, seat: int) -> str:
    """The label of one of several seats a person holds: the name and the seat, counted from 1
    as people count ("Ann·3" for seat 2)."""
    return f"{name}·{seat + 1}"


def robot_name(k: int) -> str:
    """The name of the ``k``-th computer at the table (from 1)."""
    return f"Robo {k}"


def parse_seats(text: str, players: int) -> tuple[list[str], list[int]]:
    """Names in seat order from ``text`` ("Ann, computer, Bob"), with the computer seats.

    The word ``computer`` (or ``cpu``, ``bot``) puts a computer in that seat; the same name
    twice means one person holds both seats. Names are not checked here (see GameSpec)."""
    names: list[str] = []
    computers: list[int] = []
    for i, item in enumerate(n.strip() for n in text.split(",") if n.strip()):
        if item.lower() in COMPUTER_WORDS:
            computers.append(i)
            names.append("")
        else:
            names.append(item)
    return names, computers


@dataclass
class GameSpec:
    """What a new game needs: crew, names, mission (or free difficulty), timing, seed, campaign,
    and which seats computers play (``computers``: seat numbers)."""

    players: int
    names: list[str] = field(default_factory=list)
    mission: int | None = 1
    difficulty: int | None = None
    timed: bool = False
    seed: int | str | None = None
    crew: str | None = None  # campaign crew name; None: free play
    computers: list[int] = field(default_factory=list)
    practice: bool = False  # hints and undo; nothing written in the logbook

    def seat_names(self) -> list[str]:
        """One name per seat: the names given for the people (all seats, or the people's seats
        only), each computer seat named ``Robo k`` unless given a name of its own."""
        comps = sorted(set(self.computers))
        given = [n.strip() for n in self.names]
        if given and len(given) == self.players - len(comps) and comps:
            people = iter(given)
            given = ["" if seat in comps else next(people) for seat in range(self.players)]
        if not any(given):
            given = ["" if seat in comps else DEFAULT_NAMES[seat] for seat in range(self.players)]
        if len(given) != self.players:
            return given
        out = []
        k = 0
        for seat, name in enumerate(given):
            if seat in comps:
                k += 1
                name = robot_name(k) if not name or name.lower() in COMPUTER_WORDS else name
            out.append(name)
        return out

    def checked(self) -> GameSpec:
        """The spec with default names filled in; SessionError when something is wrong."""
        if self.players not in (2, 3, 4, 5):
            raise SessionError(_("the crew has 2 to 5 players, not {n}").format(n=self.players))
        comps = sorted(set(self.computers))
        if any(not 0 <= seat < self.players for seat in comps):
            raise SessionError(
                _("computer seats are 0 to {last}, not {seats}").format(
                    last=self.players - 1, seats=comps
                )
            )
        if len(comps) >= self.players:
            raise SessionError(
                _("at least one seat is a person's (computers alone: crew selfplay)")
            )
        names = self.seat_names()
        if len(names) != self.players:
            people = self.players - len(comps)
            msg = _("{n} names for {players} players; give one name per crew member")
            if comps:
                msg = _(
                    "{n} names for {players} players; give one name per crew member"
                    " (or {people} for the people only)"
                )
            raise SessionError(msg.format(n=len(names), players=self.players, people=people))
        humans = {n.lower() for seat, n in enumerate(names) if seat not in comps}
        robots = [n.lower() for seat, n in enumerate(names) if seat in comps]
        if len(set(robots)) != len(robots) or humans & set(robots):
            raise SessionError(
                _(
                    "each computer needs a name of its own: {names}"
                    " (the same name twice is one person holding two seats)"
                ).format(names=", ".join(names))
            )
        if any(n.lower() == "tonoja" for n in names):
            raise SessionError(_("Tonoja is the dummy crew member's name; choose another name"))
        if any(len(n) > 12 for n in names):
            raise SessionError(_("names are at most 12 characters long"))
        for n in names + ([self.crew] if self.crew is not None else []):
            if (problem := name_problem(n)) is not None:
                raise SessionError(said(problem))
        if self.mission is None and self.difficulty is None:
            raise SessionError(_("free play needs a mission number or a difficulty"))
        try:
            mission_rules(
                self.mission,
                timed=self.timed,
                difficulty=self.difficulty if self.mission is None else None,
            )
        except ValueError as exc:
            raise SessionError(error_text(exc)) from None
        seed = self.seed if self.seed is not None else random.randrange(100000, 1000000)
        return GameSpec(
            self.players,
            names,
            self.mission,
            self.difficulty,
            self.timed,
            seed,
            self.crew,
            comps,
            self.practice,
        )


def is_realtime(mission: int | None) -> bool:
    """Whether a logbook mission offers the timed/untimed choice (14, 15, 16, 26)."""
    return mission is not None and mission_entry(mission).realtime is not None


def play_spec(
    players: int | None = None,
    mission: int | None = None,
    seed: int | str | None = None,
    names: Sequence[str] | str | None = None,
    timed: bool = False,
    difficulty: int | None = None,
    *,
    crew: str | None = None,
    computers: int = 0,
    practice: bool = False,
) -> GameSpec | None:
    """The game ``crew play`` starts from its options, checked; None when no option names a
    game (the title screen then). Without ``players`` the crew size is the number of names (or
    4; with ``computers``, the names are the people's and the computers sit after them);
    without ``mission`` and ``difficulty`` the game is mission 1. ``computers``: the last N
    seats. Raises SessionError for an impossible game."""
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    names = list(names or [])
    given = (
        players is not None
        or mission is not None
        or seed is not None
        or bool(names)
        or timed
        or difficulty is not None
        or crew is not None
        or computers > 0
        or practice
    )
    if not given:
        return None
    if computers < 0:
        raise SessionError(_("--computers {n}: give 0 or more computers").format(n=computers))
    n = players if players is not None else (len(names) + computers if names else 4)
    if mission is None and difficulty is None:
        mission = 1
    seats = list(range(n - computers, n)) if computers > 0 else []
    return GameSpec(n, names, mission, difficulty, timed, seed, crew, seats, practice).checked()
