"""What the partners' cards in the current trick say about where the unseen cards are.

A partner chose its card by the same rules from its own view. On a sampled deal where that card
would have looked poor to it, the deal is less likely to be the real one. So each sampled deal
is weighed by how well the card a partner played fares in a small version of the partner's own
decision, asked on that deal: the trick is taken back to the partner's turn, the partner's view
of it is built, a few deals are sampled from that view and each card the partner could play is
judged on them with open hands.

Everything is asked of a sampled deal built from this seat's knowledge, never of the real one:
the partner's view here is the view it would have had if the sample were true.
"""

from __future__ import annotations

import random

from crew.engine.actions import Play
from crew.engine.state import GameState
from crew.engine.view import view_for

from . import search
from .memory import Memory
from .sampler import sample_states

__all__ = ["before_play", "likelihood", "weight"]


def before_play(state: GameState, i: int) -> GameState:
    """``state`` taken back to just before the ``i``-th card of its current trick: that card and
    the ones after it back in their players' hands, and that card's player to play."""
    seats, cards = state.trick_seats, state.trick_cards
    if not 0 <= i < len(cards):
        raise ValueError(f"the current trick has no card {i}")
    hands = list(state.hands)
    for s, c in zip(seats[i:], cards[i:], strict=True):
        hands[s] |= 1 << c
    return state._replace(
        hands=tuple(hands), trick_seats=seats[:i], trick_cards=cards[:i], turn=seats[i]
    )


def likelihood(
    state: GameState, i: int, rng: random.Random, samples: int, nodes: int, ctx: search.Context
) -> float:
    """How well the ``i``-th card of the current trick of ``state`` fares in its player's own
    decision, asked on ``state`` taken back to that turn: (deals where it still wins + 1) /
    (deals where the player's best card wins + 1), on ``samples`` deals sampled from that
    player's view (1.0: it was as good as any; near 0: it looked hopeless where another won)."""
    before = before_play(state, i)
    seat, card = before.turn, state.trick_cards[i]
    view = view_for(before, seat)
    if len(view.playable) < 2:
        return 1.0
    memory = Memory(seat, tricks=list(state.tricks))
    worlds = sample_states(view, memory, rng, samples)
    plays = [Play(seat, c) for c in view.playable]
    scores, _ = search.score_actions(worlds, plays, nodes, ctx)
    return (scores[Play(seat, card)] + 1.0) / (max(scores.values()) + 1.0)


def weight(
    state: GameState,
    me: int,
    plays: int,
    rng: random.Random,
    samples: int,
    nodes: int,
    ctx: search.Context,
) -> float:
    """The product of :func:`likelihood` over the last ``plays`` cards partners (not ``me``)
    played in the current trick of the sampled ``state`` (1.0 with none, and with Tonoja, whose
    face-up piles this does not take back)."""
    if state.setup.tonoja:
        return 1.0
    w = 1.0
    mine = [k for k, s in enumerate(state.trick_seats) if s != me]
    for i in reversed(mine[-plays:] if plays > 0 else []):
        w *= likelihood(state, i, rng, samples, nodes, ctx)
    return w
