"""The computers' part of the table: each question as a job built from the seat's own view.

:func:`job` turns an :class:`~crew.table.protocol.Ask` into a function without arguments that
decides it: it holds the asked seat's view (never the state), its memory and its random source,
so it can run away from the table (a worker thread) and two positions that look the same to the
seat give the same answer.

Each kind of question has one answer type (:data:`Answer`), and :func:`carry_out` alone says
what an answer does: a pure function of the answer, the engine state and the table's notes, the
same for the app's session, self-play and ``crew suggest``.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import NamedTuple

from crew.bots import (
    DEFAULT,
    Memory,
    Settings,
    choose_action,
    choose_distress,
    choose_distress_card,
    choose_signal,
    task_claims,
    task_wishes,
)
from crew.engine import (
    Action,
    Distress,
    GameState,
    Phase,
    Signal,
    free_owners,
    speaking_order,
    view_for,
)
from crew.engine.enums import Direction
from crew.i18n import Said

from .protocol import Ask, AskKind, TableState, distress_outcome, has_people

__all__ = [
    "ActionAnswer",
    "Answer",
    "CardAnswer",
    "Carried",
    "SignalAnswer",
    "VotesAnswer",
    "carry_out",
    "decision_rng",
    "job",
    "pass_card",
]


def decision_rng(seed: int | str, seat: int, number: int) -> random.Random:
    """The random source of one decision: a pure function of the game seed, the seat and the
    decision's number, so a replay makes the same choices."""
    return random.Random(f"crew-bot:{seed}:{seat}:{number}")


@dataclass(frozen=True, slots=True)
class VotesAnswer:
    """The computers' distress votes (:attr:`AskKind.VOTES`): each seat's way, or None."""

    ask: Ask
    votes: tuple[tuple[int, Direction | None], ...]
    why: str = ""


@dataclass(frozen=True, slots=True)
class CardAnswer:
    """The card a seat passes in the distress signal (:attr:`AskKind.DISTRESS_CARD`)."""

    ask: Ask
    card: int
    why: str = ""


@dataclass(frozen=True, slots=True)
class SignalAnswer:
    """Whether a seat communicates before the trick (:attr:`AskKind.SIGNAL`; None: not now)."""

    ask: Ask
    action: Signal | None
    why: str = ""


@dataclass(frozen=True, slots=True)
class ActionAnswer:
    """The move the table waits for from a seat (:attr:`AskKind.ACTION`)."""

    ask: Ask
    action: Action
    why: str = ""


#: A computer's decision for an :class:`Ask`, one type per kind, with its reason (``why``).
Answer = VotesAnswer | CardAnswer | SignalAnswer | ActionAnswer


def _joined(whys: list[str]) -> str:
    """The reasons one after the other ("a; b"), each still translatable where shown."""
    return functools.reduce(lambda a, b: Said("{a}; {b}", a=a, b=b), whys) if whys else ""


def assignable(state: GameState) -> dict[int, tuple[int, ...]]:
    """In a free task choice: each open task and the seats that may be given it
    (:func:`crew.engine.free_owners`); empty in any other way of handing tasks out."""
    owners = free_owners(state) or ()
    ids = state.setup.task_ids
    return {ids[i]: seats for i, seats in enumerate(owners) if state.owners[i] < 0}


def talk_order(state: GameState, seats: Iterable[int]) -> list[int]:
    """``seats`` in the order the crew's talk goes round (:func:`crew.engine.speaking_order`)."""
    order = speaking_order(state)
    return sorted(seats, key=lambda p: order.index(p) if p in order else len(order))


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
            return VotesAnswer(
                ask,
                tuple((seat, d.direction) for seat, d in decisions),
                _joined([d.why for _, d in decisions]),
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
            assert d.card is not None, d
            return CardAnswer(ask, d.card, d.why)

        return card
    if ask.kind == AskKind.SIGNAL:

        def signal() -> Answer:
            d = choose_signal(view, mem, rng, settings)
            assert d.action is None or isinstance(d.action, Signal), d
            return SignalAnswer(ask, d.action, d.why)

        return signal

    talk: Callable[[], dict[int, tuple[int, ...]]] | None = None
    if state.phase == Phase.ASSIGN and settings.wish_weight and not mem.wishes:
        # the crew's free choice: the computers say which tasks they would like first, each
        # from its own view (only task numbers are said, rules I4): in turns from the captain,
        # the decider too (``task_claims``), or each other computer its own list at once
        allowed = assignable(state)
        if settings.claims and allowed:
            voices = [
                (p, view_for(state, p), mem if p == seat else memory(p), rng_for(p))
                for p in talk_order(state, memories)
            ]

            def said_in_turns() -> dict[int, tuple[int, ...]]:
                return task_claims(voices, allowed, settings)

            talk = said_in_turns
        else:
            others = [p for p in sorted(memories) if p != seat]
            lists = [(p, view_for(state, p), memory(p), rng_for(p)) for p in others]

            def said_at_once() -> dict[int, tuple[int, ...]]:
                return {p: tuple(task_wishes(v, m, r, settings)) for p, v, m, r in lists}

            talk = said_at_once

    def action() -> Answer:
        if talk is not None:
            mem.wishes = talk()
        d = choose_action(view, mem, rng, settings)
        assert d.action is not None, d
        return ActionAnswer(ask, d.action, d.why)

    return action


class Carried(NamedTuple):
    """What an answer does: the table's notes after it, and the engine action it sends (None:
    only the notes change)."""

    table: TableState
    action: Action | None


def carry_out(
    answer: Answer, state: GameState, table: TableState, computers: frozenset[int]
) -> Carried:
    """What ``answer`` does at the table (``computers``: the seats they play): the one place
    where a computer's decision becomes notes and an engine action. Pure: the caller applies
    the action (the session records and saves it, self-play only applies it)."""
    match answer:
        case VotesAnswer(votes=votes):
            return Carried(_with_votes(table, votes, people=has_people(state, computers)), None)
        case CardAnswer(ask=ask, card=card):
            return pass_card(table, ask.seat, card, state.setup.players)
        case SignalAnswer(ask=ask, action=action):
            asked = table.window_asked | {(state.trick_number, ask.seat)}
            return Carried(replace(table, window_asked=asked), action)
        case ActionAnswer(action=action):
            return Carried(table, action)


def _with_votes(
    table: TableState, votes: tuple[tuple[int, Direction | None], ...], *, people: bool
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


def pass_card(table: TableState, seat: int, card: int, players: int) -> Carried:
    """``seat`` chose ``card`` to pass in the distress signal being collected (a person's
    choice or a computer's): once every crew member has chosen, the whole distress action is
    sent and the collection closes."""
    cards = tuple((s, c) for s, c in table.distress_cards if s != seat) + ((seat, card),)
    table = replace(table, distress_cards=tuple(sorted(cards)))
    if table.distress_direction is None or len(table.distress_cards) < players:
        return Carried(table, None)
    action = Distress(table.distress_direction, tuple(c for _, c in table.distress_cards))
    done = replace(table, distress_direction=None, distress_cards=(), distress_decided=True)
    return Carried(done, action)
