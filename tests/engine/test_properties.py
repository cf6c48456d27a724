"""Hypothesis playouts: random missions played with random legal actions keep every invariant."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crew.engine import (
    DONE,
    FAILED,
    PENDING,
    Action,
    Assign,
    Distress,
    GameState,
    GiveAll,
    IllegalActionError,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    TimeUp,
    Volunteer,
    apply,
    distress_choices,
    legal_actions,
    new_attempt,
    trick_winner,
    why_illegal,
)
from crew.records import action_to_json, record_for, verify_report

DECK = (1 << 40) - 1
TIMED_MISSIONS = (14, 15, 16, 26)
#: No attempt needs more actions than this (distribution, predictions, signals, 40 plays).
ACTION_BOUND = 400


def suit(card: int) -> int:
    return 4 if card >= 36 else card // 9


@dataclass
class Game:
    """One random attempt: how it was set up, the actions taken, the states passed through."""

    players: int
    mission: int | None
    seed: int
    timed: bool
    difficulty: int | None
    start: GameState
    state: GameState
    actions: list[Action] = field(default_factory=list)
    tasks: list[int] | None = None

    def again(self) -> GameState:
        return new_attempt(
            self.players,
            self.mission,
            seed=self.seed,
            timed=self.timed,
            difficulty=self.difficulty,
            tasks=self.tasks,
        )


games = st.builds(
    lambda players, mission, free, seed, timed, rng_seed: (
        players,
        None if mission < 0 else mission,
        free,
        seed,
        timed,
        rng_seed,
    ),
    st.integers(2, 5),
    st.integers(-1, 33),
    st.integers(1, 20),
    st.integers(0, 10**6),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)


def setup_game(params: tuple[Any, ...]) -> tuple[Game, random.Random]:
    players, mission, free, seed, timed, rng_seed = params
    timed = timed and mission in TIMED_MISSIONS
    difficulty = free if mission is None else None
    start = new_attempt(players, mission, seed=seed, timed=timed, difficulty=difficulty)
    game = Game(players, mission, seed, timed, difficulty, start, start)
    return game, random.Random(rng_seed)


def random_distress(state: GameState, rng: random.Random) -> Distress | None:
    """Sometimes, a random legal distress exchange (when one is still possible)."""
    if state.distress or state.played or state.trick_cards or state.signals:
        return None
    if state.phase not in ("predict", "play") or any(p >= 0 for p in state.predictions):
        return None
    choices = distress_choices(state)
    if any(not c for c in choices):
        return None
    return Distress(rng.choice(["left", "right"]), tuple(rng.choice(c) for c in choices))


def random_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Random actions of every kind, most of them illegal."""
    seats = state.setup.seats
    tasks = list(state.setup.task_ids) + [rng.randint(1, 96)]
    seat = lambda: rng.randint(-1, seats)  # noqa: E731
    card = lambda: rng.randint(0, 40)  # noqa: E731
    return [
        Play(seat(), card()),
        Play(state.turn, card()),
        Signal(seat(), card(), rng.choice(["top", "middle", "bottom", "side"])),  # type: ignore[arg-type]
        Take(seat(), rng.choice(tasks)),
        Pass(seat()),
        Volunteer(seat(), rng.random() < 0.5),
        GiveAll(seat()),
        Assign(rng.choice(tasks), seat()),
        Predict(seat(), rng.randint(-1, 15)),
        Distress(
            rng.choice(["left", "right", "up"]),  # type: ignore[arg-type]
            tuple(card() for _ in range(rng.randint(state.setup.players - 1, state.setup.players))),
        ),
        TimeUp(),
    ]


def check_state(state: GameState) -> None:
    """Invariants that hold in every state."""
    st_ = state.setup
    seats = st_.seats
    # cards conserved: hands, Tonoja's face-down cards, played cards and the current trick
    trick = 0
    for c in state.trick_cards:
        trick |= 1 << c
    parts = [*state.hands, state.tonoja_hidden(), state.played, trick]
    union = 0
    total = 0
    for m in parts:
        assert union & m == 0
        union |= m
        total += m.bit_count()
    assert union == DECK and total == 40
    assert sum(w.bit_count() for w in state.won) == state.played.bit_count()
    assert state.played.bit_count() == len(state.tricks) * seats
    # one card per seat per trick, clockwise from the leader, winners lead next
    leader = st_.captain
    for t in state.tricks:
        assert t.leader == leader
        assert t.seats == tuple((leader + i) % seats for i in range(seats))
        assert len(t.cards) == seats
        subs = [c for c in t.cards if c >= 36]
        best = max(subs) if subs else max(c for c in t.cards if suit(c) == suit(t.cards[0]))
        assert t.winner == t.seats[t.cards.index(best)]
        assert t.winner == t.seats[trick_winner(t.cards)]
        leader = t.winner
    assert sum(state.counts) == len(state.tricks)
    assert len(state.tricks) <= st_.total_tricks
    if state.phase == "play" and not state.result:
        assert state.leader == leader
        assert state.turn == (leader + len(state.trick_cards)) % seats
    # tokens within limits
    comm = st_.rules.communication
    per_seat = [sum(1 for m in state.signals if m.seat == s) for s in range(seats)]
    if comm == "none":
        assert not state.signals
    elif comm == "heavy_noise":
        start_pool = max(seats - 2, 1)
        assert 0 <= state.pool and len(state.signals) + state.pool == start_pool
    else:
        assert all(n <= 1 for n in per_seat)
        assert all(state.tokens[s] == (per_seat[s] == 1) for s in range(seats))
    if st_.tonoja:
        assert per_seat[2] == 0
    for m in state.signals:
        assert m.card < 36
    # tasks
    if state.result:
        assert state.phase == "over"
        if state.result == "won":
            assert all(s == DONE for s in state.status)
        if len(state.tricks) == st_.total_tricks:
            assert PENDING not in state.status
        if state.result == "lost" and FAILED not in state.status:
            assert state.reason
    else:
        assert FAILED not in state.status


