"""Every attempt is kept in the history: won, lost, quit after a card, replaced by a new game;
a practice game is kept (marked) and leaves the logbook alone (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_hands import attempt, session_for

from crew import history, storage
from crew.engine import Play, Take, parse_card
from crew.records import record_for, replay
from crew.table import Session
from crew.table.keeping import keep_abandoned
from crew.table.scope import legal_cards

# Ann (seat 0), Bob (seat 1, captain: S4), Cas (seat 2). Task 40: win the first trick.
DEAL = ["P1 P2 B9 G1", "S4 P9 B1", "P5 B2 Y9"]
C = parse_card


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def mission1(*, crew: str | None = None, practice: bool = False) -> Session:
    if not practice:
        return session_for(attempt(3, 1, DEAL, [40]), ["Ann", "Bob", "Cas"], crew=crew)
    state = attempt(3, 1, DEAL, [40])
    rec = record_for(state, names=["Ann", "Bob", "Cas"], seed=99)
    s = Session(state, rec, ["Ann", "Bob", "Cas"], base_seed=99, crew=crew, practice=True)
    s.save()
    return s


def play(s: Session, *cards: tuple[int, str]) -> None:
    for seat, card in cards:
        s.open_gate()
        assert s.act(Play(seat, C(card))) is None


def to_first_trick(s: Session) -> None:
    s.ack_draw()
    s.open_gate()
    assert s.act(Take(1, 40)) is None
    s.decide_distress(None)


def test_a_won_attempt_is_kept_with_its_seats_and_result() -> None:
    s = mission1(crew="Deep")
    to_first_trick(s)
    assert history.list_entries() == ([], [])  # nothing before the attempt ends
    play(s, (1, "P9"), (2, "P5"), (0, "P8"))
    entries, problems = history.list_entries()
    assert problems == [] and len(entries) == 1
    e = entries[0]
    assert (e.id, e.result, e.trick, e.crew, e.mission, e.players) == (1, "won", 1, "Deep", 1, 3)
    assert e.names == ["Ann", "Bob", "Cas"] and e.computers == [] and not e.practice
    assert replay(e.record).state.result == "won"
    assert e.record.actions == s.record.actions


def test_a_lost_attempt_says_the_trick_it_ended_at() -> None:
    s = mission1()
    to_first_trick(s)
    play(s, (1, "B1"), (2, "B2"), (0, "B9"))  # Ann takes trick 1: task 40 fails
    (e,), _ = history.list_entries()
    assert (e.result, e.trick) == ("lost", 1)


def test_practice_is_kept_marked_and_writes_no_logbook() -> None:
    s = mission1(crew="Deep", practice=True)
    to_first_trick(s)
    play(s, (1, "P9"), (2, "P5"), (0, "P8"))
    assert s.state.result == "won"
    assert "Deep" not in storage.load_log().crews  # the logbook knows nothing of it
    (e,), _ = history.list_entries()
    assert e.practice and e.result == "won"


def test_quit_after_a_card_is_unfinished_then_the_same_entry_is_finished() -> None:
    s = mission1()
    to_first_trick(s)
    play(s, (1, "P9"))
    s.keep()  # what the app does when the game is quit half-way
    s.save()
    (e,), _ = history.list_entries()
    assert (e.id, e.result, e.trick) == (1, "unfinished", 1)
    # Continue: the saved game knows its entry, and finishing it rewrites that entry
    again = Session.resume(storage.load_game())
    assert again.history_id == 1
    play(again, (2, "P5"), (0, "P8"))
    entries, _ = history.list_entries()
    assert [(e.id, e.result) for e in entries] == [(1, "won")]


def test_the_next_attempt_is_a_new_entry() -> None:
    s = mission1()
    to_first_trick(s)
    play(s, (1, "B1"), (2, "B2"), (0, "B9"))
    s.retry(same_tasks=True)
    assert s.history_id is None
    s.ack_draw()
    s.open_gate()
    captain = s.state.setup.captain
    assert s.act(Take(captain, 40)) is None
    s.decide_distress(None)
    s.open_gate()
    s.act(Play(captain, min(legal_cards(s.state))))
    s.keep()
    entries, _ = history.list_entries()
    assert [(e.id, e.attempt, e.result) for e in entries] == [(2, 2, "unfinished"), (1, 1, "lost")]


def test_a_game_replaced_by_a_new_one_is_kept_as_abandoned() -> None:
    s = mission1()
    to_first_trick(s)
    assert keep_abandoned(storage.load_game()) is None
    assert history.list_entries() == ([], [])  # no card played: nothing worth keeping
    play(s, (1, "P9"), (2, "P5"))
    assert keep_abandoned(storage.load_game()) is None
    (e,), _ = history.list_entries()
    assert (e.result, e.trick) == ("abandoned", 1)
    assert len(e.record.actions) == len(s.record.actions)


def test_a_history_that_cannot_be_written_is_said_and_the_game_goes_on(
    crew_home: Path,
) -> None:
    s = mission1()
    to_first_trick(s)
    (crew_home / "history").write_text("a file in the way")
    play(s, (1, "P9"), (2, "P5"), (0, "P8"))
    assert s.state.result == "won"
    assert "history" in str(s.save_problem)
    (crew_home / "history").unlink()  # room again: the next save keeps it
    s.save()
    assert s.save_problem is None
    (e,), _ = history.list_entries()
    assert e.result == "won"
