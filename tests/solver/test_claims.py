"""Claims made when the others' claims leave one way: all nine cards of one colour (task 39)
with one colour left possible, so many cards of a kind with as many left (``forced`` of
``CapturesOneOf`` and ``CapturesAtLeast``): the owner must capture every one of them, a claim
the other capture checks read. Where it makes the cuts fire the plain search finds no win; a
near case the crew wins is left alone."""

from __future__ import annotations

import random

import pytest
from gen import exhaustive, random_ending

from crew.engine import GameState, Phase, Play, apply, parse_cards
from crew.engine.cards import mask_of
from crew.engine.search import SearchForm
from crew.engine.setup import new_attempt
from crew.solver import Solver
from crew.solver.bounds import certainly_lost, cuts_for
from crew.solver.cuts.captures import CaptureCut, CapturesAtLeast, CapturesOneOf

#: The cuts whose claims are derived from the others'.
DERIVED = (CapturesOneOf, CapturesAtLeast)

#: Seven tricks of four players, each card by seat (0-3); seat 0 is the captain (S4) and
#: leads the first. Seat 2 wins the second, sixth and seventh (pink, two blue, yellow cards);
#: seat 0 a blue and a yellow trick, seat 3 a green one: pink is the only colour seat 2 may
#: still win all of. Seat 2 leads the eighth.
TRICKS = [
    ("S4", "S2", "S3", "S1"),
    ("P6", "P4", "P8", "P2"),
    ("G6", "G8", "G2", "G9"),
    ("Y9", "Y6", "Y4", "Y7"),
    ("B9", "B3", "B7", "B5"),
    ("B2", "G4", "B8", "B4"),
    ("B1", "Y1", "Y8", "Y2"),
]


def _play(
    tricks: list[tuple[str, ...]], left: list[str], tasks: list[int], owners: list[int]
) -> GameState:
    """A four-player attempt after ``tricks`` (each card by seat; the captain leads the first),
    each seat then holding its cards of ``left``."""
    hands = [parse_cards(h.split()) for h in left]
    for trick in tricks:
        for seat, card in enumerate(parse_cards(list(trick))):
            hands[seat].append(card)
    state = new_attempt(4, None, hands=[mask_of(h) for h in hands], tasks=tasks, difficulty=1)
    captain = state.setup.captain
    state = state._replace(phase=Phase.PLAY, owners=tuple(owners), turn=captain, leader=captain)
    for trick in tricks:
        cards = parse_cards(list(trick))
        for _ in range(4):
            state, _ = apply(state, Play(state.turn, cards[state.turn]))
    assert not state.result and len(state.tricks) == len(tricks)
    return state


def _ending(tasks: list[int], owners: list[int], left: list[str]) -> GameState:
    """The attempt after :data:`TRICKS`, each seat holding its cards of ``left`` (seat 1 no
    blue and seat 0 no yellow: they did not follow those)."""
    state = _play(TRICKS, left, tasks, owners)
    assert state.leader == 2
    return state


def _lost(state: GameState, without: tuple[type[CaptureCut], ...] = ()) -> bool:
    """What the cuts say at ``state``, without the forced claims of the cuts ``without``."""
    form = SearchForm(state)
    node = form.start(state)
    with pytest.MonkeyPatch.context() as m:
        for cls in without:
            m.setattr(cls, "forced", CaptureCut.forced)
        return certainly_lost(form, cuts_for(form), node)


#: Seven tricks, each card by seat; seat 0 is the captain. Seat 3 wins the fifth (the green
#: 8 over three greens), sixth and seventh; seat 1 took pinks and yellows, seats 0 and 2
#: blues: green is the only colour seat 3 may still win all of. Seat 3 leads the eighth.
GREEN_TRICKS = [
    ("S4", "S3", "S1", "B1"),
    ("Y3", "Y9", "Y6", "Y8"),
    ("P3", "P8", "P7", "P2"),
    ("B5", "B2", "B6", "B4"),
    ("G4", "G3", "G5", "G8"),
    ("B7", "Y1", "B3", "B9"),
    ("P4", "P1", "Y7", "P6"),
]


def test_the_one_colour_left_is_claimed_and_the_cuts_fire() -> None:
    # seat 3 must win all nine of a colour (39), green then, and three 5s (18; it has the
    # green 5): the green 1, 6 and the pink 5 are seat 0's, three tricks for seat 3 of the
    # three left, and seat 3 holds the green 2 and 7, each to be won with itself
    left = ["P5 G1 G6", "P9 G9 Y5", "B8 Y2 S2", "G2 G7 Y4"]
    state = _play(GREEN_TRICKS, left, [39, 18], [3, 3])
    assert state.leader == 3
    assert _lost(state)
    assert not _lost(state, without=(CapturesOneOf,))  # without the one-colour claim
    assert not exhaustive(state)


def test_a_claim_nothing_contests_lets_the_crew_win() -> None:
    # seat 2 owns both tasks and leads P9, P7 and G7: every pink and two 7s (both claimed:
    # the only 7s left)
    state = _ending([39, 17], [2, 2], ["P1 P3 B6", "G1 G3 G5", "P7 P9 G7", "P5 Y3 Y5"])
    assert not _lost(state)
    assert exhaustive(state)


#: Tasks beside task 39 for the random endings: cards, and counts of values and colours.
BESIDE = (1, 2, 3, 4, 8, 11, 13, 16, 17, 18, 19, 22, 23)


def test_the_claims_agree_with_the_plain_search_on_random_endings() -> None:
    """Random endings of two or three tricks with task 39 or a count of some cards, and two
    more tasks, randomly owned: where the cuts call the position lost the plain search finds
    no win either, and the derived claims are what fires in some of them."""
    rng = random.Random(5070)
    fired = only_by_the_claim = 0
    for n in range(800):
        players = rng.choice((3, 4, 5))
        first = rng.choice((39, 39, 17, 18, 19, 22, 88))
        tasks = [first, *rng.sample([t for t in BESIDE if t != first], 2)]
        owners = [rng.randrange(players) for _ in tasks]
        found = random_ending(rng, players, tasks, owners, f"one-colour-{n}", rng.choice((2, 3)))
        if found is None:
            continue
        form = SearchForm(found)
        node = form.start(found)
        if certainly_lost(form, cuts_for(form), node):
            fired += 1
            assert not exhaustive(found), (tasks, owners, found.hands)
            only_by_the_claim += not _lost(found, without=DERIVED)
    assert fired >= 50 and only_by_the_claim >= 5, (fired, only_by_the_claim)


@pytest.mark.early
def test_a_logbook_deal_with_one_colour_to_win_is_decided() -> None:
    # five players, mission 25, seed v56-5-14 (tasks 18, 39, 54, 88, one to each member but
    # the captain): no distribution can be won, two of them undecided at 1,000,000 positions
    # each before these claims and the deal at 8,000,000; all green to the owner of 39 leaves
    # the other three 5s to the owner of 18, and so on
    state = new_attempt(5, 25, seed="v56-5-14")
    assert state.setup.task_ids == (18, 39, 54, 88)
    sol = Solver().solve(state, node_limit=1_000_000)
    assert sol.winnable is False
