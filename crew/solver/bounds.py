"""Perfect-information cuts: a branch is lost before the engine can say so publicly.

The engine decides a task failed only from public information (ruling 14). With every hand
open the solver can often see the failure earlier. Which facts apply to a task is stated by its
category beside its evaluator (:class:`~crew.engine.task_base.Cut` in the task's
``Knowledge``); this module only checks them against a position:

- submarines: a seat holding the highest submarines still out will win a trick with each of
  them (every card a seat holds is played, except the one card a three-player hand of 14 or
  Tonoja may keep), and more generally a submarine loses only to a higher one played by another
  seat into the same trick, so a seat wins at least as many tricks as it holds submarines that
  the other seats' higher ones cannot all cover; a trick with a submarine in it goes to its
  highest submarine, played by the winner, so a seat holding none captures no more of them,
  nor one higher than all of its own, nor more than its own and, from each other seat, one
  below each of its own (one card of a seat to a trick), and a seat can take a submarine
  without taking another only by playing that one itself;
- cards a task needs: a trick the owner must win with its own card of some kind (and a card to
  capture in it that another seat must play), or a trick of only some cards (each seat plays
  one card into every trick), or a trick total that the cards left in the hands can no longer
  make; the owner captures every card of that trick, so none of them can be a card another
  seat must capture or one the owner may take no more of;
- captured cards: every card is captured by one seat at most, so two seats cannot both need
  it, an owner that must capture it cannot also be bound to capture none (or only so many) of
  its kind, and an owner needing so many cards of a kind needs that many left for it, no
  more of them than its own "at most so many" allows; an owner that must take every card of
  one of several sets (all nine of a colour) needs a set none of whose cards went, or must
  go, to another seat, and no more of which than its own "at most" allows; a coloured card
  an owner must capture from its own hand is captured only in a trick it wins with that very
  card, every other seat following suit below it, so when two owners must each win so with a
  card of one suit, the one whose trick comes first finds the other still holding its card:
  the other must then play a card of that suit below it that it need not win with itself, and
  with no such card either way round the branch is lost;
- trick counts: every trick is won by someone, so the final counts add up to the number of
  tricks; the tasks that judge counts (exact numbers, predictions, comparisons), the tricks a
  task must win or lose, runs (one a task needs, and the most tricks a seat that may never win
  so many in a row can still take; a run one task needs and another forbids), a seat that
  may lead only some cards (every trick it wins but the last is followed by its lead), a
  seat that may capture none of some cards (those it may take no more of, and those another
  seat must capture) winning only tricks without them, so no more than any seat has other
  cards to play, the tricks an owner must still win to capture what it needs (a trick holds
  one card of each seat: at least as many tricks as it must take cards from any one seat,
  all its tasks together; the coloured cards it must take from its own hand each in a trick it wins
  playing that card, none of them a trick it surely wins playing a submarine, nor is the
  trick of a one-trick task won with a coloured card or made of coloured cards) or to do a
  one-trick task (a trick of its own on top of those when it may hold none of the cards to
  capture: a trick of even cards holds no submarine; submarines to capture count only those
  it can take, its own one per trick), and the submarine tricks above must
  all fit one vector of final counts, or the branch is lost. The submarines left are judged
  together too: every one is played, a seat plays one card into a trick and the highest
  submarine in a trick takes it, so each way they can share tricks gives each seat the least
  tricks it wins with them (S1 and S3 of one seat beaten only by another's S2 and S4: two
  tricks for that seat, or one each); one of those ways must fit the counts.

Each cut is a consequence of the rules, never a rule of its own, and the tests check the solver
with these cuts against a plain search without them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from crew.engine.cards import COLOR_CARDS_MASK, DECK_MASK, SUIT_MASKS
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_base import DONE, PENDING, Ctx, Cut, CutKind, Evaluator, current_run

__all__ = [
    "Cuts",
    "certainly_lost",
    "cuts_for",
    "least_submarine_tricks",
    "most_without_run",
    "sure_submarines",
]

_SUBS = (39, 38, 37, 36)  # S4 .. S1

#: Count vectors remembered per search form (memory bound: a form per distribution tried).
MEMO_LIMIT = 4_096
_ALL_SUBS = 0xF << 36

#: (task index, owner, cut)
_Entry = tuple[int, int, Cut]


@dataclass
class Cuts:
    """The cuts that apply to one search form, by what they look at."""

    cards: list[_Entry] = field(default_factory=list)  # own card, every seat, totals, needs
    counts: list[_Entry] = field(default_factory=list)  # at most so many tricks / submarines
    sure: list[_Entry] = field(default_factory=list)  # against sure submarine tricks
    vector: list[_Entry] = field(default_factory=list)  # final trick-count vectors
    captures: list[_Entry] = field(default_factory=list)  # who must (not) capture which cards
    bars: list[_Entry] = field(default_factory=list)  # who may win no more tricks or subs
    leads: int = DECK_MASK  # the cards any seat may lead (a mission condition)
    evaluators: dict[int, Evaluator] = field(default_factory=dict)  # FINAL_COUNTS tasks
    memo: dict[tuple[object, ...], bool] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(
            self.cards
            or self.counts
            or self.sure
            or self.vector
            or self.captures
            or self.bars
            or self.leads != DECK_MASK
        )


def cuts_for(form: SearchForm) -> Cuts:
    """The cuts of every task given out in ``form`` (a prediction not fixed yet has none)."""
    out = Cuts()
    for i, task in enumerate(form.tasks):
        owner = form.owners[i]
        if owner < 0:
            continue
        for cut in task.know.cuts:
            kind = cut.kind
            if kind == CutKind.MOST_TRICKS and cut.count < 0:
                if i in form.free or form.predictions[owner] < 0:
                    continue
                cut = Cut(CutKind.MOST_TRICKS, count=form.predictions[owner])
            if kind == CutKind.FINAL_COUNTS:
                if i in form.free:
                    continue
                out.evaluators[i] = task.evaluate
            if kind == CutKind.ONLY_TRICKS or kind == CutKind.WIN_TRICKS:
                cut = Cut(
                    kind,
                    tricks=frozenset(form.total if t == 0 else t for t in cut.tricks),
                    lose=cut.lose,
                )
            entry = (i, owner, cut)
            if kind in (
                CutKind.OWN_CARD,
                CutKind.EVERY_SEAT,
                CutKind.TRICK_TOTAL,
                CutKind.OTHERS_HOLD,
            ):
                out.cards.append(entry)
            elif kind in (CutKind.NEEDS_SUBMARINES, CutKind.ONLY_SUBMARINE):
                out.cards.append(entry)
            if kind in (CutKind.MOST_TRICKS, CutKind.MOST_SUBMARINES):
                out.counts.append(entry)
            if kind in (
                CutKind.CAPTURES,
                CutKind.CAPTURES_AT_MOST,
                CutKind.CAPTURES_AT_LEAST,
                CutKind.CAPTURES_ONE_OF,
            ):
                out.captures.append(entry)
            if kind in (
                CutKind.MOST_TRICKS,
                CutKind.ONLY_TRICKS,
                CutKind.MOST_SUBMARINES,
                CutKind.ONLY_SUBMARINE,
            ):
                out.sure.append(entry)
            if kind in _BARS:
                out.bars.append(entry)
            if kind in (
                CutKind.MOST_TRICKS,
                CutKind.WIN_TRICKS,
                CutKind.ONLY_TRICKS,
                CutKind.RUN,
                CutKind.FINAL_COUNTS,
                CutKind.LEADS_ONLY,
                CutKind.OWN_CARD,
                CutKind.TRICK_TOTAL,
                CutKind.CAPTURES,
                CutKind.CAPTURES_AT_LEAST,
                CutKind.CAPTURES_ONE_OF,
                CutKind.NEEDS_SUBMARINES,
            ):
                out.vector.append(entry)
    for cond in form.judged:
        out.leads &= cond.leads
    if (
        out.leads == DECK_MASK
        and not out.evaluators
        and not any(
            c.kind not in (CutKind.MOST_TRICKS, CutKind.ONLY_TRICKS) for _, _, c in out.vector
        )
    ):
        out.vector = []  # upper bounds alone are checked by the count cuts
    return out


def _holding(form: SearchForm, node: Node, seat: int) -> int:
    """The cards ``seat`` may still play: its hand, and for Tonoja her face-down cards too."""
    holding = node.hands[seat]
    if form.tonoja and seat == TONOJA:
        for down, _ in node.piles:
            if down >= 0:
                holding |= 1 << down
    return holding


def least_submarine_tricks(form: SearchForm, node: Node, seat: int) -> int:
    """How many tricks ``seat`` will certainly still win with its own submarines (each such
    trick also captures that submarine), at the start of a trick.

    A submarine loses only to a higher one that another seat plays into the same trick, and
    each of those covers one trick: match the seat's submarines, highest first, to the lowest
    higher one left elsewhere; the unmatched ones win, less any the seat may keep unplayed.
    """
    if form.tonoja and seat == TONOJA:
        return 0
    own = node.hands[seat] & _ALL_SUBS
    if not own:
        return 0
    others = _ALL_SUBS & ~node.played & ~own
    unmatched = 0
    for sub in _SUBS:  # highest first
        if not own >> sub & 1:
            continue
        higher = others & ~((2 << sub) - 1)
        if higher:
            others &= ~(higher & -higher)  # the lowest higher one covers it
        else:
            unmatched += 1
    spare = node.hands[seat].bit_count() - (form.total - len(node.tricks))
    return max(0, unmatched - max(0, spare))


def sure_submarines(form: SearchForm, node: Node) -> tuple[int, int]:
    """(seat, bitmask of submarines that seat will certainly win a trick with), at the start of
    a trick; (-1, 0) when no seat is sure of any."""
    held = [h & _ALL_SUBS for h in node.hands]
    hidden = 0
    for down, _ in node.piles:
        if down >= 0:
            hidden |= 1 << down
    seat = -1
    sure = 0
    for sub in _SUBS:
        bit = 1 << sub
        if node.played & bit:
            continue
        if hidden & bit:
            break
        owner = next((s for s, h in enumerate(held) if h & bit), -1)
        if owner < 0:
            break  # cannot happen: every card unplayed is in a hand or a pile
        if seat < 0:
            seat = owner
        elif owner != seat:
            break
        sure |= bit
    if seat < 0 or (form.tonoja and seat == TONOJA):
        return -1, 0
    remaining = form.total - len(node.tricks)
    spare = node.hands[seat].bit_count() - remaining  # cards this seat may keep unplayed
    while spare > 0 and sure:
        sure &= sure - 1  # it might keep (at most) that many of them back
        spare -= 1
    return seat, sure


def _cards_lost(
    form: SearchForm, node: Node, i: int, owner: int, cut: Cut, barred: int = 0
) -> bool:
    """Whether the cards left make ``cut`` impossible; ``barred``: cards that cannot be in a
    trick the owner wins (for the kinds that need one)."""
    kind = cut.kind
    usable = cut.cards & ~barred
    if kind == CutKind.OWN_CARD:
        return not _holding(form, node, owner) & usable
    if kind == CutKind.EVERY_SEAT:
        return any(not _holding(form, node, s) & usable for s in range(form.seats))
    if kind == CutKind.OTHERS_HOLD:
        return not any(_holding(form, node, s) & usable for s in range(form.seats) if s != owner)
    if kind == CutKind.TRICK_TOTAL:
        # every seat puts one coloured card into that trick: its lowest and highest bound
        # the total
        lo = hi = 0
        for s in range(form.seats):
            h = _holding(form, node, s) & COLOR_CARDS_MASK & ~barred
            if not h:
                return True
            values = [c % 9 + 1 for c in range(36) if h >> c & 1]
            lo += min(values)
            hi += max(values)
        if cut.op == "in":
            return lo > max(cut.limits) or hi < min(cut.limits)
        limit = cut.limits[form.setup.crew - 3]
        return hi <= limit if cut.op == "gt" else lo >= limit
    subs_won = node.won[owner] & _ALL_SUBS
    own = _holding(form, node, owner) & _ALL_SUBS
    if kind == CutKind.ONLY_SUBMARINE:
        # a trick with a submarine in it goes to its highest one, which the winner captures
        # too: the owner can take its submarine alone only by playing it itself
        return not subs_won & cut.cards and not own & cut.cards
    # NEEDS_SUBMARINES: a submarine is captured only in a trick won with a submarine
    if cut.cards:
        # each target still to win needs a submarine as high as it in the owner's hand
        for sub in _SUBS:
            if cut.cards >> sub & 1 and not subs_won >> sub & 1 and not own >> sub:
                return True
        return False
    have = subs_won.bit_count()
    if have >= cut.count:
        return False
    return have + _most_submarines(form, node, owner) < cut.count


def _most_submarines(form: SearchForm, node: Node, owner: int) -> int:
    """The most submarines still to be played that ``owner`` can capture: its own, and from
    each other seat one in each trick it wins with a submarine of its own, below that one (a
    seat plays one card into a trick)."""
    own = _holding(form, node, owner) & _ALL_SUBS
    if not own:
        return 0
    mine = _bits(own)  # lowest first
    most = len(mine)
    for seat in range(form.seats):
        if seat == owner:
            continue
        theirs = _bits(_holding(form, node, seat) & _ALL_SUBS)
        k = 0
        for sub in mine:  # each of its submarines takes the lowest of theirs left below it
            if k < len(theirs) and theirs[k] < sub:
                most += 1
                k += 1
    return most


def _capturable_submarines(form: SearchForm, node: Node, owner: int) -> int:
    """The submarines still to be played that ``owner`` can capture: a trick with a submarine
    in it goes to its highest one, played by the winner, so its own and the others' below its
    highest."""
    own = _holding(form, node, owner) & _ALL_SUBS
    if not own:
        return 0
    return own | (_ALL_SUBS & ~node.played & ((1 << (own.bit_length() - 1)) - 1))


def certainly_lost(form: SearchForm, cuts: Cuts, node: Node) -> bool:
    """True when some pending task can no longer be done whatever the crew plays (at the
    start of a trick)."""
    status = node.status
    claims = _claims(cuts, node) if cuts.captures else {}
    barred = _barred(cuts, node, claims) if cuts.captures and cuts.cards else {}
    for i, owner, cut in cuts.cards:
        if status[i] == PENDING and _cards_lost(form, node, i, owner, cut, barred.get(owner, 0)):
            return True
    least: dict[int, int] = {}
    for i, owner, cut in cuts.counts:
        if status[i] != PENDING:
            continue
        if owner not in least:
            least[owner] = least_submarine_tricks(form, node, owner)
        if cut.kind == CutKind.MOST_TRICKS:
            have = node.counts[owner]
        else:
            have = (node.won[owner] & _ALL_SUBS).bit_count()
        if have + least[owner] > cut.count:
            return True
    if cuts.sure:
        seat, sure = sure_submarines(form, node)
        if seat >= 0 and _sure_lost(form, node, cuts, seat, sure):
            return True
    if cuts.captures and (_captures_lost(cuts, node, claims) or _winners_clash(form, node, claims)):
        return True
    if (cuts.bars or cuts.captures) and _submarine_nowhere(form, cuts, node, claims):
        return True
    return (bool(cuts.vector) or cuts.leads != DECK_MASK) and not _counts_fit(form, cuts, node)


def _more_tricks(form: SearchForm, node: Node, owner: int, cut: Cut) -> int:
    """The most tricks the owner may still win under a MOST_TRICKS, ONLY_TRICKS or WIN_TRICKS
    cut."""
    tnum = len(node.tricks)
    if cut.kind == CutKind.MOST_TRICKS:
        return cut.count - node.counts[owner]
    if cut.kind == CutKind.ONLY_TRICKS:
        return sum(1 for t in cut.tricks if t > tnum)
    return form.total - tnum - sum(1 for t in cut.lose if t > tnum)  # WIN_TRICKS


def _full(cuts: Cuts, node: Node) -> dict[int, int]:
    """Per owner, the cards it may capture no more of (an "at most so many" reached)."""
    full: dict[int, int] = {}
    for i, owner, cut in cuts.captures:
        if cut.kind != CutKind.CAPTURES_AT_MOST or node.status[i] != PENDING:
            continue
        if (node.won[owner] & cut.cards).bit_count() >= cut.count:
            full[owner] = full.get(owner, 0) | cut.cards
    return full


def _tricks_needed(form: SearchForm, node: Node, owner: int, cut: Cut) -> int:
    """The fewest tricks the owner must still win for ``cut``: a trick of its own for a
    one-trick task; for cards to capture, as many as it must take from any one seat (a trick
    holds one card of each seat), so at least one trick per ``seats`` of them."""
    kind = cut.kind
    if kind in (CutKind.OWN_CARD, CutKind.TRICK_TOTAL):
        return 1
    unplayed = DECK_MASK & ~node.played
    if kind == CutKind.CAPTURES:
        return _most_from_one_seat(form, node, cut.cards & unplayed)
    if kind == CutKind.CAPTURES_ONE_OF:  # the set that needs the fewest, of those still whole
        taken = _taken_by_others(node, owner)
        return min(
            (_most_from_one_seat(form, node, s & unplayed) for s in cut.sets if not s & taken),
            default=form.total + 1,
        )
    subs_won = node.won[owner] & _ALL_SUBS
    if kind == CutKind.NEEDS_SUBMARINES and cut.cards:
        return _most_from_one_seat(form, node, cut.cards & ~subs_won & unplayed)
    if kind == CutKind.CAPTURES_AT_LEAST:
        short = cut.count - (node.won[owner] & cut.cards).bit_count()
        pool = cut.cards & unplayed
    else:  # NEEDS_SUBMARINES, so many: only those it can capture count
        short = cut.count - subs_won.bit_count()
        pool = _capturable_submarines(form, node, owner)
    if short <= 0:
        return 0
    held = [(_holding(form, node, s) & pool).bit_count() for s in range(form.seats)]
    # the fewest tricks t with sum(min(held, t)) >= short: t per seat at most from each
    for t in range(-(-short // form.seats), form.total + 1):
        if sum(min(h, t) for h in held) >= short:
            return t
    return form.total + 1  # not enough such cards left (the capture cuts say so too)


def _kept_from(form: SearchForm, cuts: Cuts, node: Node) -> dict[int, int]:
    """Per owner, the cards still to be played that no trick it wins may hold: those it may
    capture no more of, and those another seat must capture."""
    unplayed = DECK_MASK & ~node.played
    out = {o: m & unplayed for o, m in _full(cuts, node).items()}
    claims = _claims(cuts, node)
    for owner, cards in claims.items():
        for seat in range(form.seats):
            if seat != owner:
                out[seat] = out.get(seat, 0) | cards
    return {o: m for o, m in out.items() if m}


def _tricks_without(form: SearchForm, node: Node, cards: int) -> int:
    """The most tricks left that can hold none of ``cards``: each seat plays one card into
    every trick, so no more than any seat has other cards to play."""
    return min((_holding(form, node, s) & ~cards).bit_count() for s in range(form.seats))


def _taken_by_others(node: Node, owner: int) -> int:
    """The cards captured so far by seats other than ``owner``."""
    taken = 0
    for s, w in enumerate(node.won):
        if s != owner:
            taken |= w
    return taken


def _most_from_one_seat(form: SearchForm, node: Node, cards: int) -> int:
    """The most of ``cards`` any one seat still holds."""
    return max((_holding(form, node, s) & cards).bit_count() for s in range(form.seats))


def _leads_left(form: SearchForm, node: Node, seat: int, cards: int) -> int:
    """How many more tricks ``seat`` may win if it may lead only ``cards``: one for each
    such card it holds (less the one it leads now), and the last trick."""
    leads = (_holding(form, node, seat) & cards).bit_count()
    if node.leader == seat:
        leads -= 1  # the lead of this trick
    return max(0, leads) + 1


def _claims(cuts: Cuts, node: Node) -> dict[int, int]:
    """Per owner, the cards still to be played that a pending task needs it to capture."""
    unplayed = DECK_MASK & ~node.played
    claims: dict[int, int] = {}
    for i, owner, cut in cuts.captures:
        if cut.kind == CutKind.CAPTURES and node.status[i] == PENDING:
            claims[owner] = claims.get(owner, 0) | (cut.cards & unplayed)
    return claims


def _barred(cuts: Cuts, node: Node, claims: dict[int, int]) -> dict[int, int]:
    """Per owner of a task that needs a trick of its own, the cards that cannot be in any
    trick it wins: those another seat must capture (``claims``, from :func:`_claims`), and
    those it may capture no more of."""
    barred = _full(cuts, node)
    out: dict[int, int] = {}
    for _, owner, _ in cuts.cards:
        if owner in out:
            continue
        others = 0
        for seat, m in claims.items():
            if seat != owner:
                others |= m
        out[owner] = others | barred.get(owner, 0)
    return out


def _captures_lost(cuts: Cuts, node: Node, claims: dict[int, int]) -> bool:
    """Every card still to be played goes to one seat at most: the cards the pending tasks
    need their owners to capture must not be needed by two seats, must fit each owner's "at
    most so many of these", and what is left for an owner must still reach its "at least",
    counting no more of a set than the owner's own "at most" of that set still allows (more
    yellow than blue, so one yellow at least, and no yellow at all: lost at once)."""
    status = node.status
    unplayed = DECK_MASK & ~node.played
    claimed = 0
    for m in claims.values():
        if m & claimed:
            return True
        claimed |= m
    demand: dict[int, dict[int, int]] = {}  # cards -> owner -> how many more it needs
    room: dict[int, list[tuple[int, int]]] = {}  # owner -> (cards, how many more it may take)
    for i, owner, cut in cuts.captures:
        if status[i] != PENDING or cut.kind != CutKind.CAPTURES_AT_MOST:
            continue
        have = (node.won[owner] & cut.cards).bit_count()
        mine = claims.get(owner, 0)
        if have + (mine & cut.cards).bit_count() > cut.count:
            return True
        room.setdefault(owner, []).append((cut.cards, cut.count - have))
    for i, owner, cut in cuts.captures:
        if status[i] != PENDING or cut.kind != CutKind.CAPTURES_ONE_OF:
            continue
        # a set stays possible while no card of it went, or must go, to another seat, and the
        # owner's own "at most so many of these" leaves room for the rest of it
        barred = _taken_by_others(node, owner) | (claimed & ~claims.get(owner, 0))
        mine = node.won[owner]
        if not any(
            not s & barred
            and all((s & cards & ~mine).bit_count() <= more for cards, more in room.get(owner, ()))
            for s in cut.sets
        ):
            return True
    for i, owner, cut in cuts.captures:
        if status[i] != PENDING or cut.kind != CutKind.CAPTURES_AT_LEAST:
            continue
        short = cut.count - (node.won[owner] & cut.cards).bit_count()
        if short <= 0:
            continue
        pool = unplayed & cut.cards & ~(claimed & ~claims.get(owner, 0))
        if pool.bit_count() < short:
            return True
        # the owner's own "at most so many of these" caps what it can take of the pool
        for cards, more in room.get(owner, ()):
            if (pool & ~cards).bit_count() + min(more, (pool & cards).bit_count()) < short:
                return True
        wants = demand.setdefault(cut.cards, {})
        wants[owner] = max(wants.get(owner, 0), short)
    for cards, wants in demand.items():
        if len(wants) > 1 and sum(wants.values()) > (unplayed & cards).bit_count():
            return True
    return False


def _winners_clash(form: SearchForm, node: Node, claims: dict[int, int]) -> bool:
    """Whether two owners must each capture a coloured card of one suit from their own hands
    and neither order of those two tricks can work.

    An owner captures its own card only in a trick it wins with that card: the suit is led and
    every other seat holding it plays one below. Of owner ``a`` winning with ``x`` and owner
    ``b`` with a higher ``y``: if ``x``'s trick comes first, ``b`` still holds ``y`` and must
    play a card of the suit below ``x``; if ``y``'s comes first, ``a`` must play one below
    ``y`` other than ``x``. Neither may be a card it must win with itself (the other seat would
    capture it). Tonoja need not follow suit with her face-down cards, so she is left out.
    """
    if len(claims) < 2:
        return False
    winners: list[tuple[int, int]] = []  # per owner (one each): its cards to win with, its hand
    for owner, cards in claims.items():
        if form.tonoja and owner == TONOJA:
            continue
        hand = node.hands[owner]
        mine = hand & cards & COLOR_CARDS_MASK
        if mine:
            winners.append((mine, hand))
    for n, (mine_a, hand_a) in enumerate(winners):
        for mine_b, hand_b in winners[n + 1 :]:
            for suit in SUIT_MASKS[:4]:
                xs, ys = mine_a & suit, mine_b & suit
                if not xs or not ys:
                    continue
                spare_a, spare_b = hand_a & suit & ~mine_a, hand_b & suit & ~mine_b
                for x in _bits(xs):
                    for y in _bits(ys):
                        lo, hi = min(x, y), max(x, y)
                        # the owner of the higher card holds it through the lower one's trick
                        spare_hi = spare_b if hi == y else spare_a
                        spare_lo = spare_a if hi == y else spare_b
                        below_lo, below_hi = (1 << lo) - 1, (1 << hi) - 1
                        if not spare_hi & below_lo and not spare_lo & below_hi:
                            return True
    return False


def _bits(mask: int) -> list[int]:
    """The cards of ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: The cuts that can stop a seat from capturing a submarine: no more tricks, or no (more)
