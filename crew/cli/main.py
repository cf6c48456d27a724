"""The ``crew`` command line: argument parsing and dispatch.

Each subcommand lives in a small module that is imported only when it runs, so ``crew --help``
stays fast and nothing but ``crew`` / ``crew play`` imports the Textual app.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import N_, _
from . import options as opt
from .common import BAD_INPUT, INTERRUPTED, PIPE_CLOSED, CliError, parse_names, parse_seed
from .parsing import Parser, RawHelp, VersionAction

__all__ = ["build_parser", "main"]

_EXAMPLES = N_("""\
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
""")


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
        help=_(
            "solver positions {per}, 1,000-1,000,000,000 (default 1,000,000): the limit that"
            " decides, so a seed gives the same figures on any machine"
        ).format(per=_(per)),
    )
    p.add_argument(
        seconds,
        type=opt.seconds(zero_is_no_limit=False),
        default=opt.DEFAULT_GUARD_SECONDS,
        metavar="S",
        help=_(
            "a guard {per} above {nodes}, 0.01-86400 seconds (default 120); a verdict it stops"
            " is undecided and counted in {counted}"
        ).format(per=_(per), nodes=nodes, counted=counted),
    )


# the engine's highest_mission() and highest_difficulty(), written out so that --help imports no
# engine (a test keeps them equal, in every language)
_MISSION_HELP = N_(
    "logbook mission: 0 intro, 1-32, then the epilogue up to 244 (2 or 3 players), 279 (4), 312 (5)"
)
_DIFFICULTY_HELP = N_(
    "draw tasks to this difficulty: 1 up to 229 (2 or 3 players), 264 (4), 297 (5)"
)
#: the words of file arguments and of --json, the same in every command
_FILE_HELP = N_("a crew-record/1 JSON file, or - for stdin")
_HAND_HELP = N_('e.g. "P3 P7 B2 S4"')


#: Default time limit of one open-hand verdict (``crew solve``, each of ``crew analyse``).
SOLVE_SECONDS = 20.0


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("print one JSON document instead"))


def _file_arg(p: argparse.ArgumentParser, words: str = _FILE_HELP) -> None:
    p.add_argument("file", metavar=_("FILE"), help=_(words))


def _game_options(p: argparse.ArgumentParser, *, players_required: bool) -> None:
    p.add_argument(
        "--players",
        type=opt.players,
        required=players_required,
        metavar="N",
        help=_("crew members, 2-5 (2: with Tonoja)"),
    )
    p.add_argument("--mission", type=opt.mission, metavar="M", help=_(_MISSION_HELP))
    p.add_argument(
        "--seed",
        type=opt.seed,
        metavar="S",
        help=_("deal code: the same seed gives the same deal (up to 64 characters)"),
    )
    p.add_argument(
        "--timed", action="store_true", help=_("real-time missions: play with the timer")
    )
    p.add_argument(
        "--difficulty",
        type=opt.whole(1, None),
        metavar="D",
        help=_("free play (no --mission): {what}").format(what=_(_DIFFICULTY_HELP)),
    )
    p.add_argument(
        "--names",
        type=opt.names,
        metavar=_("NAMES"),
        help=_('the crew in seat order, one name each, separated by commas: "Ann,Bob,Cas,Dee"'),
    )


def build_parser() -> argparse.ArgumentParser:
    """The whole ``crew`` argument parser (each subcommand names its handler), its help in the
    language in use (:func:`crew.i18n.set_language` first)."""
    fmt = RawHelp
    parser = Parser(
        prog="crew",
        description=_(
            "The Crew: Mission Deep Sea, the cooperative trick-taking game, in a "
            "terminal. Without a command it opens the game."
        ),
        epilog=_(_EXAMPLES),
        formatter_class=fmt,
    )
    parser.add_argument("--version", action=VersionAction)
    parser.add_argument(
        "--lang",
        choices=("en", "nl"),
        help=_(
            "the language of everything crew says: en English, nl Dutch (default: CREW_LANG,"
            " then LC_ALL, LC_MESSAGES, LANG; --json output is the same in every language)"
        ),
    )
    parser.set_defaults(handler=None)
    sub = parser.add_subparsers(dest="command", title=_("commands"), metavar=_("COMMAND"))

    p = sub.add_parser(
        "play",
        help=_("start a game straight away (the TUI)"),
        description=_(
            "Start a game straight away. Computer crewmates can take seats: --computers N puts"
            " them in the last N seats (the names given are the people's, in the seats before"
            ' them), e.g. "crew play --players 4 --computers 3 --names Ann".'
        ),
        formatter_class=fmt,
    )
    _game_options(p, players_required=False)
    p.add_argument(
        "--computers",
        type=opt.whole(*opt.COMPUTERS),
        default=0,
        metavar="N",
        help=_(
            "computer crewmates in the last N seats, 0-4 and fewer than the players (--names"
            " then names the people only)"
        ),
    )
    p.add_argument(
        "--practice",
        action="store_true",
        help=_(
            "a practice game: hints (h) and undo (u); nothing is written in the logbook"
            " (the history keeps it, marked practice)"
        ),
    )
    p.set_defaults(handler="play")

    p = sub.add_parser("check", help=_("rules questions: trick winner, legal cards, signals"))
    checks = p.add_subparsers(dest="check", title=_("checks"), metavar=_("CHECK"), required=True)
    c = checks.add_parser(
        "trick",
        help=_("who wins a trick (the first card leads; cards in play order)"),
        description=_(
            "Which card wins the trick, its 0-based position and why. The first card "
            "leads; the order given is the play order."
        ),
    )
    c.add_argument("cards", nargs="+", metavar=_("CARD"), help=_("2-5 cards such as P5 S1"))
    _json_flag(c)
    c.set_defaults(handler="check:trick")
    c = checks.add_parser(
        "legal",
        help=_("which cards of a hand may be played now"),
        description=_(
            "The cards of --hand that may be played onto --trick (all of them when leading)."
        ),
    )
    c.add_argument("--hand", required=True, metavar=_("CARDS"), help=_(_HAND_HELP))
    c.add_argument(
        "--trick", metavar=_("CARDS"), help=_("the cards already in the trick, lead first")
    )
    _json_flag(c)
    c.set_defaults(handler="check:legal")
    c = checks.add_parser(
        "signal",
        help=_("may this card be communicated, and how"),
        description=_(
            "Whether CARD of --hand may be communicated and with which token position "
            "(top: highest, middle: only, bottom: lowest of its colour). Exit code 1 when not."
        ),
    )
    c.add_argument("--hand", required=True, metavar=_("CARDS"), help=_(_HAND_HELP))
    c.add_argument("card", metavar=_("CARD"), help=_("the card to show"))
    c.add_argument(
        "--position",
        choices=("top", "middle", "bottom"),
        help=_("check this claim in particular"),
    )
    _json_flag(c)
    c.set_defaults(handler="check:signal")

    p = sub.add_parser(
        "deal",
        help=_("deal an attempt and print the start of a game record"),
        description=_(
            "Deal the cards and draw the tasks of a mission. With --json: the start of "
            "a game record (crew-record/1) to play from or to share."
        ),
    )
    _game_options(p, players_required=True)
    _json_flag(p)
    p.set_defaults(handler="game:deal")

    p = sub.add_parser(
        "verify",
        help=_("replay a game record and judge it"),
        description=_(
            "Replay a game record: the first illegal action with its reason, or the "
            "trick-by-trick result and each task's status. Exit 0 legal, 1 illegal action, 2 "
            "unreadable record. FILE '-' reads standard input."
        ),
    )
    _file_arg(p)
    _json_flag(p)
    p.set_defaults(handler="game:verify")

    p = sub.add_parser(
        "solve",
        help=_("can the crew still win this record with open hands? a winning line"),
        description=_(
            "Search every choice the crew still has (distribution, predictions, every "
            "card) with all hands open. Communication is ignored, distress is out of scope. "
            "Shows its progress on stderr when that is a terminal; Ctrl-C stops it with what "
            "was decided. Exit 0 winnable, 1 not winnable, 2 bad input, 3 undecided within "
            "--timeout or stopped."
        ),
    )
    _file_arg(p)
    p.add_argument(
        "--timeout",
        type=opt.seconds(zero_is_no_limit=True),
        default=SOLVE_SECONDS,
        metavar="S",
        help=_("give up after S seconds (0.01-86400, default {default}; 0: no limit)").format(
            default=f"{SOLVE_SECONDS:g}"
        ),
    )
    _json_flag(p)
    p.set_defaults(handler="solver:solve")

    for name in ("analyse", "analyze"):
        p = sub.add_parser(
            name,
            help=_("could the attempt have been won, and which action lost it?")
            if name == "analyse"
            else _("the same as analyse"),
            description=_(
                "The open-hand verdict before the first card and after every action, "
                "and the turning point: the first action after which the attempt could no "
                "longer be won, with the choices that would still have won there."
            ),
        )
        _file_arg(p)
        p.add_argument(
            "--timeout",
            type=opt.seconds(zero_is_no_limit=True),
            default=SOLVE_SECONDS,
            metavar="S",
            help=_(
                "limit of each single verdict (0.01-86400 seconds, default {default}; 0: no limit)"
            ).format(default=f"{SOLVE_SECONDS:g}"),
        )
        _json_flag(p)
        p.set_defaults(handler="solver:analyse")

    p = sub.add_parser(
        "odds",
        help=_("share of deals winnable with open hands"),
        description=_(
            "Deal K attempts (after the task draw) and solve each with open hands, on "
            "every core. Distribution choices are part of the search. A progress bar shows on "
            "stderr when it is a terminal. Ctrl-C stops: the deals solved so far are counted "
            'and printed (--json: one document with "interrupted": true), exit 130. A deal '
            "that cannot be dealt or solved stops the run with one line naming the deal and "
            "its seed, exit 2."
        ),
    )
    p.add_argument("--players", type=opt.players, required=True, metavar="N", help="2-5")
    p.add_argument("--mission", type=opt.mission, metavar="M", help=_(_MISSION_HELP))
    p.add_argument("--difficulty", type=opt.whole(1, None), metavar="D", help=_(_DIFFICULTY_HELP))
    p.add_argument(
        "--deals",
        type=opt.whole(*opt.DEALS),
        required=True,
        metavar="K",
        help=_("how many deals, 1-1,000,000"),
    )
    p.add_argument(
        "--seed",
        type=opt.seed,
        metavar="S",
        help=_("deal i uses the seed S-i, a seed crew deal takes (default: odds-i)"),
    )
    _verdict_limits(p, "--nodes", "--timeout", N_("per deal"), "stopped_by_clock")
    _json_flag(p)
    p.set_defaults(handler="odds:odds")

    p = sub.add_parser(
        "suggest",
        help=_("what a computer crewmate would do now for a seat"),
        description=_(
            "From SEAT's view of the record only: the action a computer crewmate would "
            "take now, and why (also a hint for people). Exit 2 when that seat has nothing to "
            "decide now."
        ),
    )
    _file_arg(p)
    p.add_argument(
        "--seat",
        type=opt.whole(*opt.SEATS),
        required=True,
        metavar="S",
        help=_("the crew member"),
    )
    p.add_argument(
        "--seed", type=opt.seed, metavar="N", help=_("the computer's random seed (default 0)")
    )
    _json_flag(p)
    p.set_defaults(handler="bots:suggest")

    p = sub.add_parser(
        "selfplay",
        help=_("computers in every seat, measured against the open-hand ceiling"),
        description=_(
            "Play K attempts with computers in every seat and ask the solver whether "
            "each deal was winnable with open hands as dealt, before the tasks were handed out "
            "(the solver chooses the distribution too, so a task choice that loses a winnable "
            "deal is a loss), and once they were handed out. Progress "
            "(game, trick) shows on stderr when it is a terminal. Ctrl-C stops: the games "
            'finished so far are reported (--json: one document with "interrupted": true), '
            "exit 130."
        ),
    )
    p.add_argument("--players", type=opt.players, required=True, metavar="P", help="2-5")
    p.add_argument("--mission", type=opt.mission, metavar="N", help=_(_MISSION_HELP))
    p.add_argument("--difficulty", type=opt.whole(1, None), metavar="D", help=_(_DIFFICULTY_HELP))
    p.add_argument(
        "--games",
        type=opt.whole(*opt.GAMES),
        required=True,
        metavar="K",
        help=_("attempts to play, 1-10,000"),
    )
    p.add_argument(
        "--seed",
        type=opt.seed,
        metavar="S",
        help=_(
            "first deal's seed (default 1): a whole number S gives game i the seed S+i, any"
            " other seed crew deal takes gives it S-i"
        ),
    )
    p.add_argument(
        "--samples",
        type=opt.whole(*opt.SAMPLES),
        metavar="N",
        help=_("deals a computer samples per card decision, 1-96 (default 24)"),
    )
    p.add_argument(
        "--nodes",
        type=opt.whole(*opt.NODES),
        metavar="N",
        help=_("solver nodes per sampled deal, 1-2,400,000 (default 4,000; at least 1,000 used)"),
    )
    p.add_argument(
        "--budget",
        type=opt.whole(*opt.BUDGET),
        metavar="N",
        help=_(
            "solver nodes per card decision, 1-2,400,000 (default 240,000; more deals sampled"
            " for a cheap decision stay within it)"
        ),
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        help=_(
            "write each attempt as a game record in DIR (crew verify, crew analyse and crew"
            " replay read it), named by crew size, mission, seed and attempt; an existing file"
            " is never replaced"
        ),
    )
    _verdict_limits(
        p,
        "--solver-nodes",
        "--solver-seconds",
        N_("per open-hand verdict"),
        "verdicts_stopped_by_clock",
    )
    _json_flag(p)
    p.set_defaults(handler="bots:selfplay")

    p = sub.add_parser("tasks", help=_("the 96 task cards, or one of them"))
    p.add_argument("id", nargs="?", type=opt.whole(1, 96), metavar="ID", help=_("a task id, 1-96"))
    p.add_argument("--players", type=opt.players, metavar="N", help=_("show the difficulty for N"))
    _json_flag(p)
    p.set_defaults(handler="info:tasks")

    p = sub.add_parser("missions", help=_("the logbook missions, or one with its rules"))
    p.add_argument(
        "number",
        nargs="?",
        type=opt.mission,
        metavar="N",
        help=_("0 intro, 1-32, 33+ epilogue"),
    )
    _json_flag(p)
    p.set_defaults(handler="info:missions")

    p = sub.add_parser("rules", help=_("the rules of the game, by topic"))
    p.add_argument(
        "topic",
        nargs="?",
        type=opt.text(60),
        metavar=_("TOPIC"),
        help=_("a topic; none: the list"),
    )
    _json_flag(p)
    p.set_defaults(handler="info:rules")

    p = sub.add_parser("schema", help=_("the JSON Schema of a game record (crew-record/1)"))
    _json_flag(p)
    p.set_defaults(handler="info:schema")

    p = sub.add_parser(
        "replay",
        help=_("step through a recorded attempt in the app, every hand open"),
        description=_(
            "Step through a recorded attempt card by card and trick by trick, every"
            " hand open; for a lost attempt its turning point and a winning line."
        ),
    )
    _file_arg(p, N_("a crew-record/1 JSON file, - or history:ID"))
    p.add_argument(
        "--show-hands",
        action="store_true",
        help=_(
            "an attempt that is not over (it can still be continued) is shown without asking"
            " first; without a terminal to ask at, it is shown only with this option"
        ),
    )
    p.set_defaults(handler="replay")

    p = sub.add_parser(
        "history",
        help=_("every attempt played, newest first; one of them, its record"),
        description=_(
            "Every attempt that ended, or was quit or replaced after a card, is kept"
            " (the newest {n}). With an ID: that attempt; --export FILE writes its game"
            " record. Commands that read a record also take history:ID instead of a file."
        ).format(n=f"{1000:,}"),
    )
    p.add_argument(
        "id", nargs="?", type=opt.whole(1, 999_999_999), metavar="ID", help=_("an attempt")
    )
    p.add_argument(
        "--export",
        metavar=_("FILE"),
        help=_(
            "write the attempt's record to this new file (- : standard output); never into the"
            " history folder"
        ),
    )
    p.add_argument(
        "--force",
        action="store_true",
        help=_("--export may replace a file that is there (only a regular file)"),
    )
    _json_flag(p)
    p.set_defaults(handler="history:history_command")

    p = sub.add_parser("logbook", help=_("your crews' campaign logbook"))
    p.add_argument("--crew", type=opt.crew_name, metavar=_("NAME"), help=_("only this crew"))
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
    ask = not shown.over and not args.show_hands
    if ask and not (sys.stdin.isatty() and sys.stdout.isatty()):
        # the hands of an attempt that can still be played on are shown only when asked for
        raise CliError(
            _(
                "{source}: this attempt is not over and the replay shows every hand; give"
                " --show-hands to show them (no terminal here to ask at)"
            ).format(source=source)
        )
    from crew.tui.app import replay_main

    return replay_main(shown, ask=ask)


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
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + _("crew: interrupted") + "\n")
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


def _check_crew_home() -> None:
    """CliError when ``$CREW_HOME`` cannot be used as a path at all (``~nosuchuser/x``): said
    once, before any command (or the app) starts."""
    import os

    value = os.environ.get("CREW_HOME")
    if value and value.startswith("~") and os.path.expanduser(value).startswith("~"):
        from ..storage import crew_home_problem

        raise CliError(crew_home_problem(value) or value)


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
        _check_crew_home()
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
