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
  status and, per pending task, only the part of the history it can still look at;
- :meth:`SearchForm.classes` tells which cards no pending task or condition tells apart, so that
  two such cards held by one seat with nothing left between them are one choice.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .actions import Play
from .cards import (
    COLOR_CARDS_MASK,
    DECK_MASK,
    SUIT_LETTERS,
    SUIT_MASKS,
    VALUE_MASKS,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    suit_of,
)
from .state import TONOJA, GameState, Phase
from .tasks import DONE, FAILED, PENDING, PREDICTION_TASKS, Ctx, Task, get_task
from .tricks import Trick, follow_mask, trick_winner

__all__ = ["Node", "SearchForm", "WON", "LOST", "OPEN"]

#: Node results.
OPEN, WON, LOST = 0, 1, 2

Y5 = make_card(3, 5)


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
    cat = task.category
    every_value = tuple(VALUE_MASKS[1:])
    if cat == "win_specific_cards":
        need = mask_of(parse_cards(p["cards"]))
        if p.get("trick") == "last":
            return _HIST_NONE, 0, (need,)
        return _HIST_WON, need, (need,)
    if cat in ("win_n_of_value", "win_n_of_color"):
        if "counts" in p:
            return _HIST_WON, _colours(list(p["counts"])), ()
        if "value" in p:
            m = VALUE_MASKS[int(p["value"])]
            return _HIST_WON, m, (m,)
        return _HIST_WON, _colours([p["color"]]), ()
    if cat == "dont_win":
        vm = _values(p.get("values", []))
        return _HIST_WON, _colours(p.get("colors", [])) | vm, (vm,) if vm else ()
    if cat == "color_all_or_each":
        return _HIST_WON, COLOR_CARDS_MASK, ()
    if cat in ("first_last_tricks", "dont_open"):
        return _HIST_NONE, 0, ()
    if cat in ("n_tricks", "compare_captain", "compare_others", "predict_tricks"):
        return _HIST_COUNTS, 0, ()
    if cat == "consecutive_tricks":
        return _HIST_RUN, 0, ()
    if cat == "trick_all_above_below":
        bound = int(p["value"])
        above = _values([v for v in range(1, 10) if v > bound])
        below = _values([v for v in range(1, 10) if v < bound])
        return _HIST_NONE, 0, (above if p["op"] == "gt" else below,)
    if cat in ("trick_sum", "even_odd_trick"):
        return _HIST_NONE, 0, every_value
    if cat == "win_with_card":
        if p["play"] == "submarine":
            return _HIST_NONE, 0, (1 << parse_card(p["capture"]),)
        masks = [VALUE_MASKS[int(p["play"])]]
        if "capture" in p:
            masks.append(VALUE_MASKS[int(p["capture"])])
        return _HIST_NONE, 0, tuple(masks)
    if cat == "equal_two_colors":
        if p["scope"] == "one_trick":
            return _HIST_NONE, 0, ()
        return _HIST_WON, _colours(p["colors"]), ()
    if cat == "more_color_than":
        return _HIST_WON, _colours([p["more"], p["than"]]), ()
    if cat == "submarine":
        subs = SUIT_MASKS[4]
        if "cards" in p:
            target = mask_of(parse_cards(p["cards"]))
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
# mission conditions that act on a single card (judged inside ``apply``): probed, not copied


