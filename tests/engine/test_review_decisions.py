"""Review: tasks decided as soon as public information settles them (rules F1, F3, F4).

A task is done the moment it can no longer be spoiled, and the mission is won as soon as every
task is done, possibly before the last trick. These cases pin decisions that follow from the
cards played and the tricks that remain, without looking at any hand.
"""

from __future__ import annotations

import pytest
from helpers import D, P, case, rounds, run_case

from crew.engine.draw import draw_tasks
from crew.engine.missions import mission_rules
from crew.engine.seeded import make_rng
from crew.engine.tasks import conflicts, get_task

# Every pink and green card is out after trick 6; seat 0 wins every trick.
PG_EARLY = (
    "S4 P9 P8 P7 G9 G8 G7 B1 B2 B3",
    "S1 P1 P2 G1 G2 B4 B5 B6 B7 B8",
    "S2 P3 P4 G3 G4 B9 Y1 Y2 Y3 Y4",
    "S3 P5 P6 G5 G6 Y5 Y6 Y7 Y8 Y9",
)
PG_EARLY_TRICKS = [
    "P9 P1 P3 P5",
    "P8 P2 P4 P6",
    "P7 G1 G3 G5",
    "G9 G2 G4 G6",
    "G8 B4 B9 Y5",
    "G7 B5 Y1 Y6",
]
# Trick 1 is all submarines; then seat 0 leads P1-P8 and wins; P9, B9, G9, Y9 are left.
SUBS_FIRST = ["S4 S1 S2 S3"] + rounds(1, 8)

CASES = [
    # 81: once no pink and no green card is unplayed, nobody can lead one any more
    case(
        "81-done-when-no-pink-or-green-is-left",
        {81: 1},
        PG_EARLY_TRICKS,
        {81: (D, 6)},
        "won",
        hands=PG_EARLY,
        ended=6,
    ),
    case(
        "81-pending-while-a-green-is-left",
        {81: 1},
        PG_EARLY_TRICKS[:5],
        {81: (P, 0)},
        "",
        hands=PG_EARLY,
    ),
    # 82: before the last trick the only lead left is seat 0's, so seat 1 can no longer break it
    case("82-done-when-the-owner-cannot-lead-again", {82: 1}, SUBS_FIRST, {82: (D, 9)}, "won"),
    # ... but the owner who leads the last trick could still lead one of the colours
    case(
        "82-pending-when-the-owner-leads-the-last-trick",
        {82: 1},
        rounds(1, 8) + ["P9 S1 G9 Y9"],
        {82: (P, 0)},
        "",
    ),
    # 58: with one trick left, an owner who did not win the trick before cannot win two in a row
    case("58-done-one-trick-left-after-a-loss", {58: 1}, rounds(1, 9), {58: (D, 9)}, "won"),
    case(
        "58-pending-one-trick-left-after-a-win",
        {58: 1},
        rounds(1, 8) + ["P9 S1 G9 Y9"],
        {58: (P, 0)},
        "",
    ),
]


@pytest.mark.parametrize("c", CASES, ids=str)
def test_decided_as_soon_as_public_information_settles_it(c: object) -> None:
    run_case(c)  # type: ignore[arg-type]


# Seeds whose draw for mission 26 (real time, difficulty 10, five players) turned up exactly two
# conflicting tasks before the fix: {73, 14}, {64, 53} and {14, 39}.
CONFLICT_SEEDS = (1175, 2176, 5210)


@pytest.mark.parametrize("seed", CONFLICT_SEEDS)
def test_two_volunteers_never_get_exactly_two_conflicting_tasks(seed: int) -> None:
    """Rule C5 / ruling 16: each of two volunteers takes at least one task, so with exactly two
    tasks they go to different players and a conflicting pair must be replaced (same difficulty).
    """
    kept = draw_tasks(make_rng(seed), mission_rules(26, timed=True), 5)
    assert len(kept) == 2
    assert sum(get_task(t).difficulty_for(5) for t in kept) == 10
    assert not conflicts(kept[0], kept[1], 5), kept


def test_two_volunteers_keep_a_conflicting_pair_among_more_tasks() -> None:
    """With three or more tasks one volunteer can take both cards of a pair: nothing is swapped.
    (Seed 92 draws 14 'all four 3s' and 1 'win the pink 3' among four tasks.)"""
    kept = draw_tasks(make_rng(92), mission_rules(26, timed=True), 5)
    assert kept == [10, 14, 90, 1]
    assert conflicts(14, 1, 5)
