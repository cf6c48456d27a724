"""The practice table (issue 22): undo, hint, the computers' reasons and wishes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from shared_cases import CHEAP

from crew.engine import Assign, Play, Predict, Signal, Take, apply, legal_actions
from crew.records import Record, TableNotes
from crew.table import GameSpec, SeatScope, Session, StepKind, practice

NAMES = ["Ann", "Bob", "Cas", "Dee"]


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path))


def hot_seat(*, practising: bool = True) -> Session:
    # three people, mission 1, deal code 7: Bob (seat 1) is captain and takes task 40
    spec = GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=7, practice=practising)
    s = Session.new(spec, autosave=False)
    s.ack_draw()
    return s


def first_play(s: Session) -> Play:
    return next(a for a in legal_actions(s.state) if isinstance(a, Play))


def test_undo_takes_the_last_action_back_and_the_record_keeps_what_stands() -> None:
    s = hot_seat()
    s.open_gate()
    assert s.act(Take(1, 40)) is None
    assert practice.undo_label(s) == "Bob takes back: take task #40"
    assert practice.undo(s)
    assert s.state.owners == (-1,) and s.record.actions == []
    assert s.step().kind == StepKind.DISTRIBUTE and s.gate_seat() == 1  # behind Bob's gate
    assert practice.undo_label(s) == "" and not practice.undo(s)
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    s.open_gate()
    play = first_play(s)
    s.act(play)
    assert practice.undo_label(s) == f"Bob takes back: play {play_text(play)}"
    assert practice.undo(s)
    assert len(s.record.actions) == 1  # the task taken stands
    assert s.state.trick_cards == () and s.state.owners == (1,)


def play_text(play: Play) -> str:
    from crew.engine import card_str

    return card_str(play.card)


def test_in_hot_seat_only_the_last_person_may_undo_and_only_until_the_next_acts() -> None:
    s = hot_seat()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    s.open_gate()
    s.act(first_play(s))  # Bob leads; Cas is next
    assert practice.undo_label(s).startswith("Bob takes back")  # on Cas's gate
    s.open_gate()  # Cas's hand is open: Bob's turn to take back has passed
    assert practice.undo_label(s) == "" and not practice.undo(s)
    s.act(first_play(s))
    assert practice.undo_label(s).startswith("Cas takes back")
    assert practice.undo(s)
    # Cas took hers back; Bob's card stands and cannot be taken back by anybody now
    assert len(s.state.trick_cards) == 1 and practice.undo_label(s) == ""


def test_there_is_no_undo_and_no_hint_outside_practice() -> None:
    s = hot_seat(practising=False)
    s.open_gate()
    s.act(Take(1, 40))
    assert practice.undo_label(s) == "" and not practice.undo(s)
    assert s.state.owners == (1,)
    assert "practice" in str(practice.hint(s))
    scope = SeatScope(s)
    assert not scope.practice and scope.undo_label() == ""


def test_a_secret_prediction_is_not_named_by_the_undo_label() -> None:
    # free play with task #84 (a secret prediction), Bob (seat 1) is captain and takes it
    notes = TableNotes(practice=True)
    rec = Record(format="crew-record/1", players=4, names=NAMES, difficulty=3, seed=1, tasks=[84])
    rec.table = notes
    s = Session.resume(rec, autosave=False)
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 84))
    s.decide_distress(None)
    assert s.step().kind == StepKind.PREDICT
    s.open_gate()
    assert s.act(Predict(1, 2)) is None
    assert practice.undo_label(s) == "Bob takes back: a secret prediction"
    assert practice.undo(s) and s.state.predictions[1] < 0


def test_a_hint_is_the_same_for_two_deals_alike_to_the_seat() -> None:
    s = hot_seat()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    s.open_gate()  # Bob leads trick 1
    got = practice.hint(s)
    assert not isinstance(got, str)
    seat, job = got
    assert seat == 1
    advice = job()
    assert isinstance(advice.action, Play | Signal) and advice.action.seat == 1 and advice.why
    # the same game with Ann's and Cas's hands swapped: Bob sees the same
    other = s.record.model_copy(deep=True)
    assert other.hands is not None
    hands = list(other.hands)
    hands[0], hands[2] = hands[2], hands[0]
    other.hands = hands
    other.table = (other.table or TableNotes()).model_copy(update={"practice": True})
    t = Session.resume(other, autosave=False)
    if t.step().kind == StepKind.DISTRESS:
        t.decide_distress(None)
    assert t.step() == s.step()
    t.open_gate()
    got2 = practice.hint(t)
    assert not isinstance(got2, str)
    assert got2[1]() == advice


def test_a_hint_waits_for_the_hand_to_be_open_in_hot_seat() -> None:
    s = hot_seat()
    assert "open yours first" in str(practice.hint(s))


def computers_game(mission: int = 1) -> Session:
    names = ["Ann", "Robo 1", "Robo 2", "Robo 3"]
    spec = GameSpec(4, names, mission, seed=5, computers=[1, 2, 3], practice=True)
    s = Session.new(spec, autosave=False, settings=CHEAP)
    s.ack_draw()
    return s


def run_computers(s: Session) -> None:
    while (ask := s.ask()) is not None:
        assert s.answer(s.question(ask)())


def at_anns_first_card() -> Session:
    """A practice game with three computers, played on (Ann's choices the first allowed) until
    Ann is to play her first card."""
    s = computers_game()
    run_computers(s)
    while s.step().kind != StepKind.PLAY or s.step().seat != 0:
        step = s.step()
        if step.kind == StepKind.DISTRESS:
            s.decide_distress(None)
        elif step.kind == StepKind.WINDOW:
            s.play_on()
        else:
            s.act(next(a for a in legal_actions(s.state) if getattr(a, "seat", 0) == 0))
        run_computers(s)
    return s


def test_undo_takes_back_the_computers_moves_after_it_and_drops_their_old_answers() -> None:
    s = at_anns_first_card()
    before = len(s.record.actions)
    whys_before = list(s.whys)
    plays = [a for a in legal_actions(s.state) if isinstance(a, Play)]
    s.act(next(p for p in plays if not apply(s.state, p)[0].over))
    pending = s.ask()
    assert pending is not None  # a computer plays next
    stale = s.question(pending)()
    run_computers(s)
    assert len(s.record.actions) > before + 1
    assert s.whys and all(what.startswith("Robo") for what, _ in s.whys)
    assert practice.undo(s)
    assert len(s.record.actions) == before and s.state.turn == 0
    assert not s.answer(stale)  # asked before the undo: the table has moved on
    assert s.whys == whys_before  # the computers' moves before Ann's card, as they were


def going_on(s: Session) -> Play:
    """A card of the seat to play that does not end the attempt."""
    plays = [a for a in legal_actions(s.state) if isinstance(a, Play)]
    return next(p for p in plays if not apply(s.state, p)[0].over)


def test_the_computers_moves_since_the_person_acted_are_each_said_with_their_reason() -> None:
    s = at_anns_first_card()
    # Ann's card, then the computers' until her next turn: each said, in the order made
    s.act(going_on(s))
    after_ann = len(s.record.actions)
    run_computers(s)
    plays = [f"Robo {a['seat']}: play {a['play']}" for a in s.record.actions[after_ann:]]
    assert len(plays) >= 3 and s.whys
    assert [what for what, _ in s.whys if ": play " in what] == plays[-len(s.whys) :]
    assert all(why for _, why in s.whys)  # each with its reason
    # Ann's next card: the list starts again with the computers' moves after it
    if not s.state.over:
        s.act(going_on(s))
        after_ann = len(s.record.actions)
        run_computers(s)
        plays = [f"Robo {a['seat']}: play {a['play']}" for a in s.record.actions[after_ann:]]
        assert [what for what, _ in s.whys if ": play " in what] == plays


def test_in_a_free_task_choice_each_computer_names_the_open_tasks_it_would_like() -> None:
    s = computers_game(17)  # mission 17: the crew gives out the tasks freely
    run_computers(s)
    assert s.step().kind == StepKind.ASSIGN
    job = practice.wishes(s)
    assert job is not None
    wishes = job()
    open_tasks = {tv.task for tv in s.public_view().tasks if tv.owner < 0}
    assert [seat for seat, _ in wishes] == [1, 2, 3]
    said = [t for _, tasks in wishes for t in tasks]
    # said in turns: each open task asked for by one computer at most
    assert set(said) <= open_tasks and len(said) == len(set(said)), wishes
    assert job() == wishes  # seeded: said again, the same


def test_the_wishes_stand_while_the_tasks_go_as_asked_and_are_said_again_otherwise() -> None:
    s = computers_game(17)
    run_computers(s)
    first = practice.wishes(s)
    assert first is not None
    said = first()
    task, seat = next((ts[0], p) for p, ts in said if ts)
    s.act(Assign(task, seat))  # as that computer asked
    assert s.step().kind == StepKind.ASSIGN
    again = practice.wishes(s)
    assert again is not None
    assert again() == [(p, tuple(t for t in ts if t != task)) for p, ts in said]
    # the next task to someone who did not ask for it: the computers talk again from here
    nxt, asker = next(((t, p) for p, ts in said for t in ts if t != task), (None, None))
    if nxt is None:
        return
    other = next(p for p in (0, 1, 2, 3) if p != asker)
    s.act(Assign(nxt, other))
    if s.step().kind != StepKind.ASSIGN:
        return
    job = practice.wishes(s)
    assert job is not None
    anew = job()
    told = [t for _, ts in anew for t in ts]
    open_tasks = {tv.task for tv in s.public_view().tasks if tv.owner < 0}
    assert set(told) <= open_tasks and len(told) == len(set(told))
    # and that talk stands in turn while the tasks go as it asked
    asked = next(((ts[0], p) for p, ts in anew if ts), None)
    if asked is None:
        return
    s.act(Assign(*asked))
    if s.step().kind == StepKind.ASSIGN:
        later = practice.wishes(s)
        assert later is not None
        assert later() == [(p, tuple(t for t in ts if t != asked[0])) for p, ts in anew]


def test_each_computer_names_its_own_list_when_the_wishes_are_not_said_in_turns() -> None:
    names = ["Ann", "Robo 1", "Robo 2", "Robo 3"]
    spec = GameSpec(4, names, 17, seed=5, computers=[1, 2, 3], practice=True)
    s = Session.new(spec, autosave=False, settings=replace(CHEAP, claims=False))
    s.ack_draw()
    run_computers(s)
    job = practice.wishes(s)
    assert job is not None
    wishes = job()
    open_tasks = {tv.task for tv in s.public_view().tasks if tv.owner < 0}
    assert [seat for seat, _ in wishes] == [1, 2, 3]
    for _, tasks in wishes:
        assert set(tasks) <= open_tasks and len(tasks) <= 1  # four tasks, four seats: one each


def test_no_wishes_outside_a_free_task_choice() -> None:
    s = computers_game(1)
    run_computers(s)
    assert s.step().kind != StepKind.ASSIGN and practice.wishes(s) is None


def test_the_tracker_is_the_same_through_every_scope() -> None:
    s = hot_seat()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    s.open_gate()
    s.act(first_play(s))
    public = SeatScope(s).tracker()
    s.open_gate()  # Cas's hand open
    assert SeatScope(s).tracker() == public == practice.tracker(s)
    assert sum(len(p) for p in public.played) == 1


def test_the_result_says_why_a_game_is_not_in_the_logbook() -> None:
    s = hot_seat()
    assert s.logbook_line().startswith("Practice: nothing is written in the logbook")
    # a logbook mission without a campaign crew is free play, and says so (issue 48)
    assert (
        hot_seat(practising=False).logbook_line() == "Free play: nothing is written in the logbook."
    )
    free = Session.new(
        GameSpec(3, ["Ann", "Bob", "Cas"], None, seed=7, difficulty=3), autosave=False
    )
    assert free.logbook_line() == "Free play: nothing is written in the logbook."
