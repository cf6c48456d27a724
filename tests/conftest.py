"""Test-wide set-up: the Hypothesis profile (fixed examples on CI, exploring locally)."""

from __future__ import annotations

from hypothesis_profiles import use_profile

use_profile()
