"""``crew tasks``, ``crew missions`` and ``crew rules``."""

from __future__ import annotations

import pytest

from crew.rulebook import HOUSE_RULINGS

# --- tasks -------------------------------------------------------------------------------------


def test_tasks_catalogue(crew):
    r = crew("tasks", "--json")
    assert r.code == 0
    cards = r.json
    assert len(cards) == 96
    assert [c["id"] for c in cards] == list(range(1, 97))
    assert all(set(c) == {"id", "category", "text", "difficulty"} for c in cards)
    by_id = {c["id"]: c for c in cards}
    assert by_id[1] == {
        "id": 1,
        "category": "win_specific_cards",
        "text": "Win the pink 3 (win the trick in which it is played).",
        "difficulty": {"3": 1, "4": 1, "5": 1},
    }
    assert by_id[10]["difficulty"] == {"3": 2, "4": 3, "5": 3}  # house ruling 10
    assert by_id[50]["difficulty"] == {"3": 4, "4": 3, "5": 3}
    assert by_id[59]["difficulty"] == {"3": 2, "4": 2, "5": 3}
    assert by_id[83]["difficulty"] == {"3": 3, "4": 2, "5": 2}
    assert by_id[50]["category"] == "n_tricks"


def test_tasks_one_card_is_a_list_of_one(crew):
    r = crew("tasks", "59", "--json")
    assert r.code == 0
    assert len(r.json) == 1
    assert r.json[0]["id"] == 59
    assert r.json[0]["category"] == "compare_captain"


def test_tasks_unknown_id_exit_2(crew):
    for bad in ("97", "0"):
        r = crew("tasks", bad, "--json")
        assert r.code == 2
        assert r.out == ""
        assert bad in r.err
    assert crew("tasks", "ten").code == 2


def test_tasks_players_column(crew):
    r = crew("tasks", "--players", "5")
    assert r.code == 0
    assert "5p" in r.out and "3p" not in r.out
    one = crew("tasks", "50", "--players", "3")
    assert "Difficulty for 3 players: 4" in one.out
    assert "Win no trick at all." in one.out


def test_tasks_one_card_human_mentions_captain(crew):
    r = crew("tasks", "60")
    assert r.code == 0
    assert "The captain may never take this task." in r.out


# --- missions ----------------------------------------------------------------------------------


def test_missions_list(crew):
    r = crew("missions", "--json")
    assert r.code == 0
    ms = r.json
    assert len(ms) == 33
    assert [m["number"] for m in ms] == list(range(33))
    keys = {"number", "difficulty", "modifiers", "rule", "realtime", "tasks"}
    assert all(set(m) == keys for m in ms)
    assert ms[0]["modifiers"] == ["intro"] and ms[0]["difficulty"] == 1
    assert ms[5]["difficulty"] == 5 and ms[5]["modifiers"] == [] and ms[5]["realtime"] is None
    assert ms[8]["difficulty"] is None and "balance_9s" in ms[8]["modifiers"]
    assert ms[14]["realtime"] == {
        "seconds": 210,
        "untimed": ["currents"],
        "untimed_difficulty": None,
    }
    assert ms[26]["realtime"]["untimed_difficulty"] == 12
    assert ms[26]["difficulty"] == 10
    assert ms[32]["difficulty"] is None
    assert ms[32]["tasks"] == [50, 57, 54, 44]
    assert ms[31]["tasks"] == []


def test_missions_epilogue(crew):
    r = crew("missions", "33", "--json")
    assert r.code == 0
    assert len(r.json) == 1
    m = r.json[0]
    assert m["number"] == 33
    assert m["difficulty"] == 18
    assert m["modifiers"] == ["free_task_choice"]
    assert crew("missions", "40", "--json").json[0]["difficulty"] == 25
    assert "epilogue" in crew("missions", "34").out


def test_missions_23_explained(crew):
    r = crew("missions", "23")
    assert r.code == 0
    out = " ".join(r.out.split())
    assert "Mission 23" in out
    assert "no task cards" in out.lower()
    assert "unknown terrain" in out
    assert "7-9 heavy noise" in out
    assert "strictly more tricks than every other crew member" in out
    assert "before the first trick has been played" in out


def test_missions_human_list_mentions_epilogue(crew):
    r = crew("missions")
    assert r.code == 0
    assert "33+: epilogue" in r.out


def test_missions_negative_exit_2(crew):
    r = crew("missions", "--json", "--", "-1")
    assert r.code == 2
    assert r.out == ""


# --- rules -------------------------------------------------------------------------------------

TOPICS = {
    "cards",
    "tricks",
    "tasks",
    "distribution",
    "communication",
    "distress",
    "modifiers",
    "two-players",
    "intro",
    "logbook",
    "house-rulings",
}


def test_rules_topics(crew):
    r = crew("rules", "--json")
    assert r.code == 0
    topics = {t["topic"]: t for t in r.json}
    assert TOPICS <= set(topics)
    for t in r.json:
        assert set(t) == {"topic", "title", "text", "house_rulings"}
        assert len(t["text"]) > 100
    assert len(topics["house-rulings"]["house_rulings"]) == 22
    assert [h["number"] for h in topics["communication"]["house_rulings"]] == [17, 18]


def test_rules_one_topic_with_alias(crew):
    r = crew("rules", "Tonoja", "--json")
    assert r.code == 0
    assert [t["topic"] for t in r.json] == ["two-players"]
    assert "seat 2" in r.json[0]["text"]
    assert [h["number"] for h in r.json[0]["house_rulings"]] == [19, 20, 21, 22]


def test_rules_human_marks_house_rulings(crew):
    r = crew("rules", "communication")
    assert r.code == 0
    assert "House ruling 17:" in r.out
    assert "House ruling 18:" in r.out
    assert "Sonar communication" in r.out


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_rules_every_topic_prints(crew, topic):
    r = crew("rules", topic)
    assert r.code == 0
    assert r.out.strip()


def test_rules_unknown_topic_exit_2_lists_topics(crew):
    r = crew("rules", "bidding", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "'bidding'" in r.err
    for t in TOPICS:
        assert t in r.err


def test_rules_house_rulings_topic_lists_all(crew):
    r = crew("rules", "house-rulings")
    text = " ".join(r.out.split())
    for h in HOUSE_RULINGS:
        assert f"House ruling {h.number}:" in text
