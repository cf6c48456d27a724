"""What every ``crew`` subcommand shares: exit codes, errors, JSON output, card parsing, styling.

Kept free of heavy imports: ``rich`` is only imported when a command prints for people.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress
    from rich.text import Text

    from ..engine.reasons import Illegal

__all__ = [
    "ANSWERED",
    "BAD_INPUT",
    "CliError",
    "INTERRUPTED",
    "NOT_ALLOWED",
    "PIPE_CLOSED",
    "card_text",
    "console",
    "emit_json",
    "parse_card_list",
    "parse_names",
    "mission_words",
    "parse_seed",
    "progress_bar",
    "reason_text",
    "seat_label",
    "working",
]

#: The longest seed (deal code) accepted: plenty for words, short enough to print.
MAX_SEED = 64

#: Exit codes (a contract): answered, the answer is "illegal / not allowed", bad input.
ANSWERED, NOT_ALLOWED, BAD_INPUT = 0, 1, 2
#: Stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130
#: The reader of stdout went away (128 + SIGPIPE): the answer was not read, so no answer's code.
PIPE_CLOSED = 141


class CliError(Exception):
    """Stops a command: ``message`` goes to stderr and ``code`` becomes the exit code."""

    def __init__(self, message: str, code: int = BAD_INPUT) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def emit_json(doc: Any) -> None:
    """Print exactly one JSON document on stdout, always valid UTF-8.

    Text that UTF-8 cannot hold (a lone surrogate from an old file) or that stdout's encoding
    cannot write is escaped (``\\udcff``): a stdout with ``surrogateescape`` would otherwise
    write the raw byte it stands for, which is not UTF-8.
    """
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8", errors="strict")
        text.encode("utf-8", errors="strict")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(doc, indent=2)
    sys.stdout.write(text + "\n")


def console() -> Console:
    """A rich console on the current stdout (no markup, no automatic highlighting).

    A closed pipe raises BrokenPipeError to ``crew``'s entry point, which exits with
    :data:`PIPE_CLOSED` (rich's own handling would exit 1, which means "not allowed").
    """
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return _Console(highlight=False, emoji=False, markup=False)


def progress_bar() -> Progress | None:
    """A started progress bar on stderr when it is a terminal (None otherwise: nothing shows,
    and stdout keeps only the answer). The caller stops it."""
    if not sys.stderr.isatty():
        return None
    from rich.console import Console
    from rich.progress import MofNCompleteColumn, Progress, TimeElapsedColumn

    bar = Progress(
        *Progress.get_default_columns(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
        transient=True,
    )
    bar.start()
    return bar


@contextmanager
def working(text: str) -> Iterator[None]:
    """A spinner with ``text`` on stderr while the block runs, when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(file=sys.stderr).status(text):
        yield


_COLOUR_WORDS = frozenset(
    {"pink", "blue", "green", "yellow", "sub", "submarine"}
    | {"roze", "blauw", "groen", "geel", "onderzeeboot", "onderzeeër", "onderzeeer"}
)


def parse_card_list(texts: Sequence[str] | str, where: str) -> list[int]:
    """Cards from command-line text (spaces or commas between cards), no card twice.

    ``where`` names the input in error messages (``--hand``, ``the trick``); a bad card names
    the string and its position, a duplicate names the card.
    """
    from ..engine.cards import CardError, card_str, parse_card
    from ..i18n import _, fill

    words = texts.replace(",", " ").split() if isinstance(texts, str) else []
    if not isinstance(texts, str):
        for t in texts:
            words.extend(t.replace(",", " ").split())
    # "blue 3" is one card (the card error message offers that form): a colour word and the
    # value after it belong together
    parts: list[str] = []
    for word in words:
        if parts and word.isdigit() and parts[-1].lower() in _COLOUR_WORDS:
            parts[-1] += word
        else:
            parts.append(word)
    cards: list[int] = []
    for i, raw in enumerate(parts, 1):
        try:
            card = parse_card(raw)
        except CardError as exc:
            why = fill(exc.template, {}, exc.values)
            msg = _("{where}: card {i}: {error}").format(where=_(where), i=i, error=why)
            raise CliError(msg) from None
        if card in cards:
            first = cards.index(card) + 1
            raise CliError(
                _(
                    "{where}: {card} is given twice (cards {first} and {i}); every card exists once"
                ).format(where=_(where), card=card_str(card), first=first, i=i)
            )
        cards.append(card)
    return cards


def parse_seed(text: str | None) -> int | str | None:
    """A seed from the command line: digits become a number, anything else stays text."""
    from ..i18n import _

    if text is None:
        return None
    t = text.strip()
    if not t:
        raise CliError(_("--seed: a seed cannot be empty"))
    if len(t) > MAX_SEED:
        raise CliError(
            _("--seed: a seed has at most {most} characters, got {n}").format(
                most=MAX_SEED, n=len(t)
            )
        )
    if not t.isprintable():
        raise CliError(
            _("--seed: {seed} contains control characters; a seed is plain text").format(
                seed=repr(t)
            )
        )
    odd = next((ch for ch in t if ch.isdigit() and not ch.isascii()), None)
    if odd is not None:
        # "²" or "٤٢" look like numbers but are not the seed 2 or 42: refuse rather than guess
        raise CliError(
            _("--seed: {seed} contains the digit {digit}; write digits 0-9 or a word").format(
                seed=repr(t), digit=repr(odd)
            )
        )
    if t.isascii() and t.isdigit():
        return int(t)
    return t


def parse_names(values: Sequence[str] | str | None, players: int | None) -> list[str]:
    """Crew names from ``--names`` ("Ann,Bob,Cas"); one per crew member."""
    from ..i18n import _, said
    from ..names import name_problem

    items = [values] if isinstance(values, str) else list(values or ())
    names = [n.strip() for item in items for n in item.split(",") if n.strip()]
    for i, name in enumerate(names, 1):
        problem = name_problem(name)
        if problem is not None:
            raise CliError(_("--names: name {i}: {problem}").format(i=i, problem=said(problem)))
    if names and players is not None and len(names) != players:
        raise CliError(
            _("--names: {names} names for {want} players; give one name per crew member").format(
                names=len(names), want=players
            )
        )
    return names


def card_text(card: int, *, bold: bool = False) -> Text:
    """A card for people: its notation (letter + value), coloured as a help, never as the only
    clue."""
    from rich.text import Text

    from ..engine.cards import card_str, suit_of
    from ..present import SUIT_STYLES

    style = SUIT_STYLES[suit_of(card)] + (" bold reverse" if bold else "")
    return Text(card_str(card), style=style)


def mission_words(mission: int | None, difficulty: int | None) -> str:
    """What a run played, for people: ``mission 5``, or ``difficulty 7`` in free play."""
    from ..i18n import _

    if mission is not None:
        return _("mission {number}").format(number=mission)
    return _("difficulty {difficulty}").format(difficulty=difficulty)


def seat_label(seat: int, players: int, names: Sequence[str] | None = None) -> str:
    """How a seat is named for people, counted from 1 as people count: ``seat 2 (Bob)``,
    ``Tonoja (seat 3)``. Files and ``--json`` number seats from 0 (docs/record-format.md)."""
    from ..i18n import _

    if players == 2 and seat == 2:
        return _("Tonoja (seat {n})").format(n=3)
    if names and 0 <= seat < len(names):
        from ..names import shown

        return _("seat {n} ({name})").format(n=seat + 1, name=shown(names[seat]))
    return _("seat {n}").format(n=seat + 1)


def reason_text(
    illegal: Illegal | None, message: str, players: int, names: Sequence[str] | None
) -> str:
    """The engine's reason for people: its seats named by :func:`seat_label` (``message``, the
    file's own numbering, when the reason is not at hand)."""
    from ..i18n import reason_text as translated

    if illegal is None:
        return message
    return translated(illegal, lambda seat: seat_label(seat, players, names))
