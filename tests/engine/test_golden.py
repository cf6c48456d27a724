"""Golden game records: every ``tests/data/*.json`` record replays to its expected outcome.

Each record ``NAME.json`` (``crew-record/1``) has a sidecar ``NAME.expected.json``:
``{"result": "won" | "lost" | "in_progress", "tasks": [{"task", "status", "trick"}, ...]}`` with
the tasks in the order they were laid out (``trick`` null while pending), and for a record that
stops at an illegal action ``"violation": {"action": index, "reason": code}``. The expectations
were worked out from the rules by hand, not copied from the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crew.engine.tasks import STATUS_NAMES
from crew.records import load_record, replay, verify_report

DATA = Path(__file__).resolve().parent.parent / "data"
RECORDS = sorted(p for p in DATA.glob("*.json") if not p.name.endswith(".expected.json"))


def expected(path: Path) -> dict[str, Any]:
    sidecar = path.with_name(path.name.removesuffix(".json") + ".expected.json")
    assert sidecar.exists(), f"{path.name} has no {sidecar.name}"
    data: dict[str, Any] = json.loads(sidecar.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_expected(path: Path) -> None:
    exp = expected(path)
    rec = load_record(path)
    r = replay(rec, path.name)
    s = r.state
    assert (s.result or "in_progress") == exp["result"], s.reason
    tasks = [
        {"task": t, "status": STATUS_NAMES[st], "trick": d or None}
        for t, st, d in zip(s.setup.task_ids, s.status, s.decided, strict=True)
    ]
    assert tasks == exp["tasks"]
    violation = exp.get("violation")
    if violation is None:
        assert r.violation is None, r.violation
        assert len(r.events) == len(rec.actions)
    else:
        assert r.violation is not None
        assert (r.violation.action, r.violation.reason) == (
            violation["action"],
            violation["reason"],
        )
        assert len(r.events) == violation["action"]
    # crew verify reports the same
    report = verify_report(rec, path.name)
    assert report["result"] == exp["result"]
    assert [{k: x[k] for k in ("task", "status", "trick")} for x in report["tasks"]] == exp["tasks"]
    assert report["ok"] is (violation is None)


def test_every_sidecar_has_a_record() -> None:
    for sidecar in DATA.glob("*.expected.json"):
        assert sidecar.with_name(sidecar.name.replace(".expected.json", ".json")).exists()


def test_golden_set_covers_the_required_kinds() -> None:
    """A won and a lost mission, a two- and a three-player game, an unfinished one, and one that
    stops at an illegal action."""
    kinds: set[str] = set()
    for path in RECORDS:
        exp = expected(path)
        rec = load_record(path)
        kinds.add(exp["result"])
        kinds.add(f"{rec.players}p")
        if "violation" in exp:
            kinds.add("illegal")
        elif exp["result"] == "in_progress":
            kinds.add("unfinished")
        if exp["result"] == "lost":
            assert any(t["status"] == "failed" and t["trick"] for t in exp["tasks"])
    assert {"won", "lost", "2p", "3p", "illegal", "unfinished"} <= kinds
    assert len(RECORDS) >= 6
