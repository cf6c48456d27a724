"""The ``crew`` command line: argument parsing and dispatch.

Each subcommand lives in a small module that is imported only when it runs, so ``crew --help``
stays fast and nothing but ``crew`` / ``crew play`` imports the Textual app.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..i18n import N_
from . import options as opt
from .common import BAD_INPUT, INTERRUPTED, PIPE_CLOSED, CliError, parse_names, parse_seed

__all__ = ["build_parser", "main"]

_EXAMPLES = """\
examples:
  crew                                   open the game (new game, continue, logbook, rules)
  crew play --players 2 --mission 5      straight into a two-player game with Tonoja
  crew play --players 4 --computers 3 --names Ann   Ann and three computer crewmates
  crew check trick P5 P9 S1 G3           who wins this trick, and why
  crew check legal --hand "P3 P7 B2 S4" --trick B5
  crew check signal --hand "P3 P7 B2 S4" P7
  crew deal --players 4 --mission 5 --seed 42 --json > game.json
  crew verify game.json                  replay a game record and judge it
  crew solve game.json                   could the crew still win it with open hands?
  crew analyse game.json                 which action lost the attempt?
  crew odds --players 4 --mission 5 --deals 200
  crew rules communication               the rules of sonar communication
  crew suggest game.json --seat 1        what a computer crewmate would do now
  crew selfplay --players 4 --mission 1 --games 50
  crew history                           every attempt played; crew analyse history:12

Query commands take --json and then print exactly one JSON document.
Exit codes: 0 answered, 1 the answer is "illegal / not allowed", 2 bad input (one line
naming the option or the file), 3 (solve, analyse) undecided within the time limit or stopped
with Ctrl-C; 130 stopped by Ctrl-C (crew odds and crew selfplay print what was finished
first); 141 the output's reader went away (as after "| head -1").
"""


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line naming the option (exit 2), like every other bad input."""

    def error(self, message: str) -> Any:
        from ..i18n import _
        from ..names import shown_line

        text = message.removeprefix("argument ")
        # argparse's own words for the commonest slips, in the player's language
        for english, said in _ARGPARSE_WORDS.items():
            if english in text:
                text = text.replace(english, _(said))
        if text.endswith(("expected one argument", _("expected one argument"))):
            text += _(" (a value that starts with '-' is written --option=VALUE)")
        see = _("(see {prog} --help)").format(prog=self.prog)
        self.exit(BAD_INPUT, f"crew: {shown_line(text)} {see}\n")


#: argparse's messages (Python's own, English) and the msgids crew translates them by
_ARGPARSE_WORDS = {
    "the following arguments are required": N_("the following arguments are required"),
    "unrecognized arguments": N_("unrecognized arguments"),
    "expected one argument": N_("expected one argument"),
    "invalid choice": N_("invalid choice"),
    "choose from": N_("choose from"),
}


def _verdict_limits(
    p: argparse.ArgumentParser, nodes: str, seconds: str, per: str, counted: str
) -> None:
    """The two limits of an open-hand verdict in crew odds and crew selfplay: solver positions
    decide (the same figures on any machine), seconds only guard above them."""
    p.add_argument(
        nodes,
        type=opt.whole(*opt.VERDICT_NODES),
        default=opt.DEFAULT_VERDICT_NODES,
        metavar="N",
        help=f"solver positions {per}, 1,000-1,000,000,000 (default 1,000,000): the limit that"
        " decides, so a seed gives the same figures on any machine",
    )
    p.add_argument(
        seconds,
        type=opt.seconds(zero_is_no_limit=False),
        default=opt.DEFAULT_GUARD_SECONDS,
        metavar="S",
        help=f"a guard {per} above {nodes}, 0.01-86400 seconds (default 120); a verdict it stops"
        f" is undecided and counted in {counted}",
    )


# the engine's highest_mission() and highest_difficulty(), written out so that --help imports no
# engine (a test keeps them equal)
_MISSION_HELP = (
    "logbook mission: 0 intro, 1-32, then the epilogue up to 244 (2 or 3 players), 279 (4), 312 (5)"
)
_DIFFICULTY_HELP = "draw tasks to this difficulty: 1 up to 229 (2 or 3 players), 264 (4), 297 (5)"


