"""Logbook missions folded into one rule set the phases consult."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_str, is_submarine, value_of
from .data import MODIFIERS, MissionEntry, load_logbook
from .enums import Communication, ConditionName, Distribution, DrawMode, condition_name
from .reasons import ExplainedError

__all__ = [
    "Communication",
    "Distribution",
    "DrawMode",
    "RULE_WORDS",
    "Rules",
    "MissionError",
    "mission_entry",
    "mission_rules",
    "terrain_mode",
    "last_mission",
]


# the names the rest of the code has always used
NORMAL, CURRENTS, HEAVY_NOISE = (
    Communication.NORMAL,
    Communication.CURRENTS,
    Communication.HEAVY_NOISE,
)
NO_COMMUNICATION = Communication.NONE
DIST_NORMAL = Distribution.NORMAL
DIST_NONE = Distribution.NONE
DIST_CREW_PICKS = Distribution.CREW_PICKS
DIST_CAPTAIN_GIVES = Distribution.CAPTAIN_GIVES
DIST_ONE_VOLUNTEER = Distribution.ONE_VOLUNTEER
DIST_TWO_VOLUNTEERS = Distribution.TWO_VOLUNTEERS
DIST_FREE = Distribution.FREE


#: the modifiers that are mission conditions (their rules: ``conditions.CONDITIONS``)
_CONDITION_NAMES = frozenset(ConditionName)


class MissionError(ExplainedError):
    """An unknown mission number or an impossible mission set-up (its template and values kept
    apart, like an engine reason)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Everything a mission changes, for one attempt (after real time and terrain are settled).

    Built by keyword; the defaults are free play's normal rules.
    """

    mission: int | None = None  # None: free play at a chosen difficulty
    difficulty: int | None = None  # draw target; None when no task cards are drawn
    draw: DrawMode = DrawMode.DRAW
    fixed_tasks: tuple[int, ...] = ()
    distribution: Distribution = Distribution.NORMAL
    captain_takes_hardest: bool = False
    captain_no_tasks: bool = False
    communication: Communication = Communication.NORMAL
    unknown_terrain: bool = False
    no_comm_before_trick2: bool = False
    conditions: tuple[str, ...] = ()  # mission conditions, judged in ``conditions.py``
    timed: bool = False
    seconds: int | None = None
    modifiers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in self.conditions:
            condition_name(name)  # an unknown condition is an error, never "no condition"

    @property
    def has_tasks(self) -> bool:
        return self.draw != DrawMode.NONE


#: The modifier words that change how the attempt is set up or communicated; every other
#: modifier is a mission condition: a ``ConditionName``, which ``conditions.py`` refuses to load
#: without its judge.
RULE_WORDS = frozenset(
    {
        "intro",
        "no_tasks",
        "fixed_tasks",
        "crew_picks_one",
        "captain_gives_all",
        "one_volunteer",
        "two_volunteers",
        "free_task_choice",
        "captain_takes_hardest",
        "captain_no_tasks",
        "currents",
        "heavy_noise",
        "unknown_terrain",
        "no_communication",
        "no_comm_before_trick2",
    }
)


def last_mission() -> int:
    """The number of the last numbered logbook mission (32)."""
    return len(load_logbook().mission) - 1


def mission_entry(number: int) -> MissionEntry:
    """The logbook entry of a mission; epilogue missions (33+) are generated (ruling 9)."""
    book = load_logbook()
    if number < 0:
        raise MissionError(
            "there is no mission {number}: missions are 0 (intro) to 32, then 33+", number=number
        )
    if number < len(book.mission):
        return book.mission[number]
    ep = book.epilogue
    return MissionEntry(
        number=number,
        difficulty=ep.difficulty + number - ep.first,
        modifiers=ep.modifiers,
        rule=ep.rule,
    )


def terrain_mode(card: int) -> Communication:
    """Unknown terrain: the drawn colour card's value sets the communication mode."""
    if is_submarine(card):
        raise MissionError("terrain card {card} is a submarine; draw again", card=card_str(card))
    v = value_of(card)
    return NORMAL if v <= 3 else CURRENTS if v <= 6 else HEAVY_NOISE


