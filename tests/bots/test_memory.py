"""A computer's memory: every trick it saw, and its own distress exchange."""

from __future__ import annotations

from crew.bots import Memory
from crew.engine import Distress, apply, distress_choices, legal_actions, new_attempt, view_for
from crew.engine.actions import Play, Take


def _to_play(seed: int):  # type: ignore[no-untyped-def]
    state = new_attempt(4, 1, seed=seed)
    while state.phase != "play":
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Take)))
    return state


def test_memory_keeps_every_trick_and_resets_on_a_new_attempt() -> None:
    state = _to_play(3)
    views = [view_for(state, 1)]
    while not state.result and len(state.tricks) < 4:
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Play)))
        views.append(view_for(state, 1))
    mem = Memory.replayed(1, views)
    assert mem.tricks == list(state.tricks)
    assert mem.usable(views[-1])
    mem.observe(view_for(_to_play(4), 1))
    assert mem.tricks == [] and mem.complete


def test_memory_notices_a_gap() -> None:
    state = _to_play(1)
    mem = Memory.replayed(0, [view_for(state, 0)])
    while len(state.tricks) < 2:
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Play)))
    mem.observe(view_for(state, 0))
    assert not mem.usable(view_for(state, 0))


def test_memory_knows_where_its_distress_card_went() -> None:
    state = _to_play(6)
    cards = tuple(c[0] for c in distress_choices(state))
    mem = Memory.replayed(2, [view_for(state, 2)])
    state, _ = apply(state, Distress("left", cards))
    mem.observe(view_for(state, 2))
    assert mem.gave == (cards[2], 3)
    assert mem.received == cards[1]
