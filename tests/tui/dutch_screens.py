"""Print one of the app's key screens at 80x24 in the language of CREW_LANG (run by
test_dutch.py in a fresh interpreter: the footers' words are taken when the screen classes are
made, so a Dutch app needs a process whose language was Dutch before the app's modules were
imported). The screen: ``title`` (default), ``wizard`` (New game, first question), ``gate``
and ``hand`` (a 4-player hot-seat game, its first gate and the hand behind it)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tui_driver import screen_text  # noqa: E402

from crew.tui.app import create_app  # noqa: E402


async def _screen(which: str) -> str:
    if which in ("gate", "hand"):
        app = create_app(4, 1, seed=938427, names="Ann,Bob,Cas,Dee", clock_interval=None)
    else:
        app = create_app(clock_interval=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = {"wizard": ["n"], "gate": ["enter"], "hand": ["enter", "enter"]}.get(which, [])
        for key in keys:
            await pilot.pause(1.0)  # the key guard ignores keys typed before a screen was seen
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.5)
        return screen_text(app)


if __name__ == "__main__":
    sys.stdout.write(asyncio.run(_screen(sys.argv[1] if len(sys.argv) > 1 else "title")))
