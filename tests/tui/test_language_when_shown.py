"""The app's words are looked up when they are shown (issue 51 point 6): no module of the app
translates when it is imported, so the language may be chosen after the app was imported
(``crew --lang``, ``CREW_LANG``), and the footers, the keys and the title follow it."""

from __future__ import annotations

import ast
import asyncio
import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import TypeGuard

import pytest
from textual.screen import Screen
from tui_driver import screen_text

import crew.tui
import crew.tui.app
from crew import i18n
from crew.cli.main import main as cli_main
from crew.tui.app import AppSettings, create_app
from crew.tui.base import CrewScreen
from crew.tui.screens.dialogs import ConfirmScreen
from crew.tui.screens.title import TitleScreen

HERE = Path(__file__).parent
TUI = Path(crew.tui.__file__).parent
#: The functions that translate now (``N_`` only marks a text).
TRANSLATE = {"_", "ngettext", "tr", "said", "fill", "reason_text", "error_text", "yes_key"}

#: Records each call of the translating functions of crew.i18n, then imports every module of
#: the app (in a fresh interpreter: the modules are made here, under the recorder).
RECORD_IMPORTS = """
import importlib, json, pkgutil, sys
from crew import i18n

calls = []

def recorder(name, real):
    def record(*args, **kwargs):
        caller = sys._getframe(1)
        calls.append([name, caller.f_code.co_filename, caller.f_lineno])
        return real(*args, **kwargs)
    return record

for name in ("_", "ngettext", "tr", "language"):
    setattr(i18n, name, recorder(name, getattr(i18n, name)))
import crew.tui
for module in pkgutil.walk_packages(crew.tui.__path__, "crew.tui."):
    importlib.import_module(module.name)
imported = list(calls)
from crew.tui.widgets.choices import yes_key
yes_key()  # the recorder sees a translation made after the import
print(json.dumps({"imported": imported, "after": calls[len(imported):]}))
"""


def test_no_module_of_the_app_translates_when_it_is_imported() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RECORD_IMPORTS],
        env=dict(os.environ, CREW_LANG="nl"),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    calls = json.loads(done.stdout)
    assert calls["imported"] == []
    assert ("_", "choices.py") in [(name, Path(file).name) for name, file, _ in calls["after"]]


def _made_at_import(tree: ast.AST) -> list[ast.Call]:
    """Calls in a module's or a class's own body (run when it is imported), not in a function."""
    found: list[ast.Call] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # its decorators and default values are made at import, its body when it is called
            made_now = [*getattr(node, "decorator_list", []), *node.args.defaults]
            made_now += [d for d in node.args.kw_defaults if d is not None]
            found += [c for n in made_now for c in ast.walk(n) if _translates(c)]
        else:
            if _translates(node):
                found.append(node)
            found += _made_at_import(node)
    return found


def _translates(node: ast.AST) -> TypeGuard[ast.Call]:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATE
    )


