"""The app in Dutch (issue 24): key screens at 80x24, every word Dutch and nothing cut."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from test_snapshots import check_snapshot

HERE = Path(__file__).parent


def _screen(lang: str, home: Path, which: str = "title") -> str:
    env = dict(os.environ, CREW_LANG=lang, CREW_HOME=str(home))
    done = subprocess.run(
        [sys.executable, str(HERE / "dutch_screens.py"), which],
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


#: English words of the screens that must not be left on the Dutch ones.
ENGLISH = ("Choose", "Quit", "Back", "Help", "Trick", "Cards", "Won", "task", "Pass", "press")


def _english_left(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if re.search(rf"\b{w}\b", text)]


def _fits(text: str) -> list[str]:
    lines = text.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    assert "…" not in text, "a text cut off"
    return lines


def test_the_new_game_wizard_in_dutch_fits_80x24(tmp_path: Path) -> None:
    text = _screen("nl", tmp_path / "home", "wizard")
    _fits(text)
    for words in ("Nieuw spel", "Hoeveel spelers?", "2 spelers (met Tonoja", "esc Terug"):
        assert words in text
    assert not _english_left(text, ENGLISH + ("players", "New game"))
    check_snapshot("wizard_nl", text)


def test_a_gate_and_the_hand_behind_it_in_dutch_fit_80x24(tmp_path: Path) -> None:
    gate = _screen("nl", tmp_path / "home", "gate")
    _fits(gate)
    assert "Geef de terminal aan Bob — Bob, druk op Enter" in gate
    assert "Alle anderen: kijk weg. Bob: kies een opdracht" in gate and "Ik ben Bob" in gate
    assert not _english_left(gate, ENGLISH + ("Everybody", "colours"))
    check_snapshot("gate_nl", gate)
    hand = _screen("nl", tmp_path / "home2", "hand")
    lines = _fits(hand)
    assert "Slag 1" in hand and "Slagen" in hand and "Kaarten" in hand and "● fiche klaar" in hand
    assert "Bob: neem een opdracht of pas (x)" in hand and "Win onderzeeboot 3." in hand
    assert lines[-1].rstrip().endswith("q Stop")
    assert not _english_left(hand, ENGLISH)
    check_snapshot("hand_nl", hand)


def test_the_result_screen_of_a_lost_attempt_in_dutch_fits_80x24(tmp_path: Path) -> None:
    text = _screen("nl", tmp_path / "home", "result")
    lines = _fits(text)
    flat = " ".join(text.split())
    assert "Had het gewonnen kunnen worden? (met open kaarten, communicatie en noodsignaal" in flat
    assert (
        "Ja: het had gewonnen kunnen worden. Verloren in slag 2: Bob speelde ♦B4; met ♦B6 of ♦B9"
        " was het nog gewonnen." in flat
    )
    assert "w loopt een winnende lijn door." in flat and "VERLOREN" in text
    assert lines[-1].rstrip().endswith("q Stop")
    english = ("Yes", "Lost", "played", "would", "still", "open hands", "Could", "Retry", "Next")
    assert not _english_left(text, ENGLISH + english)
    check_snapshot("result_nl", text)


def test_a_yes_no_question_in_dutch_answers_on_j_and_still_on_y(tmp_path: Path) -> None:
    # it read "y: ja": the key of the Dutch word is j (issue 48); y is still taken
    text = _screen("nl", tmp_path / "home", "confirm")
    assert "j: ja    n: nee" in text and "y: ja" not in text
    assert "j Ja" in text.splitlines()[-2] and "y Ja" not in text  # the footer
    assert text.splitlines()[-1] == "answers [True, True, False]"
    english = _screen("en", tmp_path / "home", "confirm")
    assert (
        "y: yes    n: no" in english and english.splitlines()[-1] == "answers [True, True, False]"
    )
