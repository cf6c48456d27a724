"""Task cards as rules: one evaluator per category, and conflicts between drawn tasks.

After every trick each task is pending, done or failed, decided as early as public information
allows: cards played, tricks won, trick counts, and how many tricks remain. Hidden hands are never
consulted (ruling 14); the one exception is the three-player leftover card, which counts as
unplayed for ever once the last trick is done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple, TypeVar

from .cards import (
    SUB,
    SUIT_LETTERS,
    SUIT_MASKS,
    VALUE_MASKS,
    mask_of,
    parse_card,
    parse_cards,
    value_of,
)
from .data import TaskCard, load_impossible, load_tasks
from .enums import TaskStatus
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
from .tricks import Trick

__all__ = [
    "DONE",
    "FAILED",
    "PENDING",
    "STATUS_NAMES",
    "EVALUATORS",
    "LEAD_RULES",
    "Ctx",
    "Task",
    "all_tasks",
    "conflicts",
    "get_task",
    "impossible",
]

PENDING, DONE, FAILED = 0, 1, 2
STATUS_NAMES = (TaskStatus.PENDING, TaskStatus.DONE, TaskStatus.FAILED)


class Ctx(NamedTuple):
    """What the evaluators may look at after a trick: public information only."""

    won: tuple[int, ...]  # captured cards per seat
    counts: tuple[int, ...]  # tricks won per seat
    tricks: tuple[Trick, ...]  # completed tricks
    avail: int  # cards that may still be played (0 once the attempt is over)
    remaining: int  # tricks still to play (0 once over)
    total: int  # tricks in the whole attempt
    captain: int
    predictions: tuple[int, ...]  # per seat, -1 when none
    final: bool  # no more tricks will be played
    crew: int  # crew size for thresholds (two players with Tonoja: 3)


Evaluator = Callable[[int, Ctx], int]
#: ``on_lead(owner, leader, card)``: FAILED when the owner has just led a forbidden card.
OnLead = Callable[[int, int, int], int]


@dataclass(frozen=True, slots=True)
class Task:
    """A task card with its compiled evaluator.

    ``evaluate(owner, ctx)`` returns PENDING, DONE or FAILED after a trick; ``on_lead`` (lead
    restriction tasks only) returns FAILED when the owner has just led a forbidden card.
    """

    card: TaskCard
    evaluate: Evaluator
    on_lead: OnLead | None

    @property
    def id(self) -> int:
        return self.card.id

    @property
    def category(self) -> str:
        return self.card.category

    @property
    def captain_may_not_take(self) -> bool:
        """The card says "I am not the captain": the distribution never gives it the captain."""
        return self.card.captain_may_not_take

    @property
    def prediction(self) -> str | None:
        """``"public"`` or ``"secret"`` for a prediction task (how its number is shown), else
        None."""
        p = self.card.params
        return p.visibility if isinstance(p, PredictTricks) else None

    @property
    def text(self) -> str:
        return self.card.text

    def difficulty_for(self, crew: int) -> int:
        return self.card.difficulty_for(crew)


# --------------------------------------------------------------------------------------------
# helpers


def _count(mask: int) -> int:
    return mask.bit_count()


def _colour_mask(letters: Iterable[str]) -> int:
    m = 0
    for letter in letters:
        m |= SUIT_MASKS[SUIT_LETTERS.index(letter.upper())]
    return m


def _value_mask(values: Iterable[int]) -> int:
    m = 0
    for v in values:
        m |= VALUE_MASKS[v]
    return m


def _others(owner: int, ctx: Ctx) -> int:
    m = 0
    for s, w in enumerate(ctx.won):
        if s != owner:
            m |= w
    return m


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


def _exact_tricks(have: int, n: int, ctx: Ctx) -> int:
    if have > n or have + ctx.remaining < n:
        return FAILED
    if ctx.final:
        return DONE
    return PENDING


# --------------------------------------------------------------------------------------------
# one evaluator per category


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


def _win_cards(need: int) -> Evaluator:
    """Win every card of ``need`` (same or different tricks)."""

    def win_cards(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner] & need
        if mine == need:
            return DONE
        if _others(owner, ctx) & need or (need & ~mine & ~ctx.avail):
            return FAILED
        return PENDING

    return win_cards


def _win_n(parts: list[tuple[int, int]], at_least: bool) -> Evaluator:
    """For each (card mask, n) of ``parts``: at least (or exactly) n of those cards won."""

    def win_n(owner: int, ctx: Ctx) -> int:
        results = []
        for mask, n in parts:
            have = _count(ctx.won[owner] & mask)
            open_ = _count(ctx.avail & mask)
            if at_least:
                results.append(_at_least(have, open_, n))
            else:
                results.append(_exact_count(have, open_, n, ctx.final))
        if FAILED in results:
            return FAILED
        return DONE if all(r == DONE for r in results) else PENDING

    return win_n


def _win_n_of_value(p: WinNOfValue) -> Evaluator:
    return _win_n([(VALUE_MASKS[p.value], p.count)], p.mode == "at_least")


def _win_n_of_color(p: WinNOfColor) -> Evaluator:
    parts = [(_colour_mask([c]), n) for c, n in p.parts().items()]
    return _win_n(parts, p.mode == "at_least")


def _dont_win(p: DontWin) -> Evaluator:
    mask = _colour_mask(p.colors) | _value_mask(p.values)

    def dont_win(owner: int, ctx: Ctx) -> int:
        if ctx.won[owner] & mask:
            return FAILED
        return DONE if not ctx.avail & mask else PENDING

    return dont_win


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


def _n_tricks(p: NTricks) -> Evaluator:
    n = p.count

    def n_tricks(owner: int, ctx: Ctx) -> int:
        return _exact_tricks(ctx.counts[owner], n, ctx)

    return n_tricks


def _won_indices(owner: int, ctx: Ctx) -> list[int]:
    return [i + 1 for i, t in enumerate(ctx.tricks) if t.winner == owner]


def _current_run(owner: int, ctx: Ctx) -> int:
    run = 0
    for t in reversed(ctx.tricks):
        if t.winner != owner:
            break
        run += 1
    return run


def _consecutive_tricks(p: ConsecutiveTricks) -> Evaluator:
    n = p.run
    if p.mode == "at_least_once":

        def run_at_least(owner: int, ctx: Ctx) -> int:
            run = _current_run(owner, ctx)
            if run >= n:
                return DONE
            if run + ctx.remaining < n:
                return FAILED
            return PENDING

        return run_at_least

    if p.mode == "never":

        def never_two(owner: int, ctx: Ctx) -> int:
            run = _current_run(owner, ctx)
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


#: ``possible(avail, crew)``: can a qualifying trick still be formed from the unplayed cards?
Possible = Callable[[int, int], bool]


def _one_trick(test: Callable[[Trick, int], bool], no_subs: bool, possible: Possible) -> Evaluator:
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
    return [0] + [_count(avail & VALUE_MASKS[v]) for v in range(1, 10)]


def _enough(values: Iterable[int]) -> Possible:
    """A trick of only these values (coloured cards) needs one unplayed such card per seat."""
    mask = _value_mask(values)
    return lambda avail, crew: _count(avail & mask) >= crew


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
    reach = [1] + [0] * crew  # reach[k]: totals of k cards
    for v, n in enumerate(_value_counts(avail)):
        for _ in range(n if v else 0):
            for k in range(crew, 0, -1):
                reach[k] |= reach[k - 1] << v
    return reach[crew]


# The trick_all_above_below, trick_sum and even_odd_trick cards count only coloured cards: no
# submarine may be in the qualifying trick (rules R, task-semantics).
_NO_SUBMARINES = True


def _trick_all_above_below(p: TrickAllAboveBelow) -> Evaluator:
    bound = p.value
    if p.op == "gt":
        return _one_trick(
            lambda t, _: all(value_of(c) > bound for c in t.cards),
            _NO_SUBMARINES,
            _enough(range(bound + 1, 10)),
        )
    return _one_trick(
        lambda t, _: all(value_of(c) < bound for c in t.cards),
        _NO_SUBMARINES,
        _enough(range(1, bound)),
    )


def _trick_sum(p: TrickSum) -> Evaluator:
    if p.values is not None:
        allowed = frozenset(p.values)
        wanted = sum(1 << v for v in allowed)
        return _one_trick(
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

        return _one_trick(
            lambda t, crew: sum(value_of(c) for c in t.cards) > limits[crew - 3],
            _NO_SUBMARINES,
            high_enough,
        )

    def low_enough(avail: int, crew: int) -> bool:
        best = _extreme_sum(avail, crew, highest=False)
        return best is not None and best < limits[crew - 3]

    return _one_trick(
        lambda t, crew: sum(value_of(c) for c in t.cards) < limits[crew - 3],
        _NO_SUBMARINES,
        low_enough,
    )


def _even_odd_trick(p: EvenOddTrick) -> Evaluator:
    rest = 0 if p.parity == "even" else 1
    return _one_trick(
        lambda t, _: all(value_of(c) % 2 == rest for c in t.cards),
        _NO_SUBMARINES,
        _enough(v for v in range(1, 10) if v % 2 == rest),
    )


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
            if _count(ctx.avail & play_mask) < need_open:
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


def _dont_open(p: DontOpen) -> Evaluator:
    mask = _colour_mask(p.colors)

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
    mask = _colour_mask(p.colors)

    def on_lead(owner: int, leader: int, card: int) -> int:
        return FAILED if leader == owner and (mask >> card) & 1 else PENDING

    return on_lead


def _predict_tricks(p: PredictTricks) -> Evaluator:
    # p.visibility decides who sees the number (view.view_for), not the verdict
    def predicted(owner: int, ctx: Ctx) -> int:
        n = ctx.predictions[owner]
        if n < 0:  # not yet fixed: cannot happen once tricks are played
            return PENDING
        return _exact_tricks(ctx.counts[owner], n, ctx)

    return predicted


def _equal_two_colors(p: EqualTwoColors) -> Evaluator:
    a_mask, b_mask = (_colour_mask([c]) for c in p.colors)
    least = p.min_each
    if p.scope == "one_trick":

        def equal_in_trick(t: Trick, _: int) -> bool:
            m = mask_of(t.cards)
            a, b = _count(m & a_mask), _count(m & b_mask)
            return a == b >= least

        # submarines may be in that trick: any other cards complete it
        return _one_trick(
            equal_in_trick,
            False,
            lambda avail, crew: (
                2 * least <= crew
                and _count(avail & a_mask) >= least
                and _count(avail & b_mask) >= least
            ),
        )

    def equal_overall(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner]
        a, b = _count(mine & a_mask), _count(mine & b_mask)
        ua, ub = _count(ctx.avail & a_mask), _count(ctx.avail & b_mask)
        lo, hi = max(a, b, least), min(a + ua, b + ub)
        if lo > hi:
            return FAILED
        if ua == 0 and ub == 0:
            return DONE
        return PENDING

    return equal_overall


def _more_color_than(p: MoreColorThan) -> Evaluator:
    a_mask, b_mask = _colour_mask([p.more]), _colour_mask([p.than])

    def more_than(owner: int, ctx: Ctx) -> int:
        mine = ctx.won[owner]
        a, b = _count(mine & a_mask), _count(mine & b_mask)
        ua, ub = _count(ctx.avail & a_mask), _count(ctx.avail & b_mask)
        if a + ua <= b:
            return FAILED
        if a > b + ub:
            return DONE
        return PENDING

    return more_than


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
        if mine & rest or _others(owner, ctx) & target:
            return FAILED
        if mine & target:
            return DONE if not ctx.avail & rest else PENDING
        return FAILED if not ctx.avail & target else PENDING

    return only_this_sub


P = TypeVar("P")
R = TypeVar("R")


def _typed(model: type[P], build: Callable[[P], R]) -> Callable[[Any], R]:
    """``build`` for the cards whose parameters are a ``model`` (checked, so a registry slip
    fails loudly rather than judging a card by another category's rule)."""

    def checked(params: Any) -> R:
        if not isinstance(params, model):
            raise TypeError(f"{build.__name__} judges {model.__name__}, not {params!r}")
        return build(params)

    checked.__name__ = build.__name__
    return checked


#: Category -> the evaluator builder that judges its cards after every trick (one hop from the
#: ``category`` of a card in missions/tasks.toml; the parameter models are in task_params.py).
EVALUATORS: dict[str, Callable[[Any], Evaluator]] = {
    "win_specific_cards": _typed(WinSpecificCards, _win_specific_cards),
    "win_n_of_value": _typed(WinNOfValue, _win_n_of_value),
    "win_n_of_color": _typed(WinNOfColor, _win_n_of_color),
    "dont_win": _typed(DontWin, _dont_win),
    "color_all_or_each": _typed(ColorAllOrEach, _color_all_or_each),
    "first_last_tricks": _typed(FirstLastTricks, _first_last_tricks),
    "n_tricks": _typed(NTricks, _n_tricks),
    "consecutive_tricks": _typed(ConsecutiveTricks, _consecutive_tricks),
    "compare_captain": _typed(CompareCaptain, _compare_captain),
    "compare_others": _typed(CompareOthers, _compare_others),
    "trick_all_above_below": _typed(TrickAllAboveBelow, _trick_all_above_below),
    "trick_sum": _typed(TrickSum, _trick_sum),
    "even_odd_trick": _typed(EvenOddTrick, _even_odd_trick),
    "win_with_card": _typed(WinWithCard, _win_with_card),
    "dont_open": _typed(DontOpen, _dont_open),
    "predict_tricks": _typed(PredictTricks, _predict_tricks),
    "equal_two_colors": _typed(EqualTwoColors, _equal_two_colors),
    "more_color_than": _typed(MoreColorThan, _more_color_than),
    "submarine": _typed(Submarine, _submarine),
}

#: Category -> the check run the moment the owner leads (lead restrictions only).
LEAD_RULES: dict[str, Callable[[Any], OnLead]] = {
    "dont_open": _typed(DontOpen, _dont_open_on_lead),
}


def evaluator_for(card: TaskCard) -> Evaluator:
    """The compiled evaluator of ``card``; a category without one is an error, never a
    fallback."""
    try:
        build = EVALUATORS[card.category]
    except KeyError:
        raise ValueError(f"task {card.id}: no evaluator for category {card.category!r}") from None
    return build(card.params)


def on_lead_for(card: TaskCard) -> OnLead | None:
    """The lead check of ``card``, or None when its category restricts no lead."""
    build = LEAD_RULES.get(card.category)
    return build(card.params) if build else None


# --------------------------------------------------------------------------------------------
# impossible combinations (rules C, ruling 16): data in missions/impossible.toml

#: Who may end up holding both tasks of a drawn pair.
ONE_OWNER, TWO_OWNERS, ANY_OWNERS = "one", "two", "any"


@cache
def _impossible_table() -> dict[tuple[frozenset[int], int], dict[str, str]]:
    """(pair, crew size) -> {owners: reason}."""
    table: dict[tuple[frozenset[int], int], dict[str, str]] = {}
    for entry in load_impossible():
        for crew in entry.crews:
            table.setdefault((frozenset(entry.tasks), crew), {})[entry.owners] = entry.reason
    return table


def impossible(a: int, b: int, crew: int, owners: str) -> str | None:
    """Why tasks ``a`` and ``b`` can never both succeed when held the way ``owners`` says
    (``"one"``: by one crew member, ``"two"``: by two different ones), or None.

    A pair listed for "any" owners is impossible both ways. ``crew`` is the number of seats (two
    players with Tonoja: 3).
    """
    found = _impossible_table().get((frozenset({a, b}), min(max(crew, 3), 5)))
    if not found:
        return None
    return found.get(owners) or found.get(ANY_OWNERS)


@cache
def all_tasks() -> dict[int, Task]:
    """Every task card, compiled, by id."""
    out: dict[int, Task] = {}
    for card in load_tasks():
        out[card.id] = Task(card, evaluator_for(card), on_lead_for(card))
    return out


def get_task(task_id: int) -> Task:
    """One task by id; raises ValueError naming the id when there is no such task."""
    try:
        return all_tasks()[task_id]
    except KeyError:
        raise ValueError(f"there is no task {task_id}: task ids are 1-96") from None


def conflicts(a: int, b: int, crew: int | None = None) -> bool:
    """True when tasks ``a`` and ``b`` can never both succeed for two different owners (ruling
    16) with ``crew`` seats; with no crew size given, only pairs that clash for every size."""
    sizes = (3, 4, 5) if crew is None else (crew,)
    return all(impossible(a, b, n, TWO_OWNERS) is not None for n in sizes)


def redeal_masks(task_id: int) -> tuple[int, ...]:
    """Holdings that force a re-deal when one hand holds all cards of one of them."""
    return tuple(mask_of(parse_cards(h)) for h in get_task(task_id).card.redeal_if)
