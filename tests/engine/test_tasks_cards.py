"""Tasks about winning named cards (1-16) and submarines (90-96), each decided at its trick.

Most cases use ``MONO4`` (seat s holds one colour and one submarine; the leader wins unless a
submarine is played). Tricks are written in play order, starting with the leader.
"""

from __future__ import annotations

import pytest
from helpers import MONO3, Case, D, F, P, case, run_case

# one trick (or a few) with all the named cards, won by seat 0: done for seat 0 at the last of
# them, failed for seat 1 at the first trick that gives one of them to seat 0
SPECIFIC = {
    1: ["P3 B1 G1 Y1"],
    2: ["P1 B1 G1 Y1"],
    3: ["P1 B4 G1 Y1"],
    4: ["P1 B1 G6 Y1"],
    5: ["P1 B1 G1 Y1", "P2 B2 G2 Y2", "P3 B3 G3 Y3"],
    6: ["P1 B6 G1 Y1", "P2 B1 G2 Y7"],
    7: ["P5 B1 G1 Y6"],
    8: ["P1 B8 G5 Y1"],
    9: ["P8 B5 G1 Y1"],
    10: ["P9 B1 G1 Y8"],
    11: ["P1 B1 G7 Y1"],
    12: ["P1 B7 G1 Y1", "P2 B1 G2 Y9"],
    13: ["P1 B1 G3 Y4", "P2 B2 G2 Y5"],
    14: ["P3 B3 G3 Y3"],
    15: ["P9 B9 G9 Y9"],
}

# trick 1 with S4 led (all submarines follow), then seat 0 leads pinks; seat 2 keeps G2 for the
# final trick 10, which seat 0 wins
G2_LAST = [
    "S4 S1 S2 S3",
    "P1 B1 G1 Y1",
    "P2 B2 G3 Y2",
    "P3 B3 G4 Y3",
    "P4 B4 G5 Y4",
    "P5 B5 G6 Y5",
    "P6 B6 G7 Y6",
    "P7 B7 G8 Y7",
    "P8 B8 G9 Y8",
    "P9 B9 G2 Y9",
]

CASES: list[Case] = []
for task, tricks in SPECIFIC.items():
    CASES.append(case(f"{task}-done", {task: 0}, tricks, {task: (D, len(tricks))}, "won"))
    CASES.append(case(f"{task}-failed-to-other", {task: 1}, tricks[:1], {task: (F, 1)}, "lost"))

