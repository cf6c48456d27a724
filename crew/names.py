"""Names are data: what a player types as a name never talks to the terminal.

A crew member's or a crew's name reaches the screen from the command line, the new-game form, a
game record and the logbook. :func:`name_problem` refuses a name at the door (control
characters such as ESC or a newline, unpaired surrogates, too long); :func:`shown` neutralises
whatever is printed anyway (an old file, a message quoting input), so nothing a file holds can
move the cursor, change the title or forge a line. Kept free of Textual and Rich.
"""

from __future__ import annotations

import unicodedata

from .i18n import Said

__all__ = ["MAX_NAME", "first_control", "name_problem", "shown", "shown_line"]

#: The longest name accepted, and the most of a name ever printed.
MAX_NAME = 40

# Unicode categories that have no business in a name: controls (C0, C1, DEL), format
# characters (bidirectional overrides, zero-width joiners used to disguise text), unpaired
# surrogates, unassigned code points, and line/paragraph separators.
_BAD_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})


def _bad(ch: str) -> bool:
    return unicodedata.category(ch) in _BAD_CATEGORIES


def first_control(text: str) -> str | None:
    """The first character of ``text`` that is not plain text (a control, a format character,
    a surrogate, a line separator), or None."""
    return next((ch for ch in text if _bad(ch)), None)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a name (empty, too long, a control character), or None."""
    if not name.strip():
        return Said("a name cannot be empty")
    bad = first_control(name)
    if bad is not None:
        return Said(
            "{name} contains the control character U+{code}; names are plain text",
            name=repr(shown(name)),
            code=f"{ord(bad):04X}",
        )
    if len(name) > MAX_NAME:
        return Said("{name} is longer than {n} characters", name=repr(shown(name)), n=MAX_NAME)
    return None


def shown(text: str, limit: int = MAX_NAME) -> str:
    """``text`` safe to print as a name: control characters as ``?``, at most ``limit`` long."""
    clean = "".join("?" if _bad(ch) else ch for ch in text)
    if len(clean) > limit:
        clean = clean[: limit - 1] + "…"
    return clean


def shown_line(text: str) -> str:
    """A message safe to print on one line: controls (ESC, newlines) and surrogates escaped."""
    out = []
    for ch in text:
        if _bad(ch):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
