"""Tasks about the cards of one trick the owner wins (65-71, 86, 87) and winning with a card
(72-80), each decided at its trick.

Values are coloured cards only (rulings 11-12): a trick with a submarine never counts for 65-71,
and a submarine 2/3/4 is not a 2/3/4. These tasks fail as soon as the unplayed cards can no
longer form a qualifying trick. Most cases use ``MONO4`` (seat s holds one colour and one
submarine; the leader wins unless a submarine is played); ``finish`` plays on with every seat's
lowest legal card, which from the start of ``MONO4`` gives trick k = Pk Bk Gk Yk (k = 1-9), all
won by seat 0.
"""

from __future__ import annotations

import pytest
from helpers import MONO3, MONO5, TONO, TONO_PILES, Case, D, F, P, case, run_case


def tono(name: str, task: int, trick: str, status: str) -> Case:
    """Two players with Tonoja: seat 0 leads, seat 1 and Tonoja (face-up greens) follow."""
    decided = (D, 1) if status == D else (P, 0)
    return case(
        name,
        {task: 0},
        [trick],
        {task: decided},
        "won" if status == D else "",
        hands=TONO,
        piles=TONO_PILES,
    )


CASES = [
    # 65: every card above 5, no submarine
    case("65-done", {65: 0}, ["P6 B7 G8 Y9"], {65: (D, 1)}, "won"),
    case("65-pending-submarine-in-trick", {65: 3}, ["P6 B7 G8 S3"], {65: (P, 0)}, ""),
    # after trick 9 no coloured card above 5 is left (the submarines do not count)
    case("65-failed-no-cards-left", {65: 1}, [], {65: (F, 9)}, "lost", finish=True),
    # 66: every card below 7, no submarine (submarine 3 would be "below 7")
    case("66-done", {66: 0}, ["P1 B2 G3 Y4"], {66: (D, 1)}, "won"),
    case("66-pending-submarine-in-trick", {66: 3}, ["P1 B2 G3 S3"], {66: (P, 0)}, ""),
    case("66-failed-no-cards-left", {66: 1}, [], {66: (F, 6)}, "lost", finish=True),
    # 67: total above 23 / 28 / 31 (3 / 4 / 5 players; Tonoja: 3-player value)
    case("67-done-4p-30", {67: 0}, ["P9 B8 G7 Y6"], {67: (D, 1)}, "won"),
    case("67-pending-4p-28", {67: 0}, ["P9 B8 G7 Y4"], {67: (P, 0)}, ""),
    case("67-done-3p-24", {67: 0}, ["P9 B8 G7"], {67: (D, 1)}, "won", hands=MONO3),
    case("67-pending-3p-23", {67: 0}, ["P9 B8 G6"], {67: (P, 0)}, "", hands=MONO3),
    case("67-done-5p-32", {67: 0}, ["P8 B8 G7 Y8 P1"], {67: (D, 1)}, "won", hands=MONO5),
    case("67-pending-5p-31", {67: 0}, ["P8 B7 G7 Y8 P1"], {67: (P, 0)}, "", hands=MONO5),
    case("67-done-5p-41-seat-4", {67: 4}, ["P8 B8 G8 Y8 P9"], {67: (D, 1)}, "won", hands=MONO5),
    tono("67-done-tonoja-24", 67, "P9 B9 G6", D),
    tono("67-pending-tonoja-23", 67, "P9 B8 G6", P),
    # 9 + 9 + 9 + submarine 3 would be 30
    case("67-pending-submarine-in-trick", {67: 3}, ["P9 B9 G9 S3"], {67: (P, 0)}, ""),
    case("67-failed-no-cards-left", {67: 1}, [], {67: (F, 9)}, "lost", finish=True),
    # 68: total below 8 / 12 / 16
    case("68-done-4p-11", {68: 0}, ["P1 B2 G3 Y5"], {68: (D, 1)}, "won"),
    case("68-pending-4p-12", {68: 0}, ["P1 B2 G3 Y6"], {68: (P, 0)}, ""),
    case("68-done-3p-7", {68: 0}, ["P1 B2 G4"], {68: (D, 1)}, "won", hands=MONO3),
    case("68-pending-3p-8", {68: 0}, ["P1 B2 G5"], {68: (P, 0)}, "", hands=MONO3),
    case("68-done-5p-15", {68: 0}, ["P4 B3 G3 Y4 P1"], {68: (D, 1)}, "won", hands=MONO5),
    case("68-pending-5p-16", {68: 0}, ["P5 B3 G3 Y4 P1"], {68: (P, 0)}, "", hands=MONO5),
    tono("68-done-tonoja-7", 68, "P1 B2 G4", D),
    tono("68-pending-tonoja-8", 68, "P1 B2 G5", P),
    # the lowest four unplayed coloured cards are 3+3+3+3 = 12 after trick 2
    case("68-failed-too-high-left", {68: 1}, [], {68: (F, 2)}, "lost", finish=True),
    # 69: total exactly 22 or 23 (any player count)
    case("69-done-22", {69: 0}, ["P9 B8 G4 Y1"], {69: (D, 1)}, "won"),
    case("69-done-23", {69: 0}, ["P9 B8 G5 Y1"], {69: (D, 1)}, "won"),
    case("69-pending-21", {69: 0}, ["P9 B8 G3 Y1"], {69: (P, 0)}, ""),
    case("69-pending-24", {69: 0}, ["P9 B8 G6 Y1"], {69: (P, 0)}, ""),
    case("69-done-3p-22", {69: 0}, ["P9 B8 G5"], {69: (D, 1)}, "won", hands=MONO3),
    # after trick 5 the lowest four unplayed values total 24
    case("69-failed-out-of-reach", {69: 1}, [], {69: (F, 5)}, "lost", finish=True),
    # 70-71: all even / all odd, no submarine (submarine 2 is even, 3 is odd)
    case("70-done", {70: 0}, ["P2 B4 G6 Y8"], {70: (D, 1)}, "won"),
    case("70-pending-submarine-2", {70: 2}, ["P2 B4 S2 Y8"], {70: (P, 0)}, ""),
    case("70-failed-no-evens-left", {70: 1}, [], {70: (F, 8)}, "lost", finish=True),
    case("71-done", {71: 0}, ["P1 B3 G5 Y7"], {71: (D, 1)}, "won"),
    case("71-pending-submarine-3", {71: 3}, ["P1 B3 G5 S3"], {71: (P, 0)}, ""),
    case("71-failed-no-odds-left", {71: 1}, [], {71: (F, 9)}, "lost", finish=True),
    # 86-87: as many cards of two colours in one trick, at least one each; submarines allowed
    case("86-done", {86: 0}, ["P1 B1 G1 Y1"], {86: (D, 1)}, "won"),
    case("86-done-with-submarine", {86: 1}, ["P1 S1 G1 Y1"], {86: (D, 1)}, "won"),
    case("86-pending-no-yellow", {86: 3}, ["P1 B1 G1 S3"], {86: (P, 0)}, ""),
    case("86-failed-colours-gone", {86: 1}, [], {86: (F, 9)}, "lost", finish=True),
    case("87-done", {87: 0}, ["P1 B1 G1 Y1"], {87: (D, 1)}, "won"),
    case("87-done-with-submarine", {87: 2}, ["P1 B1 S2 Y1"], {87: (D, 1)}, "won"),
    case("87-pending-no-blue", {87: 1}, ["P1 S1 G1 Y1"], {87: (P, 0)}, ""),
    case("87-failed-colours-gone", {87: 2}, [], {87: (F, 9)}, "lost", finish=True),
    # 72-75: the owner's own coloured 2 / 3 / 5 / 6 takes the trick
    case("72-done", {72: 0}, ["P2 B1 G1 Y1"], {72: (D, 1)}, "won"),
    case("72-failed-all-2s-out", {72: 1}, ["P2 B2 G2 Y2"], {72: (F, 1)}, "lost"),
    case("72-pending-submarine-2", {72: 2}, ["P1 B1 S2 Y1"], {72: (P, 0)}, ""),
    case("73-done", {73: 0}, ["P3 B1 G1 Y1"], {73: (D, 1)}, "won"),
    case("73-failed-all-3s-out", {73: 1}, ["P3 B3 G3 Y3"], {73: (F, 1)}, "lost"),
    case("73-pending-submarine-3", {73: 3}, ["P1 B1 G1 S3"], {73: (P, 0)}, ""),
    case("74-done", {74: 0}, ["P5 B1 G1 Y1"], {74: (D, 1)}, "won"),
    case("74-failed-all-5s-out", {74: 1}, ["P5 B5 G5 Y5"], {74: (F, 1)}, "lost"),
    case("75-done", {75: 0}, ["P6 B1 G1 Y1"], {75: (D, 1)}, "won"),
    case("75-failed-all-6s-out", {75: 1}, ["P6 B6 G6 Y6"], {75: (F, 1)}, "lost"),
    case("75-pending-partner-6-wins", {75: 1}, ["P6 B1 G1 Y1"], {75: (P, 0)}, ""),
    # 76: a 5 taken by the owner's own 7
    case("76-done", {76: 0}, ["P7 B5 G1 Y1"], {76: (D, 1)}, "won"),
    case("76-pending-own-7-not-winning", {76: 1}, ["P5 B7 G1 Y1"], {76: (P, 0)}, ""),
    case("76-pending-won-with-submarine", {76: 1}, ["P7 S1 G5 Y1"], {76: (P, 0)}, ""),
    case("76-failed-all-5s-out", {76: 0}, ["P5 B5 G5 Y5"], {76: (F, 1)}, "lost"),
    case("76-failed-all-7s-out", {76: 0}, ["P7 B7 G7 Y7"], {76: (F, 1)}, "lost"),
    # 77: a second 6 taken by the owner's own 6
    case("77-done", {77: 0}, ["P6 B6 G1 Y1"], {77: (D, 1)}, "won"),
    case("77-pending-single-6", {77: 0}, ["P6 B1 G1 Y1"], {77: (P, 0)}, ""),
    case("77-pending-own-6-not-winning", {77: 1}, ["P6 B6 G1 Y1"], {77: (P, 0)}, ""),
    case("77-failed-one-6-left", {77: 0}, ["P6 B6 G6 S3"], {77: (F, 1)}, "lost"),
    # 78: an 8 taken by the owner's own coloured 4 (submarine 4 does not count)
    case("78-done", {78: 0}, ["P4 B8 G1 Y1"], {78: (D, 1)}, "won"),
    case("78-pending-submarine-4", {78: 0}, ["P1 B1 G1 S3", "Y8 S4 B2 G2"], {78: (P, 0)}, ""),
    case("78-pending-own-4-not-winning", {78: 1}, ["P4 B4 G8 Y1"], {78: (P, 0)}, ""),
    case("78-failed-all-4s-out", {78: 1}, ["P4 B4 G4 Y4"], {78: (F, 1)}, "lost"),
    # only P4 and P8 are left: a pink 4 can never take a trick holding the pink 8
    case(
        "78-failed-only-same-colour-left",
        {78: 0},
        ["P1 B4 G4 Y4", "P2 B8 G8 Y8"],
        {78: (F, 2)},
        "lost",
    ),
    # 79-80: the pink 7 / green 9 taken by the owner's submarine
    case("79-done", {79: 1}, ["P7 S1 G1 Y1"], {79: (D, 1)}, "won"),
    case("79-failed-no-submarine", {79: 1}, ["P7 B1 G1 Y1"], {79: (F, 1)}, "lost"),
    case("79-failed-higher-submarine", {79: 1}, ["P7 S1 S2 Y1"], {79: (F, 1)}, "lost"),
    case("79-failed-submarines-gone", {79: 1}, ["S4 S1 S2 S3"], {79: (F, 1)}, "lost"),
    case("80-done", {80: 1}, ["P1 S1 G9 Y1"], {80: (D, 1)}, "won"),
    case("80-failed", {80: 1}, ["P1 B1 G9 Y1"], {80: (F, 1)}, "lost"),
]


@pytest.mark.parametrize("c", CASES, ids=str)
def test_task(c: Case) -> None:
    run_case(c)
