"""Screens, widgets and the renderers draw from views only: they cannot reach the full state.

They are handed a :class:`SeatScope`, which has no ``state`` (the result screen a finished
attempt's summary, the post-mortem panel the summary's search as a job); this test reads their
source and fails if any of them names the state, the record, the session behind the scope, or
builds a view of its own (``view_for``), since each of those could put another crew member's hand
on screen. Every screen and widget is checked, and none of them imports the app. (The replay
viewer shows every hand of an attempt looked back on: it is handed the frames of a
:class:`~crew.table.review.Review`, ``open_hands`` by name, and no game.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from crew.table import GameSpec, SeatScope, Session

TUI = Path(__file__).resolve().parents[2] / "crew" / "tui"
CHECKED = sorted(
    [TUI / "render.py", *(TUI / "widgets").glob("*.py"), *(TUI / "screens").glob("*.py")]
)
FORBIDDEN_ATTRIBUTES = {"state", "record", "session", "_session", "hands"}
FORBIDDEN_NAMES = {"view_for", "GameState", "Session"}


def reaches(source: str) -> list[str]:
    """Where ``source`` reaches past the views (attribute or name, with its line)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            worker = isinstance(node.value, ast.Name) and node.value.id == "event"
            if not worker:  # a Textual worker's event.state is the worker's, not the game's
                found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.alias) and node.name in FORBIDDEN_NAMES:
            found.append(f"import {node.name}")
        elif isinstance(node, ast.ImportFrom) and (
            (node.level > 0 and node.module == "app") or node.module == "crew.tui.app"
        ):
            found.append(f"line {node.lineno}: imports the app")
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
    assert reaches("from ..app import CrewApp") == ["line 1: imports the app"]


def test_a_seat_scope_has_no_state_and_shows_only_the_unlocked_hand() -> None:
    s = Session.new(GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=7), autosave=False)
    table = SeatScope(s)
    assert not hasattr(table, "state") and not hasattr(table, "record")
    s.ack_draw()
    assert table.hand is None  # Bob's gate is not open yet
    assert table.view(1).hand == () and table.public_view().hand == ()
    s.open_gate()
    assert table.hand is not None and table.hand.seat == 1 and table.hand.hand
    assert table.view(0).hand == ()  # another seat: the public view, no cards
