"""Build attempts from explicit hands for the rule tests (no shuffling anywhere).

Hands are written in the card notation. ``fill`` completes partly written hands with the cards
nobody was given, in ascending card order, so a test only spells out the cards that matter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crew.engine import (
    Action,
    GameState,
    IllegalActionError,
    Play,
    apply,
    card_str,
    legal_plays,
    mask_of,
    new_attempt,
    parse_card,
    parse_cards,
)
from crew.engine.game import Event

S4 = parse_card("S4")

SIZES = {3: (14, 13, 13), 4: (10,) * 4, 5: (8,) * 5}


def fill(players: int, partial: Sequence[str], big: int = 0) -> list[str]:
    """Complete ``partial`` hands (3-5 players) with the unused cards, lowest cards first.

    Seats are filled in seat order; with three players seat ``big`` gets the 14th card. S4 must
    be written explicitly (it decides the captain).
    """
    sizes = list(SIZES[players])
    if players == 3:
        sizes = [13, 13, 13]
        sizes[big] = 14
    given = [parse_cards(h) for h in partial] + [[] for _ in range(players - len(partial))]
    used = mask_of(c for h in given for c in h)
    assert used >> S4 & 1, "write S4 explicitly: it decides the captain"
    spare = [c for c in range(40) if not used >> c & 1]
    out = []
    for seat, hand in enumerate(given):
        assert len(hand) <= sizes[seat], f"seat {seat} has more than {sizes[seat]} cards"
        need = sizes[seat] - len(hand)
        hand = hand + spare[:need]
        spare = spare[need:]
        out.append(" ".join(card_str(c) for c in hand))
    assert not spare
    return out


def attempt(
    players: int,
    mission: int | None,
    hands: Sequence[str],
    *,
    tasks: Iterable[int] | None = (),
    piles: Sequence[tuple[str, str]] | None = None,
    terrain: str | None = None,
    timed: bool = False,
    difficulty: int | None = None,
    distress_active: bool = False,
    seed: int | None = None,
) -> GameState:
    """An attempt from explicit hands (seat order) and tasks; two players also need ``piles``.

    ``tasks=None`` lets the mission decide (mission 32's fixed tasks; a draw needs ``seed``).

    For two players ``hands`` are the two humans' 13 cards and ``piles`` Tonoja's seven
    (face-down, face-up) pairs; her playable hand is the face-up cards.
    """
    masks = [mask_of(parse_cards(h)) for h in hands]
    pile_ints: tuple[tuple[int, int], ...] = ()
    if players == 2:
        assert piles is not None and len(masks) == 2
        pile_ints = tuple((parse_card(d), parse_card(u)) for d, u in piles)
        masks.append(mask_of(u for _, u in pile_ints))
    return new_attempt(
        players,
        mission,
        hands=masks,
        piles=pile_ints,
        tasks=None if tasks is None else list(tasks),
        terrain=parse_card(terrain) if terrain else None,
        seed=seed,
        timed=timed,
        difficulty=difficulty,
        distress_active=distress_active,
    )


def run(state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` in order (each must be legal)."""
    for a in actions:
        state, _ = apply(state, a)
    return state


def run_events(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply ``actions`` in order and collect every event."""
    out: list[Event] = []
    for a in actions:
        state, events = apply(state, a)
        out.extend(events)
    return state, out


def play(state: GameState, cards: str) -> GameState:
    """Play ``cards`` (notation, space separated, '|' between tricks allowed), in turn order."""
    for c in parse_cards(cards.replace("|", " ")):
        state, _ = apply(state, Play(state.turn, c))
    return state


def play_events(state: GameState, cards: str) -> tuple[GameState, list[Event]]:
    """Like :func:`play`, also returning every event."""
    out: list[Event] = []
    for c in parse_cards(cards.replace("|", " ")):
        state, events = apply(state, Play(state.turn, c))
        out.extend(events)
    return state, out


def rejected(state: GameState, action: Action) -> str:
    """Apply an illegal ``action``: check the error, that the state is unchanged; the code."""
    before = state
    try:
        apply(state, action)
    except IllegalActionError as exc:
        assert state == before
        return exc.code
    raise AssertionError(f"{action!r} was accepted")


def hand(state: GameState, seat: int) -> set[int]:
    """The cards of ``seat`` as a set of ints."""
    return {c for c in range(40) if state.hands[seat] >> c & 1}


def cards(text: str) -> set[int]:
    """A set of cards from notation."""
    return set(parse_cards(text))


def tricks_only(
    players: int, hands: Sequence[str], piles: Sequence[tuple[str, str]] | None = None
) -> GameState:
    """Free play with no task cards: just tricks, straight to the captain's lead, won at the end."""
    return attempt(players, None, hands, tasks=(), piles=piles, difficulty=1)


def play_lowest(state: GameState, count: int) -> GameState:
    """Play ``count`` cards, each the lowest legal card of the seat whose turn it is."""
    for _ in range(count):
        state, _ = apply(state, Play(state.turn, legal_plays(state)[0]))
    return state


#: A two-player deal: seat 0 (captain, S4) and seat 1, 13 cards each; Tonoja's piles are
#: (face-down, face-up): pinks 1-7 face down under blues 1-7.
TWO_HANDS = [
    "S4 P8 B8 G1 G2 G3 G4 G5 G6 Y1 Y2 Y3 Y4",
    "S1 S2 S3 P9 B9 G7 G8 G9 Y5 Y6 Y7 Y8 Y9",
]
TWO_PILES = [
    ("P1", "B1"),
    ("P2", "B2"),
    ("P3", "B3"),
    ("P4", "B4"),
    ("P5", "B5"),
    ("P6", "B6"),
    ("P7", "B7"),
]
