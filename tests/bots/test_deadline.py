"""A decision settles for the deals judged so far when its deadline comes (issue 23): card
decisions and task decisions alike."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from crew.bots import AT_THE_TABLE, DEFAULT, Memory, Settings, choose_action
from crew.engine import GameState, Phase, Play, apply, legal_actions, new_attempt, view_for
from crew.table import GameSpec, Session
from crew.table.selfplay import SelfPlay


def a_card_to_play() -> tuple[object, Memory]:
    state = new_attempt(4, 3, seed=2)
    while state.phase != Phase.PLAY:
        state, _ = apply(state, legal_actions(state)[0])
    seat = state.turn
    memory = Memory(seat)
    view = view_for(state, seat)
    memory.observe(view)
    return view, memory


def test_without_a_deadline_every_sampled_deal_is_judged() -> None:
    view, memory = a_card_to_play()
    cfg = Settings(samples=4, nodes=200, budget=20_000, wide_budget=0, max_samples=4)
    d = choose_action(view, memory, random.Random(1), cfg)  # type: ignore[arg-type]
    assert isinstance(d.action, Play) and not d.cut
    assert "of 4 deals" in d.why or "of 4 sampled deals" in d.why


def test_a_deadline_that_came_settles_for_the_deals_judged() -> None:
    view, memory = a_card_to_play()
    cfg = Settings(samples=4, nodes=200, budget=20_000, wide_budget=0, max_samples=4)
    cfg = Settings(**{**cfg.__dict__, "deadline": 0.0})
    d = choose_action(view, memory, random.Random(1), cfg)  # type: ignore[arg-type]
    assert isinstance(d.action, Play) and d.cut
    assert "of 1 deals" in d.why or "of 1 sampled deals" in d.why


def _first_of(phase: Phase, state: GameState) -> tuple[object, Memory, GameState]:
    while state.phase != phase:
        state, _ = apply(state, legal_actions(state)[0])
    # in the predictions anyone may act: the owner of the prediction task does
    seat = state.turn if state.turn >= 0 else state.owners[state.setup.task_ids.index(83)]
    memory = Memory(seat)
    view = view_for(state, seat)
    memory.observe(view)
    return view, memory, state


@pytest.mark.parametrize(
    "phase, state",
    [
        (Phase.DISTRIBUTE, new_attempt(4, 3, seed=2)),
        (Phase.PREDICT, new_attempt(4, None, seed=2, tasks=[83, 3], difficulty=3)),
    ],
    ids=["take-or-pass", "predict"],
)
def test_task_decisions_settle_when_their_deadline_came(phase: Phase, state: GameState) -> None:
    cfg = Settings(task_samples=3, task_nodes=200)
    for deadline, cut in ((None, False), (0.0, True)):
        view, memory, now = _first_of(phase, state)
        rng = random.Random(1)
        d = choose_action(view, memory, rng, replace(cfg, deadline=deadline))  # type: ignore[arg-type]
        assert d.action in legal_actions(now) and d.cut is cut


def test_only_the_table_sets_a_deadline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # self-play and the benchmarks decide by budgets alone (the same choices on any machine);
    # a session at the app's table waits 2.5 s at most for the deals of a card decision
    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    s = Session.new(GameSpec(4, ["Ann"], 1, seed=3, computers=[1, 2, 3]), autosave=False)
    assert s.settings.deadline == 2.5 and s.settings == AT_THE_TABLE
    t = SelfPlay(new_attempt(4, 1, seed=3), frozenset(range(4)), 3)
    assert t.settings.deadline is None and t.settings == DEFAULT
    assert {**AT_THE_TABLE.__dict__, "deadline": None} == DEFAULT.__dict__