#: submarines (no more of some cards, and cards another seat must take: ``Cuts.captures``).
_BARS = (
    CutKind.MOST_TRICKS,
    CutKind.ONLY_TRICKS,
    CutKind.WIN_TRICKS,
    CutKind.MOST_SUBMARINES,
    CutKind.ONLY_SUBMARINE,
)


def _submarine_nowhere(form: SearchForm, cuts: Cuts, node: Node, claims: dict[int, int]) -> bool:
    """Whether a submarine that must still be played can go to no seat allowed to take it.

    A submarine's trick goes to the highest submarine in it, so the seat that captures it is
    its holder or a seat holding a higher one; a holder with no card to spare plays it. A seat
    may take it only if no pending task forbids: no more tricks for that seat, no (more)
    submarines, no more cards of a set holding it, or the card is one another seat must
    capture (``claims``, from :func:`_claims`).
    """
    unplayed = _ALL_SUBS & ~node.played
    if not unplayed:
        return False
    seats = form.seats
    barred = [0] * seats
    for owner, cards in _full(cuts, node).items():
        barred[owner] |= cards
    for i, owner, cut in cuts.bars:
        if node.status[i] != PENDING:
            continue
        kind = cut.kind
        if kind == CutKind.MOST_SUBMARINES:
            if (node.won[owner] & _ALL_SUBS).bit_count() >= cut.count:
                barred[owner] |= _ALL_SUBS
        elif kind == CutKind.ONLY_SUBMARINE:
            barred[owner] |= _ALL_SUBS & ~cut.cards
        elif _more_tricks(form, node, owner, cut) <= 0:  # no more tricks for the owner
            barred[owner] |= _ALL_SUBS
    for owner, cards in claims.items():
        for seat in range(seats):
            if seat != owner:
                barred[seat] |= cards
    if not any(b & unplayed for b in barred):
        return False
    remaining = form.total - len(node.tricks)
    holdings = [_holding(form, node, seat) for seat in range(seats)]
    for sub in _SUBS[::-1]:  # lowest first
        bit = 1 << sub
        if not unplayed & bit:
            continue
        holder = next((seat for seat in range(seats) if holdings[seat] & bit), -1)
        if holder < 0 or holdings[holder].bit_count() > remaining:
            continue  # it may be the card its holder keeps
        higher = unplayed & ~((2 << sub) - 1)
        if barred[holder] & bit and all(
            barred[seat] & bit for seat in range(seats) if holdings[seat] & higher
        ):
            return True
    return False


