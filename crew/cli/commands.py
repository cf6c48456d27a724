"""The ``crew`` argument parser: every command, its options and their help.

The options several commands share are declared once in :mod:`crew.cli.shared_options`; each
command adds its own few here. Each command names its handler (``module:function`` in
``crew.cli``), which :mod:`crew.cli.main` imports only when it runs, so ``crew --help`` stays
fast. Building the parser imports neither the engine nor the app.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TypeAlias

from ..i18n import N_, _
from . import options as opt
from . import shared_options as shared
from .parsing import Parser, RawHelp, VersionAction

__all__ = ["SOLVE_SECONDS", "build_parser"]

if TYPE_CHECKING:
    #: where a parser's subcommands are added
    _Commands: TypeAlias = argparse._SubParsersAction[Parser]

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


#: Default time limit of one open-hand verdict (``crew solve``, each of ``crew analyse``).
SOLVE_SECONDS = 20.0

_HAND_HELP = N_('e.g. "P3 P7 B2 S4"')


def build_parser() -> argparse.ArgumentParser:
    """The whole ``crew`` argument parser (each subcommand names its handler), its help in the
    language in use (:func:`crew.i18n.set_language` first)."""
    parser = Parser(
        prog="crew",
        description=_(
            "The Crew: Mission Deep Sea, the cooperative trick-taking game, in a "
            "terminal. Without a command it opens the game."
        ),
        epilog=_(_EXAMPLES),
        formatter_class=RawHelp,
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
    # in the order of crew --help
    for add in (
        _play_command,
        _check_commands,
        _record_commands,
        _solver_commands,
        _computer_commands,
        _reference_commands,
        _history_commands,
    ):
        add(sub)
    return parser


def _command(
    sub: _Commands,
    name: str,
    handler: str,
    help: str,
    description: str | None = None,
    **kwargs: Any,
) -> Parser:
    """A subcommand's parser that names its ``handler`` (texts already translated)."""
    p = sub.add_parser(name, help=help, description=description, **kwargs)
    p.set_defaults(handler=handler)
    return p


def _play_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "play",
        "play",
        _("start a game straight away (the TUI)"),
        _(
            "Start a game straight away. Computer crewmates can take seats: --computers N puts"
            " them in the last N seats (the names given are the people's, in the seats before"
            ' them), e.g. "crew play --players 4 --computers 3 --names Ann".'
        ),
        formatter_class=RawHelp,
    )
    shared.game_options(p, players_required=False)
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


