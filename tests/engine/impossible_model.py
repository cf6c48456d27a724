"""An abstract model of a finished attempt, to prove which pairs of task cards can never both
succeed (rules C, rulings 15-16) and that no other pair fails for the same reasons.

It reads only the task parameters (``missions/tasks.toml``), never the engine's evaluators, and
judges two things about an ending:

* the **trick shape**: which of the T tricks (13 / 10 / 8) the task owners won, every pattern
  enumerated exhaustively, with the other players' counts and the captain's chosen to help;
* the **cards**: how many cards of a pool (pink, the 9s, the submarines, ...) each owner
  captured, as lower and upper bounds, from the card supply (each card exists once).

Every condition the model imposes is one the task really needs, so "no ending of the model
fits" proves a pair impossible. The model is coarse where the game is rich (it does not follow
suits or hands), so a pair the model allows could still fail in a way it does not see; that is
the "same reason" boundary the table is checked against.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from math import ceil
from typing import Any

from crew.engine.data import TaskCard, load_tasks

COLOURS = "PBGY"
ALL = frozenset(f"{c}{v}" for c in COLOURS for v in range(1, 10)) | {f"S{v}" for v in range(1, 5)}
SUBS = frozenset(f"S{v}" for v in range(1, 5))
TRICKS = {3: 13, 4: 10, 5: 8}


def colour(c: str) -> frozenset[str]:
    return frozenset(f"{c}{v}" for v in range(1, 10))


def values(vs: Any) -> frozenset[str]:
    """Coloured cards of the given values (values on task cards never mean submarines)."""
    return frozenset(f"{c}{v}" for c in COLOURS for v in vs)


@dataclass(frozen=True)
class Bound:
    """The owner captures between ``lo`` and ``hi`` cards of ``pool``."""

    pool: frozenset[str]
    lo: int = 0
    hi: int = 99
    what: str = ""


@dataclass(frozen=True)
class Need:
    """What one way of doing a task needs: card bounds, and a trick-shape predicate."""

    bounds: tuple[Bound, ...] = ()
    shape: str = ""  # key of a shape predicate; "" for none
    one_trick: int = 0  # the task needs one won trick of this many cards from a pool (sums)
    sum_test: tuple[str, int, int] | None = None  # ("gt"/"lt"/"in", a, b) for trick sums


@dataclass(frozen=True)
class Model:
    id: int
    text: str
    ways: tuple[Need, ...]  # alternatives (all nine of *some* colour)
    compare: str = ""  # "more_captain", "fewer_captain", "equal_captain", "62", "63", "64"
    needs_trick: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def _need_cards(cards: list[str]) -> tuple[Bound, ...]:
    return tuple(Bound(frozenset({c}), 1, 99, c) for c in cards)


def model_of(card: TaskCard, crew: int) -> Model:
    """The abstract needs of one task card for ``crew`` players."""
    # the parameters exactly as written in tasks.toml (this model reads the data on its own)
    p, cat, t = card.params.model_dump(exclude_unset=True), card.category, card.id
    text = card.text
    one = Need()
    if cat == "win_specific_cards":
        shape = "last" if p.get("trick") == "last" else ""
        one = Need(_need_cards(p["cards"]), shape)
    elif cat in ("win_n_of_value", "win_n_of_color"):
        bounds: list[Bound] = []
        counts = (
            dict(p["counts"]) if "counts" in p else {p.get("color", p.get("value")): p["count"]}
        )
        for key, n in counts.items():
            pool = colour(key) if isinstance(key, str) else values([key])
            hi = n if p["mode"] == "exactly" else 99
            bounds.append(Bound(pool, n, hi, f"{key}"))
        one = Need(tuple(bounds))
    elif cat == "dont_win":
        pool = frozenset().union(*(colour(c) for c in p.get("colors", []))) | values(
            p.get("values", [])
        )
        one = Need((Bound(pool, 0, 0, "forbidden"),))
    elif cat == "color_all_or_each":
        if p["mode"] == "each_color":
            one = Need(tuple(Bound(colour(c), 1, 99, c) for c in COLOURS))
        else:
            ways = tuple(Need((Bound(colour(c), 9, 99, c),)) for c in COLOURS)
            return Model(t, text, ways, needs_trick=True)
    elif cat in ("first_last_tricks", "n_tricks", "consecutive_tricks"):
        one = Need(shape=f"task{t}")
    elif cat == "compare_captain":
        return Model(t, text, (Need(),), compare=f"{p['op']}_captain")
    elif cat == "compare_others":
        return Model(t, text, (Need(),), compare=str(t))
    elif cat in ("trick_all_above_below", "even_odd_trick"):
        if cat == "even_odd_trick":
            pool = values(range(2, 10, 2) if p["parity"] == "even" else range(1, 10, 2))
        elif p["op"] == "gt":
            pool = values(range(p["value"] + 1, 10))
        else:
            pool = values(range(1, p["value"]))
        one = Need((Bound(pool, crew, 99, "one trick"),), one_trick=crew)
    elif cat == "trick_sum":
        if p["op"] == "in":
            test = ("in", min(p["values"]), max(p["values"]))
        else:
            test = (p["op"], p["thresholds"][crew - 3], 0)
        one = Need((Bound(values(range(1, 10)), crew, 99, "one trick"),), sum_test=test)
    elif cat == "win_with_card":
        bounds = []
        if p["play"] == "submarine":
            bounds.append(Bound(SUBS, 1, 99, "submarine"))
        elif p.get("capture_other_card"):
            bounds.append(Bound(values([p["play"]]), 2, 99, f"{p['play']}s"))
        else:
            bounds.append(Bound(values([p["play"]]), 1, 99, f"{p['play']}s"))
        cap = p.get("capture")
        if isinstance(cap, str):
            bounds.append(Bound(frozenset({cap}), 1, 99, cap))
        elif cap is not None and cap != p["play"]:
            bounds.append(Bound(values([cap]), 1, 99, f"{cap}s"))
        one = Need(tuple(bounds))
    elif cat == "dont_open" or cat == "predict_tricks":
        one = Need()
    elif cat == "equal_two_colors":
        one = Need(tuple(Bound(colour(c), 1, 99, c) for c in p["colors"]))
    elif cat == "more_color_than":
        return Model(
            t,
            text,
            (Need((Bound(colour(p["more"]), 1, 99, p["more"]),)),),
            extra={"more": p["more"], "than": p["than"]},
        )
    elif cat == "submarine":
        bounds = []
        if "cards" in p:
            bounds.extend(_need_cards(p["cards"]))
            if p.get("no_other_submarine"):
                bounds.append(Bound(SUBS - set(p["cards"]), 0, 0, "other submarines"))
        else:
            bounds.append(Bound(SUBS, p["count"], p["count"], "submarines"))
        one = Need(tuple(bounds))
    return Model(t, text, (one,))


# ---------------------------------------------------------------------------------------------
# trick shapes


@cache
def _params(t: int) -> dict[str, Any]:
    """Task ``t``'s parameters as written in tasks.toml (read once)."""
    return _CARDS[t].params.model_dump(exclude_unset=True)


