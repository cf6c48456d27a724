"""``crew solve`` names the clash of a lost deal (issue 50): in words and in ``--json``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cli_helpers import Run

from crew.engine import Play, apply, legal_actions
from crew.engine.relax import keep_tasks
from crew.records import action_to_json, dump_record, load_record, replay
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


def test_analyse_names_the_clash_after_the_turning_point(
    crew: Callable[..., Run], tmp_path: Path
) -> None:
    # the attempt played to its end by a simple crew (lowest legal card): lost
    rec = load_record(RECORD)
    state = replay(rec).state
    actions = list(rec.actions)
    while not state.result:
        plays = [a for a in legal_actions(state) if isinstance(a, Play)]
        play = min(plays, key=lambda p: p.card)
        state, _ = apply(state, play)
        actions.append(action_to_json(play))
    assert state.result == "lost"
    path = tmp_path / "lost.json"
    path.write_text(dump_record(rec.model_copy(update={"actions": actions})), encoding="utf-8")
    j = crew("analyse", str(path), "--json")
    assert j.json["clash"] == {"tasks": [55, 54], "condition": None}
    at = j.json["clash_at"]
    r = crew("analyse", str(path))
    assert f"After action {at}: Tasks #55 and #54 cannot both be done with these hands." in r.out
    # from that moment, the part alone is lost for a plain depth-first search
    where = replay(rec.model_copy(update={"actions": actions[:at]})).state
    ids = where.setup.task_ids
    part = keep_tasks(where, [ids.index(55), ids.index(54)])
    assert PlainSearch(part, Budget()).run(1 << 40) is False