def _sure_lost(form: SearchForm, node: Node, cuts: Cuts, seat: int, sure: int) -> bool:
    n_sure = sure.bit_count()
    for i, owner, cut in cuts.sure:
        if owner != seat or node.status[i] != PENDING:
            continue
        kind = cut.kind
        if kind in (CutKind.MOST_TRICKS, CutKind.ONLY_TRICKS):
            if n_sure > _more_tricks(form, node, owner, cut):
                return True
        elif kind == CutKind.MOST_SUBMARINES:
            if (node.won[owner] & _ALL_SUBS).bit_count() + n_sure > cut.count:
                return True
        elif sure & ~cut.cards:  # ONLY_SUBMARINE
            return True
    return False


def _counts_fit(form: SearchForm, cuts: Cuts, node: Node) -> bool:
    """Whether some vector of final trick counts suits every pending count task: each seat
    between the tricks it must still win and the most it may, adding up to the tricks left."""
    seats = form.seats
    tnum = len(node.tricks)
    remaining = form.total - tnum
    lo = [least_submarine_tricks(form, node, s) for s in range(seats)]
    hi = [remaining] * seats
    judged: list[tuple[int, Evaluator]] = []
    pending = []
    runs: dict[int, int] = {}  # per owner, the longest run a pending task needs
    never: dict[int, int] = {}  # per owner, the shortest run a pending task forbids
    claimed: dict[int, int] = {}  # per owner, the cards its pending tasks name to capture
    single: dict[int, list[int]] = {}  # per owner, the cards each one-trick task's trick may hold
    takes: dict[int, list[tuple[int, int]]] = {}  # per owner, (cards, tricks to capture them)
    one_of: dict[int, list[Cut]] = {}  # per owner, its pending "every card of one set" cuts
    coloured: set[int] = set()  # owners of a one-trick task won with a coloured card
    sub_tricks = list(lo)  # per seat, the tricks it surely wins with its own submarines
    for i, owner, cut in cuts.vector:
        if node.status[i] != PENDING:
            continue
        pending.append(i)
        kind = cut.kind
        have = node.counts[owner]
        if kind == CutKind.FINAL_COUNTS:
            judged.append((owner, cuts.evaluators[i]))
        elif kind in (CutKind.MOST_TRICKS, CutKind.ONLY_TRICKS, CutKind.WIN_TRICKS):
            hi[owner] = min(hi[owner], _more_tricks(form, node, owner, cut))
            if kind == CutKind.WIN_TRICKS:
                lo[owner] = max(lo[owner], sum(1 for t in cut.tricks if t > tnum))
        elif kind == CutKind.LEADS_ONLY:
            hi[owner] = min(hi[owner], _leads_left(form, node, owner, cut.cards))
        elif kind == CutKind.RUN and cut.mode == "never":
            run = current_run(owner, node.tricks)
            hi[owner] = min(hi[owner], most_without_run(cut.count, run, remaining))
            never[owner] = min(never.get(owner, cut.count), cut.count)
        elif kind == CutKind.RUN and cut.mode == "exactly":  # exactly so many, in a row
            lo[owner] = max(lo[owner], cut.count - have)
            runs[owner] = max(runs.get(owner, 0), cut.count)
        elif kind == CutKind.RUN:  # at least once: go on with the current run, or start again
            lo[owner] = max(lo[owner], cut.count - current_run(owner, node.tricks))
            runs[owner] = max(runs.get(owner, 0), cut.count)
        else:  # the owner must still win a trick (to capture cards, or the one it needs)
            need = _tricks_needed(form, node, owner, cut)
            lo[owner] = max(lo[owner], need)
            if kind == CutKind.CAPTURES:
                claimed[owner] = claimed.get(owner, 0) | cut.cards
            elif kind == CutKind.CAPTURES_ONE_OF:
                one_of.setdefault(owner, []).append(cut)
            elif kind == CutKind.TRICK_TOTAL or (
                kind == CutKind.OWN_CARD and not cut.cards & _ALL_SUBS
            ):
                coloured.add(owner)  # a trick it wins playing a coloured card
            if kind == CutKind.TRICK_TOTAL:  # coloured cards only (rulings 12)
                single.setdefault(owner, []).append(COLOR_CARDS_MASK)
            elif kind == CutKind.OWN_CARD and form.tasks[i].know.trick:
                single.setdefault(owner, []).append(form.tasks[i].know.trick)
            elif kind not in (CutKind.OWN_CARD, CutKind.CAPTURES_ONE_OF) and need:
                subs_only = kind == CutKind.NEEDS_SUBMARINES and not cut.cards  # so many of any
                takes.setdefault(owner, []).append((_ALL_SUBS if subs_only else cut.cards, need))
    for owner, cards in claimed.items():  # all the cards its tasks name, together
        lo[owner] = max(lo[owner], _most_from_one_seat(form, node, cards & ~node.played))
    for owner in claimed.keys() | one_of.keys() | coloured:
        # its own coloured cards to capture: each in a trick it wins playing that card, so
        # none of them one it wins playing a submarine; nor is a one-trick task's trick won
        # with a coloured card (or holding coloured cards only)
        own = _holding(form, node, owner) & ~_ALL_SUBS
        mine = own & claimed.get(owner, 0)
        count = mine.bit_count()
        taken = _taken_by_others(node, owner)
        for cut in one_of.get(owner, ()):
            count += min(
                ((own & st & ~mine).bit_count() for st in cut.sets if not st & taken),
                default=0,
            )
        if owner in coloured:
            count = max(count, 1)
        if count:
            lo[owner] = max(lo[owner], count + sub_tricks[owner])
    for owner, tricks in single.items():
        # each trick that captures such a card holds one, so it is not the one-trick task's
        for cards, need in takes.get(owner, ()):
            if any(not t & cards for t in tricks):
                lo[owner] = max(lo[owner], need + 1)
    if any(runs.get(o, 0) >= n for o, n in never.items()):
        return False  # a run one task needs is one another forbids
    if cuts.captures:
        for owner, barred in _kept_from(form, cuts, node).items():
            hi[owner] = min(hi[owner], _tricks_without(form, node, barred))
    if cuts.leads != DECK_MASK:
        for s in range(seats):
            hi[s] = min(hi[s], _leads_left(form, node, s, cuts.leads))
    elif not pending:
        return True
    holders = _submarine_holders(form, node, remaining)
    key = (node.counts, remaining, tuple(lo), tuple(hi), tuple(pending), holders)
    hit = cuts.memo.get(key)
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
                    judged,
                )
                for won in submarine_tricks(holders, seats, remaining)
            )
        else:
            hit = _some_vector(form, node, lo, hi, remaining, judged)
        if len(cuts.memo) >= MEMO_LIMIT:
            cuts.memo.clear()
        cuts.memo[key] = hit
    return hit


