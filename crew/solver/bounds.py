"""Perfect-information cuts: a branch is lost before the engine can say so publicly.

The engine decides a task failed only from public information (ruling 14). With every hand
open the solver can often see the failure earlier: a seat holding the highest submarines still
out will win a trick with each of them (every card a seat holds is played, except the one card a
three-player hand of 14 or Tonoja may keep). That is a lower bound on the tricks (and
submarines) a seat still takes; a task that cannot absorb it is lost. Each cut is a consequence
of the rules, never a rule of its own, and the tests check the solver with these cuts against a
plain search without them.
"""

from __future__ import annotations

from crew.engine.cards import VALUE_MASKS
from crew.engine.search import Node, SearchForm
from crew.engine.state import TONOJA
from crew.engine.tasks import PENDING

__all__ = ["certainly_lost", "cuts_for", "sure_submarines"]

_SUBS = (39, 38, 37, 36)  # S4 .. S1

# cut kinds
_MAX_TRICKS, _ONLY_WANTED, _MAX_SUBS, _ONLY_SUB, _OWN_CARD = range(5)


def cuts_for(form: SearchForm) -> tuple[tuple[int, int, int, object], ...]:
    """(task index, owner, kind, parameter) for the pending tasks a cut applies to."""
    out: list[tuple[int, int, int, object]] = []
    for i, task in enumerate(form.tasks):
        owner = form.owners[i]
        if owner < 0:
            continue
        p = task.card.params
        cat = task.category
        if cat == "n_tricks":
            out.append((i, owner, _MAX_TRICKS, int(p["count"])))
        elif cat == "predict_tricks" and i not in form.free:
            if form.predictions[owner] >= 0:
                out.append((i, owner, _MAX_TRICKS, form.predictions[owner]))
        elif cat == "first_last_tricks" and p.get("only"):
            want = {form.total if w == "last" else int(w) for w in p.get("win", [])}
            out.append((i, owner, _ONLY_WANTED, frozenset(want)))
        elif cat == "submarine" and "cards" not in p and p["mode"] == "exactly":
            out.append((i, owner, _MAX_SUBS, int(p["count"])))
        elif cat == "win_with_card":
            # the trick must be won with a card the owner plays: without one it cannot happen
            own = 0xF << 36 if p["play"] == "submarine" else VALUE_MASKS[int(p["play"])]
            out.append((i, owner, _OWN_CARD, own))
        elif cat == "even_odd_trick":
            rest = 0 if p["parity"] == "even" else 1
            own = 0
            for v in range(1, 10):
                if v % 2 == rest:
                    own |= VALUE_MASKS[v]
            out.append((i, owner, _OWN_CARD, own))
        elif cat == "trick_all_above_below":
            bound = int(p["value"])
            own = 0
            for v in range(1, 10):
                if (v > bound) if p["op"] == "gt" else (v < bound):
                    own |= VALUE_MASKS[v]
            out.append((i, owner, _OWN_CARD, own))
        elif cat == "submarine" and p.get("no_other_submarine"):
            from crew.engine.cards import parse_card

            out.append((i, owner, _ONLY_SUB, parse_card(p["cards"][0])))
    return tuple(out)


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
            holding = node.hands[owner]
            if form.tonoja and owner == TONOJA:
                for down, _ in node.piles:
                    if down >= 0:
                        holding |= 1 << down
            if not holding & param:
                return True
    seat, sure = sure_submarines(form, node)
    if seat < 0:
        return False
    n_sure = sure.bit_count()
    tnum = len(node.tricks)
    for i, owner, kind, param in cuts:
        if owner != seat or kind == _OWN_CARD or node.status[i] != PENDING:
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
