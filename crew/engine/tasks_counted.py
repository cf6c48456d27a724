"""Task categories about which tricks the owner wins and how many: first and last tricks, an
exact number, runs, comparisons with the captain or the others, a prediction, and the lead
restriction (never open a trick with some colours).

Each category gives its evaluator and, right below it, its :class:`~.task_base.Knowledge`.
"""

from __future__ import annotations

from typing import Any

from .cards import DECK_MASK
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
    OnLead,
    Reads,
    RunMode,
    colour_mask,
)
from .task_params import (
    CompareCaptain,
    CompareOthers,
    ConsecutiveTricks,
    DontOpen,
    FirstLastTricks,
    NTricks,
    PredictTricks,
)
from .tricks import Trick, current_run

__all__ = ["JUDGES"]


def _exact_tricks(have: int, n: int, ctx: Ctx) -> int:
    if have > n or have + ctx.remaining < n:
        return FAILED
    if ctx.final:
        return DONE
    return PENDING


def _towards(have: int, n: int) -> int:
    """Lean of an owner who must end with exactly ``n`` tricks and has ``have``."""
    return 1 if have < n else -1


# What of the trick counts a pending task depends on (``Knowledge.tally``): the tricks still to
# come are the same for two positions the search compares, so these decide the rest.


def own_count(owner: int, counts: tuple[int, ...], captain: int, run: int) -> object:
    """The owner's trick count alone."""
    return counts[owner]


def run_only(owner: int, counts: tuple[int, ...], captain: int, run: int) -> object:
    """The owner's current run of won tricks alone."""
    return run


def against_captain(owner: int, counts: tuple[int, ...], captain: int, run: int) -> object:
    """How many tricks the owner is ahead of the captain (negative: behind)."""
    return counts[owner] - counts[captain]


def against_each(owner: int, counts: tuple[int, ...], captain: int, run: int) -> object:
    """How many tricks the owner is ahead of each other seat."""
    mine = counts[owner]
    return tuple(mine - c for s, c in enumerate(counts) if s != owner)


# -- first_last_tricks -----------------------------------------------------------------------


def _first_last_tricks(p: FirstLastTricks) -> Evaluator:
    win = p.win
    lose = p.lose
    only = p.only

    def first_last(owner: int, ctx: Ctx) -> int:
        want = {ctx.total if w == "last" else w for w in win}
        if ctx.tricks:
            t = len(ctx.tricks)
            mine = ctx.tricks[-1].winner == owner
            if t in want and not mine:
                return FAILED
            if t in lose and mine:
                return FAILED
            if only and mine and t not in want:
                return FAILED
        if ctx.final:
            # the attempt ended with tricks unplayed (three-player leftover never matters here)
            played = len(ctx.tricks)
            if any(w > played for w in want):
                return FAILED
            return DONE
        if only:
            return PENDING
        horizon = max(want | set(lose), default=0)
        return DONE if len(ctx.tricks) >= horizon else PENDING

    return first_last


def _know_first_last_tricks(p: FirstLastTricks) -> Knowledge:
    want = frozenset(0 if w == "last" else w for w in p.win)  # 0: the last trick
    lose = frozenset(p.lose)
    cuts = [Cut(CutKind.WIN_TRICKS, tricks=want, lose=lose)]
    if p.only:
        cuts.append(Cut(CutKind.ONLY_TRICKS, tricks=want))

    def lean(owner: int, counts: tuple[int, ...], tricks: tuple[Trick, ...], *rest: int) -> int:
        t = len(tricks) + 1
        if t in want or (0 in want and t == rest[-1]):
            return 1
        if t in lose or p.only:
            return -1
        return 0

    return Knowledge(Reads.NOTHING, cuts=tuple(cuts), lean=lean)


# -- n_tricks --------------------------------------------------------------------------------


def _n_tricks(p: NTricks) -> Evaluator:
    n = p.count

    def n_tricks(owner: int, ctx: Ctx) -> int:
        return _exact_tricks(ctx.counts[owner], n, ctx)

    return n_tricks


def _know_n_tricks(p: NTricks) -> Knowledge:
    def lean(owner: int, counts: tuple[int, ...], *_: Any) -> int:
        return _towards(counts[owner], p.count)

    cuts = (Cut(CutKind.MOST_TRICKS, count=p.count), Cut(CutKind.FINAL_COUNTS))
    return Knowledge(Reads.COUNTS, cuts=cuts, lean=lean, tally=own_count)


