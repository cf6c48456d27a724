"""Review: rules found missing or wrong when the engine was read against the printed rules."""

from __future__ import annotations

import pytest
from helpers import MONO4, masks

from crew.engine import GiveAll, Predict, SetupError, apply, start_state, view_for
from crew.engine.missions import mission_rules
from crew.engine.view import PUBLIC


def test_open_prediction_shown_even_when_its_owner_also_has_the_secret_one() -> None:
    """Task 83 shows the number to everyone. One member owning 83 and 84 (mission 6 gives every
    task to one member) writes one number for both, so it is shown, not hidden by task 84."""
    state = start_state(4, mission_rules(6), masks(MONO4), (), [83, 84])
    state, _ = apply(state, GiveAll(2))
    state, _ = apply(state, Predict(2, 3))
    for seat in (PUBLIC, 0, 1, 2, 3):
        assert view_for(state, seat).predictions == (None, None, 3, None)


def test_secret_prediction_alone_stays_hidden_in_mission_6() -> None:
    state = start_state(4, mission_rules(6), masks(MONO4), (), [84, 1])
    state, _ = apply(state, GiveAll(2))
    state, _ = apply(state, Predict(2, 3))
    assert view_for(state, 2).predictions == (None, None, 3, None)
    for seat in (PUBLIC, 0, 1, 3):
        assert view_for(state, seat).predictions == (None, None, None, None)


def test_two_volunteers_need_two_tasks() -> None:
    """Mission 26: each of the two volunteers takes at least one task, so a single task could
    never be placed (the distribution would reach a state with no legal action)."""
    with pytest.raises(SetupError, match="two volunteers"):
        start_state(4, mission_rules(26, timed=True), masks(MONO4), (), [73])