def _submarine_holders(form: SearchForm, node: Node, remaining: int) -> tuple[int, ...]:
    """The seat holding each submarine still in a hand, highest first; empty when some seat
    may keep a card unplayed (a three-player hand of 14, Tonoja): then a submarine need not
    be played at all."""
    if form.tonoja:
        return ()
    out = []
    for sub in _SUBS:
        for s, h in enumerate(node.hands):
            if h >> sub & 1:
                if h.bit_count() > remaining:
                    return ()
                out.append(s)
                break
    return tuple(out)


@cache
def submarine_tricks(
    holders: tuple[int, ...], seats: int, remaining: int
) -> tuple[tuple[int, ...], ...]:
    """The least tricks each seat wins with submarines, for every way the submarines still
    held (``holders``: the seat holding each, highest first) can share tricks: every one is
    played, a seat plays one card into a trick, at most ``remaining`` tricks, and a trick with
    submarines goes to its highest one. Only the vectors no other one is below in every seat.
    """
    found: set[tuple[int, ...]] = set()
    groups: list[tuple[int, int]] = []  # per trick: (its winner, the seats in it as bits)

    def place(k: int) -> None:
        if k == len(holders):
            won = [0] * seats
            for w, _ in groups:
                won[w] += 1
            found.add(tuple(won))
            return
        seat = holders[k]
        for i, (w, members) in enumerate(groups):  # a trick with a higher submarine in it
            if not members >> seat & 1:
                groups[i] = (w, members | 1 << seat)
                place(k + 1)
                groups[i] = (w, members)
        if len(groups) < remaining:  # a trick of its own: the highest in it, so it wins
            groups.append((seat, 1 << seat))
            place(k + 1)
            groups.pop()

    place(0)
    least = [
        v
        for v in found
        if not any(o != v and all(a <= b for a, b in zip(o, v, strict=True)) for o in found)
    ]
    return tuple(sorted(least))


