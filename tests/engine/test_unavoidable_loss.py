"""The rule of thumb for a loss right after the tasks are handed out (issue 9, item 6)."""

from __future__ import annotations

from crew.engine import (
    GiveAll,
    Pass,
    Play,
    Take,
    apply,
    legal_actions,
    mask_of,
    new_attempt,
    parse_cards,
)
from crew.engine.attempts import first_trick_loss_unavoidable, lost_before_anyone_could_act
from crew.engine.state import GameState

# Three players, mission 1 (one task: #40, win the first trick). Seat 0 holds S4 (captain);
# seat 1 holds only the 1s, 2s and 3s and Y4: whatever is led, it can never win trick 1.
HANDS = (
    "S1 S2 S3 S4 P4 P5 P6 P7 P8 B4 B5 B6 B7 B8",
    "P1 P2 P3 B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4",
    "P9 B9 G4 G5 G6 G7 G8 G9 Y5 Y6 Y7 Y8 Y9",
)


def dealt() -> GameState:
    state = new_attempt(3, 1, hands=[mask_of(parse_cards(h)) for h in HANDS], tasks=[40])
    assert state.setup.captain == 0
    return state


def handed_out(taker: int) -> GameState:
    state = dealt()
    for seat in range(taker):
        state, _ = apply(state, Pass(seat))
    state, _ = apply(state, Take(taker, 40))
    assert not state.trick_cards and not state.tricks and state.owners == (taker,)
    return state


def play_trick_one(state: GameState) -> GameState:
    while not state.tricks:
        play = next(a for a in legal_actions(state) if isinstance(a, Play))
        state, _ = apply(state, play)
    return state


def test_a_task_nobody_can_save_is_an_unavoidable_loss() -> None:
    start = handed_out(1)
    assert first_trick_loss_unavoidable(start)
    end = play_trick_one(start)
    assert end.result == "lost"
    assert lost_before_anyone_could_act(start, end)


def test_a_loss_the_crew_could_have_avoided_counts() -> None:
    start = handed_out(0)  # the captain holds S4: leading it wins trick 1
    assert not first_trick_loss_unavoidable(start)
    # the captain leads a low pink instead and seat 2's P9 wins: lost, but avoidably
    state, _ = apply(start, Play(0, parse_cards("P4")[0]))
    state, _ = apply(state, Play(1, parse_cards("P1")[0]))
    state, _ = apply(state, Play(2, parse_cards("P9")[0]))
    assert state.result == "lost"
    assert not lost_before_anyone_could_act(start, state)


def test_only_the_first_trick_and_only_a_loss_qualify() -> None:
    start = handed_out(1)
    after = play_trick_one(start)
    assert not first_trick_loss_unavoidable(after)  # not the state before trick 1
    assert not lost_before_anyone_could_act(start, start)  # not over


def test_a_loss_in_the_middle_of_trick_one_is_judged_too() -> None:
    # the engine may decide a task before the trick is complete; the search covers that
    start = handed_out(0)
    state, _ = apply(start, Play(0, parse_cards("P4")[0]))
    assert not lost_before_anyone_could_act(start, state)  # not over: nothing to judge


def test_a_task_left_to_someone_who_cannot_do_it_counts_when_another_could_have() -> None:
    # rules F7's own example: seat 0 (S4) passed task 40 on to seat 1, who can never win
    # trick 1; seat 0 could have taken it and led S4, so the loss counts as an attempt
    start = handed_out(1)
    end = play_trick_one(start)
    assert end.result == "lost"
    assert first_trick_loss_unavoidable(start)  # once handed out, no card could save it
    assert not first_trick_loss_unavoidable(dealt())  # but the hand-out could
    assert not lost_before_anyone_could_act(start, end, dealt())


def test_tasks_that_no_hand_out_can_save_are_an_unavoidable_loss() -> None:
    # mission 10: the captain takes both tasks or gives both to one crew member; whoever
    # holds "win the first trick" (40) and "win none of the first three" (47) fails one (a
    # pair the draw never deals together, ruling 16: here it exercises the hand-out search;
    # the campaign test has a dealt case, mission 12 with a captain who can only lead pink)
    state = new_attempt(3, 10, hands=[mask_of(parse_cards(h)) for h in HANDS], tasks=[40, 47])
    assert first_trick_loss_unavoidable(state)
    start, _ = apply(state, GiveAll(2))
    end = play_trick_one(start)
    assert end.result == "lost"
    assert lost_before_anyone_could_act(start, end, state)


def test_a_search_past_its_limit_does_not_call_a_loss_unavoidable() -> None:
    state = new_attempt(3, 10, hands=[mask_of(parse_cards(h)) for h in HANDS], tasks=[40, 47])
    assert not first_trick_loss_unavoidable(state, limit=10)