def _check_commands(sub: _Commands) -> None:
    p = sub.add_parser("check", help=_("rules questions: trick winner, legal cards, signals"))
    checks = p.add_subparsers(dest="check", title=_("checks"), metavar=_("CHECK"), required=True)
    c = _command(
        checks,
        "trick",
        "check:trick",
        _("who wins a trick (the first card leads; cards in play order)"),
        _(
            "Which card wins the trick, its 0-based position and why. The first card "
            "leads; the order given is the play order."
        ),
    )
    c.add_argument("cards", nargs="+", metavar=_("CARD"), help=_("2-5 cards such as P5 S1"))
    shared.json_flag(c)
    c = _command(
        checks,
        "legal",
        "check:legal",
        _("which cards of a hand may be played now"),
        _("The cards of --hand that may be played onto --trick (all of them when leading)."),
    )
    c.add_argument("--hand", required=True, metavar=_("CARDS"), help=_(_HAND_HELP))
    c.add_argument(
        "--trick", metavar=_("CARDS"), help=_("the cards already in the trick, lead first")
    )
    shared.json_flag(c)
    c = _command(
        checks,
        "signal",
        "check:signal",
        _("may this card be communicated, and how"),
        _(
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
    shared.json_flag(c)


def _record_commands(sub: _Commands) -> None:
    """``crew deal`` writes a record, ``crew verify`` reads one."""
    p = _command(
        sub,
        "deal",
        "game:deal",
        _("deal an attempt and print the start of a game record"),
        _(
            "Deal the cards and draw the tasks of a mission. With --json: the start of "
            "a game record (crew-record/1) to play from or to share."
        ),
    )
    shared.game_options(p, players_required=True)
    shared.json_flag(p)
    p = _command(
        sub,
        "verify",
        "game:verify",
        _("replay a game record and judge it"),
        _(
            "Replay a game record: the first illegal action with its reason, or the "
            "trick-by-trick result and each task's status. Exit 0 legal, 1 illegal action, 2 "
            "unreadable record. FILE '-' reads standard input."
        ),
    )
    shared.record_file(p)
    shared.json_flag(p)


def _solver_commands(sub: _Commands) -> None:
    """``crew solve`` and ``crew analyse`` (also spelt analyze): open-hand verdicts on a record,
    each within ``--timeout``."""
    p = _command(
        sub,
        "solve",
        "solver:solve",
        _("can the crew still win this record with open hands? a winning line"),
        _(
            "Search every choice the crew still has (distribution, predictions, every "
            "card) with all hands open. Communication is ignored, distress is out of scope. "
            "Shows its progress on stderr when that is a terminal; Ctrl-C stops it with what "
            "was decided. Exit 0 winnable, 1 not winnable, 2 bad input, 3 undecided within "
            "--timeout or stopped."
        ),
    )
    shared.record_file(p)
    _timeout(p, _("give up after S seconds (0.01-86400, default {default}; 0: no limit)"))
    shared.json_flag(p)
    for name in ("analyse", "analyze"):
        p = _command(
            sub,
            name,
            "solver:analyse",
            _("could the attempt have been won, and which action lost it?")
            if name == "analyse"
            else _("the same as analyse"),
            _(
                "The open-hand verdict before the first card and after every action, "
                "and the turning point: the first action after which the attempt could no "
                "longer be won, with the choices that would still have won there."
            ),
        )
        shared.record_file(p)
        _timeout(
            p,
            _("limit of each single verdict (0.01-86400 seconds, default {default}; 0: no limit)"),
        )
        shared.json_flag(p)


def _timeout(p: argparse.ArgumentParser, help: str) -> None:
    """``--timeout`` of an open-hand verdict, :data:`SOLVE_SECONDS` unless given; 0: no limit."""
    p.add_argument(
        "--timeout",
        type=opt.seconds(zero_is_no_limit=True),
        default=SOLVE_SECONDS,
        metavar="S",
        help=help.format(default=f"{SOLVE_SECONDS:g}"),
    )


def _computer_commands(sub: _Commands) -> None:
    """The commands that deal many games or ask a computer crewmate: odds, suggest, selfplay."""
    p = _command(
        sub,
        "odds",
        "odds:odds",
        _("share of deals winnable with open hands"),
        _(
            "Deal K attempts (after the task draw) and solve each with open hands, on "
            "every core. Distribution choices are part of the search. A progress bar shows on "
            "stderr when it is a terminal. Ctrl-C stops: the deals solved so far are counted "
            'and printed (--json: one document with "interrupted": true), exit 130. A deal '
            "that cannot be dealt or solved stops the run with one line naming the deal and "
            "its seed, exit 2."
        ),
    )
    shared.crew_size(p, required=True, help="2-5")
    shared.mission(p)
    shared.difficulty(p)
    p.add_argument(
        "--deals",
        type=opt.whole(*opt.DEALS),
        required=True,
        metavar="K",
        help=_("how many deals, 1-1,000,000"),
    )
    shared.seed(p, _("deal i uses the seed S-i, a seed crew deal takes (default: odds-i)"))
    shared.verdict_limits(p, "--nodes", "--timeout", N_("per deal"), "stopped_by_clock")
    shared.json_flag(p)
    p = _command(
        sub,
        "suggest",
        "bots:suggest",
        _("what a computer crewmate would do now for a seat"),
        _(
            "From SEAT's view of the record only: the action a computer crewmate would "
            "take now, and why (also a hint for people). Exit 2 when that seat has nothing to "
            "decide now."
        ),
    )
    shared.record_file(p)
    p.add_argument(
        "--seat",
        type=opt.whole(*opt.SEATS),
        required=True,
        metavar="S",
        help=_("the crew member"),
    )
    shared.seed(p, _("the computer's random seed (default 0)"), metavar="N")
    shared.json_flag(p)
    _selfplay_command(sub)


def _selfplay_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "selfplay",
        "bots:selfplay",
        _("computers in every seat, measured against the open-hand ceiling"),
        _(
            "Play K attempts with computers in every seat and ask the solver whether "
            "each deal was winnable with open hands as dealt, before the tasks were handed out "
            "(the solver chooses the distribution too, so a task choice that loses a winnable "
            "deal is a loss), and once they were handed out. Progress "
            "(game, trick) shows on stderr when it is a terminal. Ctrl-C stops: the games "
            'finished so far are reported (--json: one document with "interrupted": true), '
            "exit 130."
        ),
    )
    shared.crew_size(p, required=True, help="2-5", metavar="P")
    shared.mission(p, metavar="N")
    shared.difficulty(p)
    p.add_argument(
        "--games",
        type=opt.whole(*opt.GAMES),
        required=True,
        metavar="K",
        help=_("attempts to play, 1-10,000"),
    )
    shared.seed(
        p,
        _(
            "first deal's seed (default 1): a whole number S gives game i the seed S+i, any"
            " other seed crew deal takes gives it S-i"
        ),
    )
    shared.computer_search(p)
    p.add_argument(
        "--records",
        metavar="DIR",
        help=_(
            "write each attempt as a game record in DIR (crew verify, crew analyse and crew"
            " replay read it), named by crew size, mission, seed and attempt; an existing file"
            " is never replaced"
        ),
    )
    shared.verdict_limits(
        p,
        "--solver-nodes",
        "--solver-seconds",
        N_("per open-hand verdict"),
        "verdicts_stopped_by_clock",
    )
    shared.json_flag(p)


def _reference_commands(sub: _Commands) -> None:
    """The printed game looked up: tasks, missions, rules and the record's schema."""
    p = _command(sub, "tasks", "info:tasks", _("the 96 task cards, or one of them"))
    p.add_argument("id", nargs="?", type=opt.whole(1, 96), metavar="ID", help=_("a task id, 1-96"))
    shared.crew_size(p, required=False, help=_("show the difficulty for N"))
    shared.json_flag(p)
    p = _command(sub, "missions", "info:missions", _("the logbook missions, or one with its rules"))
    p.add_argument(
        "number",
        nargs="?",
        type=opt.mission,
        metavar="N",
        help=_("0 intro, 1-32, 33+ epilogue"),
    )
    shared.json_flag(p)
    p = _command(sub, "rules", "info:rules", _("the rules of the game, by topic"))
    p.add_argument(
        "topic",
        nargs="?",
        type=opt.text(60),
        metavar=_("TOPIC"),
        help=_("a topic; none: the list"),
    )
    shared.json_flag(p)
    p = _command(
        sub, "schema", "info:schema", _("the JSON Schema of a game record (crew-record/1)")
    )
    shared.json_flag(p)


def _history_commands(sub: _Commands) -> None:
    """What was played: replay, history and the logbook."""
    p = _command(
        sub,
        "replay",
        "replay",
        _("step through a recorded attempt in the app, every hand open"),
        _(
            "Step through a recorded attempt card by card and trick by trick, every"
            " hand open; for a lost attempt its turning point and a winning line."
        ),
    )
    shared.record_file(p, N_("a crew-record/1 JSON file, - or history:ID"))
    p.add_argument(
        "--show-hands",
        action="store_true",
        help=_(
            "an attempt that is not over (it can still be continued) is shown without asking"
            " first; without a terminal to ask at, it is shown only with this option"
        ),
    )
    p = _command(
        sub,
        "history",
        "history:history_command",
        _("every attempt played, newest first; one of them, its record"),
        _(
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
    shared.json_flag(p)
    p = _command(sub, "logbook", "logbook:logbook", _("your crews' campaign logbook"))
    p.add_argument("--crew", type=opt.crew_name, metavar=_("NAME"), help=_("only this crew"))
    shared.json_flag(p)
