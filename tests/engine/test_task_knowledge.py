"""What the search knows about each task is stated beside its evaluator, and it is honest: two
cards a task does not tell apart can change places without changing its verdict, and an unknown
category or condition is an error instead of a silent "no mask"."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from crew.engine import conditions as conditions_mod
from crew.engine import missions as missions_mod
from crew.engine.cards import SUIT_MASKS, suit_of
from crew.engine.conditions import UnknownConditionError
from crew.engine.enums import ConditionName
from crew.engine.missions import MissionError, Rules, mission_rules
from crew.engine.search import SearchForm
from crew.engine.setup import new_attempt
from crew.engine.task_base import PENDING, Ctx, Reads
from crew.engine.tasks import all_tasks
from crew.engine.tricks import Trick, trick_winner


def _classes(apart: tuple[int, ...]) -> list[tuple[bool, ...]]:
    return [tuple(bool(m >> c & 1) for m in apart) for c in range(40)]


def _random_ctx(rng: random.Random, crew: int) -> Ctx:
    """A plausible moment after some tricks: cards dealt out, some tricks played."""
    deck = list(range(40))
    rng.shuffle(deck)
    total = 40 // crew
    played_tricks = rng.randint(1, total)
    tricks = []
    won = [0] * crew
    counts = [0] * crew
    leader = rng.randrange(crew)
    at = 0
    for _ in range(played_tricks):
        seats = tuple((leader + k) % crew for k in range(crew))
        cards = tuple(deck[at : at + crew])
        at += crew
        w = seats[trick_winner(cards)]
        tricks.append(Trick(leader, seats, cards, w))
        for c in cards:
            won[w] |= 1 << c
        counts[w] += 1
        leader = w
    played = 0
    for c in deck[:at]:
        played |= 1 << c
    final = played_tricks == total
    return Ctx(
        tuple(won),
        tuple(counts),
        tuple(tricks),
        0 if final else ((1 << 40) - 1) & ~played,
        total - played_tricks,
        total,
        0,
        tuple(rng.randint(0, total) for _ in range(crew)),
        final,
        crew,
    )


def _swap_card(c: int, a: int, b: int) -> int:
    return b if c == a else a if c == b else c


def _swap_mask(m: int, a: int, b: int) -> int:
    bit_a, bit_b = m >> a & 1, m >> b & 1
    m &= ~((1 << a) | (1 << b))
    return m | (bit_a << b) | (bit_b << a)


def _swapped(ctx: Ctx, a: int, b: int) -> Ctx:
    tricks = tuple(
        Trick(t.leader, t.seats, tuple(_swap_card(c, a, b) for c in t.cards), t.winner)
        for t in ctx.tricks
    )
    return ctx._replace(
        won=tuple(_swap_mask(w, a, b) for w in ctx.won),
        tricks=tricks,
        avail=_swap_mask(ctx.avail, a, b),
    )


@pytest.mark.parametrize("task_id", sorted(all_tasks()))
def test_cards_a_task_does_not_tell_apart_can_change_places(task_id: int) -> None:
    task = all_tasks()[task_id]
    cls = _classes(task.know.apart)
    rng = random.Random(task_id)
    checked = 0
    for _ in range(2000):
        if checked >= 150:
            break
        crew = rng.choice((3, 4, 5))
        ctx = _random_ctx(rng, crew)
        a = rng.randrange(40)
        same = [b for b in range(40) if b != a and suit_of(b) == suit_of(a) and cls[b] == cls[a]]
        if not same:
            continue
        b = rng.choice(same)
        owner = rng.randrange(crew)
        assert task.evaluate(owner, ctx) == task.evaluate(owner, _swapped(ctx, a, b)), (a, b)
        checked += 1
    assert checked >= 60  # submarines at least (tasks that tell every value apart)


def test_a_task_reading_captured_cards_names_them() -> None:
    for task in all_tasks().values():
        know = task.know
        assert (know.reads == Reads.WON) == bool(know.reads_cards), task.id


def test_cards_told_apart_stay_within_the_deck() -> None:
    deck = (1 << 40) - 1
    for task in all_tasks().values():
        for m in (*task.know.apart, task.know.take, task.know.avoid, task.know.trick):
            assert m & ~deck == 0, task.id
    assert sum(SUIT_MASKS) == deck


def test_an_unknown_condition_is_an_error_at_load() -> None:
    with pytest.raises(UnknownConditionError, match="'balance_7s'"):
        Rules(conditions=("balance_7s",))


def test_a_modifier_that_is_no_condition_stops_the_mission_loading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "balance_9s" in mission_rules(8).conditions
    monkeypatch.setattr(
        missions_mod, "_CONDITION_NAMES", missions_mod._CONDITION_NAMES - {"balance_9s"}
    )
    with pytest.raises(MissionError, match="'balance_9s'"):
        mission_rules(8)


def test_a_condition_without_its_judge_stops_the_engine_loading() -> None:
    """conditions.py refuses to load while a condition is named without a rule (missions.py
    knows the names from the enum, so this is where a missing judge is caught)."""
    assert set(conditions_mod.CONDITIONS) == set(ConditionName)
    code = (
        "from enum import StrEnum\n"
        "import crew.engine.enums as e\n"
        "names = {m.name: m.value for m in e.ConditionName} | {'BALANCE_7S': 'balance_7s'}\n"
        "e.ConditionName = StrEnum('ConditionName', names)\n"
        "import crew.engine.conditions\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode != 0
    assert "ImportError" in run.stderr and "balance_7s" in run.stderr


def test_a_condition_tells_its_cards_apart_in_the_search() -> None:
    state = new_attempt(4, 27, seed=3)  # yellow 5 last
    form = SearchForm(state)
    cls = form.classes(state.status)
    y4, y5, y6 = 3 * 9 + 3, 3 * 9 + 4, 3 * 9 + 5
    assert cls[y4] == cls[y6] != cls[y5]


@pytest.mark.parametrize(
    "task_id", sorted(t for t, task in all_tasks().items() if task.know.reads == Reads.WON)
)
def test_a_task_reading_captured_cards_reads_no_others(task_id: int) -> None:
    """Before the end, its verdict depends only on the captured and unplayed cards it names
    (the search leaves it asleep through tricks without them, and keys on them alone)."""
    task = all_tasks()[task_id]
    reads = task.know.reads_cards
    rng = random.Random(1000 + task_id)
    checked = 0
    for _ in range(300):
        crew = rng.choice((3, 4, 5))
        ctx = _random_ctx(rng, crew)
        if ctx.final:
            continue
        noise = rng.getrandbits(40) & ~reads
        other = ctx._replace(
            won=tuple((w & reads) | (noise if s == 0 else 0) for s, w in enumerate(ctx.won)),
            avail=(ctx.avail & reads) | (rng.getrandbits(40) & ~reads),
            tricks=(),
        )
        owner = rng.randrange(crew)
        assert task.evaluate(owner, ctx) == task.evaluate(owner, other)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    "task_id", sorted(t for t, task in all_tasks().items() if task.know.wakes >= 0)
)
def test_a_pending_task_sleeps_through_a_trick_without_the_cards_that_wake_it(
    task_id: int,
) -> None:
    """What its category says: pending before a trick that holds none of its waking cards
    (and that its owner does not win, when winning wakes it), pending after it too."""
    task = all_tasks()[task_id]
    know = task.know
    rng = random.Random(2000 + task_id)
    checked = 0
    for _ in range(600):
        crew = rng.choice((3, 4, 5))
        ctx = _random_ctx(rng, crew)
        owner = rng.randrange(crew)
        if ctx.remaining < 2 or task.evaluate(owner, ctx) != PENDING:
            continue
        quiet = [c for c in range(40) if ctx.avail >> c & 1 and not know.wakes >> c & 1]
        if len(quiet) < crew:
            continue
        cards = tuple(rng.sample(quiet, crew))
        winner = rng.choice([s for s in range(crew) if not (know.on_win and s == owner)])
        played = 0
        for c in cards:
            played |= 1 << c
        won = list(ctx.won)
        won[winner] |= played
        counts = list(ctx.counts)
        counts[winner] += 1
        after = ctx._replace(
            won=tuple(won),
            counts=tuple(counts),
            tricks=(*ctx.tricks, Trick(0, tuple(range(crew)), cards, winner)),
            avail=ctx.avail & ~played,
            remaining=ctx.remaining - 1,
        )
        assert task.evaluate(owner, after) == PENDING, (cards, winner)
        checked += 1
    assert checked >= 20
