"""Task categories met by one trick the owner wins: every card above or below a value, a total,
only even or only odd cards, a trick taken with a card of a value (or a submarine).

Each category gives its evaluator and, right below it, its :class:`~.task_base.Knowledge`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from .cards import COLOR_CARDS_MASK, SUB, SUIT_MASKS, VALUE_MASKS, parse_card, value_of
from .cards import popcount as count
from .task_base import (
    DONE,
    FAILED,
    PENDING,
    Ctx,
    Cut,
    CutKind,
    Evaluator,
    Judge,
    Knowledge,
    Reads,
    TotalOp,
    value_mask,
)
from .task_params import EvenOddTrick, TrickAllAboveBelow, TrickSum, WinWithCard
from .tricks import Trick

__all__ = ["JUDGES", "Possible", "one_trick"]

#: ``possible(avail, crew)``: can a qualifying trick still be formed from the unplayed cards?
Possible = Callable[[int, int], bool]

#: Every coloured value told apart from the others (tasks that add or compare values).
EVERY_VALUE = tuple(VALUE_MASKS[1:])


def one_trick(test: Callable[[Trick, int], bool], no_subs: bool, possible: Possible) -> Evaluator:
    """Tasks met by one trick the owner wins (sums, all above/below, parity, colour balance).

    Done on the first qualifying trick the owner wins; failed at the end, or earlier as soon as
    the cards not yet played (public information) can no longer form a qualifying trick.
    """

    def one_trick(owner: int, ctx: Ctx) -> int:
        if ctx.tricks:
            t = ctx.tricks[-1]
            if t.winner == owner and not (no_subs and any(c >= 36 for c in t.cards)):
                if test(t, ctx.crew):
                    return DONE
        if ctx.final or not possible(ctx.avail, ctx.crew):
            return FAILED
        return PENDING

    return one_trick


def _value_counts(avail: int) -> list[int]:
    """How many unplayed coloured cards there are of each value (index 0 unused)."""
    return [0] + [count(avail & VALUE_MASKS[v]) for v in range(1, 10)]


def _enough(values: Iterable[int]) -> Possible:
    """A trick of only these values (coloured cards) needs one unplayed such card per seat."""
    mask = value_mask(values)
    return lambda avail, crew: count(avail & mask) >= crew


def _extreme_sum(avail: int, crew: int, highest: bool) -> int | None:
    """The highest (or lowest) total of ``crew`` unplayed coloured cards; None if too few."""
    counts = _value_counts(avail)
    total, need = 0, crew
    for v in range(9, 0, -1) if highest else range(1, 10):
        k = min(need, counts[v])
        total += k * v
        need -= k
    return None if need else total


def _sums_of(avail: int, crew: int) -> int:
    """Bitmask of the totals that ``crew`` unplayed coloured cards can make (bit s = total s)."""
    return _sums_of_counts(tuple(_value_counts(avail)), crew)


@lru_cache(maxsize=1 << 16)  # asked after every trick of a search: the same counts recur
def _sums_of_counts(counts: tuple[int, ...], crew: int) -> int:
    reach = [1] + [0] * crew  # reach[k]: totals of k cards
    for v, n in enumerate(counts):
        for _ in range(n if v else 0):
            for k in range(crew, 0, -1):
                reach[k] |= reach[k - 1] << v
    return reach[crew]


# The trick_all_above_below, trick_sum and even_odd_trick cards count only coloured cards: no
# submarine may be in the qualifying trick (rules R, task-semantics).
_NO_SUBMARINES = True


def _all_of(cards: int, apart: tuple[int, ...]) -> Knowledge:
    """A trick of only ``cards`` (coloured), won by the owner: the owner must hold one of them
    and so must every seat (each plays one card into every trick). Pending, it changes only in
    a trick its owner wins or one that uses up such cards (public: too few may be left)."""
    cuts = (Cut(CutKind.OWN_CARD, cards=cards), Cut(CutKind.EVERY_SEAT, cards=cards))
    return Knowledge(Reads.NOTHING, wakes=cards, on_win=True, apart=apart, cuts=cuts, trick=cards)


# -- trick_all_above_below -------------------------------------------------------------------


def _above_below(p: TrickAllAboveBelow) -> range:
    return range(p.value + 1, 10) if p.op == "gt" else range(1, p.value)


def _trick_all_above_below(p: TrickAllAboveBelow) -> Evaluator:
    bound = p.value
    if p.op == "gt":
        return one_trick(
            lambda t, _: all(value_of(c) > bound for c in t.cards),
            _NO_SUBMARINES,
            _enough(_above_below(p)),
        )
    return one_trick(
        lambda t, _: all(value_of(c) < bound for c in t.cards),
        _NO_SUBMARINES,
        _enough(_above_below(p)),
    )


def _know_trick_all_above_below(p: TrickAllAboveBelow) -> Knowledge:
    fits = value_mask(_above_below(p))
    return _all_of(fits, (fits,))


# -- trick_sum -------------------------------------------------------------------------------


def _trick_sum(p: TrickSum) -> Evaluator:
    if p.values is not None:
        allowed = frozenset(p.values)
        wanted = sum(1 << v for v in allowed)
        return one_trick(
            lambda t, _: sum(value_of(c) for c in t.cards) in allowed,
            _NO_SUBMARINES,
            lambda avail, crew: bool(_sums_of(avail, crew) & wanted),
        )
    assert p.thresholds is not None  # the model gives thresholds for "gt" and "lt"
    limits = p.thresholds
    if p.op == "gt":

        def high_enough(avail: int, crew: int) -> bool:
            best = _extreme_sum(avail, crew, highest=True)
            return best is not None and best > limits[crew - 3]

        return one_trick(
            lambda t, crew: sum(value_of(c) for c in t.cards) > limits[crew - 3],
            _NO_SUBMARINES,
            high_enough,
        )

    def low_enough(avail: int, crew: int) -> bool:
        best = _extreme_sum(avail, crew, highest=False)
        return best is not None and best < limits[crew - 3]

    return one_trick(
        lambda t, crew: sum(value_of(c) for c in t.cards) < limits[crew - 3],
        _NO_SUBMARINES,
        low_enough,
    )


def _know_trick_sum(p: TrickSum) -> Knowledge:
    limits = p.values if p.values is not None else p.thresholds
    assert limits is not None
    cut = Cut(CutKind.TRICK_TOTAL, op=TotalOp(p.op), limits=tuple(limits))
    # no set of cards makes up a qualifying trick alone (a total mixes high and low cards), so
    # nothing to keep for it or try first; any coloured card played changes what is left
    return Knowledge(
        Reads.NOTHING, wakes=COLOR_CARDS_MASK, on_win=True, apart=EVERY_VALUE, cuts=(cut,)
    )


# -- even_odd_trick --------------------------------------------------------------------------


def _parity(p: EvenOddTrick) -> range:
    return range(2, 10, 2) if p.parity == "even" else range(1, 10, 2)


def _even_odd_trick(p: EvenOddTrick) -> Evaluator:
    rest = 0 if p.parity == "even" else 1
    return one_trick(
        lambda t, _: all(value_of(c) % 2 == rest for c in t.cards),
        _NO_SUBMARINES,
        _enough(_parity(p)),
    )


def _know_even_odd_trick(p: EvenOddTrick) -> Knowledge:
    return _all_of(value_mask(_parity(p)), EVERY_VALUE)


# -- win_with_card ---------------------------------------------------------------------------


def _win_with_card(p: WinWithCard) -> Evaluator:
    if p.play == "submarine":
        assert isinstance(p.capture, str)  # the model names the card a submarine captures
        target = parse_card(p.capture)
        bit = 1 << target

        def with_submarine(owner: int, ctx: Ctx) -> int:
            if ctx.tricks:
                t = ctx.tricks[-1]
                if target in t.cards:
                    won = t.winner == owner and t.winning_card >= 36
                    return DONE if won else FAILED
            if not ctx.avail & bit or not ctx.avail & SUIT_MASKS[SUB]:
                return FAILED
            return PENDING

        return with_submarine

    play = p.play
    play_mask = VALUE_MASKS[play]
    capture = p.capture if isinstance(p.capture, int) else None
    capture_mask = VALUE_MASKS[capture] if capture else 0
    need_open = 2 if p.capture_other_card else 1

    def with_card(owner: int, ctx: Ctx) -> int:
        if ctx.tricks:
            t = ctx.tricks[-1]
            if t.winner == owner:
                w = t.winning_card
                if w < 36 and value_of(w) == play:
                    if capture is None or any(
                        c != w and c < 36 and value_of(c) == capture for c in t.cards
                    ):
                        return DONE
        if capture is None:
            if not ctx.avail & play_mask:
                return FAILED
        elif capture == play:
            if count(ctx.avail & play_mask) < need_open:
                return FAILED
        elif capture < play:
            if not ctx.avail & play_mask or not ctx.avail & capture_mask:
                return FAILED
        elif not any(
            ctx.avail & play_mask & cm and ctx.avail & capture_mask & ~cm for cm in SUIT_MASKS[:4]
        ):
            # a higher card of the winning card's own colour would beat it, so the captured card
            # must be of another colour
            return FAILED
        return PENDING

    return with_card


def _know_win_with_card(p: WinWithCard) -> Knowledge:
    if p.play == "submarine":
        assert isinstance(p.capture, str)
        target = 1 << parse_card(p.capture)
        cuts: tuple[Cut, ...] = (
            Cut(CutKind.OWN_CARD, cards=SUIT_MASKS[SUB]),
            Cut(CutKind.CAPTURES, cards=target),
            Cut(CutKind.OTHERS_HOLD, cards=target),  # the owner plays a submarine there
            Cut(CutKind.WINS_WITH_SUBMARINE, cards=target),
        )
        # decided by the trick the target is played in; fails early when no submarine is left
        wakes = target | SUIT_MASKS[SUB]
        return Knowledge(Reads.NOTHING, wakes=wakes, apart=(target,), cuts=cuts, take=target)
    masks = [VALUE_MASKS[p.play]]
    if isinstance(p.capture, int):
        masks.append(VALUE_MASKS[p.capture])
    # the trick must be won with a card the owner plays: without one it cannot happen
    own = Cut(CutKind.OWN_CARD, cards=VALUE_MASKS[p.play])
    take = VALUE_MASKS[p.capture] if isinstance(p.capture, int) else 0
    # the captured card is another seat's: the owner's own card there is the winning one
    cuts = (own, Cut(CutKind.OTHERS_HOLD, cards=take)) if take else (own,)
    wakes = VALUE_MASKS[p.play] | take
    return Knowledge(
        Reads.NOTHING, wakes=wakes, on_win=True, apart=tuple(masks), cuts=cuts, take=take
    )


#: The categories of this module (see :data:`crew.engine.tasks.JUDGES`).
JUDGES: dict[str, Judge[Any]] = {
    "trick_all_above_below": Judge(
        TrickAllAboveBelow, _trick_all_above_below, _know_trick_all_above_below
    ),
    "trick_sum": Judge(TrickSum, _trick_sum, _know_trick_sum),
    "even_odd_trick": Judge(EvenOddTrick, _even_odd_trick, _know_even_odd_trick),
    "win_with_card": Judge(WinWithCard, _win_with_card, _know_win_with_card),
}
