"""Free task choice among computers: the crew talks first (rules I4), the decider listens.

The computers say which open tasks they would like (task numbers only, each judged from its own
hand): in turns from the captain, one task at a time on top of those already asked for
(``task_claims``, the default), or each its own list at once (``task_wishes``). The computer
making the crew's choice hears them and gives a task to a seat that wished it when the sampled
deals cannot tell the seats apart.
"""

from __future__ import annotations

import random
from dataclasses import replace

from crew.bots import DEFAULT, Memory, choose_action, task_claims, task_wishes
from crew.engine import (
    Assign,
    Phase,
    apply,
    legal_actions,
    new_attempt,
    speaking_order,
    start_state,
    view_for,
)
from crew.engine.cards import mask_of, parse_cards
from crew.engine.missions import mission_rules
from crew.engine.tricks import Trick
from crew.table import decision_rng
from crew.table.jobs import assignable, job, talk_order
from crew.table.protocol import AskKind, TableState, next_question

#: four hands of mission 17 (free task choice); seat 3, the captain (S4), decides the crew's
#: choice; seat 0 holds the top of yellow, seat 1 the pink 8 and 7 above the pink 3
HANDS = (
    "S1 Y9 Y8 Y7 B9 B8 B1 P1 G1 G2",
    "S2 P8 P7 P6 G9 G8 B2 B3 Y1 Y2",
    "P5 P4 P3 G7 G6 B4 B5 Y3 Y4 B6",
    "S3 S4 P9 P2 G5 G4 G3 B7 Y5 Y6",
)


def _free_choice() -> tuple:
    hands = [mask_of(parse_cards(h)) for h in HANDS]
    # task 1: win the pink 3; task 2: win the yellow 1
    state = start_state(4, mission_rules(17), hands, [], [1, 2])
    assert state.phase == Phase.ASSIGN
    return state


def test_the_decider_gives_a_task_to_the_seat_that_wished_it() -> None:
    state = _free_choice()
    seat = 3  # the captain decides the crew's choice when no person sits at the table
    view = view_for(state, seat)
    cfg = replace(DEFAULT, task_samples=3, wish_weight=5.0)
    for wisher in (0, 1, 2):
        memory = Memory(seat)
        memory.observe(view)
        memory.wishes = {wisher: (1,)}
        d = choose_action(view, memory, random.Random(7), cfg)
        assert d.action == Assign(1, wisher), (wisher, d.action, d.why)


def test_wishes_not_heard_leave_the_choice_to_the_sampled_deals() -> None:
    state = _free_choice()
    view = view_for(state, 3)
    cfg = replace(DEFAULT, task_samples=3, wish_weight=5.0)
    chosen = set()
    for wisher in (0, 1, 2):
        memory = Memory(3)
        memory.observe(view)
        memory.wishes = {wisher: (99,)}  # a task not on the table: nothing to weigh
        chosen.add(choose_action(view, memory, random.Random(7), cfg).action)
    assert len(chosen) == 1  # the same choice whoever wished a task that is not there


def _at_the_table() -> tuple:
    """The free choice with a computer in every seat, each having seen its view, and the
    table's question to the one that decides."""
    state = _free_choice()
    computers = frozenset(range(4))
    memories = {s: Memory(s) for s in computers}
    for s, m in memories.items():
        m.observe(view_for(state, s))
    ask = next_question(state, TableState(draw_seen=True), computers)
    assert ask is not None and ask.kind == AskKind.ACTION
    return state, computers, memories, ask


def test_the_table_asks_every_other_computer_for_its_wishes_from_its_own_view() -> None:
    state, computers, memories, ask = _at_the_table()
    decider = ask.seat
    assert decider == 3
    count = iter(range(1, 100))
    cfg = replace(DEFAULT, task_samples=3, claims=False)  # each seat's own list, said at once
    decide = job(
        ask,
        state,
        TableState(draw_seen=True),
        memories,
        lambda s: decision_rng("w", s, next(count)),
        cfg,
        detach=False,
    )
    answer = decide()
    assert isinstance(answer.action, Assign)
    heard = memories[decider].wishes
    assert sorted(heard) == sorted(computers - {decider})
    # each is what that seat says from its own view (the same random source replayed)
    count2 = iter(range(1, 100))
    for s in sorted(heard):
        own = task_wishes(view_for(state, s), memories[s], decision_rng("w", s, next(count2)), cfg)
        assert heard[s] == tuple(own)
        assert set(own) <= {1, 2}
    # seat 0 holds the yellow 9, 8 and 7: it would like to win the yellow 1
    assert 2 in heard[0], heard
    # heard once: the next assignment of the same choice does not ask again
    after, _ = apply(state, answer.action)
    assert after.phase == Phase.ASSIGN
    again = job(
        next_question(after, TableState(draw_seen=True), computers),
        after,
        TableState(draw_seen=True),
        memories,
        lambda s: decision_rng("w2", s, 1),
        cfg,
        detach=False,
    )
    again()
    assert memories[decider].wishes == heard


