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

from .common import BAD_INPUT, CliError, parse_names, parse_seed

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

Query commands take --json and then print exactly one JSON document.
Exit codes: 0 answered, 1 the answer is "illegal / not allowed", 2 bad input,
3 (solve, analyse) undecided within the time limit or stopped with Ctrl-C.
"""


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


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of players (2-5)") from None
    if not 2 <= n <= 5:
        raise argparse.ArgumentTypeError(f"{n} players: the game is for 2 to 5 players")
    return n


def _mission(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a mission number (0 intro, 1-32, 33+ epilogue)"
        ) from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"there is no mission {n}: 0 intro, 1-32, 33+ epilogue")
    return n


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


#: Default time limit of one open-hand verdict (``crew solve``, each of ``crew analyse``).
SOLVE_SECONDS = 20.0


def _seconds(text: str) -> float:
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not s >= 0 or s == float("inf"):
        raise argparse.ArgumentTypeError(f"{text}: give seconds of 0 or more (0: no limit)")
    return s


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON document instead")


def _game_options(p: argparse.ArgumentParser, *, players_required: bool) -> None:
    p.add_argument(
        "--players",
        type=_players,
        required=players_required,
        metavar="N",
        help="crew members, 2-5 (2: with Tonoja)",
    )
    p.add_argument("--mission", type=_mission, metavar="M", help="logbook mission (0 intro)")
    p.add_argument("--seed", metavar="S", help="deal code: the same seed gives the same deal")
    p.add_argument("--timed", action="store_true", help="real-time missions: play with the timer")
    p.add_argument(
        "--difficulty",
        type=_whole,
        metavar="D",
        help="free play (no --mission): draw tasks to this difficulty",
    )
    p.add_argument(
        "--names",
        metavar="NAMES",
        help='the crew in seat order, one name each, separated by commas: "Ann,Bob,Cas,Dee"',
    )


def build_parser() -> argparse.ArgumentParser:
    """The whole ``crew`` argument parser (each subcommand names its handler)."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="crew",
        description="The Crew: Mission Deep Sea, the cooperative trick-taking game, in a "
        "terminal. Without a command it opens the game.",
        epilog=_EXAMPLES,
        formatter_class=fmt,
    )
    parser.add_argument("--version", action=_VersionAction)
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
        type=_whole,
        default=0,
        metavar="N",
        help="computer crewmates in the last N seats (--names then names the people only)",
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
        type=_seconds,
        default=SOLVE_SECONDS,
        metavar="S",
        help=f"give up after S seconds (default {SOLVE_SECONDS:g}; 0: no limit)",
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
            type=_seconds,
            default=SOLVE_SECONDS,
            metavar="S",
            help=f"limit of each single verdict (default {SOLVE_SECONDS:g}; 0: no limit)",
        )
        _json_flag(p)
        p.set_defaults(handler="solver:analyse")

    p = sub.add_parser(
        "odds",
        help="share of deals winnable with open hands",
        description="Deal K attempts (after the task draw) and solve each with open hands, on "
        "every core. Distribution choices are part of the search.",
    )
    p.add_argument("--players", type=_players, required=True, metavar="N", help="2-5")
    p.add_argument("--mission", type=_mission, metavar="M", help="logbook mission")
    p.add_argument("--difficulty", type=_whole, metavar="D", help="free play at this difficulty")
    p.add_argument("--deals", type=_whole, required=True, metavar="K", help="how many deals")
    p.add_argument("--seed", metavar="S", help="deal i uses the seed S-i")
    p.add_argument(
        "--timeout", type=float, default=10.0, metavar="S", help="limit per deal (default 10)"
    )
    _json_flag(p)
    p.set_defaults(handler="solver:odds")

    p = sub.add_parser(
        "suggest",
        help="what a computer crewmate would do now for a seat",
        description="From SEAT's view of the record only: the action a computer crewmate would "
        "take now, and why (also a hint for people). Exit 2 when that seat has nothing to "
        "decide now.",
    )
    p.add_argument("file", metavar="FILE", help="a crew-record/1 JSON file, or - for stdin")
    p.add_argument("--seat", type=_whole, required=True, metavar="S", help="the crew member")
    p.add_argument("--seed", metavar="N", help="the computer's random seed (default 0)")
    _json_flag(p)
    p.set_defaults(handler="bots:suggest")

    p = sub.add_parser(
        "selfplay",
        help="computers in every seat, measured against the open-hand ceiling",
        description="Play K attempts with computers in every seat and ask the solver whether "
        "each deal was winnable with open hands once the tasks were handed out.",
    )
    p.add_argument("--players", type=_players, required=True, metavar="P", help="2-5")
    p.add_argument("--mission", type=_mission, metavar="N", help="logbook mission")
    p.add_argument("--difficulty", type=_whole, metavar="D", help="free play difficulty")
    p.add_argument("--games", type=_whole, required=True, metavar="K", help="attempts to play")
    p.add_argument("--seed", metavar="S", help="first deal seed (game i uses S + i; default 1)")
    p.add_argument("--samples", type=_whole, help=argparse.SUPPRESS)
    p.add_argument("--nodes", type=_whole, help=argparse.SUPPRESS)
    p.add_argument("--budget", type=_whole, help=argparse.SUPPRESS)
    p.add_argument(
        "--solver-seconds",
        type=float,
        default=10.0,
        metavar="T",
        help="time limit of each open-hand verdict (default 10)",
    )
    _json_flag(p)
    p.set_defaults(handler="bots:selfplay")

    p = sub.add_parser("tasks", help="the 96 task cards, or one of them")
    p.add_argument("id", nargs="?", type=_whole, metavar="ID", help="a task id, 1-96")
    p.add_argument("--players", type=_players, metavar="N", help="show the difficulty for N")
    _json_flag(p)
    p.set_defaults(handler="info:tasks")

    p = sub.add_parser("missions", help="the logbook missions, or one with its rules")
    p.add_argument("number", nargs="?", type=_mission, metavar="N", help="0 intro, 1-32, 33+")
    _json_flag(p)
    p.set_defaults(handler="info:missions")

    p = sub.add_parser("rules", help="the rules of the game, by topic")
    p.add_argument("topic", nargs="?", metavar="TOPIC", help="a topic; none: list the topics")
    _json_flag(p)
    p.set_defaults(handler="info:rules")

    p = sub.add_parser("schema", help="the JSON Schema of a game record (crew-record/1)")
    _json_flag(p)
    p.set_defaults(handler="info:schema")

    p = sub.add_parser("logbook", help="your crews' campaign logbook")
    p.add_argument("--crew", metavar="NAME", help="only this crew")
    _json_flag(p)
    p.set_defaults(handler="logbook:logbook")
    return parser


