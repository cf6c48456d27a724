"""Refutation by relaxation (issue 50): every part the solver proves lost is lost for a plain
depth-first search too, and so is the whole deal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from gen import random_start, random_state

from crew.engine import GameState, Phase, apply, legal_actions, new_attempt, owner_choices
from crew.engine.actions import Signal
from crew.engine.relax import keep_tasks
from crew.records import load_record, replay
from crew.solver import Clash, Solver
from crew.solver.distribution import DistributionSearch, start_of
from crew.solver.limits import Aborted, Budget
from crew.solver.parts import Parts, PartSearch, parts_of
from crew.solver.plain import PlainSearch
from crew.solver.tricks import TrickSearch

#: Four players, free play, tasks 55 "win three tricks in a row" (Cas), 54 "win two tricks in a
#: row" (Ann) and 46 "the last trick and no other" (Bob), played to three tricks from the end:
#: Cas has won the last two tricks, so each task can still be done alone, but Ann's two tricks in
#: a row and Cas's third cannot both fit in the three tricks left.
CLASH_RECORD = Path(__file__).resolve().parent.parent / "data" / "clash-4p-tasks-55-54.json"


def plain_lost(state: GameState) -> bool:
    """A plain depth-first search to the end says: no line wins."""
    return PlainSearch(state, Budget()).run(1 << 40) is False


def part_state(state: GameState, clash: Clash) -> GameState:
    """The part the clash names, built by the engine."""
    ids = state.setup.task_ids
    return keep_tasks(state, [ids.index(t) for t in clash.tasks], conditions=bool(clash.conditions))


def test_the_clash_of_an_explicit_deal_is_named_and_lost_for_a_plain_search() -> None:
    state = replay(load_record(CLASH_RECORD)).state
    assert state.phase == Phase.PLAY and state.setup.total_tricks - len(state.tricks) == 3
    sol = Solver(explain=True).solve(state)
    assert sol.winnable is False
    assert sol.clash == Clash((55, 54))
    assert sol.clash.to_json() == {"tasks": [55, 54], "condition": None}
    assert plain_lost(part_state(state, sol.clash))
    assert plain_lost(state)
    # each task alone can still be done: it is the pair that cannot
    for t in (55, 54):
        assert not plain_lost(part_state(state, Clash((t,))))


@pytest.mark.parametrize("block", range(3))
def test_every_part_proved_lost_is_lost_for_a_plain_search(block: int) -> None:
    """Many small random deals (two or three tricks left): whenever the parts prove one lost,
    the plain search finds that part lost, and the whole deal lost."""
    rng = random.Random(7100 + block)
    found = 0
    for _ in range(60):
        state = random_state(rng, tricks_left=rng.choice((2, 3, 3)))
        clash = Parts(state, PartSearch(Budget())).run(200_000)
        if clash is None:
            continue
        found += 1
        assert plain_lost(part_state(state, clash)), (state, clash)
        assert plain_lost(state), (state, clash)
    assert found >= 3  # the test sees parts proved lost, not only deals without one


def test_the_solver_names_only_parts_that_are_lost() -> None:
    rng = random.Random(7200)
    solver = Solver(explain=True)
    named = 0
    for _ in range(60):
        state = random_state(rng, tricks_left=3)
        sol = solver.solve(state)
        assert sol.winnable is not None
        if sol.winnable:
            assert sol.clash is None
            continue
        if sol.clash is not None:
            named += 1
            assert plain_lost(part_state(state, sol.clash))
    assert named >= 3


def test_parts_are_smallest_first_and_never_the_whole() -> None:
    state = replay(load_record(CLASH_RECORD)).state
    parts = parts_of(state)
    sizes = [len(p.tasks) for p in parts]
    assert sizes == sorted(sizes) and sizes[0] == 1
    pending = sum(1 for s in state.status if s == 0)
    assert max(sizes) < pending
    assert len({p.tasks for p in parts}) == len(parts)


def _distributing(rng: random.Random) -> GameState:
    while True:
        state = random_start(rng)
        if state.phase not in (Phase.PLAY, Phase.PREDICT) and not state.result:
            if len(state.setup.task_ids) >= 3 and rng.random() < 0.5:
                acts = [a for a in legal_actions(state) if not isinstance(a, Signal)]
                state, _ = apply(state, acts[0])
            if state.phase not in (Phase.PLAY, Phase.PREDICT) and not state.result:
                return state


def test_parts_before_the_tricks_are_lost_for_the_main_search_too() -> None:
    """Before the tricks a part is lost whoever owns its tasks; the deals are too large for a
    plain search, so the main search (the distribution search alone, without parts) checks
    the verdict wherever it decides within its limit."""
    rng = random.Random(7300)
    checked = 0
    for _ in range(25):
        state = _distributing(rng)
        clash = Parts(state, PartSearch(Budget())).run(60_000)
        if clash is None:
            continue
        budget = Budget()
        budget.reset(None, 400_000)
        try:
            verdict = DistributionSearch(budget, TrickSearch(budget)).solve(state)
        except Aborted:
            continue
        checked += 1
        assert verdict is None, (state.setup, clash)
    assert checked >= 1  # (seeded: at least one deal where both decide)


def test_before_the_tricks_a_part_is_owned_as_the_mission_hands_tasks_out() -> None:
    """Mission 13 (the captain keeps every task or gives them all to one member), four
    players, deal v50-4-31: tasks 90 (win S3) and 80 (win the trick of G9 with a submarine of
    one's own) cannot both go to one member. Only the captain holds a submarine above S3, and
    its S4 can win only one of the two tricks of S3 and G9 (both in one seat's hand). Split
    between two members (as a normal distribution could give them) they can both be done, so
    the clash is found only because the parts are owned as the mission allows. The part alone,
    searched by the main search without the parts member, is lost for every member who could
    receive both."""
    state = new_attempt(4, 13, seed="v50-4-31")
    assert state.setup.task_ids[:2] == (90, 80)
    sol = Solver(explain=True).solve(state, node_limit=200_000)
    assert sol.winnable is False and sol.clash == Clash((90, 80))
    one_owner = owner_choices(state, (0, 1))
    assert sorted(one_owner) == [(s, s) for s in range(4)]
    for owners in one_owner:
        assert _part_line(state, owners) is None
    assert any(_part_line(state, (a, b)) for a in range(4) for b in range(4) if a != b)


def _part_line(state: GameState, owners: tuple[int, int]) -> list[object] | None:
    """A winning line of the part of ``state`` with only its first two tasks, given to
    ``owners``, from the first card (the main search, no parts); None: lost."""
    start = start_of(state)
    assert start is not None
    full = list(start.owners)
    full[0], full[1] = owners
    part = keep_tasks(start._replace(owners=tuple(full)), (0, 1))
    budget = Budget()
    budget.reset(None, 400_000)
    return DistributionSearch(budget, TrickSearch(budget)).solve(part)
