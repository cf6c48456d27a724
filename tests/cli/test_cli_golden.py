"""The golden records in tests/data replayed through ``crew verify`` (the real command)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
RECORDS = sorted(p for p in DATA.glob("*.json") if not p.name.endswith(".expected.json"))


def _expected(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_crew_verify_golden(path: Path, crew) -> None:
    exp = _expected(path)
    r = crew("verify", str(path), "--json")
    assert r.code == (1 if "violation" in exp else 0), r.err
    report = r.json
    assert report["result"] == exp["result"]
    assert [{k: t[k] for k in ("task", "status", "trick")} for t in report["tasks"]] == exp["tasks"]
    if "violation" in exp:
        assert report["violation"]["action"] == exp["violation"]["action"]
        assert report["violation"]["reason"] == exp["violation"]["reason"]
    else:
        assert report["violation"] is None


def test_crew_verify_in_a_subprocess() -> None:
    """One golden record through the installed entry point in a fresh interpreter."""
    path = next(p for p in RECORDS if "violation" not in _expected(p))
    out = subprocess.run(
        [sys.executable, "-m", "crew", "verify", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["result"] == _expected(path)["result"]