def _check_mission(args: argparse.Namespace) -> None:
    """Refuse an impossible mission choice before the TUI opens (e.g. --timed on mission 5)."""
    if args.mission is None and args.difficulty is None:
        if args.timed:
            raise CliError("--timed: name a real-time mission with --mission (14, 15, 16 or 26)")
        return
    from ..engine.missions import MissionError, mission_rules

    try:
        mission_rules(args.mission, timed=args.timed, difficulty=args.difficulty)
    except MissionError as exc:
        raise CliError(str(exc)) from None


def _play(args: argparse.Namespace | None) -> int:
    """Open the TUI: the menu (no arguments) or straight into a game (``crew play``)."""
    if args is None:
        kwargs: dict[str, Any] = {
            "players": None,
            "mission": None,
            "seed": None,
            "names": [],
            "timed": False,
            "difficulty": None,
            "computers": 0,
        }
    else:
        computers = int(args.computers)
        names = parse_names(args.names, None)
        if names and args.players is None:
            args.players = len(names) + computers
            if not 2 <= args.players <= 5:
                raise CliError(
                    f"--names: {len(names)} names and {computers} computers; the game is for"
                    " 2 to 5 players"
                )
        players = args.players if args.players is not None else 4
        if computers >= players:
            raise CliError(
                f"--computers {computers}: at least one of the {players} seats is a person's"
                " (computers alone: crew selfplay)"
            )
        if names and len(names) not in (players, players - computers):
            want = f"{players}" + (f" (or {players - computers} people)" if computers else "")
            raise CliError(
                f"--names: {len(names)} names for {want} players; give one name per crew member"
            )
        _check_mission(args)
        kwargs = {
            "players": args.players,
            "mission": args.mission,
            "seed": parse_seed(args.seed),
            "names": names,
            "timed": args.timed,
            "difficulty": args.difficulty,
            "computers": computers,
        }
    from crew.tui.app import main as tui_main

    return int(tui_main(**kwargs) or 0)


def _handler(name: str) -> Callable[[argparse.Namespace], int]:
    if name == "play":
        return _play
    module, func = name.split(":")
    mod = importlib.import_module(f"crew.cli.{module}")
    fn: Callable[[argparse.Namespace], int] = getattr(mod, func)
    return fn


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``crew`` with ``argv`` (default: the process arguments); returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # --help, --version and usage errors (argparse exits 2)
        return exc.code if isinstance(exc.code, int) else BAD_INPUT
    try:
        if args.handler is None:
            return _play(None)
        return _handler(args.handler)(args)
    except CliError as exc:
        sys.stdout.flush()
        from ..names import shown_line

        # one line, and nothing in it (a name, a file's content) talks to the terminal
        sys.stderr.write(f"crew: {shown_line(exc.message)}\n")
        return exc.code
    except BrokenPipeError:
        return 0
