"""Print one of the app's key screens at 80x24 in the language of CREW_LANG (run by
test_dutch.py in a fresh interpreter, as ``crew`` starts: the language from the environment
alone). The screen: ``title`` (default), ``wizard`` (New game, first question), ``gate``
and ``hand`` (a 4-player hot-seat game, its first gate and the hand behind it), ``result`` (a
lost attempt's result screen with its "Could it have been won?" answer), ``confirm`` (a yes/no
question, then the answers its keys gave: y, the language's own yes key, n)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent))  # shared_cases, as pytest's conftest has it

from tui_driver import screen_text  # noqa: E402

from crew.tui.app import AppSettings, create_app  # noqa: E402


def _lost_session() -> Any:
    """Mission 1, task 3 (win the blue 4) for Ann, played by a simple crew (the lowest legal
    card, the first allowed choice): Bob gives his B4 away in trick 2 (test_postmortem.py)."""
    from tui_hands import attempt, session_for

    from crew.engine import Play, legal_actions

    s = session_for(
        attempt(4, 1, ["S4 P1 P2 P3", "B4 B9 P4 G1", "B7 B8 P9", "G2 B2 P5"], [3]),
        ["Ann", "Bob", "Cas", "Dee"],
    )
    while not s.state.result:
        actions = list(legal_actions(s.state))
        plays = [a for a in actions if isinstance(a, Play)]
        s.act(min(plays, key=lambda p: p.card) if plays else actions[0])
    return s


async def _result() -> str:
    from crew.tui.widgets.postmortem import PostMortemPanel

    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.session = _lost_session()
        app.show_result()
        await pilot.pause()
        await app.screen.query_one(PostMortemPanel).workers.wait_for_complete()
        await pilot.pause(0.5)
        return screen_text(app)


async def _confirm() -> str:
    from crew.tui.screens.dialogs import ConfirmScreen
    from crew.tui.widgets.choices import yes_key

    answers: list[bool | None] = []
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("y", yes_key(), "n"):
            app.push_screen(ConfirmScreen("?"), answers.append)
            await pilot.pause()
            text = screen_text(app)
            await pilot.press(key)
            await pilot.pause()
        return text + f"answers {answers}\n"


async def _screen(which: str) -> str:
    if which == "result":
        return await _result()
    if which == "confirm":
        return await _confirm()
    if which in ("gate", "hand"):
        app = create_app(
            AppSettings(
                players=4, mission=1, seed=938427, names="Ann,Bob,Cas,Dee", clock_interval=None
            )
        )
    else:
        app = create_app(AppSettings(clock_interval=None))
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
