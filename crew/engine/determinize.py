"""A whole game state built from one seat's view plus assumed hidden cards (determinization).

A computer crewmate sees only its ``View``. To search, it assumes where the unseen cards are and
builds the full state that would look exactly like its view: ``view_for(state_from_view(...),
seat) == view``. The completed tricks come from the seat's memory of public events (the view
shows only the last one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import DECK_MASK, card_str, cards_in, mask_of
from .missions import DIST_CAPTAIN_GIVES, HEAVY_NOISE
from .signals import true_positions
from .state import TONOJA, GameState, Setup, SignalMark
from .tasks import STATUS_NAMES
from .tricks import Trick
from .view import View

__all__ = ["DeterminizeError", "hidden_cards", "state_from_view"]


class DeterminizeError(ValueError):
    """The assumed hidden cards or the remembered tricks do not fit the view."""


def _public_mask(view: View, tricks: Sequence[Trick]) -> int:
    m = mask_of(c for t in tricks for c in t.cards)
    m |= mask_of(c for _, c in view.trick)
    m |= mask_of(c for c in view.tonoja_up if c >= 0)
    return m


def hidden_cards(view: View, tricks: Sequence[Trick]) -> int:
    """The cards ``view.seat`` cannot see: neither in its hand, nor played, nor face up."""
    return DECK_MASK & ~_public_mask(view, tricks) & ~mask_of(view.hand)


def state_from_view(
    view: View,
    tricks: Sequence[Trick],
    hands: Mapping[int, int],
    *,
    tonoja_down: Sequence[int] = (),
    predictions: Sequence[int] | None = None,
    asked: int = 0,
) -> GameState:
    """The state that ``view`` shows, with ``hands[s]`` (bitmasks) for the seats it cannot see.

    ``tricks`` are the completed tricks in order; ``tonoja_down`` gives the face-down card of each
    of Tonoja's piles (-1 where none); ``predictions`` fills in the predictions the view hides
    (default: the view's, -1 where hidden). ``asked`` is the distribution turns taken, which the
    view does not show (it matters only during distribution).
    """
    seats = view.seats
    tonoja = view.players == 2
    if len(tricks) != view.tricks_played:
        raise DeterminizeError(
            f"the view shows {view.tricks_played} completed tricks but {len(tricks)} were given"
        )
    if view.last_trick is not None and tricks[-1] != view.last_trick:
        raise DeterminizeError("the remembered tricks do not end with the view's last trick")
    full: list[int] = []
    for s in range(seats):
        if tonoja and s == TONOJA:
            full.append(mask_of(c for c in view.tonoja_up if c >= 0))
        elif s == view.seat:
            full.append(mask_of(view.hand))
        elif s in hands:
            full.append(hands[s])
        else:
            raise DeterminizeError(f"no hand given for seat {s}")
    down = tuple(tonoja_down) if tonoja else ()
    if tonoja and (
        len(down) != len(view.tonoja_down)
        or any((d >= 0) != flag for d, flag in zip(down, view.tonoja_down, strict=True))
    ):
        raise DeterminizeError("Tonoja's face-down cards do not match her piles in the view")
    seen = _public_mask(view, tricks) & ~mask_of(c for c in view.tonoja_up if c >= 0)
    for m in [*full, mask_of(d for d in down if d >= 0)]:
        if seen & m:
            twice = " ".join(card_str(c) for c in cards_in(seen & m))
            raise DeterminizeError(f"card(s) placed twice: {twice}")
        seen |= m
    if seen != DECK_MASK:
        missing = " ".join(card_str(c) for c in cards_in(DECK_MASK & ~seen))
        raise DeterminizeError(f"card(s) not placed: {missing}")
    for s in range(seats):
        n = full[s].bit_count()
        if tonoja and s == TONOJA:
            n += sum(1 for d in down if d >= 0)
        if n != view.hand_counts[s]:
            raise DeterminizeError(
                f"seat {s} holds {view.hand_counts[s]} cards in the view, {n} were given"
            )
    rules = view.rules
    owners = tuple(t.owner for t in view.tasks)
    setup = Setup(
        players=view.players,
        seats=seats,
        rules=rules,
        captain=view.captain,
        task_ids=tuple(t.task for t in view.tasks),
        total_tricks=view.total_tricks,
        terrain=None,
        distress_active=view.distress_active and not view.distress,
    )
    # Tonoja's pile under a face-up card already in the current trick: the card is no longer in
    # her hand; the pile flips after the trick either way
    piles: tuple[tuple[int, int], ...] = ()
    if tonoja:
        piles = tuple((d, u) for d, u in zip(down, view.tonoja_up, strict=True))
    preds = list(predictions) if predictions is not None else []
    if not preds:
        preds = [-1 if p is None else p for p in view.predictions]
    signals = []
    for sv in view.signals:
        pos = sv.position
        if pos == "hidden":
            ok = true_positions(full[sv.seat], sv.card)
            pos = ok[0] if ok else "top"
        signals.append(SignalMark(sv.seat, sv.card, pos, sv.before_trick))
    tokens = tuple(
        rules.communication != HEAVY_NOISE
        and not (tonoja and s == TONOJA)
        and view.tokens_left[s] == 0
        for s in range(seats)
    )
    won = [0] * seats
    played = 0
    for t in tricks:
        tm = mask_of(t.cards)
        won[t.winner] |= tm
        played |= tm
    given_away = rules.distribution == DIST_CAPTAIN_GIVES and any(
        o >= 0 and o != view.captain for o in owners
    )
    status_code = {name: i for i, name in enumerate(STATUS_NAMES)}
    return GameState(
        setup=setup,
        phase=view.phase,
        hands=tuple(full),
        piles=piles,
        owners=owners,
        turn=view.turn,
        asked=asked,
        volunteers=view.volunteers,
        predictions=tuple(preds),
        signals=tuple(signals),
        tokens=tokens,
        pool=view.pool,
        distress=view.distress,
        leader=view.leader,
        trick_seats=tuple(s for s, _ in view.trick),
        trick_cards=tuple(c for _, c in view.trick),
        tricks=tuple(tricks),
        won=tuple(won),
        counts=view.counts,
        played=played,
        status=tuple(status_code[t.status] for t in view.tasks),
        decided=tuple(t.trick for t in view.tasks),
        result=view.result,
        reason=view.reason,
        given_away=given_away,
    )