def most_without_run(n: int, run: int, remaining: int) -> int:
    """The most of ``remaining`` tricks a seat can win without a run of ``n`` won tricks in a
    row, having won the last ``run`` (< ``n``): ``n - 1 - run`` more at once, then a trick
    lost, then ``n - 1`` of every ``n``."""
    first = n - 1 - run
    if remaining <= first:
        return remaining
    rest = remaining - first - 1
    return first + rest - rest // n


def _some_vector(
    form: SearchForm,
    node: Node,
    lo: list[int],
    hi: list[int],
    remaining: int,
    judged: list[tuple[int, Evaluator]],
) -> bool:
    seats = form.seats
    if any(a > b for a, b in zip(lo, hi, strict=True)) or sum(lo) > remaining:
        return False
    if sum(hi) < remaining:
        return False
    if not judged:
        return True
    st = form.setup
    base = node.counts
    empty = (0,) * seats
    extra = [0] * seats
    rest_lo = [sum(lo[s:]) for s in range(seats)] + [0]
    rest_hi = [sum(hi[s:]) for s in range(seats)] + [0]

    def fits() -> bool:
        final = tuple(base[s] + extra[s] for s in range(seats))
        ctx = Ctx(empty, final, (), 0, 0, form.total, st.captain, form.predictions, True, st.crew)
        return all(evaluate(owner, ctx) == DONE for owner, evaluate in judged)

    def place(s: int, left: int) -> bool:
        if s == seats - 1:
            extra[s] = left
            return fits()
        for x in range(lo[s], min(hi[s], left) + 1):
            if rest_lo[s + 1] <= left - x <= rest_hi[s + 1]:
                extra[s] = x
                if place(s + 1, left - x):
                    return True
        return False

    return place(0, remaining)
