"""The trick counts must fit one vector: every trick is won by someone, so the final counts add
up to the number of tricks.

Each pending task's cuts say how many more tricks its owner must win at least and may win at
most (:meth:`.base.TaskCut.bound`); on top of those, seat by seat:

- the tricks an owner must still win to capture what it needs: a trick holds one card of each
  seat, so at least as many as it must take cards from any one seat, all its tasks together;
- the coloured cards it must take from its own hand, each in a trick it wins playing that card,
  none of them a trick it surely wins playing a submarine, nor is the trick of a one-trick task
  won with a coloured card or made of coloured cards;
- a trick of its own on top of those for a one-trick task whose trick may hold none of the
  cards it must capture (a trick of even cards holds no submarine);
- a seat that may capture none of some cards (those it may take no more of, and those another
  seat must capture) wins only tricks without them, so no more than any seat has other cards
  to play; a seat that may lead only some cards (a mission's condition) wins a trick more than
  it has them to lead;
- a run one task needs is one another forbids;
- a seat that can win no trick it leads (one more trick at most, or never two in a row) wins
  with a coloured card of its own only in a trick another seat leads below it
  (:func:`.runs.own_leads_short`); one that may win one more trick at most needs all it must
  still capture in that trick, at most a colour a seat, and with a colour for each seat it
  must lead it (:func:`.runs.last_trick_led_short`).

The submarines left are judged together too: every one is played, a seat plays one card into a
trick and the highest submarine in a trick takes it, so each way they can share tricks gives
each seat the least tricks it wins with them (:func:`.submarines.submarine_tricks`); one of those
ways must fit, and so must the tasks judged on the final counts alone. Before that, the most
tricks each seat may win must leave every card still to be played a seat allowed to take it
(:mod:`.takers`), and room in those tricks for the cards each seat must capture
(:mod:`.slots`); and the tricks a seat must win need as many cards it may take from each seat
(:func:`.slots.haul_short`). Those checks read each seat's most tricks narrowed first to what
whole vectors allow (:func:`_narrow`).
"""

from __future__ import annotations

from crew.engine.cards import DECK_MASK, popcount
from crew.engine.search import Node, SearchForm
from crew.engine.task_base import PENDING, Evaluator

from .base import (
    ALL_SUBS,
    Fit,
    TaskCut,
    holding,
    leads_left,
    most_from_one_seat,
    taken_by_others,
    tricks_without,
    vectors,
)
from .captures import Ledger
from .runs import last_trick_led_short, own_leads_short
from .slots import haul_short, slots_short
from .submarines import least_submarine_tricks, submarine_holders, submarine_tricks
from .takers import takers_short

__all__ = ["MEMO_LIMIT", "counts_fit"]

#: Count vectors remembered per search form (memory bound: a form per distribution tried).
MEMO_LIMIT = 4_096


def counts_fit(
    form: SearchForm,
    node: Node,
    vector: list[TaskCut],
    ledger: Ledger | None,
    leads: int,
    memo: dict[tuple[object, ...], bool],
    spans: dict[tuple[object, ...], tuple[int, ...]],
) -> bool:
    """Whether some vector of final trick counts suits every pending task of ``vector``: each
    seat between the tricks it must still win and the most it may, adding up to the tricks
    left (see the module). ``ledger``: what the capture cuts say (None without any);
    ``leads``: the cards any seat may lead; ``memo``: verdicts remembered for the form,
    ``spans``: the narrowed bounds (:func:`_narrow`)."""
    seats = form.seats
    tnum = len(node.tricks)
    remaining = form.total - tnum
    fit = Fit(tnum, remaining, [least_submarine_tricks(form, node, s) for s in range(seats)])
    status = node.status
    for cut in vector:
        if status[cut.task] != PENDING:
            continue
        fit.pending.append(cut.task)
        cut.bound(form, node, fit)
    _cards_to_take(form, node, fit)
    if any(fit.runs.get(o, 0) >= n for o, n in fit.never.items()):
        return False  # a run one task needs is one another forbids
    kept: dict[int, int] = {}  # per seat, the cards no trick it wins may hold
    if ledger is not None:
        kept = ledger.kept_from(seats, DECK_MASK & ~node.played)
    for owner, barred in kept.items():
        fit.cap(owner, tricks_without(form, node, barred))
    if leads != DECK_MASK:
        for s in range(seats):
            fit.cap(s, leads_left(form, node, s, leads))
    elif not fit.pending:
        return True
    if not _narrow(form, node, fit, remaining, spans):
        return False  # no count vector suits the tasks judged on the final counts
    if takers_short(form, node, kept, fit.hi, remaining):
        return False  # cards that too few seats may take (:mod:`.takers`)
    if ledger is not None and (
        own_leads_short(form, node, ledger.claims, fit.hi, fit.never)
        or last_trick_led_short(form, node, ledger, fit.hi)
    ):
        return False  # no trick led the way the cards to capture need (:mod:`.runs`)
    if ledger is not None and slots_short(form, node, fit, ledger, remaining):
        return False  # cards an owner must take that its tricks have no room for (:mod:`.slots`)
    if ledger is not None and haul_short(form, node, fit, ledger):
        return False  # tricks an owner must win that the cards it may take cannot fill
    lo, hi = fit.lo, fit.hi
    holders = submarine_holders(form, node, remaining)
    key = (node.counts, remaining, tuple(lo), tuple(hi), tuple(fit.pending), holders)
    hit = memo.get(key)
    if hit is None:
        if len(holders) > 1:
            # every way the submarines left can share tricks: some way must fit the counts
            hit = any(
                _some_vector(
                    form,
                    node,
                    [max(a, b) for a, b in zip(lo, won, strict=True)],
                    hi,
                    remaining,
                    fit.judged,
                )
                for won in submarine_tricks(holders, seats, remaining)
            )
        else:
            hit = _some_vector(form, node, lo, hi, remaining, fit.judged)
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = hit
    return hit


