"""Shared pieces of the CLI tests: a run result and a hand-made game record."""

from __future__ import annotations

import json
import signal
from dataclasses import dataclass
from typing import Any


@dataclass
class Run:
    """One run of ``crew``: exit code, stdout, stderr."""

    code: int
    out: str
    err: str

    @property
    def json(self) -> Any:
        """stdout as exactly one JSON document (fails the test otherwise)."""
        return json.loads(self.out)


# A 4-player deal written out card by card: seat 0 holds S4 and is captain.
HANDS_4 = [
    ["P9", "P1", "S4", "B1", "B2", "B3", "B4", "B5", "B6", "B7"],
    ["P3", "P2", "B8", "B9", "G1", "G2", "G3", "G4", "G5", "G6"],
    ["P4", "P5", "G7", "G8", "G9", "Y1", "Y2", "Y3", "Y4", "Y5"],
    ["P6", "P7", "P8", "Y6", "Y7", "Y8", "Y9", "S1", "S2", "S3"],
]


def record(actions: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """Mission 1 with task 1 (win the pink 3) and the deal above, plus ``actions``."""
    rec: dict[str, Any] = {
        "format": "crew-record/1",
        "players": 4,
        "names": ["Ann", "Bob", "Cas", "Dee"],
        "mission": 1,
        "hands": HANDS_4,
        "tasks": [1],
        "actions": actions,
    }
    rec.update(fields)
    return rec


def default_interrupt() -> None:
    """For ``Popen(preexec_fn=...)``: the child takes Ctrl-C as in a terminal, even when the
    tests run where SIGINT is ignored (a background job of a script), which it would inherit
    and never stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
