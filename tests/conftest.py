"""Test-wide set-up: the Hypothesis profile (fixed examples on CI, exploring locally)."""

from __future__ import annotations

import os

from hypothesis_profiles import use_profile

# the suite reads English whatever the machine's locale (tests that want Dutch ask for it)
os.environ["CREW_LANG"] = "en"

use_profile()
