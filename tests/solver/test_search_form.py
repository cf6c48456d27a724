"""The engine's compact search form against ``apply``: same winners, statuses and results."""

from __future__ import annotations

import random

import pytest
from gen import random_action, random_start

from crew.engine import Phase, Play, apply
from crew.engine.search import LOST, OPEN, WON, Node, SearchForm
from crew.engine.setup import new_attempt

RESULT = {"": OPEN, "won": WON, "lost": LOST}


@pytest.mark.parametrize("block", range(6))
def test_form_follows_apply_card_by_card(block: int) -> None:
    rng = random.Random(700 + block)
    games = 0
    while games < 120:
        state = random_start(rng)
        while not state.result and state.phase != Phase.PLAY:
            state, _ = apply(state, random_action(state, rng))  # type: ignore[arg-type]
        if state.result:
            continue
        games += 1
        form = SearchForm(state)
        node = form.start(state)
        while not state.result:
            action = random_action(state, rng)
            before = state
            state, _ = apply(state, action)  # type: ignore[arg-type]
            if not isinstance(action, Play):
                continue
            assert form.legal(node) >> action.card & 1
            node = form.play(node, action.card)
            assert node.result == RESULT[state.result], (before.tricks, action, state.reason)
            if state.result == "lost" and not state.trick_cards == ():
                # lost part-way into a trick: statuses of lead checks agree
                assert node.status == state.status
                break
            assert node.hands == state.hands
            assert node.piles == state.piles
            assert node.tricks == state.tricks
            assert node.won == state.won and node.counts == state.counts
            assert node.status == state.status
            assert node.leader == state.leader or state.result
            if not state.result:
                assert node.turn == state.turn


def test_form_legal_matches_engine() -> None:
    from crew.engine import legal_plays

    rng = random.Random(5)
    for _ in range(60):
        state = random_start(rng)
        while not state.result:
            if state.phase == Phase.PLAY:
                form = SearchForm(state)
                node = form.start(state)
                want = sum(1 << c for c in legal_plays(state))
                assert form.legal(node) == want
            state, _ = apply(state, random_action(state, rng))  # type: ignore[arg-type]


def _counted(task: int, owner_after_captain: int) -> tuple[SearchForm, Node, int, int]:
    """A four-player deal at its first trick with ``task`` for the seat that many places after
    the captain: the form, its first node, the captain and the owner."""
    state = new_attempt(4, None, seed=3, tasks=[task], difficulty=1)
    cap = state.setup.captain
    owner = (cap + owner_after_captain) % 4
    state = state._replace(phase=Phase.PLAY, owners=(owner,), turn=cap, leader=cap)
    form = SearchForm(state)
    return form, form.start(state), cap, owner


def _counts(**by_seat: int) -> tuple[int, ...]:
    counts = [0, 0, 0, 0]
    for seat, n in by_seat.items():
        counts[int(seat[1:])] = n
    return tuple(counts)


def test_the_key_keeps_only_the_part_of_the_trick_counts_a_task_depends_on() -> None:
    # task 59: more tricks than the captain. Counts with the same lead over the captain play
    # out the same way whoever else won what; a different lead does not
    form, node, cap, owner = _counted(59, 1)
    other = next(s for s in range(4) if s not in (cap, owner))
    a = form.key(node._replace(counts=_counts(**{f"s{owner}": 2, f"s{cap}": 1})))
    b = form.key(node._replace(counts=_counts(**{f"s{owner}": 1, f"s{other}": 2})))
    c = form.key(node._replace(counts=_counts(**{f"s{owner}": 1, f"s{cap}": 1, f"s{other}": 1})))
    assert a == b != c
    # task 52: exactly two tricks: the owner's own count alone
    form, node, cap, owner = _counted(52, 2)
    other = next(s for s in range(4) if s != owner)
    a = form.key(node._replace(counts=_counts(**{f"s{owner}": 2, f"s{other}": 1})))
    b = form.key(node._replace(counts=_counts(**{f"s{owner}": 2})))
    c = form.key(node._replace(counts=_counts(**{f"s{owner}": 1, f"s{other}": 2})))
    assert a == b != c