def test_no_text_of_the_app_is_translated_outside_a_function() -> None:
    made = [
        f"{path.relative_to(TUI)}:{call.lineno} {ast.unparse(call)}"
        for path in sorted(TUI.rglob("*.py"))
        for call in _made_at_import(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert made == []


def test_the_check_of_texts_made_at_import_sees_a_class_constant() -> None:
    source = (
        "class A:\n"
        '    X = [Binding("q", "quit", _("Quit")), Binding("n", "new", N_("New"))]\n'
        '    Y = lambda: _("later")\n'
        '    def f(self, y=tr("b")):\n'
        '        return _("c")\n'
    )
    assert [ast.unparse(c) for c in _made_at_import(ast.parse(source))] == ["_('Quit')", "tr('b')"]


async def test_the_app_imported_in_english_speaks_dutch_when_dutch_is_chosen_after() -> None:
    # this module imported the app while the language was English (the suite reads English)
    assert i18n.language() == "en" and "crew.tui.app" in sys.modules
    i18n.set_language("nl")
    try:
        app = create_app(AppSettings(clock_interval=None))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            assert app.title == "crew: De Crew, Missie Diepzee"
            footer = screen_text(app).splitlines()[-1]
            assert "Nieuw spel" in footer and footer.rstrip().endswith("q Stop"), footer
            words = {k: a.binding.description for k, a in app.screen.active_bindings.items()}
            assert words["n"] == "Nieuw spel" and words["ctrl+c"] == "Stop"  # the app's own
            answers: list[bool | None] = []
            app.push_screen(ConfirmScreen("?"), answers.append)
            await pilot.pause()
            assert "j Ja" in screen_text(app).splitlines()[-1]
            await pilot.press("j")
            await pilot.pause()
            assert answers == [True]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("first", "then", "words", "other"),
    [
        (
            "en",
            "nl",
            ("crew: De Crew, Missie Diepzee", "Nieuw spel", "q Stop", "j Ja", "Stop"),
            ("New game", "Quit", "Yes"),
        ),
        (
            "nl",
            "en",
            ("crew: The Crew, Mission Deep Sea", "New game", "q Quit", "y Yes", "Quit"),
            ("Nieuw spel", "Stop", "Ja"),
        ),
    ],
)
def test_the_language_chosen_after_the_whole_app_was_imported_is_the_one_shown(
    tmp_path: Path, first: str, then: str, words: tuple[str, ...], other: tuple[str, ...]
) -> None:
    done = subprocess.run(
        [sys.executable, str(HERE / "language_after_import.py"), first, then],
        env=dict(os.environ, CREW_HOME=str(tmp_path / "home")),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    shown = json.loads(done.stdout)
    title, new_game, quit_key, yes, quit_word = words
    assert shown["title"] == title
    assert new_game in shown["footer"] and shown["footer"].rstrip().endswith(quit_key)
    assert shown["bindings"]["n"] == new_game and shown["bindings"]["ctrl+c"] == quit_word
    assert yes in shown["confirm_footer"]
    assert shown["answers"] == [True, False]  # the language's yes key, then n
    seen = " ".join([shown["footer"], shown["confirm_footer"], *shown["bindings"].values()])
    assert not [w for w in other if re.search(rf"\b{w}\b", seen)], seen


def test_crew_lang_nl_play_speaks_dutch_with_the_app_imported_before(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``crew --lang nl play``, the app's modules imported before the command line chose the
    language (here, in English by this module): the game opens in Dutch."""
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    seen: list[tuple[str, str]] = []

    def run_headless(settings: AppSettings | None = None) -> int:
        async def shown() -> None:
            assert settings is not None
            app = create_app(replace(settings, clock_interval=None))
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                seen.append((app.title, screen_text(app).splitlines()[-1]))

        asyncio.run(shown())
        return 0

    monkeypatch.setattr(crew.tui.app, "main", run_headless)
    try:
        assert cli_main(["--lang", "nl", "play", "--players", "3", "--seed", "1"]) == 0
    finally:
        i18n.set_language("en")
    assert seen, "the app did not run"
    title, footer = seen[0]
    assert title == "crew: De Crew, Missie Diepzee"
    assert footer.rstrip().endswith("q Stop") and "Quit" not in footer, footer


def test_every_screen_of_the_app_says_its_keys_in_the_language_in_use() -> None:
    """Every screen derives from the base that translates the footer's words (a plain Textual
    screen would show the words of its bindings untranslated, N_ only marks them)."""
    screens = []
    for module in pkgutil.walk_packages(crew.tui.__path__, "crew.tui."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, Screen):
                screens.append(value)
    assert TitleScreen in screens and ConfirmScreen in screens
    ours = [s for s in screens if s.__module__.startswith("crew.")]
    assert [s.__qualname__ for s in ours if not issubclass(s, CrewScreen)] == []
