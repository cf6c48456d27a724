"""The engine's compact search form against ``apply``: same winners, statuses and results."""

from __future__ import annotations

import random

import pytest
from gen import random_action, random_start

from crew.engine import Phase, Play, apply
from crew.engine.search import LOST, OPEN, WON, SearchForm

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