def _shape_ok(key: str, won: int, total: int) -> bool:
    """Whether the owner's won tricks (bit i = trick i+1) satisfy shape ``key``."""
    if not key:
        return True
    last = 1 << (total - 1)
    if key == "last":
        return bool(won & last)
    t = int(key[4:])
    card = _CARDS[t]
    p = _params(t)
    count = won.bit_count()
    if card.category == "first_last_tricks":
        for w in p.get("win", []):
            if not won & (last if w == "last" else 1 << (w - 1)):
                return False
        for w in p.get("lose", []):
            if won & (1 << (w - 1)):
                return False
        if p.get("only"):
            return count == len(p["win"])
        return True
    if card.category == "n_tricks":
        return count == p["count"]
    runs = _runs(won)
    if p["mode"] == "at_least_once":
        return max(runs, default=0) >= p["run"]
    if p["mode"] == "never":
        return max(runs, default=0) < 2
    return runs == [p["run"]]  # exactly: that many tricks, all in one run


def _runs(won: int) -> list[int]:
    out: list[int] = []
    run = 0
    while won:
        if won & 1:
            run += 1
        elif run:
            out.append(run)
            run = 0
        won >>= 1
    if run:
        out.append(run)
    return out


def _others_ok(
    crew: int, total: int, owners: list[tuple[int, set[str]]], captain_free: list[bool]
) -> bool:
    """Whether the players who hold none of the tasks can win the rest of the tricks, and a
    captain can be chosen, so that every compare task of the owners holds.

    ``owners`` lists (tricks won, compare keys) per owner; ``captain_free[i]`` says owner i may
    be the captain (nobody holding a compare-with-captain task may).
    """
    rest = total - sum(w for w, _ in owners)
    k = crew - len(owners)
    if rest < 0:
        return False

    def fine(w: int, keys: set[str], others: list[int], cap: int) -> bool:
        for key in keys:
            if key == "more_captain" and not w > cap:
                return False
            if key == "fewer_captain" and not w < cap:
                return False
            if key == "equal_captain" and not w == cap:
                return False
            if key == "62" and not all(o < w for o in others):
                return False
            if key == "63" and not all(o > w for o in others):
                return False
            if key == "64" and not w > total - w:
                return False
        return True

    # the other players' counts: all distributions of `rest` over k players (k <= 4)
    for dist in _compositions(rest, k):
        choices: list[int | None] = [i for i in range(len(owners)) if captain_free[i]]
        choices += [None] * (k > 0)
        for cap_owner in choices:
            caps = [owners[cap_owner][0]] if cap_owner is not None else list(dict.fromkeys(dist))
            for cap in caps:
                ok = True
                for i, (w, keys) in enumerate(owners):
                    others = [x for j, (x, _) in enumerate(owners) if j != i] + list(dist)
                    if not fine(w, keys, others, cap):
                        ok = False
                        break
                if ok:
                    return True
    return False


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        if n == 0:
            yield ()
        return
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


