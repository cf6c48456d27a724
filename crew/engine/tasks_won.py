"""Task categories about the cards the owner captures: named cards, so many of a value or a
colour, none of some, a colour complete or every colour, two colours in balance, one colour
over another, submarines.

Each category gives its evaluator and, right below it, its :class:`~.task_base.Knowledge`.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    COLOR_CARDS_MASK,
    SUB,
    SUIT_MASKS,
    VALUE_MASKS,
    mask_of,
    parse_card,
    parse_cards,
)
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
    colour_mask,
    value_mask,
)
from .task_params import (
    ColorAllOrEach,
    DontWin,
    EqualTwoColors,
    MoreColorThan,
    Submarine,
    WinNOfColor,
    WinNOfValue,
    WinSpecificCards,
)
from .tasks_trick import one_trick
from .tricks import Trick, won_by_others

__all__ = ["JUDGES"]


def _exact_count(have: int, open_: int, n: int, final: bool) -> int:
    """'Exactly n': fail when over n or n is out of reach; done when nothing can change it."""
    if have > n or have + open_ < n:
        return FAILED
    if open_ == 0 and have == n:
        return DONE
    return FAILED if final else PENDING


def _at_least(have: int, open_: int, n: int) -> int:
    if have >= n:
        return DONE
    if have + open_ < n:
        return FAILED
    return PENDING


def _win_cards(need: int) -> Evaluator:
    """Win every card of ``need`` (same or different tricks)."""

    def win_cards(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner] & need
        if mine == need:
            return DONE
        if won_by_others(ctx.won, owner) & need or (need & ~mine & ~ctx.avail):
            return FAILED
        return PENDING

    return win_cards


def _win_n(parts: list[tuple[int, int]], at_least: bool) -> Evaluator:
    """For each (card mask, n) of ``parts``: at least (or exactly) n of those cards won."""

    def win_n(owner: int, ctx: Ctx) -> int:
        results = []
        for mask, n in parts:
            have = count(ctx.won[owner] & mask)
            open_ = count(ctx.avail & mask)
            if at_least:
                results.append(_at_least(have, open_, n))
            else:
                results.append(_exact_count(have, open_, n, ctx.final))
        if FAILED in results:
            return FAILED
        return DONE if all(r == DONE for r in results) else PENDING

    return win_n


# -- win_specific_cards ------------------------------------------------------------------------


def _win_specific_cards(p: WinSpecificCards) -> Evaluator:
    need = mask_of(parse_cards(p.cards))
    if p.trick == "last":
        card = parse_card(p.cards[0])
        bit = 1 << card

        def final_trick_with(owner: int, ctx: Ctx) -> int:
            if ctx.tricks:
                last = ctx.tricks[-1]
                is_final = len(ctx.tricks) == ctx.total
                if card in last.cards:
                    if not is_final or last.winner != owner:
                        return FAILED
                    return DONE
                if is_final or not (ctx.avail & bit):
                    return FAILED
            return FAILED if ctx.final else PENDING

        return final_trick_with
    return _win_cards(need)


def _know_win_specific_cards(p: WinSpecificCards) -> Knowledge:
    need = mask_of(parse_cards(p.cards))
    cuts: tuple[Cut, ...] = (Cut(CutKind.CAPTURES, cards=need),)
    if p.trick == "last":  # decided by the final trick, or the trick the card is played in
        cuts = (*cuts, Cut(CutKind.LAST_TRICK, cards=need))
        return Knowledge(Reads.NOTHING, wakes=need, apart=(need,), cuts=cuts, take=need)
    return Knowledge(Reads.WON, reads_cards=need, apart=(need,), cuts=cuts, take=need)


# -- win_n_of_value, win_n_of_color ----------------------------------------------------------


def _win_n_of_value(p: WinNOfValue) -> Evaluator:
    return _win_n([(VALUE_MASKS[p.value], p.count)], p.mode == "at_least")


def _counted(mask: int, n: int, mode: str) -> tuple[Cut, ...]:
    """The capture counts of "at least / exactly ``n`` cards of ``mask``"."""
    cuts = [Cut(CutKind.CAPTURES_AT_LEAST, cards=mask, count=n)] if n else []
    if mode == "exactly":
        cuts.append(Cut(CutKind.CAPTURES_AT_MOST, cards=mask, count=n))
    return tuple(cuts)


def _know_win_n_of_value(p: WinNOfValue) -> Knowledge:
    m = VALUE_MASKS[p.value]
    want = (m, 0) if p.count else (0, m)
    cuts = _counted(m, p.count, p.mode)
    return Knowledge(
        Reads.COUNTED,
        reads_cards=m,
        counted=(m,),
        apart=(m,),
        cuts=cuts,
        take=want[0],
        avoid=want[1],
    )


def _win_n_of_color(p: WinNOfColor) -> Evaluator:
    parts = [(colour_mask([c]), n) for c, n in p.parts().items()]
    return _win_n(parts, p.mode == "at_least")


def _know_win_n_of_color(p: WinNOfColor) -> Knowledge:
    parts = p.parts()
    take = colour_mask([c for c, n in parts.items() if n])
    avoid = colour_mask([c for c, n in parts.items() if not n])
    cuts = tuple(cut for c, n in parts.items() for cut in _counted(colour_mask([c]), n, p.mode))
    # only counts of whole colours matter: the cards within a colour are never told apart, and
    # which of them the owner has captured does not matter either
    return Knowledge(
        Reads.COUNTED,
        reads_cards=colour_mask(list(parts)),
        counted=tuple(colour_mask([c]) for c in parts),
        cuts=cuts,
        take=take,
        avoid=avoid,
    )


# -- dont_win --------------------------------------------------------------------------------


def _dont_win(p: DontWin) -> Evaluator:
    mask = colour_mask(p.colors) | value_mask(p.values)

    def dont_win(owner: int, ctx: Ctx) -> int:
        if ctx.won[owner] & mask:
            return FAILED
        return DONE if not ctx.avail & mask else PENDING

    return dont_win


def _know_dont_win(p: DontWin) -> Knowledge:
    vm = value_mask(p.values)
    mask = colour_mask(p.colors) | vm
    cuts = (Cut(CutKind.CAPTURES_AT_MOST, cards=mask, count=0),)
    return Knowledge(Reads.WON, reads_cards=mask, apart=(vm,) if vm else (), cuts=cuts, avoid=mask)


# -- color_all_or_each -----------------------------------------------------------------------


def _color_all_or_each(p: ColorAllOrEach) -> Evaluator:
    colours = SUIT_MASKS[:4]
    if p.mode == "each_color":

        def each_colour(owner: int, ctx: Ctx) -> int:
            mine = ctx.won[owner]
            have = 0
            for cm in colours:
                if mine & cm:
                    have += 1
                elif not ctx.avail & cm:
                    return FAILED
            return DONE if have == 4 else PENDING

        return each_colour

    def all_of_one(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner]
        possible = False
        for cm in colours:
            if mine & cm == cm:
                return DONE
            if not (cm & ~mine & ~ctx.avail):
                possible = True
        return PENDING if possible else FAILED

    return all_of_one


def _know_color_all_or_each(p: ColorAllOrEach) -> Knowledge:
    cuts: tuple[Cut, ...] = ()
    if p.mode == "each_color":
        cuts = tuple(Cut(CutKind.CAPTURES_AT_LEAST, cards=cm, count=1) for cm in SUIT_MASKS[:4])
        # whether the owner has a card of each colour: how many it has of each tells that
        return Knowledge(
            Reads.COUNTED,
            reads_cards=COLOR_CARDS_MASK,
            counted=SUIT_MASKS[:4],
            cuts=cuts,
            take=COLOR_CARDS_MASK,
        )
    # all of one colour: a colour is still possible while the owner holds every card of it
    # played so far, which how many it holds of each tells (with the cards still in the hands);
    # one colour whole: none of it to another seat or beyond the owner's own "at most", and so
    # many tricks of the owner's as it must take cards of it from any one seat
    cuts = (
        Cut(CutKind.CAPTURES_AT_LEAST, cards=COLOR_CARDS_MASK, count=9),
        Cut(CutKind.CAPTURES_ONE_OF, sets=SUIT_MASKS[:4]),
    )
    return Knowledge(
        Reads.COUNTED,
        reads_cards=COLOR_CARDS_MASK,
        counted=SUIT_MASKS[:4],
        cuts=cuts,
        take=COLOR_CARDS_MASK,
    )


# -- equal_two_colors ------------------------------------------------------------------------


def _equal_two_colors(p: EqualTwoColors) -> Evaluator:
    a_mask, b_mask = (colour_mask([c]) for c in p.colors)
    least = p.min_each
    if p.scope == "one_trick":

        def equal_in_trick(t: Trick, _: int) -> bool:
            m = mask_of(t.cards)
            a, b = count(m & a_mask), count(m & b_mask)
            return a == b >= least

        # submarines may be in that trick: any other cards complete it
        return one_trick(
            equal_in_trick,
            False,
            lambda avail, crew: (
                2 * least <= crew
                and count(avail & a_mask) >= least
                and count(avail & b_mask) >= least
            ),
        )

    def equal_overall(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner]
        a, b = count(mine & a_mask), count(mine & b_mask)
        ua, ub = count(ctx.avail & a_mask), count(ctx.avail & b_mask)
        lo, hi = max(a, b, least), min(a + ua, b + ub)
        if lo > hi:
            return FAILED
        if ua == 0 and ub == 0:
            return DONE
        return PENDING

    return equal_overall


def _know_equal_two_colors(p: EqualTwoColors) -> Knowledge:
    both = colour_mask(p.colors)
    if p.scope == "one_trick":  # decided by the trick it is done in
        # that trick is the owner's and holds a card of each colour: one still to capture
        each = tuple(
            Cut(CutKind.CAPTURES_AT_LEAST, cards=colour_mask([c]), count=1) for c in p.colors
        )
        return Knowledge(Reads.NOTHING, wakes=both, on_win=True, take=both, cuts=each)
    cuts = tuple(
        Cut(CutKind.CAPTURES_AT_LEAST, cards=colour_mask([c]), count=p.min_each) for c in p.colors
    )
    counted = tuple(colour_mask([c]) for c in p.colors)
    return Knowledge(Reads.COUNTED, reads_cards=both, counted=counted, cuts=cuts, take=both)


# -- more_color_than -------------------------------------------------------------------------


def _more_color_than(p: MoreColorThan) -> Evaluator:
    a_mask, b_mask = colour_mask([p.more]), colour_mask([p.than])

    def more_than(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner]
        a, b = count(mine & a_mask), count(mine & b_mask)
        ua, ub = count(ctx.avail & a_mask), count(ctx.avail & b_mask)
        if a + ua <= b:
            return FAILED
        if a > b + ub:
            return DONE
        return PENDING

    return more_than


def _know_more_color_than(p: MoreColorThan) -> Knowledge:
    more, than = colour_mask([p.more]), colour_mask([p.than])
    cuts = (
        Cut(CutKind.CAPTURES_AT_LEAST, cards=more, count=1),
        Cut(CutKind.MORE_THAN, cards=more, sets=(than,)),
    )
    return Knowledge(
        Reads.COUNTED,
        reads_cards=more | than,
        counted=(more, than),
        cuts=cuts,
        take=more,
        avoid=than,
    )


# -- submarine -------------------------------------------------------------------------------


def _submarine(p: Submarine) -> Evaluator:
    subs = SUIT_MASKS[SUB]
    if p.cards is None:
        assert p.count is not None  # the model gives count when it gives no cards
        return _win_n([(subs, p.count)], at_least=False)
    target = mask_of(parse_cards(p.cards))
    if not p.no_other_submarine:
        return _win_cards(target)
    rest = subs & ~target

    def only_this_sub(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner]
        if mine & rest or won_by_others(ctx.won, owner) & target:
            return FAILED
        if mine & target:
            return DONE if not ctx.avail & rest else PENDING
        return FAILED if not ctx.avail & target else PENDING

    return only_this_sub


def _know_submarine(p: Submarine) -> Knowledge:
    subs = SUIT_MASKS[SUB]
    if p.cards is None:
        assert p.count is not None
        # exactly so many: at most that many, and (a submarine is captured only by a trick won
        # with a submarine) the owner needs one of its own while any are still to be won
        cuts = [Cut(CutKind.MOST_SUBMARINES, count=p.count)]
        if p.count:
            cuts.append(Cut(CutKind.NEEDS_SUBMARINES, count=p.count))
        cuts.extend(_counted(subs, p.count, "exactly"))
        take, avoid = (subs, 0) if p.count else (0, subs)
        return Knowledge(
            Reads.COUNTED,
            reads_cards=subs,
            counted=(subs,),
            cuts=tuple(cuts),
            take=take,
            avoid=avoid,
        )
    target = mask_of(parse_cards(p.cards))
    cuts = [Cut(CutKind.NEEDS_SUBMARINES, cards=target), Cut(CutKind.CAPTURES, cards=target)]
    avoid = 0
    if p.no_other_submarine:
        cuts.append(Cut(CutKind.ONLY_SUBMARINE, cards=target))
        cuts.append(Cut(CutKind.CAPTURES_AT_MOST, cards=subs & ~target, count=0))
        avoid = subs & ~target
    return Knowledge(
        Reads.WON, reads_cards=subs, apart=(target,), cuts=tuple(cuts), take=target, avoid=avoid
    )


#: The categories of this module (see :data:`crew.engine.tasks.JUDGES`).
JUDGES: dict[str, Judge[Any]] = {
    "win_specific_cards": Judge(WinSpecificCards, _win_specific_cards, _know_win_specific_cards),
    "win_n_of_value": Judge(WinNOfValue, _win_n_of_value, _know_win_n_of_value),
    "win_n_of_color": Judge(WinNOfColor, _win_n_of_color, _know_win_n_of_color),
    "dont_win": Judge(DontWin, _dont_win, _know_dont_win),
    "color_all_or_each": Judge(ColorAllOrEach, _color_all_or_each, _know_color_all_or_each),
    "equal_two_colors": Judge(EqualTwoColors, _equal_two_colors, _know_equal_two_colors),
    "more_color_than": Judge(MoreColorThan, _more_color_than, _know_more_color_than),
    "submarine": Judge(Submarine, _submarine, _know_submarine),
}
