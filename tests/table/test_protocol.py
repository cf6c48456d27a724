"""One order of questions for the app, self-play and ``crew suggest`` (issue 20).

A game is played by computers in every seat (self-play); the same game is then driven through
the app's session (every seat a computer, each question answered with self-play's answer) and
through ``crew suggest``'s question for each asked seat; all three must ask the same questions,
in the same order, at the same moments.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from shared_cases import CHEAP

from crew.bots import Decision
from crew.cli.bots import _table
from crew.engine import apply, legal_actions, new_attempt
from crew.records import record_for
from crew.table import Ask, AskKind, Session, StepKind, TableState, jobs, next_step
from crew.table import selfplay as selfplay_mod
from crew.table.jobs import Answer
from crew.table.protocol import decider, next_question, question_for
from crew.table.upkeep import Saving


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))


def played(
    players: int, mission: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[selfplay_mod.SelfPlay, list[Answer]]:
    """A self-play game, with every answer its computers gave, in order."""
    answers: list[Answer] = []
    real = selfplay_mod.job

    def logged(*args: Any, **kw: Any) -> Callable[[], Answer]:
        decide = real(*args, **kw)

        def run() -> Answer:
            answer = decide()
            answers.append(answer)
            return answer

        return run

    monkeypatch.setattr(selfplay_mod, "job", logged)
    game = selfplay_mod.SelfPlay(
        new_attempt(players, mission, seed=seed), frozenset(range(players)), seed, CHEAP
    )
    game.run()
    return game, answers


# missions with a distress question, signals, a free task choice, volunteers
GAMES = [(4, 3, 5), (3, 17, 2), (4, 26, 4), (5, 9, 3), (2, 6, 1)]


@pytest.mark.parametrize("distress", [False, True], ids=["as voted", "distress sent"])
@pytest.mark.parametrize(("players", "mission", "seed"), GAMES)
def test_self_play_the_app_and_suggest_ask_the_same_questions(
    players: int, mission: int, seed: int, distress: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if distress:
        # every computer votes to send it: the cards to pass are asked too
        monkeypatch.setattr(
            jobs, "choose_distress", lambda *a, **k: Decision(None, "test", direction="left")
        )
    game, answers = played(players, mission, seed, monkeypatch)
    asked = [(a.ask.kind, a.ask.seat, a.ask.number) for a in answers]
    assert any(kind == AskKind.SIGNAL for kind, _, _ in asked)
    assert any(kind == AskKind.VOTES for kind, _, _ in asked)
    if distress:
        assert sum(kind == AskKind.DISTRESS_CARD for kind, _, _ in asked) == players
        assert game.state.distress
    # the app's session, a computer in every seat, answered with self-play's answers
    start = new_attempt(players, mission, seed=seed)
    names = [f"P{i}" for i in range(players)]
    rec = record_for(start, names=names, seed=seed)
    s = Session(
        start,
        rec,
        names,
        base_seed=seed,
        computers=frozenset(range(players)),
        saving=Saving(autosave=False),
    )
    s.ack_draw()
    app: list[tuple[AskKind, int, int]] = []
    for answer in answers:
        ask = s.ask()
        assert ask is not None, "the app stopped asking before self-play did"
        app.append((ask.kind, ask.seat, ask.number))
        # suggest: the question the table puts to the seat asked, from the record as saved
        rec_now = s.record.model_copy(deep=True)
        rec_now.table = s.notes()
        if ask.kind != AskKind.VOTES:
            table = _table(rec_now, s.state)
            mine = question_for(s.state, table, ask.seat, number=len(rec_now.actions))
            assert mine is not None and (mine.kind, mine.seat) == (ask.kind, ask.seat), (
                ask,
                mine,
            )
        assert s.answer(dataclasses.replace(answer, ask=ask)), ask
        if ask.kind == AskKind.VOTES:
            # no person at this table: the computers' votes decide, as in self-play
            assert s.step().kind != StepKind.DISTRESS
    assert app == asked
    assert s.state == game.state and s.state.over


def test_a_crew_choice_is_the_peoples_unless_only_computers_sit_at_the_table() -> None:
    # mission 17: free task choice after the draw
    state = new_attempt(4, 17, seed=2)
    table = TableState(draw_seen=True)
    assert next_step(state, table, frozenset({1, 2, 3})).kind == StepKind.ASSIGN
    assert next_question(state, table, frozenset({1, 2, 3})) is None  # Ann decides with them
    ask = next_question(state, table, frozenset(range(4)))
    assert ask == Ask(AskKind.ACTION, state.setup.captain, 0, "")
    assert decider(state) == state.setup.captain  # no volunteers in mission 17


def test_when_tonoja_volunteers_first_her_captain_splits_the_tasks() -> None:
    # two players, mission 26 (two volunteers split the tasks), deal 2040-26-0: the captain
    # answers yes for Tonoja first; the split is then the captain's (self-play once asked
    # Tonoja's seat, which no computer holds, and stopped with a KeyError)
    state = new_attempt(2, 26, seed="2040-26-0")
    game = selfplay_mod.SelfPlay(state, frozenset({0, 1}), "2040-26-0", CHEAP)
    while game.state.phase != "assign" and not game.state.over:
        assert game.step()
    assert game.state.volunteers[0] == 2
    assert decider(game.state) == game.state.setup.captain
    ask = next_question(game.state, TableState(draw_seen=True), frozenset({0, 1}))
    assert ask is not None and ask.seat == game.state.setup.captain
    game.run()
    assert game.state.over


def test_suggest_asks_a_later_seat_of_the_window_as_if_the_earlier_ones_declined() -> None:
    state = new_attempt(4, 1, seed=3)
    table = TableState(draw_seen=True, distress_decided=True)
    while next_step(state, table, frozenset()).kind != StepKind.PLAY:
        state, _ = apply(state, legal_actions(state)[0])
    assert not state.trick_cards
    leader = state.leader
    later = (leader + 2) % 4
    ask = question_for(state, table, later)
    assert ask is not None and ask.kind == AskKind.SIGNAL and ask.seat == later
    first = next_question(state, table, frozenset(range(4)))
    assert first is not None and first.seat == leader  # the table itself asks the leader first