# ---------------------------------------------------------------------------------------------
# cards


def _max_from(pool: frozenset[str], bounds: list[Bound], taken: frozenset[str]) -> int:
    """At most how many cards of ``pool`` one owner can capture under upper ``bounds``, when the
    cards in ``taken`` go to someone else."""
    free = pool - taken
    best = len(free)
    for b in bounds:
        if b.hi < 99:
            best = min(best, len(free - b.pool) + min(b.hi, len(free & b.pool)))
    return best


def _sum_possible(test: tuple[str, int, int], n: int, allowed: frozenset[str]) -> bool:
    vals = sorted(int(c[1:]) for c in allowed if c[0] != "S")
    if len(vals) < n:
        return False
    lo, hi = sum(vals[:n]), sum(vals[-n:])
    op, a, b = test
    if op == "gt":
        return hi > a
    if op == "lt":
        return lo < a
    return any(lo <= s <= hi for s in range(a, b + 1))  # sums of n values fill [lo, hi]


def cards_fail(ways: list[Need], crew: int, taken: frozenset[str] = frozenset()) -> str:
    """Why one owner cannot meet all of ``ways`` together ("" when the cards allow it)."""
    bounds = [b for w in ways for b in w.bounds]
    must = frozenset(c for b in bounds if len(b.pool) == 1 and b.lo >= 1 for c in b.pool)
    if must & taken:
        return f"needs {sorted(must & taken)[0]}, which the other owner must win"
    for b in bounds:
        if b.lo and b.lo > _max_from(b.pool, bounds, taken):
            return (
                f"needs at least {b.lo} of {b.what or 'the cards'},"
                f" the other leaves at most {_max_from(b.pool, bounds, taken)}"
            )
        if b.hi < 99 and len(must & b.pool) > b.hi:
            return f"must win {len(must & b.pool)} cards of a group allowed at most {b.hi}"
    forbidden = frozenset(c for b in bounds if b.hi == 0 for c in b.pool) | taken
    for w in ways:
        if w.sum_test and not _sum_possible(w.sum_test, crew, values(range(1, 10)) - forbidden):
            return "no trick of allowed values reaches the sum"
    return ""


