"""The wheel carries the data files: an installed crew works from any folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_missions_and_works_from_another_folder(tmp_path: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    wheel = next((tmp_path / "dist").glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "crew/missions/tasks.toml" in names
    assert "crew/missions/logbook.toml" in names
    assert "crew/tui/crew.tcss" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    script = (
        "import crew, crew.engine.data as d, sys;"
        "from crew.cli.main import main;"
        "assert str(d.data_dir()).startswith(sys.argv[1]), d.data_dir();"
        "sys.exit(main(['tasks', '10', '--json']))"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(site)],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)[0]["difficulty"] == {"3": 2, "4": 3, "5": 3}
