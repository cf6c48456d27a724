"""Tasks about which and how many tricks are won (40-64), leads (81-82) and predictions (83-84).

Most cases use ``MONO4`` (seat s holds one colour and one submarine; the leader wins unless a
submarine is played). ``finish`` plays on with every seat's lowest legal card. The scripts below
fix who wins each trick.
"""

from __future__ import annotations

import pytest
from helpers import (
    MONO3,
    MONO4,
    MONO5,
    TONO,
    TONO_PILES,
    Case,
    D,
    F,
    P,
    case,
    play,
    rounds,
    run_case,
    table,
)

from crew.engine import card_str, view_for

# winners 0 0 0 2 0 3 1 1 1 1: seat 0 has 4 (a run of 3), seat 1 4 (a run of 4), seats 2, 3 one
W = rounds(1, 3) + [
    "P4 B4 S2 Y4",
    "G4 Y5 S4 B5",
    "P5 B6 G5 S3",
    "Y6 P6 S1 G6",
    "B7 G7 Y7 P7",
    "B8 G8 Y8 P8",
    "B9 G9 Y9 P9",
]
# with finish: seat 1 wins tricks 1-9 (leading blues), seat 0 wins trick 10 with S4
LEAD1 = ["P1 S1 G1 Y1"]
# with finish: winners 1 0 0 0 0 0 0 0 0 3
SEAT1_FIRST = ["P1 S1 G1 Y1", "B1 G2 Y2 S4"]
# with finish: winners 3 3 0 0 0 0 0 0 0 2
TWO_EACH = ["P1 B1 G1 S3", "Y1 P2 B2 G2", "Y2 S4 B3 G3"]
# with finish: winners 1 1 1 0 0 0 0 0 0 3
THREE_RUN = ["P1 S1 G1 Y1", "B1 G2 Y2 P2", "B2 G3 Y3 P3", "B3 G4 Y4 S4"]

# seat 1 holds pinks and follows with them, but only ever leads blue or a submarine
PINK_FOLLOWER = (
    "S4 P1 P3 P5 P7 P9 B1 B2 B3 B4",
    "S1 P2 P4 P6 P8 B5 B6 B7 B8 B9",
    "S2 G1 G2 G3 G4 G5 G6 G7 G8 G9",
    "S3 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
)
PINK_FOLLOWER_TRICKS = [
    "P1 P2 G1 Y1",
    "B5 G2 Y2 B1",
    "S1 S2 S3 S4",
    "P5 P4 G3 Y3",
    "P7 P6 G4 Y4",
    "P9 P8 G5 Y5",
    "P3 B6 G6 Y6",
    "B2 B7 G7 Y7",
    "B8 G8 Y8 B3",
    "B9 G9 Y9 B4",
]

FIVE_FOR_SEAT0 = [
    "P2 B2 G2 Y2 P1",
    "S4 S1 S2 S3 P9",
    "P3 B3 G3 Y3 B1",
    "P4 B4 G4 Y4 G1",
    "P5 B5 G5 Y5 Y1",
]

