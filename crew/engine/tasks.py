"""Task cards as rules: one evaluator per category, and conflicts between drawn tasks.

After every trick each task is pending, done or failed, decided as early as public information
allows: cards played, tricks won, trick counts, and how many tricks remain. Hidden hands are never
consulted (ruling 14); the one exception is the three-player leftover card, which counts as
unplayed for ever once the last trick is done.

The categories live in three modules by what they look at (:mod:`~crew.engine.tasks_won`:
captured cards, :mod:`~crew.engine.tasks_counted`: which tricks and how many,
:mod:`~crew.engine.tasks_trick`: one qualifying trick); each states its evaluator and, beside
it, what an open-hand search may know about it (:class:`~crew.engine.task_base.Knowledge`).
:data:`JUDGES` is the one registry: a category missing from it is an error when the cards are
compiled, never a fallback.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import mask_of, parse_cards
from .data import TaskCard, load_impossible, load_tasks
from .task_base import (
    DONE,
    FAILED,
    PENDING,
    STATUS_NAMES,
    Ctx,
    Evaluator,
    Judge,
    Knowledge,
    OnLead,
)
from .task_params import PredictTricks
from .tasks_counted import JUDGES as _COUNTED
from .tasks_trick import JUDGES as _TRICK
from .tasks_won import JUDGES as _WON

__all__ = [
    "DONE",
    "FAILED",
    "PENDING",
    "STATUS_NAMES",
    "JUDGES",
    "Ctx",
    "Task",
    "all_tasks",
    "compile_task",
    "conflicts",
    "evaluator_for",
    "get_task",
    "impossible",
    "knowledge_for",
    "on_lead_for",
]

#: Category -> how its cards are judged after every trick (and on the lead), and what an
#: open-hand search knows about them; one hop from the ``category`` of a card in
#: missions/tasks.toml (the parameter models are in task_params.py).
JUDGES: dict[str, Judge[Any]] = {**_WON, **_COUNTED, **_TRICK}


@dataclass(frozen=True, slots=True)
class Task:
    """A task card with its compiled evaluator and what the search knows about it.

    ``evaluate(owner, ctx)`` returns PENDING, DONE or FAILED after a trick; ``on_lead`` (lead
    restriction tasks only) returns FAILED when the owner has just led a forbidden card;
    ``know`` is the category's :class:`~crew.engine.task_base.Knowledge` for this card.
    """

    card: TaskCard
    evaluate: Evaluator
    on_lead: OnLead | None
    know: Knowledge

    @property
    def id(self) -> int:
        return self.card.id

    @property
    def category(self) -> str:
        return self.card.category

    @property
    def captain_may_not_take(self) -> bool:
        """The card says "I am not the captain": the distribution never gives it the captain."""
        return self.card.captain_may_not_take

    @property
    def prediction(self) -> str | None:
        """``"public"`` or ``"secret"`` for a prediction task (how its number is shown), else
        None."""
        p = self.card.params
        return p.visibility if isinstance(p, PredictTricks) else None

    @property
    def text(self) -> str:
        return self.card.text

    def difficulty_for(self, crew: int) -> int:
        return self.card.difficulty_for(crew)


def _judge(card: TaskCard) -> Judge[Any]:
    try:
        return JUDGES[card.category]
    except KeyError:
        raise ValueError(f"task {card.id}: no evaluator for category {card.category!r}") from None


def evaluator_for(card: TaskCard) -> Evaluator:
    """The compiled evaluator of ``card``; a category without one is an error, never a
    fallback."""
    judge = _judge(card)
    return judge.evaluate(judge.check(card.params))


def on_lead_for(card: TaskCard) -> OnLead | None:
    """The lead check of ``card``, or None when its category restricts no lead."""
    judge = _judge(card)
    return judge.on_lead(judge.check(card.params)) if judge.on_lead else None


def knowledge_for(card: TaskCard) -> Knowledge:
    """What an open-hand search may know about ``card`` (its category's own statement)."""
    judge = _judge(card)
    return judge.know(judge.check(card.params))


def compile_task(card: TaskCard) -> Task:
    """``card`` with its evaluator, lead check and knowledge."""
    return Task(card, evaluator_for(card), on_lead_for(card), knowledge_for(card))


# --------------------------------------------------------------------------------------------
# impossible combinations (rules C, ruling 16): data in missions/impossible.toml

#: Who may end up holding both tasks of a drawn pair.
ONE_OWNER, TWO_OWNERS, ANY_OWNERS = "one", "two", "any"


@cache
def _impossible_table() -> dict[tuple[frozenset[int], int], dict[str, str]]:
    """(pair, crew size) -> {owners: reason}."""
    table: dict[tuple[frozenset[int], int], dict[str, str]] = {}
    for entry in load_impossible():
        for crew in entry.crews:
            table.setdefault((frozenset(entry.tasks), crew), {})[entry.owners] = entry.reason
    return table


def impossible(a: int, b: int, crew: int, owners: str) -> str | None:
    """Why tasks ``a`` and ``b`` can never both succeed when held the way ``owners`` says
    (``"one"``: by one crew member, ``"two"``: by two different ones), or None.

    A pair listed for "any" owners is impossible both ways. ``crew`` is the number of seats (two
    players with Tonoja: 3).
    """
    found = _impossible_table().get((frozenset({a, b}), min(max(crew, 3), 5)))
    if not found:
        return None
    return found.get(owners) or found.get(ANY_OWNERS)


@cache
def all_tasks() -> dict[int, Task]:
    """Every task card, compiled, by id."""
    out: dict[int, Task] = {}
    for card in load_tasks():
        out[card.id] = compile_task(card)
    return out


def get_task(task_id: int) -> Task:
    """One task by id; raises ValueError naming the id when there is no such task."""
    try:
        return all_tasks()[task_id]
    except KeyError:
        raise ValueError(f"there is no task {task_id}: task ids are 1-96") from None


def conflicts(a: int, b: int, crew: int | None = None) -> bool:
    """True when tasks ``a`` and ``b`` can never both succeed for two different owners (ruling
    16) with ``crew`` seats; with no crew size given, only pairs that clash for every size."""
    sizes = (3, 4, 5) if crew is None else (crew,)
    return all(impossible(a, b, n, TWO_OWNERS) is not None for n in sizes)


def redeal_masks(task_id: int) -> tuple[int, ...]:
    """Holdings that force a re-deal when one hand holds all cards of one of them."""
    return tuple(mask_of(parse_cards(h)) for h in get_task(task_id).card.redeal_if)
