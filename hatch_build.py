"""Wheel build hook: the search's hot modules compiled to C with mypyc.

The solver, the computers' card choices and ``crew odds`` spend their time in a few modules that
move cards and judge tasks position by position; compiled, they run about twice as fast
(same positions, same verdicts). A wheel (``pip install .``) carries each compiled module beside
its source, and Python imports the compiled one. An editable install (``pip install -e .``, the
tests' install) builds nothing: the checkout stays plain Python, so an edit is never shadowed by
a stale compiled file.

Without a C compiler (or with ``CREW_PURE=1`` in the environment) the wheel is plain Python and
says so on stderr; ``crew --version`` tells which one is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The compiled modules (paths in the package). Classes here must survive compilation: a value
#: copied with ``copy.deepcopy`` or pickled says how (see ``crew.engine.tricks.Trick``).
COMPILED = (
    "crew/engine/cards.py",
    "crew/engine/conditions.py",
    "crew/engine/search.py",
    "crew/engine/tricks.py",
    "crew/engine/phases/tricks.py",
    "crew/engine/tasks_counted.py",
    "crew/engine/tasks_trick.py",
    "crew/engine/tasks_won.py",
    "crew/solver/bounds.py",
    "crew/solver/cuts/base.py",
    "crew/solver/cuts/captures.py",
    "crew/solver/cuts/counts.py",
    "crew/solver/cuts/leads.py",
    "crew/solver/cuts/one_trick.py",
    "crew/solver/cuts/own_cards.py",
    "crew/solver/cuts/runs.py",
    "crew/solver/cuts/slots.py",
    "crew/solver/cuts/sub_covers.py",
    "crew/solver/cuts/submarines.py",
    "crew/solver/cuts/takers.py",
    "crew/solver/cuts/vector.py",
    "crew/solver/distribution.py",
    "crew/solver/limits.py",
    "crew/solver/plain.py",
    "crew/solver/tricks.py",
)

#: The name of the shared library all compiled modules live in (top level of the install).
GROUP = "crew_native"

_BUILD = """
import sys
from mypyc.build import mypycify
from setuptools import setup

out, tmp, opt_level, *paths = sys.argv[1:]
setup(
    name="crew-native",
    script_args=["build_ext", "--build-lib", out, "--build-temp", tmp],
    ext_modules=mypycify(
        ["--ignore-missing-imports", *paths], group_name="crew_native", opt_level=opt_level
    ),
)
"""


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled modules to a standard wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("CREW_PURE"):
            print("crew: CREW_PURE is set, building a plain-Python wheel", file=sys.stderr)
            return
        work = Path(tempfile.mkdtemp(prefix="crew-mypyc-"))
        try:
            built = _compile(Path(self.root), work)
        except (OSError, subprocess.CalledProcessError) as exc:
            shutil.rmtree(work, ignore_errors=True)
            print(
                f"crew: compiling the search failed ({exc}); building a plain-Python wheel "
                "(the game is the same, its searches about half as fast)",
                file=sys.stderr,
            )
            return
        self._work = work
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(work / "out").as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _opt_level() -> str:
    """The C compiler's optimisation level for the compiled modules: 3, or ``CREW_OPT_LEVEL``
    (0-3) from the environment. The tests build the wheel at 0, which compiles the same C
    code several times faster; a wheel to play with keeps 3 (its search is faster)."""
    level = os.environ.get("CREW_OPT_LEVEL", "3")
    if level not in ("0", "1", "2", "3"):
        raise OSError(f"CREW_OPT_LEVEL must be 0, 1, 2 or 3, not {level!r}")
    return level


def _compile(root: Path, work: Path) -> list[Path]:
    """Compile :data:`COMPILED` from a copy of the package in ``work`` (mypyc reads no
    configuration of the checkout there); the built libraries, under ``work / "out"``."""
    shutil.copytree(root / "crew", work / "src" / "crew")
    out, tmp = work / "out", work / "tmp"
    subprocess.run(
        [sys.executable, "-c", _BUILD, str(out), str(tmp), _opt_level(), *COMPILED],
        cwd=work / "src",
        check=True,
        stdout=subprocess.DEVNULL,
    )
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = sorted(out.rglob(f"*{suffix}"))
    expected = {Path(p).with_suffix(suffix).as_posix() for p in COMPILED}
    got = {p.relative_to(out).as_posix() for p in built}
    if not expected <= got:
        raise OSError(f"mypyc built {sorted(got)}, not every one of {sorted(expected)}")
    return built
