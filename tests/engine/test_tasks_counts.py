"""Tasks that count captured cards (17-39, 85, 88, 89), each decided at its trick.

"At least" succeeds the moment the count is reached; "exactly", "none" and comparisons are decided
only when no matching card can still come (all of them out, or the end of the mission). Most
cases use ``MONO4`` (seat s holds one colour and one submarine; the leader wins unless a
submarine is played). ``finish`` plays on with every seat's lowest legal card: from the start of
``MONO4`` that gives trick k = Pk Bk Gk Yk (k = 1-9), all to seat 0, and S4 S1 S2 S3 last.
"""

from __future__ import annotations

import pytest
from helpers import MONO3, Case, D, F, P, case, rounds, run_case

# seat 3 wins tricks 1 and 2 (capturing B1, G1 and B2, G2), seat 0 takes the lead with S4 at
# trick 3 and wins to trick 9, seat 2 wins trick 10 with S2; the last blue and green go at 9
TWO_EACH = ["P1 B1 G1 S3", "Y1 P2 B2 G2", "Y2 S4 B3 G3"]
# seat 1 wins trick 1 (P1, G1, Y1), seat 0 takes over with S4 and wins to trick 9, seat 3 wins 10
SEAT1_FIRST = ["P1 S1 G1 Y1", "B1 G2 Y2 S4"]

