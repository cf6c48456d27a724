"""Screens, widgets and the renderers draw from views only: they cannot reach the full state.

They are handed a :class:`HotSeat`, which has no ``state``; this test reads their source and
fails if any of them names the state, the record, the session behind the hot seat, or builds a
view of its own (``view_for``), since each of those could put another crew member's hand on screen.
The result screen and its post-mortem panel come after the attempt (the solver's verdict there
needs every hand) and are not part of this rule.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from crew.tui.hotseat import HotSeat
from crew.tui.session import GameSpec, Session

TUI = Path(__file__).resolve().parents[2] / "crew" / "tui"
CHECKED = sorted(
    [TUI / "render.py", *(p for p in (TUI / "widgets").glob("*.py") if p.name != "postmortem.py")]
    + [TUI / "screens" / f"{name}.py" for name in ("game", "gate", "dialogs")]
)
FORBIDDEN_ATTRIBUTES = {"state", "record", "session", "_session", "hands"}
FORBIDDEN_NAMES = {"view_for", "GameState", "Session"}


def reaches(source: str) -> list[str]:
    """Where ``source`` reaches past the views (attribute or name, with its line)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.alias) and node.name in FORBIDDEN_NAMES:
            found.append(f"import {node.name}")
    return found


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.name)
def test_screens_and_widgets_never_reach_the_state(path: Path) -> None:
    assert reaches(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_screen_reaching_the_state() -> None:
    # the old table read the session's state directly: the check must catch that
    assert reaches("hand = self.session.state.hands[2]") == [
        "line 1: .hands",
        "line 1: .state",
        "line 1: .session",
    ]
    assert reaches("from crew.engine import view_for") == ["import view_for"]


def test_a_hot_seat_has_no_state_and_shows_only_the_unlocked_hand() -> None:
    s = Session.new(GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=7), autosave=False)
    table = HotSeat(s)
    assert not hasattr(table, "state") and not hasattr(table, "record")
    s.ack_draw()
    assert table.hand is None  # Bob's gate is not open yet
    assert table.view(1).hand == () and table.public_view().hand == ()
    s.open_gate()
    assert table.hand is not None and table.hand.seat == 1 and table.hand.hand
    assert table.view(0).hand == ()  # another seat: the public view, no cards