# -- consecutive_tricks ----------------------------------------------------------------------


def _won_indices(owner: int, ctx: Ctx) -> list[int]:
    return [i + 1 for i, t in enumerate(ctx.tricks) if t.winner == owner]


def _consecutive_tricks(p: ConsecutiveTricks) -> Evaluator:
    n = p.run
    if p.mode == "at_least_once":

        def run_at_least(owner: int, ctx: Ctx) -> int:
            run = current_run(owner, ctx.tricks)
            if run >= n:
                return DONE
            if run + ctx.remaining < n:
                return FAILED
            return PENDING

        return run_at_least

    if p.mode == "never":

        def never_two(owner: int, ctx: Ctx) -> int:
            run = current_run(owner, ctx.tricks)
            if run >= n:
                return FAILED
            # done once even winning every remaining trick could not make a run of n
            return DONE if run + ctx.remaining < n else PENDING

        return never_two

    def exactly_in_a_row(owner: int, ctx: Ctx) -> int:
        idx = _won_indices(owner, ctx)
        k = len(idx)
        if k > n:
            return FAILED
        if idx and idx[-1] - idx[0] + 1 != k:
            return FAILED
        if k < n:
            if idx and idx[-1] != len(ctx.tricks):
                return FAILED
            if k + ctx.remaining < n:
                return FAILED
        if ctx.final:
            return DONE if k == n else FAILED
        return PENDING

    return exactly_in_a_row


def _know_consecutive_tricks(p: ConsecutiveTricks) -> Knowledge:
    # a pending task of any mode depends only on the owner's trick count and current run (an
    # "exactly" task still pending has won all its tricks in the run that is going on)
    if p.mode == "never":

        def lean_never(
            owner: int, counts: tuple[int, ...], tricks: tuple[Trick, ...], *_: int
        ) -> int:
            return -1 if current_run(owner, tricks) + 1 >= p.run else 0

        # no run of ``run`` won tricks: the owner wins at most so many of the tricks left, and
        # cannot also need such a run for another task
        never = (Cut(CutKind.RUN, count=p.run, mode=RunMode.NEVER),)
        return Knowledge(Reads.RUN, cuts=never, lean=lean_never, tally=run_only)
    cuts = [Cut(CutKind.RUN, count=p.run, mode=RunMode(p.mode))]
    if p.mode == "exactly":
        cuts.append(Cut(CutKind.MOST_TRICKS, count=p.run))

        def lean(owner: int, counts: tuple[int, ...], *_: Any) -> int:
            return _towards(counts[owner], p.run)

    else:

        def lean(owner: int, counts: tuple[int, ...], *_: Any) -> int:
            return 1

    # "at least once" depends on the run alone; "exactly" also on the tricks won before it
    tally = None if p.mode == "exactly" else run_only
    return Knowledge(Reads.RUN, cuts=tuple(cuts), lean=lean, tally=tally)


# -- compare_captain, compare_others ---------------------------------------------------------


def _compare_captain(p: CompareCaptain) -> Evaluator:
    op = p.op

    def compare_captain(owner: int, ctx: Ctx) -> int:
        mine, cap, r = ctx.counts[owner], ctx.counts[ctx.captain], ctx.remaining
        if op == "more":
            if mine + r <= cap:
                return FAILED
            if mine > cap + r:
                return DONE
        elif op == "fewer":
            if mine >= cap + r:
                return FAILED
            if mine + r < cap:
                return DONE
        else:
            if abs(mine - cap) > r:
                return FAILED
            if r == 0:
                return DONE
        return FAILED if ctx.final else PENDING

    return compare_captain


def _know_compare_captain(p: CompareCaptain) -> Knowledge:
    def lean(
        owner: int, counts: tuple[int, ...], tricks: tuple[Trick, ...], captain: int, *_: int
    ) -> int:
        if p.op == "more":
            return 1
        if p.op == "fewer":
            return -1
        return _towards(counts[owner], counts[captain])

    return Knowledge(
        Reads.COUNTS, cuts=(Cut(CutKind.FINAL_COUNTS),), lean=lean, tally=against_captain
    )


