"""Hypothesis profiles for the whole test run (loaded by tests/conftest.py): Hypothesis explores
freely on a laptop and repeats itself on CI.

With ``CI`` set (GitHub Actions and most CI services set it), the "ci" profile derandomizes
Hypothesis, so a failure there fails again with the same example, and prints the blob that
reproduces it locally (``@reproduce_failure``). Locally the "dev" profile keeps exploring new
examples on every run. ``HYPOTHESIS_PROFILE`` picks a profile explicitly.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", derandomize=False, print_blob=True)


def hypothesis_profile(env: dict[str, str]) -> str:
    """The profile for an environment: HYPOTHESIS_PROFILE, else "ci" when CI is set."""
    if env.get("HYPOTHESIS_PROFILE"):
        return env["HYPOTHESIS_PROFILE"]
    return "ci" if env.get("CI", "").lower() not in ("", "0", "false") else "dev"


def use_profile() -> str:
    """Load the profile this environment asks for; returns its name."""
    name = hypothesis_profile(dict(os.environ))
    settings.load_profile(name)
    return name
