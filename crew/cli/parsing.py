"""argparse in the player's language: ``crew``'s parser class and help formatters.

argparse's own words (the ``usage:`` prefix, the section headings, ``-h``'s help, the commonest
usage errors) are Python's, in English; here they go through crew's catalog like every other
text, so that ``crew --lang nl solve --help`` reads in Dutch. The help texts themselves are
translated where the parser is built (:func:`crew.cli.commands.build_parser`), once the language
is known.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import N_, _
from .common import BAD_INPUT

__all__ = ["Help", "Parser", "RawHelp", "VersionAction"]


class Help(argparse.HelpFormatter):
    """argparse's own words in ``--help`` (the usage prefix, its section headings) in the
    player's language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        said = _ARGPARSE_HEADINGS.get(heading or "")
        super().start_section(_(said) if said is not None else heading)


class RawHelp(Help, argparse.RawDescriptionHelpFormatter):
    """:class:`Help` that keeps the description's and epilog's own lines."""


class Parser(argparse.ArgumentParser):
    """Usage errors as one line naming the option (exit 2), like every other bad input; help
    and argparse's own words in the player's language."""

    def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Help)
        super().__init__(add_help=False, **kwargs)
        if add_help:  # argparse's own -h, with its words translated
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=_("show this help message and exit"),
            )

    def error(self, message: str) -> Any:
        from ..names import shown_line

        text = message.removeprefix("argument ")
        # argparse's own words for the commonest slips, in the player's language
        for english in _ARGPARSE_WORDS:
            if english in text:
                text = text.replace(english, _(english))
        if text.endswith(("expected one argument", _("expected one argument"))):
            text += _(" (a value that starts with '-' is written --option=VALUE)")
        see = _("(see {prog} --help)").format(prog=self.prog)
        self.exit(BAD_INPUT, f"crew: {shown_line(text)} {see}\n")


#: argparse's messages (Python's own, English), each its own msgid in crew's catalog
_ARGPARSE_WORDS = (
    N_("the following arguments are required"),
    N_("unrecognized arguments"),
    N_("expected one argument"),
    N_("invalid choice"),
    N_("choose from"),
    N_("ambiguous option"),
    N_("could match"),
    N_("ignored explicit argument"),
)

#: argparse's section headings ("options" was "optional arguments" before Python 3.10)
_ARGPARSE_HEADINGS = {
    "positional arguments": N_("positional arguments"),
    "options": N_("options"),
    "optional arguments": N_("options"),
}


class VersionAction(argparse.Action):
    """``--version``, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help=_("show the version and exit"))

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("crew-deep-sea")
        except PackageNotFoundError:
            v = "unknown"
        from ..solver import compiled

        how = _("search compiled") if compiled() else _("search in plain Python")
        sys.stdout.write(f"crew {v} ({how})\n")
        parser.exit()