def _realtime(entry: MissionEntry, timed: bool) -> tuple[list[str], int | None, int | None]:
    """A mission's modifiers, draw target and timer once the timed/untimed choice is made."""
    mods = list(entry.modifiers)
    rt = entry.realtime
    if rt is None:
        if timed:
            raise MissionError(
                "mission {number} is not a real-time mission; it cannot be timed",
                number=entry.number,
            )
        return mods, entry.difficulty, None
    if timed:
        return mods, entry.difficulty, rt.seconds
    mods.extend(rt.untimed)
    target = rt.untimed_difficulty if rt.untimed_difficulty is not None else entry.difficulty
    return mods, target, None


def _communication(mods: list[str], terrain: int | None) -> Communication:
    """The communication mode the modifiers (or the unknown terrain's card) set."""
    if "unknown_terrain" in mods and terrain is not None:
        return terrain_mode(terrain)
    mode = NORMAL
    for m in mods:
        if m in ("currents", "heavy_noise"):
            mode = Communication(m)
        elif m == "no_communication":
            mode = NO_COMMUNICATION
    return mode


def _draw(mods: list[str]) -> DrawMode:
    if "no_tasks" in mods:
        return DrawMode.NONE
    if "fixed_tasks" in mods:
        return DrawMode.FIXED
    return DrawMode.INTRO if "intro" in mods else DrawMode.DRAW


def _distribution(mods: list[str], draw: DrawMode) -> Distribution:
    if draw == DrawMode.NONE:
        return DIST_NONE
    dist = DIST_NORMAL
    for d in Distribution:
        if d in mods:
            dist = d
    return dist


def mission_rules(
    mission: int | None,
    *,
    timed: bool = False,
    terrain: int | None = None,
    difficulty: int | None = None,
) -> Rules:
    """Fold a mission's modifiers (and the timed choice and terrain card) into one rule set.

    ``mission=None`` is free play at ``difficulty`` with the normal rules.
    """
    if mission is None:
        if difficulty is None or difficulty < 1:
            raise MissionError("free play needs a difficulty of 1 or more")
        return Rules(mission=None, difficulty=difficulty)
    entry = mission_entry(mission)
    mods, target, seconds = _realtime(entry, timed)
    if difficulty is not None and difficulty != target:
        raise MissionError(
            "mission {mission} has difficulty {target}; a different difficulty ({difficulty})"
            " is only for free play",
            mission=mission,
            target=target,
            difficulty=difficulty,
        )
    assert all(m in MODIFIERS for m in mods)
    unjudged = [m for m in mods if m not in RULE_WORDS and m not in _CONDITION_NAMES]
    if unjudged:
        raise MissionError(
            "mission {mission}: modifier {modifier} is neither a rule word nor a"
            " mission condition (ConditionName, each judged in conditions.py)",
            mission=mission,
            modifier=repr(unjudged[0]),
        )
    draw = _draw(mods)
    return Rules(
        mission=mission,
        difficulty=None if draw in (DrawMode.NONE, DrawMode.FIXED) else target,
        draw=draw,
        fixed_tasks=tuple(entry.tasks),
        distribution=_distribution(mods, draw),
        captain_takes_hardest="captain_takes_hardest" in mods,
        captain_no_tasks="captain_no_tasks" in mods,
        communication=_communication(mods, terrain),
        unknown_terrain="unknown_terrain" in mods,
        no_comm_before_trick2="no_comm_before_trick2" in mods,
        conditions=tuple(m for m in mods if m in _CONDITION_NAMES),
        timed=timed,
        seconds=seconds,
        modifiers=tuple(mods),
    )