class _VersionAction(argparse.Action):
    """``--version``, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("crew-deep-sea")
        except PackageNotFoundError:
            v = "unknown"
        sys.stdout.write(f"crew {v}\n")
        parser.exit()


#: Default time limit of one open-hand verdict (``crew solve``, each of ``crew analyse``).
SOLVE_SECONDS = 20.0


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON document instead")


def _game_options(p: argparse.ArgumentParser, *, players_required: bool) -> None:
    p.add_argument(
        "--players",
        type=opt.players,
        required=players_required,
        metavar="N",
        help="crew members, 2-5 (2: with Tonoja)",
    )
    p.add_argument("--mission", type=opt.mission, metavar="M", help=_MISSION_HELP)
    p.add_argument(
        "--seed",
        type=opt.seed,
        metavar="S",
        help="deal code: the same seed gives the same deal (up to 64 characters)",
    )
    p.add_argument("--timed", action="store_true", help="real-time missions: play with the timer")
    p.add_argument(
        "--difficulty",
        type=opt.whole(1, None),
        metavar="D",
        help=f"free play (no --mission): {_DIFFICULTY_HELP}",
    )
    p.add_argument(
        "--names",
        type=opt.names,
        metavar="NAMES",
        help='the crew in seat order, one name each, separated by commas: "Ann,Bob,Cas,Dee"',
    )


def build_parser() -> argparse.ArgumentParser:
    """The whole ``crew`` argument parser (each subcommand names its handler)."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="crew",
        description="The Crew: Mission Deep Sea, the cooperative trick-taking game, in a "
        "terminal. Without a command it opens the game.",
        epilog=_EXAMPLES,
        formatter_class=fmt,
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument(
        "--lang",
        choices=("en", "nl"),
        help="the language of everything crew says: en English, nl Dutch (default: CREW_LANG,"
        " then LC_ALL, LC_MESSAGES, LANG; --json output is the same in every language)",
    )
    parser.set_defaults(handler=None)
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")

    p = sub.add_parser(
        "play",
        help="start a game straight away (the TUI)",
        description="Start a game straight away. Computer crewmates can take seats: "
        "--computers N puts them in the last N seats (the names given are the people's, in the "
        'seats before them), e.g. "crew play --players 4 --computers 3 --names Ann".',
        formatter_class=fmt,
    )
    _game_options(p, players_required=False)
    p.add_argument(
        "--computers",
        type=opt.whole(*opt.COMPUTERS),
        default=0,
        metavar="N",
        help="computer crewmates in the last N seats, 0-4 and fewer than the players (--names"
        " then names the people only)",
    )
    p.add_argument(
        "--practice",
        action="store_true",
        help="a practice game: hints (h) and undo (u); nothing is written in the logbook"
        " (the history keeps it, marked practice)",
    )
    p.set_defaults(handler="play")

    p = sub.add_parser("check", help="rules questions: trick winner, legal cards, signals")
    checks = p.add_subparsers(dest="check", title="checks", metavar="CHECK", required=True)
    c = checks.add_parser(
        "trick",
        help="who wins a trick (the first card leads; cards in play order)",
        description="Which card wins the trick, its 0-based position and why. The first card "
        "leads; the order given is the play order.",
    )
    c.add_argument("cards", nargs="+", metavar="CARD", help="2-5 cards such as P5 S1")
    _json_flag(c)
    c.set_defaults(handler="check:trick")
    c = checks.add_parser(
        "legal",
        help="which cards of a hand may be played now",
        description="The cards of --hand that may be played onto --trick (all of them when "
        "leading).",
    )
    c.add_argument("--hand", required=True, metavar="CARDS", help='e.g. "P3 P7 B2 S4"')
    c.add_argument("--trick", metavar="CARDS", help="the cards already in the trick, lead first")
    _json_flag(c)
    c.set_defaults(handler="check:legal")
    c = checks.add_parser(
        "signal",
        help="may this card be communicated, and how",
        description="Whether CARD of --hand may be communicated and with which token position "
        "(top: highest, middle: only, bottom: lowest of its colour). Exit code 1 when not.",
    )
    c.add_argument("--hand", required=True, metavar="CARDS", help='e.g. "P3 P7 B2 S4"')
    c.add_argument("card", metavar="CARD", help="the card to show")
    c.add_argument(
        "--position", choices=("top", "middle", "bottom"), help="check this claim in particular"
    )
    _json_flag(c)
    c.set_defaults(handler="check:signal")

    p = sub.add_parser(
        "deal",
        help="deal an attempt and print the start of a game record",
        description="Deal the cards and draw the tasks of a mission. With --json: the start of "
        "a game record (crew-record/1) to play from or to share.",
    )
    _game_options(p, players_required=True)
    _json_flag(p)
    p.set_defaults(handler="game:deal")

    p = sub.add_parser(
        "verify",
        help="replay a game record and judge it",
        description="Replay a game record: the first illegal action with its reason, or the "
        "trick-by-trick result and each task's status. Exit 0 legal, 1 illegal action, 2 "
        "unreadable record. FILE '-' reads standard input.",
    )
    p.add_argument("file", metavar="FILE", help="a crew-record/1 JSON file, or - for stdin")
    _json_flag(p)
    p.set_defaults(handler="game:verify")

    p = sub.add_parser(
        "solve",
        help="can the crew still win this record with open hands? a winning line",
        description="Search every choice the crew still has (distribution, predictions, every "
        "card) with all hands open. Communication is ignored, distress is out of scope. Shows "
        "its progress on stderr when that is a terminal; Ctrl-C stops it with what was "
        "decided. Exit 0 winnable, 1 not winnable, 2 bad input, 3 undecided within --timeout "
        "or stopped.",
    )
    p.add_argument("file", metavar="FILE", help="a crew-record/1 JSON file, or - for stdin")
    p.add_argument(
        "--timeout",
        type=opt.seconds(zero_is_no_limit=True),
        default=SOLVE_SECONDS,
        metavar="S",
        help=f"give up after S seconds (0.01-86400, default {SOLVE_SECONDS:g}; 0: no limit)",
    )
    _json_flag(p)
    p.set_defaults(handler="solver:solve")

    for name in ("analyse", "analyze"):
        p = sub.add_parser(
            name,
            help="could the attempt have been won, and which action lost it?"
            if name == "analyse"
            else "the same as analyse",
            description="The open-hand verdict before the first card and after every action, "
            "and the turning point: the first action after which the attempt could no longer "
            "be won, with the choices that would still have won there.",
        )
        p.add_argument("file", metavar="FILE", help="a crew-record/1 JSON file, or - for stdin")
        p.add_argument(
            "--timeout",
            type=opt.seconds(zero_is_no_limit=True),
            default=SOLVE_SECONDS,
            metavar="S",
            help=f"limit of each single verdict (0.01-86400 seconds, default {SOLVE_SECONDS:g};"
            " 0: no limit)",
        )
        _json_flag(p)
        p.set_defaults(handler="solver:analyse")

    p = sub.add_parser(
        "odds",
        help="share of deals winnable with open hands",
        description="Deal K attempts (after the task draw) and solve each with open hands, on "
        "every core. Distribution choices are part of the search. A progress bar shows on "
        "stderr when it is a terminal. Ctrl-C stops: the deals solved so far are counted and "
        'printed (--json: one document with "interrupted": true), exit 130. A deal that '
        "cannot be dealt or solved stops the run with one line naming the deal and its seed, "
        "exit 2.",
    )
    p.add_argument("--players", type=opt.players, required=True, metavar="N", help="2-5")
    p.add_argument("--mission", type=opt.mission, metavar="M", help=_MISSION_HELP)
    p.add_argument("--difficulty", type=opt.whole(1, None), metavar="D", help=_DIFFICULTY_HELP)
    p.add_argument(
        "--deals",
        type=opt.whole(*opt.DEALS),
        required=True,
        metavar="K",
        help="how many deals, 1-1,000,000",
    )
    p.add_argument(
        "--seed",
        type=opt.seed,
        metavar="S",
        help="deal i uses the seed S-i, a seed crew deal takes (default: odds-i)",
    )
    _verdict_limits(p, "--nodes", "--timeout", "per deal", "stopped_by_clock")
    _json_flag(p)
    p.set_defaults(handler="odds:odds")

    p = sub.add_parser(
        "suggest",
        help="what a computer crewmate would do now for a seat",
        description="From SEAT's view of the record only: the action a computer crewmate would "
        "take now, and why (also a hint for people). Exit 2 when that seat has nothing to "
        "decide now.",
    )
    p.add_argument("file", metavar="FILE", help="a crew-record/1 JSON file, or - for stdin")
    p.add_argument(
        "--seat", type=opt.whole(*opt.SEATS), required=True, metavar="S", help="the crew member"
    )
    p.add_argument(
        "--seed", type=opt.seed, metavar="N", help="the computer's random seed (default 0)"
    )
    _json_flag(p)
    p.set_defaults(handler="bots:suggest")

    p = sub.add_parser(
        "selfplay",
        help="computers in every seat, measured against the open-hand ceiling",
        description="Play K attempts with computers in every seat and ask the solver whether "
        "each deal was winnable with open hands once the tasks were handed out. Progress "
        "(game, trick) shows on stderr when it is a terminal. Ctrl-C stops: the games "
        'finished so far are reported (--json: one document with "interrupted": true), '
        "exit 130.",
    )
    p.add_argument("--players", type=opt.players, required=True, metavar="P", help="2-5")
    p.add_argument("--mission", type=opt.mission, metavar="N", help=_MISSION_HELP)
    p.add_argument("--difficulty", type=opt.whole(1, None), metavar="D", help=_DIFFICULTY_HELP)
    p.add_argument(
        "--games",
        type=opt.whole(*opt.GAMES),
        required=True,
        metavar="K",
        help="attempts to play, 1-10,000",
    )
    p.add_argument(
        "--seed",
        type=opt.seed,
        metavar="S",
        help="first deal's seed (default 1): a whole number S gives game i the seed S+i, any"
        " other seed crew deal takes gives it S-i",
    )
    p.add_argument(
        "--samples",
        type=opt.whole(*opt.SAMPLES),
        metavar="N",
        help="deals a computer samples per card decision, 1-96 (default 24)",
    )
    p.add_argument(
        "--nodes",
        type=opt.whole(*opt.NODES),
        metavar="N",
        help="solver nodes per sampled deal, 1-2,400,000 (default 4,000; at least 1,000 used)",
    )
    p.add_argument(
        "--budget",
        type=opt.whole(*opt.BUDGET),
        metavar="N",
        help="solver nodes per card decision, 1-2,400,000 (default 240,000; more deals sampled"
        " for a cheap decision stay within it)",
    )
    _verdict_limits(
        p,
        "--solver-nodes",
        "--solver-seconds",
        "per open-hand verdict",
        "verdicts_stopped_by_clock",
    )
    _json_flag(p)
    p.set_defaults(handler="bots:selfplay")

    p = sub.add_parser("tasks", help="the 96 task cards, or one of them")
    p.add_argument("id", nargs="?", type=opt.whole(1, 96), metavar="ID", help="a task id, 1-96")
    p.add_argument("--players", type=opt.players, metavar="N", help="show the difficulty for N")
    _json_flag(p)
    p.set_defaults(handler="info:tasks")

    p = sub.add_parser("missions", help="the logbook missions, or one with its rules")
    p.add_argument(
        "number", nargs="?", type=opt.mission, metavar="N", help="0 intro, 1-32, 33+ epilogue"
    )
    _json_flag(p)
    p.set_defaults(handler="info:missions")

    p = sub.add_parser("rules", help="the rules of the game, by topic")
    p.add_argument(
        "topic", nargs="?", type=opt.text(60), metavar="TOPIC", help="a topic; none: the list"
    )
    _json_flag(p)
    p.set_defaults(handler="info:rules")

    p = sub.add_parser("schema", help="the JSON Schema of a game record (crew-record/1)")
    _json_flag(p)
    p.set_defaults(handler="info:schema")

    p = sub.add_parser(
        "replay",
        help="step through a recorded attempt in the app, every hand open",
        description="Step through a recorded attempt card by card and trick by trick, every"
        " hand open; for a lost attempt its turning point and a winning line.",
    )
    p.add_argument("file", metavar="FILE", help="a crew-record/1 JSON file, - or history:ID")
    p.set_defaults(handler="replay")

    p = sub.add_parser(
        "history",
        help="every attempt played, newest first; one of them, its record",
        description="Every attempt that ended, or was quit or replaced after a card, is kept"
        f" (the newest {1000:,}). With an ID: that attempt; --export FILE writes its game"
        " record. Commands that read a record also take history:ID instead of a file.",
    )
    p.add_argument("id", nargs="?", type=opt.whole(1, 999_999_999), metavar="ID", help="an attempt")
    p.add_argument("--export", metavar="FILE", type=Path, help="write the attempt's record here")
    _json_flag(p)
    p.set_defaults(handler="history:history_command")

    p = sub.add_parser("logbook", help="your crews' campaign logbook")
    p.add_argument("--crew", type=opt.crew_name, metavar="NAME", help="only this crew")
    _json_flag(p)
    p.set_defaults(handler="logbook:logbook")
    return parser


