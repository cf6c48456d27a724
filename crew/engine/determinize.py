"""A whole game state built from one seat's view plus assumed hidden cards (determinization).

A computer crewmate sees only its ``View``. To search, it assumes where the unseen cards are and
builds the full state that would look exactly like its view: ``view_for(state_from_view(...),
seat) == view``. The completed tricks come from the seat's memory of public events (the view
shows only the last one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import DECK_MASK, deck_problem, mask_of
from .enums import Position
from .missions import HEAVY_NOISE
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


def _check_tricks(view: View, tricks: Sequence[Trick]) -> None:
    """The remembered tricks must be as many as the view counts and end with its last trick."""
    if len(tricks) != view.tricks_played:
        raise DeterminizeError(
            f"the view shows {view.tricks_played} completed tricks but {len(tricks)} were given"
        )
    if view.last_trick is not None and tricks[-1] != view.last_trick:
        raise DeterminizeError("the remembered tricks do not end with the view's last trick")


def _full_hands(view: View, hands: Mapping[int, int]) -> list[int]:
    """Every seat's hand: Tonoja's face-up cards, the viewer's own, the assumed ones elsewhere."""
    full: list[int] = []
    for s in range(view.seats):
        if view.players == 2 and s == TONOJA:
            full.append(mask_of(c for c in view.tonoja_up if c >= 0))
        elif s == view.seat:
            full.append(mask_of(view.hand))
        elif s in hands:
            full.append(hands[s])
        else:
            raise DeterminizeError(f"no hand given for seat {s}")
    return full


def _down_cards(view: View, tonoja_down: Sequence[int]) -> tuple[int, ...]:
    """Tonoja's assumed face-down cards, one per pile, present exactly where the view shows one."""
    if view.players != 2:
        return ()
    down = tuple(tonoja_down)
    if len(down) != len(view.tonoja_down) or any(
        (d >= 0) != flag for d, flag in zip(down, view.tonoja_down, strict=True)
    ):
        raise DeterminizeError("Tonoja's face-down cards do not match her piles in the view")
    return down


def _check_placement(
    view: View, tricks: Sequence[Trick], full: Sequence[int], down: Sequence[int]
) -> None:
    """Every one of the 40 cards is in exactly one place, and each seat holds the view's count."""
    seen = _public_mask(view, tricks) & ~mask_of(c for c in view.tonoja_up if c >= 0)
    problem = deck_problem([*full, mask_of(d for d in down if d >= 0)], seen)
    if problem:
        raise DeterminizeError(problem)
    for s in range(view.seats):
        n = full[s].bit_count()
        if view.players == 2 and s == TONOJA:
            n += sum(1 for d in down if d >= 0)
        if n != view.hand_counts[s]:
            raise DeterminizeError(
                f"seat {s} holds {view.hand_counts[s]} cards in the view, {n} were given"
            )


def _setup_from(view: View) -> Setup:
    """The attempt's fixed facts as the view shows them (terrain and discard are not needed)."""
    return Setup(
        players=view.players,
        seats=view.seats,
        rules=view.rules,
        captain=view.captain,
        task_ids=tuple(t.task for t in view.tasks),
        total_tricks=view.total_tricks,
        terrain=None,
        distress_active=view.distress_active and not view.distress,
    )


def _signals_from(view: View, full: Sequence[int]) -> tuple[SignalMark, ...]:
    """The signals; a hidden position (dead zone) becomes one true of the assumed hand."""
    signals = []
    for sv in view.signals:
        pos = sv.position
        if pos == "hidden":
            ok = true_positions(full[sv.seat], sv.card)
            pos = ok[0] if ok else Position.TOP
        signals.append(SignalMark(sv.seat, sv.card, pos, sv.before_trick))
    return tuple(signals)


def _tokens_used(view: View) -> tuple[bool, ...]:
    """Per seat, whether its communication token is spent (never under heavy noise or Tonoja)."""
    return tuple(
        view.rules.communication != HEAVY_NOISE
        and not (view.players == 2 and s == TONOJA)
        and view.tokens_left[s] == 0
        for s in range(view.seats)
    )


def _won_and_played(seats: int, tricks: Sequence[Trick]) -> tuple[tuple[int, ...], int]:
    """The cards each seat has won in completed tricks, and all cards played in them."""
    won = [0] * seats
    played = 0
    for t in tricks:
        tm = mask_of(t.cards)
        won[t.winner] |= tm
        played |= tm
    return tuple(won), played


def _predictions(view: View, predictions: Sequence[int] | None) -> tuple[int, ...]:
    """The assumed predictions, or the view's where none are given (-1 where hidden)."""
    preds = list(predictions) if predictions is not None else []
    if not preds:
        preds = [-1 if p is None else p for p in view.predictions]
    return tuple(preds)


def _assemble(
    view: View,
    tricks: Sequence[Trick],
    full: Sequence[int],
    down: Sequence[int],
    predictions: tuple[int, ...],
) -> GameState:
    """The full state: the view's public facts with the assumed hands, piles and predictions."""
    # Tonoja's pile under a face-up card already in the current trick: the card is no longer in
    # her hand; the pile flips after the trick either way
    piles = tuple(zip(down, view.tonoja_up, strict=True)) if view.players == 2 else ()
    won, played = _won_and_played(view.seats, tricks)
    status_code = {name: i for i, name in enumerate(STATUS_NAMES)}
    return GameState(
        setup=_setup_from(view),
        phase=view.phase,
        hands=tuple(full),
        piles=piles,
        owners=tuple(t.owner for t in view.tasks),
        turn=view.turn,
        asked=view.asked,
        volunteers=view.volunteers,
        predictions=predictions,
        signals=_signals_from(view, full),
        tokens=_tokens_used(view),
        pool=view.pool,
        distress=view.distress,
        leader=view.leader,
        trick_seats=tuple(s for s, _ in view.trick),
        trick_cards=tuple(c for _, c in view.trick),
        tricks=tuple(tricks),
        won=won,
        counts=view.counts,
        played=played,
        status=tuple(status_code[t.status] for t in view.tasks),
        decided=tuple(t.trick for t in view.tasks),
        result=view.result,
        reason=view.reason,
        given_away=view.given_away,
    )


def state_from_view(
    view: View,
    tricks: Sequence[Trick],
    hands: Mapping[int, int],
    *,
    tonoja_down: Sequence[int] = (),
    predictions: Sequence[int] | None = None,
) -> GameState:
    """The state that ``view`` shows, with ``hands[s]`` (bitmasks) for the seats it cannot see.

    ``tricks`` are the completed tricks in order; ``tonoja_down`` gives the face-down card of each
    of Tonoja's piles (-1 where none); ``predictions`` fills in the predictions the view hides
    (default: the view's, -1 where hidden).
    """
    _check_tricks(view, tricks)
    full = _full_hands(view, hands)
    down = _down_cards(view, tonoja_down)
    _check_placement(view, tricks, full, down)
    return _assemble(view, tricks, full, down, _predictions(view, predictions))
