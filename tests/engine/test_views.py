"""Views never leak: a seat sees its own hand and the public table, nothing else."""

from __future__ import annotations

import random
import re
from dataclasses import fields

import pytest
from rules_helpers import TWO_HANDS, TWO_PILES, attempt, fill, run

from crew.engine import (
    Distress,
    GameState,
    Play,
    Predict,
    Take,
    View,
    apply,
    distress_choices,
    legal_actions,
    new_attempt,
    parse_card,
    view_for,
    why_illegal,
)
from crew.engine.view import PUBLIC

#: Every field of View, by what it may carry. A new field must be added here on purpose.
CARD_FIELDS = {"hand", "tonoja_up", "trick", "last_trick", "signals", "playable"}
OTHER_FIELDS = {
    "seat",
    "players",
    "seats",
    "mission",
    "phase",
    "captain",
    "turn",
    "hand_counts",
    "tonoja_down",
    "leader",
    "tricks_played",
    "total_tricks",
    "counts",
    "tasks",
    "tokens_left",
    "pool",
    "predictions",
    "distress",
    "distress_active",
    "communication",
    "result",
    "reason",
    "volunteers",
    "rules",
    "asked",
    "given_away",
    "predicted",
}


def test_view_fields_are_the_known_ones() -> None:
    assert {f.name for f in fields(View)} == CARD_FIELDS | OTHER_FIELDS


def _cards_shown(view: View) -> dict[str, set[int]]:
    """The cards each card-carrying field of ``view`` shows."""
    last = view.last_trick
    return {
        "hand": set(view.hand),
        "tonoja_up": {u for u in view.tonoja_up if u >= 0},
        "trick": {card for _, card in view.trick},
        "last_trick": set(last.cards) if last else set(),
        "signals": {m.card for m in view.signals},
        "playable": set(view.playable),
    }


def check_view(state: GameState, seat: int) -> None:
    """Assert that ``view_for(state, seat)`` shows nothing it should not."""
    st = state.setup
    view = view_for(state, seat)
    human = 0 <= seat < st.players
    own = state.hands[seat] if human else 0
    # the own hand, exactly, and no one else's
    assert view.hand == tuple(c for c in range(40) if own >> c & 1)
    shown = _cards_shown(view)
    # public: played cards, shown (signalled) cards, Tonoja's face-up cards
    public = state.played | sum(1 << c for c in state.trick_cards)
    for m in state.signals:
        public |= 1 << m.card
    for _, up in state.piles:
        if up >= 0:
            public |= 1 << up
    # the cards this seat may play: from its own hand, or Tonoja's face-up cards as her captain
    assert shown["playable"] <= set(view.hand) | shown["tonoja_up"]
    for name, shown_cards in shown.items():
        if name in ("hand", "playable"):
            continue
        for card in shown_cards:
            assert public >> card & 1, f"{name} shows {card} which is not public"
    # Tonoja's face-down cards appear nowhere
    hidden = state.tonoja_hidden()
    for name, shown_cards in shown.items():
        assert not any(hidden >> c & 1 for c in shown_cards), name
    # hidden hands of the other seats: only as counts
    others = 0
    for s in range(st.seats):
        if s != seat or not human:
            others |= state.hands[s]
    others |= hidden
    leak = others & ~public
    for name, shown_cards in shown.items():
        if name == "playable":
            shown_cards = shown_cards - set(view.hand)  # its own cards are its own to see
        assert not any(leak >> c & 1 for c in shown_cards), name
    # the reason text names only public cards
    for text in re.findall(r"\b[PBGYS][1-9]\b", view.reason):
        assert public >> parse_card(text) & 1
    # counts, not cards
    expected_counts = tuple(
        (state.hands[s] | (hidden if st.tonoja and s == 2 else 0)).bit_count()
        for s in range(st.seats)
    )
    assert view.hand_counts == expected_counts
    assert view.tonoja_down == tuple(d >= 0 for d, _ in state.piles)
    # only the last trick
    assert view.last_trick == (state.tricks[-1] if state.tricks else None)
    assert view.tricks_played == len(state.tricks)


def _random_states(seed: int) -> list[GameState]:
    rng = random.Random(seed)
    players = 2 + seed % 4
    mission = rng.choice([None, 1, 5, 9, 10, 11, 14, 17, 20, 23, 26, 27])
    difficulty = rng.randint(1, 12) if mission is None else None
    state = new_attempt(players, mission, seed=seed, difficulty=difficulty)
    states = [state]
    while not state.result and len(states) < 60:
        actions = legal_actions(state)
        if state.phase in ("predict", "play") and not state.played and not state.signals:
            if not state.distress and rng.random() < 0.2:
                choice = Distress(
                    rng.choice(["left", "right"]),
                    tuple(rng.choice(c) for c in distress_choices(state)),
                )
                if why_illegal(state, choice) is None:
                    actions = [*actions, choice]
        state, _ = apply(state, rng.choice(actions))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(48))
def test_random_states_never_leak(seed: int) -> None:
    for state in _random_states(seed):
        for seat in (PUBLIC, *range(state.setup.seats)):
            check_view(state, seat)


def test_tonoja_face_down_cards_never_shown() -> None:
    state = attempt(2, None, TWO_HANDS, piles=TWO_PILES, difficulty=1)
    for seat in (PUBLIC, 0, 1, 2):
        check_view(state, seat)
        shown = _cards_shown(view_for(state, seat))
        assert not any(
            parse_card(f"P{v}") in cards for v in range(1, 8) for cards in shown.values()
        )


# ---------------------------------------------------------------------------------------------
# predictions


def _predicted(task: int) -> GameState:
    state = attempt(4, 5, fill(4, ["S4"]), tasks=[task, 1])
    state = run(state, Take(0, 1), Take(1, task))
    assert state.phase == "predict"
    return run(state, Predict(1, 2))


def test_secret_prediction_hidden_from_others_until_the_end() -> None:
    state = _predicted(84)
    assert view_for(state, 1).predictions == (None, 2, None, None)
    for seat in (PUBLIC, 0, 2, 3):
        assert view_for(state, seat).predictions == (None, None, None, None)
    # finish the attempt: afterwards everybody may see it
    while not state.result:
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Play)))
    assert view_for(state, 0).predictions[1] == 2
    assert view_for(state, PUBLIC).predictions[1] == 2


def test_open_prediction_visible_to_all() -> None:
    state = _predicted(83)
    for seat in (PUBLIC, 0, 1, 2, 3):
        assert view_for(state, seat).predictions == (None, 2, None, None)
