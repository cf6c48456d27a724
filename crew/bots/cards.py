"""Cards chosen by determinized search: deal the unseen cards many times in ways that fit
everything the seat has seen (``sampler``), ask the open-hand solver on each deal which cards
still win, and play the card that wins in the most deals (with ``Settings.infer_plays``, each
deal weighed by how well the partners' cards in the current trick would have fared in their own
decision on it: ``partners``).
"""

from __future__ import annotations

import random

from crew.engine.actions import (
    Action,
    Play,
)
from crew.engine.cards import (
    SUB,
    SUIT_MASKS,
    card_str,
    mask_of,
    suit_of,
    value_of,
)
from crew.engine.state import GameState
from crew.engine.view import View
from crew.i18n import Said

from . import partners, search
from .common import (
    Decision,
    best_of,
    share_str,
)
from .inference import weighed_states
from .memory import Memory
from .settings import Settings


def play_order(view: View, cards: list[int]) -> list[int]:
    """Tie-break for cards that win equally often: keep control cheaply.

    Following (or discarding): the lowest card first, a submarine last. Leading: the lowest
    colour card of the longest colour first, submarines last. The order in which a decision
    judges the cards (the values a ``search.Context.record`` keeps per deal).
    """
    hand = mask_of(cards)
    if view.trick:
        return sorted(cards, key=lambda c: (suit_of(c) == SUB, value_of(c), suit_of(c)))

    def lead_key(c: int) -> tuple[int, int, int]:
        length = (hand & SUIT_MASKS[suit_of(c)]).bit_count()
        return (suit_of(c) == SUB, -length, value_of(c))

    return sorted(cards, key=lead_key)


def choose_play(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    cards = list(view.playable)
    seat = view.turn
    order = play_order(view, cards)
    plays: list[Action] = [Play(seat, c) for c in order]
    if len(cards) == 1:
        return Decision(
            plays[0], Said("{card} is the only card that may be played", card=card_str(cards[0]))
        )
    if not memory.usable(view):
        return Decision(plays[0], Said("no search available: the cheapest card"))
    states = weighed_states(view, memory, rng, cfg.samples, cfg.infer_tasks)
    nodes = max(cfg.min_nodes, min(cfg.nodes, cfg.budget // (len(states) * len(plays))))
    race = search.Race(len(plays)) if cfg.race else None  # drops cards clearly beaten so far
    weights: list[float] = []  # the deals weighed by what partners played (``partners``)
    weigh = None
    if cfg.infer_plays and view.trick:
        # the partners' sampling is its own search: it does not count in this one's budgets
        inner = search.Context()
        inner.until = ctx.until

        def weigh(st: GameState) -> float:
            w = partners.weight(
                st, seat, cfg.infer_plays, rng, cfg.infer_samples, cfg.infer_nodes, inner
            )
            weights.append(w)
            return w

    scores, judged = search.score_actions(states, plays, nodes, ctx, race, weigh)
    states = states[:judged]  # all of them, unless the deadline came or one card is left
    while len(states) < cfg.max_samples and not ctx.cut:
        if race is not None and race.settled:
            break
        per_deal = ctx.spent / len(states)
        batch = min(cfg.samples, cfg.max_samples - len(states))
        if ctx.spent + per_deal * batch > cfg.wide_budget:
            break
        more = weighed_states(view, memory, rng, batch, cfg.infer_tasks)
        got, judged = search.score_actions(more, plays, nodes, ctx, race, weigh)
        for a, x in got.items():
            scores[a] += x
        states += more[:judged]
    if weigh is not None:
        ctx.spent += inner.spent  # what the decision cost in all
    a = best_of(scores, plays)
    assert isinstance(a, Play)
    n = len(states)
    best = scores[a]
    c = card_str(a.card)
    total = n - len(weights) + sum(weights)  # a deal not weighed counts once
    pct_n = {"card": c, "pct": share_str(best, total), "n": n}
    if best <= 0:
        why = Said("no card wins in any of {n} sampled deals; {card} costs least", n=n, card=c)
    else:
        why = Said(
            "{card} still wins in {pct} of {n} deals that fit what this seat has seen", **pct_n
        )
    return Decision(a, why)
