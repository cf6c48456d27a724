"""The entry point itself: ``python -m crew``, help, version, no textual, the TUI launch."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import types

import pytest

from crew.cli.main import build_parser
from crew.tui.settings import AppSettings

COMMANDS = (
    "play",
    "check",
    "deal",
    "verify",
    "solve",
    "analyse",
    "analyze",
    "odds",
    "tasks",
    "missions",
    "rules",
    "schema",
    "replay",
    "history",
    "logbook",
    "suggest",
    "selfplay",
)


def crew_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crew", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_module_entry_check_trick_json():
    p = crew_process("check", "trick", "P5", "P9", "S1", "G3", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {
        "winner": {"position": 2, "card": "S1"},
        "reason": "S1 is the only submarine (trump) in the trick",
    }


def test_module_entry_exit_codes():
    assert crew_process("check", "signal", "--hand", "P3 P7 B2 S4", "S4", "--json").returncode == 1
    bad = crew_process("check", "trick", "P5", "P10")
    assert bad.returncode == 2
    assert "'P10'" in bad.stderr
    assert bad.stdout == ""


def test_module_entry_verify_stdin():
    dealt = crew_process("deal", "--players", "3", "--seed", "5", "--json")
    assert dealt.returncode == 0, dealt.stderr
    v = crew_process("verify", "-", "--json", stdin=dealt.stdout)
    assert v.returncode == 0, v.stderr
    assert json.loads(v.stdout)["result"] == "in_progress"


def test_help_lists_every_command():
    p = crew_process("--help")
    assert p.returncode == 0
    for cmd in COMMANDS:
        assert f"\n    {cmd} " in p.stdout
    assert "Exit codes" in p.stdout


def test_version(crew):
    r = crew("--version")
    assert r.code == 0
    assert r.out.startswith("crew ")


def test_usage_error_is_exit_2(crew):
    r = crew("frobnicate")
    assert r.code == 2
    assert "invalid choice" in r.err


SCRIPT = """
import json, sys
from crew.cli.main import main
code = main(json.loads(sys.argv[1]))
sys.stderr.write("\\nRESULT " + json.dumps({"code": code, "textual": "textual" in sys.modules,
                                            "tui": "crew.tui.app" in sys.modules}))
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["check", "trick", "P1", "P2", "P3"],
        ["check", "legal", "--hand", "P1 B2", "--trick", "B1", "--json"],
        ["check", "signal", "--hand", "P1 B2", "B2"],
        ["tasks", "--json"],
        ["missions", "23"],
        ["rules", "tricks"],
        ["schema"],
        ["deal", "--players", "4", "--seed", "1"],
    ],
)
def test_non_tui_commands_do_not_import_textual(argv, tmp_path):
    p = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(argv)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "CREW_HOME": str(tmp_path)},
    )
    marker = p.stderr.rsplit("RESULT ", 1)
    assert len(marker) == 2, p.stderr
    result = json.loads(marker[1])
    assert result == {"code": 0, "textual": False, "tui": False}


def test_rulebook_imports_no_terminal_library():
    p = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, crew.rulebook; print(sorted(m for m in ('textual', 'rich') "
            "if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.stdout.strip() == "[]"


# --- the TUI launch (the app is replaced by a recorder) ---------------------------------------


@pytest.fixture
def tui(monkeypatch):
    calls: list[AppSettings] = []
    fake = types.ModuleType("crew.tui.app")

    def fake_main(settings: AppSettings) -> int:
        calls.append(settings)
        return 0

    fake.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "crew.tui.app", fake)
    return calls


def test_no_arguments_opens_tui_menu(crew, tui):
    assert crew().code == 0
    assert tui == [AppSettings()]


def test_play_passes_the_game_options(crew, tui):
    r = crew(
        "play", "--players", "3", "--mission", "14", "--seed", "42", "--names", "Ann,Bob,Cas",
        "--timed",
    )  # fmt: skip
    assert r.code == 0
    assert tui == [
        AppSettings(players=3, mission=14, seed=42, names=["Ann", "Bob", "Cas"], timed=True)
    ]


def test_play_free_play_and_names_give_players(crew, tui):
    assert crew("play", "--names", "Ann,Bob", "--difficulty", "3", "--seed", "x1").code == 0
    assert tui == [AppSettings(players=2, seed="x1", names=["Ann", "Bob"], difficulty=3)]


def test_play_with_computers_names_the_people_only(crew, tui):
    assert crew("play", "--players", "4", "--computers", "3", "--names", "Ann").code == 0
    assert crew("play", "--players", "2", "--computers", "1").code == 0
    assert crew("play", "--computers", "2", "--names", "Ann,Bob").code == 0
    assert [(c.players, c.names, c.computers) for c in tui] == [
        (4, ["Ann"], 3),
        (2, [], 1),
        (4, ["Ann", "Bob"], 2),
    ]


def test_play_with_computers_refuses_impossible_seats(crew, tui):
    r = crew("play", "--players", "3", "--computers", "3")
    assert r.code == 2 and "at least one" in r.err
    r = crew("play", "--players", "4", "--computers", "2", "--names", "Ann")
    assert r.code == 2 and "--names: 1 names for 4 (or 2 people) players" in r.err
    assert tui == []


def test_play_help_documents_computers(crew):
    out = crew("play", "--help").out
    assert "--computers N" in out and "--players 4 --computers 3 --names Ann" in out


def test_play_exit_code_of_tui(crew, monkeypatch):
    fake = types.ModuleType("crew.tui.app")
    fake.main = lambda settings: 3  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "crew.tui.app", fake)
    assert crew("play").code == 3


def test_play_refuses_impossible_choices_before_the_tui(crew, tui):
    r = crew("play", "--mission", "5", "--timed")
    assert r.code == 2 and "not a real-time mission" in r.err
    r = crew("play", "--players", "4", "--names", "A,B")
    assert r.code == 2 and "--names" in r.err
    assert crew("play", "--players", "7").code == 2
    assert tui == []


def test_parser_names_every_command():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == set(COMMANDS)


def test_play_help_documents_the_names_form_the_readme_uses(crew):
    from pathlib import Path

    out = crew("play", "--help").out
    assert "--names NAMES" in out and "NAME [NAME ...]" not in out
    assert '"Ann,Bob,Cas,Dee"' in out
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert '--names "Ann,Bob,Cas,Dee"' in readme and "Python 3.11" in readme
