"""``crew deal``, ``crew verify`` and ``crew schema`` on records built in the test."""

from __future__ import annotations

import json

import pytest
from cli_helpers import HANDS_4, record

from crew.engine.tasks import get_task
from crew.records import Record, parse_record

TAKE = {"take": 1, "seat": 0}


def plays(*pairs: tuple[int, str]) -> list[dict[str, object]]:
    return [{"play": c, "seat": s} for s, c in pairs]


# --- verify ------------------------------------------------------------------------------------


def test_verify_won(crew, write):
    path = write(record([TAKE, *plays((0, "P9"), (1, "P3"), (2, "P4"), (3, "P6"))]))
    r = crew("verify", str(path), "--json")
    assert r.code == 0
    assert r.json == {
        "ok": True,
        "violation": None,
        "result": "won",
        "reason": "every task is done (the last at trick 1)",
        "players": 4,
        "mission": 1,
        "captain": 0,
        "tricks": [
            {"lead": 0, "seats": [0, 1, 2, 3], "cards": ["P9", "P3", "P4", "P6"], "winner": 0}
        ],
        "tasks": [{"task": 1, "seat": 0, "status": "done", "trick": 1}],
    }


def test_verify_lost_is_still_legal(crew, write):
    # seat 0 leads its low pink; seat 3's P6 takes the pink 3, so the captain's task fails
    path = write(record([TAKE, *plays((0, "P1"), (1, "P3"), (2, "P4"), (3, "P6"))]))
    r = crew("verify", str(path), "--json")
    assert r.code == 0
    assert r.json["ok"] is True
    assert r.json["result"] == "lost"
    assert r.json["tricks"][0]["winner"] == 3
    assert r.json["tasks"] == [{"task": 1, "seat": 0, "status": "failed", "trick": 1}]


def test_verify_unfinished(crew, write):
    path = write(record([TAKE, *plays((0, "B1"), (1, "B8"), (2, "G7"), (3, "Y6"))]))
    r = crew("verify", str(path), "--json")
    assert r.code == 0
    assert r.json["result"] == "in_progress"
    assert r.json["tricks"][0]["winner"] == 1
    assert r.json["tasks"][0]["status"] == "pending"
    assert r.json["tasks"][0]["trick"] is None


def test_verify_illegal_action_exit_1(crew, write):
    # seat 1 holds P3 and P2, so B8 onto a pink lead breaks follow-suit (action 2)
    path = write(record([TAKE, *plays((0, "P9"), (1, "B8"), (2, "P4"))]))
    r = crew("verify", str(path), "--json")
    assert r.code == 1
    assert r.json["ok"] is False
    assert r.json["violation"]["action"] == 2
    assert r.json["violation"]["reason"] == "MUST_FOLLOW_SUIT"
    assert "B8" in r.json["violation"]["message"]
    assert r.json["result"] == "in_progress"
    assert r.json["tricks"] == []


def test_verify_not_your_turn_human(crew, write):
    path = write(record([TAKE, *plays((1, "P3"))]))
    r = crew("verify", str(path))
    assert r.code == 1
    assert "NOT_YOUR_TURN" in r.out
    # people count actions and seats from 1; the file's own index stands beside
    assert "Illegal action 2 (actions[1]:" in r.out
    assert "it is seat 1 (Ann)'s turn to play, not seat 2 (Bob)'s" in r.out
    doc = json.loads(crew("verify", str(path), "--json").out)
    assert doc["violation"]["action"] == 1  # --json counts from 0, as the file does
    assert "not seat 1's" in doc["violation"]["message"]


def test_verify_human_won(crew, write):
    path = write(record([TAKE, *plays((0, "P9"), (1, "P3"), (2, "P4"), (3, "P6"))]))
    r = crew("verify", str(path))
    assert r.code == 0
    assert "Result: won" in r.out
    assert "seat 1 (Ann)" in r.out and "seat 0" not in r.out
    assert "done at trick 1" in r.out
    assert get_task(1).card.text[:20] in r.out


