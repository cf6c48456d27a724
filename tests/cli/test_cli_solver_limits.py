"""Limits a person can rely on: ``crew solve`` and ``crew analyse`` have a default time limit,
show their progress on a terminal, stop cleanly on Ctrl-C, and say what they found in words
that match the verdicts (the line trick by trick)."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cli_helpers import Run, default_interrupt
from shared_cases import TIMED_RAN_OUT

from crew.cli.commands import SOLVE_SECONDS, build_parser
from crew.cli.common import seat_label
from crew.cli.solver import analysis_words
from crew.engine import Play
from crew.solver.analysis import Analysis, TurningPoint

# Four players, free play: seat 1 must win the first trick (task 40); S4 makes seat 1 captain.
HANDS = [
    ["P1", "P3", "P7", "G2", "G8", "B6", "B7", "Y6", "Y7", "S3"],
    ["P8", "P9", "G1", "G9", "B9", "Y1", "Y4", "Y8", "Y9", "S4"],
    ["P5", "G5", "G7", "B1", "B2", "B8", "Y2", "Y3", "S1", "S2"],
    ["P2", "P4", "P6", "G3", "G4", "G6", "B3", "B4", "B5", "Y5"],
]
EASY: dict[str, Any] = {
    "format": "crew-record/1",
    "players": 4,
    "difficulty": 1,
    "hands": HANDS,
    "tasks": [40],
    "actions": [{"take": 40, "seat": 1}],
}

# Five players, three tasks handed out: a deal the solver does not decide within a minute
# (7.7 million positions): seat 4 must win all nine cards of a colour, seat 0 seven yellow
# cards, seat 3 the first trick.
HARD: dict[str, Any] = {
    "format": "crew-record/1",
    "players": 5,
    "difficulty": 9,
    "hands": [
        ["P5", "P6", "B8", "G3", "G6", "Y1", "Y2", "S3"],
        ["P9", "B1", "B5", "B9", "G2", "Y6", "Y8", "Y9"],
        ["P2", "P3", "P7", "B2", "B6", "B7", "G7", "S2"],
        ["P4", "B4", "G5", "G8", "G9", "Y7", "S1", "S4"],
        ["P1", "P8", "B3", "G1", "G4", "Y3", "Y4", "Y5"],
    ],
    "tasks": [39, 23, 40],
    "actions": [
        {"take": 40, "seat": 3},
        {"take": 39, "seat": 4},
        {"take": 23, "seat": 0},
    ],
}


def test_solve_and_analyse_have_a_default_limit_and_zero_means_none(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    parser = build_parser()
    for command in ("solve", "analyse", "analyze"):
        assert parser.parse_args([command, "f.json"]).timeout == SOLVE_SECONDS == 20
    r = crew("solve", str(write(EASY, "a.json")), "--json", "--timeout", "0")
    assert r.code == 0 and r.json["winnable"] is True
    bad = crew("solve", str(write(EASY, "b.json")), "--timeout", "-1")
    assert bad.code == 2 and "'-1'" in bad.err and "0: no limit" in bad.err


def test_a_deal_not_decided_within_the_limit_is_undecided_exit_3(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    path = str(write(HARD, "hard.json"))
    r = crew("solve", path, "--json", "--timeout", "0.3")
    assert r.code == 3
    assert r.json["winnable"] is None and r.json["line"] == [] and r.json["stopped"] is False
    text = crew("solve", path, "--timeout", "0.3")
    assert text.code == 3 and "Undecided: the time limit (0.3 s) ran out" in text.out


def _crew(*args: str, **kw: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "crew", *args],
        text=True,
        stdout=subprocess.PIPE,
        preexec_fn=default_interrupt,
        **kw,
    )


def _searching(path: Path, *args: str) -> subprocess.Popen[str]:
    """``crew`` on a deal it will not decide soon, given time to be well into its search."""
    proc = _crew(*args, str(path), "--timeout", "0", stderr=subprocess.PIPE)
    time.sleep(3)  # well into the search: the deal takes minutes
    assert proc.poll() is None
    return proc


def test_ctrl_c_stops_solve_with_exit_3_and_what_was_decided(
    write: Callable[[Any, str], Path],
) -> None:
    proc = _searching(write(HARD, "hard.json"), "solve")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 3, err
    assert "Stopped: undecided after" in out and "(Ctrl-C)" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_ctrl_c_stops_analyse_with_the_verdicts_found(write: Callable[[Any, str], Path]) -> None:
    proc = _searching(write(HARD, "hard.json"), "analyse", "--json")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 3, err
    doc = json.loads(out)
    assert doc["stopped"] is True and len(doc["verdicts"]) == len(HARD["actions"])
    assert "Traceback" not in err


def test_progress_is_shown_on_a_terminal(write: Callable[[Any, str], Path]) -> None:
    main, side = pty.openpty()
    proc = _crew("solve", str(write(HARD, "hard.json")), "--timeout", "2", stderr=side)
    os.close(side)
    shown = b""
    while proc.poll() is None or select.select([main], [], [], 0.2)[0]:
        if select.select([main], [], [], 0.2)[0]:
            try:
                shown += os.read(main, 4096)
            except OSError:
                break
    proc.communicate(timeout=30)
    os.close(main)
    assert proc.returncode == 3
    assert b"searching" in shown and b"positions" in shown


def test_solve_on_a_won_record_says_it_is_won(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    rec = dict(EASY)
    rec["actions"] = EASY["actions"] + [
        {"play": "S4", "seat": 1},
        {"play": "S1", "seat": 2},
        {"play": "P2", "seat": 3},
        {"play": "S3", "seat": 0},
    ]
    r = crew("solve", str(write(rec, "won.json")))
    assert r.code == 0
    assert "already won" in r.out and "A winning line" not in r.out


def test_the_winning_line_is_told_trick_by_trick_with_its_winners(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    path = str(write(EASY, "a.json"))
    doc = crew("solve", path, "--json").json
    r = crew("solve", path)
    assert r.code == 0
    lines = [ln.strip() for ln in r.out.splitlines()]
    trick = next(ln for ln in lines if ln.startswith("Trick 1:"))
    # the line's first card is seat 1's (the captain leads), and seat 1 wins trick 1
    first = doc["line"][0]
    assert trick.startswith(f"Trick 1: {seat_label(1, 4)} {first['play']}")
    assert trick.endswith(f"-> {seat_label(1, 4)} wins")
    assert "The attempt is won after trick 1." in lines


def _analysis(at_start: bool | None, verdicts: tuple[bool | None, ...]) -> Analysis:
    return Analysis(at_start, verdicts, None, 0, 0.0)


def test_analyse_never_says_lost_from_the_first_card_unless_the_first_verdict_is_no() -> None:
    seen = [True, *([None] * 13), *([False] * 9)]
    for at_start in (True, None):
        words = " ".join(analysis_words(_analysis(at_start, tuple(seen)), 4))
        assert "could not be won" not in words
        assert ("yes" if at_start else "undecided") in words
    words = " ".join(analysis_words(_analysis(False, (False, False)), 4))
    assert "It could not be won with open hands from the first card on." in words
    tp = TurningPoint(3, 1, 1, Play(1, 0), ())
    turned = Analysis(True, (True, True, True, False), tp, 0, 0.0)
    # action 3 of the record counted from 0 is the fourth action people count from 1
    assert "Turning point: action 4, seat 2" in " ".join(analysis_words(turned, 4))


def test_analyse_on_a_timed_record_that_ran_out_of_time(
    crew: Callable[..., Run], write: Callable[[Any, str], Path]
) -> None:
    # issue 26: "Could it be won before the first card? no" although the first verdicts were
    # winnable, and a turning point "seat -1 played {'time_up': True}"
    path = write(TIMED_RAN_OUT, "timed.json")
    doc = crew("analyse", str(path), "--json").json
    assert doc["winnable_at_start"] is True and doc["verdicts"] == [True, False]
    tp = doc["turning_point"]
    assert tp["time_up"] is True and tp["trick"] == 1 and tp["winning_alternatives"]
    out = " ".join(crew("analyse", str(path)).out.split())  # the terminal's width wraps it
    assert "Could it be won before the first card? yes" in out
    assert "the time ran out in trick 1 while the attempt could still be won" in out
    assert "seat -1" not in out and "time_up" not in out


def test_a_turning_point_in_the_distribution_is_said_in_words() -> None:
    # it printed "seat 1 (Ann) played {'take': 78, 'seat': 0} in the distribution"
    from crew.engine import Pass, Take

    tp = TurningPoint(0, 0, 0, Take(0, 78), (Take(0, 81), Pass(0)))
    lost = Analysis(True, (False, False), tp, 0, 0.0)
    words = " ".join(analysis_words(lost, 4, ["Ann", "Bob", "Cas", "Dee"]))
    assert "Turning point: action 1, before the tricks: seat 1 (Ann) took task #78" in words
    assert "Still winning there: taking task #81, passing" in words
    assert "{" not in words
