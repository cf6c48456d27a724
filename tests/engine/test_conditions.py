"""Mission conditions: declared in the logbook's modifiers, judged by one registry."""

from __future__ import annotations

from crew.engine.conditions import CONDITIONS
from crew.engine.data import MODIFIERS, load_logbook
from crew.engine.missions import mission_rules


def test_each_condition_is_a_logbook_modifier_with_the_same_words() -> None:
    for name, condition in CONDITIONS.items():
        assert MODIFIERS[name] == condition.text


def test_a_mission_names_its_conditions_in_the_data() -> None:
    book = load_logbook()
    declared = {
        entry.number: tuple(m for m in entry.modifiers if m in CONDITIONS) for entry in book.mission
    }
    assert {n: c for n, c in declared.items() if c} == {
        8: ("balance_9s",),
        12: ("no_lead_pink_or_submarine",),
        21: ("balance_1s",),
        23: ("first_trick_winner_leads",),
        27: ("yellow5_last",),
    }
    for number, conditions in declared.items():
        assert mission_rules(number).conditions == conditions
