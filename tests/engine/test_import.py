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


def test_every_facade_name_resolves_and_loads_lazily() -> None:
    code = (
        "import sys\n"
        "import crew.engine as e\n"
        "assert 'crew.engine.tasks' not in sys.modules\n"
        "assert 'crew.engine.moves' not in sys.modules\n"
        "missing = [n for n in e.__all__ if getattr(e, n, None) is None]\n"
        "print(len(e.__all__), missing)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    count, missing = out.stdout.split(" ", 1)
    assert int(count) > 60
    assert missing.strip() == "[]"
