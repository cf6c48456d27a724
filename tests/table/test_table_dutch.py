"""What the table says when a saved game cannot go on, and the replay's seats, in Dutch when the
language is Dutch and in English otherwise (issue 24)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crew import i18n, storage
from crew.engine import new_attempt
from crew.records import Record, TableNotes, record_for
from crew.table import Session, SessionError
from crew.table.review import review


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    i18n.set_language("en")


def saved(actions: list[dict[str, Any]], *, names: list[str] | None = None, **notes: Any) -> Record:
    """Mission 1 for four, dealt from seed 3, with ``actions`` and table ``notes``."""
    state = new_attempt(4, 1, seed=3)
    rec = record_for(state, names=names, seed=3)
    return rec.model_copy(update={"actions": actions, "table": TableNotes(**notes)})


def out_of_turn() -> list[dict[str, Any]]:
    """The first task taken by the seat after the captain's, whose turn it is not."""
    st = new_attempt(4, 1, seed=3).setup
    return [{"take": st.task_ids[0], "seat": (st.captain + 1) % 4}]


def resumed_error(rec: Record) -> str:
    with pytest.raises(SessionError) as info:
        Session.resume(rec, autosave=False)
    return str(info.value)


def test_a_saved_game_that_breaks_the_rules_says_why_in_dutch() -> None:
    st = new_attempt(4, 1, seed=3).setup
    turn, other = st.captain, (st.captain + 1) % 4
    rec = saved(out_of_turn(), names=["Ann", "Bob", "Cas", "Dee"])
    assert resumed_error(rec) == (
        f"the saved game cannot be continued: action 1 is not allowed (it is seat {turn}'s turn"
        f" to choose a task, not seat {other}'s)"
    )
    i18n.set_language("nl")
    assert resumed_error(rec) == (
        "het opgeslagen spel kan niet voortgezet worden: zet 1 is niet toegestaan (plaats"
        f" {turn} is aan de beurt om een opdracht te kiezen, niet plaats {other})"
    )


def test_table_notes_that_do_not_fit_say_so_in_dutch() -> None:
    rec = saved([], signaller=99)
    english = resumed_error(rec)
    assert english == (
        "the saved game's table notes do not fit the game: signaller: seat 99 does not exist"
        " (seats 0-3)"
    )
    i18n.set_language("nl")
    assert resumed_error(rec) == (
        "de tafelnotities van het opgeslagen spel passen niet bij het spel: signaller: plaats 99"
        " bestaat niet (plaatsen 0-3)"
    )
    assert resumed_error(saved([], computers=[0, 1, 2, 3])).endswith(
        "computers: elke plaats is van een computer; minstens één is van een mens"
    )


def test_a_damaged_save_is_reported_in_dutch(crew_home: Path) -> None:
    path = storage.game_path()
    path.parent.mkdir(parents=True)
    path.write_text("{}", encoding="utf-8")
    i18n.set_language("nl")
    with pytest.raises(storage.StorageError) as info:
        storage.load_game()
    text = str(info.value)
    assert text.startswith(f"{path} is beschadigd (format: 'crew-record/1' verwacht, niet None)")
    assert "er is een kopie bewaard als current.json.damaged-" in text
    assert text.endswith("en er is niets overschreven")


def test_the_replay_names_unnamed_seats_in_the_language_in_use() -> None:
    rec = saved([])
    assert [review(rec).name(s) for s in range(4)] == ["seat 1", "seat 2", "seat 3", "seat 4"]
    i18n.set_language("nl")
    shown = review(rec)
    assert [shown.name(s) for s in range(4)] == ["plaats 1", "plaats 2", "plaats 3", "plaats 4"]
    assert shown.name(7) == "plaats 8"
