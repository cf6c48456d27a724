"""Shared test helpers: an attempt from explicit hands, task distribution, and trick play.

Other test modules may import this (``from helpers import ...`` inside ``tests/engine``). The API
is small on purpose:

- ``masks(hands)``: card-notation hands (one string per seat) as bitmasks.
- ``table(hands, tasks, ...)``: the attempt ready for its first trick. ``hands`` is one string per
  seat in seat order (3 players: 14/13/13 in any seat; two players: the two humans' 13 cards, with
  Tonoja's ``piles`` as ``"DOWN/UP"`` strings). ``tasks`` maps task id -> owner seat, in the order
  the cards are laid out. The tasks are distributed with real actions: ``Take``/``Pass`` in turn
  order under normal distribution (so the owners must be reachable that way), ``Assign`` under
  free task choice (``FREE``); then every ``predictions`` seat -> number is made with ``Predict``.
- ``play(state, *tricks)``: plays cards; each string is one trick (or the start of one) in play
  order, each card by the seat whose turn it is. Returns ``(state, events)``.
- ``play_out(state, avoid="")``: finishes the attempt: every seat plays its lowest legal card (in
  card order P1..P9, B1..B9, G1..G9, Y1..Y9, S1..S4), avoiding the ``avoid`` cards while it has
  another legal card. Returns ``(state, events)``; stops as soon as the attempt is over.
- ``outcome(state, task)``: ``("done" | "failed" | "pending", trick)`` from the state.
- ``decisions(events)``: ``{task: ("done" | "failed", trick)}`` from the task events.
- ``Case`` and ``run_case``: one row of a task table (deal, owners, tricks, expected decisions and
  result), checked against both the state and the events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from crew.engine import (
    Assign,
    GameState,
    Pass,
    Phase,
    Play,
    Predict,
    Take,
    apply,
    legal_plays,
    mask_of,
    mission_rules,
    parse_card,
    parse_cards,
    start_state,
)
from crew.engine.game import Event
from crew.engine.missions import DIST_FREE, Rules
from crew.engine.tasks import STATUS_NAMES

__all__ = [
    "FREE",
    "MONO3",
    "MONO4",
    "MONO5",
    "NORMAL",
    "TONO",
    "TONO_PILES",
    "Case",
    "decisions",
    "masks",
    "outcome",
    "play",
    "play_out",
    "run_case",
    "table",
]

#: Four players, one colour each: every seat is void in the others' colours, so the leader wins
#: every trick unless a submarine is played, and any card may be discarded anywhere. Captain 0.
MONO4 = (
    "S4 P1 P2 P3 P4 P5 P6 P7 P8 P9",
    "S1 B1 B2 B3 B4 B5 B6 B7 B8 B9",
    "S2 G1 G2 G3 G4 G5 G6 G7 G8 G9",
    "S3 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
)
#: Three players (seat 0 has 14 cards, so its unplayed card is the leftover). Captain 0.
MONO3 = (
    "S4 P1 P2 P3 P4 P5 P6 P7 P8 P9 Y1 Y2 Y3 G2",
    "S1 B1 B2 B3 B4 B5 B6 B7 B8 B9 Y4 Y5 Y6",
    "S2 S3 G1 G3 G4 G5 G6 G7 G8 G9 Y7 Y8 Y9",
)
#: Five players: seats 0-3 hold 2-8 of one colour, seat 4 the 1s and 9s. Captain 0.
MONO5 = (
    "S4 P2 P3 P4 P5 P6 P7 P8",
    "S1 B2 B3 B4 B5 B6 B7 B8",
    "S2 G2 G3 G4 G5 G6 G7 G8",
    "S3 Y2 Y3 Y4 Y5 Y6 Y7 Y8",
    "P1 P9 B1 B9 G1 G9 Y1 Y9",
)
#: Two players with Tonoja (seat 2): the humans' hands and her piles as DOWN/UP. Captain 0.
TONO = (
    "S4 P1 P2 P3 P4 P5 P6 P7 P8 P9 Y1 Y2 Y3",
    "S1 B1 B2 B3 B4 B5 B6 B7 B8 B9 Y4 Y5 Y6",
)
TONO_PILES = ("S2/G1", "S3/G2", "Y7/G3", "Y8/G4", "Y9/G5", "G9/G6", "G8/G7")

#: Free play at difficulty 1 with normal distribution (the draw target is not checked).
NORMAL = mission_rules(None, difficulty=1)
#: Mission 17: free task choice, so any seat may own any number of tasks.
FREE = mission_rules(17)


def masks(hands: Sequence[str]) -> list[int]:
    """Each hand (cards in notation, space separated) as a bitmask."""
    return [mask_of(parse_cards(h)) for h in hands]


def table(
    hands: Sequence[str],
    tasks: Mapping[int, int],
    *,
    rules: Rules | None = None,
    piles: Sequence[str] | None = None,
    predictions: Mapping[int, int] | None = None,
) -> GameState:
    """The attempt from explicit ``hands`` after the tasks are distributed to their owners."""
    rules = rules or NORMAL
    hand_masks = masks(hands)
    pile_ints: list[tuple[int, int]] = []
    players = len(hands)
    if piles is not None:
        players = 2
        for p in piles:
            down, up = p.split("/")
            pile_ints.append((parse_card(down), parse_card(up)))
        hand_masks.append(mask_of(u for _, u in pile_ints))
    state = start_state(players, rules, hand_masks, pile_ints, list(tasks))
    if state.phase == Phase.ASSIGN:
        assert rules.distribution == DIST_FREE
        for task, owner in tasks.items():
            state, _ = apply(state, Assign(task, owner))
    while state.phase == Phase.DISTRIBUTE:
        seat = state.turn
        ids = state.setup.task_ids
        mine = [t for t, o in tasks.items() if o == seat and state.owners[ids.index(t)] < 0]
        state, _ = apply(state, Take(seat, mine[0]) if mine else Pass(seat))
    owners = dict(zip(state.setup.task_ids, state.owners, strict=True))
    assert owners == dict(tasks), f"distribution gave {owners}, wanted {dict(tasks)}"
    for seat, n in (predictions or {}).items():
        state, _ = apply(state, Predict(seat, n))
    assert state.phase == Phase.PLAY, f"not ready to play: phase {state.phase}"
    return state


def play(state: GameState, *tricks: str) -> tuple[GameState, list[Event]]:
    """Play the cards of ``tricks`` in order, each by the seat whose turn it is."""
    out: list[Event] = []
    for trick in tricks:
        for card in parse_cards(trick):
            state, events = apply(state, Play(state.turn, card))
            out.extend(events)
    return state, out


def play_out(state: GameState, avoid: str = "") -> tuple[GameState, list[Event]]:
    """Finish the attempt, every seat playing its lowest legal card (``avoid`` cards last)."""
    keep = set(parse_cards(avoid))
    out: list[Event] = []
    while not state.over:
        legal = legal_plays(state)
        card = next((c for c in legal if c not in keep), legal[0])
        state, events = apply(state, Play(state.turn, card))
        out.extend(events)
    return state, out


def outcome(state: GameState, task: int) -> tuple[str, int]:
    """Status name and the 1-based trick at which ``task`` was decided (0 while pending)."""
    i = state.setup.task_ids.index(task)
    return STATUS_NAMES[state.status[i]], state.decided[i]


def decisions(events: Sequence[Event]) -> dict[int, tuple[str, int]]:
    """The task decisions announced by ``events``: task -> ("done" | "failed", trick)."""
    out: dict[int, tuple[str, int]] = {}
    for e in events:
        if e.kind in ("task_done", "task_failed"):
            assert e.task not in out, f"task {e.task} decided twice"
            out[e.task] = ("done" if e.kind == "task_done" else "failed", e.trick)
    return out


@dataclass(frozen=True)
class Case:
    """One task scenario: a deal, the owners, the tricks played and what must follow.

    ``expect`` maps task -> (status, trick) after the plays (status "pending" with trick 0 for a
    task still open). ``result`` is the attempt's result afterwards ("" while in progress); when
    it ended, it must have ended at the latest decision in ``expect``. ``ended`` optionally checks
    the number of completed tricks. ``finish`` plays the rest with :func:`play_out` (avoiding
    ``avoid``).
    """

    name: str
    hands: tuple[str, ...]
    tasks: Mapping[int, int]
    tricks: tuple[str, ...]
    expect: Mapping[int, tuple[str, int]]
    result: str
    ended: int | None = None
    finish: bool = False
    avoid: str = ""
    rules: Rules | None = None
    piles: tuple[str, ...] | None = None
    predictions: Mapping[int, int] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name


def run_case(case: Case) -> GameState:
    """Play ``case`` and check every expectation against the state and the events."""
    state = table(
        case.hands, case.tasks, rules=case.rules, piles=case.piles, predictions=case.predictions
    )
    state, events = play(state, *case.tricks)
    if case.finish:
        state, more = play_out(state, case.avoid)
        events += more
    announced = decisions(events)
    for task, (status, trick) in case.expect.items():
        assert outcome(state, task) == (status, trick), f"task {task}: {outcome(state, task)}"
        if status == "pending":
            assert task not in announced
        else:
            assert announced.get(task) == (status, trick), f"task {task} events: {announced}"
    assert state.result == case.result, f"result {state.result!r}: {state.reason}"
    if case.ended is not None:
        assert len(state.tricks) == case.ended, f"ended after trick {len(state.tricks)}"
    if case.result:
        # the attempt ends at the trick of the (last) decision, not later
        last = max(t for _, t in case.expect.values())
        ends = [e for e in events if e.kind in ("attempt_won", "attempt_lost")]
        assert [(e.kind, e.trick) for e in ends] == [(f"attempt_{case.result}", last)]
    return state


D, F, P = "done", "failed", "pending"


def case(
    name: str,
    tasks: Mapping[int, int],
    tricks: list[str],
    expect: Mapping[int, tuple[str, int]],
    result: str,
    hands: tuple[str, ...] = MONO4,
    **kw: object,
) -> Case:
    return Case(name, hands, tasks, tuple(tricks), expect, result, **kw)  # type: ignore[arg-type]


def rounds(first: int, last: int) -> list[str]:
    """Tricks ``Pk Bk Gk Yk`` for k = first..last (seat 0 leads and wins each)."""
    return [f"P{k} B{k} G{k} Y{k}" for k in range(first, last + 1)]
