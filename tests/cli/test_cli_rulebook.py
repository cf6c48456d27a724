"""crew.rulebook: the rules text as data, shared by ``crew rules`` and the in-game help."""

from __future__ import annotations

import pytest

from crew.rulebook import (
    HOUSE_RULINGS,
    TOPICS,
    UnknownTopicError,
    find_topic,
    ruling,
    topic_names,
)


def test_house_rulings_numbered_like_the_rulings_document():
    assert [r.number for r in HOUSE_RULINGS] == list(range(1, 23))
    assert ruling(17).label == "House ruling 17"
    assert "only" in ruling(17).text
    assert "difficulty 17+k" in ruling(9).text
    with pytest.raises(ValueError, match="23"):
        ruling(23)


def test_every_topic_names_existing_rulings_and_every_ruling_has_a_topic():
    used = set()
    for t in TOPICS:
        for r in t.house_rulings():
            used.add(r.number)
    assert used == {r.number for r in HOUSE_RULINGS}
    specific = {t.key: t for t in TOPICS}
    # every ruling also appears under a topic other than the full list
    shown_elsewhere = {
        r.number for t in TOPICS if t.key != "house-rulings" for r in t.house_rulings()
    }
    assert shown_elsewhere == used
    assert [r.number for r in specific["communication"].house_rulings()] == [17, 18]


def test_find_topic_keys_aliases_and_case():
    assert find_topic("tricks").key == "tricks"
    assert find_topic("TRUMP").key == "tricks"
    assert find_topic("two_players").key == "two-players"
    assert find_topic("sonar").key == "communication"
    assert find_topic("Real-Time").key == "modifiers"


def test_unknown_topic_lists_topics():
    with pytest.raises(UnknownTopicError) as exc:
        find_topic("bidding")
    assert isinstance(exc.value, ValueError)
    assert "'bidding'" in str(exc.value)
    for name in topic_names():
        assert name in str(exc.value)


def test_text_keeps_list_items_together():
    text = find_topic("communication").text
    assert "\n- how:" in text
    assert "\n\n- how:" not in text
    assert text.count("\n\n") == 3


def test_topic_facts():
    assert "13 to each player" in find_topic("two-players").text
    assert "seat + 1" in find_topic("distress").text
    assert "highest submarine" in find_topic("tricks").text
    assert "difficulty 1" in find_topic("intro").text
