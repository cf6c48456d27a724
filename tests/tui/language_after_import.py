"""Import the whole app in one language, then choose another and run it (run by
test_language_when_shown.py in a fresh interpreter, so that the modules really are imported
first): ``language_after_import.py FIRST THEN`` prints as JSON what the running app shows in
THEN: its title, the title screen's footer and active bindings (the app's own among them), and
a yes/no question's footer with the answers its keys gave (the language's yes key, then n)."""

from __future__ import annotations

import asyncio
import importlib
import json
import pkgutil
import sys
from pathlib import Path
from typing import Any

from crew import i18n

i18n.set_language(sys.argv[1])

# every module of the app, and the tests' helpers that import it, made in the first language
import crew.tui  # noqa: E402

for module in pkgutil.walk_packages(crew.tui.__path__, "crew.tui."):
    importlib.import_module(module.name)
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent))

from tui_driver import screen_text  # noqa: E402

from crew.tui.app import AppSettings, create_app  # noqa: E402
from crew.tui.screens.dialogs import ConfirmScreen  # noqa: E402
from crew.tui.widgets.choices import yes_key  # noqa: E402


async def shown() -> dict[str, Any]:
    app = create_app(AppSettings(clock_interval=None, settle=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        out: dict[str, Any] = {
            "title": app.title,
            "footer": screen_text(app).splitlines()[-1],
            "bindings": {
                key: active.binding.description for key, active in app.active_bindings.items()
            },
        }
        answers: list[bool | None] = []
        for key in (yes_key(), "n"):
            app.push_screen(ConfirmScreen("?"), answers.append)
            await pilot.pause()
            out["confirm_footer"] = screen_text(app).splitlines()[-1]
            await pilot.press(key)
            await pilot.pause()
        out["answers"] = answers
        return out


if __name__ == "__main__":
    i18n.set_language(sys.argv[2])
    sys.stdout.write(json.dumps(asyncio.run(shown())))
