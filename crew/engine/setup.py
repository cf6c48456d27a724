"""Preparing an attempt: the deal, the terrain card and the opening state (the task draw is
:mod:`.draw`, the seeded shuffles :mod:`.seeded`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .cards import CAPTAIN_CARD, card_str, deck_gap, is_submarine, mask_of
from .draw import (
    draw_problem,
    draw_tasks_from,
)
from .enums import Direction, Result, seats_for
from .missions import (
    DIST_TWO_VOLUNTEERS,
    HEAVY_NOISE,
    MissionError,
    Rules,
    mission_rules,
)
from .reasons import SetupError
from .seeded import below, make_rng, shuffle
from .state import TONOJA, GameState, Phase, Setup
from .tasks import (
    PENDING,
    get_task,
    redeal_masks,
)

__all__ = [
    "deal",
    "draw_terrain",
    "needs_redeal",
    "new_attempt",
    "start_state",
    "tricks_for",
]


def tricks_for(players: int) -> int:
    """Tricks in an attempt: 13 with 2 (Tonoja) or 3 players, 10 with 4, 8 with 5."""
    return {2: 13, 3: 13, 4: 10, 5: 8}[players]


def deal(players: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Deal all 40 cards: hands per seat as bitmasks, and Tonoja's piles for two players.

    3 players get 14/13/13 (seat 0 the 14); 4 get 10 each; 5 get 8 each. With two players
    submarine 4 is set aside, Tonoja gets 7 face-down cards with one face-up card on each, and
    submarine 4 is shuffled into the other 25 cards, 13 to each player. Tonoja's hand is her
    face-up cards.
    """
    if players == 2:
        deck = [c for c in range(40) if c != CAPTAIN_CARD]
        shuffle(rng, deck)
        down, up, rest = deck[:7], deck[7:14], deck[14:] + [CAPTAIN_CARD]
        shuffle(rng, rest)
        piles = tuple(zip(down, up, strict=True))
        return (mask_of(rest[0::2]), mask_of(rest[1::2]), mask_of(up)), piles
    if players not in (3, 4, 5):
        raise SetupError("players must be 2-5, got {players}", players=players)
    deck = list(range(40))
    shuffle(rng, deck)
    return tuple(mask_of(deck[i::players]) for i in range(players)), ()


def draw_terrain(rng: random.Random) -> int:
    """Unknown terrain: draw a random card, again while it is a submarine."""
    while True:
        c = below(rng, 40)
        if not is_submarine(c):
            return c


def needs_redeal(
    hands: Sequence[int], piles: Sequence[tuple[int, int]], task_ids: Iterable[int]
) -> bool:
    """True when one hand holds a holding that makes a drawn submarine task impossible."""
    holdings = [m for t in task_ids for m in redeal_masks(t)]
    if not holdings:
        return False
    full = list(hands)
    if piles:
        full[TONOJA] = mask_of(c for p in piles for c in p if c >= 0)
    return any(h & m == m for h in full for m in holdings)


def _validate_hands(players: int, hands: Sequence[int], piles: Sequence[tuple[int, int]]) -> None:
    seats = seats_for(players)
    if len(hands) != seats:
        raise SetupError(
            "hands: expected {seats} hands for {players} players, got {got}",
            seats=seats,
            players=players,
            got=len(hands),
        )
    # Tonoja's hand holds her face-up cards; the piles add the face-down ones
    pieces = list(hands) + [1 << d for d, _ in piles if d >= 0]
    if piles and hands[TONOJA] != mask_of(u for _, u in piles if u >= 0):
        raise SetupError("tonoja: her hand must be exactly the face-up cards of her piles")
    gap = deck_gap(pieces)
    if gap is not None:
        why, cards = gap
        raise SetupError(
            "hands: every one of the 40 cards is dealt once; {why}", why=why, cards=cards
        )
    sizes = [m.bit_count() for m in hands]
    if players == 2:
        if len(piles) != 7 or sizes[:2] != [13, 13]:
            raise SetupError(
                "hands: two players need 13 cards each and Tonoja's 7 piles of 2 cards"
            )
        if mask_of(c for p in piles for c in p) >> CAPTAIN_CARD & 1:
            raise SetupError("tonoja: submarine 4 is never in Tonoja's piles")
    else:
        expected = {3: [14, 13, 13], 4: [10] * 4, 5: [8] * 5}[players]
        if sorted(sizes, reverse=True) != expected:
            raise SetupError(
                "hands: {players} players need {expected} cards, got {sizes}",
                players=players,
                expected=expected,
                sizes=sizes,
            )


