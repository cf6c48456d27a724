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
  start of a trick (a transposition-table key): the cards still held (by rank within their
  suit and class), the leader, each task's status and, per pending task, its owner and only the
  part of the history it can still look at (as its category states it, ``Task.know``). Owners
  of tasks already decided are left out, so one table serves every distribution of the tasks
  (with the same predictions);
- :meth:`SearchForm.classes` tells which cards no pending task or condition tells apart, so that
  two such cards held by one seat with nothing left between them are one choice. A colour no
  trick may be opened with (mission 12's pink) never wins a trick, so its cards of one class are
  one choice, and the key counts them rather than ranking them.

A form may also hold groups of tasks (``groups``): one task offered to several owners, one copy
each, done once one copy is done and lost only once every copy has failed (the solver's search
of a free task choice at once). Each copy is judged by its own evaluator like any task.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from .cards import COLORS, DECK_MASK, SUIT_MASKS, card_list, popcount, suit_of
from .conditions import AfterTrick, OnPlay, condition
from .enums import Result
from .phases.tricks import Judge, ctx_after, flip_piles, judge_tasks, take_trick
from .state import TONOJA, GameState, Setup
from .task_base import Reads
from .tasks import DONE, FAILED, PENDING, get_task
from .tricks import Trick, follow_mask

__all__ = ["Node", "SearchForm", "WON", "LOST", "OPEN"]

#: Node results (Final: compiled code takes the numbers as they are).
OPEN: Final = 0
WON: Final = 1
LOST: Final = 2

#: What a task reads of the past (:class:`~crew.engine.task_base.Reads`), as plain numbers
#: for the key's loop.
_WON: Final = int(Reads.WON)
_COUNTS: Final = int(Reads.COUNTS)
_COUNTED: Final = int(Reads.COUNTED)

#: How the key names a suit's cards (:meth:`SearchForm._suits_of`): every card by name, by
#: rank within the sets some task or condition tells apart, or by how many of each such set a
#: hand holds (a colour no trick may be opened with: its cards never win a trick).
_BY_NAME: Final = 0
_BY_RANK: Final = 1
_BY_COUNT: Final = 2


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


class Seen(NamedTuple):
    """What a mission condition reads of one position (:class:`~crew.engine.conditions.Table`):
    building a whole ``GameState`` for every card would cost the search a third of its time."""

    setup: Setup
    tricks: tuple[Trick, ...]
    trick_cards: tuple[int, ...]
    won: tuple[int, ...]
    counts: tuple[int, ...]
    played: int


class SearchForm:
    """The trick phase of one attempt with its task owners and predictions fixed.

    ``free`` lists task indices of prediction tasks whose number is not fixed yet: the search
    treats them as "the owner predicts whatever count they end with", which never fails early
    and is done after the last trick (the solver then writes that count down as the
    prediction).
    """

    def __init__(
        self, state: GameState, free: frozenset[int] = frozenset(), groups: tuple[int, ...] = ()
    ) -> None:
        st = state.setup
        self.setup = st
        self.root = state
        self.seats = st.seats
        self.total = st.total_tricks
        self._captain = st.captain
        self._crew = st.crew
        self.owners = state.owners
        self.predictions = state.predictions
        self.free = free
        #: per task, its group (empty: no groups): the tasks of a group are one task offered to
        #: several owners, done once any of them is done and failed once all of them failed
        self.groups = groups
        members: dict[int, list[int]] = {}
        for i, g in enumerate(groups):
            members.setdefault(g, []).append(i)
        self._members = tuple(tuple(m) for m in members.values() if len(m) > 1)
        #: the tasks of groups of more than one (no single one of them must be done)
        self.offered = frozenset(i for m in self._members for i in m)
        self.tonoja = st.tonoja
        self.tasks = tuple(get_task(t) for t in st.task_ids)
        self.evaluators = tuple(t.evaluate for t in self.tasks)
        self.lead_checks = tuple(
            (i, t.on_lead) for i, t in enumerate(self.tasks) if t.on_lead is not None
        )
        self.knowledge = tuple(t.know for t in self.tasks)
        #: per task whose past the key keeps (one that reads some, not a free prediction):
        #: (index, what it reads as a number, owner, the cards it reads, the sets it counts,
        #: its tally), read once here rather than from the task's knowledge at every key
        self._reads = tuple(
            (i, int(k.reads), self.owners[i], k.reads_cards, k.counted, k.tally)
            for i, k in enumerate(self.knowledge)
            if k.reads != Reads.NOTHING and i not in free
        )
        # per task judged after a trick (not a free prediction): (index, evaluator, owner,
        # the cards that wake it (-1: every trick does), its owner if winning a trick wakes
        # it too, else -1)
        judges: list[Judge] = []
        for i, k in enumerate(self.knowledge):
            if i in free:
                continue
            sleeps = k.wakes >= 0 or k.reads in (Reads.WON, Reads.COUNTED)
            wakes = (k.wakes if k.wakes >= 0 else k.reads_cards) if sleeps else -1
            judges.append(
                (i, self.evaluators[i], self.owners[i], wakes, self.owners[i] if k.on_win else -1)
            )
        self._judges = tuple(judges)
        self.conditions = st.rules.conditions
        self.judged = tuple(condition(c) for c in self.conditions)  # unknown: an error
        # the judges of the conditions that a card, or a trick, can break
        self._on_play: tuple[OnPlay, ...] = tuple(
            c.on_play for c in self.judged if c.on_play is not None
        )
        self._after_trick: tuple[AfterTrick, ...] = tuple(
            c.after_trick for c in self.judged if c.after_trick is not None
        )
        self._class_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._apart_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._suit_masks: dict[tuple[int, ...], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}
        self._cond_masks = tuple(c.apart for c in self.judged if c.apart)
        leads = DECK_MASK
        for c in self.judged:
            leads &= c.leads
        #: the colours no trick may be opened with (a lead of one loses the attempt at once):
        #: their cards are only ever played on a trick of another suit and never win it, so
        #: which of them a seat holds matters only as far as a task or condition tells them apart
        self.never_led = 0
        if not self.tonoja:  # each of Tonoja's cards uncovers another: keep them by name
            for colour in COLORS:
                if not leads & SUIT_MASKS[colour]:
                    self.never_led |= SUIT_MASKS[colour]
        # the table of _squeeze(), held here once needed (a call of the cached function costs
        # a lookup for every key)
        self._squeezed: tuple[tuple[int, ...], ...] | None = None

    # -- moving ----------------------------------------------------------------------------

    def start(self, state: GameState) -> Node:
        """The node of ``state`` (which must be in the trick phase, or over)."""
        result = OPEN
        if state.result:
            result = WON if state.result == Result.WON else LOST
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
            if lost and self._members:
                status, lost = self._settle(status)
        if not lost and self._on_play:
            tricks = node.tricks
            seen = Seen(self.setup, tricks, node.trick_cards, node.won, node.counts, node.played)
            tnum = len(tricks) + 1
            completes = len(tcards) == self.seats
            if any(judge(seen, seat, card, tnum, completes) for judge in self._on_play):
                lost = True
        if lost or len(tcards) < self.seats:
            turn, result = (node.turn, LOST) if lost else ((seat + 1) % self.seats, OPEN)
            return _new_node(
                (
                    tuple(hands),
                    node.piles,
                    node.leader,
                    turn,
                    tseats,
                    tcards,
                    node.tricks,
                    node.won,
                    node.counts,
                    node.played,
                    status,
                    result,
                )
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
        ctx = ctx_after(
            self.total, self._captain, self._crew, wt, ct, tricks, played, self.predictions
        )
        in_trick = 0
        for c in tcards:
            in_trick |= 1 << c
        st = judge_tasks(self._judges, status, ctx, in_trick, w)
        gone = FAILED in st
        if self._members:
            st, gone = self._settle(st)
        if final and self.free:  # a free prediction: the owner predicts the count it ends with
            st = tuple(DONE if i in self.free and s == PENDING else s for i, s in enumerate(st))
        hands_t = tuple(hands)
        result = OPEN
        if gone:
            result = LOST
        elif self._after_trick and any(
            judge(Seen(self.setup, tricks, (), wt, ct, played), final)
            for judge in self._after_trick
        ):
            result = LOST
        elif st and all(s == DONE for s in st):
            result = WON
        elif final:
            result = WON
        return _new_node((hands_t, piles, w, w, (), (), tricks, wt, ct, played, st, result))

    def _settle(self, status: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
        """``status`` with every task of a group done once one of them is, and whether some
        task has failed for good (alone, or with every other task of its group)."""
        out = list(status)
        grouped = 0
        for members in self._members:
            done = failed = 0
            for i in members:
                grouped |= 1 << i
                s = out[i]
                done += s == DONE
                failed += s == FAILED
            if done:
                for i in members:
                    out[i] = DONE
            elif failed == len(members):
                return tuple(out), True
        lost = any(s == FAILED and not grouped >> i & 1 for i, s in enumerate(out))
        return tuple(out), lost

    # -- transpositions and equivalent cards ------------------------------------------------

    def key(self, node: Node) -> tuple[object, ...]:
        """What decides the rest of the attempt from ``node`` (at the start of a trick).

        The cards still held are named by rank, not by value: per suit, who holds each card
        left from the lowest up, and the class of cards some pending task or condition tells
        it apart by (:meth:`classes`). Two positions that differ only in which of the lower
        cards are gone play out the same way (as in double-dummy bridge solvers).
        """
        hist: list[object] = []
        cap = self.setup.captain
        status = node.status
        for i, reads, owner, cards, counted, tally in self._reads:
            if status[i] != PENDING:
                continue
            if reads == _WON:
                hist.append(node.won[owner] & cards)
            elif reads == _COUNTED:
                won = node.won[owner]
                hist.append(tuple([popcount(won & m) for m in counted]))
            elif reads == _COUNTS:
                hist.append(node.counts if tally is None else tally(owner, node.counts, cap, 0))
            else:
                run = 0
                for t in reversed(node.tricks):
                    if t.winner != owner:
                        break
                    run += 1
                hist.append(
                    (node.counts[owner], run)
                    if tally is None
                    else tally(owner, node.counts, cap, run)
                )
        for cond in self.judged:
            if cond.counts_of:
                m = cond.counts_of
                hist.append(tuple(popcount(w & m) for w in node.won))
            if cond.first_winner:
                hist.append((node.tricks[0].winner if node.tricks else -1, node.counts))
        owners = tuple([o if status[i] == PENDING else -1 for i, o in enumerate(self.owners)])
        if self.tonoja:  # each of Tonoja's cards uncovers another: keep them by name
            return (node.hands, node.piles, node.leader, status, owners, tuple(hist))
        return (self._ranks(node), node.leader, status, owners, tuple(hist))

    def _ranks(self, node: Node) -> int:
        """Per suit, each hand's cards and each set of cards told apart, by rank among the
        cards of the suit still held (the cards already played squeezed out), in one number.
        A suit whose every card is told apart from the others is kept by name; a colour no
        trick may be opened with, by how many cards of each class each hand holds."""
        per_suit = self._suit_masks.get(node.status)
        if per_suit is None:
            per_suit = self._suits_of(node.status)
        squeeze = self._squeezed
        if squeeze is None:
            squeeze = self._squeezed = _squeeze()
        played = node.played
        hands = node.hands
        # the hands of a suit are put together in a small number first (nine bits a hand, five
        # hands at most), then shifted into the whole one at once: a number past 62 bits is a
        # Python object, and each step on it builds a new one
        width = 9 * len(hands)
        acc = 1
        for base, how, masks in per_suit:
            part = 0
            if how == _BY_NAME:
                for h in hands:
                    part = part << 9 | (h >> base) & 511
                acc = acc << width | part
                continue
            if how == _BY_COUNT:  # four bits a class and hand (a suit has nine cards)
                for h in hands:
                    for m in masks:
                        part = part << 4 | popcount(h >> base & m)
                acc = acc << (4 * len(hands) * len(masks)) | part
                continue
            row = squeeze[(played >> base) & 511]
            for h in hands:
                part = part << 9 | row[(h >> base) & 511]
            acc = acc << width | part
            for m in masks:
                acc = acc << 9 | row[m]
        return acc

    def _suits_of(self, status: tuple[int, ...]) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """Per suit (its lowest bit): how the key names its cards (``_BY_NAME``, ``_BY_RANK``,
        ``_BY_COUNT``) and the sets of its cards told apart (nine bits each; with
        ``_BY_COUNT``, every class of the suit's cards)."""
        cls = self.classes(status)
        out: list[tuple[int, int, tuple[int, ...]]] = []
        for base in (0, 9, 18, 27, 36):
            size = 4 if base == 36 else 9
            labels = [cls[base + k] for k in range(size)]
            if self.never_led >> base & 1:
                by_label: dict[int, int] = {}
                for k in range(size):
                    by_label[labels[k]] = by_label.get(labels[k], 0) | 1 << k
                out.append((base, _BY_COUNT, tuple(by_label.values())))
                continue
            if len(set(labels)) == size:
                out.append((base, _BY_NAME, ()))
                continue
            masks = []
            for m in self._apart_cache[status]:
                part = (m >> base) & ((1 << size) - 1)
                if part and part != (1 << size) - 1 and part not in masks:
                    masks.append(part)
            out.append((base, _BY_RANK, tuple(masks)))
        result = tuple(out)
        self._suit_masks[status] = result
        return result

    def classes(self, status: tuple[int, ...]) -> tuple[int, ...]:
        """Per card, a class label: cards with different labels are told apart by some pending
        task or mission condition; cards with the same label and suit differ only in rank."""
        hit = self._class_cache.get(status)
        if hit is not None:
            return hit
        masks: list[int] = list(self._cond_masks)
        for i, know in enumerate(self.knowledge):
            if status[i] == PENDING:
                masks.extend(know.apart)
        self._apart_cache[status] = tuple(dict.fromkeys(masks))
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
        pending task or condition tells them apart. The cards of a colour no trick may be
        opened with never win a trick, so those of one class are one choice wherever they lie.
        Tonoja's cards are never merged: each one uncovers a different card.
        """
        if self.tonoja and node.turn == TONOJA:
            return card_list(legal)
        cls = self.classes(node.status)
        gone = node.played | node.hands[node.turn]
        out: list[int] = []
        prev = -1
        never = self.never_led
        kept = 0  # (suit, class) of a never-led colour already chosen, as bits of suit * 40 + class
        for c in card_list(legal):
            if never >> c & 1:  # never wins a trick: one card per class, whatever lies between
                bit = 1 << (suit_of(c) * 40 + cls[c])
                if not kept & bit:
                    kept |= bit
                    out.append(c)
                continue
            if prev >= 0 and suit_of(prev) == suit_of(c) and cls[prev] == cls[c]:
                between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
                if not between & ~gone:
                    prev = c
                    continue
            out.append(c)
            prev = c
        return out


#: ``tuple.__new__``, held once (compiled code would look the method up at every call).
_TUPLE_NEW: Final = tuple.__new__


def _new_node(fields: tuple[object, ...]) -> Node:
    """The node of ``fields`` (in :class:`Node`'s order), built as the tuple it is: a named
    tuple's own constructor is a Python function, which the compiled search would call for
    every card played."""
    node: Node = _TUPLE_NEW(Node, fields)
    return node


@cache
def _squeeze() -> tuple[tuple[int, ...], ...]:
    """``_squeeze()[gone][x]``: the bits of ``x`` (nine bits of one suit) with the bits of
    ``gone`` squeezed out, the others moved down in order (a card's rank among those left)."""
    rows = []
    for gone in range(512):
        up = [0] * 9
        rank = 0
        for b in range(9):
            if not gone >> b & 1:
                up[b] = 1 << rank
                rank += 1
        row = [0] * 512
        for x in range(1, 512):
            low = x & -x
            row[x] = row[x ^ low] | up[low.bit_length() - 1]
        rows.append(tuple(row))
    return tuple(rows)


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
