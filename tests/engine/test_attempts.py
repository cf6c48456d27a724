"""Retrying a mission: new deal, same tasks or a new draw; distress stays active."""

from __future__ import annotations

from crew.engine import Distress, apply, distress_choices, legal_actions, new_attempt
from crew.engine.attempts import attempt_seed, retry
from crew.engine.tasks import get_task


def _difficulty(ids: tuple[int, ...], crew: int) -> int:
    return sum(get_task(t).difficulty_for(crew) for t in ids)


def test_attempt_seed() -> None:
    assert attempt_seed(42, 1) == "42"
    assert attempt_seed(42, 3) == "42/3"


def test_retry_same_tasks_new_deal() -> None:
    first = new_attempt(4, 7, seed=5)
    again = retry(first, attempt_seed(5, 2), same_tasks=True)
    assert again.setup.task_ids == first.setup.task_ids
    assert again.hands != first.hands
    assert again.setup.rules.mission == 7


def test_retry_new_draw_avoids_the_used_tasks() -> None:
    first = new_attempt(4, 7, seed=5)
    again = retry(first, attempt_seed(5, 2), same_tasks=False)
    assert not set(again.setup.task_ids) & set(first.setup.task_ids)
    assert _difficulty(again.setup.task_ids, 4) == 6


def test_retry_keeps_free_play_difficulty_and_players() -> None:
    first = new_attempt(3, None, seed="x", difficulty=9)
    again = retry(first, "x/2", same_tasks=False)
    assert again.setup.players == 3
    assert again.setup.rules.difficulty == 9
    assert _difficulty(again.setup.task_ids, 3) == 9


def test_distress_stays_active_for_later_attempts() -> None:
    state = new_attempt(4, 2, seed=9)
    while state.phase not in ("play", "predict"):
        state, _ = apply(state, legal_actions(state)[0])
    assert not state.setup.distress_active
    cards = tuple(choice[0] for choice in distress_choices(state))
    state, _ = apply(state, Distress("left", cards))
    assert state.distress == "left"
    again = retry(state, attempt_seed(9, 2), same_tasks=True)
    assert again.setup.distress_active
    assert again.distress == ""  # passing again is optional
    third = retry(again, attempt_seed(9, 3), same_tasks=True)
    assert third.setup.distress_active


def test_retry_is_reproducible() -> None:
    first = new_attempt(5, 11, seed=1)
    a = retry(first, "1/2", same_tasks=False)
    b = retry(first, "1/2", same_tasks=False)
    assert a == b


def test_discard_pile_lasts_over_many_attempts() -> None:
    """Ruling 15: no task comes back while the stack can still reach the difficulty; before,
    attempt 3 shared a task with attempt 1 in 49 of 200 seeds."""
    for seed in range(200):
        state = new_attempt(4, 7, seed=seed)
        seen = set(state.setup.task_ids)
        for attempt in (2, 3, 4):
            state = retry(state, attempt_seed(seed, attempt), same_tasks=False)
            ids = set(state.setup.task_ids)
            assert not ids & seen, (seed, attempt)
            seen |= ids
            assert set(state.setup.discard) == seen


def test_same_tasks_keep_the_pile() -> None:
    first = new_attempt(4, 7, seed=3)
    again = retry(first, attempt_seed(3, 2), same_tasks=True)
    assert again.setup.discard == first.setup.discard
    third = retry(again, attempt_seed(3, 3), same_tasks=False)
    assert not set(third.setup.task_ids) & set(first.setup.task_ids)


def test_a_new_mission_avoids_the_pile_and_reshuffles_when_short() -> None:
    pile = tuple(range(1, 97))
    pile_but_ones = tuple(t for t in pile if get_task(t).difficulty_for(4) != 1)
    state = new_attempt(4, 2, seed=9, exclude_tasks=pile_but_ones)
    # only difficulty-1 cards were left in the stack: mission 2 draws two of them
    assert all(get_task(t).difficulty_for(4) == 1 for t in state.setup.task_ids)
    assert set(state.setup.discard) == set(pile_but_ones) | set(state.setup.task_ids)
    # everything on the pile: it is shuffled back, and the pile starts again with this draw
    full = new_attempt(4, 2, seed=9, exclude_tasks=pile)
    assert full.setup.discard == tuple(sorted(full.setup.task_ids))