def test_verify_malformed_json_exit_2_names_path(crew, write):
    path = write('{"format": "crew-record/1", "players": 4,', "broken.json")
    r = crew("verify", str(path), "--json")
    assert r.code == 2
    assert r.out == ""
    assert str(path) in r.err
    assert "not valid JSON" in r.err


def test_verify_missing_field_exit_2_names_field(crew, write):
    doc = record([])
    del doc["players"]
    path = write(doc, "nofield.json")
    r = crew("verify", str(path), "--json")
    assert r.code == 2
    assert str(path) in r.err
    assert "players" in r.err


def test_verify_bad_action_card_exit_2(crew, write):
    path = write(record([TAKE, {"play": "Z1", "seat": 0}]))
    r = crew("verify", str(path))
    assert r.code == 2
    assert "actions[1]" in r.err and "'Z1'" in r.err


def test_verify_card_dealt_twice_exit_2(crew, write):
    hands = [list(h) for h in HANDS_4]
    hands[1][0] = "P9"  # P9 twice, P3 missing
    path = write(record([], hands=hands))
    r = crew("verify", str(path))
    assert r.code == 2
    assert "P9" in r.err and "hands" in r.err


def test_verify_missing_file_exit_2(crew, tmp_path):
    r = crew("verify", str(tmp_path / "nope.json"))
    assert r.code == 2
    assert "nope.json" in r.err


def test_verify_stdin(crew, monkeypatch):
    import io

    doc = record([TAKE, *plays((0, "P9"), (1, "P3"), (2, "P4"), (3, "P6"))])
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    r = crew("verify", "-", "--json")
    assert r.code == 0
    assert r.json["result"] == "won"


# --- deal --------------------------------------------------------------------------------------