CASES = [
    # 40-49: first / last tricks
    case("40-done", {40: 0}, ["P1 B1 G1 Y1"], {40: (D, 1)}, "won"),
    case("40-failed", {40: 1}, ["P1 B1 G1 Y1"], {40: (F, 1)}, "lost"),
    case("41-done", {41: 0}, rounds(1, 2), {41: (D, 2)}, "won"),
    case("41-failed-trick-2", {41: 0}, ["P1 B1 G1 Y1", "P2 S1 G2 Y2"], {41: (F, 2)}, "lost"),
    case("42-done", {42: 0}, rounds(1, 3), {42: (D, 3)}, "won"),
    case("42-failed-trick-3", {42: 0}, rounds(1, 2) + ["P3 B3 S2 Y3"], {42: (F, 3)}, "lost"),
    case("43-done", {43: 0}, [], {43: (D, 10)}, "won", finish=True, ended=10),
    case("43-failed", {43: 1}, [], {43: (F, 10)}, "lost", finish=True, ended=10),
    case("44-done", {44: 0}, [], {44: (D, 10)}, "won", finish=True),
    case("44-failed-first", {44: 1}, ["P1 B1 G1 Y1"], {44: (F, 1)}, "lost"),
    case(
        "44-failed-last",
        {44: 0},
        ["P1 B1 G1 Y1", "P2 S1 G2 Y2", "B2 G3 Y3 S4"],
        {44: (F, 10)},
        "lost",
        finish=True,
    ),
    case("45-done", {45: 1}, SEAT1_FIRST, {45: (D, 10)}, "won", finish=True),
    case("45-failed-lost-first", {45: 1}, ["P1 B1 G1 Y1"], {45: (F, 1)}, "lost"),
    case("45-failed-won-another", {45: 0}, rounds(1, 2), {45: (F, 2)}, "lost"),
    case("46-done", {46: 0}, LEAD1, {46: (D, 10)}, "won", finish=True),
    case("46-failed-won-earlier", {46: 0}, ["P1 B1 G1 Y1"], {46: (F, 1)}, "lost"),
    case("46-failed-lost-last", {46: 2}, LEAD1, {46: (F, 10)}, "lost", finish=True),
    case("47-done", {47: 1}, rounds(1, 3), {47: (D, 3)}, "won"),
    case("47-failed", {47: 1}, rounds(1, 2) + ["P3 S1 G3 Y3"], {47: (F, 3)}, "lost"),
    case("48-done", {48: 1}, rounds(1, 4), {48: (D, 4)}, "won"),
    case("48-failed", {48: 1}, rounds(1, 3) + ["P4 S1 G4 Y4"], {48: (F, 4)}, "lost"),
    case("49-done", {49: 1}, rounds(1, 5), {49: (D, 5)}, "won"),
    case("49-failed", {49: 1}, rounds(1, 4) + ["P5 S1 G5 Y5"], {49: (F, 5)}, "lost"),
    case("49-failed-first", {49: 0}, ["P1 B1 G1 Y1"], {49: (F, 1)}, "lost"),
    # 50-53: exactly n tricks
    case("50-done", {50: 1}, [], {50: (D, 10)}, "won", finish=True),
    case("50-failed", {50: 1}, ["P1 S1 G1 Y1"], {50: (F, 1)}, "lost"),
    case("51-done", {51: 1}, SEAT1_FIRST, {51: (D, 10)}, "won", finish=True),
    case("51-failed-two", {51: 0}, rounds(1, 2), {51: (F, 2)}, "lost"),
    case("51-failed-none", {51: 2}, SEAT1_FIRST, {51: (F, 10)}, "lost", finish=True),
    case("52-done", {52: 3}, TWO_EACH, {52: (D, 10)}, "won", finish=True),
    case("52-failed-three", {52: 3}, TWO_EACH[:2] + ["Y2 P3 B3 G3"], {52: (F, 3)}, "lost"),
    # no trick after 8: two more are out of reach with one trick left
    case("52-failed-out-of-reach", {52: 1}, TWO_EACH, {52: (F, 9)}, "lost", finish=True),
    case("53-done", {53: 0, 83: 1}, W, {53: (D, 10), 83: (D, 10)}, "won", predictions={1: 4}),
    case("53-failed-five", {53: 0}, [], {53: (F, 5)}, "lost", finish=True),
    # 54-58: tricks in a row
    case("54-done", {54: 0}, W[:2], {54: (D, 2)}, "won"),
    case("54-failed", {54: 2}, W[:9], {54: (F, 9)}, "lost"),
    case("55-done", {55: 1}, W[:9], {55: (D, 9)}, "won"),
    case("55-done-at-once", {55: 0}, rounds(1, 3), {55: (D, 3)}, "won"),
    case("55-failed", {55: 2}, W[:8], {55: (F, 8)}, "lost"),
    case("56-done", {56: 3}, TWO_EACH, {56: (D, 10)}, "won", finish=True),
    case("56-failed-three", {56: 0}, W[:3], {56: (F, 3)}, "lost"),
    # won trick 1 and lost trick 2: a second win could never be next to the first
    case("56-failed-run-broken", {56: 1}, SEAT1_FIRST, {56: (F, 2)}, "lost"),
    case("57-done", {57: 1}, THREE_RUN, {57: (D, 10)}, "won", finish=True),
    case("57-failed-four", {57: 1}, LEAD1, {57: (F, 4)}, "lost", finish=True),
    case("57-failed-another-trick", {57: 0}, W[:5], {57: (F, 5)}, "lost"),
    # after trick 9 (lost) one trick remains: no second win in a row is possible any more
    case("58-done", {58: 2}, W[:9], {58: (D, 9)}, "won"),
    case("58-failed", {58: 0}, W[:2], {58: (F, 2)}, "lost"),
    # 59-61: compared with the captain (seat 0), decided as soon as it is forced
    case("59-done-early", {59: 1}, LEAD1, {59: (D, 6)}, "won", finish=True),
    case("59-failed-early", {59: 1}, W[:6], {59: (F, 6)}, "lost"),
    case("60-done-early", {60: 2}, W[:8], {60: (D, 8)}, "won"),
    case("60-failed", {60: 1}, W, {60: (F, 10)}, "lost"),
    case("61-done", {61: 1}, W, {61: (D, 10)}, "won"),
    case("61-failed-early", {61: 2}, W[:8], {61: (F, 8)}, "lost"),
    # 62-64: compared with the others
    case("62-done-early", {62: 1}, LEAD1, {62: (D, 6)}, "won", finish=True),
    case("62-failed-early", {62: 2}, W[:7], {62: (F, 7)}, "lost"),
    case("63-done", {63: 2}, SEAT1_FIRST, {63: (D, 10)}, "won", finish=True),
    # seat 2 has 1 trick; seats 1 and 3 need 2 each and only 3 tricks remain after trick 7
    case(
        "63-failed-shortfalls-share-the-tricks",
        {63: 2},
        ["P1 B1 S2 Y1", "G1 Y2 S4 B2"],
        {63: (F, 7)},
        "lost",
        finish=True,
    ),
    case("64-done-6-of-10", {64: 0}, [], {64: (D, 6)}, "won", finish=True),
    case("64-failed-others-5-of-10", {64: 0}, LEAD1, {64: (F, 5)}, "lost", finish=True),
    case("64-done-7-of-13-3p", {64: 0}, [], {64: (D, 7)}, "won", hands=MONO3, finish=True),
    case("64-failed-others-7-3p", {64: 1}, [], {64: (F, 7)}, "lost", hands=MONO3, finish=True),
    case("64-done-5-of-8-5p", {64: 0}, FIVE_FOR_SEAT0, {64: (D, 5)}, "won", hands=MONO5),
    case("64-failed-others-4-5p", {64: 1}, FIVE_FOR_SEAT0[:4], {64: (F, 4)}, "lost", hands=MONO5),
    case(
        "64-done-7-of-13-tonoja",
        {64: 0},
        [],
        {64: (D, 7)},
        "won",
        hands=TONO,
        piles=TONO_PILES,
        finish=True,
    ),
    # 81-82: never lead the listed colours; failed at the lead itself, done once no such lead is
    # possible any more
    case(
        "81-done-follows-pink-leads-blue-and-sub",
        {81: 1},
        PINK_FOLLOWER_TRICKS,
        {81: (D, 10)},
        "won",
        hands=PINK_FOLLOWER,
    ),
    # seat 3 does not lead the last trick, so it can no longer lead pink or green after trick 9
    case("81-done", {81: 3}, ["P1 B1 G1 S3"], {81: (D, 9)}, "won", finish=True),
    case("81-failed-at-the-lead", {81: 0}, ["P1"], {81: (F, 1)}, "lost", ended=0),
    case(
        "81-failed-after-sub-lead",
        {81: 0},
        ["S4 S1 S2 S3", "P1"],
        {81: (F, 2)},
        "lost",
        ended=1,
    ),
    case("81-failed-green", {81: 2}, ["P1 B1 S2 Y1", "G1"], {81: (F, 2)}, "lost", ended=1),
    case("82-done", {82: 2}, ["P1 B1 S2 Y1"], {82: (D, 9)}, "won", finish=True),
    case("82-failed-blue", {82: 1}, ["P1 S1 G1 Y1", "B1"], {82: (F, 2)}, "lost", ended=1),
    case("82-failed-yellow", {82: 3}, ["P1 B1 G1 S3", "Y1"], {82: (F, 2)}, "lost", ended=1),
    case("82-failed-pink", {82: 0}, ["P1"], {82: (F, 1)}, "lost", ended=0),
    # 83-84: predictions (made with Predict before the first trick)
    case("83-done", {83: 0}, W, {83: (D, 10)}, "won", predictions={0: 4}),
    case("83-failed-exceeded", {83: 0}, W[:5], {83: (F, 5)}, "lost", predictions={0: 3}),
    case("83-failed-out-of-reach", {83: 0}, W[:6], {83: (F, 6)}, "lost", predictions={0: 9}),
    case("84-done", {84: 1}, W, {84: (D, 10)}, "won", predictions={1: 4}),
    case("84-failed-exceeded", {84: 1}, W, {84: (F, 10)}, "lost", predictions={1: 3}),
    case("84-failed-out-of-reach", {84: 2}, W[:9], {84: (F, 9)}, "lost", predictions={2: 3}),
]


