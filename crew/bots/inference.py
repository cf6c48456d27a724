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

from crew.engine.cards import SUIT_MASKS, suit_of
from crew.engine.enums import TONOJA, Distribution
from crew.engine.state import GameState
from crew.engine.view import View

from .memory import Memory
from .sampler import sample_states
from .tasks import _card_fit, named_cards

__all__ = ["chosen_tasks", "low_follows", "low_weight", "weighed_states"]

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


def low_follows(view: View, memory: Memory) -> list[tuple[int, int, int]]:
    """(partner, card, cards it played after that one) for every card a partner played to follow
    the led colour in a finished trick without winning it (Tonoja's aside)."""
    out: list[tuple[int, int, int]] = []
    later: dict[int, int] = {}
    for s, c in view.trick:
        later[s] = later.get(s, 0) | 1 << c
    for tr in reversed(memory.tricks):
        led = suit_of(tr.cards[0])
        for s, c in zip(tr.seats[1:], tr.cards[1:], strict=True):
            tonoja = view.players == 2 and s == TONOJA
            if s != view.seat and not tonoja and s != tr.winner and suit_of(c) == led:
                out.append((s, c, later.get(s, 0)))
        for s, c in zip(tr.seats, tr.cards, strict=True):
            later[s] = later.get(s, 0) | 1 << c
    return out


def low_weight(state: GameState, follows: list[tuple[int, int, int]], gamma: float) -> float:
    """How likely the partners' losing follows are on ``state``: ``gamma`` for each one where
    that partner then held a lower card of the colour, which lost the trick as well (a computer
    plays the lowest of cards that fare alike, and so do most people)."""
    w = 1.0
    for s, c, later in follows:
        below = SUIT_MASKS[suit_of(c)] & ((1 << c) - 1)
        if (state.hands[s] | later) & below:
            w *= gamma
    return w


def weighed_states(
    view: View,
    memory: Memory,
    rng: random.Random,
    n: int,
    beta: float,
    gamma: float = 1.0,
) -> list[GameState]:
    """``n`` sampled deals, drawn in proportion to :func:`fit_weight` (``beta``) times
    :func:`low_weight` (``gamma``) from :data:`POOL` times as many (``beta`` 0 or no partner's
    task naming cards, and ``gamma`` 1 or no losing follow: the deals as sampled)."""
    usable = memory.usable(view)
    chosen = chosen_tasks(view) if beta and usable else []
    follows = low_follows(view, memory) if gamma != 1.0 and usable else []
    if not chosen and not follows:
        return sample_states(view, memory, rng, n)
    pool = sample_states(view, memory, rng, POOL * n)
    played = _played(view, memory)

    def w(st: GameState) -> float:
        return fit_weight(st, chosen, played, beta) * low_weight(st, follows, gamma)

    # weighted sampling without replacement: the n largest of u ** (1 / w)
    keyed = [(rng.random() ** (1.0 / w(st)), i) for i, st in enumerate(pool)]
    keyed.sort(reverse=True)
    return [pool[i] for _, i in keyed[:n]]
