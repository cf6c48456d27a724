"""``benchmarks/bots.py``: the loss profile, the paired comparison and the resumable file
(issue 49), run as a script on the cheapest computers."""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path
from types import ModuleType

import pytest
from shared_cases import CHEAP_TEXT, run_script

from crew.cli.main import main as crew_main

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bots.py"

#: each test runs the script in processes for seconds: started first (tests/conftest.py)
pytestmark = pytest.mark.early


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(*args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    return run_script("bots.py", *args, code=code)


def test_the_sign_test_is_the_exact_binomial_both_ways() -> None:
    sign_test = _bench().sign_test
    assert sign_test(0, 0) == 1.0
    assert sign_test(3, 3) == 1.0
    assert sign_test(0, 5) == pytest.approx(2 / 32)
    assert sign_test(5, 0) == sign_test(0, 5)
    assert sign_test(1, 7) == pytest.approx(2 * (1 + 8) / 256)
    assert sign_test(2, 10) == pytest.approx(2 * (1 + 12 + 66) / 4096)
    assert sign_test(0, 1) == 1.0


def test_losses_profile_each_winnable_loss_at_crew_analyse_turning_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    out = tmp_path / "run.jsonl"
    args = ["--logbook", "--players", "4", "--missions", "9-9", "--games", "2", "--seed", "7"]
    args += ["--settings", CHEAP_TEXT, "--solver-nodes", "50000", "--losses"]
    r = _run(*args, "--records", str(records), "--out", str(out), "--json")
    doc = json.loads(r.stdout)
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["run"]["losses"] is True
    games = [x["game"] for x in lines[1:]]
    assert sorted(g["seed"] for g in games) == ["7-9-0", "7-9-1"]
    lost = [g for g in games if g["result"] == "lost" and g["winnable"] is True]
    assert lost, "the cheapest computers lose a winnable deal of mission 9 here"
    profile = doc["loss_profile"]
    assert profile["winnable_lost"] == len(lost)
    assert sum(row["losses"] for row in profile["rows"].values()) == len(lost)
    for g in lost:
        tp = g["turning_point"]
        assert tp["found"]
        # the same turning point and the same other winning actions as crew analyse says
        capsys.readouterr()
        assert crew_main(["analyse", g["record"], "--json"]) == 0
        said = json.loads(capsys.readouterr().out)["turning_point"]
        assert (tp["action"], tp["played"]) == (said["action"], said["played"])
        assert tp["still_winning"] == said["winning_alternatives"]
        key = f"card, trick {tp['trick']}" if tp["kind"] == "card" else tp["kind"]
        row = profile["rows"][key]
        n = len(tp["still_winning"])
        assert row["still"]["3+" if n >= 3 else str(n)] >= 1
    for g in games:
        if g["result"] == "won":
            assert g["winnable"] is True and g["winnable_after_tasks"] is True
    # the printed table has a row for every kind
    text = _run(*args, "--seed", "8").stdout
    for kind in ("tasks", "distress", "signal", "time"):
        assert f"| {kind} |" in text


def test_out_file_resumes_and_is_never_replaced(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    args = ["--logbook", "--players", "3", "--missions", "4-4", "--seed", "r"]
    args += ["--settings", CHEAP_TEXT, "--solver-nodes", "20000", "--out", str(out)]
    _run(*args, "--games", "1")
    first = out.read_text(encoding="utf-8")
    assert len(first.splitlines()) == 2  # the run, then one game
    # without --resume: refused, the file as it was
    r = _run(*args, "--games", "2", code=1)
    assert "exists" in r.stderr and out.read_text(encoding="utf-8") == first
    # another run's file: refused too
    r = _run(*args, "--games", "2", "--resume", "--seed", "s", code=1)
    assert "another run" in r.stderr and out.read_text(encoding="utf-8") == first
    # a game cut short by a stop is played again; the finished one is not
    out.write_text(first + '{"game": {"side": "to', encoding="utf-8")
    r = _run(*args, "--games", "2", "--resume", "--json")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert "\n".join(lines[:2]) + "\n" == first
    assert json.loads(lines[-1])["game"]["seed"] == "r-4-1"
    assert json.loads(r.stdout)["missions"][0]["games"] == 2
    assert "resumed: 1 games" in r.stderr


def test_against_a_settings_variant_counts_the_games_only_one_side_won() -> None:
    args = ["--against", "settings:samples=3", "--players", "4", "--missions", "9-10"]
    r = _run(*args, "--games", "2", "--settings", CHEAP_TEXT, "--json")
    doc = json.loads(r.stdout)
    assert doc["games"] == 4 and doc["other_settings"]["samples"] == 3
    assert doc["settings"]["samples"] == 1
    only_today, only_other = doc["only_today_won"], doc["only_other_won"]
    assert doc["won"]["today"] - doc["won"]["other"] == len(only_today) - len(only_other)
    p = _bench().sign_test(len(only_today), len(only_other))
    assert doc["sign_test_p"] == round(p, 4)
    text = _run(*args, "--games", "2", "--settings", CHEAP_TEXT).stdout
    assert text.splitlines()[-1] == f"sign_test_p {doc['sign_test_p']}"


def test_the_same_seed_replays_the_same_actions_in_another_process() -> None:
    # the default computers, bounded by positions and not by seconds: two processes playing
    # the same seeds at once, each slowed by the other, choose the very same actions
    args = ["--against", "settings:race=true", "--players", "4", "--missions", "1-1"]
    r = _run(*args, "--games", "1", "--seed", "5", "--json")
    assert "note: --against settings:race=true is --settings itself" in r.stderr
    doc = json.loads(r.stdout)
    assert doc["settings"] == {} and doc["games"] == 1
    assert doc["same_actions"] == 1
    assert doc["only_today_won"] == doc["only_other_won"] == []


def _against_trees() -> set[str]:
    """The temporary worktrees of --against runs that exist now (other runs may be going on)."""
    r = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "list", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    )
    return {line for line in r.stdout.splitlines() if "crew-against-" in line}


def test_against_a_git_ref_plays_that_version_from_a_temporary_worktree() -> None:
    # needs git and a git checkout (CI runs from a clone): without them this fails, never skips
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    )
    before = _against_trees()
    args = ["--against", "HEAD", "--players", "4", "--missions", "9-9", "--games", "1"]
    doc = json.loads(_run(*args, "--settings", CHEAP_TEXT, "--json").stdout)
    assert doc["other"] == head.stdout.strip()[:12]
    assert doc["games"] == 1
    # the temporary worktree is gone (others' runs going on meanwhile may have left theirs)
    assert _against_trees() <= before


def test_missions_are_ranges_and_numbers_separated_by_commas() -> None:
    bench = _bench()
    assert bench._missions("11-13") == [11, 12, 13]
    assert bench._missions("11,18-20,33") == [11, 18, 19, 20, 33]
    assert bench._missions("5,5-6") == [5, 6]
    for bad in ("x", "3-1", "", "1,,2"):
        with pytest.raises(SystemExit, match="--missions"):
            bench._missions(bad)
