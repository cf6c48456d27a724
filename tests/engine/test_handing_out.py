"""Whether the tasks still open can be handed out without two that can never both succeed."""

from __future__ import annotations

import random

from crew.engine import (
    Take,
    Volunteer,
    apply,
    can_hand_out,
    doomed_hand_out,
    legal_actions,
    mask_of,
    parse_cards,
)
from crew.engine.handing_out import handed_out_clash
from crew.engine.missions import mission_rules
from crew.engine.setup import start_state
from crew.engine.state import GameState, Phase
from crew.engine.tasks import ONE_OWNER, TWO_OWNERS, impossible
from crew.engine.trick_counts import count_clash

#: Bob (seat 1) holds S4 and is captain
HANDS = (
    "P2 P3 P8 B2 B4 B5 G1 Y4 Y8 S2",
    "P4 P5 P6 P7 G2 G6 Y5 Y7 Y9 S4",
    "P1 B9 G3 G5 G8 G9 Y1 Y2 S1 S3",
    "P9 B1 B3 B6 B7 B8 G4 G7 Y3 Y6",
)
#: 7: win P5 and Y6; 75: win a trick with one's own coloured 6; 74: the same with a 5;
#: 63: fewer tricks than everyone else; 28: win no pink card (never beside 7 in one hand)
TASKS = (7, 75, 74, 63, 28)


def _dealt() -> GameState:
    hands = [mask_of(parse_cards(h)) for h in HANDS]
    return start_state(4, mission_rules(None, difficulty=1), hands, [], list(TASKS))


def test_a_choice_that_leaves_the_last_task_to_the_wrong_hand_dooms_the_attempt() -> None:
    state = _dealt()
    assert state.turn == 1 and impossible(7, 28, 4, ONE_OWNER)
    for action in (Take(1, 7), Take(2, 74), Take(3, 63)):
        state, _ = apply(state, action)
    # Ann chooses between #75 and #28; the captain, Bob, takes the one she leaves
    assert state.turn == 0
    assert can_hand_out(state) is True and doomed_hand_out(state) is None
    leave_28 = apply(state, Take(0, 75))[0]
    assert can_hand_out(leave_28) is False
    assert doomed_hand_out(leave_28) == (7, 28)
    take_28 = apply(state, Take(0, 28))[0]
    assert can_hand_out(take_28) is True and doomed_hand_out(take_28) is None
    # played out, the doomed choice does end with #28 beside #7 in Bob's hand
    after, _ = apply(leave_28, Take(1, 28))
    assert after.phase == Phase.PLAY and handed_out_clash(after) == (7, 28)


def test_before_the_choice_the_crew_can_still_avoid_it() -> None:
    state = _dealt()
    state, _ = apply(state, Take(1, 7))
    # Cat may take #28 herself (#7 and #28 are fine in two hands)
    assert not impossible(7, 28, 4, TWO_OWNERS)
    assert can_hand_out(apply(state, Take(2, 28))[0]) is True


def _brute(state: GameState) -> bool:
    """Every way of handing the rest out, tried in full, each judged only once every task has
    its owner (no pruning, no relaxation)."""
    if state.phase not in (Phase.DISTRIBUTE, Phase.VOLUNTEER, Phase.GIVE, Phase.ASSIGN):
        clash = handed_out_clash(state) or count_clash(state)
        return not state.result and clash is None
    return any(_brute(apply(state, a)[0]) for a in legal_actions(state))


#: the tasks of the pool that say something about their owner's trick count
COUNTED = {40, 47, 63, 58, 61, 50, 53, 57, 64}


def test_it_agrees_with_trying_every_way() -> None:
    # random tasks among some that clash, random first choices: the search's answer (it skips
    # the choices the engine names as clashes) is the answer of trying every way in full
    doomed = by_counts = 0
    for seed in range(300):
        rng = random.Random(seed)
        # with tasks on trick counts: 40 the first trick, 47 none of the first three, 63 fewer
        # than everyone, 58 never two in a row, 61 as many as the captain, 50 none at all, 53
        # exactly four, 57 exactly three in a row, 64 a strict majority
        pool = [7, 28, 1, 14, 40, 47, 75, 74, 63, 2, 3, 4, 24, 58, 61, 50, 53, 57, 64]
        hands = [mask_of(parse_cards(h)) for h in HANDS]
        state = start_state(4, mission_rules(None, difficulty=1), hands, [], rng.sample(pool, 5))
        for _ in range(rng.randrange(4)):
            state = apply(state, rng.choice(legal_actions(state)))[0]
        ok = can_hand_out(state)
        assert ok is _brute(state), seed
        pair = doomed_hand_out(state)
        assert (pair is not None) == (ok is False), seed
        if pair is not None:
            doomed += 1
            assert set(pair) <= set(state.setup.task_ids)
            if len(pair) == 2 and not set(pair) & COUNTED:
                a, b = pair
                assert impossible(a, b, 4, ONE_OWNER) or impossible(a, b, 4, TWO_OWNERS)
            else:
                by_counts += 1
    assert doomed >= 10 and by_counts >= 5  # both answers are asked for, and both kinds


#: three players; Cat (seat 2) holds S4 and is captain
HANDS_3 = (
    "P1 P2 P3 P4 B1 B2 B3 G1 G2 G3 Y1 Y2 S1",
    "P5 P6 P7 B4 B5 B6 G4 G5 G6 Y3 Y4 Y5 S2",
    "P8 P9 B7 B8 B9 G7 G8 G9 Y6 Y7 Y8 Y9 S3 S4",
)
#: mission 26: two volunteers split the tasks. 61: as many tricks as the captain; 59: more
#: tricks than the captain (the captain may take neither; never both in one hand)
TASKS_3 = (71, 61, 7, 96, 59, 54)


def test_a_volunteer_who_says_no_can_doom_the_attempt() -> None:
    hands = [mask_of(parse_cards(h)) for h in HANDS_3]
    state = start_state(3, mission_rules(26), hands, [], list(TASKS_3))
    assert state.phase == Phase.VOLUNTEER and state.turn == 0 and state.setup.captain == 2
    assert can_hand_out(state) is True
    # Ann says no: Bob and Cat must be the two; Cat, the captain, may take neither #61 nor
    # #59, so both go to Bob, where they can never both succeed
    no = apply(state, Volunteer(0, False))[0]
    assert can_hand_out(no) is False and doomed_hand_out(no) == (61, 59)
    yes = apply(state, Volunteer(0, True))[0]
    assert can_hand_out(yes) is True and doomed_hand_out(yes) is None