def test_a_new_attempt_forgets_the_wishes() -> None:
    # wishes heard in one attempt, a trick remembered; then the view of the next attempt (no
    # trick played) is observed: the memory starts again, without the old wishes
    state = new_attempt(4, 17, seed=3)
    m = Memory(0)
    m.observe(view_for(state, 0))
    m.wishes = {1: (5,)}
    m.observe(view_for(state, 0))
    assert m.wishes == {1: (5,)}  # the same attempt: still heard
    m.tricks.append(Trick(0, (0, 1, 2, 3), (0, 1, 2, 3), 3))
    m.observe(view_for(new_attempt(4, 17, seed=4), 0))
    assert m.wishes == {} and m.tricks == []


# --- wishes said in turns (``Settings.claims``) ---------------------------------------------


def _asked(state, order, cfg_seed: str = "c") -> list:
    out = []
    for s in order:
        m = Memory(s)
        m.observe(view_for(state, s))
        out.append((s, view_for(state, s), m, random.Random(f"{cfg_seed}{s}")))
    return out


def test_claims_in_turns_give_each_task_to_one_seat_that_may_own_it() -> None:
    state = _free_choice()
    allowed = assignable(state)
    assert allowed == {1: (0, 1, 2, 3), 2: (0, 1, 2, 3)}
    cfg = replace(DEFAULT, task_samples=4)
    said = task_claims(_asked(state, (3, 0, 1, 2)), allowed, cfg)
    assert sorted(said) == [0, 1, 2, 3]
    told = [t for tasks in said.values() for t in tasks]
    assert len(told) == len(set(told)) and set(told) <= {1, 2}
    # seat 0 holds the yellow 9, 8 and 7 and no other seat more than the yellow 6: it asks for
    # the yellow 1 unless the captain, who speaks first, took it
    assert 2 in said[0] or 2 in said[3], said


def test_a_seat_never_asks_for_a_task_it_may_not_own() -> None:
    state = _free_choice()
    cfg = replace(DEFAULT, task_samples=4)
    said = task_claims(_asked(state, (3, 0, 1, 2)), {1: (1,), 2: (2,)}, cfg)
    assert set(said[0]) == set() and set(said[3]) == set()
    assert set(said[1]) <= {1} and set(said[2]) <= {2}


def test_the_first_to_speak_says_the_same_whatever_the_hidden_hands() -> None:
    # the captain speaks first: what it says rests on its own view alone, so swapping cards
    # between two other hands changes nothing
    state = _free_choice()
    h = list(state.hands)
    a, b = mask_of(parse_cards("G9")), mask_of(parse_cards("P3"))
    h[1], h[2] = (h[1] & ~a) | b, (h[2] & ~b) | a
    other = state._replace(hands=tuple(h))
    cfg = replace(DEFAULT, task_samples=4)
    first = {3: task_claims(_asked(state, (3,)), assignable(state), cfg)[3]}
    again = {3: task_claims(_asked(other, (3,)), assignable(other), cfg)[3]}
    assert view_for(state, 3).hand == view_for(other, 3).hand
    assert first == again


def test_the_table_hears_every_computer_in_turns_from_the_captain() -> None:
    state, _, memories, ask = _at_the_table()
    assert ask.seat == 3
    cfg = replace(DEFAULT, task_samples=3, claims=True, wish_weight=5.0)
    answer = job(
        ask,
        state,
        TableState(draw_seen=True),
        memories,
        lambda s: random.Random(f"t{s}"),
        cfg,
        detach=False,
    )()
    heard = memories[3].wishes
    assert sorted(heard) == [0, 1, 2, 3]  # the decider speaks too, first as the captain
    told = {t: s for s, tasks in heard.items() for t in tasks}
    assert told, heard  # seat 0 at least asks for the yellow 1 (see above)
    # with what was said weighing 5, the decider gives out a task that was asked for, to the
    # seat that asked for it
    assert isinstance(answer.action, Assign)
    assert told.get(answer.action.task) == answer.action.to, (answer.action, heard)


def test_the_order_of_the_talk_is_the_engines() -> None:
    state = _free_choice()  # seat 3 is the captain
    assert speaking_order(state) == (3, 0, 1, 2)
    assert talk_order(state, {0, 1, 2, 3}) == [3, 0, 1, 2]
    assert talk_order(state, {2, 0}) == [0, 2]


def test_two_volunteers_splitting_the_tasks_give_nothing_to_talk_about_in_turns() -> None:
    # mission 26: the two volunteers split the tasks; that is not a free choice
    state = new_attempt(4, 26, seed=3)
    while state.phase != Phase.ASSIGN and not state.result:
        state, _ = apply(state, next(iter(legal_actions(state))))
    assert state.phase == Phase.ASSIGN and len(state.volunteers) == 2
    assert assignable(state) == {}
    assert assignable(_free_choice()) == {1: (0, 1, 2, 3), 2: (0, 1, 2, 3)}
