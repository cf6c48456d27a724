"""Computers decide from their own view only.

Two states that look the same to a seat (the other hands dealt differently) give the same
decision with the same seed; the sampled deals a bot searches on always fit its view and every
public constraint (voids, signals, submarine 4, counts).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from shared_cases import CHEAP

from crew.bots import Memory, NothingToDecide, Settings, choose_action, choose_signal
from crew.bots.sampler import infer, sample_states
from crew.engine import new_attempt, view_for
from crew.engine.cards import SUIT_MASKS, suit_of
from crew.engine.state import TONOJA, GameState
from crew.table.selfplay import SelfPlay as Table

#: cheap search so that thousands of decisions stay quick (a little widening: cheap decisions
#: sample a few more deals, and that too must follow from the view alone). A task option is
#: judged with 60 positions like a card (``task_nodes``; the default floor of 300 would
#: overrule it), so each task decision is still a search on sampled deals, at a fifth the cost
FAST = replace(CHEAP, budget=Settings().budget, wide_budget=600, max_samples=3, min_task_nodes=60)

#: the later logbook's attempts: the cheapest computers, a task option judged with 60
#: positions too (the default floor of 300 would overrule ``task_nodes``)
LATER = replace(CHEAP, min_task_nodes=60)

GAMES = [
    (4, 1),
    (4, 5),
    (3, 9),
    (2, 3),
    (5, 10),
    (4, 6),
    (3, 14),
    (4, 26),
    (2, 15),
    (4, 17),
    (3, 24),
    (5, 29),
]


def _states(
    players: int, mission: int, seed: int, settings: Settings = FAST
) -> list[tuple[GameState, dict[int, Memory]]]:
    """Every state of a computer-played attempt, with each seat's memory at that moment."""
    out: list[tuple[GameState, dict[int, Memory]]] = []

    def keep(state: GameState, _: object) -> None:
        out.append((state, {s: _copy(m) for s, m in table.memories.items()}))

    table = Table(
        new_attempt(players, mission, seed=seed),
        frozenset(range(players)),
        seed,
        settings,
        on_action=keep,
    )
    out.append((table.state, {s: _copy(m) for s, m in table.memories.items()}))
    table.run()
    return out


def _copy(m: Memory) -> Memory:
    c = Memory(m.seat, list(m.tricks), m.complete, m.gave, m.received)
    c._hand, c._distress = m._hand, m._distress
    return c


def _deciders(state: GameState) -> list[int]:
    st = state.setup
    if state.over:
        return []
    if state.turn >= 0:
        return [st.controller(state.turn)]
    return list(range(st.players))


def _same_decision(state: GameState, mem: Memory, seat: int, seed: int) -> tuple[int, bool]:
    """``seat``'s decisions (an action; a signal before a trick) in ``state`` and in another
    state it cannot tell apart, the other hands dealt again: equal. How many were compared, and
    whether the other state really is another deal."""
    view = view_for(state, seat)
    alt = sample_states(view, mem, random.Random(seed * 7 + seat), 1)[0]
    alt_view = view_for(alt, seat)
    assert alt_view == view
    decisions = 0
    for fn in (choose_action, choose_signal):
        if fn is choose_signal and (state.phase != "play" or state.trick_cards):
            continue
        try:
            a = fn(view, mem, random.Random(99), FAST)
        except NothingToDecide:
            with pytest.raises(NothingToDecide):
                fn(alt_view, _copy(mem), random.Random(99), FAST)
            continue
        b = fn(alt_view, _copy(mem), random.Random(99), FAST)
        assert a == b, (state.setup.players, state.setup.rules.mission, seat, a, b)
        decisions += 1
    return decisions, alt.hands != state.hands or alt.piles != state.piles


@pytest.mark.early
@pytest.mark.parametrize(("players", "mission"), GAMES)
def test_same_view_same_decision(players: int, mission: int) -> None:
    decisions = differ = 0
    # attempts until 120 decisions are compared (four at most): one to three attempts a game
    for seed in range(4):
        if decisions >= 120:
            break
        for state, memories in _states(players, mission, seed):
            for seat in _deciders(state):
                n, other = _same_decision(state, memories[seat], seat, seed)
                decisions += n
                differ += other
    assert decisions > 100
    assert differ > decisions // 3  # most pairs really are different deals


