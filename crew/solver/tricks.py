"""The trick search: can the attempt be won from a position of the trick phase, and how?

It runs on the engine's compact search form (:mod:`crew.engine.search`), in the manner of
double-dummy bridge solvers: a transposition table keyed on what is left at the start of each
trick (cards by rank), equivalent cards merged, and every branch cut the moment the engine's own
task evaluators (or a mission condition) declare the attempt lost, or the perfect-information
bounds of :mod:`crew.solver.bounds` show that it will be.

A depth-first search that takes a wrong turn early can spend its whole budget under it, so the
solver runs it in restarts (:meth:`TrickSearch.restart`, numbered from 0): each gets a budget of
positions, and all share the table, so what one restart proved is not searched again (unless the
memory bound has dropped it). Two ways of searching take turns:

- the even restarts lay each trick out in full and search the positions it leads to best first,
  each once, by what they leave the pending tasks as each task's category states its needs
  (``Task.know``: tasks done, cards their owners must capture taken by them and not by others,
  cards they must not take left alone, the cards a one-trick task needs still in every hand);
- the odd ones search card by card, ordered by the history of the restart (how often a card kept
  the attempt winnable), a choice that completes a task first on the last card of a trick.

Restarts 0 and 1 break ties lowest card first; from restart 2 on, ties are broken in a seeded
order of the restart's own, and an even restart also lays a trick's cards out ordered by the
tasks' needs (a card its owner must capture to a trick the owner is winning, one it must not take
to a trick someone else takes, a card a one-trick task needs kept for a trick that can still do
it, an owner who needs more tricks playing to win and one who needs fewer to lose), then by
history. A trick already begun is finished card by card, in an even restart ordered by those
needs. A search allowed only a few positions starts at restart 1 (the solver's ``SMALL_SEARCH``).
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Final

from crew.engine import Play
from crew.engine.cards import is_submarine, popcount
from crew.engine.search import LOST, OPEN, WON, Node, SearchForm, free_predictions
from crew.engine.state import GameState
from crew.engine.task_base import DONE, PENDING, Lean
from crew.engine.tricks import beats

from .bounds import certainly_lost, cuts_for
from .limits import Budget

__all__ = ["TABLE_LIMIT", "TrickSearch", "TrickTable"]

#: Positions all transposition tables together may hold; past it the older half of each is
#: dropped (memory bound: a stored position costs about 150 bytes, a winning trick remembered
#: for the line about five times that, counted so in :data:`HINT_WEIGHT`).
TABLE_LIMIT = 2_000_000
#: What a remembered winning trick counts for against :data:`TABLE_LIMIT`.
HINT_WEIGHT: Final = 5
#: A table key is stored as one number: the cards by rank, shifted up by this many bits, and
#: the number of the rest of the key (leader, task status and owners, the history the pending
#: tasks read: far fewer kinds than positions). Numbers are never given twice within a table,
#: and at a million a second 2**40 of them would take twelve days.
TAIL_BITS: Final = 40
#: Rests of keys remembered per table; past it they are forgotten and numbered anew (a key
#: stored under an old number is then never matched again, and the trim drops it in time).
TAIL_LIMIT: Final = 100_000

#: (the task and the other tasks of its group, owner, take, avoid, trick, lean) of a task, for
#: move ordering: a task offered to several seats has one aim for the group, without a lean
_Aim = tuple[tuple[int, ...], int, int, int, int, Lean | None]
#: The same for a pending task in one trick: its owners (a mask of seats: those of the group
#: still pending), and its lean as the score of (the owner loses the trick, the owner wins it)
_Active = tuple[int, int, int, int, tuple[int, int] | None]


def _exact(node: Node) -> tuple[object, ...]:
    """A trick start by its exact cards (the table's keys name cards by rank only)."""
    return (node.hands, node.piles, node.leader, node.won, node.counts, node.status)


class Tails:
    """The rests of the table keys of one table, numbered in order of first sight."""

    __slots__ = ("ids", "next")

    def __init__(self) -> None:
        self.ids: dict[tuple[object, ...], int] = {}
        self.next = 0

    def number(self, tail: tuple[object, ...]) -> int:
        """The number of ``tail`` (a new one the first time it is seen)."""
        n = self.ids.get(tail)
        if n is None:
            if len(self.ids) >= TAIL_LIMIT:
                self.ids.clear()  # older numbers stay unused: stale keys never match again
            n = self.ids[tail] = self.next
            self.next += 1
        return n


class TrickTable:
    """A search form with its transposition table, move-ordering history and cuts.

    Forms of one deal that differ only in who owns which task share the table and history: the
    form's key names the owner of every task still pending, and nothing else about the owners
    matters from a position on.
    """

    __slots__ = ("form", "tt", "history", "cuts", "hints", "tails", "aims", "predictions")

    def __init__(
        self,
        form: SearchForm,
        tt: dict[object, bool],
        history: dict[int, int],
        hints: dict[tuple[object, ...], tuple[int, ...]],
        tails: Tails,
    ) -> None:
        self.form = form
        self.cuts = cuts_for(form)
        self.tt = tt
        self.tails = tails
        # per card a seat played (``seat << 6 | card``), how often it kept the attempt winnable
        self.history = history
        # the cards of a trick that keeps an exact position winnable (to write the line out)
        self.hints = hints
        aims: list[_Aim] = []
        grouped: set[int] = set()
        for i, task in enumerate(form.tasks):
            owner = form.owners[i]
            k = task.know
            if owner < 0 or not (k.take or k.avoid or k.trick or k.lean):
                continue
            if i in form.offered:
                group = form.groups[i]
                if group not in grouped:
                    grouped.add(group)
                    members = tuple(j for j, g in enumerate(form.groups) if g == group)
                    aims.append((members, owner, k.take, k.avoid, k.trick, None))
            else:
                aims.append(((i,), owner, k.take, k.avoid, k.trick, k.lean))
        self.aims = tuple(aims)
        self.predictions = tuple(
            -1 if i in form.free or o < 0 else form.predictions[o]
            for i, o in enumerate(form.owners)
        )

    def key(self, node: Node) -> object:
        """The table key of a trick start: :meth:`SearchForm.key` in one number (the cards by
        rank and the number of the rest, see :data:`TAIL_BITS`); with Tonoja, as it is."""
        key = self.form.key(node)
        ranks = key[0]
        if not isinstance(ranks, int):
            return key
        return ranks << TAIL_BITS | self.tails.number(key[1:])


class _Shared:
    """What the tables of one deal's forms share (see :class:`TrickTable`)."""

    __slots__ = ("tt", "history", "hints", "tails")

    def __init__(self) -> None:
        self.tt: dict[object, bool] = {}
        self.history: dict[int, int] = {}
        self.hints: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.tails = Tails()


class TrickSearch:
    """Searches the tricks of attempts; keeps its tables across calls (bots and the
    post-mortem ask about many positions of one deal). Counts positions in ``budget``."""

    def __init__(self, budget: Budget, *, table_limit: int = TABLE_LIMIT, forms: int = 64) -> None:
        """``table_limit``: positions all its tables may hold (see :data:`TABLE_LIMIT`);
        ``forms``: deals (with their tasks and predictions) it keeps tables for at once."""
        self.budget = budget
        self.table_limit = table_limit
        self.forms = forms
        self._rng: random.Random | None = None
        self._aims = True
        self._tables: dict[tuple[object, ...], TrickTable] = {}
        self._shared: dict[tuple[object, ...], _Shared] = {}
        self._stored = 0  # positions stored in all tables since the last trim

    def clear(self) -> None:
        """Forget every table."""
        self._tables.clear()
        self._shared.clear()
        self._stored = 0

    def restart(self, number: int) -> None:
        """Start restart ``number``: move-ordering history forgotten; every other restart
        orders by what the tasks need, each trick laid out in full and the positions it leads
        to searched best first; the others search card by card ordered by history alone (a
        guard against a deal where those needs mislead); ties broken lowest card first in
        restarts 0 and 1, in a seeded order of its own in each restart after them."""
        self._rng = random.Random(number) if number > 1 else None
        self._aims = number % 2 == 0
        for shared in self._shared.values():
            shared.history.clear()

    def table(
        self, state: GameState, free: frozenset[int] = frozenset(), groups: tuple[int, ...] = ()
    ) -> TrickTable:
        """The table for the tricks of ``state`` (with ``free`` predictions still open, and
        the tasks in ``groups`` as :class:`~crew.engine.search.SearchForm` takes them)."""
        shared_key = (state.setup, state.predictions, free, groups)
        key = (*shared_key, state.owners)
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 2 * self.forms:
                self._tables.clear()
            shared = self._shared.get(shared_key)
            if shared is None:
                if len(self._shared) > self.forms:
                    self._shared.clear()
                    self._tables.clear()
                    self._stored = 0
                shared = self._shared[shared_key] = _Shared()
            table = TrickTable(
                SearchForm(state, free, groups),
                shared.tt,
                shared.history,
                shared.hints,
                shared.tails,
            )
            self._tables[key] = table
        if table.cuts.flow is not None:  # its finer game grows with the search it serves
            table.cuts.flow.grant(self.budget.whole - self.budget.nodes)
        return table

    def _trim(self) -> None:
        """Memory bound: drop the older half of every table (dicts keep insertion order)."""
        for shared in self._shared.values():
            tt, hints = shared.tt, shared.hints
            for key in list(islice(tt, len(tt) // 2)):
                del tt[key]
            for exact in list(islice(hints, len(hints) // 2)):
                del hints[exact]
        self._stored = sum(len(sh.tt) + HINT_WEIGHT * len(sh.hints) for sh in self._shared.values())

    def solve(self, state: GameState) -> list[Play] | None:
        """A winning sequence of plays from ``state`` (trick phase), or None."""
        table = self.table(state, free_predictions(state))
        return self.line(table, table.form.start(state))

    def line(self, table: TrickTable, root: Node) -> list[Play] | None:
        """A winning sequence of plays from ``root``, or None."""
        if root.result != OPEN:
            return [] if root.result == WON else None
        form = table.form
        if root.trick_cards:
            first = self._trick(table, root, self._leans(table, root))
        elif self.boundary(table, root):
            first = self._known(table, root)
        else:
            first = None
        if first is None:
            return None
        line: list[Play] = []
        node = root
        cards: tuple[int, ...] | None = first
        while True:
            assert cards is not None
            for card in cards:
                line.append(Play(node.turn, card))
                node = form.play(node, card)
            if node.result == WON:
                return line
            assert node.result == OPEN and not node.trick_cards
            cards = self._known(table, node)

    def _known(self, table: TrickTable, node: Node) -> tuple[int, ...] | None:
        """A trick from a start known to be winnable that keeps it winnable: the one found when
        it was proved, if that still holds, or a search through the table."""
        hint = table.hints.get(_exact(node))
        if hint is not None:
            child = node
            for card in hint:
                child = table.form.play(child, card)
            if child.result == WON or (child.result == OPEN and self.boundary(table, child)):
                return hint
        return self._trick(table, node, self._leans(table, node))

    def boundary(self, table: TrickTable, node: Node, key: object = None) -> bool:
        """At the start of a trick (node still open): can the attempt be won from here?
        (``key``: the node's table key, if known.)"""
        if key is None:
            key = table.key(node)
        hit = table.tt.get(key)
        if hit is not None:
            return hit
        if table.cuts and certainly_lost(table.form, table.cuts, node):
            table.tt[key] = False
            self._stored += 1
            if self._stored > self.table_limit:
                self._trim()
            return False
        if self._aims:
            cards = self._tricks_from(table, node, self._leans(table, node))
        else:
            cards = self._trick(table, node, ())
        table.tt[key] = cards is not None
        self._stored += 1
        if cards is not None:
            table.hints[_exact(node)] = cards
            self._stored += HINT_WEIGHT
        if self._stored > self.table_limit:
            self._trim()
        return cards is not None

    def _leans(self, table: TrickTable, node: Node) -> tuple[_Active, ...]:
        """The aims of the tasks still pending, with each lean worked out for this trick."""
        if not table.aims or not self._aims:
            return ()
        form = table.form
        owners = form.owners
        status = node.status
        out: list[_Active] = []
        for members, owner, take, avoid, trick, lean in table.aims:
            seats = 0
            for j in members:
                if status[j] == PENDING:
                    seats |= 1 << owners[j]
            if not seats:
                continue
            if lean is not None:
                sign = lean(
                    owner,
                    node.counts,
                    node.tricks,
                    form.setup.captain,
                    table.predictions[members[0]],
                    form.total,
                )
                out.append((seats, take, avoid, trick, None if not sign else _SIGNS[sign]))
            else:
                out.append((seats, take, avoid, trick, None))
        return tuple(out)

    def _order(
        self, table: TrickTable, node: Node, cands: list[int], aims: tuple[_Active, ...]
    ) -> list[int]:
        """``cands`` best first: by what the pending tasks need, then by history, then in this
        restart's order."""
        if self._rng is not None:
            _shuffle(self._rng, cands)
        history = table.history
        seat = node.turn
        if not aims:
            if history:
                base = seat << 6
                cands.sort(key=lambda c: -history.get(base | c, 0))
            return cands
        tseats = node.trick_seats
        tcards = node.trick_cards
        in_trick = 0
        best = best_seat = -1
        played = 1 << seat
        for k in range(len(tcards)):
            c = tcards[k]
            in_trick |= 1 << c
            if best < 0 or beats(c, best):
                best, best_seat = c, tseats[k]
            played |= 1 << tseats[k]
        scored = []
        for i, c in enumerate(cands):
            bit = 1 << c
            if best < 0 or beats(c, best):
                winner = seat
            else:
                winner = best_seat
            cards = in_trick | bit
            score = 0
            for seats, take, avoid, trick, lean in aims:
                wins = bool(seats >> winner & 1)
                # an owner still to play may yet take the trick: its own card will decide
                later = not wins and bool(seats & ~played)
                if take & cards:
                    score += 2 if wins else 1 if later else -2 if take & bit else -1
                # a card to leave alone, for an owner that is the last its task has
                if avoid & cards and not later and not seats & (seats - 1):
                    score += -2 if wins else 1 if avoid & bit else 0
                if trick:
                    if not is_submarine(c) and not cards & ~trick:
                        score += 2 if wins or later else 1
                    elif trick & bit:
                        score -= 1  # a card the task needs, spent on a trick that cannot do it
                if lean is not None and not later:
                    score += lean[wins]
            # the place in cands breaks ties (the order a sort by score and history keeps)
            scored.append((-score, -history.get(seat << 6 | c, 0), i, c))
        scored.sort()
        return [c for _, _, _, c in scored]

    def _trick(
        self, table: TrickTable, node: Node, aims: tuple[_Active, ...]
    ) -> tuple[int, ...] | None:
        """The rest of the current trick on a way to a win, or None."""
        form = table.form
        cands = form.choices(node, form.legal(node))
        seat = node.turn
        history = table.history
        budget = self.budget
        if len(node.trick_cards) == form.seats - 1:
            # the last card of the trick: judge every choice first, try task-completing ones
            scored = []
            done_before = _done(node.status)
            order = self._order(table, node, cands, aims) if len(cands) > 1 else cands
            for rank, c in enumerate(order):
                budget.tick()
                child = form.play(node, c)
                if child.result == WON:
                    _credit(history, seat, c, 4)
                    return (c,)
                if child.result == LOST:
                    continue
                scored.append((done_before - _done(child.status), rank, c, child))
            scored.sort()  # by tasks done, then rank (each rank once: nothing after it compared)
            for _, _, c, child in scored:
                if self.boundary(table, child):
                    _credit(history, seat, c, 1)
                    return (c,)
            return None
        if len(cands) > 1:
            cands = self._order(table, node, cands, aims)
        for c in cands:
            budget.tick()
            child = form.play(node, c)
            if child.result == LOST:
                continue
            rest = self._trick(table, child, aims)
            if rest is not None:
                _credit(history, seat, c, 1)
                return (c, *rest)
        return None

    def _tricks_from(
        self, table: TrickTable, node: Node, aims: tuple[_Active, ...]
    ) -> tuple[int, ...] | None:
        """From the start of a trick: the cards of a trick on a way to a win, or None.

        Every way to play the trick is laid out first (a trick that wins at once ends the
        search), and the positions it leads to are searched best first by what they leave the
        pending tasks (:func:`_promise`), each once.
        """
        children: list[tuple[tuple[int, ...], Node]] = []
        won = self._lay_out(table, node, (), aims, children)
        if won is not None:
            return self._learn(table, node, won)
        # by promise, then rank (each rank once: nothing after it compared)
        ranked = sorted(
            [
                (-_promise(child, aims), rank, cards, child)
                for rank, (cards, child) in enumerate(children)
            ]
        )
        seen: set[object] = set()
        for _, _, cards, child in ranked:
            key = table.key(child)
            if key in seen:
                continue
            seen.add(key)
            if self.boundary(table, child, key):
                return self._learn(table, node, cards)
        return None

    def _lay_out(
        self,
        table: TrickTable,
        node: Node,
        cards: tuple[int, ...],
        aims: tuple[_Active, ...],
        children: list[tuple[tuple[int, ...], Node]],
    ) -> tuple[int, ...] | None:
        """Lay the rest of the trick out from ``node`` (``cards`` played in it so far): the
        cards of a trick that wins the attempt at once, or None with every trick start it can
        lead to added to ``children`` (with its cards), in the order played."""
        form = table.form
        budget = self.budget
        cands = form.choices(node, form.legal(node))
        if len(cands) > 1 and self._rng is not None:
            cands = self._order(table, node, cands, aims)
        for c in cands:
            budget.tick()
            child = form.play(node, c)
            if child.result == LOST:
                continue
            if child.result == WON:
                return (*cards, c)
            if child.trick_cards:
                won = self._lay_out(table, child, (*cards, c), aims, children)
                if won is not None:
                    return won
            else:
                children.append(((*cards, c), child))
        return None

    def _learn(self, table: TrickTable, node: Node, cards: tuple[int, ...]) -> tuple[int, ...]:
        """Remember the cards of a trick that kept the attempt winnable (move ordering)."""
        history = table.history
        seat = node.turn
        n = table.form.seats
        for c in cards:
            _credit(history, seat, c, 1)
            seat = (seat + 1) % n
        return cards


def _promise(node: Node, aims: tuple[_Active, ...]) -> int:
    """How promising a trick start is for the pending tasks: tasks done, cards the owners want
    captured by them (and not by the others), cards they must not take left alone, and the
    cards a one-trick task needs still in every hand."""
    v = 100 * _done(node.status)
    won = node.won
    for seats, take, avoid, trick, _ in aims:
        if take or avoid:
            mine = others = 0
            for s, w in enumerate(won):
                if seats >> s & 1:
                    mine |= w
                else:
                    others |= w
            v += 10 * popcount(mine & take) - 5 * popcount(others & take)
            if not seats & (seats - 1):  # the last owner its task has
                v -= 10 * popcount(mine & avoid)
        if trick:
            fewest = 3
            for h in node.hands:
                held = popcount(h & trick)
                if held < fewest:
                    fewest = held
            v += 3 * fewest
    return v


def _done(status: tuple[int, ...]) -> int:
    """How many tasks of ``status`` are done (counted in a loop: compiled code would call
    ``tuple.count`` by looking the method up, as Python does)."""
    n = 0
    for s in status:
        if s == DONE:
            n += 1
    return n


def _credit(history: dict[int, int], seat: int, card: int, amount: int) -> None:
    """Count ``amount`` more for ``card`` played by ``seat`` in ``history`` (keyed
    ``seat << 6 | card``: how often the card kept the attempt winnable, for move ordering)."""
    key = seat << 6 | card
    history[key] = history.get(key, 0) + amount


def _shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would (the same draws from
    ``rng``, the same order): the library's shuffle is Python code, which the compiled search
    would run for every choice of a seeded restart. Each place from the last down swaps with
    one drawn at random at or below it, a draw of as many bits as the count needs, drawn again
    until it falls within the count."""
    getrandbits = rng.getrandbits
    i = len(cards) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


#: A lean as a score: index by whether the owner would win the trick (False, True).
_SIGNS: dict[int, tuple[int, int]] = {1: (-1, 1), -1: (1, -1)}
