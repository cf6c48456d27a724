"""Perfect-information cuts: a branch is lost before the engine can say so publicly.

The engine decides a task failed only from public information (ruling 14). With every hand
open the solver can often see the failure earlier: a seat holding the highest submarines still
out will win a trick with each of them (every card a seat holds is played, except the one card a
three-player hand of 14 or Tonoja may keep). That is a lower bound on the tricks (and
submarines) a seat still takes; a task that cannot absorb it is lost. More generally a
submarine loses only to a higher one played by another seat into the same trick, so a seat wins
at least as many tricks as it holds submarines that the other seats' higher ones cannot all
cover. And a trick with a submarine in it goes to a submarine, so a seat holding none captures
no more of them, nor a submarine higher than all of its own. Each cut
is a consequence of the rules, never a rule of its own, and the tests check the solver with
these cuts against a plain search without them.
"""

from __future__ import annotations

from crew.engine.cards import VALUE_MASKS, mask_of, parse_card, parse_cards
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.task_params import (
    EvenOddTrick,
    FirstLastTricks,
    NTricks,
    PredictTricks,
    Submarine,
    TrickAllAboveBelow,
    WinWithCard,
)
from crew.engine.tasks import PENDING

__all__ = ["certainly_lost", "cuts_for", "least_submarine_tricks", "sure_submarines"]

_SUBS = (39, 38, 37, 36)  # S4 .. S1

# cut kinds
_MAX_TRICKS, _ONLY_WANTED, _MAX_SUBS, _ONLY_SUB, _OWN_CARD, _NEED_SUB = range(6)
_ALL_SUBS = 0xF << 36


def cuts_for(form: SearchForm) -> tuple[tuple[int, int, int, object], ...]:
    """(task index, owner, kind, parameter) for the pending tasks a cut applies to."""
    out: list[tuple[int, int, int, object]] = []
    for i, task in enumerate(form.tasks):
        owner = form.owners[i]
        if owner < 0:
            continue
        p = task.card.params
        if isinstance(p, NTricks):
            out.append((i, owner, _MAX_TRICKS, p.count))
        elif isinstance(p, PredictTricks) and i not in form.free:
            if form.predictions[owner] >= 0:
                out.append((i, owner, _MAX_TRICKS, form.predictions[owner]))
        elif isinstance(p, FirstLastTricks) and p.only:
            want = {form.total if w == "last" else w for w in p.win}
            out.append((i, owner, _ONLY_WANTED, frozenset(want)))
        elif isinstance(p, Submarine) and p.cards is None and p.mode == "exactly":
            assert p.count is not None
            out.append((i, owner, _MAX_SUBS, p.count))
        if isinstance(p, Submarine):
            # (submarines to have won, or the ones to win): captured only with a submarine
            need = (0, mask_of(parse_cards(p.cards))) if p.cards is not None else (p.count or 0, 0)
            if need != (0, 0):
                out.append((i, owner, _NEED_SUB, need))
            if p.no_other_submarine:
                assert p.cards is not None
                out.append((i, owner, _ONLY_SUB, parse_card(p.cards[0])))
        elif isinstance(p, WinWithCard):
            # the trick must be won with a card the owner plays: without one it cannot happen
            own = 0xF << 36 if p.play == "submarine" else VALUE_MASKS[p.play]
            out.append((i, owner, _OWN_CARD, own))
        elif isinstance(p, EvenOddTrick):
            rest = 0 if p.parity == "even" else 1
            own = 0
            for v in range(1, 10):
                if v % 2 == rest:
                    own |= VALUE_MASKS[v]
            out.append((i, owner, _OWN_CARD, own))
        elif isinstance(p, TrickAllAboveBelow):
            bound = p.value
            own = 0
            for v in range(1, 10):
                if (v > bound) if p.op == "gt" else (v < bound):
                    own |= VALUE_MASKS[v]
            out.append((i, owner, _OWN_CARD, own))
    return tuple(out)


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
    held = [h & (0xF << 36) for h in node.hands]
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


def certainly_lost(
    form: SearchForm, cuts: tuple[tuple[int, int, int, object], ...], node: Node
) -> bool:
    """True when some pending task can no longer be done whatever the crew plays."""
    for i, owner, kind, param in cuts:
        if kind == _OWN_CARD and node.status[i] == PENDING:
            assert isinstance(param, int)
            if not _holding(form, node, owner) & param:
                return True
        elif kind == _NEED_SUB and node.status[i] == PENDING:
            assert isinstance(param, tuple)
            count, target = param
            subs_won = node.won[owner] & _ALL_SUBS
            own = _holding(form, node, owner) & _ALL_SUBS
            if target:
                # each target still to win needs a submarine as high as it in the owner's hand
                for sub in _SUBS:
                    if target >> sub & 1 and not subs_won >> sub & 1 and not own >> sub:
                        return True
            elif subs_won.bit_count() < count and not own:
                return True
    least: dict[int, int] = {}
    for i, owner, kind, param in cuts:
        if kind not in (_MAX_TRICKS, _MAX_SUBS) or node.status[i] != PENDING:
            continue
        if owner not in least:
            least[owner] = least_submarine_tricks(form, node, owner)
        assert isinstance(param, int)
        if kind == _MAX_TRICKS:
            have = node.counts[owner]
        else:
            have = (node.won[owner] & _ALL_SUBS).bit_count()
        if have + least[owner] > param:
            return True
    seat, sure = sure_submarines(form, node)
    if seat < 0:
        return False
    n_sure = sure.bit_count()
    tnum = len(node.tricks)
    for i, owner, kind, param in cuts:
        if owner != seat or kind in (_OWN_CARD, _NEED_SUB) or node.status[i] != PENDING:
            continue
        if kind == _MAX_TRICKS:
            assert isinstance(param, int)
            if node.counts[owner] + n_sure > param:
                return True
        elif kind == _ONLY_WANTED:
            assert isinstance(param, frozenset)
            if n_sure > sum(1 for w in param if w > tnum):
                return True
        elif kind == _MAX_SUBS:
            assert isinstance(param, int)
            if (node.won[owner] & (0xF << 36)).bit_count() + n_sure > param:
                return True
        elif kind == _ONLY_SUB:
            assert isinstance(param, int)
            if sure & ~(1 << param):
                return True
    return False
