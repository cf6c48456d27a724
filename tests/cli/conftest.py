"""Fixtures for the CLI tests: run ``crew`` through its real entry point, write records."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Run

from crew.cli.main import main


@pytest.fixture
def crew(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """``crew(*args)`` calls ``crew.cli.main.main([...])`` and returns what it printed."""

    def run(*args: str) -> Run:
        capsys.readouterr()
        code = main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture
def write(tmp_path: Path) -> Callable[[Any, str], Path]:
    """``write(doc, name)`` stores ``doc`` (JSON, or text as given) in tmp_path."""

    def put(doc: Any, name: str = "game.json") -> Path:
        p = tmp_path / name
        p.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
        return p

    return put