CASES += [
    # a required card captured by another player after the others were won
    case(
        "5-failed-last-card-to-other",
        {5: 0},
        ["P1 B1 G1 Y1", "P2 B2 G2 Y2", "P3 B3 G3 S3"],
        {5: (F, 3)},
        "lost",
    ),
    case("7-failed-submarine-takes", {7: 0}, ["P5 S1 G1 Y6"], {7: (F, 1)}, "lost"),
    # submarine 3 is not one of the four 3s: capturing it does not complete task 14
    case(
        "14-submarine-3-does-not-count",
        {14: 0},
        ["P3 B3 G3 Y1", "S4 S1 S2 S3", "P1 B1 G1 Y3"],
        {14: (D, 3)},
        "won",
    ),
    case(
        "14-failed-y3-to-other",
        {14: 0},
        ["P3 B3 G3 Y1", "P1 B1 S2 Y3"],
        {14: (F, 2)},
        "lost",
    ),
    case("15-failed-submarine-takes", {15: 0}, ["P9 B9 G9 S3"], {15: (F, 1)}, "lost"),
    # three players: the 14-card hand keeps P3 unplayed, so task 1 fails after trick 13
    case(
        "1-failed-leftover-3p",
        {1: 0},
        [],
        {1: (F, 13)},
        "lost",
        hands=MONO3,
        finish=True,
        avoid="P3",
        ended=13,
    ),
    # 16: the final trick, won by the owner, with the green 2 in it
    case("16-done-final-trick", {16: 0}, G2_LAST, {16: (D, 10)}, "won", ended=10),
    case("16-failed-final-to-other", {16: 1}, G2_LAST, {16: (F, 10)}, "lost", ended=10),
    # green 2 in an earlier trick fails at once, even when the owner wins that trick
    case("16-failed-g2-early", {16: 0}, ["P1 B1 G2 Y1"], {16: (F, 1)}, "lost"),
    case(
        "16-failed-g2-leftover-3p",
        {16: 0},
        [],
        {16: (F, 13)},
        "lost",
        hands=MONO3,
        finish=True,
        avoid="G2",
    ),
    # submarines
    case("90-done", {90: 0}, ["S4 S1 S2 S3"], {90: (D, 1)}, "won"),
    case("90-failed", {90: 0}, ["P1 B1 G1 S3"], {90: (F, 1)}, "lost"),
    # S1 won; done once every other submarine is out (captured by another)
    case("91-done", {91: 1}, ["P1 S1 G1 Y1", "B1 S2 S3 S4"], {91: (D, 2)}, "won"),
    case("91-failed-s1-to-other", {91: 1}, ["P1 S1 S2 Y1"], {91: (F, 1)}, "lost"),
    case("91-failed-other-submarine", {91: 3}, ["P1 S1 G1 S3"], {91: (F, 1)}, "lost"),
    case("92-done", {92: 2}, ["P1 B1 S2 Y1", "G1 S3 S4 S1"], {92: (D, 2)}, "won"),
    case("92-failed-s2-to-other", {92: 2}, ["P1 S1 S2 S3"], {92: (F, 1)}, "lost"),
    case("92-failed-other-submarine", {92: 2}, ["P1 S1 S2 Y1"], {92: (F, 1)}, "lost"),
    case("93-done", {93: 1}, ["P1 S1 G1 Y1", "B1 S2 S3 S4"], {93: (D, 2)}, "won"),
    case("93-failed-too-many", {93: 0}, ["S4 S1 S2 S3"], {93: (F, 1)}, "lost"),
    case("93-failed-none-left", {93: 2}, ["S4 S1 S2 S3"], {93: (F, 1)}, "lost"),
    case("94-done", {94: 2}, ["P1 S1 S2 Y1", "G1 S3 S4 B1"], {94: (D, 2)}, "won"),
    case("94-failed", {94: 0}, ["S4 S1 S2 S3"], {94: (F, 1)}, "lost"),
    case("95-done", {95: 3}, ["P1 S1 S2 S3", "Y1 S4 B1 G1"], {95: (D, 2)}, "won"),
    case("95-failed", {95: 0}, ["S4 S1 S2 S3"], {95: (F, 1)}, "lost"),
    # three players: S4 stays in the 14-card hand for ever, so exactly three is done at trick 13
    case(
        "95-done-s4-leftover-3p",
        {95: 2},
        ["P1 S1 S3", "G1 G2 B1", "P2 B2 S2"],
        {95: (D, 13)},
        "won",
        hands=MONO3,
        finish=True,
        avoid="S4",
    ),
    case("96-done-all-to-others", {96: 1}, ["S4 S1 S2 S3"], {96: (D, 1)}, "won"),
    case("96-failed", {96: 1}, ["P1 S1 G1 Y1"], {96: (F, 1)}, "lost"),
]


@pytest.mark.parametrize("c", CASES, ids=str)
def test_task(c: Case) -> None:
    run_case(c)


def test_specific_cards_pending_until_the_last_one() -> None:
    """Task 5 after two of its three cards: still pending, the attempt goes on."""
    run_case(case("5-pending", {5: 0}, SPECIFIC[5][:2], {5: (P, 0)}, ""))


def test_exactly_three_submarines_pending_while_s4_unplayed() -> None:
    run_case(case("95-pending", {95: 3}, ["P1 S1 S2 S3"], {95: (P, 0)}, ""))
