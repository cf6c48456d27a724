"""How the game is shown to people, shared by the ``crew`` command and the TUI.

Plain words, glyphs and rich style names only: no textual, no rich, no rule. What a thing
means is the engine's (a token at the top claims the highest card, a clock has so many seconds);
here is only how it is written, once, so that the command line and the TUI say it alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine.cards import COLOR_NAMES, SUIT_GLYPHS, card_str, suit_of
from .engine.enums import Communication
from .engine.signals import POSITION_CLAIMS

if TYPE_CHECKING:
    from .history import HistoryEntry
    from .storage import CrewLog

__all__ = [
    "COMMUNICATION",
    "GLYPH_LEGEND",
    "LOGBOOK_COLUMNS",
    "LOGBOOK_NOTE",
    "POSITION_WORDS",
    "SUIT_GLYPHS",
    "SUIT_STYLES",
    "TASK_KINDS",
    "card_label",
    "clock",
    "communication_label",
    "communication_text",
    "history_line",
    "history_seats",
    "logbook_rows",
    "position_word",
    "suit_word",
]

#: One rich style per suit (pink, blue, green, yellow, submarine), for the CLI and the TUI
#: alike; the glyph (``SUIT_GLYPHS``) carries the same meaning for anyone who cannot tell them.
SUIT_STYLES = ("bold #ff6fcf", "bold #6fa8ff", "bold #5fd75f", "bold #ffd75f", "bold #e0e0e0")

#: The legend of the glyphs, e.g. for the help screen.
GLYPH_LEGEND = "   ".join(
    f"{glyph} {name}" + (" (trump)" if name == "submarine" else "")
    for glyph, name in zip(SUIT_GLYPHS, COLOR_NAMES, strict=True)
)

#: Each communication mode: its name and what it means at the table.
COMMUNICATION: dict[Communication, tuple[str, str]] = {
    Communication.NORMAL: ("normal", "one sonar token each"),
    Communication.CURRENTS: ("currents", "the token's position is hidden"),
    Communication.HEAVY_NOISE: ("heavy noise", "shared sonar tokens"),
    Communication.NONE: ("no communication", "nobody may communicate"),
}

#: Each task category (``reference/tasks.tsv``) in plain words, for the task's heading.
TASK_KINDS: dict[str, str] = {
    "win_specific_cards": "win these cards",
    "win_n_of_value": "win cards of one value",
    "win_n_of_color": "win cards of one colour",
    "dont_win": "win none of these",
    "color_all_or_each": "all of a colour, or one of each",
    "first_last_tricks": "the first or the last tricks",
    "n_tricks": "a number of tricks",
    "consecutive_tricks": "tricks in a row",
    "compare_captain": "tricks compared with the captain's",
    "compare_others": "tricks compared with the others'",
    "trick_all_above_below": "a trick of only high or only low cards",
    "trick_sum": "a trick's total",
    "even_odd_trick": "a trick of even or odd cards",
    "win_with_card": "win a trick with a card",
    "dont_open": "leads you may not make",
    "predict_tricks": "predict your tricks",
    "equal_two_colors": "as many of two colours",
    "more_color_than": "more of one colour than of another",
    "submarine": "submarines",
}

_ARROWS = {"top": "↑", "middle": "●", "bottom": "↓"}

#: A token position as the table shows it: arrow and claim; ``hidden`` under currents.
POSITION_WORDS = {pos: f"{_ARROWS[pos]} {claim}" for pos, claim in POSITION_CLAIMS.items()} | {
    "hidden": "? hidden"
}


def card_label(card: int) -> str:
    """Glyph and notation of a card, e.g. ``♥P7`` (pink 7) or ``⚓S4``."""
    return f"{SUIT_GLYPHS[suit_of(card)]}{card_str(card)}"


def suit_word(card: int) -> str:
    """The card's colour with its glyph, e.g. ``♥ pink``."""
    return f"{SUIT_GLYPHS[suit_of(card)]} {COLOR_NAMES[suit_of(card)]}"


def clock(seconds: float) -> str:
    """Time left as ``m:ss``; a started second counts as a whole one, so 0:00 means none left."""
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"


def communication_label(mode: str, pool: int | None = None, *, short: bool = False) -> str:
    """The communication mode in a few words; under heavy noise with the shared tokens left."""
    if mode == "heavy_noise" and pool is not None:
        if short:
            return f"heavy noise, {pool} left"
        return f"heavy noise ({pool} shared token{'s' if pool != 1 else ''} left)"
    if short and mode == "none":
        return "none"
    return COMMUNICATION[Communication(mode)][0]


def communication_text(mode: str) -> str:
    """The communication mode with what it means, e.g. ``currents (the token's position is
    hidden)``."""
    name, meaning = COMMUNICATION[Communication(mode)]
    return f"{name} ({meaning})"


def position_word(position: str) -> str:
    """A token position as shown at the table (``↑ highest``); unknown ones as they are."""
    return POSITION_WORDS.get(position, position)


#: A crew's logbook table, as in the printed logbook: each column's heading and whether it
#: holds numbers (right-aligned).
LOGBOOK_COLUMNS = (
    ("Mission", True),
    ("Attempts", True),
    ("Distress", False),
    ("Logged", True),
    ("Won on", False),
    ("Replays", True),
)

LOGBOOK_NOTE = (
    "logged = attempts written in the logbook, the distress signal adding 1 once;"
    " replays = games of a mission after its win (they do not change its count)."
)


def logbook_rows(crew: CrewLog) -> list[tuple[str, ...]]:
    """One row of ``LOGBOOK_COLUMNS`` per mission the crew has played, in mission order."""
    from .storage import logged_attempts

    return [
        (
            str(number),
            str(ml.attempts),
            "yes (+1)" if ml.distress else "—",
            str(logged_attempts(ml)),
            ml.won_on or "not yet",
            str(ml.replays),
        )
        for number, ml in sorted(crew.missions.items())
    ]


def history_line(entry: HistoryEntry) -> str:
    """One entry in words: id, date, crew, mission, players, result, the trick it ended at."""
    what = f"mission {entry.mission}" if entry.mission is not None else "free play"
    if entry.difficulty is not None and entry.mission is None:
        what = f"difficulty {entry.difficulty}"
    crew = entry.crew or "free play"
    tag = " · practice" if entry.practice else ""
    ended = f"at trick {entry.trick}" if entry.trick else "before trick 1"
    when = entry.date.replace("T", " ")[:16]
    return (
        f"{entry.id:>4}  {when}  {crew} · {what} · attempt {entry.attempt} ·"
        f" {entry.players} players · {entry.result} {ended}{tag}"
    )


def history_seats(entry: HistoryEntry) -> str:
    """Who played which seat (seats counted from 1), computers marked."""
    return ", ".join(
        f"{seat + 1} {name}" + (" (computer)" if seat in entry.computers else "")
        for seat, name in enumerate(entry.names)
    )
