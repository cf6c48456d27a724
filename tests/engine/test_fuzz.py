"""Random and malformed actions thrown at the engine: a reason code or a new state, never a crash.

Every candidate goes through ``why_illegal`` and ``apply``: a refused one raises
IllegalActionError with the same code and leaves the state exactly as it was; an accepted one
gives a new state. The games move on by random legal actions, so every phase is reached.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from crew.engine import (
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
    legal_actions,
    new_attempt,
    why_illegal,
)

# values of the wrong type or size for any field
_JUNK: list[Any] = [True, False, None, 1.0, 2.5, "1", "top", -1, 10**30, -(10**30), (), [1], {}]


def _int(rng: random.Random, hi: int) -> Any:
    """Mostly a plausible whole number, sometimes junk."""
    if rng.random() < 0.15:
        return rng.choice(_JUNK)
    return rng.randrange(-1, hi + 1)


def _candidate(rng: random.Random, state: GameState) -> Any:
    st = state.setup
    seats = st.seats
    ids = list(st.task_ids) or [1]

    def seat() -> Any:
        return state.turn if state.turn >= 0 and rng.random() < 0.5 else _int(rng, seats)

    def task() -> Any:
        return rng.choice(ids) if rng.random() < 0.7 else _int(rng, 97)

    kind = rng.randrange(12)
    if kind == 0:
        return Take(seat(), task())
    if kind == 1:
        return Pass(seat())
    if kind == 2:
        yes = rng.choice([True, False]) if rng.random() < 0.8 else rng.choice(_JUNK)
        return Volunteer(seat(), yes)
    if kind == 3:
        return GiveAll(_int(rng, seats))
    if kind == 4:
        to = rng.choice(state.volunteers) if state.volunteers else _int(rng, seats)
        return Assign(task(), to if rng.random() < 0.7 else _int(rng, seats))
    if kind == 5:
        return Predict(seat(), _int(rng, 14))
    if kind == 6:
        direction = rng.choice(["left", "right", "up", None, 1])
        cards = tuple(_int(rng, 40) for _ in range(rng.choice([st.players, st.players, 1, 6])))
        if rng.random() < 0.1:
            return Distress(direction, list(cards))  # type: ignore[arg-type]
        return Distress(direction, cards)  # type: ignore[arg-type]
    if kind == 7:
        position = rng.choice(["top", "middle", "bottom", "left", None, True])
        return Signal(seat(), _int(rng, 40), position)
    if kind == 8:
        return TimeUp()
    if kind == 9:
        return rng.choice([None, 3, "play P7", object(), (0, 1)])
    return Play(seat(), _int(rng, 40))


def _probe(state: GameState, action: Any, seen: Counter[str]) -> None:
    bad = why_illegal(state, action)
    before = state
    if bad is None:
        after, _ = apply(state, action)
        assert after is not state
        seen["legal"] += 1
        return
    seen[bad.code] += 1
    with pytest.raises(IllegalActionError) as exc:
        apply(state, action)
    assert exc.value.code == bad.code
    assert state == before  # frozen, and compared field by field


def _drive(state: GameState, seed: int, seen: Counter[str], probes: int = 12) -> None:
    rng = random.Random(seed)
    while True:
        for _ in range(probes):
            _probe(state, _candidate(rng, state), seen)
        if state.result:
            return
        legal: list[Action] = legal_actions(state)
        state, _ = apply(state, rng.choice(legal))


# (players, mission, tasks, timed): random missions plus the situations random play rarely meets
_GAMES: list[tuple[int, int | None, list[int] | None, bool]] = [
    (4, 1, None, False),
    (3, 5, None, False),
    (5, 12, None, False),
    (2, 8, None, False),
    (4, 19, None, False),  # the captain must take a task of the highest difficulty first
    (4, 26, None, True),  # two volunteers share the tasks, each needs one
    (3, 26, None, False),
    (4, 14, None, True),  # one volunteer, real time
    (4, 6, None, False),  # the crew gives all tasks to one seat
    (4, 10, None, False),  # the captain gives all tasks away
    (4, 17, None, False),  # free task choice
    (4, None, [59, 1], False),  # a comparison task and passing: the captain must not be stuck
    (5, None, [60, 2, 3], False),
    (3, None, [83, 84], False),  # predictions
    (4, 23, None, False),
]


@pytest.mark.parametrize("game", range(len(_GAMES)))
def test_random_and_malformed_actions_never_crash_or_change_a_state(game: int) -> None:
    players, mission, tasks, timed = _GAMES[game]
    seen: Counter[str] = Counter()
    for seed in range(4):
        state = new_attempt(
            players,
            mission,
            seed=f"fuzz-{game}-{seed}",
            tasks=tasks,
            difficulty=None if mission is not None else 1,
            timed=timed,
        )
        _drive(state, seed, seen)
    assert seen["BAD_ACTION"] > 0
    assert seen["legal"] > 0


def test_fuzz_reaches_the_codes_random_play_never_reached() -> None:
    seen: Counter[str] = Counter()
    cases = [(4, 19, None, False), (4, 26, None, True)]
    for game, (players, mission, tasks, timed) in enumerate(cases):
        for seed in range(6):
            state = new_attempt(
                players,
                mission,
                seed=f"reach-{game}-{seed}",
                tasks=tasks,
                difficulty=None if mission is not None else 1,
                timed=timed,
            )
            _drive(state, seed, seen, probes=60)
    # Legal play never meets LEAVES_TASK_UNTAKEABLE: the captain chooses first and a pass is
    # refused (MUST_TAKE) before the tasks left could outnumber the seats left. The state below
    # is built by hand, one crew member further on than the turn says, to reach the check.
    state = new_attempt(4, None, seed="reach", tasks=[59, 60, 1], difficulty=1)
    captain = state.setup.captain
    state, _ = apply(state, Pass(captain))
    state = state._replace(asked=state.asked + 1)
    rng = random.Random(5)
    for _ in range(300):
        _probe(state, _candidate(rng, state), seen)
    for code in ("MUST_TAKE_HARDEST", "LEAVES_TASK_UNTAKEABLE", "EACH_VOLUNTEER_NEEDS_A_TASK"):
        assert seen[code] > 0, (code, seen)


@pytest.mark.parametrize(
    "action",
    [
        Play(2, True),  # type: ignore[arg-type]
        Play(1.0, 3),  # type: ignore[arg-type]
        Play(True, 3),  # type: ignore[arg-type]
        Distress("left", None),  # type: ignore[arg-type]
        Take(0, 22.0),  # type: ignore[arg-type]
        Predict(0, True),  # type: ignore[arg-type]
        Signal(0, True, "middle"),  # type: ignore[arg-type]
        Volunteer(0, "no"),  # type: ignore[arg-type]
        Take(0, 10**5000),
    ],
    ids=lambda a: type(a).__name__,
)
def test_an_action_with_fields_of_the_wrong_type_is_refused(action: Action) -> None:
    # in several phases: distribution, volunteers, real time
    for mission, players in ((1, 4), (26, 4), (14, 4)):
        state = new_attempt(players, mission, seed=7)
        bad = why_illegal(state, action)
        assert bad is not None and bad.code == "BAD_ACTION", bad
        with pytest.raises(IllegalActionError) as exc:
            apply(state, action)
        assert exc.value.code == "BAD_ACTION"
        assert str(exc.value)


def test_play_with_a_bool_seat_is_refused_on_the_fast_path() -> None:
    state = new_attempt(4, 1, seed=3, tasks=[])
    while state.phase != "play" or state.turn != 1:
        state, _ = apply(state, legal_actions(state)[0])
    card = next(a.card for a in legal_actions(state) if isinstance(a, Play))
    assert why_illegal(state, Play(1, card)) is None
    for seat in (True, 1.0):
        with pytest.raises(IllegalActionError) as exc:
            apply(state, Play(seat, card))  # type: ignore[arg-type]
        assert exc.value.code == "BAD_ACTION"
