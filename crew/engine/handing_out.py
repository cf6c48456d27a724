"""Whether the tasks still open can be handed out without dooming the attempt.

Some pairs of tasks can never both succeed (the impossible combinations of rules C and ruling
16: :func:`crew.engine.tasks.impossible`). A choice that hands out neither task of such a pair
may still doom the attempt: when every way the rules allow of handing out the rest ends with
one. For example, with tasks #7 (win the pink 5) and #28 (win no pink card) and one task left
for each of two seats, the one who takes the other task leaves #28 to the holder of #7. Some
groups of tasks can never all succeed by their owners' trick counts alone
(:func:`crew.engine.trick_counts.count_clash`): those doom the attempt too.

Public facts only: who holds which task, whose turn it is, the rules of the distribution.
"""

from __future__ import annotations

from .actions import Assign, Take
from .moves import apply, legal_actions
from .phases.distribution import clashing_task
from .state import GameState, Phase
from .trick_counts import count_clash, placement_clash

__all__ = [
    "HAND_OUT_PLACINGS",
    "HAND_OUT_STATES",
    "HAND_OUT_TASKS",
    "can_hand_out",
    "doomed_hand_out",
    "handed_out_clash",
]

#: Distribution states :func:`doomed_hand_out` looks at before it gives up (it then says
#: nothing): the later choices of a few open tasks are a few hundred states at most.
HAND_OUT_STATES = 2_000
#: Tasks still to hand out above which :func:`can_hand_out` says nothing at once. Each state
#: of its search looks at every legal choice (a task for every seat), so with the epilogue's
#: dozens of tasks one question took seconds (five players, mission 239: 73 tasks, 365
#: choices, 4 s a question) and the table asks one for every choice on screen. The logbook's
#: missions hand out eight at most, the epilogue's first ones (33-50) up to 17; with 18 open
#: tasks a whole list of choices took up to a second (plain Python).
HAND_OUT_TASKS = 16
#: Owners of the tasks that the trick-count questions of one hand-out search may try in all
#: (:func:`~crew.engine.trick_counts.placement_clash`, 1,000 a question at most); once they
#: run out the search goes on without those questions. With dozens of tasks (the epilogue) a
#: placing costs about a tenth of a millisecond, and unbounded, one check of two players'
#: mission 96 (38 tasks) ran for minutes.
HAND_OUT_PLACINGS = 5_000

_HANDING_OUT = (Phase.DISTRIBUTE, Phase.VOLUNTEER, Phase.GIVE, Phase.ASSIGN)


def handed_out_clash(state: GameState) -> tuple[int, int] | None:
    """Two tasks handed out in ``state`` that can never both succeed (their ids, the earlier
    task first), or None."""
    ids, owners = state.setup.task_ids, state.owners
    for i, owner in enumerate(owners):
        if owner >= 0:
            other = clashing_task(state, ids[i], owner)
            if other is not None:
                return ids[i], other
    return None


class _TooMany(Exception):
    """The search looked at :data:`HAND_OUT_STATES` states without settling."""


def can_hand_out(state: GameState) -> bool | None:
    """Whether the tasks still open in ``state`` can be handed out, by the choices the engine
    allows from here (the takes, passes, answers and assignments), without two tasks that can
    never both succeed, or tasks whose trick counts can never all fit (:func:`count_clash`):
    False dooms the attempt whatever the cards. None: not settled within
    :data:`HAND_OUT_STATES` states, or more than :data:`HAND_OUT_TASKS` tasks to hand out. A
    choice the engine itself names as a clash (``clashing_task``) is never one of the ways."""
    return _hand_out(state)[0]


def doomed_hand_out(state: GameState) -> tuple[int, ...] | None:
    """When :func:`can_hand_out` says False: the tasks that can never all succeed on the first
    way it tried (their ids: a pair, or a group by trick counts), else None."""
    ok, pair = _hand_out(state)
    return pair if ok is False else None


def _hand_out(state: GameState) -> tuple[bool | None, tuple[int, ...] | None]:
    """:func:`can_hand_out`, and the first clashing tasks it met. Remembered by the public
    facts it reads (a computer asks it of many sampled deals that differ only in the hands)."""
    if sum(owner < 0 for owner in state.owners) > HAND_OUT_TASKS:
        return None, None  # too many to search (see HAND_OUT_TASKS): nothing is said
    key = (state.setup, state.phase, state.owners, state.turn, state.asked, state.volunteers)
    found = _ANSWERS.get(key)
    if found is None:
        if len(_ANSWERS) >= 1_024:
            _ANSWERS.clear()
        found = _ANSWERS[key] = _search(state)
    return found


_ANSWERS: dict[tuple[object, ...], tuple[bool | None, tuple[int, ...] | None]] = {}


def _search(state: GameState) -> tuple[bool | None, tuple[int, ...] | None]:
    """:func:`_hand_out` when not asked before."""
    seen: set[tuple[object, ...]] = set()
    first: list[tuple[int, ...]] = []
    left = [HAND_OUT_PLACINGS]  # the trick-count questions' placings, shared by the whole search

    def clean(st: GameState) -> bool:
        """Whether some way from ``st`` hands every task out without a clash."""
        if st.phase not in _HANDING_OUT:
            pair = handed_out_clash(st)
            clash = pair if pair is not None else count_clash(st)
            if clash is not None and not first:
                first.append(clash)
            return not st.result and clash is None
        key = (st.phase, st.owners, st.turn, st.asked, st.volunteers)
        if key in seen:
            return False
        if len(seen) >= HAND_OUT_STATES:
            raise _TooMany
        seen.add(key)
        # no owners of the tasks left keep them possible beside those given out so far
        counted = placement_clash(st, left)
        if counted is not None:
            if not first:
                first.append(counted)
            return False
        for a in legal_actions(st):
            if isinstance(a, Take | Assign):
                seat = a.seat if isinstance(a, Take) else a.to
                other = clashing_task(st, a.task, seat)
                if other is not None:
                    if not first:
                        first.append((other, a.task))
                    continue
            if clean(apply(st, a)[0]):
                return True
        return False

    try:
        ok = clean(state)
    except _TooMany:
        return None, None
    return ok, (first[0] if first else None)