def _check_task_ids(rules: Rules, ids: Sequence[int]) -> None:
    """Tasks are real, distinct cards the mission uses, and two volunteers need two of them."""
    for t in ids:
        get_task(t)
    if len(set(ids)) != len(ids):
        raise SetupError("tasks: a task id appears twice in {ids}", ids=list(ids))
    if not rules.has_tasks and ids:
        raise SetupError(
            "tasks: mission {mission} uses no task cards, got {ids}",
            mission=rules.mission,
            ids=list(ids),
        )
    if rules.distribution == DIST_TWO_VOLUNTEERS and len(ids) == 1:
        raise SetupError(
            "tasks: two volunteers each take at least one task, so one task {ids} cannot"
            " be distributed",
            ids=list(ids),
        )


def _captain_of(players: int, seats: int, hands: Sequence[int]) -> int:
    """The captain is whoever holds submarine 4, which is never Tonoja."""
    captain = next(s for s in range(seats) if hands[s] >> CAPTAIN_CARD & 1)
    if players == 2 and captain == TONOJA:
        raise SetupError("hands: Tonoja can never be captain (submarine 4 belongs to a player)")
    return captain


def _opening_state(
    setup: Setup, hands: Sequence[int], piles: Sequence[tuple[int, int]]
) -> GameState:
    """Before distribution: no owners, predictions or tricks; the captain leads; tokens unused."""
    seats = setup.seats
    ids = setup.task_ids
    none = tuple(-1 for _ in ids)
    return GameState(
        setup=setup,
        phase=Phase.DISTRIBUTE,
        hands=tuple(hands),
        piles=tuple((int(d), int(u)) for d, u in piles),
        owners=none,
        turn=-1,
        asked=0,
        volunteers=(),
        predictions=tuple(-1 for _ in range(seats)),
        signals=(),
        tokens=tuple(False for _ in range(seats)),
        pool=(max(seats - 2, 1) if setup.rules.communication == HEAVY_NOISE else 0),
        distress=Direction.NONE,
        leader=setup.captain,
        trick_seats=(),
        trick_cards=(),
        tricks=(),
        won=tuple(0 for _ in range(seats)),
        counts=tuple(0 for _ in range(seats)),
        played=0,
        status=tuple(PENDING for _ in ids),
        decided=tuple(0 for _ in ids),
        result=Result.NONE,
        reason="",
        given_away=False,
    )


def start_state(
    players: int,
    rules: Rules,
    hands: Sequence[int],
    piles: Sequence[tuple[int, int]],
    task_ids: Sequence[int],
    *,
    terrain: int | None = None,
    distress_active: bool = False,
    discard: Iterable[int] = (),
) -> GameState:
    """The state at the start of distribution for an explicit deal and task set; ``discard``
    is the campaign's task discard pile after the draw (it includes these tasks)."""
    _validate_hands(players, hands, piles)
    seats = seats_for(players)
    ids = tuple(task_ids)
    _check_task_ids(rules, ids)
    setup = Setup(
        players=players,
        seats=seats,
        rules=rules,
        captain=_captain_of(players, seats, hands),
        task_ids=ids,
        total_tricks=tricks_for(players),
        terrain=terrain,
        distress_active=distress_active,
        discard=tuple(sorted(set(discard) | set(ids))),
    )
    from .game import begin_distribution

    return begin_distribution(_opening_state(setup, hands, piles))


