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
