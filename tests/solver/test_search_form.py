"""The engine's compact search form against ``apply``: same winners, statuses and results."""

from __future__ import annotations

import random

import pytest
from gen import random_action, random_line, random_start, replays_won

from crew.engine import GameState, Phase, Play, apply, legal_plays, parse_cards
from crew.engine.cards import card_str, mask_of
from crew.engine.search import LOST, OPEN, WON, Node, SearchForm
from crew.engine.setup import new_attempt
from crew.solver import Solver
from crew.solver.limits import Budget
from crew.solver.plain import PlainSearch

RESULT = {"": OPEN, "won": WON, "lost": LOST}


@pytest.mark.parametrize("block", range(6))
def test_form_follows_apply_card_by_card(block: int) -> None:
    rng = random.Random(700 + block)
    games = 0
    while games < 120:
        state = random_start(rng)
        while not state.result and state.phase != Phase.PLAY:
            state, _ = apply(state, random_action(state, rng))  # type: ignore[arg-type]
        if state.result:
            continue
        games += 1
        form = SearchForm(state)
        node = form.start(state)
        while not state.result:
            action = random_action(state, rng)
            before = state
            state, _ = apply(state, action)  # type: ignore[arg-type]
            if not isinstance(action, Play):
                continue
            assert form.legal(node) >> action.card & 1
            node = form.play(node, action.card)
            assert node.result == RESULT[state.result], (before.tricks, action, state.reason)
            if state.result == "lost" and not state.trick_cards == ():
                # lost part-way into a trick: statuses of lead checks agree
                assert node.status == state.status
                break
            assert node.hands == state.hands
            assert node.piles == state.piles
            assert node.tricks == state.tricks
            assert node.won == state.won and node.counts == state.counts
            assert node.status == state.status
            assert node.leader == state.leader or state.result
            if not state.result:
                assert node.turn == state.turn


def test_form_legal_matches_engine() -> None:
    rng = random.Random(5)
    for _ in range(60):
        state = random_start(rng)
        while not state.result:
            if state.phase == Phase.PLAY:
                form = SearchForm(state)
                node = form.start(state)
                want = sum(1 << c for c in legal_plays(state))
                assert form.legal(node) == want
            state, _ = apply(state, random_action(state, rng))  # type: ignore[arg-type]


def _counted(task: int, owner_after_captain: int) -> tuple[SearchForm, Node, int, int]:
    """A four-player deal at its first trick with ``task`` for the seat that many places after
    the captain: the form, its first node, the captain and the owner."""
    state = new_attempt(4, None, seed=3, tasks=[task], difficulty=1)
    cap = state.setup.captain
    owner = (cap + owner_after_captain) % 4
    state = state._replace(phase=Phase.PLAY, owners=(owner,), turn=cap, leader=cap)
    form = SearchForm(state)
    return form, form.start(state), cap, owner


def _counts(**by_seat: int) -> tuple[int, ...]:
    counts = [0, 0, 0, 0]
    for seat, n in by_seat.items():
        counts[int(seat[1:])] = n
    return tuple(counts)


def test_the_key_keeps_only_the_part_of_the_trick_counts_a_task_depends_on() -> None:
    # task 59: more tricks than the captain. Counts with the same lead over the captain play
    # out the same way whoever else won what; a different lead does not
    form, node, cap, owner = _counted(59, 1)
    other = next(s for s in range(4) if s not in (cap, owner))
    a = form.key(node._replace(counts=_counts(**{f"s{owner}": 2, f"s{cap}": 1})))
    b = form.key(node._replace(counts=_counts(**{f"s{owner}": 1, f"s{other}": 2})))
    c = form.key(node._replace(counts=_counts(**{f"s{owner}": 1, f"s{cap}": 1, f"s{other}": 1})))
    assert a == b != c
    # task 52: exactly two tricks: the owner's own count alone
    form, node, cap, owner = _counted(52, 2)
    other = next(s for s in range(4) if s != owner)
    a = form.key(node._replace(counts=_counts(**{f"s{owner}": 2, f"s{other}": 1})))
    b = form.key(node._replace(counts=_counts(**{f"s{owner}": 2})))
    c = form.key(node._replace(counts=_counts(**{f"s{owner}": 1, f"s{other}": 2})))
    assert a == b != c


