"""``crew solve`` names the clash of a lost deal (issue 50): in words and in ``--json``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cli_helpers import Run

from crew.engine.relax import keep_tasks
from crew.records import load_record, replay
from crew.solver.limits import Budget
from crew.solver.plain import PlainSearch

# tasks 55 (Cas: three tricks in a row) and 54 (Ann: two in a row), three tricks left
RECORD = Path(__file__).resolve().parent.parent / "data" / "clash-4p-tasks-55-54.json"


def test_solve_names_the_tasks_that_cannot_both_be_done(crew: Callable[..., Run]) -> None:
    r = crew("solve", str(RECORD))
    assert r.code == 1
    assert "Not winnable: no sequence of the crew's choices wins from here." in r.out
    assert "Tasks #55 and #54 cannot both be done with these hands." in r.out
    j = crew("solve", str(RECORD), "--json")
    assert j.code == 1
    assert j.json["winnable"] is False
    assert j.json["clash"] == {"tasks": [55, 54], "condition": None}
    nl = crew("--lang", "nl", "solve", str(RECORD))
    assert "Opdrachten #55 en #54 kunnen met deze handen niet allebei volbracht worden." in nl.out
    # the part named, searched alone by a plain depth-first search, is lost
    state = replay(load_record(RECORD)).state
    ids = state.setup.task_ids
    part = keep_tasks(state, [ids.index(55), ids.index(54)])
    assert PlainSearch(part, Budget()).run(1 << 40) is False


def test_a_winnable_deal_has_no_clash(crew: Callable[..., Run], tmp_path: Path) -> None:
    rec = load_record(RECORD)
    # the same hands before the first card: winnable, so nothing clashes
    first_play = next(i for i, a in enumerate(rec.actions) if "play" in a)
    short = rec.model_copy(update={"actions": rec.actions[:first_play]})
    path = tmp_path / "start.json"
    path.write_text(short.model_dump_json(exclude_none=True), encoding="utf-8")
    j = crew("solve", str(path), "--json")
    assert j.json["winnable"] is True and j.json["clash"] is None
