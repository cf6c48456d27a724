"""The result screen's post-mortem in words when a timed mission ran out of time (issue 26)."""

from __future__ import annotations

from shared_cases import TIMED_RAN_OUT

from crew.records import parse_record
from crew.table.postmortem import post_mortem


def test_the_clock_running_out_is_said_as_such_not_as_somebody_playing() -> None:
    pm = post_mortem(parse_record(TIMED_RAN_OUT), ["Ann", "Bob", "Cas", "Dee"])
    assert pm.text.startswith("Yes: it could have been won. Lost when the time ran out in trick 1")
    assert "would still have won" in pm.text and "seat -1" not in pm.text