@pytest.mark.parametrize("c", CASES, ids=str)
def test_task(c: Case) -> None:
    run_case(c)


def test_scripts_give_the_stated_winners() -> None:
    """The trick scripts above do what their comments say."""
    state, _ = play(table(MONO4, {}), *W)
    assert [t.winner for t in state.tricks] == [0, 0, 0, 2, 0, 3, 1, 1, 1, 1]
    state, _ = play(table(PINK_FOLLOWER, {}), *PINK_FOLLOWER_TRICKS)
    assert [t.winner for t in state.tricks] == [1, 1, 0, 0, 0, 0, 0, 1, 1, 1]
    assert [card_str(t.cards[0]) for t in state.tricks if t.leader == 1] == ["B5", "S1", "B8", "B9"]


def test_first_trick_only_pending_until_the_end() -> None:
    run_case(case("45-pending", {45: 1}, SEAT1_FIRST, {45: (P, 0)}, ""))


def test_exact_count_pending_at_n() -> None:
    """Exactly four tricks: at four after trick 5 of W, still pending (more may follow)."""
    run_case(case("53-pending", {53: 0}, W[:5], {53: (P, 0)}, ""))


def test_secret_prediction_hidden_from_the_others() -> None:
    state = table(MONO4, {84: 1, 83: 2}, predictions={1: 4, 2: 1})
    assert view_for(state, 1).predictions[1] == 4
    assert view_for(state, 0).predictions[1] is None
    assert view_for(state, 0).predictions[2] == 1
