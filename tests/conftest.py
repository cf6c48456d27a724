"""Test-wide set-up: the Hypothesis profile (fixed examples on CI, exploring locally)."""

from __future__ import annotations

import os

from hypothesis_profiles import use_profile

# the suite reads English whatever the machine's locale (tests that want Dutch ask for it), and
# before any module is imported: the app's key bindings take their words when their class is made
os.environ["CREW_LANG"] = "en"

use_profile()
