"""Every logbook mission (intro, 1-32, epilogue) for 2-5 players, several seeds each: random legal
play with random signals and sometimes a distress exchange, to the end without an exception, and
the record replays through ``crew verify`` to the same result."""

from __future__ import annotations

import random

import pytest

from crew.engine import Distress, apply, distress_choices, legal_actions, new_attempt
from crew.engine.missions import last_mission
from crew.records import action_to_json, record_for, verify_report

MISSIONS = list(range(0, last_mission() + 2))  # 0..32 and the first epilogue mission
SEEDS = range(4)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("mission", MISSIONS)
def test_every_mission_plays_to_the_end_and_verifies(mission: int, players: int) -> None:
    for seed in SEEDS:
        rng = random.Random(f"{mission}/{players}/{seed}")
        timed = mission in (14, 15, 16, 26) and seed % 2 == 1
        state = new_attempt(players, mission, seed=seed, timed=timed)
        rec = record_for(state, seed=seed)
        for _ in range(500):
            if state.result:
                break
            action = None
            if (
                not state.distress
                and state.phase in ("predict", "play")
                and not state.played
                and not state.trick_cards
                and not state.signals
                and all(p < 0 for p in state.predictions)
                and rng.random() < 0.3
            ):
                choices = distress_choices(state)
                if all(choices):
                    action = Distress(
                        rng.choice(["left", "right"]), tuple(rng.choice(c) for c in choices)
                    )
            if action is None:
                options = legal_actions(state)
                assert options, f"no legal action in phase {state.phase}"
                action = rng.choice(options)
            state, _ = apply(state, action)
            rec.actions.append(action_to_json(action))
        assert state.result in ("won", "lost"), "the attempt did not end"
        report = verify_report(rec)
        assert report["ok"] and report["result"] == state.result
        assert [t["status"] for t in report["tasks"]] == [
            ("pending", "done", "failed")[s] for s in state.status
        ]