@pytest.mark.early
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_same_view_same_decision_on_the_later_logbook(players: int) -> None:
    """Issue 49: missions 11-33 with every crew size, each mission with two of them (mission m
    with the crew sizes s where m + s is 0 or 1 modulo 4: each size gets 11 or 12 missions, odd
    and even, spread over the logbook). One attempt a mission, played by the cheapest computers;
    of its moments, one where a seat takes part in handing out the tasks (if the mission has
    any) and two during the tricks, drawn at random, each seat to decide there compared on
    another deal it cannot tell apart."""
    decisions = differ = 0
    tasks = tricks = 0
    missions = [m for m in range(11, 34) if (m + players) % 4 in (0, 1)]
    for mission in missions:
        seed = 100 * players + mission
        moments = [
            (state, memories[seat], seat)
            for state, memories in _states(players, mission, seed, LATER)
            for seat in _deciders(state)
        ]
        before = [m for m in moments if m[0].phase != "play"]
        during = [m for m in moments if m[0].phase == "play"]
        rng = random.Random(seed)
        picked = rng.sample(before, min(1, len(before))) + rng.sample(during, 2)
        tasks += len(picked) - 2
        tricks += 2
        for state, mem, seat in picked:
            n, other = _same_decision(state, mem, seat, seed)
            decisions += n
            differ += other
    assert tricks == 2 * len(missions) and tasks >= len(missions) // 2
    assert decisions >= tasks + tricks - 10  # a few moments may leave a seat nothing to decide
    assert differ > (tasks + tricks) // 2  # most pairs really are different deals


@pytest.mark.parametrize(("players", "mission"), GAMES)
def test_samples_fit_every_public_constraint(players: int, mission: int) -> None:
    for seed in range(1):
        for state, memories in _states(players, mission, seed):
            if state.phase != "play" or state.over:
                continue
            for seat, mem in memories.items():
                view = view_for(state, seat)
                k = infer(view, mem)
                for det in sample_states(view, mem, random.Random(seed), 3):
                    assert view_for(det, seat) == view
                    _check_constraints(det, state, seat)
                    for s, allowed in k.allowed.items():
                        if not (state.setup.tonoja and s == TONOJA):
                            assert det.hands[s] & ~allowed == 0


def _check_constraints(det: GameState, real: GameState, seat: int) -> None:
    st = det.setup
    # shown voids: whoever did not follow holds none of the led suit (Tonoja: face-up only)
    for t in det.tricks:
        led = suit_of(t.cards[0])
        for s, c in zip(t.seats, t.cards, strict=True):
            if suit_of(c) != led and not (st.tonoja and s == TONOJA):
                assert det.hands[s] & SUIT_MASKS[led] == 0
    # signals with a known position stay true of the sampled hands
    for m in real.signals:
        if m.seat == seat or det.played >> m.card & 1 or m.card in det.trick_cards:
            continue
        if st.rules.communication == "currents":
            continue
        same = det.hands[m.seat] & SUIT_MASKS[suit_of(m.card)]
        assert det.hands[m.seat] >> m.card & 1
        if m.position == "top":
            assert same >> (m.card + 1) == 0
        elif m.position == "bottom":
            assert same & ((1 << m.card) - 1) == 0
        else:
            assert same == 1 << m.card
    # submarine 4 is the captain's until played
    if not det.played >> 39 & 1 and 39 not in det.trick_cards:
        assert det.hands[st.captain] >> 39 & 1


def test_decisions_repeat_with_the_same_seed() -> None:
    a = Table(new_attempt(4, 3, seed=5), frozenset(range(4)), 11, FAST)
    b = Table(new_attempt(4, 3, seed=5), frozenset(range(4)), 11, FAST)
    a.run()
    b.run()
    assert a.actions == b.actions
