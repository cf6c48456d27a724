"""The installed ``crew`` in a real terminal (tmux, 80x24): a seeded mission to its result (with
the double Enters a shared terminal sees), and a game killed half-way that ``crew`` -> Continue
resumes at the same gate.

The test plays like the crew would: it reads the screen (``capture-pane``), and where a card must
be chosen it asks the engine which cards are legal in the autosaved game. tmux is required: the
tests fail (not skip) without it.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from crew.engine import Play, card_str, legal_actions, parse_card
from crew.records import load_record, replay

CREW = Path(sys.executable).parent / "crew"
CARD = re.compile(r"[♥♦♣♠⚓][PBGYS][1-9]")
WAIT = 20.0  # seconds to wait for a screen before giving up (a hang guard, not a measurement)

#: each test waits seconds on tmux: started before every other (tests/conftest.py), so that
#: another worker's tests use the processor meanwhile
pytestmark = pytest.mark.early(0)


class Terminal:
    """One tmux server (own socket) running one program at 80x24."""

    def __init__(self, home: Path) -> None:
        tmux = shutil.which("tmux")
        assert tmux is not None, "tmux is required for the terminal tests"
        assert CREW.exists(), f"the crew script is not installed beside {sys.executable}"
        self.tmux = tmux
        self.socket = ""
        self.home = home
        self.session = "crew"

    def _run(self, *args: str) -> str:
        out = subprocess.run(
            [self.tmux, "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return out.stdout

    def start(self, command: str) -> None:
        # a fresh server (own socket) each time: a server that is still shutting down after a
        # kill never refuses the new session
        self.socket = f"crew-test-{uuid.uuid4().hex[:8]}"
        self._run(
            "-f", "/dev/null", "new-session", "-d", "-s", self.session, "-x", "80", "-y", "24",
            "-e", f"CREW_HOME={self.home}",
            command,
        )  # fmt: skip

    def screen(self) -> str:
        return self._run("capture-pane", "-p", "-t", self.session)

    def keys(self, *keys: str) -> None:
        self._run("send-keys", "-t", self.session, *keys)

    def wait_until(self, ready: Callable[[str], bool], what: str, wait: float = WAIT) -> str:
        """The first screen for which ``ready`` holds (captures every 50 ms)."""
        deadline = time.monotonic() + wait
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if ready(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{what} never appeared; the screen was:\n{screen}")

    def wait_for(self, *texts: str) -> str:
        """The screen once every one of ``texts`` is on it."""
        return self.wait_until(lambda s: all(t in s for t in texts), " and ".join(map(repr, texts)))

    def wait_ready(self, before: str = "", wait: float = WAIT) -> str:
        """The next screen (other than ``before`` above its footer) whose choice takes keys: the
        footer shows a guarded choice's key only once it acts (crew/tui/guard.py).

        Ready on two captures in a row: for a moment after a choice, the new screen can stand
        above the footer of the screen before (with its keys, although the new choice does not
        take keys yet); a key sent then would be ignored and only sent again after ``act``'s
        wait. The second capture sees the footer the new screen drew."""
        last = ""

        def ready(s: str) -> bool:
            nonlocal last
            now = body(s) != body(before) and any(cue in footer(s) for cue in READY)
            twice = now and s == last
            last = s if now else ""
            return twice

        return self.wait_until(ready, "a ready screen", wait)

    def act(self, before: str, *keys: str) -> str:
        """Send ``keys`` and return the next ready screen. The footer may still show the last
        screen's keys for a moment, so a key can meet a choice that is not ready yet; the
        guard then ignores it and nothing changes: the keys are sent again."""
        for _ in range(5):
            self.keys(*keys)
            try:
                return self.wait_ready(before, wait=3.0)
            except AssertionError:
                continue
        return self.wait_ready(before)

    def program_pid(self) -> int:
        """The pid of the program the pane runs (under the pane's shell when started with one)."""
        pane = int(self._run("display-message", "-p", "-t", self.session, "#{pane_pid}"))
        children = subprocess.run(
            ["pgrep", "-P", str(pane)], capture_output=True, text=True
        ).stdout.split()
        return int(children[0]) if children else pane

    def stalled_keys(self, first: str, second: str, *, after: float = 0.25) -> None:
        """``first``; ``after`` seconds later the program stops (SIGSTOP) and ``second`` is
        typed; a second later it goes on (SIGCONT): a stall with a key typed in it."""
        pid = self.program_pid()
        self.keys(first)
        time.sleep(after)
        os.kill(pid, signal.SIGSTOP)
        try:
            self.keys(second)
            time.sleep(1.0)
        finally:
            os.kill(pid, signal.SIGCONT)
        time.sleep(0.8)  # what the key could have done, it has done by now

    def alive(self) -> bool:
        try:
            self._run("has-session", "-t", self.session)
        except subprocess.CalledProcessError:
            return False
        return True

    def kill(self) -> None:
        if self.socket:
            subprocess.run([self.tmux, "-L", self.socket, "kill-server"], capture_output=True)


#: Footer keys that appear once a guarded choice acts.
READY = ("⏎ Show my hand", "⏎ Choose", "⏎ Play card", "t Title")


def footer(screen: str) -> str:
    lines = [line for line in screen.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def body(screen: str) -> str:
    """The screen above its footer."""
    lines = [line for line in screen.splitlines() if line.strip()]
    return "\n".join(lines[:-1])


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(tmp_path / "home")
    yield term
    term.kill()


def saved_state(home: Path):  # type: ignore[no-untyped-def]
    r = replay(load_record(home / "saves" / "current.json"))
    assert r.violation is None
    return r.state


def lowest_legal(term: Terminal) -> list[str]:
    state = saved_state(term.home)
    card = min(a.card for a in legal_actions(state) if isinstance(a, Play))
    text = card_str(card)
    return [text[0].lower(), text[1]]


def play_on(term: Terminal, screen: str, *, stop_after_plays: int | None = None) -> str:
    """Answer screens like a careful crew until the result (or after ``stop_after_plays``)."""
    plays = 0
    for _ in range(400):
        if "attempt 1: WON" in screen or "attempt 1: LOST" in screen:
            return screen
        if "Pass the terminal to" in screen:
            keys = ["Enter"]
        elif "Begin the distribution" in screen:
            keys = ["Enter"]
        elif ": take a task" in screen:
            keys = ["Enter"]  # the first task this crew member may take is highlighted
        elif "Send the distress signal?" in screen:
            keys = ["1"]
        elif "play a card to trick" in screen:
            if stop_after_plays is not None and plays >= stop_after_plays:
                return screen
            keys = [*lowest_legal(term), "Enter"]
            plays += 1
        else:
            raise AssertionError(f"unexpected screen:\n{screen}")
        screen = term.act(screen, *keys)
    raise AssertionError("no result after 400 screens")


def test_seeded_mission_to_its_result_through_double_enters(terminal: Terminal) -> None:
    # one game for three questions: a seeded mission reaches its result; a double Enter at a
    # gate plays nothing (Enter, 0.3 s, Enter: the reproduction of the issue); a double Enter on
    # the last card shows the result and nothing more
    terminal.start(f"{CREW} play --players 3 --mission 1 --seed 7 --names Ann,Bob,Cas")
    screen = terminal.wait_for("Begin the distribution", "⏎ Choose")
    assert "Captain: Bob" in screen
    assert all(len(line) <= 80 for line in screen.splitlines())
    screen = play_on(terminal, screen, stop_after_plays=1)
    assert "play a card to trick 1" in screen
    screen = terminal.act(screen, *lowest_legal(terminal), "Enter")  # on to the next gate
    assert "Pass the terminal to" in screen
    before = saved_state(terminal.home)
    terminal.keys("Enter")
    time.sleep(0.3)
    terminal.keys("Enter")
    screen = terminal.wait_ready(screen)
    assert "play a card to trick 1" in screen  # the hand is up, and waits for its player
    assert saved_state(terminal.home) == before  # nothing was played

    # the third card ends the attempt (task #40 is decided)
    assert len(before.trick_cards) == 2
    terminal.keys(*lowest_legal(terminal), "Enter", "Enter")
    screen = terminal.wait_ready(screen)
    assert "Mission 1, attempt 1:" in screen
    time.sleep(0.6)  # what a second Enter could have done, it would have done by now
    assert "Mission 1, attempt 1:" in terminal.screen()
    state = saved_state(terminal.home)
    assert state.over
    # Bob (captain) took task 40 "Win the first trick"; the result names it and the trick
    word = "WON" if state.result == "won" else "LOST"
    assert f"Mission 1, attempt 1: {word}" in screen
    assert "task #40 (Bob)" in screen and "at trick 1" in screen
    assert (state.tricks[0].winner == 1) == (state.result == "won")
    terminal.keys("q")
    terminal.wait_for("Quit crew?")
    terminal.keys("y")
    deadline = time.monotonic() + WAIT
    while terminal.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not terminal.alive()  # the program ended and tmux closed its window


def test_killed_half_way_then_continue(terminal: Terminal) -> None:
    terminal.start(f"{CREW} play --players 4 --mission 3 --seed 11 --names Ann,Bob,Cas,Dee")
    screen = terminal.wait_for("Begin the distribution", "⏎ Choose")
    screen = play_on(terminal, screen, stop_after_plays=2)
    before = saved_state(terminal.home)
    assert len(before.trick_cards) == 2 and not before.over
    # the table of trick 1 with two cards played, as the next crew member sees it
    assert "play a card to trick 1" in screen
    terminal.kill()  # the terminal is closed with the game running
    assert not terminal.alive()

    terminal.start(str(CREW))
    screen = terminal.wait_for("Continue the unfinished game")
    assert "mission 3, attempt 1, Ann, Bob, Cas, Dee" in screen
    terminal.keys("c")
    screen = terminal.wait_for("Pass the terminal to", "⏎ Show my hand")
    # the same point: same hands, and the gate of the crew member to play, not a hand
    assert saved_state(terminal.home) == before
    names = ["Ann", "Bob", "Cas", "Dee"]
    who = names[before.turn]
    assert f"Pass the terminal to {who} — {who}, press Enter" in screen
    assert not CARD.search(screen)  # no card on a gate (its legend names the glyphs)
    # the game goes on from there: the next card lands in the same trick and is saved
    # (playing on to a result is the first test's)
    screen = terminal.act(screen, "Enter")
    assert "play a card to trick 1" in screen
    keys = lowest_legal(terminal)
    terminal.act(screen, *keys, "Enter")
    after = saved_state(terminal.home)
    assert after.trick_cards == (*before.trick_cards, parse_card(keys[0] + keys[1]))
    assert after.hands[before.turn] != before.hands[before.turn]


def test_keys_typed_while_crew_is_stopped_never_act(terminal: Terminal) -> None:
    # the pattern: Enter; 0.25 s; kill -STOP; Enter; 1 s; kill -CONT. crew runs under
    # a shell: tmux would continue a stopped program of its own pane at once
    command = f"{CREW} play --players 3 --mission 1 --seed 7 --names Ann,Bob,Cas"
    terminal.start(f"sh -c {shlex.quote(command + '; sleep 60')}")
    screen = terminal.wait_for("Begin the distribution", "⏎ Choose")
    screen = play_on(terminal, screen, stop_after_plays=0)
    assert "Bob, play a card to trick 1" in screen
    # at a gate: Bob plays the lead; the Enter typed in the stall must not open Cas's gate
    terminal.keys(*lowest_legal(terminal))  # the cursor on the card (the screen is the same)
    time.sleep(0.3)
    played = saved_state(terminal.home)
    terminal.stalled_keys("Enter", "Enter")
    screen = terminal.wait_ready()
    assert "Pass the terminal to Cas" in screen, screen
    assert not CARD.search(screen)  # no card on a gate (its legend names the glyphs)
    state = saved_state(terminal.home)
    assert len(state.trick_cards) == 1 and state != played
    # at a card choice: Cas opens the gate; the Enter typed in the stall must play nothing
    terminal.stalled_keys("Enter", "Enter")
    screen = terminal.wait_ready()
    assert "Cas, play a card to trick 1" in screen, screen
    assert saved_state(terminal.home) == state
    # at the result: Ann's card ends the attempt; the key typed in the stall must not retry
    screen = terminal.act(screen, *lowest_legal(terminal), "Enter")
    screen = terminal.act(screen, "Enter")
    assert "Ann, play a card to trick 1" in screen, screen
    terminal.keys(*lowest_legal(terminal))
    time.sleep(0.3)
    terminal.stalled_keys("Enter", "r")
    screen = terminal.screen()
    assert "Mission 1, attempt 1:" in screen, screen
    assert saved_state(terminal.home).over