def check_play(before: GameState, action: Play, after: GameState) -> None:
    """The played card followed suit (checked from the hand before the play)."""
    if before.trick_cards:
        led = suit(before.trick_cards[0])
        if suit(action.card) != led:
            hand = before.hands[action.seat]
            assert not any(hand >> c & 1 and suit(c) == led for c in range(40))
    assert not after.hands[action.seat] >> action.card & 1


def check_candidates(state: GameState, legal: list[Action], rng: random.Random) -> None:
    """why_illegal agrees with legal_actions and apply for random candidate actions."""
    for cand in random_candidates(state, rng):
        bad = why_illegal(state, cand)
        snapshot = state
        if bad is None:
            if not isinstance(cand, (Distress, TimeUp)):
                assert cand in legal, cand
            apply(state, cand)
            continue
        try:
            apply(state, cand)
        except IllegalActionError as exc:
            assert exc.code == bad.code
        else:
            raise AssertionError(f"{cand!r} was applied although {bad}")
        assert state == snapshot


def playout(game: Game, rng: random.Random, candidates: bool) -> None:
    state = game.state
    check_state(state)
    while not state.result:
        assert len(game.actions) < ACTION_BOUND, "the attempt did not end"
        legal = legal_actions(state)
        assert legal, f"no legal action in phase {state.phase}"
        for a in legal:
            assert why_illegal(state, a) is None, a
        if candidates:
            check_candidates(state, legal, rng)
        action: Action = rng.choice(legal)
        extra = random_distress(state, rng) if rng.random() < 0.15 else None
        if extra is not None:
            assert why_illegal(state, extra) is None
            action = extra
        elif game.timed and state.phase in ("play", "predict") and rng.random() < 0.01:
            action = TimeUp()
        new, events = apply(state, action)
        if isinstance(action, Play):
            check_play(state, action, new)
            assert events[0].kind == "play"
        check_state(new)
        game.actions.append(action)
        state = new
    game.state = state
    assert legal_actions(state) == []


def replay_same(game: Game) -> None:
    """Same seed and same actions give the same state."""
    state = game.again()
    assert state == game.start
    for a in game.actions:
        state, _ = apply(state, a)
    assert state == game.state


def replay_record(game: Game) -> None:
    """The game's record replays through crew verify to the same result."""
    rec = record_for(game.start, difficulty=game.difficulty)
    rec.actions = [action_to_json(a) for a in game.actions]
    report = verify_report(rec)
    s = game.state
    assert report["ok"] and report["violation"] is None
    assert report["result"] == (s.result or "in_progress")
    assert [t["winner"] for t in report["tricks"]] == [t.winner for t in s.tricks]
    assert [t["status"] for t in report["tasks"]] == [
        ("pending", "done", "failed")[x] for x in s.status
    ]


SETTINGS = settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)  # derandomize comes from the profile in tests/conftest.py: fixed on CI, exploring locally


@SETTINGS
@given(games)
def test_random_playouts_keep_the_invariants(params: tuple[Any, ...]) -> None:
    game, rng = setup_game(params)
    playout(game, rng, candidates=False)
    replay_same(game)
    replay_record(game)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_why_illegal_agrees_with_apply_and_legal_actions(params: tuple[Any, ...]) -> None:
    game, rng = setup_game(params)
    playout(game, rng, candidates=True)


@settings(max_examples=100, deadline=None)
@given(games, st.integers(0, 60))
def test_unfinished_games_replay_too(params: tuple[Any, ...], stop: int) -> None:
    game, rng = setup_game(params)
    state = game.state
    while not state.result and len(game.actions) < stop:
        action = rng.choice(legal_actions(state))
        state, _ = apply(state, action)
        game.actions.append(action)
    game.state = state
    replay_same(game)
    replay_record(game)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 2**32 - 1))
def test_whole_hands_to_the_last_trick(players: int, seed: int, rng_seed: int) -> None:
    """Free play without task cards: every trick is played, with signals and distress."""
    start = new_attempt(players, None, seed=seed, difficulty=1, tasks=[])
    game = Game(players, None, seed, False, 1, start, start, tasks=[])
    rng = random.Random(rng_seed)
    playout(game, rng, candidates=rng.random() < 0.3)
    state = game.state
    assert state.result == "won"
    assert len(state.tricks) == state.setup.total_tricks
    left = [h.bit_count() for h in state.hands]
    hidden = state.tonoja_hidden().bit_count()
    if players == 3:
        assert sorted(left) == [0, 0, 1]  # the leftover card, never played
    elif players == 2:
        assert left[:2] == [0, 0] and left[2] + hidden == 1  # Tonoja keeps one card
    else:
        assert left == [0] * players
    replay_same(game)
    replay_record(game)
