"""The room a seat's capped tricks leave for the cards it must capture (:mod:`.cuts.slots`):
where it calls a position lost the plain search finds no win, and it stays quiet where the
crew can win."""

from __future__ import annotations

import random

import pytest
from gen import exhaustive, lost_only_by, never, random_ending
from test_cuts import _ending

from crew.engine.search import SearchForm
from crew.engine.setup import new_attempt
from crew.solver import Solver
from crew.solver.bounds import certainly_lost, cuts_for
from crew.solver.cuts import vector

#: The last of the seven tricks gone is seat 0's, so it leads the eighth and has one trick.
LEADS = (1, 2, 3, 1, 2, 3, 0)
#: Seat 0 must take the pink 9 and the yellow 8 (10) and three 9s (19), in the one more trick
#: it may win (52: exactly two): the yellow 8 fills seat 3's place in that trick, so of the
#: 9s only seat 1's green 9 can join its own pink 9 (seat 3's two cannot).
CRAMPED = ["P9 Y5 Y6", "S4 S3 G9", "S2 S1 Y7", "Y8 Y9 B9"]
#: The same with the blue 9 given to seat 2 for its yellow 7: pink 9, green 9, blue 9 and
#: yellow 8 make one trick of four seats, which seat 0 leads and wins.
ROOMY = ["P9 Y5 Y6", "S4 S3 G9", "S2 S1 B9", "Y8 Y9 Y7"]


def test_a_capped_seat_without_room_for_its_cards_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _ending([52, 10, 19], [0, 0, 0], CRAMPED, winners=LEADS)
    # lost for the plain search too, and the other checks do not see it: each demand alone
    # fits the trick
    assert lost_only_by(monkeypatch, state, [(vector, "slots_short", never)]) == (True, True)


def test_a_capped_seat_with_room_for_its_cards_is_not_cut() -> None:
    state = _ending([52, 10, 19], [0, 0, 0], ROOMY, winners=LEADS)
    form = SearchForm(state)
    assert not certainly_lost(form, cuts_for(form), form.start(state))
    assert exhaustive(state)


#: Seat 0 leads the yellow 9 and the others throw the blue, green and pink 9 on it: the one
#: trick left to it (52) takes all four 9s (15), and with the green 9 it needs another pink
#: for more pink than green (88).
NINES = ["Y9 P5 P6", "B9 S4 S3", "G9 S2 P7", "P9 S1 P8"]
#: Seven tricks of one suit each; seat 0 won the last (:data:`LEADS`), the yellow 5-8, and so
#: no pink or green card.
PINKS_FIRST = "P1 P2 P3 P4 B1 B2 B3 B4 B5 B6 B7 B8 G1 G2 G3 G4 G5 G6 G7 G8 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"


def test_more_pink_than_green_needs_room_for_a_second_pink(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seat 0 has won no pink: its trick of four 9s leaves no place for the second pink
    state = _ending([52, 15, 88], [0, 0, 0], NINES, gone=PINKS_FIRST, winners=LEADS)
    assert lost_only_by(monkeypatch, state, [(vector, "slots_short", never)]) == (True, True)


def test_three_nines_leave_the_green_one_out() -> None:
    # three 9s (19) instead of all four: seat 2 throws the pink 7 on the yellow 9 and keeps its
    # green 9, and the trick holds two pinks and no green
    state = _ending([52, 19, 88], [0, 0, 0], NINES, gone=PINKS_FIRST, winners=LEADS)
    form = SearchForm(state)
    assert not certainly_lost(form, cuts_for(form), form.start(state))
    assert exhaustive(state)


def test_one_volunteer_with_one_trick_and_five_cards_to_take_is_lost_at_once() -> None:
    # missions 14-16, seed v56-4-4: the volunteer gets 88 (more pink than green), 51 (exactly
    # one trick), 8 (the green 5 and the blue 8) and 90 (the submarine 3): its trick must hold
    # the green 5, the blue 8, the submarine 3 and two pinks
    for mission in (14, 15, 16):
        state = new_attempt(4, mission, seed="v56-4-4")
        assert state.setup.task_ids == (88, 51, 8, 90)
        sol = Solver().solve(state, node_limit=200_000)
        assert sol.winnable is False and sol.nodes < 100_000, (mission, sol.nodes)


#: Tasks that cap a seat's tricks, that count captured cards (at least so many of a value or
#: a colour, exactly two 9s, more of one colour than another), and that name cards to capture,
#: for :func:`test_the_slot_check_agrees_with_the_plain_search_on_random_endings`.
CAPPING = (45, 50, 51, 52, 53)
COUNTING = (17, 18, 19, 20, 22, 88, 89)
TAKING = (2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 15, 90)


def test_the_slot_check_agrees_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random endings of three tricks with a task capping a trick count, one or two counting
    captured cards and one or two naming cards, most of them one seat's: where the cuts call
    the position lost the plain search finds no win either, and the slot check is what fires
    in some of them."""
    rng = random.Random(5054)
    fired = only_by_slots = 0
    for n in range(1200):
        players = rng.choice((3, 4))
        tasks = [
            rng.choice(CAPPING),
            *rng.sample(COUNTING, rng.choice((1, 2))),
            *rng.sample(TAKING, rng.choice((1, 2))),
        ]
        owner = rng.randrange(players)
        owners = [owner if rng.random() < 0.9 else rng.randrange(players) for _ in tasks]
        state = random_ending(rng, players, tasks, owners, f"slots-{n}")
        if state is not None:
            lost, only = lost_only_by(monkeypatch, state, [(vector, "slots_short", never)])
            fired += lost
            only_by_slots += only
    assert fired >= 100 and only_by_slots >= 5, (fired, only_by_slots)
