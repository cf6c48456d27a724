"""Sampled deals weighed by the partners' own choices of tasks.

In a normal distribution each crew member takes a task by choice, and a computer (or a person)
prefers a task whose cards its hand can win (``tasks._task_fit``). So a sampled deal in which a
partner holds nothing to win the card it chose to win is less likely than one in which it holds
that card's colour high. :func:`weighed_states` draws more deals than it needs and keeps ``n`` of
them, each with a chance growing with how well every partner's hand, as it was when the tasks
were taken (the cards it holds in the deal and the ones it has played since), fits the tasks
that name cards it took. Only public facts and the seat's memory are read; the deals still fit
everything the seat has seen.
"""

from __future__ import annotations

import math
import random

from crew.engine.enums import TONOJA, Distribution
from crew.engine.state import GameState
from crew.engine.view import View

from .memory import Memory
from .sampler import sample_states
from .tasks import _card_fit, named_cards

__all__ = ["chosen_tasks", "weighed_states"]

#: deals drawn for each one kept
POOL = 3


def chosen_tasks(view: View) -> list[tuple[int, list[int]]]:
    """(partner, cards its task names) for every task a partner took by its own choice (a
    normal distribution) that names cards."""
    if view.rules.distribution != Distribution.NORMAL:
        return []
    out = []
    for t in view.tasks:
        if t.owner < 0 or t.owner == view.seat or (view.players == 2 and t.owner == TONOJA):
            continue
        want = named_cards(t.task)
        if want:
            out.append((t.owner, want))
    return out


def _played(view: View, memory: Memory) -> dict[int, int]:
    """The cards each seat has played so far (the remembered tricks and the trick on the table)."""
    out: dict[int, int] = {}
    for tr in memory.tricks:
        for s, c in zip(tr.seats, tr.cards, strict=True):
            out[s] = out.get(s, 0) | 1 << c
    for s, c in view.trick:
        out[s] = out.get(s, 0) | 1 << c
    return out


def fit_weight(
    state: GameState, chosen: list[tuple[int, list[int]]], played: dict[int, int], beta: float
) -> float:
    """How likely the partners' task choices are on ``state``: exp(beta x the summed fits, each
    less one half)."""
    total = 0.0
    for owner, want in chosen:
        hand = state.hands[owner] | played.get(owner, 0)
        total += sum(_card_fit(hand, c) for c in want) / len(want) - 0.5
    return math.exp(beta * total)


def weighed_states(
    view: View, memory: Memory, rng: random.Random, n: int, beta: float
) -> list[GameState]:
    """``n`` sampled deals, drawn in proportion to :func:`fit_weight` from :data:`POOL` times as
    many (``beta`` 0, or no partner's task naming cards: the deals as sampled)."""
    chosen = chosen_tasks(view) if beta and memory.usable(view) else []
    if not chosen:
        return sample_states(view, memory, rng, n)
    pool = sample_states(view, memory, rng, POOL * n)
    played = _played(view, memory)
    # weighted sampling without replacement: the n largest of u ** (1 / w)
    keyed = [
        (rng.random() ** (1.0 / fit_weight(st, chosen, played, beta)), i)
        for i, st in enumerate(pool)
    ]
    keyed.sort(reverse=True)
    return [pool[i] for _, i in keyed[:n]]
