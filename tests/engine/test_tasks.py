"""Task judging as a whole: every card covered, the end of the attempt, and conflicting pairs.

The per-card scenarios live in ``test_tasks_cards.py``, ``test_tasks_counts.py``,
``test_tasks_tricks.py`` and ``test_tasks_trick_content.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
import test_tasks_cards
import test_tasks_counts
import test_tasks_trick_content
import test_tasks_tricks
from helpers import (
    FREE,
    MONO4,
    TONO,
    TONO_PILES,
    Case,
    D,
    F,
    P,
    case,
    outcome,
    play,
    rounds,
    run_case,
    table,
)

from crew.engine import (
    GameState,
    Pass,
    Phase,
    Play,
    Predict,
    Take,
    Trick,
    apply,
    legal_plays,
    mask_of,
    new_attempt,
    parse_card,
    parse_cards,
    start_state,
)
from crew.engine.cards import SUIT_MASKS, VALUE_MASKS, value_of
from crew.engine.tasks import (
    DONE,
    FAILED,
    PENDING,
    Ctx,
    all_tasks,
    conflicts,
    get_task,
)

ALL_CASES: list[Case] = (
    test_tasks_cards.CASES
    + test_tasks_counts.CASES
    + test_tasks_tricks.CASES
    + test_tasks_trick_content.CASES
)


@pytest.mark.parametrize("status", [D, F])
def test_every_task_has_a_decided_case(status: str) -> None:
    """Each of the 96 cards is shown both done and failed, with the trick it is decided at."""
    covered = {
        task for c in ALL_CASES for task, (s, trick) in c.expect.items() if s == status and trick
    }
    assert covered == set(all_tasks()), sorted(set(all_tasks()) - covered)


def test_case_names_are_unique() -> None:
    names = [c.name for c in ALL_CASES]
    assert len(names) == len(set(names))


GENERAL = [
    # the mission is won at the trick that completes the last task, before the last trick
    case(
        "won-early-two-tasks",
        {40: 0, 5: 0},
        rounds(1, 3),
        {40: (D, 1), 5: (D, 3)},
        "won",
        rules=FREE,
        ended=3,
    ),
    # several tasks done by one trick
    case(
        "won-one-trick-three-tasks",
        {1: 0, 40: 0, 2: 0},
        ["P3 B1 G1 Y1"],
        {1: (D, 1), 40: (D, 1), 2: (D, 1)},
        "won",
        rules=FREE,
        ended=1,
    ),
    # one failure ends the attempt at once; the other task stays pending
    case("lost-other-pending", {5: 0, 40: 1}, ["P1 B1 G1 Y1"], {40: (F, 1), 5: (P, 0)}, "lost"),
    # done and failed at the same trick: lost
    case(
        "lost-done-and-failed",
        {1: 0, 40: 1},
        ["P3 B1 G1 Y1"],
        {1: (D, 1), 40: (F, 1)},
        "lost",
    ),
    # an early success stays done while another task keeps the attempt going to the end
    case(
        "early-success-kept",
        {55: 0, 43: 0},
        rounds(1, 3),
        {55: (D, 3), 43: (D, 10)},
        "won",
        finish=True,
        rules=FREE,
        ended=10,
    ),
    # free task choice: one seat holds two tasks
    case(
        "free-choice-two-tasks-one-seat",
        {40: 0, 41: 0},
        rounds(1, 2),
        {40: (D, 1), 41: (D, 2)},
        "won",
        rules=FREE,
    ),
    # two players: a task of Tonoja (seat 2), taken for her by the captain
    case(
        "tonoja-owns-no-pink",
        {28: 2},
        [],
        {28: (D, 9)},
        "won",
        hands=TONO,
        piles=TONO_PILES,
        finish=True,
    ),
    case(
        "tonoja-owns-first-trick",
        {40: 2},
        ["P1 B1 G1"],
        {40: (F, 1)},
        "lost",
        hands=TONO,
        piles=TONO_PILES,
    ),
]


@pytest.mark.parametrize("c", GENERAL, ids=str)
def test_attempt_end(c: Case) -> None:
    run_case(c)


def test_decision_is_final() -> None:
    """Task 55 done at trick 3 stays done with its trick while play goes on."""
    state = table(MONO4, {55: 0, 43: 0}, rules=FREE)
    state, _ = play(state, *rounds(1, 3))
    assert outcome(state, 55) == (D, 3)
    state, _ = play(state, "P4 S1 G4 Y4", "B4 G5 Y5 P5")
    assert outcome(state, 55) == (D, 3)
    assert outcome(state, 43) == (P, 0)
    assert state.result == ""


def test_captain_never_owns_a_comparison_task() -> None:
    assert {t for t, task in all_tasks().items() if task.captain_may_not_take} == {59, 60, 61}
    state = table(MONO4, {59: 1, 60: 2, 61: 3})
    assert state.owners == (1, 2, 3)


CONFLICTING = [
    (40, 41),  # both need trick 1
    (40, 45),
    (41, 42),
    (43, 44),  # both need the last trick
    (16, 46),
    (1, 14),  # both need P3
    (10, 15),  # both need P9
    (80, 15),  # both need G9
    (15, 19),
    (19, 20),
    (94, 95),
    (62, 64),
    (14, 73),  # a trick won with one's own 3 takes a 3 away from "all four 3s"
    (21, 77),
    (38, 39),
    (14, 39),
    (15, 39),
    (50, 63),
]
COMPATIBLE = [
    (40, 43),  # first and last trick: different owners are fine
    (40, 47),
    (45, 46),
    (17, 76),
    (18, 74),
    (21, 75),
    (91, 92),
    (93, 95),
    (62, 63),
    (59, 60),
    (23, 13),
]


@pytest.mark.parametrize(("a", "b"), CONFLICTING)
def test_conflicting_pairs(a: int, b: int) -> None:
    assert conflicts(a, b) and conflicts(b, a)


@pytest.mark.parametrize(("a", "b"), COMPATIBLE)
def test_compatible_pairs(a: int, b: int) -> None:
    assert not conflicts(a, b) and not conflicts(b, a)


@pytest.mark.parametrize("pair", [(53, 64), (53, 62)])
def test_conflicts_depending_on_crew(pair: tuple[int, int]) -> None:
    """Exactly 4 tricks next to a majority: impossible only with 8 tricks (5 players)."""
    a, b = pair
    assert conflicts(a, b, 5)
    assert not conflicts(a, b, 4) and not conflicts(a, b, 3) and not conflicts(a, b)


# ---------------------------------------------------------------------------------------------
# every early decision agrees with the complete game
#
# An independent reading of the 96 cards, judged once on a complete game (every trick played).
# Random complete games are replayed with one task at a time: whenever the engine decides the
# task (possibly many tricks before the end), its verdict must be the one the complete game
# shows. This checks that no task is declared done or failed too early.

COLOURS = "PBGY"


def _mask(cards: str) -> int:
    return mask_of(parse_cards(cards))


def _colour(letter: str) -> int:
    return SUIT_MASKS[COLOURS.index(letter)]


def _value(v: int) -> int:
    return VALUE_MASKS[v]


SUBS = SUIT_MASKS[4]


def _runs(wins: list[bool]) -> list[tuple[int, int]]:
    """(start, length) of each run of won tricks."""
    out: list[tuple[int, int]] = []
    for i, w in enumerate(wins):
        if w:
            if out and out[-1][0] + out[-1][1] == i:
                out[-1] = (out[-1][0], out[-1][1] + 1)
            else:
                out.append((i, 1))
    return out


def oracle(task: int, owner: int, state: GameState) -> bool:
    """Whether ``task`` owned by ``owner`` is fulfilled by the complete game ``state``."""
    won = state.won[owner]
    counts = state.counts
    mine = counts[owner]
    others = [c for s, c in enumerate(counts) if s != owner]
    tricks = state.tricks
    wins = [t.winner == owner for t in tricks]
    cap = state.setup.captain

    def n(mask: int) -> int:
        return (won & mask).bit_count()

    def owner_trick(ok: Callable[[Trick], bool], subs_allowed: bool = False) -> bool:
        return any(
            t.winner == owner and (subs_allowed or all(c < 36 for c in t.cards)) and ok(t)
            for t in tricks
        )

    def values(t: Trick) -> list[int]:
        return [value_of(c) for c in t.cards]

    def won_with(v: int, capture: int | None) -> bool:
        def ok(t: Trick) -> bool:
            w = t.winning_card
            if w >= 36 or value_of(w) != v:
                return False
            if capture is None:
                return True
            return any(c != w and c < 36 and value_of(c) == capture for c in t.cards)

        return owner_trick(ok, subs_allowed=True)

    specific = {
        1: "P3", 2: "Y1", 3: "B4", 4: "G6", 5: "B1 B2 B3", 6: "B6 Y7", 7: "P5 Y6", 8: "G5 B8",
        9: "P8 B5", 10: "P9 Y8", 11: "P1 G7", 12: "Y9 B7", 13: "G3 Y4 Y5", 14: "P3 B3 G3 Y3",
        15: "P9 B9 G9 Y9", 90: "S3",
    }  # fmt: skip
    if task in specific:
        need = _mask(specific[task])
        return won & need == need
    if task == 16:
        return tricks[-1].winner == owner and parse_card("G2") in tricks[-1].cards
    at_least = {17: (_value(7), 2), 18: (_value(5), 3), 19: (_value(9), 3)}
    at_least |= {22: (_colour("P"), 5), 23: (_colour("Y"), 7)}
    if task in at_least:
        mask, k = at_least[task]
        return n(mask) >= k
    exactly = {20: (_value(9), 2), 21: (_value(6), 3), 24: (_colour("P"), 1)}
    exactly |= {25: (_colour("B"), 2), 26: (_colour("G"), 2), 93: (SUBS, 1), 94: (SUBS, 2)}
    exactly |= {95: (SUBS, 3), 96: (SUBS, 0)}
    if task in exactly:
        mask, k = exactly[task]
        return n(mask) == k
    if task == 27:
        return n(_colour("P")) == 1 and n(_colour("G")) == 1
    none = {28: "P", 29: "G", 30: "Y", 31: "PB", 32: "YG"}
    if task in none:
        return not any(won & _colour(c) for c in none[task])
    no_values = {33: [9], 34: [5], 35: [1], 36: [8, 9], 37: [1, 2, 3]}
    if task in no_values:
        return not any(won & _value(v) for v in no_values[task])
    if task == 38:
        return all(won & _colour(c) for c in COLOURS)
    if task == 39:
        return any(won & _colour(c) == _colour(c) for c in COLOURS)
    first = {40: [0], 41: [0, 1], 42: [0, 1, 2]}
    if task in first:
        return all(wins[i] for i in first[task])
    if task == 43:
        return wins[-1]
    if task == 44:
        return wins[0] and wins[-1]
    if task == 45:
        return wins[0] and mine == 1
    if task == 46:
        return wins[-1] and mine == 1
    lose = {47: 3, 48: 4, 49: 5}
    if task in lose:
        return not any(wins[: lose[task]])
    exact_tricks = {50: 0, 51: 1, 52: 2, 53: 4}
    if task in exact_tricks:
        return mine == exact_tricks[task]
    runs = _runs(wins)
    longest = max((r for _, r in runs), default=0)
    if task in (54, 55):
        return longest >= task - 52
    if task in (56, 57):
        return len(runs) == 1 and runs[0][1] == task - 54
    if task == 58:
        return longest < 2
    if task == 59:
        return mine > counts[cap]
    if task == 60:
        return mine < counts[cap]
    if task == 61:
        return mine == counts[cap]
    if task == 62:
        return all(mine > c for c in others)
    if task == 63:
        return all(mine < c for c in others)
    if task == 64:
        return mine > sum(others)
    crew = state.setup.seats
    one_trick: dict[int, Callable[[Trick], bool]] = {
        65: lambda t: all(v > 5 for v in values(t)),
        66: lambda t: all(v < 7 for v in values(t)),
        67: lambda t: sum(values(t)) > (23, 28, 31)[crew - 3],
        68: lambda t: sum(values(t)) < (8, 12, 16)[crew - 3],
        69: lambda t: sum(values(t)) in (22, 23),
        70: lambda t: all(v % 2 == 0 for v in values(t)),
        71: lambda t: all(v % 2 == 1 for v in values(t)),
    }
    if task in one_trick:
        return owner_trick(one_trick[task])
    with_card = {72: (2, None), 73: (3, None), 74: (5, None), 75: (6, None), 76: (7, 5)}
    with_card |= {77: (6, 6), 78: (4, 8)}
    if task in with_card:
        v, capture = with_card[task]
        return won_with(v, capture)
    if task in (79, 80):
        target = parse_card("P7" if task == 79 else "G9")
        holding = [t for t in tricks if target in t.cards]
        return bool(holding) and holding[0].winner == owner and holding[0].winning_card >= 36
    if task in (81, 82):
        banned = _mask(
            " ".join(f"{c}{v}" for c in ("PG" if task == 81 else "PYB") for v in "123456789")
        )
        return not any(t.leader == owner and banned >> t.cards[0] & 1 for t in tricks)
    if task in (83, 84):
        return mine == state.predictions[owner]
    if task == 85:
        return n(_colour("P")) == n(_colour("Y")) >= 1
    if task in (86, 87):
        a, b = (_colour(c) for c in ("GY" if task == 86 else "PB"))
        return owner_trick(
            lambda t: (mask_of(t.cards) & a).bit_count() == (mask_of(t.cards) & b).bit_count() >= 1,
            subs_allowed=True,
        )
    if task == 88:
        return n(_colour("P")) > n(_colour("G"))
    if task == 89:
        return n(_colour("Y")) > n(_colour("B"))
    if task in (91, 92):
        target = parse_card("S1" if task == 91 else "S2")
        return won & SUBS == 1 << target
    raise AssertionError(f"no oracle for task {task}")


def _random_game(
    rng: random.Random, players: int, seed: int
) -> tuple[GameState, GameState, list[int]]:
    """A complete game without tasks, every card a random legal one: start, end and plays."""
    base = new_attempt(players, None, difficulty=1, seed=seed, tasks=[])
    state = base
    cards: list[int] = []
    while not state.over:
        legal = legal_plays(state)
        # lean towards low cards now and then so that varied tricks come up
        card = rng.choice(legal) if rng.random() < 0.7 else legal[0]
        state, _ = apply(state, Play(state.turn, card))
        cards.append(card)
    return base, state, cards


def _judged(
    base: GameState, task: int, owner: int, cards: list[int], prediction: int
) -> tuple[int, int]:
    """Replay ``cards`` with ``task`` owned by ``owner``: (status, decided trick)."""
    st = base.setup
    state = start_state(st.players, st.rules, base.hands, base.piles, [task])
    while state.phase == Phase.DISTRIBUTE:
        seat = state.turn
        state, _ = apply(state, Take(seat, task) if seat == owner else Pass(seat))
    if state.phase == Phase.PREDICT:
        state, _ = apply(state, Predict(owner, prediction))
    for card in cards:
        if state.over:
            break
        state, _ = apply(state, Play(state.turn, card))
    return state.status[0], state.decided[0]


def test_decisions_agree_with_the_final_outcome() -> None:
    rng = random.Random(20240601)
    seen: Counter[tuple[int, bool]] = Counter()
    for game in range(48):
        players = (2, 3, 4, 5)[game % 4]
        base, end, cards = _random_game(rng, players, seed=game)
        seats = end.setup.seats
        for task in all_tasks():
            owners = [
                s
                for s in range(seats)
                if not (get_task(task).captain_may_not_take and s == end.setup.captain)
            ]
            owner = rng.choice(owners)
            prediction = end.counts[owner] if rng.random() < 0.5 else rng.randrange(0, 14)
            prediction = min(prediction, end.setup.total_tricks)
            truth = oracle(
                task,
                owner,
                end._replace(
                    predictions=tuple(prediction if s == owner else -1 for s in range(seats))
                ),
            )
            status, trick = _judged(base, task, owner, cards, prediction)
            assert status == (DONE if truth else FAILED), (
                game,
                players,
                task,
                owner,
                status,
                trick,
            )
            assert 1 <= trick <= end.setup.total_tricks
            seen[task, truth] += 1
    # both verdicts came up for most cards
    assert sum(1 for t in all_tasks() if seen[t, True] and seen[t, False]) >= 60


# ---------------------------------------------------------------------------------------------
# the early-failure bounds, on a hand-made situation (only public information)


def ctx(avail: str, crew: int = 4, counts: tuple[int, ...] = (), remaining: int = 5) -> Ctx:
    """After some trick: ``avail`` the cards not yet played, nothing won yet unless ``counts``."""
    counts = counts or (0,) * crew
    total = {3: 13, 4: 10, 5: 8}[crew]
    return Ctx(
        won=(0,) * crew,
        counts=counts,
        tricks=(),
        avail=_mask(avail),
        remaining=remaining,
        total=total,
        captain=0,
        predictions=(-1,) * crew,
        final=False,
        crew=crew,
    )


BOUNDS = [
    # task, unplayed cards, crew, still possible?
    (65, "P6 B7 G8 Y9 S1", 4, True),
    (65, "P6 B7 G8 Y5 S1", 4, False),
    (66, "P1 B2 G6", 3, True),
    (66, "P1 B2 G7 S1", 3, False),
    (67, "P9 B9 G9 Y2 P1", 4, True),  # 29 > 28
    (67, "P9 B9 G9 Y1 S4", 4, False),  # 28 at most; submarines do not count
    (67, "P9 B8 G7", 3, True),  # 24 > 23
    (67, "P9 B8 G6", 3, False),
    (67, "P9 B9 G9 Y4 P1", 5, True),  # 32 > 31
    (67, "P9 B9 G9 Y3 P1", 5, False),
    (68, "P1 B2 G3 Y5 Y9", 4, True),  # 11 < 12
    (68, "P1 B2 G3 Y6 Y9", 4, False),
    (68, "P1 B2 G4", 3, True),  # 7 < 8
    (68, "P1 B2 G5 S1", 3, False),
    (69, "P9 B8 G4 Y1", 4, True),  # 22
    (69, "P9 B8 G6 Y1", 4, False),  # 24
    (69, "P9 B8 G3 Y1", 4, False),  # 21
    (69, "P9 P8 P7 P6", 4, False),  # 30
    (69, "P9 B7 G5 Y1 Y2 P6 S4", 4, True),  # 9 + 7 + 5 + 1 = 22 among other totals
    (70, "P2 B4 G6 Y8", 4, True),
    (70, "P2 B4 G6 Y9 S2 S4", 4, False),  # even submarines do not count
    (71, "P1 B3 G5", 3, True),
    (71, "P1 B3 S1 S3", 3, False),
    (86, "G1 Y1", 4, True),
    (86, "G1 G2 B1 P1", 4, False),
    (87, "P9 B9", 3, True),
    (87, "P9 Y9 G9 S1", 3, False),
    (72, "Y2", 4, True),
    (72, "S2 P1", 4, False),
    (76, "P7 P5", 4, True),  # the 7 beats a 5 of its own colour
    (76, "P7 B6", 4, False),
    (77, "P6 B6", 4, True),
    (77, "P6 S1", 4, False),
    (78, "P4 B8", 4, True),
    (78, "P4 P8", 4, False),  # the 8 of the 4's own colour would win
    (78, "P4 B4 P8 B8", 4, True),
    (78, "S4 B8", 4, False),  # submarine 4 is not a 4
]


@pytest.mark.parametrize(("task", "avail", "crew", "possible"), BOUNDS)
def test_early_failure_bounds(task: int, avail: str, crew: int, possible: bool) -> None:
    status = get_task(task).evaluate(1, ctx(avail, crew))
    assert status == (PENDING if possible else FAILED)


@pytest.mark.parametrize(
    ("counts", "remaining", "status"),
    [
        ((4, 0, 1, 0), 4, PENDING),  # seats 1 and 3 need 2 each: 4 tricks left
        ((4, 0, 1, 0), 3, FAILED),
        ((4, 3, 1, 0), 2, PENDING),  # seat 3 needs 2
        ((4, 3, 1, 1), 1, PENDING),
        ((4, 3, 1, 1), 0, FAILED),
        ((4, 3, 1, 5), 1, DONE),  # even winning the last trick, seat 2 stays below everyone
    ],
)
def test_fewer_than_each_shares_the_remaining_tricks(
    counts: tuple[int, ...], remaining: int, status: int
) -> None:
    """Task 63 for seat 2: every other player must end with more tricks than seat 2."""
    assert get_task(63).evaluate(2, ctx("", 4, counts, remaining)) == status
