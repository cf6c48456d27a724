"""Test-wide set-up: the Hypothesis profile (fixed examples on CI, exploring locally), a data
folder of its own for every test, bytecode caches, the number of workers and the long tests
started first."""

from __future__ import annotations

import compileall
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis_profiles import use_profile

# the suite reads English whatever the machine's locale (tests that want Dutch ask for it)
os.environ["CREW_LANG"] = "en"

use_profile()

# Bytecode caches are written even where the environment says not to (PYTHONDONTWRITEBYTECODE,
# set on some machines): otherwise each worker, and every `crew` and script the tests start,
# compiles every module of crew again. The main process compiles the package once before the
# workers start (pytest_configure); measured on two cores, back to back from no caches: 417 s of
# processor time against 435 s, 218 s against 226 s.
sys.dont_write_bytecode = False


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the main process (or the only one)
        compileall.compile_dir(Path(__file__).resolve().parents[1] / "crew", quiet=1)


@pytest.fixture(autouse=True)
def own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test keeps saved games, history and the logbook in a folder of its own
    (``CREW_HOME``; a test may set its own): a game saved on this machine by a player of crew
    changes nothing a test sees (the title screen offers to continue it), and no test writes
    where a player's games are."""
    monkeypatch.setenv("CREW_HOME", str(tmp_path_factory.mktemp("crew-home")))


@pytest.fixture(autouse=True)
def english_unless_asked() -> Iterator[None]:
    """Every test starts and ends in English: a test that switches the process to Dutch (the
    language screen, the Dutch tables) and did not switch back cannot change what the next
    test on the same worker reads (CI once saw practice texts in Dutch after
    ``test_cli_clash.py`` asked ``crew --lang nl solve`` in the test's own process)."""
    from crew import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``early`` (each takes seconds: a terminal's waits, a wheel's build, whole
    games) go first, ``early(0)`` before ``early``, the rest after them, each group in its
    order. The workers start on the long ones and the short ones fill the end of the run; in
    collection order the terminal tests came last and left one worker waiting on tmux while
    the other had nothing left to do."""

    def rank(item: pytest.Item) -> int:
        mark = item.get_closest_marker("early")
        if mark is None:
            return 2
        return int(mark.args[0]) if mark.args else 1

    items.sort(key=rank)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker per core and one more. The app's tests wait on timers, the
    terminal tests on tmux and others on processes they start; the extra worker uses the
    processor meanwhile (two cores: 251 s with three workers against 275 s with two, run one
    after the other). ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1
