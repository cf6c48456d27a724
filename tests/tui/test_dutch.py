"""The app in Dutch (issue 24): the title screen at 80x24, every word Dutch and nothing cut."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from test_snapshots import check_snapshot

HERE = Path(__file__).parent


def _screen(lang: str, home: Path) -> str:
    env = dict(os.environ, CREW_LANG=lang, CREW_HOME=str(home))
    done = subprocess.run(
        [sys.executable, str(HERE / "dutch_screens.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_the_title_screen_in_dutch_fits_80x24(tmp_path: Path) -> None:
    text = _screen("nl", tmp_path / "home")
    lines = text.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    for words in ("D E   C R E W", "Missie Diepzee", "Nieuw spel", "Logboek", "Regels"):
        assert words in text
    # the footer: every binding's word in Dutch, the last one not cut off at the edge
    assert "⏎ Kiezen" in text and text.splitlines()[-1].rstrip().endswith("q Stop")
    for english in ("New game", "Rules", "Quit", "Choose"):
        assert english not in text
    check_snapshot("title_nl", text)


def test_the_same_app_stays_english_without_a_dutch_locale(tmp_path: Path) -> None:
    text = _screen("en", tmp_path / "home")
    assert "New game" in text and "Nieuw spel" not in text
