"""Random reachable states for the solver tests, and a plain exhaustive search to check it
(and the cuts against it on random endings: :func:`lost_only_by`).

``exhaustive(state)`` is deliberately naive: it tries every legal play the engine offers
(``legal_plays`` + ``apply``), with no table, no merging, no ordering and no cuts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest

from crew.engine import GameState, Phase, Play, Signal, apply, legal_actions, legal_plays
from crew.engine.reasons import SetupError
from crew.engine.search import Node, SearchForm
from crew.engine.setup import new_attempt
from crew.engine.task_base import CutKind
from crew.solver import Solver
from crew.solver.bounds import certainly_lost, cuts_for

#: Missions that cover the conditions and distribution modes, plus free play.
MISSIONS: tuple[int | None, ...] = (None, None, None, 1, 5, 6, 8, 10, 12, 13, 17, 21, 23, 27, 32)


def random_start(rng: random.Random) -> GameState:
    """A fresh attempt: random crew size, mission (or free play) and seed."""
    while True:
        players = rng.choice((2, 3, 4, 4, 5))
        mission = rng.choice(MISSIONS)
        difficulty = rng.randint(1, 9) if mission is None else None
        try:
            return new_attempt(players, mission, seed=rng.randrange(1 << 30), difficulty=difficulty)
        except SetupError:
            continue


def random_action(state: GameState, rng: random.Random) -> object:
    acts = [a for a in legal_actions(state) if not isinstance(a, Signal)]
    return rng.choice(acts)


def play_until(state: GameState, rng: random.Random, tricks_left: int, mid: bool) -> GameState:
    """Random legal actions until ``tricks_left`` tricks remain (maybe part-way into a trick)."""
    while not state.result:
        if state.phase == Phase.PLAY:
            left = state.setup.total_tricks - len(state.tricks)
            if left <= tricks_left and (not mid or state.trick_cards):
                return state
        state, _ = apply(state, random_action(state, rng))  # type: ignore[arg-type]
    return state


def random_state(rng: random.Random, tricks_left: int) -> GameState:
    """A state in the trick phase, still open, with at most ``tricks_left`` tricks to go."""
    while True:
        state = play_until(random_start(rng), rng, tricks_left, mid=rng.random() < 0.3)
        if not state.result:
            return state


def exhaustive(state: GameState) -> bool:
    """Can the attempt still be won? Every legal play, nothing clever."""
    if state.result:
        return state.result == "won"
    for card in legal_plays(state):
        child, _ = apply(state, Play(state.turn, card))
        if exhaustive(child):
            return True
    return False


def replays_won(state: GameState, line: tuple[object, ...]) -> bool:
    for action in line:
        state, _ = apply(state, action)  # type: ignore[arg-type]
    return state.result == "won"


def random_line(
    rng: random.Random, state: GameState, tricks: int, steps: list[int]
) -> GameState | None:
    """``state`` played on at random to ``tricks`` tricks without ending the attempt: cards in
    random order, depth first, going back where every card ends it; None after ``steps[0]``
    cards tried in all."""
    if len(state.tricks) >= tricks:
        return state
    plays = list(legal_plays(state))
    rng.shuffle(plays)
    for card in plays:
        steps[0] -= 1
        if steps[0] < 0:
            return None
        child, _ = apply(state, Play(state.turn, card))
        if not child.result:
            found = random_line(rng, child, tricks, steps)
            if found is not None:
                return found
    return None


def random_ending(
    rng: random.Random,
    players: int,
    tasks: list[int],
    owners: list[int],
    seed: str,
    tricks_left: int = 3,
) -> GameState | None:
    """A free-play attempt with ``tasks`` given to ``owners``, played on at random
    (:func:`random_line`, 400 cards at most) until ``tricks_left`` tricks are left; None when
    no such line was found."""
    state = new_attempt(players, None, seed=seed, tasks=tasks, difficulty=1)
    captain = state.setup.captain
    state = state._replace(phase=Phase.PLAY, owners=tuple(owners), turn=captain, leader=captain)
    return random_line(rng, state, state.setup.total_tricks - tricks_left, [400])


def laid_out(state: GameState, owners: Sequence[int]) -> tuple[SearchForm, Node]:
    """``state`` (before its tasks are handed out) with its tasks given to ``owners``, at the
    first trick with its captain leading: the search form and its first node."""
    captain = state.setup.captain
    start = state._replace(phase=Phase.PLAY, owners=tuple(owners), turn=captain, leader=captain)
    form = SearchForm(start)
    return form, form.start(start)


def proved_lost(players: int, mission: int, seed: str, task_ids: tuple[int, ...]) -> GameState:
    """The logbook deal ``seed`` of ``mission``, checked to hold ``task_ids`` and to be proved
    lost by the whole solver in fewer than 100,000 positions (of 200,000 allowed)."""
    state = new_attempt(players, mission, seed=seed)
    assert state.setup.task_ids == task_ids
    sol = Solver().solve(state, node_limit=200_000)
    assert sol.winnable is False and sol.nodes < 100_000, sol.nodes
    return state


def laid_out_lost_only_by(
    monkeypatch: pytest.MonkeyPatch,
    state: GameState,
    owners: Sequence[int],
    off: tuple[object, str, object],
) -> tuple[bool, bool]:
    """Whether the cuts call ``state`` lost with its tasks given to ``owners``
    (:func:`laid_out`; too many tricks left for the plain search), and whether they no longer
    do with the check ``off`` (object, name, stand-in) replaced."""
    form, node = laid_out(state, owners)
    lost = certainly_lost(form, cuts_for(form), node)
    with monkeypatch.context() as m:
        m.setattr(*off)
        return lost, not certainly_lost(form, cuts_for(form), node)


def lost_only_by(
    monkeypatch: pytest.MonkeyPatch,
    state: GameState,
    off: Sequence[tuple[object, str, object]],
    kinds: frozenset[CutKind] | None = None,
) -> tuple[bool, bool]:
    """Whether the cuts (of ``kinds``; None: all) call ``state`` lost at the start of its trick
    (the plain search then finds no win either: asserted), and whether they no longer do with
    each check of ``off`` (object, name, stand-in) replaced."""
    form = SearchForm(state)
    node = form.start(state)
    if not certainly_lost(form, cuts_for(form, kinds), node):
        return False, False
    assert not exhaustive(state), (state.setup.task_ids, state.owners, state.hands)
    with monkeypatch.context() as m:
        for obj, name, stand_in in off:
            m.setattr(obj, name, stand_in)
        return True, not certainly_lost(form, cuts_for(form, kinds), node)


def fired_only_by(
    monkeypatch: pytest.MonkeyPatch,
    states: Iterable[GameState | None],
    off: Sequence[tuple[object, str, object]],
) -> tuple[int, int]:
    """Over ``states`` (None skipped): how many the cuts call lost (each checked against the
    plain search by :func:`lost_only_by`), and how many of those only with the checks ``off``
    in place."""
    fired = only = 0
    for state in states:
        if state is not None:
            lost, new = lost_only_by(monkeypatch, state, off)
            fired += lost
            only += new
    return fired, only


def never(*_: object) -> bool:
    """A check switched off: it never fires (a stand-in for :func:`lost_only_by`)."""
    return False


def fits(*_: object) -> bool:
    """A check switched off that answers whether something fits: it always does."""
    return True
