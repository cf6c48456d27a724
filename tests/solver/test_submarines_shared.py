"""Who may take the submarines that must be played (:mod:`crew.solver.cuts.sub_covers`): those
a seat may not take need tricks of their own under higher ones (``_shared_out``), a seat bound
to its count of submarines may take no other, and a seat whose only submarine must win another
seat's card's trick covers nothing else of that seat. Where these call a position lost the
plain search finds no win, and a logbook deal they decide."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from gen import (
    exhaustive,
    fired_only_by,
    fits,
    laid_out_lost_only_by,
    lost_only_by,
    proved_lost,
    random_ending,
)
from test_cuts import _ending

from crew.engine import GameState
from crew.engine.cards import popcount
from crew.engine.search import Node, SearchForm
from crew.solver import bounds
from crew.solver.bounds import certainly_lost, cuts_for
from crew.solver.cuts import sub_covers, submarines
from crew.solver.cuts.base import ALL_SUBS, TaskCut


def test_two_submarines_of_a_seat_that_wins_nothing_need_two_higher_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # four players, mission 28 (free choice), seed v63-4-5 (four distributions left by the
    # solo searches, each undecided at 3,000,000 positions): seat 0 takes 50 (no trick) and
    # holds the submarines 1 and 3; seat 3 takes 92 (the 2 and no other submarine). The 3
    # needs the captain's 4 in its trick, so the 1 goes under the 2, and seat 3 takes it
    state = proved_lost(4, 28, "v63-4-5", (76, 79, 93, 92, 50))
    off = (sub_covers, "_shared_out", fits)
    assert laid_out_lost_only_by(monkeypatch, state, (2, 1, 3, 3, 0), off) == (True, True)


#: Seven tricks gone, no seat taking a submarine (seat 0 none at all, seat 1 the last); then
#: seat 0 holds the 1 and the 3, the captain the 4, seat 3 the 2.
UNDER_TWO = ["S1 S3 Y5", "S4 P9 Y6", "B9 G9 Y7", "S2 Y8 Y9"]
#: The same with the 2 in the captain's hand: it takes both of seat 0's submarines.
UNDER_ONE_SEAT = ["S1 S3 Y5", "S4 S2 Y6", "B9 G9 Y7", "P9 Y8 Y9"]


def test_the_lowest_submarine_goes_under_a_seat_that_may_not_take_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seat 0 wins no trick (50), seat 3 takes the 2 and no other submarine (92): each of seat
    # 0's submarines is covered by a higher one alone, but not both at once
    state = _ending([50, 92], [0, 3], UNDER_TWO)
    assert lost_only_by(monkeypatch, state, [(sub_covers, "_shared_out", fits)]) == (
        True,
        True,
    )


def test_a_seat_that_may_take_both_covers_them_in_two_tricks() -> None:
    # the captain leads the 4 and then the 2, seat 0 following with its 3 and its 1; seat 3
    # (no submarine, 96) wins the last trick with the yellow 9
    state = _ending([50, 96], [0, 3], UNDER_ONE_SEAT)
    form = SearchForm(state)
    assert not certainly_lost(form, cuts_for(form), form.start(state))
    assert exhaustive(state)


#: Tasks that bar a seat from submarines or tricks, and tasks that name or count submarines.
BARRING = (50, 51, 92, 96)
SUBMARINE = (90, 91, 93, 94, 95)


def test_the_cuts_with_barred_submarines_agree_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """1,600 random endings of three tricks with a task barring a seat from submarines or
    tricks and one or two on submarines: where the cuts call the position lost the plain
    search finds no win either."""
    rng = random.Random(5062)
    fired = 0
    for n in range(1600):
        players = rng.choice((3, 4, 5))
        tasks = [rng.choice(BARRING), *rng.sample(SUBMARINE, rng.choice((1, 2)))]
        owners = [rng.randrange(players) for _ in tasks]
        state = random_ending(rng, players, tasks, owners, f"shared-{n}")
        if state is not None:
            fired += lost_only_by(monkeypatch, state, [])[0]
    assert fired >= 200, fired


def _old_most(self: submarines.MostSubmarines, form: SearchForm, node: Node, bound: int) -> int:
    """The rule before a seat's bound submarines counted: barred only once it has its count."""
    have = popcount(node.won[self.owner] & ALL_SUBS)
    return ALL_SUBS if have >= self.count else 0


#: Seat 0 holds the 4 and the 2, seat 1 the 3, seat 3 the 1 (three tricks left).
BOUND_TWO = ["S4 S2 Y5", "S3 P9 Y6", "B9 G9 Y7", "S1 Y8 Y9"]


