"""Task distribution: take/pass (normal), volunteers, one member receives all, free assignment.

Also entering the phase the mission asks for and leaving it (to predictions or the tricks).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from ..actions import Assign, GiveAll, Pass, Take, Volunteer
from ..draw import ONE_OWNER_DISTRIBUTIONS, owners_for
from ..events import Event, EventKind
from ..missions import Distribution
from ..reasons import N_, Illegal, Reason, illegal, plain
from ..state import GameState, Phase
from ..tasks import ONE_OWNER, TWO_OWNERS, get_task, impossible
from .common import Handler, actor_illegal, not_your_turn, own, seat_name, task_index
from .predictions import after_distribution, start_tricks

__all__ = [
    "ASSIGN",
    "GIVE_ALL",
    "PASS",
    "TAKE",
    "VOLUNTEER",
    "begin_distribution",
    "candidates",
    "choosers_after",
    "clashing_task",
    "free_owners",
    "may_take",
    "may_volunteer",
    "owner_choices",
    "speaking_order",
    "tasks_left",
    "volunteers_after",
]

_DISTRIBUTE = Phase.DISTRIBUTE  # read through a module global: legal_actions asks often
_CHOOSE_TURN = N_("it is {seat0}'s turn to choose a task, not {seat1}'s")

# ---------------------------------------------------------------------------------------------
# questions


def tasks_left(state: GameState) -> list[int]:
    """Indexes of the tasks nobody owns yet."""
    return [i for i, o in enumerate(state.owners) if o < 0]


def clashing_task(state: GameState, task: int, seat: int) -> int | None:
    """A task already given out that can never succeed beside ``task`` once ``seat`` holds it
    (the impossible combinations of rules C and ruling 16: a pair for one owner when ``seat``
    holds the other one too, a pair for two owners when someone else does), or None.

    Public: it reads only the tasks and who holds them. A choice it names is allowed (the draw
    keeps such pairs out only where the distribution forces the owners), but the attempt can no
    longer be won after it.
    """
    ids = state.setup.task_ids
    crew = state.setup.crew
    for i, owner in enumerate(state.owners):
        if owner < 0 or ids[i] == task:
            continue
        if impossible(task, ids[i], crew, ONE_OWNER if owner == seat else TWO_OWNERS):
            return ids[i]
    return None


def _barred(task: int) -> bool:
    """The captain may never take ``task`` (the card says so: tasks.toml captain_may_not_take)."""
    return get_task(task).captain_may_not_take


def _comparison(state: GameState, idx: int) -> bool:
    return _barred(state.setup.task_ids[idx])


def _dist_order(state: GameState) -> tuple[int, ...]:
    st = state.setup
    return _order(st.captain, st.seats, st.rules.captain_no_tasks)


@cache
def _order(captain: int, seats: int, skip_captain: bool) -> tuple[int, ...]:
    """Clockwise from the captain (or from the captain's left when the captain takes none)."""
    order = tuple((captain + k) % seats for k in range(seats))
    return order[1:] if skip_captain else order


def _can_pass(state: GameState) -> bool:
    return len(state.setup.task_ids) < len(_dist_order(state))


def _feasible(state: GameState, left: list[int], seats: tuple[int, ...]) -> bool:
    """Can tasks ``left`` still all be taken, one each, by ``seats`` (captain restriction)?"""
    cap = state.setup.captain
    if len(left) > len(seats):
        return False
    comp = sum(1 for i in left if _comparison(state, i))
    return comp <= len([s for s in seats if s != cap])


def _captain_may_not_take(state: GameState, seat: int, idx: int) -> Illegal | None:
    st = state.setup
    tid = st.task_ids[idx]
    if seat == st.captain and _barred(tid):
        return plain(
            Reason.CAPTAIN_MAY_NOT_TAKE,
            "the captain may never take task {task}, which compares with the captain",
            task=tid,
        )
    return None


def _task_for(state: GameState, task: int, seat: int) -> int | Illegal:
    """The index of ``task`` if ``seat`` may receive it now, else why not."""
    idx = task_index(state, task)
    if isinstance(idx, Illegal):
        return idx
    return _captain_may_not_take(state, seat, idx) or idx


def _hardest_for_captain(state: GameState) -> int:
    """Mission 19: the highest difficulty among the tasks the captain may take (rulings 5)."""
    st = state.setup
    return max(
        (get_task(t).difficulty_for(st.crew) for t in st.task_ids if not _barred(t)),
        default=0,
    )


def _captain_first_choice(state: GameState, seat: int) -> bool:
    """Mission 19: this is the captain's first choice, which must be a hardest task."""
    st = state.setup
    return st.rules.captain_takes_hardest and seat == st.captain and state.asked == 0


def _volunteer_order(state: GameState) -> tuple[int, ...]:
    st = state.setup
    return tuple((st.captain + k) % st.seats for k in range(1, st.seats + 1))


def _may_receive_all(state: GameState, seat: int) -> bool:
    st = state.setup
    return not (seat == st.captain and any(_barred(t) for t in st.task_ids))


def _needed_volunteers(state: GameState) -> int:
    return 2 if state.setup.rules.distribution == Distribution.TWO_VOLUNTEERS else 1


def _may_volunteer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may say yes: the captain never takes a task comparing with the captain.

    One volunteer receives every task; of two volunteers the captain needs only one task that
    the captain may take, the other volunteer takes the comparison tasks.
    """
    if _needed_volunteers(state) == 1:
        return _may_receive_all(state, seat)
    st = state.setup
    return seat != st.captain or any(not _barred(t) for t in st.task_ids)


def may_take(state: GameState, seat: int, task: int) -> bool:
    """Whether ``seat`` may ever own ``task`` (rules: the captain never takes a task that
    compares with the captain). Public: it reads only the task and who is captain."""
    return not (seat == state.setup.captain and _barred(task))


def speaking_order(state: GameState) -> tuple[int, ...]:
    """The crew members in the order a round of the crew's talk goes: clockwise from the
    captain, as tasks are taken (from the captain's left when the captain takes none)."""
    return _dist_order(state)


def free_owners(state: GameState) -> tuple[tuple[int, ...], ...] | None:
    """Per task, every seat that may end up owning it, when each task may go to any of them
    whatever the others go to: the crew assigning the tasks freely (a task handed out keeps its
    owner; the captain never takes a task that compares with the captain). None in every other
    way of handing them out, and once they are all handed out.

    Public: it reads the tasks, the owners and who is captain."""
    if state.phase != Phase.ASSIGN or state.volunteers:
        return None
    st = state.setup
    return tuple(
        (owner,)
        if (owner := state.owners[i]) >= 0
        else tuple(s for s in range(st.seats) if _captain_may_not_take(state, s, i) is None)
        for i in range(len(st.task_ids))
    )


def owner_choices(state: GameState, tasks: Sequence[int]) -> list[tuple[int, ...]]:
    """Every choice of owners for ``tasks`` (indices into the attempt's tasks) that the
    mission's way of handing them out may end in, from ``state``: a task handed out keeps its
    owner; when one member receives every task, one seat for all of them (one the rules let
    receive them all); with two volunteers, at most two owners among every task handed out
    and these; otherwise each task to any seat that may ever take it (never the captain of a
    mission where the captain takes none), and to members all different when the rules force
    that (a normal distribution with no more tasks than members who may take any of them, two
    volunteers and two tasks).
    Public: it reads the tasks, the owners and who is captain."""
    st, owners, ids = state.setup, state.owners, state.setup.task_ids
    held = {owners[i] for i in range(len(ids)) if owners[i] >= 0}
    dist = st.rules.distribution
    if dist in ONE_OWNER_DISTRIBUTIONS:
        seats = sorted(held) if held else [s for s in range(st.seats) if _may_receive_all(state, s)]
        return [tuple(s for _ in tasks) for s in seats]
    seats = [s for s in range(st.seats) if not (st.rules.captain_no_tasks and s == st.captain)]
    tries = [
        [owners[i]] if owners[i] >= 0 else [s for s in seats if may_take(state, s, ids[i])]
        for i in tasks
    ]
    out = list(product(*tries))
    if dist == Distribution.TWO_VOLUNTEERS:
        out = [o for o in out if len(held | set(o)) <= 2]
    # the rules force different members (draw.owners_for) counting those who may take every
    # task: the captain is not one when some task compares with the captain, and then the
    # others may have to share them
    able = sum(all(may_take(state, s, t) for t in ids) for s in seats)
    if TWO_OWNERS in owners_for(st.rules, len(ids), able):
        others = {owners[i] for i in range(len(ids)) if owners[i] >= 0 and i not in tasks}
        out = [o for o in out if len(set(o)) == len(o) and not others & set(o)]
    return out


def choosers_after(state: GameState) -> tuple[int, ...]:
    """The crew members who still choose a task after the one whose turn it is, in the order
    they are asked (each once): the rest of the round when passing is allowed (everyone is
    asked once), every other member in turn when every task must be taken (the round goes on
    until none is left). The captain of a mission where the captain takes none is never asked.
    """
    order = _dist_order(state)
    n = len(order)
    if _can_pass(state):
        return order[state.asked + 1 :]
    turn = state.turn
    return tuple(s for k in range(1, n) if (s := order[(state.asked + k) % n]) != turn)


def volunteers_after(state: GameState) -> tuple[int, ...]:
    """The crew members the captain asks after the one asked now, in order (clockwise from the
    captain's left, the captain last)."""
    return _volunteer_order(state)[state.asked + 1 :]


def may_volunteer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may answer yes to the volunteer question (see ``_may_volunteer``)."""
    return _may_volunteer(state, seat)


# ---------------------------------------------------------------------------------------------
# entering and leaving the phase


def begin_distribution(state: GameState) -> GameState:
    """Enter the distribution phase the mission asks for (or go straight to the tricks)."""
    st = state.setup
    mode = st.rules.distribution
    if mode == Distribution.NONE or not st.task_ids:
        return start_tricks(state)
    if mode in (Distribution.ONE_VOLUNTEER, Distribution.TWO_VOLUNTEERS):
        return state._replace(phase=Phase.VOLUNTEER, turn=_volunteer_order(state)[0], asked=0)
    if mode in (Distribution.CREW_PICKS, Distribution.CAPTAIN_GIVES):
        turn = st.captain if mode == Distribution.CAPTAIN_GIVES else -1
        return state._replace(phase=Phase.GIVE, turn=turn)
    if mode == Distribution.FREE:
        return state._replace(phase=Phase.ASSIGN, turn=-1)
    return _next_taker(state._replace(phase=Phase.DISTRIBUTE, asked=0))


def _next_taker(state: GameState) -> GameState:
    """Whose turn it is to take or pass next (skipping a captain with nothing takeable)."""
    order = _dist_order(state)
    left = tasks_left(state)
    if not left:
        return after_distribution(state)
    asked = state.asked
    for _ in range(len(order) + 1):
        seat = order[asked % len(order)]
        if _can_pass(state) or any(_captain_may_not_take(state, seat, i) is None for i in left):
            return state._replace(turn=seat, asked=asked)
        asked += 1
    raise AssertionError("no crew member can take the remaining tasks")


def _noted(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    if state.phase != Phase.DISTRIBUTE:
        events.append(Event(EventKind.DISTRIBUTION_DONE))
        if state.phase == Phase.PLAY:
            events.append(Event(EventKind.TRICKS_BEGIN, state.setup.captain))
    return state, events


def _finish(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    return _noted(after_distribution(state), events)


# ---------------------------------------------------------------------------------------------
# take and pass


def _check_take(state: GameState, a: Take) -> Illegal | None:
    if bad := actor_illegal(state, a.seat, _DISTRIBUTE, N_("taking a task")):
        return bad
    if a.seat != state.turn:
        return not_your_turn(state, a.seat, _CHOOSE_TURN)
    idx = _task_for(state, a.task, a.seat)
    if isinstance(idx, Illegal):
        return idx
    if _captain_first_choice(state, a.seat):
        crew = state.setup.crew
        best = _hardest_for_captain(state)
        if get_task(a.task).difficulty_for(crew) != best:
            return plain(
                Reason.MUST_TAKE_HARDEST,
                "the captain must first take a task of the highest difficulty ({best});"
                " task {task} has {difficulty}",
                best=best,
                task=a.task,
                difficulty=get_task(a.task).difficulty_for(crew),
            )
    if _can_pass(state):
        later = _dist_order(state)[state.asked + 1 :]
        left = [i for i in tasks_left(state) if i != idx]
        if not _feasible(state, left, later):
            return plain(
                Reason.LEAVES_TASK_UNTAKEABLE,
                "after task {task} the captain would be left with a task the captain"
                " may not take; take another",
                task=a.task,
            )
    return None


def _take(state: GameState, a: Take) -> tuple[GameState, list[Event]]:
    state = own(state, state.setup.task_ids.index(a.task), a.seat)
    events = [Event(EventKind.TAKE, a.seat, task=a.task)]
    state = state._replace(asked=state.asked + 1)
    if _can_pass(state) and state.asked >= len(_dist_order(state)):
        return _finish(state, events)
    return _noted(_next_taker(state), events)


def _check_pass(state: GameState, a: Pass) -> Illegal | None:
    if bad := actor_illegal(state, a.seat, Phase.DISTRIBUTE, N_("passing")):
        return bad
    if a.seat != state.turn:
        return not_your_turn(state, a.seat, _CHOOSE_TURN)
    if _captain_first_choice(state, a.seat) and _hardest_for_captain(state) > 0:
        return plain(
            Reason.MUST_TAKE_HARDEST,
            "the captain may not pass: the captain must first take a task of the highest"
            " difficulty ({best})",
            best=_hardest_for_captain(state),
        )
    if not _can_pass(state):
        return plain(
            Reason.CANNOT_PASS,
            "there are {tasks} tasks for {crew} crew members; passing is only allowed with fewer"
            " tasks than crew members",
            tasks=len(state.setup.task_ids),
            crew=len(_dist_order(state)),
        )
    if not _feasible(state, tasks_left(state), _dist_order(state)[state.asked + 1 :]):
        return illegal(
            Reason.MUST_TAKE,
            "every task must be taken within one round and too few crew members are left;"
            " {seat0} must take a task",
            a.seat,
            tonoja=state.setup.tonoja,
        )
    return None


def _pass(state: GameState, a: Pass) -> tuple[GameState, list[Event]]:
    return _next_taker(state._replace(asked=state.asked + 1)), [Event(EventKind.PASS, a.seat)]


# ---------------------------------------------------------------------------------------------
# volunteers


def _check_volunteer(state: GameState, a: Volunteer) -> Illegal | None:
    if bad := actor_illegal(state, a.seat, Phase.VOLUNTEER, N_("answering the volunteer question")):
        return bad
    if a.seat != state.turn:
        return not_your_turn(state, a.seat, "the captain is asking {seat0}, not {seat1}")
    may = _may_volunteer(state, a.seat)
    if a.yes and not may:
        return plain(
            Reason.CAPTAIN_MAY_NOT_TAKE,
            "the captain may not volunteer: a task compares with the captain",
        )
    if not a.yes and may:
        order = _volunteer_order(state)
        eligible_left = sum(1 for s in order[state.asked :] if _may_volunteer(state, s))
        if eligible_left <= _needed_volunteers(state) - len(state.volunteers):
            return illegal(
                Reason.VOLUNTEER_FORCED,
                "the tasks must be placed within this round; {seat0} must say yes",
                a.seat,
                tonoja=state.setup.tonoja,
            )
    return None


def _volunteer(state: GameState, a: Volunteer) -> tuple[GameState, list[Event]]:
    events = [Event(EventKind.VOLUNTEER, a.seat, text="yes" if a.yes else "no")]
    vols = state.volunteers + ((a.seat,) if a.yes else ())
    state = state._replace(volunteers=vols, asked=state.asked + 1)
    if len(vols) < _needed_volunteers(state):
        return state._replace(turn=_volunteer_order(state)[state.asked]), events
    if len(vols) == 1:
        for i in range(len(state.setup.task_ids)):
            state = own(state, i, vols[0])
        events.append(Event(EventKind.GIVE, vols[0]))
        return _finish(state, events)
    return state._replace(phase=Phase.ASSIGN, turn=-1), events


# ---------------------------------------------------------------------------------------------
# one member receives all; free assignment


def _check_give_all(state: GameState, a: GiveAll) -> Illegal | None:
    if bad := actor_illegal(state, a.to, Phase.GIVE, N_("giving all tasks to one crew member")):
        return bad
    if not _may_receive_all(state, a.to):
        return plain(
            Reason.CAPTAIN_MAY_NOT_TAKE,
            "the captain may not take all tasks: one of them compares with the captain",
        )
    return None


def _give_all(state: GameState, a: GiveAll) -> tuple[GameState, list[Event]]:
    st = state.setup
    for i in range(len(st.task_ids)):
        state = own(state, i, a.to)
    given = st.rules.distribution == Distribution.CAPTAIN_GIVES and a.to != st.captain
    state = state._replace(given_away=given)
    return _finish(state, [Event(EventKind.GIVE, a.to)])


def _check_assign(state: GameState, a: Assign) -> Illegal | None:
    if bad := actor_illegal(state, a.to, Phase.ASSIGN, N_("assigning a task")):
        return bad
    idx = _task_for(state, a.task, a.to)
    if isinstance(idx, Illegal):
        return idx
    if state.volunteers:
        return _volunteers_split_illegal(state, a, idx)
    return None


def _volunteers_split_illegal(state: GameState, a: Assign, idx: int) -> Illegal | None:
    """Two volunteers: tasks only to them, and each of them ends up with one at least."""
    vols = state.volunteers
    tonoja = state.setup.tonoja
    if a.to not in vols:
        return Illegal(
            Reason.NOT_A_VOLUNTEER,
            f"only the volunteers {list(vols)} share the tasks, not {seat_name(state, a.to)}",
            "only the volunteers "
            + " and ".join(f"{{seat{i}}}" for i in range(len(vols)))
            + f" share the tasks, not {{seat{len(vols)}}}",
            vols + (a.to,),
        )
    empty_after = [v for v in vols if v not in state.owners and v != a.to]
    left_after = [i for i in tasks_left(state) if i != idx]
    if len(left_after) < len(empty_after) or (
        state.setup.captain in empty_after and all(_comparison(state, i) for i in left_after)
    ):
        return illegal(
            Reason.EACH_VOLUNTEER_NEEDS_A_TASK,
            "each volunteer must take at least one task; give this one to {seat0}",
            empty_after[0],
            tonoja=tonoja,
        )
    return None


def _assign(state: GameState, a: Assign) -> tuple[GameState, list[Event]]:
    state = own(state, state.setup.task_ids.index(a.task), a.to)
    events = [Event(EventKind.ASSIGN, a.to, task=a.task)]
    if not tasks_left(state):
        return _finish(state, events)
    return state, events


TAKE = Handler(_check_take, _take)
PASS = Handler(_check_pass, _pass)
VOLUNTEER = Handler(_check_volunteer, _volunteer)
GIVE_ALL = Handler(_check_give_all, _give_all)
ASSIGN = Handler(_check_assign, _assign)


def candidates(state: GameState) -> list[Take | Pass | Volunteer | GiveAll | Assign]:
    """Every action of the distribution phase worth asking ``why_illegal`` about now."""
    st = state.setup
    if state.phase == Phase.DISTRIBUTE:
        out: list[Take | Pass | Volunteer | GiveAll | Assign]
        out = [Take(state.turn, st.task_ids[i]) for i in tasks_left(state)]
        out.append(Pass(state.turn))
        return out
    if state.phase == Phase.VOLUNTEER:
        return [Volunteer(state.turn, True), Volunteer(state.turn, False)]
    if state.phase == Phase.GIVE:
        return [GiveAll(s) for s in range(st.seats)]
    if state.phase == Phase.ASSIGN:
        return [Assign(st.task_ids[i], s) for i in tasks_left(state) for s in range(st.seats)]
    return []
