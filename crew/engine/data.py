"""Loading and validating the data files in ``missions/`` (task cards, logbook, impossible pairs).

Each file is one pydantic model (:class:`TaskFile`, :class:`Logbook`, :class:`ImpossibleFile`)
checked whole on load, its entries and what holds across them (each id once) alike; any problem
raises :class:`DataError` naming the file, the entry (``task entry 7 (id 7)``) and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .cards import CardError, parse_cards
from .reasons import N_
from .task_params import CATEGORIES, TaskParams

__all__ = [
    "CATEGORIES",
    "DataError",
    "MODIFIERS",
    "MissionEntry",
    "EpilogueEntry",
    "ImpossiblePair",
    "Logbook",
    "TaskCard",
    "data_dir",
    "load_impossible",
    "load_logbook",
    "load_tasks",
]

#: The modifier vocabulary of the logbook, with what each one means.
MODIFIERS: dict[str, str] = {
    "intro": N_("introductory mission: one task card of difficulty 1"),
    "no_tasks": N_("no task cards are drawn"),
    "fixed_tasks": N_("the mission names its task cards; nothing is drawn"),
    "crew_picks_one": N_("the crew picks one member who takes all tasks"),
    "captain_gives_all": N_("the captain keeps all tasks or gives all of them to one crew member"),
    "one_volunteer": N_("one volunteer takes all tasks"),
    "two_volunteers": N_("two volunteers split the tasks"),
    "free_task_choice": N_("the crew assigns the tasks freely"),
    "captain_takes_hardest": N_("the captain must first take a task of the highest difficulty"),
    "captain_no_tasks": N_("the captain takes no task"),
    "currents": N_("currents: the signal's statement is hidden"),
    "heavy_noise": N_("heavy noise: players - 2 shared sonar tokens"),
    "unknown_terrain": N_("unknown terrain: a drawn card sets the communication mode"),
    "no_communication": N_("no communication at all"),
    "no_comm_before_trick2": N_("no communication before the first trick has been played"),
    "balance_9s": N_("nobody may have won two more coloured 9s than another"),
    "balance_1s": N_("nobody may have won two more coloured 1s than another"),
    "no_lead_pink_or_submarine": N_("no trick may be opened with pink or a submarine"),
    "first_trick_winner_leads": N_("the first trick's winner must always have the most tricks"),
    "yellow5_last": N_("the yellow 5 must be the last card of the final trick"),
}


class DataError(ValueError):
    """A data file in ``missions/`` is missing or malformed (names the file, entry and field)."""


def data_dir() -> Path:
    """Where the data files are: inside the installed package, or the repository's missions/."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "missions"
    if packaged.is_dir():
        return packaged
    return here.parent / "missions"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TaskCard(_Strict):
    """One task card as written in ``tasks.toml``.

    The file's ``category`` travels into ``params``, whose model (one per category, in
    :mod:`crew.engine.task_params`) it selects; ``captain_may_not_take`` is the printed "I am
    not the captain" that the distribution enforces.
    """

    id: int = Field(ge=1, le=96)
    text: str = Field(min_length=1)
    difficulty: tuple[int, int, int]
    params: TaskParams
    captain_may_not_take: bool = False
    redeal_if: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _category_into_params(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if "category" not in data:
            raise ValueError("category: missing")
        category = data.pop("category")
        if category not in CATEGORIES:
            raise ValueError(
                f"category: unknown category {category!r}; known: {', '.join(CATEGORIES)}"
            )
        params = data.get("params", {})
        if isinstance(params, dict):
            if "category" in params:
                raise ValueError("params.category: the category is given once, outside params")
            data["params"] = {**params, "category": category}
        return data

    @property
    def category(self) -> str:
        """The task category (which parameter model and evaluator the card has)."""
        return self.params.category

    @field_validator("difficulty")
    @classmethod
    def _difficulty(cls, v: tuple[int, int, int]) -> tuple[int, int, int]:
        if any(not 1 <= d <= 9 for d in v):
            raise ValueError(f"difficulties must be 1-9, got {list(v)}")
        return v

    @field_validator("redeal_if")
    @classmethod
    def _redeal(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for holding in v:
            try:
                parse_cards(holding)
            except CardError as exc:
                raise ValueError(str(exc)) from None
        return v

    def difficulty_for(self, crew: int) -> int:
        """The difficulty for a crew of ``crew`` (2 players with Tonoja count as 3)."""
        return self.difficulty[min(max(crew, 3), 5) - 3]


class ImpossiblePair(_Strict):
    """Two task cards that can never both succeed for the crew sizes and owners named
    (``owners``: one crew member holds both, two different ones, or anyone)."""

    tasks: tuple[int, int]
    owners: Literal["one", "two", "any"]
    crews: tuple[int, ...] = (3, 4, 5)
    reason: str = Field(min_length=1)

    @field_validator("tasks")
    @classmethod
    def _tasks(cls, v: tuple[int, int]) -> tuple[int, int]:
        for t in v:
            if not 1 <= t <= 96:
                raise ValueError(f"there is no task {t}: task ids are 1-96")
        if v[0] == v[1]:
            raise ValueError(f"a pair needs two different tasks, got {list(v)}")
        return v

    @field_validator("crews")
    @classmethod
    def _crews(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if not v or any(n not in (3, 4, 5) for n in v):
            raise ValueError(f"crews are crew sizes 3, 4 or 5, got {list(v)}")
        return v


class Realtime(_Strict):
    """A real-time mission's timer and what replaces it when played untimed."""

    seconds: int = Field(gt=0)
    untimed: tuple[str, ...] = ()
    untimed_difficulty: int | None = None


class MissionEntry(_Strict):
    """One mission of the logbook."""

    number: int = Field(ge=0)
    difficulty: int | None = Field(default=None, ge=1)
    modifiers: tuple[str, ...] = ()
    tasks: tuple[int, ...] = ()
    realtime: Realtime | None = None
    rule: str = Field(min_length=1)

    @field_validator("modifiers")
    @classmethod
    def _modifiers(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for m in v:
            if m not in MODIFIERS:
                raise ValueError(f"unknown modifier {m!r}; known: {', '.join(MODIFIERS)}")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> MissionEntry:
        drawless = {"no_tasks", "fixed_tasks"} & set(self.modifiers)
        if self.difficulty is None and not drawless:
            raise ValueError("a mission that draws tasks needs a difficulty")
        if self.difficulty is not None and drawless:
            raise ValueError("a mission without a draw has no difficulty")
        if ("fixed_tasks" in self.modifiers) != bool(self.tasks):
            raise ValueError("'tasks' is given exactly when the modifier 'fixed_tasks' is")
        if self.realtime:
            for m in self.realtime.untimed:
                if m not in MODIFIERS:
                    raise ValueError(f"unknown untimed modifier {m!r}")
        return self


class EpilogueEntry(_Strict):
    """The open-ended missions after the last logbook mission."""

    first: int
    difficulty: int
    modifiers: tuple[str, ...]
    rule: str


class Logbook(_Strict):
    """The whole logbook file."""

    mission: tuple[MissionEntry, ...]
    epilogue: EpilogueEntry

    @model_validator(mode="after")
    def _numbers(self) -> Logbook:
        _once(self.mission, "mission", lambda m: m.number, "duplicate mission number {key}")
        numbers = [m.number for m in self.mission]
        if numbers != list(range(len(numbers))):
            raise ValueError(f"missions must be numbered 0, 1, 2, ... in order; got {numbers}")
        if self.epilogue.first != len(numbers):
            raise ValueError("the epilogue must start right after the last mission")
        return self


class TaskFile(_Strict):
    """The whole tasks file: every task id 1-96 exactly once."""

    task: tuple[TaskCard, ...]

    @model_validator(mode="after")
    def _every_id_once(self) -> TaskFile:
        _once(self.task, "task", lambda c: c.id, "duplicate task id {key}")
        missing = sorted(set(range(1, 97)) - {c.id for c in self.task})
        if missing:
            raise ValueError(f"task ids missing: {missing}")
        return self


class ImpossibleFile(_Strict):
    """The whole impossible-combinations file: each pair, owners and crew size once."""

    impossible: tuple[ImpossiblePair, ...]

    @model_validator(mode="after")
    def _each_once(self) -> ImpossibleFile:
        seen: set[tuple[frozenset[int], str, int]] = set()
        for i, pair in enumerate(self.impossible):
            for n in pair.crews:
                key = (frozenset(pair.tasks), pair.owners, n)
                if key in seen:
                    where = _entry("impossible", i, pair)
                    raise ValueError(f"{where}: listed twice for {n} players")
                seen.add(key)
        return self


#: How an entry of a file's list is named in a message: its kind and the field that tells it
#: (the list's key in the file -> "task entry 7 (id 7)", "mission entry 6 (number 5)").
_ENTRIES = {
    "task": ("task entry", "id"),
    "mission": ("mission entry", "number"),
    "impossible": ("impossible entry", "tasks"),
}


def _entry(key: str, i: int, entry: Any) -> str:
    """Entry ``i`` (0-based) of the list ``key``, named as a message names it."""
    what, field = _ENTRIES[key]
    value = entry.get(field) if isinstance(entry, dict) else getattr(entry, field, None)
    told = f" ({field} {list(value) if isinstance(value, tuple) else value})"
    return f"{what} {i + 1}" + (told if value is not None else "")


def _once(entries: Sequence[Any], key: str, of: Callable[[Any], int], said: str) -> None:
    """ValueError naming the first entry of the list ``key`` whose ``of`` an earlier entry has
    already (``said``, with ``{key}``: that value)."""
    seen: set[int] = set()
    for i, entry in enumerate(entries):
        value = of(entry)
        if value in seen:
            raise ValueError(f"{_entry(key, i, entry)}: {said.format(key=value)}")
        seen.add(value)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path}: data file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None


M = TypeVar("M", bound=BaseModel)


def _validated(model: type[M], path: Path) -> M:
    """The data file at ``path`` as ``model``; DataError naming the file, then each problem
    with the entry it is in (``task entry 7 (id 7)``) and the field."""
    raw = _read_toml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        parts = []
        for err in exc.errors():
            loc = list(err["loc"])
            where = []
            if len(loc) >= 2 and loc[0] in _ENTRIES and isinstance(loc[1], int):
                where.append(_entry(str(loc[0]), loc[1], raw[str(loc[0])][loc[1]]))
                loc = loc[2:]
            if loc:
                where.append(".".join(str(x) for x in loc))
            msg = err["msg"].removeprefix("Value error, ")
            parts.append(": ".join([*where, msg]))
        raise DataError(f"{path}: " + "; ".join(parts)) from None


@cache
def load_tasks(path: Path | None = None) -> tuple[TaskCard, ...]:
    """All 96 task cards, validated, ordered by id."""
    cards = _validated(TaskFile, path or data_dir() / "tasks.toml").task
    return tuple(sorted(cards, key=lambda c: c.id))


@cache
def load_logbook(path: Path | None = None) -> Logbook:
    """The logbook, validated."""
    return _validated(Logbook, path or data_dir() / "logbook.toml")


@cache
def load_impossible(path: Path | None = None) -> tuple[ImpossiblePair, ...]:
    """The impossible task combinations, validated."""
    return _validated(ImpossibleFile, path or data_dir() / "impossible.toml").impossible
