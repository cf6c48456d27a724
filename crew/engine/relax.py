"""Parts of an attempt: the same hands and play so far with only some of the tasks (and, if
asked, without the mission's conditions), for a search that proves an attempt lost from a part
of it.

Why a part that cannot be won means the whole cannot be won, in the trick phase:

- every task is judged from the table alone (its evaluator sees the owner and the public
  tricks, its lead check the owner, the leader and the card; no task reads another task), so a
  task kept in the part is done, failed or pending after exactly the same tricks as in the whole;
- a task or a mission condition only ever ends an attempt as lost, and the attempt is won the
  moment every task is done; dropping one takes a way to lose away, and a line that wins the
  whole has done every task of the part by the trick it wins, without breaking a condition;
- which cards may be played does not depend on the tasks.

At least one task must stay: an attempt with no task is won only after the final trick with
every condition kept, which asks more than a whole that is won the moment its tasks are done.
Only in the trick phase: during the distribution, whose turn it is depends on how many tasks
are laid out (a part there is searched per owner of its tasks, from the trick phase).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from .enums import Phase
from .state import GameState

__all__ = ["PartError", "keep_tasks"]


class PartError(ValueError):
    """The part asked for is not a part of this state that can be searched alone."""


def keep_tasks(state: GameState, keep: Iterable[int], *, conditions: bool = True) -> GameState:
    """``state`` (the trick phase, still open) with only the tasks at the indices ``keep``
    (into ``state.setup.task_ids``; they keep their order, owners and status) and, unless
    ``conditions``, without the mission's conditions. See the module for why it is a part:
    when it cannot be won, neither can ``state``."""
    n = len(state.setup.task_ids)
    idx = sorted(set(keep))
    if not idx:
        raise PartError("a part keeps at least one task (with none it is won only at the end)")
    if idx[0] < 0 or idx[-1] >= n:
        raise PartError(f"task index {idx[0] if idx[0] < 0 else idx[-1]} is not one of {n} tasks")
    if state.phase != Phase.PLAY or state.result:
        raise PartError(f"a part is taken in the trick phase, not in {state.phase!r}")
    setup = state.setup
    rules = (
        setup.rules
        if conditions or not setup.rules.conditions
        else replace(setup.rules, conditions=())
    )
    part = replace(setup, task_ids=tuple(setup.task_ids[i] for i in idx), rules=rules)
    return state._replace(
        setup=part,
        owners=tuple(state.owners[i] for i in idx),
        status=tuple(state.status[i] for i in idx),
        decided=tuple(state.decided[i] for i in idx),
    )
