"""The options several ``crew`` commands share, each declared once.

A command's parser (:func:`crew.cli.commands.build_parser`) is made of these groups and its own
options. A group's words are translated when it is added, so the parser speaks the language
chosen before it was built. The help of an option that reads differently in one command (the
``--seed`` of ``crew odds`` counts deals) is given by that command; the type, the range and the
metavar stay the group's unless a command's contract says otherwise.
"""

from __future__ import annotations

import argparse

from ..i18n import N_, _
from . import options as opt

__all__ = [
    "DIFFICULTY_HELP",
    "MISSION_HELP",
    "crew_size",
    "difficulty",
    "game_options",
    "computer_search",
    "json_flag",
    "mission",
    "record_file",
    "seed",
    "verdict_limits",
]

# the engine's highest_mission() and highest_difficulty(), written out so that --help imports no
# engine (a test keeps them equal, in every language)
MISSION_HELP = N_(
    "logbook mission: 0 intro, 1-32, then the epilogue up to 244 (2 or 3 players), 279 (4), 312 (5)"
)
DIFFICULTY_HELP = N_(
    "draw tasks to this difficulty: 1 up to 229 (2 or 3 players), 264 (4), 297 (5)"
)
#: the words of a record file argument, the same in every command that reads one
FILE_HELP = N_("a crew-record/1 JSON file, or - for stdin")


def json_flag(p: argparse.ArgumentParser) -> None:
    """``--json``: one JSON document on stdout instead of text."""
    p.add_argument("--json", action="store_true", help=_("print one JSON document instead"))


def record_file(p: argparse.ArgumentParser, words: str = FILE_HELP) -> None:
    """The record a command reads (``words``: a marked text saying which forms it takes)."""
    p.add_argument("file", metavar=_("FILE"), help=_(words))


def crew_size(p: argparse.ArgumentParser, *, required: bool, help: str, metavar: str = "N") -> None:
    """``--players``: how many crew members, 2-5 (``help`` already in the player's language)."""
    p.add_argument("--players", type=opt.players, required=required, metavar=metavar, help=help)


def mission(p: argparse.ArgumentParser, metavar: str = "M") -> None:
    """``--mission``: a logbook mission, by number."""
    p.add_argument("--mission", type=opt.mission, metavar=metavar, help=_(MISSION_HELP))


def difficulty(p: argparse.ArgumentParser, help: str | None = None) -> None:
    """``--difficulty``: free play, tasks drawn to a total difficulty (``help``: said otherwise
    than :data:`DIFFICULTY_HELP`, already translated)."""
    p.add_argument(
        "--difficulty",
        type=opt.whole(1, None),
        metavar="D",
        help=_(DIFFICULTY_HELP) if help is None else help,
    )


def seed(p: argparse.ArgumentParser, help: str, metavar: str = "S") -> None:
    """``--seed``: a deal code (``help``, translated, says what the command deals with it)."""
    p.add_argument("--seed", type=opt.seed, metavar=metavar, help=help)


def game_options(p: argparse.ArgumentParser, *, players_required: bool) -> None:
    """The game to deal, as ``crew play`` and ``crew deal`` take it: the crew, the mission (or a
    difficulty), the seed, the timer and the names."""
    crew_size(p, required=players_required, help=_("crew members, 2-5 (2: with Tonoja)"))
    mission(p)
    seed(p, _("deal code: the same seed gives the same deal (up to 64 characters)"))
    p.add_argument(
        "--timed", action="store_true", help=_("real-time missions: play with the timer")
    )
    difficulty(p, _("free play (no --mission): {what}").format(what=_(DIFFICULTY_HELP)))
    p.add_argument(
        "--names",
        type=opt.names,
        metavar=_("NAMES"),
        help=_('the crew in seat order, one name each, separated by commas: "Ann,Bob,Cas,Dee"'),
    )


def verdict_limits(
    p: argparse.ArgumentParser, nodes: str, seconds: str, per: str, counted: str
) -> None:
    """The two limits of an open-hand verdict in crew odds and crew selfplay: solver positions
    decide (the same figures on any machine), seconds only guard above them. ``per`` (marked)
    says what one verdict is; ``counted`` names the JSON field that counts the stopped ones."""
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


def computer_search(p: argparse.ArgumentParser) -> None:
    """How hard a computer crewmate thinks about a card: the deals it samples and the solver
    nodes it spends on each and on the whole decision (None: the computer's defaults)."""
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
