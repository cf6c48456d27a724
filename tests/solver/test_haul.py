"""A seat that must win so many tricks needs that many cards it may take from every seat
(:func:`crew.solver.cuts.slots.haul_short`), and a task judged on the final counts makes its
owner win at least the fewest tricks that can satisfy it (:meth:`FinalCounts.least`); an
owner needing so many submarines counts only those no other seat must capture
(:func:`~crew.solver.cuts.submarines.most_submarines`), and a seat keeping a card back keeps
back the submarine of its choice: where they call a position lost the plain search finds no
win, and the logbook deals they decide."""

from __future__ import annotations

import random

import pytest
from gen import laid_out, laid_out_lost_only_by, lost_only_by, never, proved_lost, random_ending

from crew.engine.enums import Phase
from crew.engine.search import Node, SearchForm
from crew.engine.setup import new_attempt
from crew.solver.bounds import cuts_for
from crew.solver.cuts import submarines, vector
from crew.solver.cuts.counts import FinalCounts


def test_a_majority_with_one_pink_and_one_green_is_lost_at_once() -> None:
    # mission 25, seed v61-3-13 (undecided at 4,000,000 positions without the check): the one
    # distribution the solo searches leave gives seat 2 tasks 64 (7 of the 13 tricks), 47
    # (none of the first three) and 27 (exactly one pink and one green card), and seat 0 tasks
    # 95 (exactly three submarines) and 90 (the submarine 3)
    proved_lost(3, 25, "v61-3-13", (27, 90, 47, 95, 64))