def _more_than_fail(m: Model, other: list[Need]) -> str:
    """'More A than B' against the other task's bounds on A and B."""
    if not m.extra:
        return ""
    a, b = colour(m.extra["more"]), colour(m.extra["than"])
    bounds = [x for w in other for x in w.bounds]
    a_hi = _max_from(a, bounds, frozenset())
    singles = {c for x in bounds if x.lo and len(x.pool) == 1 for c in x.pool}
    b_lo = max([x.lo for x in bounds if x.pool <= b] + [len(singles & b)])
    return "cannot win more of the first colour than of the second" if a_hi <= b_lo else ""


# ---------------------------------------------------------------------------------------------
# pairs


@cache
def _cards_by_id() -> dict[int, TaskCard]:
    return {c.id: c for c in load_tasks()}


_CARDS = _cards_by_id()


def _trick_need(ways: list[Need], crew: int) -> int:
    """The fewest tricks that can hold the cards these needs capture (crew cards per trick)."""
    most = 0
    must = frozenset(c for w in ways for b in w.bounds if len(b.pool) == 1 and b.lo for c in b.pool)
    for w in ways:
        for b in w.bounds:
            most = max(most, b.lo)
    most = max(most, len(must))
    return ceil(most / crew)


def one_owner(a: int, b: int, crew: int) -> str:
    """Why one owner cannot do both ``a`` and ``b`` ("" when some ending allows it)."""
    ma, mb = model_of(_CARDS[a], crew), model_of(_CARDS[b], crew)
    total = TRICKS[crew]
    reasons: list[str] = []
    for wa in ma.ways:
        for wb in mb.ways:
            why = (
                cards_fail([wa, wb], crew) or _more_than_fail(ma, [wb]) or _more_than_fail(mb, [wa])
            )
            if why:
                reasons.append(why)
                continue
            need = _trick_need([wa, wb], crew)
            keys = {k for k in (ma.compare, mb.compare) if k}
            free = not any(k.endswith("_captain") for k in keys)
            fits_b = _sat_set(wb.shape, total)
            for won in _sat(wa.shape, total):
                n = won.bit_count()
                if n < need or won not in fits_b:
                    continue
                if keys and not _one_ok(crew, total, n, frozenset(keys), free):
                    continue
                return ""
            reasons.append("no set of won tricks fits both")
    return reasons[0]


def two_owners(a: int, b: int, crew: int) -> str:
    """Why two different owners cannot do ``a`` and ``b`` ("" when some ending allows it)."""
    ma, mb = model_of(_CARDS[a], crew), model_of(_CARDS[b], crew)
    total = TRICKS[crew]
    reasons: list[str] = []
    for wa in ma.ways:
        for wb in mb.ways:
            why = _supply_fail(wa, wb, crew)
            if why:
                reasons.append(why)
                continue
            if _shapes_fit(ma, wa, mb, wb, crew, total):
                return ""
            reasons.append("no split of the tricks fits both owners")
    return reasons[0]


