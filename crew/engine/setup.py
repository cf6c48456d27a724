"""Preparing an attempt: seeded shuffles, the deal, the terrain card and the task draw."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial

from .cards import CAPTAIN_CARD, card_str, deck_gap, is_submarine, mask_of
from .data import load_logbook
from .enums import Direction, Result, seats_for
from .missions import (
    DIST_CAPTAIN_GIVES,
    DIST_CREW_PICKS,
    DIST_NORMAL,
    DIST_ONE_VOLUNTEER,
    DIST_TWO_VOLUNTEERS,
    HEAVY_NOISE,
    DrawMode,
    MissionError,
    Rules,
    last_mission,
    mission_rules,
)
from .reasons import N_, ExplainedError
from .state import TONOJA, GameState, Phase, Setup
from .tasks import (
    ANY_OWNERS,
    ONE_OWNER,
    PENDING,
    TWO_OWNERS,
    all_tasks,
    get_task,
    impossible,
    redeal_masks,
)

__all__ = [
    "SetupError",
    "deal",
    "draw_tasks",
    "draw_tasks_from",
    "task_set_problem",
    "owners_for",
    "draw_problem",
    "draw_terrain",
    "highest_difficulty",
    "highest_mission",
    "make_rng",
    "needs_redeal",
    "new_attempt",
    "start_state",
    "tricks_for",
]


class SetupError(ExplainedError):
    """An attempt cannot be prepared from what was given (names the field and the problem; its
    template and values kept apart, like an engine reason)."""


def make_rng(seed: int | str) -> random.Random:
    """The random source of a seed: the same seed gives the same deal and draw in every version."""
    return random.Random(f"crew-deep-sea:{seed}")


def _below(rng: random.Random, n: int) -> int:
    """A uniform int in [0, n) from raw bits only (stable across Python versions)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Fisher-Yates shuffle in place, built on :func:`_below` so it never changes."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


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
        c = _below(rng, 40)
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


@cache
def _difficulties(crew: int) -> dict[int, int]:
    return {t.id: t.difficulty_for(crew) for t in all_tasks().values()}


def highest_difficulty(players: int) -> int:
    """The highest target a task draw can reach: every task card together, at this crew size
    (two players count as three)."""
    return sum(_difficulties(seats_for(players)).values())


def highest_mission(players: int) -> int:
    """The last epilogue mission (ruling 9: one difficulty higher each) whose target the task
    cards can still reach for this crew; no mission after it can be dealt."""
    ep = load_logbook().epilogue
    return max(last_mission(), ep.first + highest_difficulty(players) - ep.difficulty)


def draw_problem(rules: Rules, players: int) -> SetupError | None:
    """Why no task set can be drawn to this rule set's target for ``players`` (the error a deal
    would raise), or None.

    Only the target against all the cards together is judged here (cheap, the same for every
    seed); a particular seed's draw may still run out of cards that fit.
    """
    if rules.draw != DrawMode.DRAW or rules.difficulty is None:
        return None
    top = highest_difficulty(players)
    if rules.difficulty <= top:
        return None
    values = {
        "players": players,
        "tonoja": N_(" (counted as 3 with Tonoja)") if players == 2 else "",
        "difficulty": rules.difficulty,
        "cards": len(_difficulties(3)),
        "top": top,
    }
    if rules.mission is None:
        return SetupError(
            "no task set reaches difficulty {difficulty} for {players} players{tonoja}: all"
            " {cards} task cards together make {top}",
            **values,
        )
    return SetupError(
        "there is no mission {mission} for {players} players{tonoja}: it would draw tasks to"
        " difficulty {difficulty}, and all {cards} task cards together make {top} (the last"
        " mission is {last})",
        mission=rules.mission,
        last=highest_mission(players),
        **values,
    )


def _fits(diff: dict[int, int], room: int, t: int) -> bool:
    """Whether card ``t`` can be kept without overshooting the target (``room`` left)."""
    return diff[t] <= room


def _same_difficulty(diff: dict[int, int], back: int, t: int) -> bool:
    """A replacement for ``back``: another card of the same difficulty."""
    return t != back and diff[t] == diff[back]


