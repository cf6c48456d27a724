"""docs/record-format.md stays true: its example verifies as shown, every reason code is listed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from crew.engine.reasons import Reason

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def json_blocks() -> list[str]:
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_example_record_verifies_as_documented(crew, write):
    example, report, violation = json_blocks()[:3]
    r = crew("verify", str(write(example)), "--json")
    assert r.code == 0
    assert r.json == json.loads(report)
    broken = example.replace('{"play": "P3", "seat": 1}', '{"play": "B8", "seat": 1}')
    bad = crew("verify", str(write(broken, "broken.json")), "--json")
    assert bad.code == 1
    assert {"violation": bad.json["violation"]} == json.loads("{" + violation + "}")


def test_every_reason_code_is_documented():
    """The table of reason codes and the engine's Reason enum are the same, sentence for
    sentence, in the same order."""
    rows = re.findall(r"^\| `([A-Z_]+)` \| (.*) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) > 30
    assert rows == [(r.value, r.sentence) for r in Reason]
    assert all(r.value == r.name for r in Reason)


def test_every_record_field_is_documented():
    from crew.records import Record

    text = DOC.read_text(encoding="utf-8")
    for name in Record.model_fields:
        assert f"| `{name}` |" in text, name


README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_documented_ranges_are_the_ones_checked():
    """README and --help give the ranges options.py checks and the engine's highest mission
    and difficulty (written out in shared_options.py, so --help imports no engine)."""
    from crew.cli import options as opt
    from crew.cli.shared_options import DIFFICULTY_HELP, MISSION_HELP
    from crew.engine.draw import highest_difficulty, highest_mission

    text = README.read_text(encoding="utf-8")
    assert highest_mission(2) == highest_mission(3) and highest_difficulty(2) == highest_difficulty(
        3
    )
    for top, helptext in ((highest_mission, MISSION_HELP), (highest_difficulty, DIFFICULTY_HELP)):
        words = f"up to {top(3)} (2 or 3 players), {top(4)} (4), {top(5)} (5)"
        assert words in helptext and words in text, words
    for lo, hi in (opt.DEALS, opt.GAMES, opt.SAMPLES, opt.NODES, opt.BUDGET):
        assert f"| {lo}-{hi:,}" in text, (lo, hi)
    lo, hi = opt.SECONDS
    assert text.count(f"{lo:g}-{hi:,.0f} s") == 3
    assert f"{opt.SEATS[0]}-{opt.SEATS[1]}, a crew member" in text
