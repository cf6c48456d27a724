"""The computers' part of the table: each question as a job built from the seat's own view.

:func:`job` turns an :class:`~crew.table.protocol.Ask` into a function without arguments that
decides it: it holds the asked seat's view (never the state), its memory and its random source,
so it can run away from the table (a worker thread) and two positions that look the same to the
seat give the same answer. :func:`answered` and the ``with_...`` functions carry an answer into
the table's notes, the same way for the app's session and for self-play.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from crew.bots import (
    DEFAULT,
    Memory,
    Settings,
    choose_action,
    choose_distress,
    choose_distress_card,
    choose_signal,
    task_wishes,
)
from crew.engine import Action, Distress, GameState, Phase, view_for
from crew.engine.enums import Direction
from crew.i18n import Said

from .protocol import Ask, AskKind, TableState, distress_outcome

__all__ = [
    "Answer",
    "decision_rng",
    "distress_action",
    "job",
    "with_distress_card",
    "with_signal_answer",
    "with_votes",
]


def decision_rng(seed: int | str, seat: int, number: int) -> random.Random:
    """The random source of one decision: a pure function of the game seed, the seat and the
    decision's number, so a replay makes the same choices."""
    return random.Random(f"crew-bot:{seed}:{seat}:{number}")


@dataclass(frozen=True, slots=True)
class Answer:
    """A computer's decision for an :class:`Ask`, with its reason in words (``why``)."""

    ask: Ask
    action: Action | None = None
    card: int | None = None
    votes: tuple[tuple[int, str | None], ...] = ()
    why: str = ""


def _joined(whys: list[str]) -> str:
    """The reasons one after the other ("a; b"), each still translatable where shown."""
    return functools.reduce(lambda a, b: Said("{a}; {b}", a=a, b=b), whys) if whys else ""


def job(
    ask: Ask,
    state: GameState,
    table: TableState,
    memories: Mapping[int, Memory],
    rng_for: Callable[[int], random.Random],
    settings: Settings = DEFAULT,
    *,
    detach: bool = True,
) -> Callable[[], Answer]:
    """The decision ``ask`` needs, as a function to run later (``detach``: on copies of the
    memories, so the table may go on meanwhile). Built from each asked seat's own view."""

    def memory(seat: int) -> Memory:
        return copy.deepcopy(memories[seat]) if detach else memories[seat]

    if ask.kind == AskKind.VOTES:
        voters = [
            (seat, view_for(state, seat), memory(seat), rng_for(seat)) for seat in sorted(memories)
        ]

        def votes() -> Answer:
            decisions = [(seat, choose_distress(v, m, r, settings)) for seat, v, m, r in voters]
            return Answer(
                ask,
                votes=tuple((seat, d.direction) for seat, d in decisions),
                why=_joined([d.why for _, d in decisions]),
            )

        return votes
    seat = ask.seat
    view = view_for(state, seat)
    mem = memory(seat)
    rng = rng_for(seat)
    if ask.kind == AskKind.DISTRESS_CARD:
        direction = table.distress_direction or Direction.LEFT

        def card() -> Answer:
            d = choose_distress_card(view, mem, rng, direction)
            return Answer(ask, card=d.card, why=d.why)

        return card
    if ask.kind == AskKind.SIGNAL:

        def signal() -> Answer:
            d = choose_signal(view, mem, rng, settings)
            return Answer(ask, d.action, why=d.why)

        return signal

    others = []
    if state.phase == Phase.ASSIGN and settings.wish_weight and not mem.wishes:
        # the crew's free choice: the others say which tasks they would like first, each from
        # its own view (only task numbers are said, rules I4)
        others = [
            (p, view_for(state, p), memory(p), rng_for(p)) for p in sorted(memories) if p != seat
        ]

    def action() -> Answer:
        if others:
            mem.wishes = {p: tuple(task_wishes(v, m, r, settings)) for p, v, m, r in others}
        d = choose_action(view, mem, rng, settings)
        return Answer(ask, d.action, why=d.why)

    return action


def with_votes(
    table: TableState, votes: tuple[tuple[int, str | None], ...], *, people: bool
) -> TableState:
    """The computers' distress votes are in: with people at the table they are told and the
    people decide; without, the signal is sent only when every computer votes for it."""
    table = replace(table, distress_votes=votes)
    if people:
        return table
    direction = distress_outcome(votes)
    if direction is None:
        return replace(table, distress_decided=True)
    return replace(table, distress_direction=direction, distress_cards=())


def with_signal_answer(table: TableState, trick: int, seat: int) -> TableState:
    """``seat`` was asked in the window before ``trick`` (whatever it answered)."""
    return replace(table, window_asked=table.window_asked | {(trick, seat)})


def with_distress_card(table: TableState, seat: int, card: int) -> TableState:
    """``seat`` chose ``card`` to pass in the distress signal being collected."""
    cards = tuple((s, c) for s, c in table.distress_cards if s != seat) + ((seat, card),)
    return replace(table, distress_cards=tuple(sorted(cards)))


def distress_action(table: TableState, players: int) -> Distress | None:
    """The whole distress action once every crew member has chosen a card (else None)."""
    if table.distress_direction is None or len(table.distress_cards) < players:
        return None
    cards = tuple(c for _, c in sorted(table.distress_cards))
    return Distress(table.distress_direction, cards)
