"""Impossible task combinations (rules C, ruling 16): the table in missions/impossible.toml is
exactly what the abstract model of endings proves, and the draw never hands one out."""

from __future__ import annotations

import pytest
from impossible_model import impossible_pairs, one_owner, two_owners

from crew.engine import make_rng, mission_rules, new_attempt
from crew.engine.data import load_impossible
from crew.engine.draw import draw_tasks, owners_for
from crew.engine.missions import Rules
from crew.engine.tasks import impossible


def _table(crew: int) -> dict[tuple[int, int], str]:
    out: dict[tuple[int, int], str] = {}
    for entry in load_impossible():
        if crew in entry.crews:
            a, b = sorted(entry.tasks)
            assert (a, b) not in out, f"{(a, b)} listed twice for {crew} players"
            out[(a, b)] = entry.owners
    return out


@pytest.mark.parametrize("crew", [3, 4, 5])
def test_table_is_exactly_what_the_model_proves(crew: int) -> None:
    """Every entry is proved impossible for its owners, and no other pair of the 96 is
    impossible for the same reasons (trick shapes, card counts, card supply)."""
    proved = {pair: kind for pair, (kind, _) in impossible_pairs(crew).items()}
    table = _table(crew)
    assert sorted(set(table) - set(proved)) == [], "listed but not proved"
    assert sorted(set(proved) - set(table)) == [], "proved but not listed"
    assert {p: k for p, k in table.items() if k != proved[p]} == {}


@pytest.mark.parametrize(
    ("a", "b", "crew", "kind"),
    [
        (50, 88, 4, "one"),  # win no trick vs more pink than green (a pink must be won)
        (50, 54, 4, "one"),  # win no trick vs two tricks in a row
        (45, 41, 3, "any"),
        (45, 44, 4, "any"),
        (46, 44, 5, "any"),
        (19, 20, 3, "any"),
        (15, 20, 4, "any"),
        (94, 95, 5, "any"),
        (53, 64, 5, "any"),
        (40, 41, 4, "two"),  # ruling 16: both need trick 1
        (1, 14, 3, "two"),  # both need the pink 3
    ],
)
def test_known_combinations(a: int, b: int, crew: int, kind: str) -> None:
    one, two = one_owner(a, b, crew), two_owners(a, b, crew)
    assert (bool(one), bool(two)) == {"one": (1, 0), "two": (0, 1), "any": (1, 1)}[kind]
    assert impossible(a, b, crew, "one" if kind != "two" else "two")
    assert impossible(b, a, crew, kind if kind != "any" else "two")


@pytest.mark.parametrize(("a", "b"), [(53, 64), (49, 64)])
def test_crew_size_matters(a: int, b: int) -> None:
    """8 tricks with five players: exactly 4 and a majority (5) no longer fit two owners."""
    assert impossible(a, b, 5, "one")
    assert not impossible(a, b, 3, "two")
    assert impossible(53, 64, 5, "two") and not impossible(49, 64, 5, "two")


def test_possible_pairs_are_not_listed() -> None:
    for a, b in [(40, 43), (83, 84), (81, 82), (50, 60), (17, 76), (1, 2), (55, 64)]:
        for crew in (3, 4, 5):
            assert not impossible(a, b, crew, "one") and not impossible(a, b, crew, "two")


def test_owners_for_each_distribution() -> None:
    normal = mission_rules(18)
    assert owners_for(normal, 4, 4) == ("any", "two")
    assert owners_for(normal, 5, 4) == ("any",)
    assert owners_for(mission_rules(14), 2, 4) == ("any", "one")
    assert owners_for(mission_rules(10), 5, 4) == ("any", "one")
    assert owners_for(mission_rules(28), 2, 4) == ("any",)
    assert owners_for(mission_rules(26), 2, 4) == ("any", "two")
    assert owners_for(mission_rules(26), 3, 4) == ("any",)


def _bad(rules: Rules, ids: list[int], crew: int, eligible: int) -> list[tuple[int, int]]:
    kinds = owners_for(rules, len(ids), eligible)
    return [
        (a, b)
        for i, a in enumerate(ids)
        for b in ids[i + 1 :]
        if any(impossible(a, b, crew, k) for k in kinds)
    ]


@pytest.mark.parametrize("mission", [6, 10, 13, 14, 15, 16, 18, 28, 29, 30, 31, 33, 36])
@pytest.mark.parametrize("crew", [3, 4, 5])
def test_draw_never_hands_out_an_impossible_combination(mission: int, crew: int) -> None:
    """A sample of the 3,000-seed sweep in benchmarks/impossible_sweep.py."""
    rules = mission_rules(mission)
    target = rules.difficulty
    assert target is not None
    for seed in range(40):
        ids = draw_tasks(make_rng(seed), rules, crew)
        assert _bad(rules, ids, crew, crew) == [], (mission, crew, seed, ids)
        assert sum(all_difficulty(t, crew) for t in ids) == target


def all_difficulty(t: int, crew: int) -> int:
    from crew.engine.tasks import get_task

    return get_task(t).difficulty_for(crew)


@pytest.mark.parametrize(
    ("players", "mission", "seed", "old"),
    [(4, 14, 18, (50, 88)), (4, 6, 44, (50, 54)), (3, 18, 200, (45, 41))],
)
def test_the_reported_deals_are_replaced(
    players: int, mission: int, seed: int, old: tuple[int, int]
) -> None:
    """These seeds drew a lost set before; the last card of the pair is replaced by one of the
    same difficulty, and the other tasks stay."""
    ids = new_attempt(players, mission, seed=seed).setup.task_ids
    assert old[0] in ids and old[1] not in ids
    rules = mission_rules(mission)
    assert _bad(rules, list(ids), players, players) == []
