"""The race of a card decision (issue 23): a card clearly beaten on the deals judged so far is
not judged on the rest, and the decision ends once one card is left."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from crew.bots import DEFAULT, Memory, choose_action
from crew.bots.search import Race
from crew.engine import Phase, apply, legal_actions, new_attempt, view_for
from crew.engine.actions import Play


def _race(rows: list[list[float]]) -> Race:
    race = Race(len(rows[0]))
    for row in rows:
        race.add(row)
    return race


def test_a_card_beaten_on_five_deals_drops_out_and_settles_the_race() -> None:
    race = _race([[1.0, 0.0]] * 4)
    assert race.alive == [True, True] and not race.settled  # 4 to 0 is not yet clear
    race.add([1.0, 0.0])
    assert race.alive == [True, False] and race.settled


def test_the_leader_may_be_any_card_and_never_drops_out() -> None:
    race = _race([[0.0, 1.0, 0.5]] * 4)
    assert race.alive == [True, True, True]
    race.add([0.0, 1.0, 0.5])
    # five deals to none, and five half-points to none: 2.5 > 2 * sqrt(1.25)
    assert race.alive == [False, True, False] and race.settled


def test_half_points_count_half() -> None:
    race = _race([[1.0, 0.5]] * 5)  # undecided against won: as clear as lost against undecided
    assert race.alive == [True, False]


def test_deals_where_both_cards_fare_alike_weigh_nothing() -> None:
    race = _race([[1.0, 1.0]] * 20 + [[0.0, 0.0]] * 20 + [[1.0, 0.0]] * 4)
    assert race.alive == [True, True]
    race.add([1.0, 0.0])
    assert race.alive == [True, False]


def test_a_card_that_sometimes_wins_where_the_leader_does_not_stays_in() -> None:
    race = _race([[0.0, 1.0]] * 3 + [[1.0, 0.0]] * 8)
    assert race.alive == [True, True]  # 5 ahead, but 5 < 2 * sqrt(11)


def test_tied_leaders_both_stay_in() -> None:
    race = _race([[1.0, 1.0, 0.0]] * 10)
    assert race.alive == [True, True, False] and not race.settled


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 5).flatmap(
        lambda k: st.lists(
            st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=k, max_size=k),
            min_size=1,
            max_size=60,
        )
    )
)
def test_a_card_that_dropped_out_can_never_be_the_best_again(rows: list[list[float]]) -> None:
    """Judged as ``score_each`` judges with a race (a card that dropped out gets nothing more),
    the totals of the cards still in stay ahead of every card that dropped out."""
    k = len(rows[0])
    race = Race(k)
    totals = [0.0] * k
    frozen: dict[int, float] = {}
    for row in rows:
        if race.settled:
            break
        judged = [v if race.alive[i] else 0.0 for i, v in enumerate(row)]
        for i, v in enumerate(judged):
            totals[i] += v
        race.add(judged)
        for i, alive in enumerate(race.alive):
            if not alive:
                frozen.setdefault(i, totals[i])
                assert totals[i] == frozen[i]
        best = max(t for t, alive in zip(totals, race.alive, strict=True) if alive)
        assert all(t < best for t in frozen.values())
    assert any(race.alive)


def _deals(why: str) -> int:
    m = re.search(r"of (\d+) (?:sampled )?deals", why)
    assert m, why
    return int(m.group(1))


def _share(why: str) -> str:
    m = re.search(r"in (\d+%) of", why)
    assert m, why
    return m.group(1)


def test_a_clear_decision_ends_early_with_the_card_full_judging_picks() -> None:
    """Four players, mission 5: the first card decisions of a game where one card is clearly the
    best end after fewer deals than the others judge, with the same card."""
    cfg = replace(DEFAULT, wide_budget=0)  # the 24 deals only, so the deal counts compare
    state = new_attempt(4, 5, seed=2)
    memories = {s: Memory(s) for s in range(4)}
    decisions = early = 0
    while state.phase != Phase.PLAY or len(state.tricks) < 3:
        for s, memory in memories.items():
            memory.observe(view_for(state, s))
        plays = [a for a in legal_actions(state) if isinstance(a, Play)]
        if state.phase != Phase.PLAY or len(plays) < 2:
            state, _ = apply(state, (plays or legal_actions(state))[0])
            continue
        seat = state.turn
        view = view_for(state, seat)
        raced = choose_action(view, memories[seat], random.Random(7), cfg)
        full = choose_action(view, memories[seat], random.Random(7), replace(cfg, race=False))
        assert _deals(full.why) == 24
        if _deals(raced.why) < 24:  # the race ended early: a clear decision, the same card
            assert raced.action == full.action
            early += 1
        else:  # judged on every deal: a card as good (a card dropped may end level)
            assert _share(raced.why) == _share(full.why), (raced.why, full.why)
        decisions += 1
        assert raced.action is not None
        state, _ = apply(state, raced.action)
    assert decisions >= 6 and early >= 2
