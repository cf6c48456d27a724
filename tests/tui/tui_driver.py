"""Helpers that drive the TUI by key presses, as players at one terminal would.

``screen_text`` renders the current screen to plain text (what a terminal would show);
``Player`` decides which keys the seat to act presses, from what the engine allows.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from shared_cases import CHEAP
from textual import events
from textual.pilot import Pilot

from crew.engine import Phase, Signal, card_str, distress_choices, legal_actions
from crew.table import StepKind
from crew.table.scope import legal_cards
from crew.tui.app import AppSettings, CrewApp
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen

CARD_RE = re.compile(r"[♥♦♣♠⚓]([PBGYS][1-9])")


_TEXT = re.compile(
    r'<text class="[^"]*" x="([0-9.]+)" y="[0-9.]+" textLength="([0-9.]+)"'
    r' clip-path="url\(#[^)]*-line-(\d+)\)">(.*?)</text>',
    re.S,
)


def ann_and_computers(*, players: int, **game: Any) -> AppSettings:
    """Ann in seat 0 and computer crewmates in the others (cheap ones), no timer ticks."""
    return AppSettings(
        players=players,
        names=["Ann"],
        computers=players - 1,
        clock_interval=None,
        search=CHEAP,
        **game,
    )


def screen_text(app: CrewApp) -> str:
    """The current screen as plain text lines (no colour), like a terminal capture.

    Read from Textual's own screenshot (``App.export_screenshot``, SVG): each run of text sits
    at a column (its x over the width of one cell) on a line and spans ``textLength`` cells."""
    width, height = app.size
    runs = [
        (float(x), float(length), int(line), html.unescape(body).replace("\xa0", " "))
        for x, length, line, body in _TEXT.findall(app.export_screenshot())
    ]
    # the width of one cell, from a run of plain ASCII (one cell per character)
    cell = next((length / len(t) for _, length, _, t in runs if t.strip() and t.isascii()), 0.0)
    if not cell:
        return "\n"  # nothing drawn yet (a screen between two frames under load): blank
    rows = [[" "] * width for _ in range(height)]
    for x, length, line, text in runs:
        text = text.rstrip("\n")
        if not text or line >= height:
            continue
        col = round(x / cell)
        span = round(length / cell)
        row = rows[line]
        for ch in text:
            if col >= width:
                break
            row[col] = ch
            # a character two cells wide (as the terminal draws it) leaves its second cell
            wide = 2 if len(text) < span and cell_len(ch) == 2 else 1
            if wide == 2 and col + 1 < width:
                row[col + 1] = ""
            col += wide
    lines = ["".join(r).rstrip() for r in rows]
    return "\n".join(lines).rstrip("\n") + "\n"


async def shown(pilot: Pilot[int], app: CrewApp, wanted: str, wait: float = 10.0) -> str:
    """The screen once ``wanted`` is on it (a screen just pushed is drawn a moment later; on a
    busy machine later still), or after ``wait`` seconds the screen as it is."""
    deadline = time.monotonic() + wait
    text = screen_text(app)
    while wanted not in text and time.monotonic() < deadline:
        await pilot.pause(0.01)
        text = screen_text(app)
    return text


async def showing(pilot: Pilot[int], app: CrewApp, kind: type, wait: float = 10.0) -> bool:
    """Whether a screen of ``kind`` shows, once the app has handled what came before (a clock
    tick or a worker's answer may be handled a moment later; on a busy machine later still),
    waiting up to ``wait`` seconds for it."""
    deadline = time.monotonic() + wait
    while not isinstance(app.screen, kind) and time.monotonic() < deadline:
        await pilot.pause(0.01)
    return isinstance(app.screen, kind)


_CHARACTERS = {"enter": "\r", "escape": "\x1b"}


async def type_keys(pilot: Pilot[int], *keys: str) -> None:
    """Type ``keys`` as one burst, then wait until the app is idle.

    ``pilot.press`` waits for the app to go idle after every single key; a crew member typing
    ``p 7 Enter`` does not, and the app handles the keys in order all the same. (The key guard,
    which ignores keys that come too early, is off in these tests: ``conftest.py``.)
    """
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else _CHARACTERS[key])
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause()


def cards_on(text: str) -> set[str]:
    """The card labels (with their glyph) that appear in a rendered screen."""
    return set(CARD_RE.findall(text))


def card_keys(card: int) -> list[str]:
    """The keys that put the hand's cursor on ``card``: colour letter, then value."""
    c = card_str(card)
    return [c[0].lower(), c[1]]


@dataclass
class Player:
    """A simple crew: the lowest legal card, the first allowed choice; optional extras.

    ``distress``: the direction to send the distress signal in (first attempt only);
    ``signal_before``: the trick before which the first seat that may signal does so;
    ``illegal_once``: try one unavailable card once (when following suit forbids one);
    ``peek_once``: at the first public step, the last crew member looks at their hand.
    ``keys`` counts every key pressed, ``trick_keys`` the keys pressed per trick played;
    ``waits`` counts the computer decisions waited for (no key is pressed for them).
    """

    distress: str | None = None
    signal_before: int | None = None
    illegal_once: bool = False
    peek_once: bool = False
    peeked: bool = False
    log: list[str] = field(default_factory=list)
    illegal_tried: tuple[int, int, str] | None = None  # (seat, card, message)
    signalled: Signal | None = None
    keys: int = 0
    trick_keys: dict[int, int] = field(default_factory=dict)
    waits: int = 0

    async def press(self, pilot: Pilot[int], app: CrewApp, *keys: str) -> None:
        """Press ``keys``, counted against the trick under way (once the tricks began)."""
        self.keys += len(keys)
        s = app.session
        if s is not None and s.state.phase == Phase.PLAY:
            trick = s.state.trick_number
            self.trick_keys[trick] = self.trick_keys.get(trick, 0) + len(keys)
        await type_keys(pilot, *keys)

    def wants_signal(self, app: CrewApp) -> bool:
        s = app.session
        assert s is not None
        return (
            self.signal_before == s.state.trick_number
            and self.signalled is None
            and bool(s.signal_first())
        )

    async def act(self, pilot: Pilot[int], app: CrewApp) -> bool:
        """Press the keys for one step; False once the result screen is showing."""
        screen = app.screen
        if isinstance(screen, ResultScreen):
            return False
        if isinstance(screen, GateScreen):
            self.log.append(f"gate {screen.who}")
            if screen.signal_first and self.wants_signal(app):
                await self.press(pilot, app, "c")  # somebody signals first
                await pilot.pause()
                await self.press(pilot, app, "1")  # the first seat with a token
                return True
            await self.press(pilot, app, "enter")
            return True
        assert isinstance(screen, GameScreen), screen
        s = app.session
        assert s is not None
        if s.ask() is not None:
            # a computer decides: nobody presses anything, the worker finishes on its own
            self.waits += 1
            await app.workers.wait_for_complete()
            await pilot.pause()
            return True
        step = s.step()
        assert not (step.private and s.is_computer(step.viewer)), "a key at a computer's turn"
        self.log.append(step.kind)
        if self.peek_once and not self.peeked and step.kind == StepKind.DRAW:
            self.peeked = True
            await self.press(pilot, app, "v")
            await pilot.pause()
            await self.press(pilot, app, str(s.players))  # the last crew member in the list
            return True
        if step.kind == StepKind.WINDOW and self.wants_signal(app):
            # before a computer's lead: the first person who may signal does
            await self.press(pilot, app, str(2))
            return True
        if step.kind == StepKind.PLAY and self.wants_signal(app):
            await self.press(pilot, app, "c")  # somebody signals first
            await pilot.pause()
            await self.press(pilot, app, "1")
            return True
        if step.kind == StepKind.PLAY:
            legal = sorted(legal_cards(s.state))
            if self.illegal_once and self.illegal_tried is None:
                hand_cards = [c for c in range(40) if s.state.hands[step.seat] >> c & 1]
                bad = [c for c in hand_cards if c not in legal]
                if bad:
                    before = s.state
                    await self.press(pilot, app, *card_keys(bad[0]), "enter")
                    await pilot.pause()
                    assert s.state is before, "an illegal card changed the state"
                    self.illegal_tried = (step.seat, bad[0], screen_text(app))
            await self.press(pilot, app, *card_keys(legal[0]), "enter")
        elif step.kind == StepKind.DISTRESS:
            if self.distress and s.attempt == 1 and not s.state.distress:
                await self.press(pilot, app, "2" if self.distress == "left" else "3")
            else:
                await self.press(pilot, app, "1")
        elif step.kind == StepKind.DISTRESS_CARD:
            card = distress_choices(s.state)[step.seat][0]
            await self.press(pilot, app, *card_keys(card), "enter")
        elif step.kind == StepKind.SIGNAL:
            options = [
                a for a in legal_actions(s.state) if isinstance(a, Signal) and a.seat == step.seat
            ]
            if not options:
                await self.press(pilot, app, "escape")
                return True
            sig = options[0]
            # the card shown makes the signal: its token goes where it is true
            await self.press(pilot, app, *card_keys(sig.card), "enter")
            self.signalled = sig
        elif step.kind == StepKind.PEEK:
            await self.press(pilot, app, "enter")
        else:
            # distribution, volunteers, give, assign (twice), predictions, the draw: the first
            # allowed choice is highlighted
            await self.press(pilot, app, "enter")
        return True


async def play_to_result(
    pilot: Pilot[int],
    app: CrewApp,
    player: Player,
    *,
    each: Callable[[CrewApp], None] | None = None,
    limit: int = 2000,
) -> None:
    """Act until the result screen shows; ``each`` inspects the app after every step."""
    await pilot.pause()  # every step ends idle (``type_keys``), the first one too
    for _ in range(limit):
        if each is not None:
            each(app)
        if not await player.act(pilot, app):
            return
    raise AssertionError("the game did not reach its result")


def open_table(app: CrewApp) -> bool:
    """The table is showing and no gate is pending."""
    return (
        isinstance(app.screen, GameScreen)
        and app.session is not None
        and (app.session.gate_seat() is None)
    )


async def drive_until(
    pilot: Pilot[int],
    app: CrewApp,
    player: Player,
    cond: Callable[[CrewApp], bool],
    *,
    each: Callable[[CrewApp], None] | None = None,
) -> None:
    """Act until ``cond`` holds (the game must not end first); ``each`` as for
    :func:`play_to_result`."""
    await pilot.pause()
    for _ in range(500):
        if each is not None:
            each(app)
        if cond(app):
            return
        assert await player.act(pilot, app), "the game ended before the wanted screen"
    raise AssertionError("the wanted screen never came")
