"""``crew logbook`` against a logbook written in a temporary CREW_HOME."""

from __future__ import annotations

from datetime import date

import pytest

from crew.storage import load_log, log_path, note_attempt, save_log


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    return tmp_path


def fill() -> None:
    day = date(2025, 3, 1)
    log = load_log()
    log = note_attempt(
        log, "Divers", 1, won=False, distress=True, members=["Ann", "Bob", "Cas"], today=day
    )
    log = note_attempt(log, "Divers", 1, won=True, distress=False, today=day)
    log = note_attempt(log, "Divers", 2, won=False, distress=False, today=day)
    log = note_attempt(log, "Duo", 0, won=True, distress=False, members=["Zed", "Yan"], today=day)
    save_log(log)


def test_empty_logbook(crew):
    r = crew("logbook", "--json")
    assert r.code == 0
    assert r.json == []
    assert "empty" in crew("logbook").out


def test_logbook_json(crew):
    fill()
    r = crew("logbook", "--json")
    assert r.code == 0
    assert r.json == [
        {
            "crew": "Divers",
            "members": ["Ann", "Bob", "Cas"],
            "current": 2,
            "missions": [
                {
                    "number": 1,
                    "attempts": 2,
                    "distress": True,
                    "logged": 3,
                    "won_on": "2025-03-01",
                    "replays": 0,
                },
                {
                    "number": 2,
                    "attempts": 1,
                    "distress": False,
                    "logged": 1,
                    "won_on": None,
                    "replays": 0,
                },
            ],
        },
        {
            "crew": "Duo",
            "members": ["Zed", "Yan"],
            "current": 1,
            "missions": [
                {
                    "number": 0,
                    "attempts": 1,
                    "distress": False,
                    "logged": 1,
                    "won_on": "2025-03-01",
                    "replays": 0,
                }
            ],
        },
    ]


def test_logbook_one_crew(crew):
    fill()
    r = crew("logbook", "--crew", "duo", "--json")
    assert r.code == 0
    assert [c["crew"] for c in r.json] == ["Duo"]
    human = crew("logbook", "--crew", "Divers")
    assert "Crew Divers (Ann, Bob, Cas)" in human.out
    assert "yes (+1)" in human.out
    assert "Duo" not in human.out


def test_logbook_unknown_crew_exit_2(crew):
    fill()
    r = crew("logbook", "--crew", "Nobody", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "'Nobody'" in r.err and "Divers" in r.err


def test_damaged_logbook_exit_2_and_kept(crew, home):
    log_path().write_text('{"format": "crew-logbook/1", "crews": ', encoding="utf-8")
    r = crew("logbook", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "damaged" in r.err
    kept = [p.name for p in home.iterdir() if p.name.startswith("logbook.json.damaged-")]
    assert len(kept) == 1
    assert kept[0] in r.err


def test_logbook_shows_the_same_numbers_as_json(crew):
    fill()
    # mission 2 is not won yet: the table says its logged count as --json does, not "-"
    log = note_attempt(load_log(), "Divers", 2, won=False, distress=False)
    log = note_attempt(log, "Divers", 1, won=False, distress=False)  # a replay of a won mission
    save_log(log)
    row2 = next(m for m in crew("logbook", "--json").json[0]["missions"] if m["number"] == 2)
    assert row2["logged"] == 2
    rows = {
        cells[0]: cells
        for line in crew("logbook", "--crew", "Divers").out.splitlines()
        if line.startswith("│")
        for cells in [[c.strip() for c in line.strip("│").split("│")]]
    }
    assert rows["2"][3] == "2"  # logged, as in --json (it said "-" before)
    assert rows["1"][5] == "1"  # one replay after the win
