"""CI runs of the Hypothesis tests are reproducible; local runs keep exploring."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import settings
from hypothesis_profiles import hypothesis_profile


def test_profile_follows_ci() -> None:
    assert hypothesis_profile({"CI": "true"}) == "ci"
    assert hypothesis_profile({"CI": "1"}) == "ci"
    assert hypothesis_profile({}) == "dev"
    assert hypothesis_profile({"CI": "false"}) == "dev"
    assert hypothesis_profile({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}) == "dev"


def test_ci_profile_is_derandomized_and_prints_the_blob() -> None:
    ci = settings.get_profile("ci")
    assert ci.derandomize and ci.print_blob
    assert not settings.get_profile("dev").derandomize


def test_property_settings_take_derandomize_from_the_profile() -> None:
    """The playout tests do not pin derandomize themselves, so CI's profile reaches them."""
    code = (
        "import sys; sys.path[:0] = ['tests', 'tests/engine']\n"
        "import hypothesis_profiles as h; h.use_profile()\n"
        "import test_properties as t\n"
        "print(t.SETTINGS.derandomize)\n"
    )
    env = {"CI": "true", "PATH": ""}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.stdout.strip() == "True", out.stderr