def test_deal_json_is_a_record_start(crew):
    r = crew("deal", "--players", "4", "--mission", "5", "--seed", "42", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    rec = parse_record(data)
    assert rec.seed == 42
    assert rec.players == 4 and rec.mission == 5
    assert rec.actions == []
    assert [len(h) for h in rec.hands] == [10, 10, 10, 10]
    assert sum(get_task(t).card.difficulty_for(4) for t in rec.tasks) == 5
    # the same seed deals the same game
    assert crew("deal", "--players", "4", "--mission", "5", "--seed", "42", "--json").out == r.out


def test_deal_record_verifies_and_captain_holds_s4(crew, write):
    out = crew("deal", "--players", "5", "--mission", "3", "--seed", "abc", "--json").out
    data = json.loads(out)
    assert data["seed"] == "abc"
    v = crew("verify", str(write(out, "dealt.json")), "--json")
    assert v.code == 0
    assert v.json["result"] == "in_progress"
    assert "S4" in data["hands"][v.json["captain"]]


def test_deal_two_players_tonoja(crew, write):
    r = crew("deal", "--players", "2", "--seed", "7", "--json")
    data = r.json
    assert len(data["hands"]) == 2
    assert [len(h) for h in data["hands"]] == [13, 13]
    assert len(data["tonoja"]) == 7
    assert all(len(p) == 2 for p in data["tonoja"])
    pile_cards = {c for p in data["tonoja"] for c in p}
    assert "S4" not in pile_cards
    assert len(pile_cards | {c for h in data["hands"] for c in h}) == 40
    v = crew("verify", str(write(r.out)), "--json").json
    assert v["ok"] is True and v["players"] == 2
    assert "S4" in data["hands"][v["captain"]]


def test_deal_unknown_terrain_records_terrain(crew):
    data = crew("deal", "--players", "3", "--mission", "20", "--seed", "1", "--json").json
    assert data["terrain"][0] in "PBGY"


def test_deal_without_seed_picks_one(crew):
    data = crew("deal", "--players", "3", "--json").json
    assert isinstance(data["seed"], int)
    assert data["mission"] == 1
    human = crew("deal", "--players", "3")
    assert human.code == 0
    assert "seed " in human.out


def test_deal_human(crew):
    r = crew("deal", "--players", "4", "--mission", "5", "--seed", "42", "--names", "A,B,C,D")
    assert r.code == 0
    rec = json.loads(crew("deal", "--players", "4", "--mission", "5", "--seed", "42", "--json").out)
    for t in rec["tasks"]:
        assert f" {t} " in r.out
    assert "seat 1 (A)" in r.out and "seat 4 (D)" in r.out and "seat 0" not in r.out
    assert "--seed 42" in r.out


def test_deal_timed_needs_real_time_mission(crew):
    r = crew("deal", "--players", "4", "--mission", "5", "--timed", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "not a real-time mission" in r.err
    ok = crew("deal", "--players", "4", "--mission", "14", "--timed", "--seed", "3", "--json")
    assert ok.code == 0 and ok.json["timed"] is True


def test_deal_free_play_difficulty(crew):
    data = crew("deal", "--players", "3", "--difficulty", "4", "--seed", "9", "--json").json
    assert "mission" not in data
    assert data["difficulty"] == 4
    assert sum(get_task(t).card.difficulty_for(3) for t in data["tasks"]) == 4


def test_deal_bad_players_and_names(crew):
    assert crew("deal", "--players", "6").code == 2
    r = crew("deal", "--players", "4", "--names", "A,B")
    assert r.code == 2 and "--names" in r.err


# --- schema ------------------------------------------------------------------------------------


def test_schema(crew):
    r = crew("schema")
    assert r.code == 0
    assert r.json == Record.model_json_schema()
    assert set(r.json["properties"]) >= {"format", "players", "hands", "tonoja", "actions"}
    assert crew("schema", "--json").json == r.json


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        # mission 32 lays out its own four tasks
        ({"mission": 32, "tasks": [40]}, ["mission 32", "[50, 57, 54, 44]", "[40]"]),
        # mission 29 draws to 15; one task of difficulty 1 is not that
        ({"mission": 29, "tasks": [1]}, ["mission 29", "difficulty 15", "[1]", "add up to 1"]),
        # the intro mission uses one task of difficulty 1; 46 is 4 for four players
        ({"mission": 0, "tasks": [46]}, ["mission 0", "difficulty 1", "[46]"]),
        # a drawn pair the draw would have replaced: 45 (first trick only) with 41
        (
            {"mission": 18, "tasks": [45, 41, 46, 1]},
            ["mission 18", "tasks 45 and 41", "impossible combination"],
        ),
        # one member takes all tasks in mission 6: win no trick with more pink than green
        ({"mission": 6, "tasks": [50, 88, 33]}, ["mission 6", "tasks 50 and 88"]),
        # free play must add up to its own difficulty
        ({"mission": None, "difficulty": 3, "tasks": [1]}, ["free play", "difficulty 3"]),
    ],
)
def test_verify_tasks_that_do_not_fit_the_mission_exit_2(crew, write, fields, words):
    doc = record([], **fields)
    if doc["mission"] is None:
        del doc["mission"]
    path = write(doc)
    r = crew("verify", str(path), "--json")
    assert r.code == 2, r.out
    assert r.out == ""
    assert str(path) in r.err and "tasks" in r.err
    for word in words:
        assert word in r.err


def test_verify_tasks_that_fit_are_accepted(crew, write):
    path = write(record([], mission=32, tasks=[44, 54, 57, 50]))
    assert crew("verify", str(path), "--json").code == 0


def test_a_record_of_four_with_tonojas_piles_is_refused(crew, write):
    # issue 26: the field was accepted and ignored
    piles = [["B1", "B2"]] * 7
    path = write(record([TAKE], tonoja=piles), "four.json")
    r = crew("verify", str(path))
    assert r.code == 2
    assert "tonoja: only a two-player record has Tonoja's piles" in r.err
    assert str(path) in r.err
