"""The task draw: which tasks a mission deals out, how hard they may be, who may own them, and
whether a given set of tasks is one the mission could have drawn."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial

from .data import load_logbook
from .enums import seats_for
from .missions import (
    DIST_CAPTAIN_GIVES,
    DIST_CREW_PICKS,
    DIST_NORMAL,
    DIST_ONE_VOLUNTEER,
    DIST_TWO_VOLUNTEERS,
    DrawMode,
    Rules,
    last_mission,
)
from .reasons import N_, SetupError
from .seeded import below, shuffle
from .tasks import (
    ANY_OWNERS,
    ONE_OWNER,
    TWO_OWNERS,
    all_tasks,
    impossible,
)

__all__ = [
    "draw_problem",
    "draw_tasks",
    "draw_tasks_from",
    "highest_difficulty",
    "highest_mission",
    "owners_for",
    "task_set_problem",
]


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
            self.stack.insert(below(self.rng, len(self.stack) + 1), back)
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