CASES = [
    # 17-19: at least n of a value
    case("17-done", {17: 0}, ["P7 B7 G1 Y1"], {17: (D, 1)}, "won"),
    case("17-done-more-is-fine", {17: 0}, ["P7 B7 G7 Y7"], {17: (D, 1)}, "won"),
    case("17-failed", {17: 0}, ["P7 B7 G7 S3"], {17: (F, 1)}, "lost"),
    case("18-done", {18: 0}, ["P5 B5 G1 Y1", "P1 B1 G5 Y2"], {18: (D, 2)}, "won"),
    case("18-failed", {18: 0}, ["P5 B5 G1 S3"], {18: (F, 1)}, "lost"),
    case("19-done", {19: 0}, ["P9 B9 G9 Y1"], {19: (D, 1)}, "won"),
    case("19-failed", {19: 0}, ["P9 B9 G1 S3"], {19: (F, 1)}, "lost"),
    # 20-21: exactly n of a value, done once the last matching card is out
    case(
        "20-done-when-last-9-out",
        {20: 0},
        ["P9 B9 G1 Y1", "P1 B1 G9 S3", "Y9 P2 B2 G2"],
        {20: (D, 3)},
        "won",
    ),
    case("20-failed-too-many", {20: 0}, ["P9 B9 G9 Y1"], {20: (F, 1)}, "lost"),
    case(
        "20-failed-out-of-reach",
        {20: 0},
        ["P9 B1 G1 Y1", "P1 B9 G9 S3", "Y9 P2 B2 G2"],
        {20: (F, 3)},
        "lost",
    ),
    # three players: P9 stays in the 14-card hand; after trick 13 it counts as never played
    case(
        "20-done-leftover-3p",
        {20: 0},
        ["P1 B9 G9", "P2 B1 S2", "Y9 Y1 Y4"],
        {20: (D, 13)},
        "won",
        hands=MONO3,
        finish=True,
        avoid="P9",
    ),
    case(
        "21-done-when-last-6-out",
        {21: 0},
        ["P6 B6 G6 Y1", "P1 B1 G1 S3", "Y6 P2 B2 G2"],
        {21: (D, 3)},
        "won",
    ),
    case("21-failed-too-many", {21: 0}, ["P6 B6 G6 Y6"], {21: (F, 1)}, "lost"),
    # 22-23: at least n of a colour
    case("22-done", {22: 0}, rounds(1, 5), {22: (D, 5)}, "won"),
    case(
        "22-failed",
        {22: 0},
        ["P1 S1 G1 Y1", "B1 G2 Y2 P2", "B2 G3 Y3 P3", "B3 G4 Y4 P4", "B4 G5 Y5 P5"],
        {22: (F, 5)},
        "lost",
    ),
    case("23-done", {23: 0}, rounds(1, 7), {23: (D, 7)}, "won"),
    case(
        "23-failed",
        {23: 0},
        ["P1 B1 G1 S3", "Y1 P2 B2 G2", "Y2 P3 B3 G3", "Y3 P4 B4 G4"],
        {23: (F, 4)},
        "lost",
    ),
    # 24-27: exactly n of a colour
    case("24-done", {24: 1}, SEAT1_FIRST, {24: (D, 10)}, "won", finish=True),
    case("24-failed-too-many", {24: 1}, ["P1 S1 G1 Y1", "B1 G2 Y2 P2"], {24: (F, 2)}, "lost"),
    case("24-failed-none-won", {24: 2}, [], {24: (F, 9)}, "lost", finish=True),
    case("25-done-before-the-end", {25: 3}, TWO_EACH, {25: (D, 9)}, "won", finish=True),
    case("25-failed", {25: 3}, TWO_EACH[:2] + ["Y2 P3 B3 G3"], {25: (F, 3)}, "lost"),
    case("26-done-before-the-end", {26: 3}, TWO_EACH, {26: (D, 9)}, "won", finish=True),
    case("26-failed", {26: 3}, TWO_EACH[:2] + ["Y2 P3 B3 G3"], {26: (F, 3)}, "lost"),
    case(
        "27-done",
        {27: 3},
        ["P1 B1 G1 S3", "Y1 S4 B2 G2"],
        {27: (D, 10)},
        "won",
        finish=True,
    ),
    case("27-failed", {27: 3}, ["P1 B1 G1 S3", "Y1 P2 B2 G2"], {27: (F, 2)}, "lost"),
    # 28-37: win none; done as soon as every such card went to someone else
    case("28-done", {28: 1}, [], {28: (D, 9)}, "won", finish=True),
    case("28-failed", {28: 1}, ["P1 S1 G1 Y1"], {28: (F, 1)}, "lost"),
    case("29-done", {29: 1}, [], {29: (D, 9)}, "won", finish=True),
    case("29-failed", {29: 1}, ["P1 S1 G1 Y1"], {29: (F, 1)}, "lost"),
    case("30-done", {30: 1}, [], {30: (D, 9)}, "won", finish=True),
    case("30-failed", {30: 1}, ["P1 S1 G1 Y1"], {30: (F, 1)}, "lost"),
    case("31-done", {31: 2}, [], {31: (D, 9)}, "won", finish=True),
    case("31-failed", {31: 3}, ["P1 B1 G1 S3"], {31: (F, 1)}, "lost"),
    case("32-done", {32: 1}, [], {32: (D, 9)}, "won", finish=True),
    case("32-failed", {32: 3}, ["P1 B1 G1 S3"], {32: (F, 1)}, "lost"),
    case("33-done-all-9s-to-others", {33: 1}, ["P9 B9 G9 Y9"], {33: (D, 1)}, "won"),
    case("33-failed", {33: 1}, ["P9 S1 G1 Y1"], {33: (F, 1)}, "lost"),
    case("34-done-all-5s-to-others", {34: 1}, ["P5 B5 G5 Y5"], {34: (D, 1)}, "won"),
    case("34-failed", {34: 1}, ["P5 S1 G1 Y1"], {34: (F, 1)}, "lost"),
    # submarine 1 is not a 1: seat 3 captures it and still succeeds
    case(
        "35-done-s1-is-not-a-1",
        {35: 3},
        ["P2 S1 G2 S3", "Y2 S4 B1 G1", "P1 B2 G3 Y1"],
        {35: (D, 3)},
        "won",
    ),
    case("35-failed", {35: 3}, ["P1 B1 G1 S3"], {35: (F, 1)}, "lost"),
    case("36-done", {36: 1}, ["P8 B8 G8 Y8", "P9 B9 G9 Y9"], {36: (D, 2)}, "won"),
    case("36-failed-a-9", {36: 1}, ["P9 S1 G1 Y1"], {36: (F, 1)}, "lost"),
    case("36-failed-an-8", {36: 3}, ["P8 B1 G1 S3"], {36: (F, 1)}, "lost"),
    # submarines 1-3 are not coloured 1-3
    case(
        "37-done-submarines-do-not-count",
        {37: 3},
        ["P4 S1 G4 S3", "Y1 S4 B1 G1", "P1 B2 G2 Y2", "P2 B3 G3 Y3", "P3 B4 G5 Y5"],
        {37: (D, 5)},
        "won",
    ),
    case("37-failed", {37: 3}, ["P3 B4 G4 S3"], {37: (F, 1)}, "lost"),
    # 38-39: colours
    case("38-done", {38: 0}, ["P1 B1 G1 Y1"], {38: (D, 1)}, "won"),
    case("38-failed-colours-gone", {38: 1}, [], {38: (F, 9)}, "lost", finish=True),
    case("39-done-all-pinks", {39: 0}, [], {39: (D, 9)}, "won", finish=True),
    case(
        "39-failed-every-colour-touched",
        {39: 0},
        ["P1 B1 G1 S3", "Y1 P2 B2 G2"],
        {39: (F, 2)},
        "lost",
    ),
    # 85: as many pink as yellow, at least one each (mission total)
    case("85-done", {85: 1}, SEAT1_FIRST, {85: (D, 10)}, "won", finish=True),
    case(
        "85-failed-one-yellow-more",
        {85: 0},
        ["P1 B1 G1 S3", "Y1 S4 B2 G2"],
        {85: (F, 10)},
        "lost",
        finish=True,
    ),
    case("85-failed-none", {85: 2}, [], {85: (F, 9)}, "lost", finish=True),
    # 88-89: more of A than of B; zero B is allowed, zero A is not
    case(
        "88-done-one-pink-no-green",
        {88: 2},
        ["P1 B1 S2 Y1", "G1 Y2 S4 B2"],
        {88: (D, 10)},
        "won",
        finish=True,
    ),
    case("88-failed-no-pink", {88: 1}, [], {88: (F, 9)}, "lost", finish=True),
    case("88-failed-equal", {88: 0}, [], {88: (F, 9)}, "lost", finish=True),
    case("89-done-one-yellow-no-blue", {89: 1}, SEAT1_FIRST, {89: (D, 10)}, "won", finish=True),
    case("89-failed-no-yellow", {89: 2}, [], {89: (F, 9)}, "lost", finish=True),
]


@pytest.mark.parametrize("c", CASES, ids=str)
def test_task(c: Case) -> None:
    run_case(c)


def test_exactly_is_not_done_early() -> None:
    """Exactly two 9s won at trick 1, two 9s still unplayed: pending, the attempt goes on."""
    run_case(case("20-pending", {20: 0}, ["P9 B9 G1 Y1"], {20: (P, 0)}, ""))


def test_dont_win_pending_while_cards_remain() -> None:
    run_case(case("33-pending", {33: 1}, ["P9 B9 G9 Y1"], {33: (P, 0)}, ""))


def test_exactly_reached_then_exceeded() -> None:
    """Exactly one pink: one at trick 1 (pending), a second at trick 2 fails it."""
    state = run_case(case("24-pending", {24: 1}, ["P1 S1 G1 Y1"], {24: (P, 0)}, ""))
    assert state.counts == (0, 1, 0, 0)
