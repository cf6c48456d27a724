"""Sampled deals weighed by the partners' own choice of tasks (``crew.bots.inference``)."""

from __future__ import annotations

import random

from crew.bots import Memory
from crew.bots.inference import chosen_tasks, weighed_states
from crew.engine import apply, mask_of, parse_cards, start_state, view_for
from crew.engine.actions import Take
from crew.engine.cards import parse_card
from crew.engine.missions import mission_rules
from crew.engine.state import Phase

NORMAL = mission_rules(None, difficulty=1)

#: the captain (seat 0) holds the green 9, 8 and 7 above the green 6 its task names
HANDS = (
    "S4 G9 G8 G7 Y8 Y7 B1 P1 P2 B2",
    "S1 P9 P8 P7 G1 G2 B3 B4 Y1 Y2",
    "S2 P6 P5 P4 G3 G4 B5 B6 Y3 Y4",
    "S3 P3 G5 G6 B7 B8 B9 Y9 Y5 Y6",
)


def _after_the_take(task: int) -> tuple:
    hands = [mask_of(parse_cards(h)) for h in HANDS]
    state = start_state(4, NORMAL, hands, [], [task])
    state, _ = apply(state, Take(0, task))
    assert state.phase == Phase.PLAY
    view = view_for(state, 2)
    memory = Memory(2)
    memory.observe(view)
    return view, memory


#: the greens above the green 6
HIGH_GREENS = mask_of(parse_cards("G7 G8 G9"))


def _high_greens_of_the_captain(states: list) -> float:
    return sum((st.hands[0] & HIGH_GREENS).bit_count() for st in states) / len(states)


def test_a_partner_that_chose_to_win_a_green_holds_high_greens_more_often() -> None:
    view, memory = _after_the_take(4)  # task 4: win the green 6
    assert chosen_tasks(view) == [(0, [parse_card("G6")])]
    plain = weighed_states(view, memory, random.Random(1), 60, 0.0)
    weighed = weighed_states(view, memory, random.Random(1), 60, 8.0)
    # every deal still fits what seat 2 sees: its own hand, and the captain's submarine 4
    for st in plain + weighed:
        assert st.hands[2] == mask_of(view.hand)
        assert st.hands[0] >> parse_card("S4") & 1
    assert _high_greens_of_the_captain(weighed) > _high_greens_of_the_captain(plain) + 0.4


def test_without_a_chosen_task_naming_cards_the_deals_are_as_sampled() -> None:
    view, memory = _after_the_take(4)
    a = weighed_states(view, memory, random.Random(5), 10, 0.0)
    b = weighed_states(view, memory, random.Random(5), 10, 0.0)
    assert [st.hands for st in a] == [st.hands for st in b]
    # a seat's own task tells it nothing it does not know
    hands = [mask_of(parse_cards(h)) for h in HANDS]
    taken, _ = apply(start_state(4, NORMAL, hands, [], [4]), Take(0, 4))
    assert chosen_tasks(view_for(taken, 0)) == []
    # free task choice: the tasks were given, not chosen
    st = start_state(4, mission_rules(17), hands, [], [4, 1])
    assert chosen_tasks(view_for(st, 2)) == []