def test_seven_tricks_need_21_cards_and_20_are_left_to_take(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # that distribution at the first trick: seat 2's seven tricks hold 21 cards, and it may
    # take the 18 blue and yellow cards, one pink and one green; the submarines go to seat 0
    # (three of them) and to seat 1 (its own submarine 4)
    state = new_attempt(3, 25, seed="v61-3-13")
    owners = (2, 0, 2, 0, 2)
    off = (vector, "haul_short", never)
    assert laid_out_lost_only_by(monkeypatch, state, owners, off) == (True, True)
    form, node = laid_out(state, owners)
    counted = [c for c in cuts_for(form).vector if isinstance(c, FinalCounts)]
    assert [c.least(form, node, 13) for c in counted] == [7]


@pytest.mark.parametrize(
    ("task", "players", "mine", "captains", "least"),
    [
        (64, 3, 0, 0, 7),  # a strict majority of 13
        (64, 4, 2, 1, 4),  # 6 of 10, two won
        (62, 4, 0, 0, 4),  # more than each of three others: 4, 3, 3, 0
        (62, 5, 0, 0, 3),  # of eight tricks: 3, 2, 2, 1, 0
        (63, 4, 0, 0, 0),  # fewer than every other player
        (51, 4, 0, 0, 1),  # exactly one trick
        (59, 4, 0, 3, 4),  # more than the captain, who has won three
    ],
)
def test_the_fewest_tricks_a_counted_task_needs(
    task: int, players: int, mine: int, captains: int, least: int
) -> None:
    state = new_attempt(players, None, seed="least", tasks=[task], difficulty=1)
    captain = state.setup.captain
    owner = (captain + 1) % players
    start = state._replace(phase=Phase.PLAY, owners=(owner,), turn=captain, leader=captain)
    form = SearchForm(start)
    counts = [0] * players
    counts[owner], counts[captain] = mine, captains
    node = form.start(start)._replace(counts=tuple(counts))
    (cut,) = [c for c in cuts_for(form).vector if isinstance(c, FinalCounts)]
    assert cut.least(form, node, form.total - mine - captains) == least


#: Tasks judged on the final counts, and tasks that limit or name the cards their owner
#: captures.
COUNTED = (51, 52, 59, 60, 61, 62, 63, 64)
LIMITING = (20, 24, 27, 29, 31, 33, 35, 91, 94, 95, 96, 2, 3, 9, 90)


def test_the_haul_check_agrees_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,400 random endings of three tricks with a task judged on the final counts and one
    or two limiting or naming captured cards: where the cuts call the position lost the plain
    search finds no win either, and the haul check is what fires in some of them."""
    rng = random.Random(5059)
    fired = only_by_haul = 0
    for n in range(2400):
        players = rng.choice((3, 4))
        tasks = [rng.choice(COUNTED), *rng.sample(LIMITING, rng.choice((1, 2)))]
        owner = rng.randrange(players)
        owners = [owner if rng.random() < 0.7 else rng.randrange(players) for _ in tasks]
        state = random_ending(rng, players, tasks, owners, f"haul-{n}")
        if state is not None:
            lost, only = lost_only_by(monkeypatch, state, [(vector, "haul_short", never)])
            fired += lost
            only_by_haul += only
    assert fired >= 200 and only_by_haul >= 8, (fired, only_by_haul)


def test_two_submarines_with_the_lowest_claimed_and_two_above_elsewhere_is_lost_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # mission 25, seed v60-4-34 (undecided at 4,000,000 positions before): three distributions
    # give seat 0 task 91 (the submarine 1 and no other) and seat 3 task 94 (exactly two
    # submarines). Seat 3 holds the submarine 2, the captain the 3 and the 4: seat 3 can
    # capture only its own and the 1, and the 1 is seat 0's
    state = proved_lost(4, 25, "v60-4-34", (91, 94, 43, 54, 47))
    off = (submarines, "most_submarines", _unbarred)
    assert laid_out_lost_only_by(monkeypatch, state, (0, 3, 2, 3, 2), off) == (True, True)


_most_submarines = submarines.most_submarines


def _unbarred(form: SearchForm, node: Node, owner: int, barred: int) -> int:
    """:func:`most_submarines` counting the submarines other seats must capture too."""
    return _most_submarines(form, node, owner, 0)


#: Submarine tasks: named ones, a number of them, none.
NAMED = (90, 91, 92)
COUNTS = (93, 94, 95, 96)


def test_the_submarines_left_agree_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """1,600 random endings of three tricks with a task naming a submarine and one counting
    them, mostly of two seats: where the cuts call the position lost the plain search finds
    no win either, and the submarines another seat must capture are what makes them fire in
    some of them."""
    rng = random.Random(5060)
    fired = only_by_claims = 0
    for n in range(1600):
        players = rng.choice((3, 4, 5))
        tasks = [rng.choice(NAMED), rng.choice(COUNTS)]
        owners = rng.sample(range(players), 2) if rng.random() < 0.8 else [0, 0]
        state = random_ending(rng, players, tasks, owners, f"subs-{n}")
        if state is not None:
            lost, only = lost_only_by(
                monkeypatch, state, [(submarines, "most_submarines", _unbarred)]
            )
            fired += lost
            only_by_claims += only
    assert fired >= 200 and only_by_claims >= 5, (fired, only_by_claims)


def test_a_seat_keeping_a_card_back_keeps_back_the_submarine_of_its_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three players play 39 of the 40 cards: a seat holding the highest submarines left and
    one card more than the tricks left may keep any one of them back, not only the lowest.
    1,200 random three-player endings where one seat must take one named submarine and no
    other (91, 92) and one or two in all (93, 94): where the cuts
    call the position lost the plain search finds no win either (one such ending, seat 0 with
    the submarines 2 and 3 and tasks 92, the 2 and no other, and 93, exactly one, plays the 2
    and keeps the 3: the cut took the 3 for sure)."""
    rng = random.Random(5061)
    fired = 0
    for n in range(1200):
        tasks = [rng.choice((91, 92)), rng.choice((93, 94))]
        state = random_ending(rng, 3, tasks, [0, 0], f"spare-{n}")
        if state is not None:
            fired += lost_only_by(monkeypatch, state, [])[0]
    assert fired >= 100, fired
