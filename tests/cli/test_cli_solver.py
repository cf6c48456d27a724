"""``crew solve`` and ``crew analyse`` through the real entry point."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cli_helpers import Run

# Four players, free play: seat 1 must win the first trick (task 40); S4 makes seat 1 captain.
HANDS = [
    ["P1", "P3", "P7", "G2", "G8", "B6", "B7", "Y6", "Y7", "S3"],
    ["P8", "P9", "G1", "G9", "B9", "Y1", "Y4", "Y8", "Y9", "S4"],
    ["P5", "G5", "G7", "B1", "B2", "B8", "Y2", "Y3", "S1", "S2"],
    ["P2", "P4", "P6", "G3", "G4", "G6", "B3", "B4", "B5", "Y5"],
]


def _record(actions: list[dict[str, Any]], tasks: list[int], difficulty: int = 1) -> dict[str, Any]:
    return {
        "format": "crew-record/1",
        "players": 4,
        "mission": None,
        "difficulty": difficulty,
        "hands": HANDS,
        "tasks": tasks,
        "actions": actions,
    }


def test_solve_gives_a_line_that_verifies(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    rec = _record([{"take": 40, "seat": 1}], [40])
    r = crew("solve", str(write(rec, "a.json")), "--json")
    assert r.code == 0
    doc = r.json
    assert doc["winnable"] is True
    assert doc["ignored"] == ["communication", "distress"]
    rec["actions"] += doc["line"]
    v = crew("verify", str(write(rec, "b.json")), "--json")
    assert v.json["result"] == "won"


def test_solve_not_winnable_exits_1(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    # seat 1 leads S4 and wins trick 1, so "win no tricks" (task 50) is lost for seat 1
    rec = _record([{"take": 50, "seat": 1}], [50], difficulty=3)  # task 50 is worth 3
    r = crew("solve", str(write(rec, "a.json")), "--json")
    assert r.code == 1
    assert r.json["winnable"] is False


def test_solve_without_a_limit_decides_and_bad_input_exits_2(
    crew: Callable[..., Run], write: Callable[[Any, str], Path], tmp_path: Path
) -> None:
    # undecided within a limit (exit 3) and Ctrl-C: test_cli_solver_limits.py
    rec = _record([{"take": 40, "seat": 1}], [40])
    r = crew("solve", str(write(rec, "a.json")), "--json", "--timeout", "0")
    assert r.code == 0 and r.json["winnable"] is True
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert crew("solve", str(bad)).code == 2


def test_analyse_finds_the_turning_point(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    # seat 1 must win trick 1 but leads Y1: lost at once, S4 would still have won
    rec = _record(
        [
            {"take": 40, "seat": 1},
            {"play": "Y1", "seat": 1},
            {"play": "Y2", "seat": 2},
            {"play": "Y5", "seat": 3},
            {"play": "Y6", "seat": 0},
        ],
        [40],
    )
    path = str(write(rec, "a.json"))
    r = crew("analyse", path, "--json")
    assert r.code == 0
    doc = r.json
    assert doc["winnable_at_start"] is True
    assert doc["verdicts"][0] is True and doc["verdicts"][1] is False
    tp = doc["turning_point"]
    assert tp["action"] == 1 and tp["seat"] == 1 and tp["trick"] == 1 and tp["played"] == "Y1"
    assert "S4" in tp["winning_alternatives"]
    same = crew("analyze", path, "--json")
    assert json.loads(same.out)["turning_point"] == tp
    text = crew("analyse", path)
    # for people the second action (actions[1]) is action 2, seat 1 is seat 2
    assert "Turning point: action 2, seat 2" in text.out
