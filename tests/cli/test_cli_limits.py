"""Long work under control, through the real ``crew`` process (issues 25 and 26): progress on a
terminal, Ctrl-C without a traceback and with what was finished, worker failures as one line,
streamed deals, and a closed output pipe that does not pass for an answer.

Ctrl-C is sent as a terminal sends it: SIGINT to the whole process group (workers included).
It is sent once the work is seen under way (the progress line on a pseudo-terminal, or the
process blocked reading its input), never after a fixed wait.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_helpers import default_interrupt, record

from crew.engine import card_str, cards_in, new_attempt

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process groups, /proc, ptys")

# a guard against a hung test, not a measurement: nothing here asserts a duration
_GUARD = 180.0


@dataclass
class Ended:
    """A finished ``crew`` process: exit code, stdout, and stderr (a terminal's text)."""

    code: int
    out: str
    err: str
    peak_rss_kb: int | None = None


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "CREW_HOME": str(tmp_path / "home"),
        "TERM": "xterm-256color",
        "COLUMNS": "160",
        "PYTHONIOENCODING": "utf-8",
    }


def _peak_rss_kb(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    m = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(m.group(1)) if m else None


def _interrupt_when_seen(argv: list[str], pattern: str, tmp_path: Path) -> Ended:
    """Run ``crew`` with stderr on a pseudo-terminal; on the first stderr text matching
    ``pattern``, press Ctrl-C; return what it printed."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
    p = subprocess.Popen(
        [sys.executable, "-m", "crew", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        env=_env(tmp_path),
        start_new_session=True,  # its own process group, as a shell's job is
        preexec_fn=default_interrupt,
    )
    os.close(slave)
    seen = b""
    peak = None
    deadline = time.monotonic() + _GUARD
    try:
        while not re.search(pattern.encode(), seen):
            assert p.poll() is None, f"ended before {pattern!r}: {seen.decode(errors='replace')}"
            assert time.monotonic() < deadline, seen.decode(errors="replace")
            if select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 65536)
        peak = _peak_rss_kb(p.pid)
        os.killpg(p.pid, signal.SIGINT)
        deadline = time.monotonic() + _GUARD
        while True:
            # a run that goes on printing after Ctrl-C fails here rather than hanging
            assert time.monotonic() < deadline, seen.decode(errors="replace")[-2000:]
            try:
                if not select.select([master], [], [], _GUARD)[0]:
                    break
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every holder of the terminal's other end has gone
                break
            if not chunk:
                break
            seen += chunk
        out = p.communicate(timeout=_GUARD)[0].decode()
        code = p.returncode
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        os.close(master)
    return Ended(code, out, seen.decode(errors="replace"), peak)


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert "Exception ignored" not in text, text


def test_ctrl_c_in_odds_keeps_the_solved_deals_and_no_worker_prints_a_traceback(
    tmp_path: Path,
) -> None:
    # a million deals: the run is certainly under way (and far from done) when Ctrl-C comes
    argv = ["odds", "--players", "4", "--mission", "3", "--deals", "1000000", "--json"]
    r = _interrupt_when_seen(argv, r"\b([3-9]|[1-9][0-9]+)/1000000\b", tmp_path)
    _no_traceback(r.err)
    assert r.code == 130, r
    doc = json.loads(r.out)  # still exactly one JSON document
    assert doc["interrupted"] is True
    assert doc["deals"] >= 3
    assert doc["deals"] == doc["winnable"] + doc["not_winnable"] + doc["undecided"]
    assert "crew: interrupted" in r.err
    # the deals are made as workers take them: a list of a million jobs alone took ~160 MB
    if r.peak_rss_kb is not None:
        assert r.peak_rss_kb < 120_000, r.peak_rss_kb


def test_ctrl_c_in_selfplay_keeps_every_finished_game(tmp_path: Path) -> None:
    cheap = ["--samples", "1", "--nodes", "1", "--budget", "1", "--solver-seconds", "2"]
    argv = ["selfplay", "--players", "4", "--mission", "1", "--games", "10000", "--json", *cheap]
    r = _interrupt_when_seen(argv, r"game ([3-9]|[1-9][0-9]+) of 10000", tmp_path)
    _no_traceback(r.err)
    assert r.code == 130, r
    doc = json.loads(r.out)
    assert doc["interrupted"] is True
    assert doc["games"] >= 2
    assert [g["seed"] for g in doc["games_detail"]] == list(range(1, doc["games"] + 1))
    assert all(g["result"] in ("won", "lost") for g in doc["games_detail"])


def _interrupt_while_reading_stdin(argv: list[str], tmp_path: Path) -> Ended:
    p = subprocess.Popen(
        [sys.executable, "-m", "crew", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(tmp_path),
        start_new_session=True,
        preexec_fn=default_interrupt,
    )
    deadline = time.monotonic() + _GUARD
    try:
        # blocked reading the (empty, open) standard input: past every import, into the work
        while "pipe" not in Path(f"/proc/{p.pid}/wchan").read_text():
            assert p.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=_GUARD)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    return Ended(p.returncode, out.decode(), err.decode())


@pytest.mark.parametrize(
    "argv",
    [["suggest", "-", "--seat", "0", "--json"], ["verify", "-"]],
    ids=["suggest", "top-level"],
)
def test_ctrl_c_anywhere_else_is_one_line_and_exit_130(argv: list[str], tmp_path: Path) -> None:
    r = _interrupt_while_reading_stdin(argv, tmp_path)
    _no_traceback(r.err)
    assert r.code == 130, r
    assert r.err == "crew: interrupted\n" and r.out == ""


def _run(argv: list[str], tmp_path: Path) -> Ended:
    p = subprocess.run(
        [sys.executable, "-m", "crew", *argv],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=_GUARD,
    )
    return Ended(p.returncode, p.stdout, p.stderr)


def test_a_deal_that_fails_in_a_worker_is_one_line_naming_the_deal_and_its_seed(
    tmp_path: Path,
) -> None:
    # mission 200 draws tasks to difficulty 185 (of 264 for four players); the draw for the seed
    # "1-1" runs out of cards that fit, while "1-0" (checked before any worker starts) deals
    argv = ["odds", "--players", "4", "--mission", "200", "--deals", "2", "--seed", "1"]
    r = _run([*argv, "--timeout", "0.1", "--json"], tmp_path)
    _no_traceback(r.err)
    assert r.code == 2, r
    assert r.out == ""
    assert r.err.count("\n") == 1 and r.err.startswith("crew: deal 1 (seed '1-1'): "), r.err


@pytest.mark.parametrize(
    ("seed", "seeds"), [("-1", [-1, 0]), ("deep sea", ["deep sea-0", "deep sea-1"])]
)
def test_selfplay_takes_any_seed_crew_deal_takes(
    seed: str, seeds: list[int | str], tmp_path: Path
) -> None:
    cheap = ["--samples", "1", "--nodes", "1", "--budget", "1", "--solver-seconds", "2"]
    argv = ["selfplay", "--players", "4", "--mission", "1", "--games", "2", "--seed", seed]
    r = _run([*argv, "--json", *cheap], tmp_path)
    assert r.code == 0, r
    games = json.loads(r.out)["games_detail"]
    assert [g["seed"] for g in games] == seeds
    for game in games:  # each game's seed, given to crew deal, deals the game selfplay played
        shown = str(game["seed"])
        dealt = _run(
            ["deal", "--players", "4", "--mission", "1", "--seed", shown, "--json"], tmp_path
        )
        assert dealt.code == 0, dealt
        played = new_attempt(4, 1, seed=game["seed"])
        assert [sorted(h) for h in json.loads(dealt.out)["hands"]] == [
            sorted(card_str(c) for c in cards_in(h)) for h in played.hands
        ]


def _into_a_closed_pipe(argv: list[str], tmp_path: Path) -> Ended:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as after "| head -0"
    try:
        p = subprocess.run(
            [sys.executable, "-m", "crew", *argv],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=_env(tmp_path),
            timeout=_GUARD,
        )
    finally:
        os.close(write_end)
    return Ended(p.returncode, "", p.stderr.decode())


@pytest.mark.parametrize(
    "argv",
    [["tasks"], ["deal", "--players", "4", "--seed", "1", "--json"], ["solve", "{game}"]],
    ids=["rich-table", "json", "solve"],
)
def test_a_closed_output_pipe_exits_141_not_an_answers_code(
    argv: list[str], tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(record([])), encoding="utf-8")
    r = _into_a_closed_pipe([a.replace("{game}", str(game)) for a in argv], tmp_path)
    _no_traceback(r.err)
    assert r.code == 141, r  # 0, 1, 2 and 3 are answers: "winnable", "not winnable", ...
    assert r.err == ""


def test_solve_timeout_0_means_no_limit(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(record([{"take": 1, "seat": 0}])), encoding="utf-8")
    r = _run(["solve", str(game), "--timeout", "0", "--json"], tmp_path)
    assert r.code == 0, r
    assert json.loads(r.out)["winnable"] is True
