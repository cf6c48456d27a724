"""Signals and the distress signal: a fixed, readable policy for what to show (``choose_signal``),
and the distress vote and card judged on sampled deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crew.engine.actions import (
    Signal,
)
from crew.engine.cards import (
    COLOR_CARDS_MASK,
    SUB,
    SUIT_MASKS,
    card_str,
    cards_in,
    mask_of,
    suit_of,
    value_of,
)
from crew.engine.enums import Direction, Position, TaskStatus
from crew.engine.missions import HEAVY_NOISE
from crew.engine.phases.distress import distress_target
from crew.engine.signals import POSITION_CLAIMS, true_positions
from crew.engine.tasks import get_task
from crew.engine.view import TaskView, View
from crew.i18n import Said

from . import search
from .common import (
    Decision,
    costed,
)
from .memory import Memory
from .sampler import sample_states
from .settings import DEFAULT, Settings
from .tasks import named_cards, task_chances

#: how useful a signal must be to send it before trick 1 / later (see ``choose_signal``):
#: every true signal narrows the partners' sampled deals, so the measured best is to show the
#: most telling card at the first window (mission 7, 20 deals: 15 won vs 14 with a bar of 2/1)
SIGNAL_BAR = (0.0, 0.0)


def signal_options(seat: int, hand: int, shown: set[int]) -> list[Signal]:
    """Every card of ``hand`` that ``seat`` may still show (not in ``shown``), with its one
    true token position (the engine's claims: the only card of a colour, its highest, its
    lowest)."""
    return [
        Signal(seat, card, position)
        for card in cards_in(hand)
        if card not in shown
        for position in true_positions(hand, card)
    ]


def _task_cards(tasks: Sequence[TaskView], owners: set[int]) -> dict[int, int]:
    """Cards named by pending tasks of ``owners``: card -> owner."""
    out: dict[int, int] = {}
    for t in tasks:
        if t.owner in owners and t.status == TaskStatus.PENDING:
            for c in named_cards(t.task):
                out[c] = t.owner
    return out


def signal_value(seats: int, tasks: Sequence[TaskView], hand: int, sig: Signal) -> float:
    """How much showing ``sig`` tells the crew about cards named on pending ``tasks``."""
    others = {s for s in range(seats) if s != sig.seat}
    theirs = _task_cards(tasks, others)
    mine = _task_cards(tasks, {sig.seat})
    colour = SUIT_MASKS[suit_of(sig.card)]
    value = 0.0
    if sig.card in theirs:
        value += 3.0  # the owner learns where the card is (and that it comes when led)
    for c in theirs:
        if colour >> c & 1 and c != sig.card:
            # tells the owner whether this hand can over- or under-take that card
            value += 1.0 if hand >> c & 1 else 0.5
    for c in mine:
        if colour >> c & 1 and not hand >> c & 1:
            value += 1.0  # partners learn how this hand stands in the colour this seat needs
    if sig.position == Position.MIDDLE and hand & SUIT_MASKS[SUB]:
        value += 0.5  # soon void, with a trump to take tricks
    if sig.position == Position.TOP and value_of(sig.card) == 9:
        value += 0.5  # a sure winner, telling partners who takes that colour
    return value


def best_signal(
    seat: int, seats: int, tasks: Sequence[TaskView], hand: int, shown: set[int]
) -> tuple[Signal, float] | None:
    """The signal ``seat`` would show with ``hand`` (the most telling; on a tie the lowest
    card) and its value; None when it has none to show. What :func:`choose_signal` shows: a
    function of the seat, the tasks and the hand alone, so the same question can be asked of
    a partner's hand on a sampled deal (tried as inference from a partner's first signal and
    not kept: ``docs/benchmarks.md``, the ``sg`` rows)."""
    opts = signal_options(seat, hand, shown)
    if not opts:
        return None
    best = min(opts, key=lambda s: (-signal_value(seats, tasks, hand, s), s.card))
    return best, signal_value(seats, tasks, hand, best)


def choose_signal(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> Decision:
    """Whether to communicate now, and what. Called when the communication window before a
    trick is open and this seat may communicate.

    Policy: show the card that tells most about cards named on pending tasks (a task card
    itself, the top or bottom of a colour where a partner needs a card, the colour this seat
    needs); communicate before the first trick when that is clearly useful, later with a lower
    bar, and hold back on shared tokens (heavy noise) unless it matters.
    """
    shown = {sv.card for sv in view.signals}
    found = best_signal(view.seat, view.seats, view.tasks, mask_of(view.hand), shown)
    if (
        found is None
        or not view.tokens_left[view.seat]
        or not any(t.status == TaskStatus.PENDING for t in view.tasks)
    ):
        return Decision(None, Said("nothing worth showing"))
    best, value = found
    bar = SIGNAL_BAR[0] if view.tricks_played == 0 else SIGNAL_BAR[1]
    if view.rules.communication == HEAVY_NOISE:
        bar += 1.0
    # missions 10 and 13: tasks given away close communication after trick 1; now or never
    if view.tricks_played == 0 and view.given_away:
        bar = min(bar, 0.0)
    if value < bar:
        return Decision(None, Said("no card would tell the crew enough now"))
    claim = Said(POSITION_CLAIMS[best.position])
    why = Said("{card} is this hand's {claim} of its colour", card=card_str(best.card), claim=claim)
    return Decision(best, why)


def choose_distress(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> Decision:
    """This seat's vote on the distress signal (a crew decision).

    It costs an attempt in the logbook, so the vote is yes only when the sampled deals say the
    tasks can rarely be done as things stand.
    """
    ctx = search.Context()
    owned = {t.task: t.owner for t in view.tasks if t.owner >= 0 and t.status == TaskStatus.PENDING}
    owned = {t: s for t, s in owned.items() if get_task(t).prediction is None}
    if not owned or not memory.usable(view):
        return Decision(None, Said("no need for the distress signal"))
    states = sample_states(view, memory, rng, cfg.task_samples)
    ch = task_chances(view, states, [owned], cfg, ctx)[0]
    if ch < 0.25:
        return costed(
            Decision(
                None,
                Said(
                    "the tasks look hard (done in {pct}% of sampled deals): send it, left",
                    pct=round(100 * ch),
                ),
                direction=Direction.LEFT,
            ),
            ctx,
        )
    said = Said("the tasks are done in {pct}% of sampled deals: no need", pct=round(100 * ch))
    return costed(Decision(None, said), ctx)


def choose_distress_card(
    view: View, memory: Memory, rng: random.Random, direction: Direction
) -> Decision:
    """The card this seat passes when the crew sends the distress signal.

    A card a receiver's task names goes to them; otherwise the lowest card of the shortest
    colour (it helps this hand become void and keeps its high cards).
    """
    hand = mask_of(view.hand)
    to = distress_target(view.players, view.seat, direction)
    theirs = _task_cards(view.tasks, {to})
    colours = list(cards_in(hand & COLOR_CARDS_MASK))
    if not colours:
        raise ValueError("a hand of submarines only cannot pass a card")
    gift = [c for c in colours if c in theirs]
    if gift:
        c = gift[0]
        return Decision(
            None, Said("{card} is named on a task of the receiver", card=card_str(c)), card=c
        )

    def key(c: int) -> tuple[int, int]:
        return ((hand & SUIT_MASKS[suit_of(c)]).bit_count(), value_of(c))

    c = min(colours, key=key)
    return Decision(
        None, Said("{card}: the lowest of the shortest colour", card=card_str(c)), card=c
    )
