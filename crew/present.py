"""How the game is shown to people, shared by the ``crew`` command and the TUI.

Plain words, glyphs and rich style names only: no textual, no rich, no rule. What a thing
means is the engine's (a token at the top claims the highest card, a clock has so many seconds);
here is only how it is written, once, so that the command line and the TUI say it alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine.cards import COLOR_NAMES, SUIT_GLYPHS, card_str, suit_of
from .engine.enums import Communication, Position
from .engine.signals import POSITION_CLAIMS
from .i18n import N_, _, ngettext
from .names import shown

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
    "history_label",
    "history_line",
    "history_seats",
    "logbook_rows",
    "position_word",
    "suit_word",
]

#: One rich style per suit (pink, blue, green, yellow, submarine), for the CLI and the TUI
#: alike; the glyph (``SUIT_GLYPHS``) carries the same meaning for anyone who cannot tell them.
SUIT_STYLES = ("bold #ff6fcf", "bold #6fa8ff", "bold #5fd75f", "bold #ffd75f", "bold #e0e0e0")

#: The words of the engine's colours and token claims, for gettext (the engine keeps English).
WORDS = (
    N_("pink"),
    N_("blue"),
    N_("green"),
    N_("yellow"),
    N_("submarine"),
    N_("highest"),
    N_("only"),
    N_("lowest"),
    N_("top"),
    N_("middle"),
    N_("bottom"),
    N_("hidden"),
    N_("pending"),
    N_("done"),
    N_("failed"),
    N_("won"),
    N_("lost"),
    N_("left"),
    N_("right"),
    N_("yes"),
    N_("no"),
)


def glyph_legend() -> str:
    """The legend of the glyphs, e.g. for the help screen."""
    return "   ".join(
        f"{glyph} {_(name)}" + (_(" (trump)") if name == "submarine" else "")
        for glyph, name in zip(SUIT_GLYPHS, COLOR_NAMES, strict=True)
    )


#: The legend in English (``glyph_legend()`` says it in the language in use).
GLYPH_LEGEND = "   ".join(
    f"{glyph} {name}" + (" (trump)" if name == "submarine" else "")
    for glyph, name in zip(SUIT_GLYPHS, COLOR_NAMES, strict=True)
)

#: Each communication mode: its name and what it means at the table.
COMMUNICATION: dict[Communication, tuple[str, str]] = {
    Communication.NORMAL: (N_("normal"), N_("one sonar token each")),
    Communication.CURRENTS: (N_("currents"), N_("the token's position is hidden")),
    Communication.HEAVY_NOISE: (N_("heavy noise"), N_("shared sonar tokens")),
    Communication.NONE: (N_("no communication"), N_("nobody may communicate")),
}

#: Each task category (the ``category`` of a card in ``missions/tasks.toml``) in plain words,
#: for the task's heading.
TASK_KINDS: dict[str, str] = {
    "win_specific_cards": N_("win these cards"),
    "win_n_of_value": N_("win cards of one value"),
    "win_n_of_color": N_("win cards of one colour"),
    "dont_win": N_("win none of these"),
    "color_all_or_each": N_("all of a colour, or one of each"),
    "first_last_tricks": N_("the first or the last tricks"),
    "n_tricks": N_("a number of tricks"),
    "consecutive_tricks": N_("tricks in a row"),
    "compare_captain": N_("tricks compared with the captain's"),
    "compare_others": N_("tricks compared with the others'"),
    "trick_all_above_below": N_("a trick of only high or only low cards"),
    "trick_sum": N_("a trick's total"),
    "even_odd_trick": N_("a trick of even or odd cards"),
    "win_with_card": N_("win a trick with a card"),
    "dont_open": N_("leads you may not make"),
    "predict_tricks": N_("predict your tricks"),
    "equal_two_colors": N_("as many of two colours"),
    "more_color_than": N_("more of one colour than of another"),
    "submarine": N_("submarines"),
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
    return f"{SUIT_GLYPHS[suit_of(card)]} {_(COLOR_NAMES[suit_of(card)])}"


def clock(seconds: float) -> str:
    """Time left as ``m:ss``; a started second counts as a whole one, so 0:00 means none left."""
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"


def communication_label(mode: str, pool: int | None = None, *, short: bool = False) -> str:
    """The communication mode in a few words; under heavy noise with the shared tokens left."""
    if mode == "heavy_noise" and pool is not None:
        if short:
            return _("heavy noise, {pool} left").format(pool=pool)
        return ngettext(
            "heavy noise ({pool} shared token left)",
            "heavy noise ({pool} shared tokens left)",
            pool,
        ).format(pool=pool)
    if short and mode == "none":
        return _("none")
    return _(COMMUNICATION[Communication(mode)][0])


def communication_text(mode: str) -> str:
    """The communication mode with what it means, e.g. ``currents (the token's position is
    hidden)``."""
    name, meaning = COMMUNICATION[Communication(mode)]
    return f"{_(name)} ({_(meaning)})"


def position_word(position: str) -> str:
    """A token position as shown at the table (``↑ highest``); unknown ones as they are."""
    if position not in POSITION_WORDS:
        return position
    if position == "hidden":
        return "? " + _("hidden")
    return f"{_ARROWS[position]} {_(POSITION_CLAIMS[Position(position)])}"


#: A crew's logbook table, as in the printed logbook: each column's heading and whether it
#: holds numbers (right-aligned).
LOGBOOK_COLUMNS = (
    (N_("Mission"), True),
    (N_("Attempts"), True),
    (N_("Distress"), False),
    (N_("Logged"), True),
    (N_("Won on"), False),
    (N_("Replays"), True),
)

LOGBOOK_NOTE = N_(
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
            _("yes (+1)") if ml.distress else "—",
            str(logged_attempts(ml)),
            ml.won_on or _("not yet"),
            str(ml.replays),
        )
        for number, ml in sorted(crew.missions.items())
    ]


def history_line(entry: HistoryEntry) -> str:
    """One entry in words: id, date, crew, mission, players, result, the trick it ended at."""
    if entry.mission is not None:
        what = _("mission {number}").format(number=entry.mission)
    else:
        what = _("free play")
    if entry.difficulty is not None and entry.mission is None:
        what = _("difficulty {difficulty}").format(difficulty=entry.difficulty)
    crew = shown(entry.crew) if entry.crew else _("free play")
    tag = _(" · practice") if entry.practice else ""
    if entry.trick:
        ended = _("at trick {n}").format(n=entry.trick)
    else:
        ended = _("before trick 1")
    when = shown(entry.date.replace("T", " ")[:16])
    result = _(entry.result) if entry.result else ""
    return f"{entry.id:>4}  {when}  " + _(
        "{crew} · {what} · attempt {attempt} · {players} players · {result} {ended}{tag}"
    ).format(
        crew=crew,
        what=what,
        attempt=entry.attempt,
        players=entry.players,
        result=result,
        ended=ended,
        tag=tag,
    )


def history_label(entry: HistoryEntry, width: int) -> str:
    """:func:`history_line` when it fits in ``width`` columns, else a shorter line with the
    result first, after the id and date, so that a cut at the edge only ever takes the end
    (the crew's name), never how the attempt ended."""
    line = history_line(entry)
    if len(line) <= width:
        return line
    if entry.mission is not None:
        what = _("mission {number}").format(number=entry.mission)
    elif entry.difficulty is not None:
        what = _("difficulty {difficulty}").format(difficulty=entry.difficulty)
    else:
        what = _("free play")
    ended = _("at trick {n}").format(n=entry.trick) if entry.trick else _("before trick 1")
    tag = _(" · practice") if entry.practice else ""
    when = entry.date.replace("T", " ")[5:16]  # month, day and time: the year is this one's
    return f"{entry.id:>4}  {when}  " + _(
        "{result} {ended}{tag} · {what} · attempt {attempt} · {crew}"
    ).format(
        result=_(entry.result) if entry.result else "",
        ended=ended,
        tag=tag,
        what=what,
        attempt=entry.attempt,
        crew=shown(entry.crew) if entry.crew else _("free play"),  # controls never printed
    )


def history_seats(entry: HistoryEntry) -> str:
    """Who played which seat (seats counted from 1), computers marked."""
    return ", ".join(
        f"{seat + 1} {shown(name)}" + (_(" (computer)") if seat in entry.computers else "")
        for seat, name in enumerate(entry.names)
    )
