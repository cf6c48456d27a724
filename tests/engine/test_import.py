"""The engine imports no user-interface library (textual, rich)."""

from __future__ import annotations

import subprocess
import sys


def test_engine_import_leaves_textual_and_rich_out() -> None:
    code = (
        "import sys\n"
        "import crew.engine\n"
        "crew.engine.new_attempt(4, 1, seed=1)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""
    assert (
        "crew.engine"
        in subprocess.run(
            [sys.executable, "-c", "import sys, crew.engine; print(sorted(sys.modules))"],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
    )


def test_every_declared_name_resolves() -> None:
    """Each name in crew.engine.__all__ (and each name the type checker sees) is there at run
    time, loaded lazily from its submodule."""
    code = (
        "import crew.engine as e\n"
        "missing = [n for n in e.__all__ if not hasattr(e, n)]\n"
        "print(','.join(missing))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""


def test_type_checking_imports_match_the_lazy_table() -> None:
    """The names imported under TYPE_CHECKING are exactly the lazily exported ones."""
    import ast
    from pathlib import Path

    import crew.engine as engine

    tree = ast.parse(Path(engine.__file__).read_text(encoding="utf-8"))
    typed = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for imp in node.body
        if isinstance(imp, ast.ImportFrom)
        for alias in imp.names
    }
    assert sorted(typed - set(engine.__all__)) == []
    assert sorted(set(engine.__all__) - typed) == []
    assert engine.may_communicate is not None
