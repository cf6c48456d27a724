"""Tasks whose trick counts can never add up: doomed whatever the cards.

Every trick is won by exactly one seat, so the tricks the owners of some tasks must win, may
win at most, or must compare with each other's have to fit in the tricks of the attempt. For
example, the captain holding #42 (win the first three tricks) and #64 (win more tricks than all
the others together) wins at least 6 of 10 tricks with four players, so #59 (win more tricks
than the captain) can then never succeed: no way of playing the cards wins all three.

What each task says about its owner's tricks comes from its card's consequences
(:class:`~crew.engine.task_base.Cut`): the tricks it must or must not win, the most it may win,
a run of won tricks, and a verdict on the final counts alone (comparisons, exact counts). A
prediction is not known while the tasks are handed out, so it says nothing here.

Public facts only: the tasks, who holds them, the number of tricks and the captain.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from .phases.distribution import owner_choices
from .state import GameState, Setup
from .task_base import DONE, Ctx, CutKind, RunMode
from .tasks import ONE_OWNER, TWO_OWNERS, get_task, impossible

__all__ = ["count_clash", "counts_fit", "placement_clash"]


def count_clash(state: GameState) -> tuple[int, ...] | None:
    """Tasks given out in ``state`` whose owners' trick counts can never all fit the tricks
    of the attempt (their ids, a smallest such group found by leaving out one task at a time),
    or None when some way of sharing the tricks satisfies every one of them."""
    ids, owners = state.setup.task_ids, state.owners
    held = [(ids[i], owners[i]) for i in _considered(ids) if owners[i] >= 0]
    if len(held) < 2 or counts_fit(state.setup, held):  # one task alone always fits
        return None
    need = list(held)
    for item in list(held):
        rest = [x for x in need if x != item]
        if not counts_fit(state.setup, rest):
            need = rest
    return tuple(task for task, _ in need)


def placement_clash(state: GameState, total: list[int] | None = None) -> tuple[int, ...] | None:
    """Tasks of ``state`` to which no owners the mission's way of handing them out allows give
    trick counts that all fit without two of them that can never both succeed (a smallest such
    group found by leaving out one task at a time; given out or not), or None. The order of
    the choices is not asked: when no owners at all will do, no order will. With every such
    task given out, :func:`count_clash`.

    Each search for owners tries :data:`PLACINGS` at most, and the question :data:`ALONE` in
    all; ``total[0]``, when given, bounds instead the placings of all the questions that share
    it (a hand-out search's). Once they run out this says None, and so do the questions after
    it."""
    ids = state.setup.task_ids
    counted = _considered(ids)
    if all(state.owners[i] >= 0 for i in counted):
        return count_clash(state)
    # the answer reads only the attempt's setup and the owners: asked again for the same ones
    # (the choices of one hand-out search meet the same owners often), it is remembered
    key = (state.setup, state.owners)
    if key in _PLACED:
        return _PLACED[key]
    if len(_PLACED) >= 4_096:
        _PLACED.clear()
    tries = _Tries(ALONE if total is None else total[0])
    try:
        found = None
        if not _placeable(state, counted, tries):
            need = list(counted)
            for i in counted:
                rest = [j for j in need if j != i]
                if not _placeable(state, rest, tries):
                    need = rest
            found = tuple(ids[i] for i in need)
    except _OutOfPlacings:
        return None  # the shared placings ran out: nothing is said (nor remembered)
    finally:
        if total is not None:
            total[0] = tries.left
    _PLACED[key] = found
    return found


_PLACED: dict[tuple[Setup, tuple[int, ...]], tuple[int, ...] | None] = {}


def _placeable(state: GameState, counted: list[int], tries: _Tries) -> bool:
    """Whether some owners of the tasks at indexes ``counted`` (each as the mission may hand it
    out, those given out keeping theirs) keep every pair of them possible and their trick
    counts fitting (True too when not settled within :data:`PLACINGS`); raises
    :class:`_OutOfPlacings` when ``tries.left`` runs out."""
    setup = state.setup
    ids = setup.task_ids
    held = [(ids[i], state.owners[i]) for i in counted if state.owners[i] >= 0]
    free = [i for i in counted if state.owners[i] < 0]
    if len(held) + len(free) < 2:
        return True
    options = {i: sorted({c[0] for c in owner_choices(state, [i])}) for i in free}
    # the most limited tasks first: the counted ones, then by how few seats may take them
    free.sort(key=lambda i: (not _counted(ids[i]), len(options[i])))
    tries.made = 0
    try:
        return _place(setup, held, [(ids[i], options[i]) for i in free], tries)
    except _TooMany:
        return True  # not settled: nothing is said


#: Owners :func:`_placeable` tries before it gives up (it then finds no clash). Every first
#: choice of 270 fresh deals (3-5 players, missions 1-50) needed 99 at most, 4 at the median.
#: A hand-out search bounds all its questions together
#: (:data:`~crew.engine.handing_out.HAND_OUT_PLACINGS`).
PLACINGS = 1_000
#: Placings one question asked on its own may try in all, its search for a smallest group
#: included (with dozens of tasks each costs about a tenth of a millisecond).
ALONE = 4 * PLACINGS


class _TooMany(Exception):
    """One search for owners tried :data:`PLACINGS` without settling."""


class _OutOfPlacings(Exception):
    """The placings shared by a hand-out search's questions ran out."""


class _Tries:
    """The owners one search for owners has placed (``made``), and those every question
    sharing them may still place (``left``)."""

    __slots__ = ("left", "made")

    def __init__(self, left: int) -> None:
        self.made = 0
        self.left = left


def _place(
    setup: Setup,
    held: list[tuple[int, int]],
    free: list[tuple[int, list[int]]],
    tries: _Tries,
) -> bool:
    """:func:`_placeable` from here: ``held`` placed, ``free`` (task, its seats) to place."""
    if not free:
        return True
    tries.made += 1
    tries.left -= 1
    if tries.left < 0:
        raise _OutOfPlacings
    if tries.made > PLACINGS:
        raise _TooMany
    (task, seats), rest = free[0], free[1:]
    used = {owner for _, owner in held}
    tried: set[tuple[bool, ...]] = set()
    for seat in seats:
        if seat not in used and seat != setup.captain:
            # seats holding none of these tasks are alike but for the tasks they may take
            alike = tuple(seat in later for _, later in rest)
            if alike in tried:
                continue
            tried.add(alike)
        if any(
            impossible(task, other, setup.crew, ONE_OWNER if owner == seat else TWO_OWNERS)
            for other, owner in held
        ):
            continue
        placed = [*held, (task, seat)]
        if counts_fit(setup, placed) and _place(setup, placed, rest, tries):
            return True
    return False


def _considered(ids: tuple[int, ...]) -> list[int]:
    """The indexes of the tasks whose owners' trick counts are asked: none when no task says
    anything of the counts but that its owner wins a trick; else those and every task its owner
    can only do by winning a trick."""
    if not any(_counted(t) for t in ids):
        return []
    return [i for i, t in enumerate(ids) if _counted(t) or _needs_a_trick(t)]


@cache
def _needs_a_trick(task: int) -> bool:
    """Whether ``task`` can only be done by an owner that wins a trick: it is not done when
    nobody has won anything (a task judged on the counts is asked by its evaluator instead)."""
    t = get_task(task)
    if t.prediction is not None or any(c.kind == CutKind.FINAL_COUNTS for c in t.know.cuts):
        return False
    nothing = Ctx((0,) * 5, (0,) * 5, (), 0, 0, 8, 1, (-1,) * 5, True, 5)
    return t.evaluate(0, nothing) != DONE


@cache
def _counted(task: int) -> bool:
    """Whether ``task``'s card says anything about its owner's trick count."""
    t = get_task(task)
    return any(_says_count(c.kind, c.count, t.prediction is not None) for c in t.know.cuts)


def _says_count(kind: CutKind, count: int, prediction: bool) -> bool:
    if kind in (CutKind.WIN_TRICKS, CutKind.ONLY_TRICKS, CutKind.RUN):
        return True
    if kind == CutKind.MOST_TRICKS:
        return count >= 0
    return kind == CutKind.FINAL_COUNTS and not prediction


def counts_fit(setup: Setup, held: Sequence[tuple[int, int]]) -> bool:
    """Whether the trick counts leave room for every task of ``held`` ((task, owner) pairs):
    some final counts (every trick to one seat) satisfy what each says about its owner's
    tricks, and every trick may go to some seat. False: no way of winning the tricks does them
    all. True says only that the counts do not rule it out (two tasks that can never both
    succeed for other reasons are the engine's impossible pairs)."""
    total, seats = setup.total_tricks, setup.seats
    lo, hi = [0] * seats, [total] * seats
    must: list[set[int]] = [set() for _ in range(seats)]  # tricks (1-based) a seat must win
    never: list[set[int]] = [set() for _ in range(seats)]  # tricks a seat may not win
    judged: list[list[int]] = [[] for _ in range(seats)]  # tasks judged on the final counts
    for task, owner in held:
        t = get_task(task)
        if _needs_a_trick(task):
            lo[owner] = max(lo[owner], 1)
        for cut in t.know.cuts:
            numbered = {n if n > 0 else total for n in cut.tricks}
            match cut.kind:
                case CutKind.WIN_TRICKS:
                    must[owner] |= numbered
                    never[owner] |= {n if n > 0 else total for n in cut.lose if n <= total}
                case CutKind.ONLY_TRICKS:
                    never[owner] |= set(range(1, total + 1)) - numbered
                case CutKind.MOST_TRICKS if cut.count >= 0:
                    hi[owner] = min(hi[owner], cut.count)
                case CutKind.RUN if cut.mode == RunMode.NEVER:
                    hi[owner] = min(hi[owner], total - total // cut.count)
                case CutKind.RUN:
                    lo[owner] = max(lo[owner], cut.count)
                    if cut.mode == RunMode.EXACTLY:
                        hi[owner] = min(hi[owner], cut.count)
                case CutKind.FINAL_COUNTS if t.prediction is None:
                    judged[owner].append(task)
    if any(all(k in never[s] for s in range(seats)) for k in range(1, total + 1)):
        return False  # a trick nobody may win
    for seat in range(seats):
        others = set().union(*(must[s] for s in range(seats) if s != seat))
        if must[seat] & (never[seat] | others):
            return False  # a trick two seats must win, or one its owner may not
        lo[seat] = max(lo[seat], len(must[seat]))
        hi[seat] = min(hi[seat], total - len(never[seat] | others))
        if lo[seat] > hi[seat]:
            return False
    if not sum(lo) <= total <= sum(hi):
        return False
    if not any(judged):
        return True
    # the seats renamed: the captain first, then the others by what they must do (the counts
    # do not care which seat is which but for the captain), so alike questions are asked once
    captain = setup.captain
    rest = sorted((lo[s], hi[s], tuple(sorted(judged[s]))) for s in range(seats) if s != captain)
    first = (lo[captain], hi[captain], tuple(sorted(judged[captain])))
    return _judged_fit(total, setup.crew, (first, *rest))


@lru_cache(maxsize=4_096)
def _judged_fit(total: int, crew: int, seats: tuple[tuple[int, int, tuple[int, ...]], ...]) -> bool:
    """Whether some final counts, each seat's between its bounds, do every task judged on the
    final counts (``seats``: per seat its fewest and most tricks and those tasks; the captain
    is seat 0)."""
    n = len(seats)
    lo, hi = [s[0] for s in seats], [s[1] for s in seats]
    judged = [(owner, get_task(t).evaluate) for owner, s in enumerate(seats) for t in s[2]]
    nothing, unknown = (0,) * n, (-1,) * n
    for counts in _shares(lo, hi, total):
        at_end = Ctx(nothing, counts, (), 0, 0, total, 0, unknown, True, crew)
        if all(evaluate(owner, at_end) == DONE for owner, evaluate in judged):
            return True
    return False


def _shares(lo: list[int], hi: list[int], left: int, seat: int = 0) -> Iterator[tuple[int, ...]]:
    """Each way of sharing ``left`` tricks among the seats from ``seat`` on, each between its
    ``lo`` and ``hi``."""
    if seat == len(lo) - 1:
        if lo[seat] <= left <= hi[seat]:
            yield (left,)
        return
    rest_lo, rest_hi = sum(lo[seat + 1 :]), sum(hi[seat + 1 :])
    for mine in range(lo[seat], min(hi[seat], left) + 1):
        if rest_lo <= left - mine <= rest_hi:
            for tail in _shares(lo, hi, left - mine, seat + 1):
                yield (mine, *tail)
