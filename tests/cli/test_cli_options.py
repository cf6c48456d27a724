"""Every command's options are a contract: names, metavars, defaults, ranges, whether required,
and their help, in the order ``--help`` shows them.

``golden/options.json`` holds them as they were agreed. A change to an option is a change to
that file, made on purpose: ``python tests/cli/test_cli_options.py`` writes it anew from the
parser, and the diff shows what changed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent / "golden" / "options.json"


def _kind(check: Any) -> str | None:
    """An argparse ``type`` named with the bounds it closes over (``whole(1, 96)``...)."""
    if check is None:
        return None
    cells = getattr(check, "__closure__", None) or ()
    bounds = [
        c.cell_contents
        for c in cells
        if isinstance(c.cell_contents, int | float | bool | type(None))
    ]
    return f"{check.__qualname__}{bounds}" if bounds else check.__qualname__


def _options(parser: argparse.ArgumentParser, path: str, out: dict[str, Any]) -> None:
    rows: list[dict[str, Any]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            rows.append({"commands": list(action.choices), "required": action.required})
            for name, child in action.choices.items():
                _options(child, f"{path} {name}", out)
            continue
        rows.append(
            {
                "name": action.option_strings or action.dest,
                "dest": action.dest,
                "metavar": action.metavar,
                "default": repr(action.default),
                "required": action.required,
                "nargs": action.nargs,
                "choices": list(action.choices) if action.choices else None,
                "type": _kind(action.type),
                "help": action.help,
            }
        )
    out[path] = {
        "description": parser.description,
        "defaults": {k: repr(v) for k, v in sorted(parser._defaults.items())},
        "options": rows,
    }


def table() -> dict[str, Any]:
    """Every (sub)command's options, in English, as the golden file holds them."""
    from crew.cli.main import build_parser
    from crew.i18n import language, set_language

    before = language()
    set_language("en")
    try:
        out: dict[str, Any] = {}
        _options(build_parser(), "crew", out)
        return out
    finally:
        set_language(before)


def test_every_command_keeps_its_options() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = table()
    assert list(now) == list(golden)
    for command, said in golden.items():
        assert now[command] == said, command


def test_an_option_several_commands_take_is_checked_the_same_in_each() -> None:
    """The shared groups: --json, --mission, --difficulty, --seed and a record FILE are one
    declaration each, whatever a command says about them."""
    kinds: dict[str, set[str | None]] = {}
    for said in table().values():
        for row in said["options"]:
            name = row.get("name")
            key = name[0] if isinstance(name, list) else name
            if key in ("--json", "--mission", "--difficulty", "--seed", "--players", "file"):
                kinds.setdefault(key, set()).add(row["type"])
    assert kinds == {
        "--json": {None},
        "--mission": {"mission"},
        "--difficulty": {"whole.<locals>.parse[None, 1]"},
        "--seed": {"seed"},
        "--players": {"players"},
        "file": {None},
    }


def _written(said: dict[str, Any]) -> str:
    """The golden file's text: one line an option, so that a diff shows one option changed."""
    lines = ["{"]
    for i, (command, parts) in enumerate(said.items()):
        lines.append(f" {json.dumps(command)}: {{")
        lines.append(f'  "description": {json.dumps(parts["description"], ensure_ascii=False)},')
        lines.append(f'  "defaults": {json.dumps(parts["defaults"])},')
        rows = [f"   {json.dumps(row, ensure_ascii=False)}" for row in parts["options"]]
        lines.append('  "options": [\n' + ",\n".join(rows) + "\n  ]")
        lines.append(" }" + ("," if i < len(said) - 1 else ""))
    return "\n".join([*lines, "}"]) + "\n"


if __name__ == "__main__":
    GOLDEN.write_text(_written(table()), encoding="utf-8")
    sys.exit(0)
