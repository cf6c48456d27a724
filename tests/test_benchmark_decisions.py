"""``benchmarks/decisions.py``: the computers' critical card decisions kept from their games and
asked again (issue 49), run as a script on the cheapest computers."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from shared_cases import CHEAP_TEXT, run_script

from crew.engine import Phase, Play, apply, new_attempt
from crew.records import action_from_json
from crew.solver import Solver

pytestmark = pytest.mark.early


def _run(*args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    return run_script("decisions.py", *args, code=code, timeout=600)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("decisions") / "d.jsonl"
    args = ["--make", str(out), "--missions", "11-12", "--games", "2", "--seed", "t1"]
    _run(*args, "--settings", CHEAP_TEXT, "--nodes", "100000", "--workers", "2")
    return out


def test_each_critical_decision_has_cards_that_win_and_cards_that_lose(made: Path) -> None:
    games = [json.loads(line) for line in made.read_text().splitlines()]
    assert sorted(g["seed"] for g in games) == ["t1-11-0", "t1-11-1", "t1-12-0", "t1-12-1"]
    decisions = [(g, d) for g in games for d in g["decisions"]]
    assert decisions, "the cheapest computers make some decision that matters in four games"
    solver = Solver()
    for g, d in decisions[:6]:
        state = new_attempt(g["players"], g["mission"], seed=g["seed"])
        for raw in g["actions"][: d["index"]]:
            state, _ = apply(state, action_from_json(raw))
        assert state.phase == Phase.PLAY and state.turn == d["seat"]
        assert d["winning"] and d["losing"]
        for card, won in [(d["winning"][0], True), (d["losing"][0], False)]:
            child, _ = apply(state, Play(d["seat"], card))
            assert solver.solve(child, node_limit=400_000).winnable is won


def test_make_resumes_without_playing_a_game_twice(made: Path) -> None:
    before = made.read_text()
    args = ["--make", str(made), "--missions", "11-12", "--games", "2", "--seed", "t1"]
    r = _run(*args, "--settings", CHEAP_TEXT, "--nodes", "100000")
    assert "0 games to play (4 already in" in r.stdout
    assert made.read_text() == before


def test_make_refuses_a_file_of_another_run(made: Path) -> None:
    before = made.read_text()
    args = ["--make", str(made), "--missions", "13", "--games", "1", "--seed", "t1"]
    r = _run(*args, "--settings", "samples=2", code=1)
    assert f"{made}, line 1: a game of another run" in r.stderr
    assert made.read_text() == before


def _counts(stdout: str) -> list[str]:
    """The "settings ...: K of N critical decisions right" lines."""
    return [line for line in stdout.splitlines() if line.startswith("settings ")]


def test_eval_counts_right_picks_and_pairs_two_settings(made: Path, tmp_path: Path) -> None:
    decisions = {
        f"{g['seed']}:{d['index']}": d["winning"]
        for g in map(json.loads, made.read_text().splitlines())
        for d in g["decisions"]
    }
    n = len(decisions)
    cache = tmp_path / "cache"
    first = _run(
        "--eval", str(made), "--settings", CHEAP_TEXT, "--against", CHEAP_TEXT,
        "--cache", str(cache),
    )  # fmt: skip
    assert f"{n} decisions, {n} to ask" in first.stdout
    # the count printed is the picks kept in the cache that are winning cards
    (kept,) = cache.iterdir()
    picks = [json.loads(line) for line in kept.read_text().splitlines()]
    assert sorted(p["key"] for p in picks) == sorted(decisions)
    right = sum(p["card"] in decisions[p["key"]] for p in picks)
    counts = _counts(first.stdout)
    assert all(f": {right} of {n} critical decisions right" in line for line in counts)
    # the same settings twice pick the same cards: no decision told them apart
    assert "right only with the first: 0, only with the second: 0, sign test p 1" in first.stdout
    # asked again: every pick comes from the cache, the counts are the same
    again = _run("--eval", str(made), "--settings", CHEAP_TEXT, "--cache", str(cache))
    assert f"{n} decisions, 0 to ask" in again.stdout
    assert _counts(again.stdout) == counts[:1]
    # another version's picks (here the same code's, so the same picks) against this one's
    based = _run(
        "--eval", str(made), "--settings", CHEAP_TEXT, "--cache", str(cache),
        "--base", str(cache),
    )  # fmt: skip
    assert f": {right} of {n} critical decisions right" in _counts(based.stdout)[0]
    assert "right only with the first: 0, only with the second: 0" in based.stdout
    missing = _run(
        "--eval", str(made), "--settings", "samples=2", "--cache", str(cache),
        "--base", str(cache), code=1,
    )  # fmt: skip
    assert "no picks with settings 'samples=2' there" in missing.stderr


def test_calibration_sets_the_samples_verdict_beside_the_real_deals(made: Path) -> None:
    n = sum(len(json.loads(line)["decisions"]) for line in made.read_text().splitlines())
    r = _run("--eval", str(made), "--calibration", "--settings", CHEAP_TEXT)
    m = re.search(r"(\d+) critical decisions, the pick right at (\d+)", r.stdout)
    assert m and int(m.group(1)) == n and int(m.group(2)) <= n
    unjudged = int(re.search(r"(\d+) with no sampled deal that told", r.stdout).group(1))
    rows = re.findall(r"^\| (\d\.\d-\d\.\d) \| (\d+) \| ([\d.]+) \| (\d+) \|$", r.stdout, re.M)
    assert rows and sum(int(k) for _, k, _, _ in rows) == n - unjudged
    for band, k, said, right in rows:
        low, high = (float(x) for x in band.split("-"))
        # the samples' share of each decision in the band lies in the band
        assert low * int(k) - 1e-6 <= float(said) <= high * int(k) + 1e-6
        assert int(right) <= int(k)
    total = re.search(r"^\| all \| (\d+) \| ([\d.]+) \| (\d+) \|$", r.stdout, re.M)
    assert total and int(total.group(1)) == n - unjudged
    assert int(total.group(3)) == sum(int(x) for *_, x in rows) <= int(m.group(2))
    # the pick is the computers' own with every card on every deal: --eval without the race
    # asks the same decisions the other way and counts the same right picks
    plain = _run("--eval", str(made), "--settings", CHEAP_TEXT + ",race=false")
    assert f": {m.group(2)} of {n} critical decisions right" in _counts(plain.stdout)[0]


def test_calibration_is_asked_alone(made: Path) -> None:
    r = _run("--eval", str(made), "--calibration", "--against", "samples=2", code=2)
    assert "--calibration goes with --eval FILE (and --settings), alone" in r.stderr
