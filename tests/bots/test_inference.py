"""Sampled deals weighed by the partners' own choice of tasks and of the card they showed
(``crew.bots.inference``)."""

from __future__ import annotations

import random

from crew.bots import Memory
from crew.bots.inference import chosen_tasks, first_signals, signal_fit, weighed_states
from crew.bots.talk import best_signal
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


def test_a_partner_that_showed_a_card_would_not_have_shown_another() -> None:
    # seat 1 shows the pink 9, its highest pink (a sure winner; its greens tell the captain as
    # much, and the lowest card goes first). Had it held the green 6 as its lowest or highest
    # green, it would have shown that one (the captain's own task card), so seat 2 reads its
    # deals that way: with signal_weight, seat 1 holds the green 6 in hardly any of them
    view, memory = _after_the_take(4)
    hands = [mask_of(parse_cards(h)) for h in HANDS]
    state = start_state(4, NORMAL, hands, [], [4])
    state, _ = apply(state, Take(0, 4))
    best = best_signal(1, 4, view.tasks, hands[1], set())
    assert best is not None and best[0].card == parse_card("P9")
    state, _ = apply(state, best[0])
    view = view_for(state, 2)
    memory.observe(view)
    assert first_signals(view) == [(1, parse_card("P9"))]
    g6 = parse_card("G6")
    plain = weighed_states(view, memory, random.Random(3), 60, 0.0)
    weighed = weighed_states(view, memory, random.Random(3), 60, 0.0, signal_weight=0.01)
    for st in plain + weighed:
        assert st.hands[1] >> parse_card("P9") & 1  # the shown card stays in that hand
    held = [sum(st.hands[1] >> g6 & 1 for st in sts) for sts in (plain, weighed)]
    assert held[0] >= 10 and held[1] <= 2, held
    # and each weighed deal is one where seat 1 would have shown the green 1
    played: dict[int, int] = {}
    shown = first_signals(view)
    assert sum(signal_fit(view, st, shown, played, 0.01) == 1.0 for st in weighed) >= 58