def _cards_to_take(form: SearchForm, node: Node, fit: Fit) -> None:
    """Raise each owner's least tricks for the cards its tasks need it to capture, all of
    them together (see the module)."""
    for owner, cards in fit.claimed.items():  # all the cards its tasks name, together
        fit.must_win(owner, most_from_one_seat(form, node, cards & ~node.played))
    for owner in fit.claimed.keys() | fit.one_of.keys() | fit.coloured:
        # its own coloured cards to capture: each in a trick it wins playing that card, so
        # none of them one it wins playing a submarine; nor is a one-trick task's trick won
        # with a coloured card (or holding coloured cards only)
        own = holding(form, node, owner) & ~ALL_SUBS
        mine = own & fit.claimed.get(owner, 0)
        count = popcount(mine)
        taken = taken_by_others(node, owner)
        for sets in fit.one_of.get(owner, ()):
            count += min(
                (popcount(own & st & ~mine) for st in sets if not st & taken),
                default=0,
            )
        if owner in fit.coloured:
            count = max(count, 1)
        if count:
            fit.floor(owner, count + fit.sub_tricks[owner])
    for owner, tricks in fit.single.items():
        # each trick that captures such a card holds one, so it is not the one-trick task's
        for cards, need in fit.takes.get(owner, ()):
            if any(not t & cards for t in tricks):
                fit.floor(owner, need + 1)


def _narrow(
    form: SearchForm,
    node: Node,
    fit: Fit,
    remaining: int,
    spans: dict[tuple[object, ...], tuple[int, ...]],
) -> bool:
    """Lower each seat's most tricks to what whole count vectors allow, for the checks that
    read them; False when nothing fits.

    - A seat wins no more than the tricks left once the others have won the fewest they must
      (whether or not every trick is played).
    - With tasks judged on the final counts pending, a seat wins no more than it does in some
      vector of final counts (within the bounds, adding up to the tricks left) that every such
      task calls done: "fewer tricks than every other player" leaves its owner one more trick
      at most of ten, which :func:`.runs.last_trick_led_short` and the others then read. A
      line won before the last trick is no exception: such a task is done early only when the
      rest of the tricks cannot undo it, and the tricks left can be handed out within the
      bounds (else no vector fits them, and :func:`_some_vector` says so too), so its counts
      so far lie under one of those vectors. The fewest tricks are not raised the same way:
      a line won early may stop below them."""
    lo, hi = fit.lo, fit.hi
    least = sum(lo)
    for s in range(form.seats):
        room = remaining - least + lo[s]
        if room < lo[s]:
            return False
        if room < hi[s]:
            hi[s] = room
    if not fit.judged:
        return True
    key = (node.counts, remaining, tuple(lo), tuple(hi), tuple(fit.pending))
    most = spans.get(key)
    if most is None:
        most = _most_in_vectors(form, node, lo, hi, remaining, fit.judged)
        if len(spans) >= MEMO_LIMIT:
            spans.clear()
        spans[key] = most
    if not most:
        return False
    hi[:] = most
    return True


def _most_in_vectors(
    form: SearchForm,
    node: Node,
    lo: list[int],
    hi: list[int],
    remaining: int,
    judged: list[tuple[int, Evaluator]],
) -> tuple[int, ...]:
    """Per seat the most more tricks over every count vector within ``lo`` and ``hi``, adding
    up to ``remaining``, that every evaluator of ``judged`` calls done; empty when there is
    none."""
    most = [-1] * form.seats
    for extra in vectors(form, node, lo, hi, remaining, judged):
        most = [max(m, x) for m, x in zip(most, extra, strict=True)]
    return () if most[0] < 0 else tuple(most)


def _some_vector(
    form: SearchForm,
    node: Node,
    lo: list[int],
    hi: list[int],
    remaining: int,
    judged: list[tuple[int, Evaluator]],
) -> bool:
    """Whether final counts exist with each seat's more tricks between ``lo`` and ``hi``,
    adding up to ``remaining``, that every evaluator of ``judged`` calls done."""
    if any(a > b for a, b in zip(lo, hi, strict=True)) or sum(lo) > remaining:
        return False
    if sum(hi) < remaining:
        return False
    if not judged:
        return True
    return next(vectors(form, node, lo, hi, remaining, judged), None) is not None
