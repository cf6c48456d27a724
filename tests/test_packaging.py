"""The wheel carries the data files and the compiled search: an installed crew works from any
folder, and its compiled search visits the same positions and gives the same verdicts as the
source's plain Python.

The wheel is built once (compiling takes a minute or two) and every check runs on it, in one
test, so that two test workers never build it twice.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Any

import pytest

from crew.solver import Solver, compiled

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent / "solver"))
from gen import random_state  # noqa: E402

#: Positions per state in the comparison (no clock, so both searches stop at the same place).
NODES = 20_000
STATES = 24


def _hook() -> Any:
    spec = importlib.util.spec_from_file_location("crew_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _hook_modules() -> tuple[str, ...]:
    modules: tuple[str, ...] = _hook().COMPILED
    return modules


def test_the_optimisation_level_is_3_unless_the_environment_says_0_to_3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hook = _hook()
    monkeypatch.delenv("CREW_OPT_LEVEL", raising=False)
    assert hook._opt_level() == "3"
    monkeypatch.setenv("CREW_OPT_LEVEL", "0")
    assert hook._opt_level() == "0"
    for bad in ("4", "-O2", ""):
        monkeypatch.setenv("CREW_OPT_LEVEL", bad)
        with pytest.raises(OSError, match="CREW_OPT_LEVEL must be 0, 1, 2 or 3"):
            hook._opt_level()


#: Run in the installed wheel: the compiled search on the same states (read from stdin as
#: (seed, tricks left) pairs), each state also through deepcopy and pickle.
_COMPARE = """
import copy, json, pickle, random, sys
sys.path.append(sys.argv[1])
from gen import random_state
from crew.solver import Solver, compiled
assert compiled(), "the installed search is not the compiled one"
out = []
for seed, left in json.load(sys.stdin):
    state = random_state(random.Random(seed), left)
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state
    sol = Solver().solve(state, node_limit=int(sys.argv[2]))
    out.append([sol.winnable, sol.nodes, len(sol.line)])
print(json.dumps(out))
"""


@pytest.mark.early
def test_the_wheel_ships_data_and_a_compiled_search_that_searches_like_the_source(
    tmp_path: Path,
) -> None:
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
        # compiled at -O0: the same C code as the shipped -O3 build, in half the time
        env={**{k: v for k, v in os.environ.items() if k != "CREW_PURE"}, "CREW_OPT_LEVEL": "0"},
    )
    assert out.returncode == 0, out.stderr
    wheel = next((tmp_path / "dist").glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    # data files
    assert "crew/missions/tasks.toml" in names
    assert "crew/missions/logbook.toml" in names
    assert "crew/tui/crew.tcss" in names
    # every hot module compiled, beside its source
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for module in _hook_modules():
        assert module in names
        assert module.removesuffix(".py") + suffix in names, module
    assert not compiled()  # the tests' own install is editable: plain Python

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
    version = subprocess.run(
        [sys.executable, "-c", "from crew.cli.main import main; main(['--version'])"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert version.stdout.strip().endswith("(search compiled)"), version

    # the compiled search against this process's plain Python, state by state
    rng = random.Random(2026)
    jobs = [(rng.randrange(1 << 30), rng.choice((3, 5, 8, 13))) for _ in range(STATES)]
    expected = []
    for seed, left in jobs:
        sol = Solver().solve(random_state(random.Random(seed), left), node_limit=NODES)
        expected.append([sol.winnable, sol.nodes, len(sol.line)])
    got = subprocess.run(
        [sys.executable, "-c", _COMPARE, str(ROOT / "tests" / "solver"), str(NODES)],
        cwd=elsewhere,
        env=env,
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=False,
    )
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout) == expected
    assert {v for v, _, _ in expected} >= {True, False}  # both verdicts compared


def test_a_plain_python_wheel_when_asked_for(tmp_path: Path) -> None:
    """``CREW_PURE=1`` (what a machine without a C compiler gets too): no compiled module, a
    wheel for any platform, the same sources."""
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
        env={**os.environ, "CREW_PURE": "1"},
    )
    assert out.returncode == 0, out.stderr
    wheel = next((tmp_path / "dist").glob("*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert not [n for n in names if n.endswith(suffix)]
    assert set(_hook_modules()) <= set(names)