def _probe_rules(
    players: int, mission: int | None, terrain: int | None, timed: bool, difficulty: int | None
) -> Rules:
    """Check the seat count and a given terrain; the mission's rules before terrain is known."""
    if players not in (2, 3, 4, 5):
        raise SetupError("players must be 2-5, got {players}", players=players)
    if terrain is not None and is_submarine(terrain):
        raise SetupError(
            "terrain: {card} is a submarine; terrain is a colour card", card=card_str(terrain)
        )
    try:
        rules = mission_rules(mission, timed=timed, difficulty=difficulty)
    except MissionError as exc:
        raise SetupError(exc.template, **dict(exc.values)) from None
    problem = draw_problem(rules, players)
    if problem is not None:
        raise problem
    return rules


def _attempt_rng(
    seed: int | str | None,
    probe: Rules,
    hands: Sequence[int] | None,
    tasks: Sequence[int] | None,
    terrain: int | None,
) -> random.Random | None:
    """The seed's random source, which must exist when hands, tasks or terrain are left to it."""
    needs_random = (
        hands is None
        or tasks is None
        and probe.has_tasks
        or terrain is None
        and probe.unknown_terrain
    )
    rng = make_rng(seed) if seed is not None else None
    if needs_random and rng is None:
        raise SetupError("a seed is needed for whatever is not given (hands, tasks, terrain)")
    return rng


def _deal_and_draw(
    players: int,
    rules: Rules,
    rng: random.Random | None,
    hands: Sequence[int] | None,
    piles: Sequence[tuple[int, int]] | None,
    tasks: Sequence[int] | None,
    discard: Iterable[int],
) -> tuple[Sequence[int], tuple[tuple[int, int], ...], Sequence[int], Iterable[int]]:
    """Deal, then draw tasks, then deal again while a drawn submarine task is impossible."""
    seats = seats_for(players)
    dealt = hands is None
    if hands is None:
        assert rng is not None
        hands, piles = deal(players, rng)
    piles = tuple(piles or ())
    if tasks is None:
        assert rng is not None
        eligible = seats - 1 if rules.captain_no_tasks else seats
        tasks, discard = draw_tasks_from(rng, rules, seats, eligible=eligible, discard=discard)
    if dealt:
        assert rng is not None
        for _ in range(1000):
            if not needs_redeal(hands, piles, tasks):
                break
            hands, piles = deal(players, rng)
    return hands, piles, tasks, discard


def new_attempt(
    players: int,
    mission: int | None,
    *,
    seed: int | str | None = None,
    hands: Sequence[int] | None = None,
    piles: Sequence[tuple[int, int]] | None = None,
    tasks: Sequence[int] | None = None,
    terrain: int | None = None,
    timed: bool = False,
    difficulty: int | None = None,
    distress_active: bool = False,
    exclude_tasks: Iterable[int] = (),
) -> GameState:
    """Prepare one attempt of ``mission`` (None: free play at ``difficulty``).

    What is not given comes from ``seed``, in this order: the terrain card (unknown terrain),
    the deal, the task draw; a deal that makes a drawn submarine task impossible is dealt again
    (not an attempt). Explicit hands are used as they are. ``exclude_tasks`` is the campaign's
    discard pile (ruling 15): the draw avoids it until the stack runs short, and the state's
    ``setup.discard`` is the pile after this attempt.
    """
    probe = _probe_rules(players, mission, terrain, timed, difficulty)
    rng = _attempt_rng(seed, probe, hands, tasks, terrain)
    if probe.unknown_terrain and terrain is None:
        assert rng is not None
        terrain = draw_terrain(rng)
    rules = mission_rules(mission, timed=timed, terrain=terrain, difficulty=difficulty)
    hands, piles, tasks, discard = _deal_and_draw(
        players, rules, rng, hands, piles, tasks, tuple(exclude_tasks)
    )
    return start_state(
        players,
        rules,
        hands,
        piles,
        tasks,
        terrain=terrain,
        distress_active=distress_active,
        discard=discard,
    )
