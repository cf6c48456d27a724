"""Hostile input through the real entry point: exit 2 and one line naming the input, never a
traceback, never an escape sequence on the terminal.

Each case is argv (``{dir}`` is a temporary folder holding the files written for it) and the
files to write there; the message must name what was wrong (``names`` lists words it contains).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Run, record

BIG = "9" * 5000
ESC = "\x1b]0;PWNED\x07"


def _rec(**fields: Any) -> bytes:
    return json.dumps(record([{"take": 1, "seat": 0}], **fields)).encode()


# (id, argv, files {name: bytes}, words the one-line message must contain)
CASES: list[tuple[str, list[str], dict[str, bytes], list[str]]] = [
    ("trick-superscript", ["check", "trick", "P5", "P²", "S1"], {}, ["P²"]),
    ("trick-arabic-digit", ["check", "trick", "P5", "P٣", "S1"], {}, ["P٣"]),
    ("trick-fullwidth", ["check", "trick", "P5", "P５"], {}, ["P５"]),
    ("trick-5000-digits", ["check", "trick", "P5", "P" + BIG, "S1"], {}, ["card 2", "P999"]),
    ("trick-escape", ["check", "trick", "P5", ESC], {}, ["card 2"]),
    ("trick-newline", ["check", "trick", "P5", "P6\nforged"], {}, ["forged"]),
    ("legal-hand-superscript", ["check", "legal", "--hand", "P1 P²"], {}, ["--hand", "P²"]),
    ("legal-trick-superscript", ["check", "legal", "--hand", "P1", "--trick", "B¹"], {}, ["B¹"]),
    ("legal-hand-big", ["check", "legal", "--hand", "P" + BIG], {}, ["--hand"]),
    ("signal-card-superscript", ["check", "signal", "--hand", "P1 P2", "P²"], {}, ["P²"]),
    ("signal-hand-superscript", ["check", "signal", "--hand", "P1 P²", "P1"], {}, ["P²"]),
    ("deal-seed-superscript", ["deal", "--players", "4", "--seed", "²"], {}, ["--seed", "²"]),
    ("deal-seed-arabic", ["deal", "--players", "4", "--seed", "٤٢"], {}, ["--seed"]),
    ("deal-seed-5000", ["deal", "--players", "4", "--seed", BIG], {}, ["--seed", "5000"]),
    ("deal-seed-escape", ["deal", "--players", "4", "--seed", ESC], {}, ["--seed"]),
    ("deal-names-escape", ["deal", "--players", "3", "--names", ESC + ",B,C"], {}, ["--names"]),
    ("deal-names-newline", ["deal", "--players", "2", "--names", "A\nResult: won,B"], {}, []),
    ("deal-names-long", ["deal", "--players", "2", "--names", "A" * 500 + ",B"], {}, ["longer"]),
    ("play-seed-superscript", ["play", "--seed", "²"], {}, ["--seed"]),
    ("play-seed-5000", ["play", "--seed", BIG], {}, ["--seed"]),
    ("play-names-escape", ["play", "--names", ESC + ",\x1b[2JB,C"], {}, ["--names"]),
    ("play-names-bidi", ["play", "--names", "A\u202eB,C"], {}, ["U+202E"]),
    ("verify-ff-fe", ["verify", "{dir}/bad.json"], {"bad.json": b"\xff\xfe{}"}, ["bad.json"]),
    ("verify-latin1", ["verify", "{dir}/l.json"], {"l.json": b'{"names": ["Jos\xe9"]}'}, ["0xe9"]),
    ("verify-utf16", ["verify", "{dir}/u.json"], {"u.json": _rec().decode().encode("utf-16")}, []),
    ("verify-binary", ["verify", "{dir}/b.json"], {"b.json": bytes(range(256)) * 8}, ["b.json"]),
    ("verify-nul", ["verify", "{dir}/n.json"], {"n.json": b'{"format": "\x00"}'}, ["NUL"]),
    ("verify-deep", ["verify", "{dir}/d.json"], {"d.json": b"[" * 100000}, ["nested"]),
    ("verify-deep-object", ["verify", "{dir}/o.json"], {"o.json": b'{"a":' * 50000}, []),
    ("verify-big-int", ["verify", "{dir}/i.json"], {"i.json": _rec(players=int(BIG[:4000]))}, []),
    (
        "verify-5000-digit-int",
        ["verify", "{dir}/i.json"],
        {"i.json": b'{"format": "crew-record/1", "players": ' + BIG.encode() + b"}"},
        ["digits"],
    ),
    ("verify-folder", ["verify", "{dir}"], {}, ["folder"]),
    ("verify-missing", ["verify", "{dir}/nothing.json"], {}, ["no such file"]),
    ("verify-urandom", ["verify", "/dev/urandom"], {}, ["/dev/urandom", "regular"]),
    ("verify-dev-zero", ["verify", "/dev/zero"], {}, ["/dev/zero"]),
    ("verify-too-large", ["verify", "{dir}/l.json"], {"l.json": b" " * 1_100_000}, ["large"]),
    ("verify-hand-superscript", ["verify", "{dir}/h.json"], {}, ["hands[0][0]", "P²"]),
    ("verify-play-superscript", ["verify", "{dir}/p.json"], {}, ["actions[1].play"]),
    ("verify-play-big", ["verify", "{dir}/q.json"], {}, ["actions[1].play"]),
    ("verify-name-escape", ["verify", "{dir}/e.json"], {}, ["names[0]"]),
    ("verify-name-newline", ["verify", "{dir}/f.json"], {}, ["names[1]"]),
    ("verify-name-surrogate", ["verify", "{dir}/s.json"], {}, ["names[2]"]),
    ("verify-crew-escape", ["verify", "{dir}/c.json"], {}, ["table.crew"]),
    ("verify-json-name-surrogate", ["verify", "--json", "{dir}/s.json"], {}, ["names[2]"]),
    ("verify-seat-bool", ["verify", "{dir}/t.json"], {}, ["actions[0].seat"]),
    ("verify-seat-float", ["verify", "{dir}/g.json"], {}, ["actions[0].seat"]),
    ("verify-volunteer-string", ["verify", "{dir}/v.json"], {}, ["actions[0].volunteer"]),
    ("verify-distress-null", ["verify", "{dir}/r.json"], {}, ["actions[0].cards"]),
    ("verify-not-object", ["verify", "{dir}/x.json"], {"x.json": b"[1, 2]"}, ["JSON object"]),
]


def _hand_record(hands0: list[str]) -> dict[str, Any]:
    rec = record([{"take": 1, "seat": 0}])
    rec["hands"] = [hands0, *rec["hands"][1:]]
    return rec


_JSON_FILES: dict[str, Any] = {
    "h.json": _hand_record(["P²", *record([])["hands"][0][1:]]),
    "p.json": record([{"take": 1, "seat": 0}, {"play": "P⁹", "seat": 0}]),
    "q.json": record([{"take": 1, "seat": 0}, {"play": "P" + BIG, "seat": 0}]),
    "e.json": record([], names=[ESC, "Bob", "Cas", "Dee"]),
    "f.json": record([], names=["Ann", "Bob\nResult: won: forged line", "Cas", "Dee"]),
    "s.json": record([], names=["Ann", "Bob", "Cas\ud800", "Dee"]),
    "c.json": record([], table={"crew": "\x1b[2J"}),
    "t.json": record([{"take": 1, "seat": True}]),
    "g.json": record([{"take": 1, "seat": 0.0}]),
    "v.json": record([{"volunteer": "no", "seat": 0}]),
    "r.json": record([{"distress": "left", "cards": None}]),
}


def _prepare(tmp_path: Path, argv: list[str], files: dict[str, bytes]) -> list[str]:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    for name, doc in _JSON_FILES.items():
        # json.dumps escapes the lone surrogate, as a real file would hold it
        (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
    return [a.replace("{dir}", str(tmp_path)) for a in argv]


@pytest.mark.parametrize(
    ("argv", "files", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_hostile_input_gives_exit_2_and_one_line(
    crew: Callable[..., Run],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    files: dict[str, bytes],
    words: list[str],
) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    if argv[0] == "play":
        # refused before the app opens: it must never start
        monkeypatch.setitem(sys.modules, "crew.tui.app", None)
    r = crew(*_prepare(tmp_path, argv, files))
    assert r.code == 2, r
    assert r.err.startswith("crew: ") and r.err.endswith("\n")
    line = r.err[:-1]
    assert "\n" not in line and "Traceback" not in line
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in line), line
    assert "\x1b" not in r.out
    for word in words:
        assert word in line, (word, line)
    assert not (tmp_path / "home").exists()  # nothing written


def test_the_hostile_table_is_large() -> None:
    # the report counts these; keep the table honest
    assert len(CASES) >= 45


# ---------------------------------------------------------------------------------------------
# every numeric and text option of every command, at its edges (issues 25 and 26)

FF = os.fsdecode(b"\xff")  # what a shell's $'\xff' becomes in argv
GAME = "{dir}/game.json"  # a legal record (written for every case)
# a whole number's edges: negative, fractions, NaN and infinity, non-ASCII digits, empty,
# huge, other notations, control characters, bytes that are not UTF-8
WHOLE_EDGES = [
    "-1",
    "1.5",
    "nan",
    "inf",
    "1e-320",
    "1e3",
    "\u0664",
    "\u00b2",
    "\uff14",
    "",
    " ",
    "1000000000",
    "9" * 29,
    BIG,
    "0x10",
    "1_0",
    "4abc",
    ESC,
    FF,
]
SECONDS_EDGES = [
    "-1",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e-320",
    "1e400",
    "\u0664",
    "\u00b2",
    "\uff14",
    "",
    " ",
    "9" * 29,
    BIG,
    "0x10",
    "abc",
    ESC,
    FF,
    "-0.5",
    "1e9",
]
SEED_EDGES = [FF, ESC, BIG, "", " ", "\u00b2", "\u0664\u0662", "a\nb", "x" * 65]
NAMES_EDGES = [ESC, BIG, FF, "a\nb", "\u202e"]

# command: (an otherwise valid command line, {option: values it must refuse})
OPTION_EDGES: dict[str, tuple[list[str], dict[str, list[str]]]] = {
    "deal": (
        ["deal", "--players", "4", "--mission", "1", "--seed", "1"],
        {
            "--players": [*WHOLE_EDGES, "0", "1", "6"],
            "--mission": [*WHOLE_EDGES, "999", "100000", "280"],
            "--seed": SEED_EDGES,
            "--names": NAMES_EDGES,
        },
    ),
    "deal-free": (
        ["deal", "--players", "4", "--difficulty", "3"],
        {"--difficulty": [*WHOLE_EDGES, "0", "99999", "265"]},
    ),
    "play": (
        ["play", "--players", "4", "--mission", "1"],
        {
            "--players": [*WHOLE_EDGES, "0", "6"],
            "--mission": [*WHOLE_EDGES, "999", "100000"],
            "--computers": [*WHOLE_EDGES, "4", "9"],
            "--seed": SEED_EDGES,
            "--names": NAMES_EDGES,
        },
    ),
    "play-free": (["play", "--difficulty", "3"], {"--difficulty": [*WHOLE_EDGES, "0", "99999"]}),
    "odds": (
        ["odds", "--players", "4", "--mission", "1", "--deals", "2", "--seed", "1", "--json"],
        {
            "--players": [*WHOLE_EDGES, "0", "6"],
            "--mission": [*WHOLE_EDGES, "999", "100000", "1000000000"],
            "--deals": [*WHOLE_EDGES, "0", "3000000"],
            "--seed": [*SEED_EDGES, "x" * 63],  # 63 + "-1": longer than crew deal takes
            "--timeout": [*SECONDS_EDGES, "0"],
        },
    ),
    "odds-free": (
        ["odds", "--players", "4", "--difficulty", "3", "--deals", "2"],
        {"--difficulty": [*WHOLE_EDGES, "0", "99999"]},
    ),
    "selfplay": (
        ["selfplay", "--players", "4", "--mission", "1", "--games", "1", "--json"],
        {
            "--players": [*WHOLE_EDGES, "0", "6"],
            "--mission": [*WHOLE_EDGES, "999"],
            "--games": [*WHOLE_EDGES, "0", "100000"],
            "--seed": [*SEED_EDGES, "x" * 63],
            "--samples": [*WHOLE_EDGES, "0", "97", "100000"],
            "--nodes": [*WHOLE_EDGES, "0", "2400001"],
            "--budget": [*WHOLE_EDGES, "0", "2400001"],
            "--solver-seconds": [*SECONDS_EDGES, "0"],
        },
    ),
    "selfplay-free": (
        ["selfplay", "--players", "4", "--difficulty", "3", "--games", "1"],
        {"--difficulty": [*WHOLE_EDGES, "0", "99999"]},
    ),
    "solve": (["solve", GAME, "--json"], {"--timeout": SECONDS_EDGES}),
    "analyse": (["analyse", GAME, "--json"], {"--timeout": SECONDS_EDGES}),
    "suggest": (
        ["suggest", GAME, "--seat", "0", "--json"],
        {"--seat": [*WHOLE_EDGES, "5", "99"], "--seed": SEED_EDGES},
    ),
    "tasks": (["tasks", "--json"], {"--players": [*WHOLE_EDGES, "0", "6"]}),
    "tasks-id": (["tasks", "1"], {"ID": [*WHOLE_EDGES, "0", "97"]}),
    "missions": (["missions", "1"], {"N": [*WHOLE_EDGES, "313", "100000"]}),
    "rules": (["rules", "tricks"], {"TOPIC": [ESC, BIG, FF, "a\nb", "\u202e"]}),
    "logbook": (["logbook"], {"--crew": [ESC, BIG, FF, "a\nb", "\u202e", ""]}),
    "history": (["history", "1"], {"ID": [*WHOLE_EDGES, "0"]}),
}

# the inputs issues 25 and 26 name, word for word
NAMED: list[tuple[str, list[str], list[str]]] = [
    (
        "odds-mission-999",
        ["odds", "--players", "4", "--mission", "999", "--deals", "1", "--json"],
        ["--mission", "no mission 999"],
    ),
    (
        "odds-mission-29-digits",
        ["odds", "--players", "4", "--mission", "9" * 29, "--deals", "1"],
        ["--mission"],
    ),
    (
        "odds-difficulty-99999",
        ["odds", "--players", "4", "--difficulty", "99999", "--deals", "1"],
        ["--difficulty", "difficulty 99999"],
    ),
    (
        "odds-seed-ff",
        ["odds", "--players", "4", "--mission", "1", "--deals", "2", "--seed", FF],
        ["--seed"],
    ),
    (
        "selfplay-samples-0",
        ["selfplay", "--players", "4", "--mission", "1", "--games", "1", "--samples", "0"],
        ["--samples", "1 to 96"],
    ),
    (
        "selfplay-samples-100000",
        ["selfplay", "--players", "4", "--mission", "1", "--games", "1", "--samples", "100000"],
        ["--samples", "1 to 96"],
    ),
    ("solve-timeout-nan", ["solve", GAME, "--timeout", "nan"], ["--timeout"]),
    (
        "selfplay-seconds-nan",
        ["selfplay", "--players", "4", "--mission", "1", "--games", "1", "--solver-seconds", "nan"],
        ["--solver-seconds"],
    ),
    (
        "odds-timeout-minus-inf",
        ["odds", "--players", "4", "--mission", "1", "--deals", "1", "--timeout=-inf"],
        ["--timeout"],
    ),
    ("play-players-arabic-4", ["play", "--players", "\u0664"], ["--players"]),
    ("play-computers--1", ["play", "--computers", "-1"], ["--computers"]),
    ("play-mission-999", ["play", "--mission", "999"], ["--mission", "no mission 999"]),
    ("play-timed-not-realtime", ["play", "--mission", "5", "--timed"], ["--timed"]),
    ("odds-neither", ["odds", "--players", "4", "--deals", "1"], ["--mission", "--difficulty"]),
    (
        "selfplay-both",
        ["selfplay", "--players", "4", "--mission", "1", "--difficulty", "1", "--games", "1"],
        ["--mission", "--difficulty"],
    ),
    (
        "deal-mission-difficulty",
        ["deal", "--players", "4", "--mission", "5", "--difficulty", "3"],
        ["--mission 5 --difficulty 3"],
    ),
    ("deal-names-count", ["deal", "--players", "4", "--names", "A,B"], ["--names"]),
]


def _with(argv: list[str], option: str, value: str, joined: bool) -> list[str]:
    """``argv`` with ``option`` set to ``value`` (a positional: the word after the command)."""
    if not option.startswith("-"):
        return [argv[0], value, *argv[2:]]
    if option in argv:
        i = argv.index(option)
        argv = [*argv[:i], *argv[i + 2 :]]
    # --option=VALUE makes a value such as "-inf" a value rather than an option
    return [*argv, f"{option}={value}"] if joined else [*argv, option, value]


def _edge_cases() -> list[tuple[str, list[str], list[str]]]:
    cases = [(name, argv, words) for name, argv, words in NAMED]
    for key, (base, options) in OPTION_EDGES.items():
        for option, values in options.items():
            for k, value in enumerate(values):
                for joined in (False, True) if option.startswith("-") else (False,):
                    argv = _with(base, option, value, joined)
                    name = f"{key}{option}{'=' if joined else ' '}{k}"
                    cases.append((name, argv, [option]))
    return cases


EDGE_CASES = _edge_cases()
# the command modules: a refused command line never gets as far as importing its handler
_HANDLERS = [
    "crew.cli.game",
    "crew.cli.odds",
    "crew.cli.bots",
    "crew.cli.solver",
    "crew.cli.info",
    "crew.cli.logbook",
    "crew.tui.app",
]


@pytest.mark.parametrize(
    ("argv", "words"), [c[1:] for c in EDGE_CASES], ids=[c[0] for c in EDGE_CASES]
)
def test_every_option_at_its_edges_is_refused_in_one_line_before_any_work(
    crew: Callable[..., Run],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    words: list[str],
) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    (tmp_path / "game.json").write_text(json.dumps(record([])), encoding="utf-8")
    for module in _HANDLERS:
        monkeypatch.delitem(sys.modules, module, raising=False)
        monkeypatch.setitem(sys.modules, module, None)  # importing it now fails the test
    r = crew(*[a.replace("{dir}", str(tmp_path)) for a in argv])
    assert r.code == 2, r
    assert r.out == ""
    assert r.err.startswith("crew: ") and r.err.endswith("\n")
    line = r.err[:-1]
    assert "\n" not in line and "Traceback" not in line
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in line), line
    assert len(line) < 400, line
    for word in words:
        assert word in line, (word, line)
    assert not (tmp_path / "home").exists()


def test_the_option_edge_table_covers_every_command() -> None:
    from crew.cli.main import build_parser

    commands = {argv[0] for _, argv, _ in EDGE_CASES}
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    # check (cards) and verify, schema, replay (files, no options) are in CASES above
    assert set(sub.choices) - commands <= {"check", "verify", "schema", "analyze", "replay"}
    # the report counts these
    assert len(EDGE_CASES) >= 1000


def test_verify_refuses_a_fifo_without_waiting(crew: Callable[..., Run], tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    r = crew("verify", str(fifo))
    assert r.code == 2 and "not a regular file" in r.err


def test_verify_reads_a_bounded_amount_of_standard_input(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Endless:
        read_sizes: list[int] = []

        def read(self, n: int = -1) -> bytes:
            assert n > 0, "read everything of an endless stream"
            self.read_sizes.append(n)
            return b" " * n

    class Stdin:
        buffer = Endless()

    monkeypatch.setattr(sys, "stdin", Stdin())
    r = crew("verify", "-")
    assert r.code == 2 and "<stdin>" in r.err and "too large" in r.err
    assert max(Endless.read_sizes) <= 2_000_000


def test_verify_from_standard_input_refuses_bytes_that_are_not_utf8(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    class Stdin:
        buffer = io.BytesIO(b"\xff\xfe{}")

    monkeypatch.setattr(sys, "stdin", Stdin())
    r = crew("verify", "-")
    assert r.code == 2 and "<stdin>" in r.err


def test_a_name_is_never_printed_raw_even_from_an_old_logbook(
    crew: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    log = {
        "format": "crew-logbook/1",
        "crews": {"\x1b]0;PWNED\x07": {"members": ["\x1b[2JB", "C\nResult: won"], "missions": {}}},
    }
    (tmp_path / "logbook.json").write_text(json.dumps(log), encoding="utf-8")
    r = crew("logbook")
    assert r.code == 0, r
    assert "\x1b" not in r.out and "\x07" not in r.out
    assert "\nResult: won" not in r.out


def test_long_names_are_bounded_on_screen(crew: Callable[..., Run], write: Any) -> None:
    # a name of the longest accepted length prints within its bound
    from crew.names import MAX_NAME, shown

    assert len(shown("x" * 500)) == MAX_NAME
    path = write(record([], names=["A" * MAX_NAME, "Bob", "Cas", "Dee"]))
    r = crew("verify", str(path))
    assert r.code == 0, r