# mission 12: no trick may be opened with pink or a submarine. Seat 0 holds four pinks, seat 1
# three; the others one each
PINK_DEAL = [
    "P1 P4 P6 P9 B2 B5 G3 Y1 Y6 S4",
    "P2 P5 P8 B1 B7 G2 G8 Y4 Y9 S1",
    "P3 B3 B8 G1 G5 G9 Y2 Y5 Y8 S2",
    "P7 B4 B6 B9 G4 G6 G7 Y3 Y7 S3",
]


def _dealt(mission: int | None, deal: list[str]) -> GameState:
    hands = [mask_of(parse_cards(h.split())) for h in deal]
    if mission is None:  # free play, one task: pink may be led
        return new_attempt(4, None, hands=hands, tasks=[1], difficulty=1)
    return new_attempt(4, mission, hands=hands, tasks=[])


def _swapped(deal: list[str], a: str, b: str) -> list[str]:
    return [" ".join(b if c == a else a if c == b else c for c in h.split()) for h in deal]


def test_a_colour_no_trick_may_open_is_counted_by_the_key_not_ranked() -> None:
    # P4 (seat 0) and P5 (seat 1) swapped: every hand holds as many pinks as before, and a pink
    # card can only be thrown on a trick of another suit, where it never wins
    pink = _dealt(12, PINK_DEAL)
    other = _dealt(12, _swapped(PINK_DEAL, "P4", "P5"))
    form = SearchForm(pink)
    assert form.key(form.start(pink)) == SearchForm(other).key(SearchForm(other).start(other))
    # a blue card swapped for a pink one changes the counts
    moved = _dealt(12, _swapped(PINK_DEAL, "P4", "B7"))
    assert form.key(form.start(pink)) != SearchForm(moved).key(SearchForm(moved).start(moved))
    # two yellows swapped do change it: the yellow 4 and 6 decide who wins a yellow trick
    ranked = _dealt(12, _swapped(PINK_DEAL, "Y6", "Y4"))
    assert form.key(form.start(pink)) != SearchForm(ranked).key(SearchForm(ranked).start(ranked))
    # without the condition pink may be led, so its ranks are kept
    free, free_other = _dealt(None, PINK_DEAL), _dealt(None, _swapped(PINK_DEAL, "P4", "P5"))
    a, b = SearchForm(free), SearchForm(free_other)
    assert a.key(a.start(free)) != b.key(b.start(free_other))


def test_pinks_that_can_never_open_a_trick_are_one_choice() -> None:
    # seat 0, the captain (S4), to lead: its pinks P1, P4, P6 and P9 have P2, P3, P5, P7 and P8
    # between them in other hands. Under mission 12's condition (a pink lead loses at once, a
    # pink thrown on another suit never wins) they are one choice; in free play four
    for mission, pinks in ((12, 1), (None, 4)):
        state = _dealt(mission, PINK_DEAL)
        assert state.turn == 0
        form = SearchForm(state)
        node = form.start(state)
        chosen = [card_str(c) for c in form.choices(node, form.legal(node))]
        assert len([c for c in chosen if c.startswith("P")]) == pinks, chosen
        assert "B2" in chosen and "B5" in chosen  # B3, B4 lie between them in other hands


@pytest.mark.parametrize("block", range(3))
def test_the_solver_agrees_with_the_plain_search_on_mission_12_endings(block: int) -> None:
    # random mission-12 deals played at random (no attempt ended) to their last four tricks:
    # the solver, whose table counts pinks and merges them, says what the plain search says
    rng = random.Random(1200 + block)
    seen = {True: 0, False: 0}
    for i in range(40):
        start = new_attempt(4, 12, seed=f"pink-{block}-{i}")
        state = random_line(rng, start, start.setup.total_tricks - 4, [400])
        if state is None:
            continue
        plain = PlainSearch(state, Budget()).run(1 << 40)
        assert plain is not None
        whole = Solver().solve(state)
        assert whole.winnable is plain, (block, i)
        if plain:  # its line, with the pinks it chose, wins through the engine
            assert replays_won(state, whole.line)
        seen[plain] += 1
    assert seen[True] and seen[False], seen
