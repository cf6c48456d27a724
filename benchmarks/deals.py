"""Random deals for the solver benchmark: every task category, 3-5 players, difficulty 2 up to
the logbook's highest, tasks handed out or still to be distributed.

Each deal is a game record (``crew-record/1``), so a slow one can be saved and given to
``crew solve`` as it is. The same seed gives the same deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from crew.engine import Phase, Signal, apply, legal_actions
from crew.engine.data import load_logbook
from crew.engine.reasons import SetupError
from crew.engine.setup import new_attempt
from crew.engine.state import GameState
from crew.engine.task_params import CATEGORIES
from crew.engine.tasks import ANY_OWNERS, TWO_OWNERS, all_tasks, impossible
from crew.records import Record, action_to_json, record_for

__all__ = ["highest_difficulty", "random_deals"]


def highest_difficulty() -> int:
    """The highest task difficulty of the logbook: its first epilogue mission's (18)."""
    book = load_logbook()
    return max(book.epilogue.difficulty, *(m.difficulty or 0 for m in book.mission))


def _missions() -> list[int]:
    """Logbook missions 2-32 and the first epilogue mission."""
    book = load_logbook()
    return [m.number for m in book.mission if m.number >= 2] + [book.epilogue.first]


def _draw(rng: random.Random, crew: int, target: int, category: str) -> list[int] | None:
    """Tasks adding up to ``target`` for ``crew`` seats, the first of ``category``; no pair that
    can never both succeed."""
    tasks = all_tasks()
    diff = {t: task.difficulty_for(crew) for t, task in tasks.items()}
    first = [t for t, task in tasks.items() if task.category == category and diff[t] <= target]
    if not first:
        return None
    kept = [rng.choice(first)]
    total = diff[kept[0]]
    pool = sorted(tasks)
    for _ in range(200):
        if total == target:
            return kept
        fits = [
            t
            for t in pool
            if t not in kept
            and diff[t] <= target - total
            and not any(impossible(k, t, crew, ANY_OWNERS) for k in kept)
            and not any(impossible(k, t, crew, TWO_OWNERS) for k in kept)
        ]
        if not fits:
            return None
        t = rng.choice(fits)
        kept.append(t)
        total += diff[t]
    return None


def _hand_out(state: GameState, rng: random.Random) -> tuple[GameState, list[object]]:
    """Random legal distribution choices until the predictions or the tricks."""
    actions: list[object] = []
    while not state.result and state.phase not in (Phase.PLAY, Phase.PREDICT):
        choices = [a for a in legal_actions(state) if not isinstance(a, Signal)]
        a = rng.choice(choices)
        actions.append(a)
        state, _ = apply(state, a)
    return state, actions


def random_deals(n: int, seed: int) -> Iterator[tuple[str, Record]]:
    """``n`` deals (id, record); deal ``i`` starts from task category ``i`` modulo their number.

    Three in four deals have their tasks handed out (randomly, through the engine's own
    distribution choices); one in four stops before the distribution. One in four is a logbook
    mission (with its distribution mode and conditions), the others free play at a difficulty
    from 2 to the logbook's highest.
    """
    rng = random.Random(seed)
    top = highest_difficulty()
    missions = _missions()
    made = 0
    i = 0
    while made < n:
        category = CATEGORIES[i % len(CATEGORIES)]
        i += 1
        players = rng.choice((3, 4, 5))
        handed = rng.random() < 0.75
        deal_seed = rng.randrange(1 << 30)
        try:
            if rng.random() < 0.25:
                mission: int | None = rng.choice(missions)
                difficulty = None
                state = new_attempt(players, mission, seed=deal_seed)
            else:
                mission = None
                difficulty = rng.randint(2, top)
                tasks = _draw(rng, players, difficulty, category)
                if tasks is None:
                    continue
                state = new_attempt(
                    players, None, seed=deal_seed, tasks=tasks, difficulty=difficulty
                )
        except SetupError:
            continue
        rec = record_for(state, difficulty=difficulty)
        kind = "before"
        if handed:
            state, actions = _hand_out(state, rng)
            done = [action_to_json(a) for a in actions]  # type: ignore[arg-type]
            rec = rec.model_copy(update={"actions": done})
            kind = "handed"
        what = f"m{mission}" if mission else f"d{difficulty}"
        name = f"r{seed}-{made:03d}-p{players}-{what}-{kind}"
        made += 1
        yield name, rec