def _play(args: argparse.Namespace | None) -> int:
    """Open the TUI: the menu (no arguments) or straight into a game (``crew play``, its
    options already checked by :func:`options.check`)."""
    kwargs: dict[str, Any] = {
        "players": None,
        "mission": None,
        "seed": None,
        "names": [],
        "timed": False,
        "difficulty": None,
        "computers": 0,
        "practice": False,
    }
    if args is not None:
        kwargs = {
            "players": args.players,
            "mission": args.mission,
            "seed": parse_seed(args.seed),
            "names": parse_names(args.names, None),
            "timed": args.timed,
            "difficulty": args.difficulty,
            "computers": args.computers,
            "practice": args.practice,
        }
    from crew.tui.app import main as tui_main

    return int(tui_main(**kwargs) or 0)


def _replay(args: argparse.Namespace) -> int:
    """``crew replay``: the record read like every other command reads one, then the app."""
    from ..records import RecordError
    from ..table.review import review
    from .game import _read

    try:
        rec, source = _read(args.file)
        shown = review(rec, source)
    except RecordError as exc:
        raise CliError(str(exc)) from None
    from crew.tui.app import replay_main

    return replay_main(shown)


def _handler(name: str) -> Callable[[argparse.Namespace], int]:
    if name == "play":
        return _play
    if name == "replay":
        return _replay
    module, func = name.split(":")
    mod = importlib.import_module(f"crew.cli.{module}")
    fn: Callable[[argparse.Namespace], int] = getattr(mod, func)
    return fn


