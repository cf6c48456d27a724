"""A computer's prediction while a partner's is secret or still to be made (issue 26)."""

from __future__ import annotations

import re

import pytest

from crew.bots import Memory, choose_action
from crew.engine import Phase, Predict, Take, apply, legal_actions, new_attempt, view_for
from crew.table import decision_rng


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_partners_secret_prediction_is_sampled_not_taken_for_no_tricks(seed: int) -> None:
    # free play, tasks 84 (secret prediction) and 83 (open): the first owner predicts in secret;
    # the second judged its choices as if the first had predicted 0 tricks: 0% for all of them
    s = new_attempt(4, None, seed=seed, difficulty=5, tasks=[84, 83])
    while s.phase == Phase.DISTRIBUTE:
        actions = legal_actions(s)
        s, _ = apply(s, next((a for a in actions if isinstance(a, Take)), actions[0]))
    first = next(a.seat for a in legal_actions(s) if isinstance(a, Predict))
    d = choose_action(view_for(s, first), Memory(first), decision_rng(1, first, 1))
    s, _ = apply(s, d.action)  # type: ignore[arg-type]
    second = next(a.seat for a in legal_actions(s) if isinstance(a, Predict))
    view = view_for(s, second)
    assert view.predictions[first] is None and view.predicted[first]  # made, and secret
    d2 = choose_action(view, Memory(second), decision_rng(1, second, 2))
    share = re.search(r"done in (\d+)% of sampled deals", d2.why)
    assert share is not None and int(share.group(1)) > 0, d2.why


def test_a_prediction_still_to_be_made_is_left_to_its_owner() -> None:
    # the first predictor's partner has not predicted yet: its task is not judged as if it
    # would take the tricks it has now (0)
    s = new_attempt(4, None, seed=2, difficulty=5, tasks=[83, 84])
    while s.phase == Phase.DISTRIBUTE:
        actions = legal_actions(s)
        s, _ = apply(s, next((a for a in actions if isinstance(a, Take)), actions[0]))
    first = next(a.seat for a in legal_actions(s) if isinstance(a, Predict))
    view = view_for(s, first)
    assert not any(view.predicted)
    d = choose_action(view, Memory(first), decision_rng(1, first, 1))
    share = re.search(r"done in (\d+)% of sampled deals", d.why)
    assert share is not None and int(share.group(1)) >= 50, d.why
