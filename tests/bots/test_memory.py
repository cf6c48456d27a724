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


def test_memory_keeps_each_other_seats_card_with_its_own_view_before_it() -> None:
    state = _to_play(3)
    views = [view_for(state, 1)]
    expected = []
    while len(state.tricks) < 3:
        play = next(a for a in legal_actions(state) if isinstance(a, Play))
        if play.seat != 1:
            expected.append((view_for(state, 1), play.card))
        state, _ = apply(state, play)
        views.append(view_for(state, 1))
    mem = Memory.replayed(1, views)
    assert len(expected) == 9  # three tricks, three other seats' cards each
    assert mem.seen_plays == expected
    # seat 1's own cards are not among them, and a new attempt forgets them
    assert all(v.turn != 1 for v, _ in mem.seen_plays)
    mem.observe(view_for(_to_play(4), 1))
    assert mem.seen_plays == []


def test_memory_fed_every_other_view_keeps_only_cards_it_can_place() -> None:
    state = _to_play(3)
    views = [view_for(state, 2)]
    while len(state.tricks) < 3:
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Play)))
        views.append(view_for(state, 2))
    every = Memory.replayed(2, views)
    some = Memory.replayed(2, views[::2])
    # two actions between views: a card is kept only where it is known whose it was and what
    # was on the table before it, so never one the full memory did not keep
    assert all(p in every.seen_plays for p in some.seen_plays)
    assert len(some.seen_plays) < len(every.seen_plays) == 9