#: Distributions in which one crew member ends up with every task.
ONE_OWNER_DISTRIBUTIONS = (DIST_CREW_PICKS, DIST_CAPTAIN_GIVES, DIST_ONE_VOLUNTEER)


def owners_for(rules: Rules, n_tasks: int, eligible: int) -> tuple[str, ...]:
    """Which impossible combinations a mission's distribution must avoid (rules C, ruling 16).

    "any" pairs always; "one" pairs when one crew member takes every task; "two" pairs when the
    distribution forces the tasks onto different players: normal distribution with no more
    tasks than crew members who may take one, or two volunteers sharing exactly two tasks.
    """
    kinds = [ANY_OWNERS]
    if rules.distribution in ONE_OWNER_DISTRIBUTIONS:
        kinds.append(ONE_OWNER)
    if (rules.distribution == DIST_NORMAL and n_tasks <= eligible) or (
        rules.distribution == DIST_TWO_VOLUNTEERS and n_tasks == 2
    ):
        kinds.append(TWO_OWNERS)
    return tuple(kinds)


def _clash(kept: Sequence[int], t: int, crew: int, kinds: Iterable[str]) -> bool:
    """Whether card ``t`` completes an impossible combination with a kept card."""
    return any(impossible(k, t, crew, kind) for kind in kinds for k in kept if k != t)


def draw_tasks(
    rng: random.Random,
    rules: Rules,
    crew: int,
    *,
    eligible: int | None = None,
    exclude: Iterable[int] = (),
    check: bool = True,
) -> list[int]:
    """Draw task cards to exactly the mission's difficulty for ``crew``; see
    :func:`draw_tasks_from` (``exclude`` is the discard pile; ``check=False`` skips the
    replacement of impossible combinations, only to measure how often it acts)."""
    return draw_tasks_from(rng, rules, crew, eligible=eligible, discard=exclude, check=check)[0]


class _TaskDraw:
    """The shuffled task stack and the discard pile of one draw (rules C, rulings 15-16)."""

    def __init__(
        self, rng: random.Random, rules: Rules, crew: int, discard: Iterable[int], check: bool
    ) -> None:
        self.rng = rng
        self.crew = crew
        self.check = check
        self.difficulty = rules.difficulty
        self.diff = _difficulties(crew)
        used = set(discard)
        self.stack = [t for t in sorted(self.diff) if t not in used]
        shuffle(rng, self.stack)
        self.pile = sorted(used)

    def refill(self) -> None:
        """Nothing left in the stack fits: the discard pile is shuffled back in (ruling 15)."""
        if not self.pile:
            raise SetupError(
                "cannot draw tasks to difficulty {difficulty} for {crew} seats:"
                " no task card left fits",
                difficulty=self.difficulty,
                crew=self.crew,
            )
        back = list(self.pile)
        self.pile = []
        shuffle(self.rng, back)
        self.stack.extend(back)

    def turn_until(self, fits: Callable[[int], bool]) -> int:
        """Turn cards until one fits; the others go to the bottom of the stack."""
        misses = 0
        while True:
            if misses >= len(self.stack):
                self.refill()
                misses = 0
                continue
            t = self.stack.pop(0)
            if fits(t):
                return t
            self.stack.append(t)
            misses += 1

    def replace(self, kept: list[int], j: int, kinds: tuple[str, ...]) -> None:
        """Put ``kept[j]`` back into the stack and draw others of its difficulty until one
        completes no impossible combination (ruling 16)."""
        for _ in range(500 if self.check else 0):
            back = kept[j]
            if not _clash(kept[:j] + kept[j + 1 :], back, self.crew, kinds):
                return
            self.stack.insert(_below(self.rng, len(self.stack) + 1), back)
            kept[j] = self.turn_until(partial(_same_difficulty, self.diff, back))

    def to_difficulty(self, target: int, kinds: tuple[str, ...]) -> list[int]:
        """Keep cards that do not overshoot until their difficulties add up to ``target``."""
        kept: list[int] = []
        total = 0
        while total < target:
            kept.append(self.turn_until(partial(_fits, self.diff, target - total)))
            self.replace(kept, len(kept) - 1, kinds)
            total += self.diff[kept[-1]]
        return kept

    def clear_clashes(self, kept: list[int], kinds: tuple[str, ...]) -> None:
        """Once the number of tasks is known, replace each card clashing with an earlier one."""
        for _ in range(500):
            j = next(
                (j for j in range(len(kept)) if _clash(kept[:j], kept[j], self.crew, kinds)), None
            )
            if j is None:
                break
            self.replace(kept, j, kinds)

    def finish(self, kept: list[int]) -> tuple[list[int], tuple[int, ...]]:
        """The drawn tasks and the discard pile with them added."""
        return kept, tuple(sorted(set(self.pile) | set(kept)))


