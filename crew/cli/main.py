"""The ``crew`` command line: the language, the parser (:mod:`crew.cli.commands`), dispatch.

Each subcommand lives in a small module that is imported only when it runs, so ``crew --help``
stays fast and nothing but ``crew``, ``crew play`` and ``crew replay`` imports the Textual app.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from ..i18n import _, set_language
from . import options as opt
from .commands import build_parser
from .common import BAD_INPUT, INTERRUPTED, PIPE_CLOSED, CliError, parse_names, parse_seed

__all__ = ["build_parser", "main"]


def _play(args: argparse.Namespace | None) -> int:
    """Open the TUI: the menu (no arguments) or straight into a game (``crew play``, its
    options already checked by :func:`options.check`).

    The app is imported here only so that the other commands start without Textual: its words
    are looked up when shown, so the language need not be chosen before it is imported."""
    from crew.tui.app import main as tui_main
    from crew.tui.settings import AppSettings

    if args is None:
        return tui_main(AppSettings())
    return tui_main(
        AppSettings(
            players=args.players,
            mission=args.mission,
            seed=parse_seed(args.seed),
            names=parse_names(args.names, None),
            timed=args.timed,
            difficulty=args.difficulty,
            computers=args.computers,
            practice=args.practice,
        )
    )


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
