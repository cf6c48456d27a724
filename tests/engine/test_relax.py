"""Parts of an attempt (``crew.engine.relax.keep_tasks``): the same hands and play so far with
fewer tasks, and a line that wins the whole always wins the part (so a lost part means a lost
whole)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers import MONO4, NORMAL, table

from crew.engine import Phase, apply, legal_actions
from crew.engine.actions import Signal
from crew.engine.relax import PartError, keep_tasks
from crew.engine.setup import SetupError, new_attempt


def test_a_part_keeps_the_hands_and_the_chosen_tasks_with_their_owners() -> None:
    # task 1 "win P3" to seat 0, 3 "win B4" to seat 1, 40 "win the first trick" to seat 2
    state = table(MONO4, {1: 0, 3: 1, 40: 2})
    part = keep_tasks(state, [2, 0])
    assert part.setup.task_ids == (1, 40)
    assert part.owners == (0, 2)
    assert part.status == (state.status[0], state.status[2])
    assert part.hands == state.hands and part.leader == state.leader
    assert part.setup.rules == state.setup.rules
    assert part.setup.captain == state.setup.captain
    assert part.setup.total_tricks == state.setup.total_tricks


def test_a_part_may_drop_the_missions_conditions() -> None:
    rules = replace(NORMAL, conditions=("balance_9s",))
    state = table(MONO4, {1: 0, 3: 1}, rules=rules)
    assert keep_tasks(state, [0]).setup.rules.conditions == ("balance_9s",)
    assert keep_tasks(state, [0], conditions=False).setup.rules.conditions == ()


def test_what_is_not_a_part_is_refused() -> None:
    state = table(MONO4, {1: 0, 3: 1})
    with pytest.raises(PartError, match="at least one task"):
        keep_tasks(state, [])
    with pytest.raises(PartError, match="task index 5"):
        keep_tasks(state, [5])
    before = new_attempt(4, None, seed=7, difficulty=4)
    assert before.phase != Phase.PLAY
    with pytest.raises(PartError, match="trick phase"):
        keep_tasks(before, [0])


def _random_attempt(rng: random.Random):  # type: ignore[no-untyped-def]
    while True:
        try:
            state = new_attempt(
                rng.choice((3, 4, 5)), None, seed=rng.randrange(1 << 30), difficulty=7
            )
        except SetupError:
            continue
        while state.phase != Phase.PLAY and not state.result:
            state, _ = apply(state, rng.choice(list(legal_actions(state))))
        if not state.result and len(state.setup.task_ids) >= 2:
            return state


@pytest.mark.parametrize("seed", range(4))
def test_a_line_that_wins_or_loses_the_whole_does_no_worse_in_a_part(seed: int) -> None:
    """Random lines played in the whole and in a part side by side: the part is never lost
    later than the whole would let it be, and whenever the whole is won the part is won by
    then; the part's failure is always a failure of the whole, at the same trick or before."""
    rng = random.Random(5000 + seed)
    for _ in range(40):
        whole = _random_attempt(rng)
        n = len(whole.setup.task_ids)
        keep = rng.sample(range(n), rng.randint(1, n - 1))
        part = keep_tasks(whole, keep)
        while not whole.result:
            actions = [a for a in legal_actions(whole) if not isinstance(a, Signal)]
            action = rng.choice(actions)
            whole, _ = apply(whole, action)
            if not part.result:
                part, _ = apply(part, action)
            if part.result == "lost":
                assert whole.result == "lost"
        if whole.result == "won":
            assert part.result == "won"
            assert len(part.tricks) <= len(whole.tricks)