def _compare_others(p: CompareOthers) -> Evaluator:
    op = p.op
    needs = p.need or (0, 0, 0)

    def compare_others(owner: int, ctx: Ctx) -> int:
        mine, r = ctx.counts[owner], ctx.remaining
        others = [c for s, c in enumerate(ctx.counts) if s != owner]
        if op == "more_than_each":
            if any(c >= mine + r for c in others):
                return FAILED
            if all(mine > c + r for c in others):
                return DONE
        elif op == "fewer_than_each":
            # every other player must end above the owner; the remaining tricks are shared, so
            # the others' shortfalls together must fit into them
            if sum(max(0, mine + 1 - c) for c in others) > r:
                return FAILED
            if all(mine + r < c for c in others):
                return DONE
        else:
            need = needs[ctx.crew - 3]
            if mine >= need:
                return DONE
            if sum(others) > ctx.total - need:
                return FAILED
        return FAILED if ctx.final else PENDING

    return compare_others


def _know_compare_others(p: CompareOthers) -> Knowledge:
    sign = -1 if p.op == "fewer_than_each" else 1

    def lean(*_: Any) -> int:
        return sign

    # "at least so many": the owner's count (the others share the rest); otherwise the
    # owner's lead over (or gap behind) each other seat
    tally = own_count if p.op not in ("more_than_each", "fewer_than_each") else against_each
    return Knowledge(Reads.COUNTS, cuts=(Cut(CutKind.FINAL_COUNTS),), lean=lean, tally=tally)


# -- predict_tricks --------------------------------------------------------------------------


def _predict_tricks(p: PredictTricks) -> Evaluator:
    # p.visibility decides who sees the number (view.view_for), not the verdict
    def predicted(owner: int, ctx: Ctx) -> int:
        n = ctx.predictions[owner]
        if n < 0:  # not yet fixed: cannot happen once tricks are played
            return PENDING
        return _exact_tricks(ctx.counts[owner], n, ctx)

    return predicted


def _know_predict_tricks(p: PredictTricks) -> Knowledge:
    def lean(
        owner: int,
        counts: tuple[int, ...],
        tricks: tuple[Trick, ...],
        captain: int,
        prediction: int,
        total: int,
    ) -> int:
        return 0 if prediction < 0 else _towards(counts[owner], prediction)

    # count -1: the owner's prediction, once it is fixed
    cuts = (Cut(CutKind.MOST_TRICKS, count=-1), Cut(CutKind.FINAL_COUNTS))
    return Knowledge(Reads.COUNTS, cuts=cuts, lean=lean, tally=own_count)


# -- dont_open -------------------------------------------------------------------------------


def _dont_open(p: DontOpen) -> Evaluator:
    mask = colour_mask(p.colors)

    def dont_open(owner: int, ctx: Ctx) -> int:
        # done once no card of the colours is unplayed, or the owner cannot lead again: only the
        # last trick remains and its leader (the winner of the trick before) is someone else
        if ctx.final or not ctx.avail & mask:
            return DONE
        if ctx.remaining == 1 and ctx.tricks and ctx.tricks[-1].winner != owner:
            return DONE
        return PENDING

    return dont_open


def _dont_open_on_lead(p: DontOpen) -> OnLead:
    mask = colour_mask(p.colors)

    def on_lead(owner: int, leader: int, card: int) -> int:
        return FAILED if leader == owner and (mask >> card) & 1 else PENDING

    return on_lead


def _know_dont_open(p: DontOpen) -> Knowledge:
    # judged the moment the owner leads; nothing of the past matters
    allowed = DECK_MASK & ~colour_mask(p.colors)
    return Knowledge(Reads.NOTHING, cuts=(Cut(CutKind.LEADS_ONLY, cards=allowed),))


#: The categories of this module (see :data:`crew.engine.tasks.JUDGES`).
JUDGES: dict[str, Judge[Any]] = {
    "first_last_tricks": Judge(FirstLastTricks, _first_last_tricks, _know_first_last_tricks),
    "n_tricks": Judge(NTricks, _n_tricks, _know_n_tricks),
    "consecutive_tricks": Judge(ConsecutiveTricks, _consecutive_tricks, _know_consecutive_tricks),
    "compare_captain": Judge(CompareCaptain, _compare_captain, _know_compare_captain),
    "compare_others": Judge(CompareOthers, _compare_others, _know_compare_others),
    "predict_tricks": Judge(PredictTricks, _predict_tricks, _know_predict_tricks),
    "dont_open": Judge(DontOpen, _dont_open, _know_dont_open, _dont_open_on_lead),
}
