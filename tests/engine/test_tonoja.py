"""The two-player variant: Tonoja's piles, her plays, and the captain acting for her."""

from __future__ import annotations

from rules_helpers import (
    TWO_HANDS,
    TWO_PILES,
    attempt,
    cards,
    hand,
    play,
    play_events,
    rejected,
    run,
    run_events,
    tricks_only,
)

from crew.engine import (
    GameState,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    Volunteer,
    card_str,
    get_task,
    legal_actions,
    legal_plays,
    mask_of,
    new_attempt,
    parse_card,
    parse_cards,
    view_for,
)


def c(text: str) -> int:
    return parse_card(text)


def duo(captain: int = 0) -> GameState:
    """Tricks only; the captain (S4) is seat 0, or seat 1 so that Tonoja plays mid-trick."""
    hands = TWO_HANDS if captain == 0 else [TWO_HANDS[1], TWO_HANDS[0]]
    return tricks_only(2, hands, piles=TWO_PILES)


def test_layout() -> None:
    state = duo()
    st = state.setup
    assert (st.players, st.seats, st.crew, st.tonoja) == (2, 3, 3, True)
    assert st.captain == 0 and st.total_tricks == 13
    assert hand(state, 2) == cards("B1 B2 B3 B4 B5 B6 B7")
    assert state.tonoja_hidden() == mask_of(parse_cards("P1 P2 P3 P4 P5 P6 P7"))
    assert st.controller(2) == 0 and st.controller(1) == 1
    view = view_for(state, 1)
    assert view.hand_counts == (13, 13, 14)
    assert view.tonoja_up == tuple(parse_cards("B1 B2 B3 B4 B5 B6 B7"))
    assert view.tonoja_down == (True,) * 7
    assert view_for(state, 2).hand == ()


def test_face_down_cards_are_never_playable() -> None:
    state = play(duo(), "P8 P9")
    assert state.turn == 2
    assert rejected(state, Play(2, c("P1"))) == "TONOJA_FACE_DOWN"
    assert rejected(state, Play(2, c("P7"))) == "TONOJA_FACE_DOWN"
    assert rejected(state, Play(2, c("G1"))) == "CARD_NOT_IN_HAND"
    # follow suit is judged on her face-up cards: no face-up pink, so any face-up card
    assert set(legal_plays(state)) == cards("B1 B2 B3 B4 B5 B6 B7")


def test_card_underneath_turns_face_up_after_the_trick_not_during_it() -> None:
    state = duo(captain=1)
    assert state.setup.captain == 1 and state.turn == 1
    state = play(state, "P8")
    assert state.turn == 2  # Tonoja plays second in this trick
    state = play(state, "B3")
    # mid-trick: B3 is gone, P3 is still face down and not playable
    assert not state.hands[2] >> c("B3") & 1
    assert not state.hands[2] >> c("P3") & 1
    assert state.tonoja_hidden() >> c("P3") & 1
    view = view_for(state, 0)
    assert view.tonoja_down[2]
    assert view.tonoja_up[2] == -1  # B3 lies in the trick, P3 is still face down
    assert view.trick == ((1, c("P8")), (2, c("B3")))
    state, events = play_events(state, "P9")
    assert state.tricks[0].winner == 0
    assert state.piles[2] == (-1, c("P3"))
    assert state.hands[2] >> c("P3") & 1
    assert not state.tonoja_hidden() >> c("P3") & 1
    assert ("tonoja_flip", 2, c("P3")) in [(e.kind, e.seat, e.card) for e in events]
    view = view_for(state, 0)
    assert view.tonoja_up[2] == c("P3") and not view.tonoja_down[2]
    # now she holds a face-up pink: a pink lead would bind her, a blue lead binds her blues
    state = play(state, "B9 B8")
    assert set(legal_plays(state)) == cards("B1 B2 B4 B5 B6 B7")


