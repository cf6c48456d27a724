"""Sampled deals weighed by the partners' own choices of tasks and of the card they showed.

In a normal distribution each crew member takes a task by choice, and a computer (or a person)
prefers a task whose cards its hand can win (``tasks._task_fit``). So a sampled deal in which a
partner holds nothing to win the card it chose to win is less likely than one in which it holds
that card's colour high. :func:`weighed_states` draws more deals than it needs and keeps ``n`` of
them, each with a chance growing with how well every partner's hand, as it was when the tasks
were taken (the cards it holds in the deal and the ones it has played since), fits the tasks
that name cards it took.

A partner that showed a card before the first trick showed the most telling one it had
(``talk.best_signal``, the computers' own choice): a deal in which its hand then would have
shown another card is less likely, by ``signal_weight`` (:func:`signal_fit`). Only public facts
and the seat's memory are read; the deals still fit everything the seat has seen.
"""

from __future__ import annotations

import math
import random

from crew.engine.enums import TONOJA, Distribution
from crew.engine.state import GameState
from crew.engine.view import View

from .memory import Memory
from .sampler import sample_states
from .talk import best_signal
from .tasks import _card_fit, named_cards

__all__ = ["chosen_tasks", "first_signals", "signal_fit", "weighed_states"]

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


def first_signals(view: View) -> list[tuple[int, int]]:
    """(partner, card) for every card a partner showed before the first trick (Tonoja shows
    none)."""
    return [
        (sv.seat, sv.card)
        for sv in view.signals
        if sv.seat != view.seat
        and sv.before_trick == 1
        and not (view.players == 2 and sv.seat == TONOJA)
    ]


def signal_fit(
    view: View,
    state: GameState,
    shown: list[tuple[int, int]],
    played: dict[int, int],
    weight: float,
) -> float:
    """How likely the partners' first signals are on ``state``: ``weight`` for each partner
    whose hand before the first trick (the cards it holds in the deal and those it has played
    since) would have shown another card, 1 for the others."""
    out = 1.0
    for seat, card in shown:
        hand = state.hands[seat] | played.get(seat, 0)
        best = best_signal(seat, view.seats, view.tasks, hand, set())
        if best is None or best[0].card != card:
            out *= weight
    return out


def weighed_states(
    view: View,
    memory: Memory,
    rng: random.Random,
    n: int,
    beta: float,
    signal_weight: float = 1.0,
) -> list[GameState]:
    """``n`` sampled deals, drawn in proportion to :func:`fit_weight` and :func:`signal_fit`
    from :data:`POOL` times as many (``beta`` 0 and ``signal_weight`` 1, or no partner's
    task naming cards and no partner's signal: the deals as sampled)."""
    usable = memory.usable(view)
    chosen = chosen_tasks(view) if beta and usable else []
    shown = first_signals(view) if signal_weight != 1.0 and usable else []
    if not chosen and not shown:
        return sample_states(view, memory, rng, n)
    pool = sample_states(view, memory, rng, POOL * n)
    played = _played(view, memory)

    def weight(st: GameState) -> float:
        w = fit_weight(st, chosen, played, beta) if chosen else 1.0
        return w * signal_fit(view, st, shown, played, signal_weight) if shown else w

    # weighted sampling without replacement: the n largest of u ** (1 / w)
    keyed = [(rng.random() ** (1.0 / weight(st)), i) for i, st in enumerate(pool)]
    keyed.sort(reverse=True)
    return [pool[i] for _, i in keyed[:n]]