def _probe_losses(root: GameState) -> tuple[int, int, int]:
    """Cards whose play loses the attempt at once, as a lead, as a follow, and as the last card.

    The engine judges these conditions (no pink or submarine lead, the yellow 5 only as the last
    card) inside ``apply``; rather than restate them, ask ``apply`` with a small made-up
    position for every card. Tasks are marked done in the probe so only conditions speak.
    """
    from .game import apply

    st = root.setup
    if not st.rules.conditions:
        return 0, 0, 0
    n = st.seats
    done = tuple(DONE for _ in st.task_ids)
    base = root._replace(
        phase=Phase.PLAY,
        status=done,
        result="",
        piles=(),
        signals=(),
        won=tuple(0 for _ in range(n)),
        counts=tuple(0 for _ in range(n)),
    )
    masks = [0, 0, 0]
    for card in range(40):
        others = [c for c in range(40) if c != card and c != Y5][: n - 1]
        for kind in range(3):
            seat = 0
            hands = [0] * n
            hands[seat] = 1 << card
            if kind == 0:
                tricks: tuple[Trick, ...] = ()
                tseats: tuple[int, ...] = ()
                tcards: tuple[int, ...] = ()
            elif kind == 1:
                tricks = ()
                tseats, tcards = (n - 1,), (others[0],)
            else:
                dummy = Trick(0, tuple(range(n)), tuple(others[:1] * n), 0)
                tricks = (dummy,) * (st.total_tricks - 1)
                tseats = tuple(range(1, n))
                tcards = tuple(others[: n - 1])
            probe = base._replace(
                hands=tuple(hands),
                leader=tseats[0] if tseats else seat,
                turn=seat,
                trick_seats=tseats,
                trick_cards=tcards,
                tricks=tricks,
                played=0,
            )
            after, events = apply(probe, Play(seat, card))
            if after.result == "lost" and not any(e.kind == "trick_won" for e in events):
                masks[kind] |= 1 << card
    return masks[0], masks[1], masks[2]


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
        self.lose_lead, self.lose_follow, self.lose_last = _probe_losses(state)
        self._class_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        cond_masks = tuple(_CONDITION_MASKS[c] for c in self.conditions if c in _CONDITION_MASKS)
        lose_masks = (self.lose_lead, self.lose_follow, self.lose_last)
        self._cond_masks = cond_masks + tuple(m for m in lose_masks if m)

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
        bit = 1 << card
        lost = False
        if len(tcards) == 1:
            for i, on_lead in self.lead_checks:
                if status[i] == PENDING and on_lead(self.owners[i], seat, card) == FAILED:
                    status = status[:i] + (FAILED,) + status[i + 1 :]
                    lost = True
            if self.lose_lead & bit:
                lost = True
        elif self.conditions:
            last = len(tcards) == self.seats and len(node.tricks) + 1 == self.total
            if (self.lose_last if last else self.lose_follow) & bit:
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
        w = tseats[trick_winner(tcards)]
        tmask = 0
        for c in tcards:
            tmask |= 1 << c
        won = list(node.won)
        won[w] |= tmask
        counts = list(node.counts)
        counts[w] += 1
        tricks = node.tricks + (Trick(node.leader, tseats, tcards, w),)
        played = node.played | tmask
        piles = node.piles
        if piles:
            # Tonoja: a played face-up card uncovers the card beneath it after the trick
            new_piles = []
            for down, up in piles:
                if up >= 0 and played >> up & 1:
                    up = -1
                if up < 0 and down >= 0:
                    up, down = down, -1
                    hands[TONOJA] |= 1 << up
                new_piles.append((down, up))
            piles = tuple(new_piles)
        tnum = len(tricks)
        final = tnum >= self.total
        wt, ct = tuple(won), tuple(counts)
        ctx = Ctx(
            wt,
            ct,
            tricks,
            0 if final else DECK_MASK & ~played,
            self.total - tnum,
            self.total,
            self.setup.captain,
            self.predictions,
            final,
            self.setup.crew,
        )
        st = list(status)
        failed = False
        for i, evaluate in enumerate(self.evaluators):
            if st[i] != PENDING:
                continue
            if i in self.free:
                s = DONE if final else PENDING
            else:
                s = evaluate(self.owners[i], ctx)
                if final and s == PENDING:
                    s = FAILED
            st[i] = s
            if s == FAILED:
                failed = True
        result = OPEN
        if failed:
            result = LOST
        elif self.conditions and self._condition_broken(wt, ct, tricks, played, final):
            result = LOST
        elif st and all(s == DONE for s in st):
            result = WON
        elif final:
            result = WON
        return Node(tuple(hands), piles, w, w, (), (), tricks, wt, ct, played, tuple(st), result)

    def _condition_broken(
        self,
        won: tuple[int, ...],
        counts: tuple[int, ...],
        tricks: tuple[Trick, ...],
        played: int,
        final: bool,
    ) -> bool:
        from .conditions import broken_after_trick

        state = self.root._replace(won=won, counts=counts, tricks=tricks, played=played)
        return broken_after_trick(state, final) is not None

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
        return (node.hands, node.piles, node.leader, node.status, tuple(hist))

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


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@cache
def prediction_tasks(task_ids: tuple[int, ...]) -> tuple[int, ...]:
    """Indices of the prediction tasks among ``task_ids``."""
    return tuple(i for i, t in enumerate(task_ids) if t in PREDICTION_TASKS)


def free_predictions(state: GameState) -> frozenset[int]:
    """Prediction tasks whose owner has not fixed a number yet."""
    return frozenset(
        i
        for i in prediction_tasks(state.setup.task_ids)
        if state.owners[i] >= 0 and state.predictions[state.owners[i]] < 0
    )