def _stdout_gone() -> int:
    """The reader of our output went away (``| head -1``): nothing more can be said there, and
    the exit code must not pass for an answer."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush then goes nowhere
    except (OSError, ValueError):
        pass
    return PIPE_CLOSED


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``crew`` with ``argv`` (default: the process arguments); returns the exit code."""
    try:
        return _run(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:
        # Ctrl-C anywhere else (parsing, loading, a command without partial results)
        # after the terminal's "^C", on a line of its own
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + "crew: interrupted\n")
        return INTERRUPTED
    except BrokenPipeError:
        return _stdout_gone()


def _lang_asked(args_list: list[str]) -> str | None:
    """The ``--lang`` given before the command (None: the environment's language)."""
    for i, arg in enumerate(args_list):
        if arg == "--lang" and i + 1 < len(args_list):
            value = args_list[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        elif not arg.startswith("-"):
            return None  # the command: --lang comes before it
        else:
            continue
        return value if value in ("en", "nl") else None
    return None


def _run(args_list: list[str]) -> int:
    from ..i18n import set_language

    set_language(_lang_asked(args_list))  # before parsing: its errors speak that language
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # --help, --version and usage errors (argparse exits 2)
        return exc.code if isinstance(exc.code, int) else BAD_INPUT
    if args.lang is not None:
        set_language(args.lang)
    try:
        opt.check(args)
        if args.handler is None:
            return _play(None)
        code = _handler(args.handler)(args)
        sys.stdout.flush()
        return code
    except CliError as exc:
        sys.stdout.flush()
        from ..names import shown_line

        # one line, and nothing in it (a name, a file's content) talks to the terminal
        sys.stderr.write(f"crew: {shown_line(exc.message)}\n")
        return exc.code