def test_a_seat_bound_to_its_count_may_take_no_other_submarine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seat 0: exactly two submarines (94) and the 3 (90). It wins a trick with its 4 and must
    # take the 3, so that is its two: its own 2 must go to another seat, and the only one
    # holding a higher one (seat 1, the 3) would capture the 3 with it, which is seat 0's
    state = _ending([94, 90], [0, 0], BOUND_TWO)
    assert lost_only_by(
        monkeypatch, state, [(submarines.MostSubmarines, "barred_submarines", _old_most)]
    ) == (
        True,
        True,
    )


def test_a_seat_short_of_its_count_may_still_take_another() -> None:
    # exactly three submarines (95) and the 3: the 4, the 3 and its own 2 make three
    state = _ending([95, 90], [0, 0], BOUND_TWO)
    form = SearchForm(state)
    assert not certainly_lost(form, cuts_for(form), form.start(state))
    assert exhaustive(state)


def test_bound_submarines_agree_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random endings of three tricks with a task naming a submarine and one counting them:
    where the cuts call the position lost the plain search finds no win either, and some are
    called lost only because a seat's bound submarines count."""
    rng = random.Random(7307)

    def endings() -> Iterator[GameState | None]:
        for n in range(1200):
            players = rng.choice((3, 4, 5))
            # a submarine named (90-92) and a count (93-95), often for the same seat
            tasks = [rng.choice((90, 91, 92)), rng.choice((93, 94, 95))]
            owner = rng.randrange(players)
            owners = [owner, owner if rng.random() < 0.7 else rng.randrange(players)]
            yield random_ending(rng, players, tasks, owners, f"bound-{n}")

    off = [(submarines.MostSubmarines, "barred_submarines", _old_most)]
    fired, only = fired_only_by(monkeypatch, endings(), off)
    assert fired >= 500 and only >= 2, (fired, only)


def _unpinned(
    form: SearchForm,
    node: Node,
    bars: list[TaskCut],
    full: dict[int, int],
    claims: dict[int, int],
    sub_wins: dict[int, int] | None = None,
) -> bool:
    """The check without the tricks a seat's only submarine is pinned to."""
    return sub_covers.submarine_nowhere(form, node, bars, full, claims)


#: Seat 1 holds the green 9 and the 3, seat 2 the 4 (its only submarine), seat 3 the 1.
PINNED = ["S2 P9 Y5", "G9 S3 Y6", "S4 B9 Y7", "S1 Y8 Y9"]


def test_a_submarine_pinned_to_a_card_covers_nothing_else_of_its_holder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seat 2 wins the green 9's trick with a submarine (80): its only one, the 4, goes there.
    # Seat 1 takes no submarine (96), and its 3 needs the 4 above it, in another trick
    state = _ending([80, 96], [2, 1], PINNED)
    assert lost_only_by(monkeypatch, state, [(bounds, "submarine_nowhere", _unpinned)]) == (
        True,
        True,
    )


def test_a_pinned_submarine_may_still_cover_another_seats_submarine() -> None:
    # the same with seat 3 taking no submarine: its 1 goes under the 2 or the 3
    state = _ending([80, 96], [2, 3], PINNED)
    form = SearchForm(state)
    assert not certainly_lost(form, cuts_for(form), form.start(state))
    assert exhaustive(state)


def test_pinned_submarines_agree_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The twelve cards of :data:`PINNED` dealt at random, three a seat, with 80 (the green
    9's trick won with a submarine) for a seat holding one submarine and a task barring or
    counting submarines for the seat holding the green 9 and a submarine: where the cuts call
    the position lost the plain search finds no win either, and some are called lost only
    through the pinned submarine."""
    rng = random.Random(7308)
    cards = " ".join(PINNED).split()

    def endings() -> Iterator[GameState]:
        tried = 0
        while tried < 400:
            rng.shuffle(cards)
            hands = [cards[k : k + 3] for k in range(0, 12, 3)]
            owners = rng.sample(range(4), 2)
            subs = [sum(c.startswith("S") for c in h) for h in hands]
            if subs[owners[0]] != 1 or "G9" not in hands[owners[1]] or not subs[owners[1]]:
                continue
            tried += 1
            tasks = [80, rng.choice((91, 92, 93, 94, 96))]
            yield _ending(tasks, owners, [" ".join(h) for h in hands])

    fired, only = fired_only_by(monkeypatch, endings(), [(bounds, "submarine_nowhere", _unpinned)])
    assert fired >= 100 and only >= 5, (fired, only)
