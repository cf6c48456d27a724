"""The compact search form of the trick phase, for the solver and other look-ahead.

``apply`` builds a full :class:`~crew.engine.state.GameState` and a list of events for every
card; a search that visits millions of positions needs less. :class:`SearchForm` holds what is
fixed once the tricks begin (crew, tasks and their owners, predictions, mission conditions) and
moves a small :class:`Node` from card to card. It decides nothing itself: the winner comes from
:func:`~crew.engine.tricks.trick_winner`, legal cards from :func:`~crew.engine.tricks.follow_mask`,
task status from each task's own evaluator (:mod:`crew.engine.tasks`), lead restrictions from the
task's ``on_lead`` and the mission conditions from the same functions ``apply`` uses. The tests
play thousands of random games through both ``apply`` and this form and compare them card by
card.

Two extras serve the search and are checked by the same tests:

- :meth:`SearchForm.key` is everything that still matters for the rest of the attempt at the
  start of a trick (a transposition-table key): the cards still held, the leader, each task's
  status and, per pending task, its owner and only the part of the history it can still look
  at. Owners of tasks already decided are left out, so one table serves every distribution of
  the tasks (with the same predictions);
- :meth:`SearchForm.classes` tells which cards no pending task or condition tells apart, so that
  two such cards held by one seat with nothing left between them are one choice.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .cards import (
    COLOR_CARDS_MASK,
    DECK_MASK,
    SUIT_LETTERS,
    SUIT_MASKS,
    VALUE_MASKS,
    card_list,
    mask_of,
    parse_card,
    parse_cards,
    suit_of,
)
from .conditions import Y5, broken_after_play, broken_after_trick
from .phases.tricks import flip_piles, judge_ctx, judge_tasks, take_trick
from .state import TONOJA, GameState
from .task_params import (
    ColorAllOrEach,
    CompareCaptain,
    CompareOthers,
    ConsecutiveTricks,
    DontOpen,
    DontWin,
    EqualTwoColors,
    EvenOddTrick,
    FirstLastTricks,
    MoreColorThan,
    NTricks,
    PredictTricks,
    Submarine,
    TrickAllAboveBelow,
    TrickSum,
    WinNOfColor,
    WinNOfValue,
    WinSpecificCards,
    WinWithCard,
)
from .tasks import DONE, FAILED, PENDING, Task, get_task
from .tricks import Trick, follow_mask

__all__ = ["Node", "SearchForm", "WON", "LOST", "OPEN"]

#: Node results.
OPEN, WON, LOST = 0, 1, 2


class Node(NamedTuple):
    """One moment of the trick phase, as small as the search needs it."""

    hands: tuple[int, ...]  # per seat; Tonoja: her face-up cards
    piles: tuple[tuple[int, int], ...]  # Tonoja's piles (face-down, face-up), -1 none
    leader: int
    turn: int
    trick_seats: tuple[int, ...]
    trick_cards: tuple[int, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]
    counts: tuple[int, ...]
    played: int  # cards of completed tricks
    status: tuple[int, ...]  # per task, as in GameState
    result: int  # OPEN, WON or LOST


# ---------------------------------------------------------------------------------------------
# what each task can still look at (for the key) and which cards it tells apart (for merging)


def _colours(letters: list[str]) -> int:
    m = 0
    for letter in letters:
        m |= SUIT_MASKS[SUIT_LETTERS.index(letter.upper())]
    return m


def _values(values: list[int]) -> int:
    m = 0
    for v in values:
        m |= VALUE_MASKS[int(v)]
    return m


_HIST_NONE, _HIST_WON, _HIST_COUNTS, _HIST_RUN, _HIST_ALL = range(5)


def _task_profile(task: Task) -> tuple[int, int, tuple[int, ...]]:
    """(history kind, card mask the history is about, masks of cards the task tells apart).

    The history kind says what part of the past a *pending* task can still depend on: nothing
    (a pending task of that kind is decided by what happens next), the owner's captured cards
    within a mask, the trick counts, the owner's trick count and current run, or (unknown
    categories) everything. Cards of one suit are told apart only through the masks.
    """
    p = task.card.params
    every_value = tuple(VALUE_MASKS[1:])
    if isinstance(p, WinSpecificCards):
        need = mask_of(parse_cards(p.cards))
        if p.trick == "last":
            return _HIST_NONE, 0, (need,)
        return _HIST_WON, need, (need,)
    if isinstance(p, WinNOfColor):
        return _HIST_WON, _colours(list(p.parts())), ()
    if isinstance(p, WinNOfValue):
        m = VALUE_MASKS[p.value]
        return _HIST_WON, m, (m,)
    if isinstance(p, DontWin):
        vm = _values(list(p.values))
        return _HIST_WON, _colours(list(p.colors)) | vm, (vm,) if vm else ()
    if isinstance(p, ColorAllOrEach):
        return _HIST_WON, COLOR_CARDS_MASK, ()
    if isinstance(p, (FirstLastTricks, DontOpen)):
        return _HIST_NONE, 0, ()
    if isinstance(p, (NTricks, CompareCaptain, CompareOthers, PredictTricks)):
        return _HIST_COUNTS, 0, ()
    if isinstance(p, ConsecutiveTricks):
        return _HIST_RUN, 0, ()
    if isinstance(p, TrickAllAboveBelow):
        bound = p.value
        above = _values([v for v in range(1, 10) if v > bound])
        below = _values([v for v in range(1, 10) if v < bound])
        return _HIST_NONE, 0, (above if p.op == "gt" else below,)
    if isinstance(p, (TrickSum, EvenOddTrick)):
        return _HIST_NONE, 0, every_value
    if isinstance(p, WinWithCard):
        if p.play == "submarine":
            assert isinstance(p.capture, str)
            return _HIST_NONE, 0, (1 << parse_card(p.capture),)
        masks = [VALUE_MASKS[p.play]]
        if isinstance(p.capture, int):
            masks.append(VALUE_MASKS[p.capture])
        return _HIST_NONE, 0, tuple(masks)
    if isinstance(p, EqualTwoColors):
        if p.scope == "one_trick":
            return _HIST_NONE, 0, ()
        return _HIST_WON, _colours(list(p.colors)), ()
    if isinstance(p, MoreColorThan):
        return _HIST_WON, _colours([p.more, p.than]), ()
    if isinstance(p, Submarine):
        subs = SUIT_MASKS[4]
        if p.cards is not None:
            target = mask_of(parse_cards(p.cards))
            return _HIST_WON, subs, (target,)
        return _HIST_WON, subs, ()
    # a category this module does not know: assume it may look at anything
    return _HIST_ALL, DECK_MASK, every_value + tuple(1 << c for c in range(36, 40))


_CONDITION_MASKS = {
    "balance_9s": VALUE_MASKS[9],
    "balance_1s": VALUE_MASKS[1],
    "yellow5_last": 1 << Y5,
}


# ---------------------------------------------------------------------------------------------


class SearchForm:
    """The trick phase of one attempt with its task owners and predictions fixed.

    ``free`` lists task indices of prediction tasks whose number is not fixed yet: the search
    treats them as "the owner predicts whatever count they end with", which never fails early
    and is done after the last trick (the solver then writes that count down as the
    prediction).
    """

    def __init__(self, state: GameState, free: frozenset[int] = frozenset()) -> None:
        st = state.setup
        self.setup = st
        self.root = state
        self.seats = st.seats
        self.total = st.total_tricks
        self.owners = state.owners
        self.predictions = state.predictions
        self.free = free
        self.tonoja = st.tonoja
        self.tasks = tuple(get_task(t) for t in st.task_ids)
        self.evaluators = tuple(t.evaluate for t in self.tasks)
        self.lead_checks = tuple(
            (i, t.on_lead) for i, t in enumerate(self.tasks) if t.on_lead is not None
        )
        self.profiles = tuple(_task_profile(t) for t in self.tasks)
        self.conditions = st.rules.conditions
        self._class_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._cond_masks = tuple(
            _CONDITION_MASKS[c] for c in self.conditions if c in _CONDITION_MASKS
        )

    # -- moving ----------------------------------------------------------------------------

    def start(self, state: GameState) -> Node:
        """The node of ``state`` (which must be in the trick phase, or over)."""
        result = OPEN
        if state.result:
            result = WON if state.result == "won" else LOST
        return Node(
            state.hands,
            state.piles,
            state.leader,
            state.turn,
            state.trick_seats,
            state.trick_cards,
            state.tricks,
            state.won,
            state.counts,
            state.played,
            state.status,
            result,
        )

    def legal(self, node: Node) -> int:
        """Bitmask of the cards the seat to play may play now."""
        hand = node.hands[node.turn]
        if node.trick_cards:
            return follow_mask(hand, suit_of(node.trick_cards[0]))
        return hand

    def play(self, node: Node, card: int) -> Node:
        """The node after the seat to play plays ``card`` (assumed legal)."""
        seat = node.turn
        hands = list(node.hands)
        hands[seat] &= ~(1 << card)
        tseats = node.trick_seats + (seat,)
        tcards = node.trick_cards + (card,)
        status = node.status
        lost = False
        if len(tcards) == 1:
            for i, on_lead in self.lead_checks:
                if status[i] == PENDING and on_lead(self.owners[i], seat, card) == FAILED:
                    status = status[:i] + (FAILED,) + status[i + 1 :]
                    lost = True
        if not lost and self.conditions and broken_after_play(self.state_of(node), seat, card):
            lost = True
        if lost:
            return node._replace(
                hands=tuple(hands),
                trick_seats=tseats,
                trick_cards=tcards,
                status=status,
                result=LOST,
            )
        if len(tcards) < self.seats:
            return Node(
                tuple(hands),
                node.piles,
                node.leader,
                (seat + 1) % self.seats,
                tseats,
                tcards,
                node.tricks,
                node.won,
                node.counts,
                node.played,
                status,
                OPEN,
            )
        return self._finish(node, hands, tseats, tcards, status)

    def _finish(
        self,
        node: Node,
        hands: list[int],
        tseats: tuple[int, ...],
        tcards: tuple[int, ...],
        status: tuple[int, ...],
    ) -> Node:
        trick, wt, ct, played = take_trick(
            node.leader, tseats, tcards, node.won, node.counts, node.played
        )
        w = trick.winner
        tricks = node.tricks + (trick,)
        piles = node.piles
        if piles:
            piles, hands[TONOJA], _ = flip_piles(piles, played, hands[TONOJA])
        final = len(tricks) >= self.total
        ctx = judge_ctx(self.setup, wt, ct, tricks, played, self.predictions)
        st = judge_tasks(self.evaluators, self.owners, status, ctx, self.free)
        if final and self.free:
            st = tuple(DONE if i in self.free and s == PENDING else s for i, s in enumerate(st))
        hands_t = tuple(hands)
        result = OPEN
        if FAILED in st:
            result = LOST
        elif self.conditions and broken_after_trick(
            self.state_of(Node(hands_t, piles, w, w, (), (), tricks, wt, ct, played, st, OPEN)),
            final,
        ):
            result = LOST
        elif st and all(s == DONE for s in st):
            result = WON
        elif final:
            result = WON
        return Node(hands_t, piles, w, w, (), (), tricks, wt, ct, played, st, result)

    def state_of(self, node: Node) -> GameState:
        """The engine state of ``node`` (for the engine's own judges of mission conditions)."""
        return self.root._replace(
            hands=node.hands,
            piles=node.piles,
            leader=node.leader,
            turn=node.turn,
            trick_seats=node.trick_seats,
            trick_cards=node.trick_cards,
            tricks=node.tricks,
            won=node.won,
            counts=node.counts,
            played=node.played,
            status=node.status,
        )

    # -- transpositions and equivalent cards ------------------------------------------------

    def key(self, node: Node) -> tuple[object, ...]:
        """What decides the rest of the attempt from ``node`` (at the start of a trick)."""
        hist: list[object] = []
        for i, (kind, mask, _) in enumerate(self.profiles):
            if node.status[i] != PENDING or kind == _HIST_NONE or i in self.free:
                continue
            owner = self.owners[i]
            if kind == _HIST_WON:
                hist.append(node.won[owner] & mask)
            elif kind == _HIST_COUNTS:
                hist.append(node.counts)
            elif kind == _HIST_RUN:
                run = 0
                for t in reversed(node.tricks):
                    if t.winner != owner:
                        break
                    run += 1
                hist.append((node.counts[owner], run))
            else:
                hist.append((node.won, node.counts, tuple(t.winner for t in node.tricks)))
        for cond in self.conditions:
            if cond == "balance_9s" or cond == "balance_1s":
                m = _CONDITION_MASKS[cond]
                hist.append(tuple((w & m).bit_count() for w in node.won))
            elif cond == "first_trick_winner_leads":
                hist.append((node.tricks[0].winner if node.tricks else -1, node.counts))
            elif cond not in ("yellow5_last", "no_lead_pink_or_submarine"):
                hist.append((node.won, node.counts, tuple(t.winner for t in node.tricks)))
        status = node.status
        owners = tuple(o if status[i] == PENDING else -1 for i, o in enumerate(self.owners))
        return (node.hands, node.piles, node.leader, node.status, owners, tuple(hist))

    def classes(self, status: tuple[int, ...]) -> tuple[int, ...]:
        """Per card, a class label: cards with different labels are told apart by some pending
        task or mission condition; cards with the same label and suit differ only in rank."""
        hit = self._class_cache.get(status)
        if hit is not None:
            return hit
        masks: list[int] = list(self._cond_masks)
        for i, (_, _, apart) in enumerate(self.profiles):
            if status[i] == PENDING:
                masks.extend(apart)
        labels: dict[tuple[bool, ...], int] = {}
        out = []
        for c in range(40):
            sig = tuple(bool(m >> c & 1) for m in masks)
            out.append(labels.setdefault(sig, len(labels)))
        result = tuple(out)
        self._class_cache[status] = result
        return result

    def choices(self, node: Node, legal: int) -> list[int]:
        """One card per group of equivalent legal cards (lowest first within a suit).

        Two cards of one suit in one hand are equivalent when every card of that suit ranked
        between them is already out of play (completed tricks) or in the same hand, and no
        pending task or condition tells them apart. Tonoja's cards are never merged: each one
        uncovers a different card.
        """
        if self.tonoja and node.turn == TONOJA:
            return _bits(legal)
        cls = self.classes(node.status)
        gone = node.played | node.hands[node.turn]
        out: list[int] = []
        prev = -1
        for c in _bits(legal):
            if prev >= 0 and suit_of(prev) == suit_of(c) and cls[prev] == cls[c]:
                between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
                if not between & ~gone:
                    prev = c
                    continue
            out.append(c)
            prev = c
        return out


_bits = card_list


@cache
def prediction_tasks(task_ids: tuple[int, ...]) -> tuple[int, ...]:
    """Indices of the prediction tasks among ``task_ids``."""
    return tuple(i for i, t in enumerate(task_ids) if get_task(t).prediction is not None)


def free_predictions(state: GameState) -> frozenset[int]:
    """Prediction tasks whose owner has not fixed a number yet."""
    return frozenset(
        i
        for i in prediction_tasks(state.setup.task_ids)
        if state.owners[i] >= 0 and state.predictions[state.owners[i]] < 0
    )
