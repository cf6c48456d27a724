"""The help screen's key list names every key the game's screens take (issue 19)."""

from __future__ import annotations

from textual.binding import Binding

from crew.tui.screens.dialogs import KEYS
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.helps import InfoScreen
from crew.tui.screens.replay import HistoryScreen, ReplayScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.screens.winning_line import WinningLineScreen
from crew.tui.widgets import steps
from crew.tui.widgets.choices import Choices
from crew.tui.widgets.hand import HandView

#: How the help writes a Textual key name.
SHOWN = {
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "left": "←",
    "right": "→",
    "home": "Home",
    "end": "End",
    "question_mark": "?",
    "ctrl+c": "Ctrl+C",
    "ctrl+q": "q",  # listed with q and Ctrl+C: both ask before quitting
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "up": "↑",
    "down": "↓",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}

#: What the help's first column lists besides its words: digits as 1-9.
DIGITS = {str(d) for d in range(1, 10)}


def keys_of(cls: type) -> set[str]:
    out: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("crew."):
            continue  # Textual's own keys (Tab between widgets, scrolling) are Textual's help
        for b in klass.__dict__.get("BINDINGS", []):
            key = b.key if isinstance(b, Binding) else b[0]
            out.update(k.strip() for k in key.split(","))
    return out


def test_every_key_of_the_game_screens_is_in_the_help() -> None:
    classes = [GameScreen, GateScreen, ResultScreen, WinningLineScreen, Choices, HandView]
    classes += [ReplayScreen, HistoryScreen, InfoScreen]
    classes += list(steps.PANELS.values())
    listed = set()
    for shown, _ in KEYS:
        listed.update(shown.replace(",", " ").replace("/", " ").split())
    taken = set().union(*(keys_of(c) for c in classes))
    missing = {k for k in taken if SHOWN.get(k, k) not in listed and k not in DIGITS}
    assert not missing, f"keys the screens take but the help does not name: {sorted(missing)}"
    assert {"c", "Space"} <= listed