def draw_tasks_from(
    rng: random.Random,
    rules: Rules,
    crew: int,
    *,
    eligible: int | None = None,
    discard: Iterable[int] = (),
    check: bool = True,
) -> tuple[list[int], tuple[int, ...]]:
    """Draw task cards to exactly the mission's difficulty for ``crew`` (rules C, rulings 15-16).

    Cards are turned from a shuffled stack; the ``discard`` pile (tasks used earlier in the
    campaign) is shuffled back in only when the stack has run out of cards that could still be
    kept. A card that would overshoot the target goes to the bottom of the stack. A card that
    completes an impossible combination for the way this mission hands out tasks (see
    :func:`owners_for`) goes back into the stack at a random place and another card of the same
    difficulty replaces it; drawing then goes on to the exact difficulty. Pairs that matter only
    for different owners are checked once the number of tasks is known. The intro mission keeps
    the first card of difficulty 1.

    Returns the drawn tasks and the discard pile after the draw (the drawn tasks added, and
    emptied first if it was shuffled back).
    """
    if rules.draw == "none":
        return [], tuple(sorted(set(discard)))
    if rules.draw == "fixed":
        return list(rules.fixed_tasks), tuple(sorted(set(discard)))
    draw = _TaskDraw(rng, rules, crew, discard, check)
    if rules.draw == "intro":
        return draw.finish([draw.turn_until(lambda t: draw.diff[t] == 1)])
    n_elig = eligible if eligible is not None else crew
    always = owners_for(rules, 10**6, n_elig)  # the kinds that hold whatever the count
    kept = draw.to_difficulty(rules.difficulty or 0, always)
    final = owners_for(rules, len(kept), n_elig)
    if final != always and check:
        draw.clear_clashes(kept, final)
    return draw.finish(kept)


def task_set_problem(rules: Rules, players: int, task_ids: Sequence[int]) -> str | None:
    """Why a written-out task set cannot be what this mission lays out, or None (rules C,
    logbook, ruling 16): the exact difficulty for the crew size (two players count as three),
    a fixed mission's own tasks, the intro's single difficulty-1 task, and no combination the
    draw would have replaced. Free play with no task at all (tricks only) is allowed."""
    seats = seats_for(players)
    ids = list(task_ids)
    where = "free play" if rules.mission is None else f"mission {rules.mission}"
    if rules.draw == "none":
        return None
    if rules.draw == "fixed":
        if sorted(ids) != sorted(rules.fixed_tasks):
            return f"{where} lays out exactly the tasks {list(rules.fixed_tasks)}, got {ids}"
        return None
    diff = _difficulties(seats)
    if rules.draw == "intro":
        if len(ids) != 1 or diff.get(ids[0]) != 1:
            return (
                f"{where} (intro) uses one task of difficulty 1 for {seats} players, got {ids}"
                f" (difficulties {[diff.get(t) for t in ids]})"
            )
        return None
    total = sum(diff.get(t, 0) for t in ids)
    # free play may lay out no task at all (tricks only); tasks it does lay out add up
    if total != rules.difficulty and (ids or rules.mission is not None):
        return (
            f"{where} draws tasks to difficulty {rules.difficulty} for {seats} players; tasks"
            f" {ids} add up to {total} (difficulties {[diff.get(t) for t in ids]})"
        )
    eligible = seats - 1 if rules.captain_no_tasks else seats
    kinds = owners_for(rules, len(ids), eligible)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            for kind in kinds:
                why = impossible(a, b, seats, kind)
                if why:
                    return (
                        f"{where}: tasks {a} and {b} can never both succeed ({why}); the draw"
                        " replaces the later of them (impossible combination, ruling 16)"
                    )
    return None


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
