"""Signals and the distress signal: a fixed, readable policy for what to show (``choose_signal``),
and the distress vote and card judged on sampled deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crew.engine.actions import (
    Distress,
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
from crew.engine.game import apply
from crew.engine.missions import HEAVY_NOISE
from crew.engine.phases.distress import distress_target, pass_leaves_short
from crew.engine.signals import POSITION_CLAIMS, true_positions
from crew.engine.state import GameState
from crew.engine.tasks import get_task
from crew.engine.view import TaskView, View, view_for
from crew.i18n import Said

from . import search
from .common import (
    Decision,
    costed,
)
from .memory import Memory
from .sampler import sample_states
from .settings import DEFAULT, Settings
from .tasks import named_cards, task_nodes

#: how useful a signal must be to send it before trick 1 / later (see ``choose_signal``):
#: every true signal narrows the partners' sampled deals, so the measured best is to show the
#: most telling card at the first window (mission 7, 20 deals: 15 won vs 14 with a bar of 2/1)
SIGNAL_BAR = (0.0, 0.0)
#: sampled deals a distress vote judges at least (each as it is and after the passes each way;
#: one vote an attempt, so it may look at more deals than a task decision)
DISTRESS_SAMPLES = 12


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
    """This seat's vote on the distress signal (a crew decision), and the way it would send it.

    Judged on sampled deals, each as it is and after the passes each way, every seat passing
    the card :func:`distress_card` picks from its own hand on that deal (what the partners will
    pass is theirs to choose, by the same rule): ``p0`` and ``p1`` are the shares of the deals in
    which the tasks can be done before and after the passes (the better way). The first time in
    a mission the signal costs an attempt in the logbook, so the vote is yes when it saves more
    attempts than that, counting an attempt's chance as ``p`` times an unknown factor (open
    hands win more than the crew does): ``1/p0 - 1/p1 > cfg.distress_cost``. Once it is active
    (rules H5) passing is free, and the vote is yes when ``p1`` beats ``p0``. With
    ``distress_cost`` None the vote is always no.
    """
    ctx = search.Context()
    owned = {t.task: t.owner for t in view.tasks if t.owner >= 0 and t.status == TaskStatus.PENDING}
    owned = {t: s for t, s in owned.items() if get_task(t).prediction is None}
    if cfg.distress_cost is None or not owned or not memory.usable(view):
        return Decision(None, Said("no need for the distress signal"))
    ways = [Direction.LEFT] if view.players == 2 else [Direction.LEFT, Direction.RIGHT]
    states = sample_states(view, memory, rng, max(cfg.task_samples, DISTRESS_SAMPLES))
    nodes = task_nodes(cfg, len(states) * (len(ways) + 1))

    def child(st: GameState, k: int) -> GameState:
        return search.with_tasks(distress_passes(st, ways[k - 1]) if k else st, owned, {})

    scores, judged = search.score_each(states, len(ways) + 1, child, nodes, ctx)
    p0, *after = (x / max(judged, 1) for x in scores)
    k = max(range(len(ways)), key=lambda i: after[i])
    p1, way = after[k], ways[k]
    if view.distress_active:
        worth = p1 > p0
    else:
        worth = p1 > 0 and (p0 == 0 or 1 / p0 - 1 / p1 > cfg.distress_cost)
    pct = {"pct": round(100 * p0), "after": round(100 * p1), "way": Said(way.value)}
    if worth:
        said = Said(
            "the tasks are done in {pct}% of sampled deals, in {after}% after passing {way}: "
            "send it",
            **pct,
        )
        return costed(Decision(None, said, direction=way), ctx)
    said = Said(
        "the tasks are done in {pct}% of sampled deals, in {after}% after passing {way}: "
        "not worth it",
        **pct,
    )
    return costed(Decision(None, said), ctx)


def distress_passes(state: GameState, direction: Direction) -> GameState:
    """``state`` (the signal still possible: before the first trick, when every hand holds a
    coloured card) after the distress signal sent ``direction``, every crew member passing the
    card :func:`distress_card` picks from its own hand."""
    cards = []
    for seat in range(state.setup.players):
        v = view_for(state, seat)
        cards.append(distress_card(v, mask_of(v.hand), direction)[0])
    return apply(state, Distress(direction, tuple(cards)))[0]


def distress_card(view: View, hand: int, direction: Direction) -> tuple[int, Said]:
    """The card ``hand`` (``view``'s seat's, holding a coloured card) passes in the distress
    signal sent ``direction``, and why: a card a receiver's task names goes to them; otherwise
    the lowest card of the shortest colour (it helps this hand become void and keeps its high
    cards). Never the last card of the kind a pending task needs this hand to hold (the engine's
    ``pass_leaves_short``) while another may go."""
    to = distress_target(view.players, view.seat, direction)
    theirs = _task_cards(view.tasks, {to})
    colours = list(cards_in(hand & COLOR_CARDS_MASK))
    short = {c: pass_leaves_short(view.tasks, view.seat, hand, c) for c in colours}
    kept = [c for c in colours if short[c] is not None]
    colours = [c for c in colours if short[c] is None] or colours
    gift = [c for c in colours if c in theirs]
    if gift:
        c = gift[0]
        return c, Said("{card} is named on a task of the receiver", card=card_str(c))

    def key(c: int) -> tuple[int, int]:
        return ((hand & SUIT_MASKS[suit_of(c)]).bit_count(), value_of(c))

    c = min(colours, key=key)
    keep = min(kept, key=key) if kept else None
    if keep is not None and short[c] is None and key(keep) < key(c):
        return c, Said(
            "{card}: the lowest of the shortest colour, keeping {kept} for task #{task}",
            card=card_str(c),
            kept=card_str(keep),
            task=short[keep],
        )
    return c, Said("{card}: the lowest of the shortest colour", card=card_str(c))


def choose_distress_card(
    view: View, memory: Memory, rng: random.Random, direction: Direction
) -> Decision:
    """The card this seat passes when the crew sends the distress signal (:func:`distress_card`)."""
    hand = mask_of(view.hand)
    if not hand & COLOR_CARDS_MASK:
        raise ValueError("a hand of submarines only cannot pass a card")
    card, why = distress_card(view, hand, direction)
    return Decision(None, why, card=card)
