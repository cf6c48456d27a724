"""Print the app's title screen at 80x24 in the language of CREW_LANG (run by test_dutch.py in a
fresh interpreter: the footers' words are taken when the screen classes are made, so a Dutch app
needs a process whose language was Dutch before the app's modules were imported)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tui_driver import screen_text  # noqa: E402

from crew.tui.app import create_app  # noqa: E402


async def _title() -> str:
    app = create_app(clock_interval=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return screen_text(app)


if __name__ == "__main__":
    sys.stdout.write(asyncio.run(_title()))
