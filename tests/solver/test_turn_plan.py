"""The main search's turns: which restart each is, and how many positions it gets."""

from crew.solver.solver import FIRST_TURN, turn_plan


def test_a_large_search_alternates_its_two_ways_with_luby_budgets() -> None:
    plans = [turn_plan(t, small=False) for t in range(16)]
    assert [r for r, _ in plans] == list(range(16))
    # pairs of turns follow 1, 1, 2, 1, 1, 2, 4, 1 (times the first turn's positions)
    assert [p // FIRST_TURN for _, p in plans] == [1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 2, 2, 4, 4, 1, 1]


def test_the_luby_budgets_keep_growing() -> None:
    # a deal that needs a long search still gets one: some turn has 64 times the first
    assert max(turn_plan(t, small=False)[1] for t in range(256)) == 64 * FIRST_TURN


def test_a_small_search_starts_card_by_card_and_doubles() -> None:
    plans = [turn_plan(t, small=True) for t in range(4)]
    assert plans == [(1, FIRST_TURN), (2, 2 * FIRST_TURN), (3, 4 * FIRST_TURN), (4, 8 * FIRST_TURN)]
