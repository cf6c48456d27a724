"""All nine cards of one colour (task 39) with one colour left possible: the owner must capture
every card of it, a claim the other capture checks read (``CapturesOneOf.record``). Where it
makes the cuts fire the plain search finds no win; a near case the crew wins is left alone."""

from __future__ import annotations

import random

import pytest
from gen import exhaustive
from test_cuts import _random_line

from crew.engine import GameState, Phase, Play, apply, parse_cards
from crew.engine.cards import mask_of
from crew.engine.search import SearchForm
from crew.engine.setup import new_attempt
from crew.solver.bounds import certainly_lost, cuts_for
from crew.solver.cuts.captures import CaptureCut, CapturesOneOf

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


def _ending(tasks: list[int], owners: list[int], left: list[str]) -> GameState:
    """The four-player attempt after :data:`TRICKS`, each seat holding its cards of ``left``
    (seat 1 no blue and seat 0 no yellow: they did not follow those)."""
    hands = [parse_cards(h.split()) for h in left]
    for trick in TRICKS:
        for seat, card in enumerate(parse_cards(list(trick))):
            hands[seat].append(card)
    state = new_attempt(4, None, hands=[mask_of(h) for h in hands], tasks=tasks, difficulty=1)
    captain = state.setup.captain
    state = state._replace(phase=Phase.PLAY, owners=tuple(owners), turn=captain, leader=captain)
    for trick in TRICKS:
        cards = parse_cards(list(trick))
        for _ in range(4):
            state, _ = apply(state, Play(state.turn, cards[state.turn]))
    assert not state.result and len(state.tricks) == 7 and state.leader == 2
    return state


def _lost(state: GameState, claim: bool = True) -> bool:
    """What the cuts say at ``state``, with or without the one-colour claim."""
    form = SearchForm(state)
    node = form.start(state)
    if claim:
        return certainly_lost(form, cuts_for(form), node)
    saved = CapturesOneOf.record
    CapturesOneOf.record = CaptureCut.record  # type: ignore[method-assign]
    try:
        return certainly_lost(form, cuts_for(form), node)
    finally:
        CapturesOneOf.record = saved  # type: ignore[method-assign]


def test_the_one_colour_left_is_claimed_and_the_cuts_fire() -> None:
    # seat 2 (39) must win every pink, the pink 7 too; seat 1 must win two 7s (17), and the
    # only 7s left are the pink 7 and the green 7
    state = _ending([39, 17], [2, 1], ["P5 P7 B6", "G1 G3 G5", "P1 P3 G7", "P9 Y3 Y5"])
    assert _lost(state)
    assert not _lost(state, claim=False)  # without the claim no cut sees it
    assert not exhaustive(state)


def test_a_claim_nothing_contests_lets_the_crew_win() -> None:
    # seat 2 owns both tasks and leads P9, P7 and G7: every pink and two 7s
    state = _ending([39, 17], [2, 2], ["P1 P3 B6", "G1 G3 G5", "P7 P9 G7", "P5 Y3 Y5"])
    assert not _lost(state)
    assert exhaustive(state)


#: Tasks beside task 39 for the random endings: cards, and counts of values and colours.
BESIDE = (1, 2, 3, 4, 8, 11, 13, 16, 17, 18, 19, 22, 23)


def test_the_claim_agrees_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random endings of two or three tricks with task 39 and two more, randomly owned: where
    the cuts call the position lost the plain search finds no win either, and the claim is
    what fires in some of them."""
    rng = random.Random(5070)
    fired = only_by_the_claim = 0
    for n in range(800):
        players = rng.choice((3, 4, 5))
        tasks = [39, *rng.sample(BESIDE, 2)]
        state = new_attempt(players, None, seed=f"one-colour-{n}", tasks=tasks, difficulty=1)
        owners = [rng.randrange(players) for _ in tasks]
        captain = state.setup.captain
        state = state._replace(phase=Phase.PLAY, owners=tuple(owners), turn=captain, leader=captain)
        found = _random_line(rng, state, state.setup.total_tricks - rng.choice((2, 3)), [400])
        if found is None:
            continue
        form = SearchForm(found)
        node = form.start(found)
        if certainly_lost(form, cuts_for(form), node):
            fired += 1
            assert not exhaustive(found), (tasks, owners, found.hands)
            with monkeypatch.context() as m:
                m.setattr(CapturesOneOf, "record", CaptureCut.record)
                only_by_the_claim += not certainly_lost(form, cuts_for(form), node)
    assert fired >= 50 and only_by_the_claim >= 5, (fired, only_by_the_claim)
