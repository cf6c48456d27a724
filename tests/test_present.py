"""The presentation shared by the CLI and the TUI: plain words, no user-interface library."""

from __future__ import annotations

import subprocess
import sys

import pytest

from crew.engine.cards import COLOR_NAMES, parse_card
from crew.engine.missions import Communication
from crew.engine.signals import POSITION_CLAIMS, colour_claims
from crew.present import (
    COMMUNICATION,
    GLYPH_LEGEND,
    LOGBOOK_COLUMNS,
    SUIT_GLYPHS,
    SUIT_STYLES,
    card_label,
    clock,
    communication_label,
    communication_text,
    logbook_rows,
    position_word,
    suit_word,
)


def test_import_loads_neither_textual_nor_rich_nor_the_mission_data() -> None:
    code = (
        "import sys, crew.present\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pydantic')"
        " or m == 'crew.engine.missions'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(0, "0:00"), (-3.0, "0:00"), (0.2, "0:01"), (59.5, "1:00"), (60, "1:00"), (210, "3:30")],
)
def test_the_clock_counts_a_started_second_as_left(seconds: float, shown: str) -> None:
    assert clock(seconds) == shown


def test_every_communication_mode_of_the_engine_has_words() -> None:
    assert set(COMMUNICATION) == {m.value for m in Communication}
    assert communication_label(Communication.CURRENTS) == "currents"
    assert communication_label(Communication.NONE, short=True) == "none"
    assert communication_label(Communication.NONE) == "no communication"
    assert communication_label("heavy_noise", 1) == "heavy noise (1 shared token left)"
    assert communication_label("heavy_noise", 2) == "heavy noise (2 shared tokens left)"
    assert communication_label("heavy_noise", 0, short=True) == "heavy noise, 0 left"
    assert communication_text("currents") == "currents (the token's position is hidden)"


def test_one_style_and_one_glyph_per_suit() -> None:
    assert len(SUIT_STYLES) == len(SUIT_GLYPHS) == len(set(SUIT_GLYPHS)) == len(COLOR_NAMES)
    assert len(set(SUIT_STYLES)) == len(SUIT_STYLES)
    for glyph, name in zip(SUIT_GLYPHS, COLOR_NAMES, strict=True):
        assert f"{glyph} {name}" in GLYPH_LEGEND
    assert card_label(parse_card("P7")) == "♥P7"
    assert suit_word(parse_card("S4")) == "⚓ submarine"


def test_position_words_say_what_the_engine_claims() -> None:
    # every position the engine can make true has words, and they carry the engine's claim
    positions = {pos for same in (0b1, 0b101) for _, pos in colour_claims(same)}
    assert positions == set(POSITION_CLAIMS)
    for pos, claim in POSITION_CLAIMS.items():
        assert position_word(pos).endswith(claim)
    assert position_word("hidden") == "? hidden"


def test_logbook_rows_follow_the_columns_in_mission_order() -> None:
    from crew.storage import CrewLog, MissionLog

    crew = CrewLog(
        members=["Ann", "Bob"],
        missions={
            10: MissionLog(attempts=2),
            3: MissionLog(attempts=4, distress=True, won_on="2026-01-02", replays=1),
        },
        current=10,
    )
    rows = logbook_rows(crew)
    assert all(len(row) == len(LOGBOOK_COLUMNS) for row in rows)
    # the distress signal adds one logged attempt, once
    assert rows == [
        ("3", "4", "yes (+1)", "5", "2026-01-02", "1"),
        ("10", "2", "—", "2", "not yet", "0"),
    ]


def test_every_task_category_has_plain_words_and_crew_tasks_shows_them() -> None:
    # issue 19: `crew tasks 64` showed the internal name "(compare_others)"
    import subprocess
    import sys
    from pathlib import Path

    from crew.engine import get_task
    from crew.present import TASK_KINDS

    categories = {get_task(i).card.category for i in range(1, 97)}
    assert categories == set(TASK_KINDS)
    assert all("_" not in words for words in TASK_KINDS.values())
    crew = Path(sys.executable).parent / "crew"
    out = subprocess.run([str(crew), "tasks", "64"], capture_output=True, text=True).stdout
    assert "Task 64 · tricks compared with the others'" in out
    assert "compare_others" not in out
