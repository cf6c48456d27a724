"""The one validation of ``crew``'s options, done before a command starts any work.

Two steps, both before a command's handler runs (and so before any worker process starts):

- each option's text alone, as its argparse ``type``: whole numbers are ASCII digits, seconds
  are finite numbers, every value within its documented range (the constants below);
- :func:`check`, the options together: one of ``--mission`` / ``--difficulty``, the missions
  and difficulties that exist for the crew size (the engine says which), ``--names`` and
  ``--computers`` against the seats, the seed of every deal a command will make (each one a seed
  ``crew deal`` takes), and a trial deal of the first one.

Every refusal is one line naming the option; the exit code is 2. Kept free of heavy imports:
the engine is imported only by :func:`check`.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from ..i18n import N_, _, error_text
from .common import MAX_SEED, CliError, parse_names, parse_seed

__all__ = [
    "BUDGET",
    "COMPUTERS",
    "DEALS",
    "GAMES",
    "NODES",
    "PLAYERS",
    "SAMPLES",
    "SEATS",
    "SECONDS",
    "check",
    "crew_name",
    "mission",
    "names",
    "odds_seed",
    "players",
    "record_name",
    "seconds",
    "seed",
    "selfplay_seed",
    "text",
    "whole",
]

#: Documented ranges (README, ``--help``), inclusive.
PLAYERS = (2, 5)
SEATS = (0, 4)
COMPUTERS = (0, 4)
#: ``crew odds --deals``: the deals are streamed, so this bounds the time, not the memory
DEALS = (1, 1_000_000)
#: ``crew selfplay --games``
GAMES = (1, 10_000)
#: deals a computer samples per card decision (it never samples more than 96 in all)
SAMPLES = (1, 96)
#: solver nodes per sampled deal (``--nodes``) and per card decision (``--budget``): ten times
#: the defaults at most, so one decision stays within about ten seconds
NODES = (1, 2_400_000)
BUDGET = (1, 2_400_000)
#: every time limit, in seconds; ``crew solve`` and ``crew analyse`` also take 0: no limit
SECONDS = (0.01, 86_400.0)
#: solver positions per open-hand verdict (crew odds --nodes, crew selfplay --solver-nodes)
VERDICT_NODES = (1_000, 1_000_000_000)
#: the default: about 10 s on this project's 2-core machine; the clock is only a guard above it
DEFAULT_VERDICT_NODES = 1_000_000
#: the outer guard in seconds, far above what the default positions take
DEFAULT_GUARD_SECONDS = 120.0

_WHOLE = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
# more digits than any range here needs; int() of thousands of digits is slow or refused
_MAX_DIGITS = 12


def _quoted(text: str) -> str:
    """Input quoted for a message: bounded, control characters shown as ``?``."""
    from ..names import shown

    return repr(shown(text, 24))


def _fmt(n: int) -> str:
    return f"{n:,}"


def _non_ascii_digit(t: str) -> str | None:
    return next((ch for ch in t if ch.isdigit() and not ch.isascii()), None)


def _parse_whole(text: str, what: str, not_what: str) -> int:
    """``text`` as a whole number; ``what`` names one ("a whole number") and ``not_what`` says
    what ``text`` is not, a sentence of its own so that each language can say it its way
    (Dutch "is geen geheel getal", not "is geen een geheel getal")."""
    t = text.strip()
    if not t:
        raise argparse.ArgumentTypeError(_("empty; give {what}").format(what=_(what)))
    odd = _non_ascii_digit(t)
    if odd is not None:
        # "٤" or "²" look like numbers and int() even reads some of them: refuse, never guess
        raise argparse.ArgumentTypeError(
            _("{text} contains the digit {digit}; write {what} with digits 0-9").format(
                text=_quoted(t), digit=repr(odd), what=_(what)
            )
        )
    if not _WHOLE.fullmatch(t):
        raise argparse.ArgumentTypeError(_(not_what).format(text=_quoted(t)))
    if len(t.lstrip("+-")) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            _("{text} ({n} digits) is far too large").format(text=_quoted(t), n=len(t))
        )
    return int(t)


def whole(lo: int, hi: int | None) -> Callable[[str], int]:
    """An argparse type: a whole number of ASCII digits from ``lo`` to ``hi`` (None: no top)."""

    def parse(text: str) -> int:
        n = _parse_whole(text, N_("a whole number"), N_("{text} is not a whole number"))
        if n < lo or (hi is not None and n > hi):
            span = (
                _("{lo} to {hi}").format(lo=_fmt(lo), hi=_fmt(hi))
                if hi is not None
                else _("at least {lo}").format(lo=_fmt(lo))
            )
            raise argparse.ArgumentTypeError(
                _("{n} is out of range: give {span}").format(n=n, span=span)
            )
        return n

    return parse


def players(text: str) -> int:
    """An argparse type: the crew size, 2-5 (2: with Tonoja)."""
    n = _parse_whole(
        text, N_("a number of players (2-5)"), N_("{text} is not a number of players (2-5)")
    )
    if not PLAYERS[0] <= n <= PLAYERS[1]:
        raise argparse.ArgumentTypeError(
            _("{n} players: the game is for 2 to 5 players").format(n=n)
        )
    return n


def mission(text: str) -> int:
    """An argparse type: a mission number of 0 or more; :func:`check` knows the last one."""
    what = N_("a mission number (0 intro, 1-32, 33+ epilogue)")
    n = _parse_whole(text, what, N_("{text} is not a mission number (0 intro, 1-32, 33+ epilogue)"))
    if n < 0:
        raise argparse.ArgumentTypeError(
            _("there is no mission {n}: 0 intro, 1-32, 33+ epilogue").format(n=n)
        )
    return n


def seconds(*, zero_is_no_limit: bool) -> Callable[[str], float | None]:
    """An argparse type: a finite number of seconds in :data:`SECONDS`; with
    ``zero_is_no_limit``, 0 is accepted and becomes None (no limit)."""
    lo, hi = SECONDS
    span = _("{lo} to {hi} seconds").format(lo=f"{lo:g}", hi=f"{hi:g}") + (
        _(" (or 0: no limit)") if zero_is_no_limit else ""
    )

    def parse(text: str) -> float | None:
        t = text.strip()
        odd = _non_ascii_digit(t)
        if odd is not None:
            raise argparse.ArgumentTypeError(
                _("{text} contains the digit {digit}; write {what} with digits 0-9").format(
                    text=_quoted(t), digit=repr(odd), what=_("seconds")
                )
            )
        if not _NUMBER.fullmatch(t):
            # float() would also take "nan" and "inf": neither is a limit
            raise argparse.ArgumentTypeError(
                _("{text}: not a number of seconds; give {span}").format(
                    text=_quoted(t) if t else _("empty"), span=span
                )
            )
        x = float(t)
        if not math.isfinite(x):
            raise argparse.ArgumentTypeError(
                _("{text} is not a finite number; give {span}").format(text=_quoted(t), span=span)
            )
        if x == 0 and zero_is_no_limit:
            return None
        if not lo <= x <= hi:
            raise argparse.ArgumentTypeError(
                _("{text} s is out of range: give {span}").format(text=_quoted(t), span=span)
            )
        return x

    return parse


def seed(text: str) -> str:
    """An argparse type: a seed as ``crew deal`` takes it (returned stripped, still text)."""
    try:
        parse_seed(text)
    except CliError as exc:
        raise argparse.ArgumentTypeError(exc.message.removeprefix("--seed: ")) from None
    return text.strip()


def names(text: str) -> str:
    """An argparse type: ``--names``, each name plain text (their count is :func:`check`'s)."""
    try:
        parse_names(text, None)
    except CliError as exc:
        raise argparse.ArgumentTypeError(exc.message.removeprefix("--names: ")) from None
    return text


def crew_name(text: str) -> str:
    """An argparse type: a crew's name as the logbook keeps it."""
    from ..names import name_problem

    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def text(limit: int) -> Callable[[str], str]:
    """An argparse type: a short piece of plain text (a topic), at most ``limit`` characters."""

    def parse(value: str) -> str:
        from ..names import first_control

        bad = first_control(value)
        if bad is not None:
            raise argparse.ArgumentTypeError(
                _("{text} contains the control character U+{code}; plain text only").format(
                    text=_quoted(value), code=f"{ord(bad):04X}"
                )
            )
        if len(value) > limit:
            raise argparse.ArgumentTypeError(
                _("{name} is longer than {n} characters").format(name=_quoted(value), n=limit)
            )
        return value

    return parse


# ---------------------------------------------------------------------------------------------
# the options together


def _rules(players: int, mission: int | None, difficulty: int | None, timed: bool = False) -> None:
    """The mission (or free-play difficulty) exists for this crew and can be drawn."""
    from ..engine.draw import draw_problem
    from ..engine.missions import MissionError, mission_rules

    if timed and mission is None:
        raise CliError(_("--timed: name a real-time mission with --mission (14, 15, 16 or 26)"))
    given = [f"--mission {mission}"] if mission is not None else []
    given += [f"--difficulty {difficulty}"] if difficulty is not None else []
    where = " ".join(given)
    try:
        rules = mission_rules(mission, timed=timed, difficulty=difficulty)
    except MissionError as exc:
        if timed:
            try:
                mission_rules(mission, difficulty=difficulty)
                where = "--timed"  # the mission exists untimed: the timer is what cannot be
            except MissionError:
                pass
        raise CliError(f"{where}: {error_text(exc)}") from None
    problem = draw_problem(rules, players)
    if problem is not None:
        raise CliError(f"{where}: {error_text(problem)}")


def _one_of(args: argparse.Namespace) -> None:
    if (args.mission is None) == (args.difficulty is None):
        raise CliError(_("give exactly one of --mission N or --difficulty D"))


def _trial_deal(
    players: int,
    mission: int | None,
    difficulty: int | None,
    seed_value: int | str,
    label: str,
    timed: bool = False,
) -> None:
    """Deal the first attempt now: a seed whose draw cannot be made is refused before any work."""
    from ..engine.reasons import SetupError
    from ..engine.setup import new_attempt

    try:
        new_attempt(players, mission, seed=seed_value, timed=timed, difficulty=difficulty)
    except (SetupError, ValueError) as exc:
        raise CliError(
            _("{label}: cannot deal: {error}").format(label=label, error=error_text(exc))
        ) from None


def _numbered_seeds(base: str, count: int, label: str) -> None:
    """Deal i of ``count`` uses the seed ``base-i``: the longest must be one ``crew deal`` takes."""
    last = f"{base}-{count - 1}"
    if len(last) > MAX_SEED:
        room = MAX_SEED - len(f"-{count - 1}")
        raise CliError(
            _(
                "--seed: {label} {n} would use the seed {seed}, longer than the {most}"
                " characters a seed may have; give a seed of at most {room} characters"
            ).format(label=_(label), n=count - 1, seed=_quoted(last), most=MAX_SEED, room=room)
        )


def odds_seed(base: str | None, i: int) -> str:
    """The seed of ``crew odds``'s deal ``i`` (a seed ``crew deal`` takes)."""
    return f"{'odds' if base is None else base}-{i}"


def _counting_seed(base: str | None) -> int | None:
    """The whole number a selfplay seed counts up from, or None for a word seed.

    ``-3`` counts too: ``crew deal`` takes it as the text "-3", whose deal is the number -3's
    (a deal comes from the seed's text), and its next seeds -2, -1, 0 are seeds it takes.
    """
    if base is None:
        return 1
    value = parse_seed(base)
    if isinstance(value, int):
        return value
    return int(base) if re.fullmatch(r"-[1-9][0-9]*", base) else None


def selfplay_seed(base: str | None, i: int) -> int | str:
    """The seed of ``crew selfplay``'s game ``i``: a whole number counts up from it, any other
    seed gets the game's number like ``crew odds``'s deals."""
    start = _counting_seed(base)
    return start + i if start is not None else f"{base}-{i}"


def record_name(
    players: int, mission: int | None, difficulty: int | None, seed: int | str, attempt: int
) -> str:
    """The file name of an attempt's record: crew size, mission (or free play's difficulty),
    seed and attempt, e.g. ``4p-mission-22-seed-3-attempt-1.json``. A seed's characters other
    than letters, digits, ``-``, ``_``, ``.`` and ``~`` are written ``%XX`` (its UTF-8 bytes), so
    two seeds never share a name; past 80 characters that is cut and a digest of the whole seed
    follows (a file name has at most 255 bytes)."""
    what = f"mission-{mission}" if mission is not None else f"difficulty-{difficulty}"
    safe = quote(str(seed), safe="-_.~")
    if len(safe) > 80:
        digest = hashlib.sha256(str(seed).encode("utf-8")).hexdigest()[:16]
        safe = f"{safe[:60]}--{digest}"
    return f"{players}p-{what}-seed-{safe}-attempt-{attempt}.json"


def _check_play(args: argparse.Namespace) -> None:
    computers = args.computers
    names = parse_names(args.names, None)
    if names and args.players is None:
        args.players = len(names) + computers
        if not PLAYERS[0] <= args.players <= PLAYERS[1]:
            raise CliError(
                _(
                    "--names: {names} names and {computers} computers; the game is for"
                    " 2 to 5 players"
                ).format(names=len(names), computers=computers)
            )
    seats = args.players if args.players is not None else 4
    if computers >= seats:
        raise CliError(
            _(
                "--computers {computers}: at least one of the {seats} seats is a person's"
                " (computers alone: crew selfplay)"
            ).format(computers=computers, seats=seats)
        )
    if names and len(names) not in (seats, seats - computers):
        want = f"{seats}" + (_(" (or {n} people)").format(n=seats - computers) if computers else "")
        raise CliError(
            _("--names: {names} names for {want} players; give one name per crew member").format(
                names=len(names), want=want
            )
        )
    if args.mission is None and args.difficulty is None:
        if args.timed:
            raise CliError(_("--timed: name a real-time mission with --mission (14, 15, 16 or 26)"))
        return
    _rules(seats, args.mission, args.difficulty, args.timed)
    value = parse_seed(args.seed)
    if value is not None:
        label = f"--seed {args.seed}"
        _trial_deal(seats, args.mission, args.difficulty, value, label, args.timed)


def _check_deal(args: argparse.Namespace) -> None:
    parse_names(args.names, args.players)
    mission = 1 if args.mission is None and args.difficulty is None else args.mission
    _rules(args.players, mission, args.difficulty, args.timed)


def _check_odds(args: argparse.Namespace) -> None:
    _one_of(args)
    _rules(args.players, args.mission, args.difficulty)
    if args.seed is not None:
        _numbered_seeds(args.seed, args.deals, N_("deal"))
    first = odds_seed(args.seed, 0)
    label = _("deal {n} (seed {seed})").format(n=0, seed=repr(first))
    _trial_deal(args.players, args.mission, args.difficulty, first, label)


def _check_selfplay(args: argparse.Namespace) -> None:
    _one_of(args)
    _rules(args.players, args.mission, args.difficulty)
    if args.seed is not None and _counting_seed(args.seed) is None:
        _numbered_seeds(args.seed, args.games, N_("game"))
    first = selfplay_seed(args.seed, 0)
    label = _("game {n} (seed {seed})").format(n=0, seed=repr(first))
    _trial_deal(args.players, args.mission, args.difficulty, first, label)
    if args.records is not None:
        _check_records(args)


def _check_records(args: argparse.Namespace) -> None:
    """``--records DIR``: a directory (made if missing) where none of the games' files is yet,
    so that no game is played only to find that its record cannot be kept."""
    where = Path(args.records)
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(
            _("--records: cannot make the directory {path}: {error}").format(
                path=where, error=exc.strerror or exc
            )
        ) from None
    for i in range(args.games):
        name = record_name(
            args.players, args.mission, args.difficulty, selfplay_seed(args.seed, i), i + 1
        )
        if (where / name).exists():
            raise CliError(
                _(
                    "--records: {path} exists; it is not replaced (choose another directory, or"
                    " remove the file)"
                ).format(path=where / name)
            )


def _check_missions(args: argparse.Namespace) -> None:
    from ..engine.draw import highest_mission
    from ..engine.missions import last_mission

    if args.number is not None and args.number > highest_mission(PLAYERS[1]):
        raise CliError(
            _(
                "N: there is no mission {n}: the logbook has 0 (intro) to {last} and the epilogue"
                " goes on while the task cards reach its difficulty, up to mission {top5}"
                " (5 players; {top4} with 4, {top3} with 2 or 3)"
            ).format(
                n=args.number,
                last=last_mission(),
                top5=highest_mission(5),
                top4=highest_mission(4),
                top3=highest_mission(3),
            )
        )


def _check_tasks(args: argparse.Namespace) -> None:
    from ..engine.tasks import get_task

    if args.id is not None:
        try:
            get_task(args.id)
        except ValueError as exc:
            raise CliError(f"ID {args.id}: {exc}") from None


_CHECKS: dict[str, Callable[[argparse.Namespace], None]] = {
    "play": _check_play,
    "game:deal": _check_deal,
    "odds:odds": _check_odds,
    "bots:selfplay": _check_selfplay,
    "info:missions": _check_missions,
    "info:tasks": _check_tasks,
}


def check(args: argparse.Namespace) -> None:
    """Check a parsed command's options together; raises :class:`CliError` (exit 2)."""
    fn = _CHECKS.get(args.handler or "")
    if fn is not None:
        fn(args)
