"""Determinization: the state a seat's view shows, rebuilt from the view plus the hidden cards."""

from __future__ import annotations

import pytest
from test_views import _random_states

from crew.engine import view_for
from crew.engine.determinize import DeterminizeError, hidden_cards, state_from_view
from crew.engine.state import TONOJA, GameState


def _rebuild(state: GameState, seat: int) -> GameState:
    view = view_for(state, seat)
    st = state.setup
    others = {
        s: state.hands[s] for s in range(st.seats) if s != seat and not (st.tonoja and s == TONOJA)
    }
    return state_from_view(
        view,
        state.tricks,
        others,
        tonoja_down=tuple(d for d, _ in state.piles),
        predictions=state.predictions,
    )


@pytest.mark.parametrize("seed", range(40))
def test_true_hands_rebuild_a_state_with_the_same_view(seed: int) -> None:
    for state in _random_states(seed):
        for seat in range(state.setup.seats):
            if state.setup.tonoja and seat == TONOJA:
                continue
            det = _rebuild(state, seat)
            assert view_for(det, seat) == view_for(state, seat)
            if state.phase == "play" and not state.result:
                # the parts that matter for searching on are the real ones
                assert det.hands == state.hands
                assert det.won == state.won and det.played == state.played
                assert det.status == state.status and det.owners == state.owners
                assert det.tokens == state.tokens and det.given_away == state.given_away


def test_hidden_cards_are_the_unseen_ones() -> None:
    state = _random_states(3)[-1]
    view = view_for(state, 0)
    hidden = hidden_cards(view, state.tricks)
    assert hidden & state.hands[0] == 0
    assert hidden & state.played == 0
    assert hidden.bit_count() == sum(view.hand_counts) - len(view.hand) - sum(
        1 for u in view.tonoja_up if u >= 0
    )


def test_wrong_cards_are_refused() -> None:
    state = _random_states(4)[-1]
    view = view_for(state, 0)
    others = {s: state.hands[s] for s in range(1, state.setup.seats)}
    others[1], others[2] = others[2] | 1, others[1]
    with pytest.raises(DeterminizeError):
        state_from_view(view, state.tricks, others)
    with pytest.raises(DeterminizeError):
        state_from_view(view, state.tricks[:-1], others)