def test_a_pile_with_nothing_left() -> None:
    state = duo(captain=1)
    state = play(state, "P8 B3 P9")  # P3 turned up
    state = play(state, "G7 G1 P3")  # Tonoja void in green: plays P3, the pile is empty
    assert state.piles[2] == (-1, -1)
    assert state.tonoja_hidden().bit_count() == 6
    assert view_for(state, 0).hand_counts[2] == 12


def test_tonoja_never_signals() -> None:
    state = duo()
    assert rejected(state, Signal(2, c("B7"), "top")) == "TONOJA_NEVER_SIGNALS"
    assert rejected(state, Signal(2, c("B1"), "bottom")) == "TONOJA_NEVER_SIGNALS"
    assert not any(isinstance(a, Signal) and a.seat == 2 for a in legal_actions(state))
    assert view_for(state, 0).tokens_left == (1, 1, 0)


def test_captain_acts_for_tonoja_in_distribution() -> None:
    state = attempt(2, 5, TWO_HANDS, piles=TWO_PILES, tasks=[1, 2, 3, 4])
    assert state.turn == 0
    state = run(state, Take(0, 1), Take(1, 2))
    assert state.turn == 2
    assert Take(2, 3) in legal_actions(state)
    state, events = run_events(state, Take(2, 3))
    assert ("take", 2) in [(e.kind, e.seat) for e in events]
    state = run(state, Take(0, 4))
    assert state.owner_tasks(2) == [3]


def test_tonoja_may_pass_when_there_are_fewer_tasks_than_seats() -> None:
    state = attempt(2, 5, TWO_HANDS, piles=TWO_PILES, tasks=[1, 2])
    state = run(state, Pass(0), Take(1, 1))
    assert rejected(state, Pass(2)) == "MUST_TAKE"
    state = run(state, Take(2, 2))
    assert state.owners == (1, 2)


def test_captain_answers_the_volunteer_question_for_tonoja() -> None:
    state = attempt(2, 14, TWO_HANDS, piles=TWO_PILES, tasks=[1, 2])
    assert state.turn == 1
    state = run(state, Volunteer(1, False))
    assert state.turn == 2
    state = run(state, Volunteer(2, True))
    assert state.owners == (2, 2)
    assert state.phase == "play"


def test_two_players_use_three_player_task_values() -> None:
    for seed in range(8):
        state = new_attempt(2, 5, seed=seed)
        assert sum(get_task(t).difficulty_for(3) for t in state.setup.task_ids) == 5


def test_heavy_noise_two_players_one_shared_token() -> None:
    state = attempt(2, 11, TWO_HANDS, piles=TWO_PILES, tasks=[96])
    state = run(state, Take(0, 96))
    assert state.pool == 1
    state = run(state, Signal(1, c("Y9"), "top"))
    assert rejected(state, Signal(0, c("Y4"), "top")) == "NO_TOKEN_LEFT"


def test_thirteen_tricks_and_tonoja_keeps_one_card() -> None:
    state = duo()
    while not state.result:
        state = play(state, card_str(legal_plays(state)[0]))
    assert len(state.tricks) == 13
    assert state.hands[0] == 0 and state.hands[1] == 0
    left = state.hands[2] | state.tonoja_hidden()
    assert left.bit_count() == 1
    assert all(len(t.cards) == 3 and t.seats[-1] == (t.leader + 2) % 3 for t in state.tricks)


def test_captain_sees_tonojas_secret_prediction() -> None:
    state = attempt(2, 5, TWO_HANDS, piles=TWO_PILES, tasks=[1, 84])
    state = run(state, Take(0, 1), Pass(1), Take(2, 84))
    assert state.phase == "predict"
    assert legal_actions(state)[0] == Predict(2, 0)
    state = run(state, Predict(2, 4))
    assert view_for(state, 0).predictions == (None, None, 4)  # the captain chose it
    assert view_for(state, 1).predictions == (None, None, None)
    assert view_for(state, -1).predictions == (None, None, None)
