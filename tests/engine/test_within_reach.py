"""How many tricks a crew member can end with whatever the other hands hold: what a prediction
task's number can be (a number out of reach can never come true)."""

from __future__ import annotations

from crew.engine import mask_of, parse_cards, tricks_within_reach
from crew.engine.missions import mission_rules
from crew.engine.setup import start_state
from crew.engine.state import GameState

NORMAL = mission_rules(None, difficulty=1)


def _dealt(hands: tuple[str, ...]) -> GameState:
    return start_state(len(hands), NORMAL, [mask_of(parse_cards(h)) for h in hands], [], [1])


def test_submarines_from_the_4_down_are_sure_tricks() -> None:
    state = _dealt(
        (
            "S4 S3 S1 P1 P2 P3 P4 P5 P6 P7",  # the captain: S4 and S3 win a trick each
            "S2 B1 B2 B3 B4 B5 B6 B7 B8 B9",
            "G1 G2 G3 G4 G5 G6 G7 G8 G9 P8",
            "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 P9",
        )
    )
    assert state.setup.captain == 0 and state.setup.total_tricks == 10
    # S1 is not sure: S2 is in another hand
    assert tricks_within_reach(state, 0) == (2, 10)
    # everyone else: no sure trick, and the captain's S4 takes one of the ten
    assert tricks_within_reach(state, 1) == (0, 9)
    assert tricks_within_reach(state, 3) == (0, 9)


def test_with_three_players_the_card_left_over_may_be_a_submarine() -> None:
    # fourteen cards for thirteen tricks: the holder of S4 and S3 may keep one of them back,
    # so one sure trick; and the others may then win all thirteen
    state = _dealt(
        (
            "S4 S3 P1 P2 P3 P4 P5 P6 P7 P8 P9 B1 B2 B3",
            "S2 S1 B4 B5 B6 B7 B8 B9 G1 G2 G3 G4 G5",
            "G6 G7 G8 G9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
        )
    )
    assert state.setup.total_tricks == 13
    assert tricks_within_reach(state, 0) == (1, 13)
    assert tricks_within_reach(state, 1) == (0, 13)