def _supply_fail(wa: Need, wb: Need, crew: int) -> str:
    """Two owners share the one copy of every card."""
    must_a = frozenset(c for b in wa.bounds if len(b.pool) == 1 and b.lo for c in b.pool)
    must_b = frozenset(c for b in wb.bounds if len(b.pool) == 1 and b.lo for c in b.pool)
    if must_a & must_b:
        return f"both need {sorted(must_a & must_b)[0]}"
    for x in wa.bounds:
        for y in wb.bounds:
            if x.lo and y.lo and x.lo + y.lo > len(x.pool | y.pool):
                return f"together they need more than the {len(x.pool | y.pool)} cards there are"
    if cards_fail([wa], crew, must_b) or cards_fail([wb], crew, must_a):
        return "one owner's cards leave too few for the other"
    return ""


@cache
def _sat(key: str, total: int) -> tuple[int, ...]:
    return tuple(w for w in range(1 << total) if _shape_ok(key, w, total))


@cache
def _sat_set(key: str, total: int) -> frozenset[int]:
    return frozenset(_sat(key, total))


@cache
def _sat_counts(key: str, total: int) -> frozenset[int]:
    """How many tricks the sets fitting shape ``key`` hold."""
    return frozenset(y.bit_count() for y in _sat(key, total))


@cache
def _good_within(key: str, need: int, total: int) -> tuple[bool, ...]:
    """For every set of tricks c: whether some y within c fits shape ``key`` with ``need``
    tricks or more (a subset-closure over all 2^T sets)."""
    good = [_shape_ok(key, y, total) and y.bit_count() >= need for y in range(1 << total)]
    for i in range(total):
        bit = 1 << i
        for c in range(1 << total):
            if c & bit and not good[c] and good[c ^ bit]:
                good[c] = True
    return tuple(good)


@cache
def _split_fits(shape_a: str, na: int, shape_b: str, nb: int, total: int) -> bool:
    """Whether the tricks split into a set fitting ``shape_a`` (``na`` tricks or more) and a
    disjoint one fitting ``shape_b`` (``nb`` or more)."""
    full = (1 << total) - 1
    good = _good_within(shape_b, nb, total)
    return any(good[full & ~x] for x in _sat(shape_a, total) if x.bit_count() >= na)


def _shapes_fit(ma: Model, wa: Need, mb: Model, wb: Need, crew: int, total: int) -> bool:
    """Whether two owners can split the tricks so that both shapes and compare tasks hold."""
    na, nb = _trick_need([wa], crew), _trick_need([wb], crew)
    if not ma.compare and not mb.compare:
        return _split_fits(wa.shape, na, wb.shape, nb, total)
    if not ma.compare:  # the compare task is b's: swap so that a holds it
        ma, wa, mb, wb, na, nb = mb, wb, ma, wa, nb, na
    free = [not ma.compare.endswith("_captain"), not mb.compare.endswith("_captain")]
    pairs = {
        (n, m) for m in _sat_counts(wb.shape, total) if m >= nb for n in range(na, total - m + 1)
    }
    return any(_pair_ok(crew, total, n, ma.compare, m, mb.compare, *free) for n, m in sorted(pairs))


@cache
def _one_ok(crew: int, total: int, n: int, keys: frozenset[str], free: bool) -> bool:
    """``_others_ok`` for one owner (asked for every fitting set of won tricks)."""
    return _others_ok(crew, total, [(n, set(keys))], [free])


@cache
def _pair_ok(crew: int, total: int, n: int, ka: str, m: int, kb: str, fa: bool, fb: bool) -> bool:
    """``_others_ok`` for two owners with at most one compare key each (asked very often)."""
    return _others_ok(crew, total, [(n, {ka} - {""}), (m, {kb} - {""})], [fa, fb])


def impossible_pairs(crew: int) -> dict[tuple[int, int], tuple[str, str]]:
    """Every pair the model proves impossible: (a, b) -> (category, reason)."""
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for a, b in combinations(sorted(_CARDS), 2):
        one, two = one_owner(a, b, crew), two_owners(a, b, crew)
        if one and two:
            out[(a, b)] = ("any", f"one owner: {one}; two owners: {two}")
        elif one:
            out[(a, b)] = ("one", one)
        elif two:
            out[(a, b)] = ("two", two)
    return out
