"""The post-mortem's "yes" is backed by a line from the attempt as it was (issue 48).

Deals are written out card by card, the choices before the tricks are given, and the cards are
played by a fixed simple crew (the lowest legal card), so each attempt is known. Every line is
checked the way ``crew verify`` checks a record: the attempt's actions up to where the line
starts, then the line, replayed through the engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from crew.engine import (
    Action,
    Assign,
    Direction,
    Distress,
    GameState,
    Play,
    Take,
    apply,
    card_str,
    cards_in,
    legal_actions,
    mask_of,
    new_attempt,
    parse_cards,
)
from crew.records import Record, action_to_json, dump_record, record_for, replay
from crew.table.postmortem import PostMortem, post_mortem, winning_line

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve"]

# Five players, mission 30 (the crew hands out the tasks freely)
FIVE = [
    "P2 P4 P6 B7 G2 G4 Y8 S4",
    "P5 P8 B4 B6 G3 G6 Y4 S2",
    "P1 B1 B2 B5 B9 Y1 Y7 S3",
    "P7 B3 G5 G8 Y2 Y3 Y6 S1",
    "P3 P9 B8 G1 G7 G9 Y5 Y9",
]
FIVE_TASKS = [2, 46, 29, 91, 16, 88]
# task #91 to Cas first (after it the attempt is lost), then the others, #2 to Ann among them
FIVE_CHOICES = [Assign(91, 2), Assign(2, 0), Assign(29, 0), Assign(88, 0), Assign(46, 2)]
FIVE_CHOICES += [Assign(16, 2)]


def lowest_card_crew(start: GameState, choices: Sequence[Action]) -> Record:
    """The record of ``start`` with ``choices`` made, then the lowest legal card each time."""
    state, actions = start, list(choices)
    for action in choices:
        state, _ = apply(state, action)
    while not state.result:
        legal = legal_actions(state)
        plays = [a for a in legal if isinstance(a, Play)]
        action = min(plays, key=lambda p: p.card) if plays else legal[0]
        state, _ = apply(state, action)
        actions.append(action)
    assert state.result == "lost"
    players = start.setup.players
    rec = record_for(start, names=NAMES[:players])
    return rec.model_copy(update={"actions": [action_to_json(a) for a in actions]})


def deal(
    mission: int, hands: Sequence[str], tasks: Sequence[int], *, distress: bool = False
) -> GameState:
    masks = [mask_of(parse_cards(h)) for h in hands]
    return new_attempt(
        len(hands), mission, hands=masks, tasks=list(tasks), distress_active=distress
    )


def wins(rec: Record) -> bool:
    """Whether ``rec`` replays through the engine without a broken rule and is won."""
    r = replay(rec)
    return r.violation is None and r.state.result == "won"


def line_record(rec: Record, pm: PostMortem) -> Record:
    """The attempt up to where the post-mortem's line starts, then the line."""
    a = pm.analysis
    assert a is not None and a.line_from is not None and pm.line is not None
    line = [action_to_json(x) for x in pm.line.actions]
    return rec.model_copy(update={"actions": [*rec.actions[: a.line_from], *line]})


def test_an_alternative_is_never_the_choice_that_was_made_and_yes_has_a_line() -> None:
    # It said "giving task #2 to Ann would still have won (No winning line within the time
    # limit.)": the attempt did give #2 to Ann, just after the choice that lost it.
    rec = lowest_card_crew(deal(30, FIVE, FIVE_TASKS), FIVE_CHOICES)
    pm = post_mortem(rec, NAMES)
    assert pm.answer == "yes" and pm.line is not None
    assert pm.text.startswith(
        "Yes: it could have been won. Lost in the task distribution when task #91 went to Cas;"
    )
    tp = pm.analysis.turning_point if pm.analysis else None
    assert tp is not None and tp.taken == Assign(91, 2) and tp.alternatives
    made = set(FIVE_CHOICES)
    assert all(a.task == 91 and a.to != 2 for a in tp.alternatives if isinstance(a, Assign))
    assert not made & set(tp.alternatives)
    assert "task #2" not in pm.text and "No winning line" not in pm.text
    # the line starts with one of the alternatives named, and wins
    assert pm.analysis is not None and pm.analysis.line[0] in tp.alternatives
    assert wins(line_record(rec, pm))


def test_yes_only_with_a_line_that_wins_whatever_the_time_allows() -> None:
    rec = lowest_card_crew(deal(30, FIVE, FIVE_TASKS), FIVE_CHOICES)
    for budget in (0.0, 0.05, 0.2, 0.5, 2.0):
        pm = post_mortem(rec, NAMES, budget=budget)
        assert "No winning line" not in pm.text
        if pm.answer == "yes":
            assert pm.line is not None and pm.text.startswith("Yes:")
            assert wins(line_record(rec, pm))
        else:
            assert pm.line is None and "could have been won" not in pm.text
    pm = post_mortem(rec, NAMES, budget=0)
    assert pm.answer == "undecided"
    assert pm.text == (
        "Undecided: in 0 s the search found neither a way to win nor a proof that there was none."
    )


def test_the_line_after_a_distress_pass_plays_the_cards_as_passed(tmp_path: Path) -> None:
    # task 45 "win the first trick and no other": Ann cannot with S4 and S3. The crew sends
    # the distress signal to the left, each passing their lowest coloured card: Ann's P1 goes
    # to Bob. The line (from the distribution) showed Ann leading P1 all the same.
    hands = [
        "P1 P2 P3 P4 P5 P6 P7 P8 S3 S4",
        "P9 B1 B2 B3 B4 B5 B6 B7 B8 G1",
        "B9 G3 G4 G5 G6 G7 G8 G9 Y1 Y2",
        "G2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 S1 S2",
    ]
    start = deal(3, hands, [45], distress=True)
    passed = tuple(parse_cards("P1 P9 B9 G2"))
    rec = lowest_card_crew(start, [Take(0, 45), Distress(Direction.LEFT, passed)])
    pm = post_mortem(rec, NAMES[:4])
    assert pm.answer == "yes" and pm.line is not None
    assert pm.line_from == "from the task distribution, just before Ann took task #45"
    assert pm.line.before[-1] == "the crew sent the distress signal (left)"
    # every card of the line is played by the seat that held it after the passes
    after = replay(rec, keep_states=True).states[1]  # the attempt after its distress signal
    held = [set(cards_in(h)) for h in after.hands]
    for trick in pm.line.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            assert card in held[seat], (NAMES[seat], card_str(card))
    assert [card_str(c) for c in pm.line.tricks[0].cards][1] == "P1"  # Bob plays Ann's P1
    shown = line_record(rec, pm)
    assert any("distress" in a for a in shown.actions)
    assert wins(shown)
    path = tmp_path / "line.json"
    path.write_text(dump_record(shown))
    verify = subprocess.run(
        [sys.executable, "-m", "crew", "verify", "--json", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    doc = json.loads(verify.stdout)
    assert doc["ok"] is True and doc["result"] == "won"


def test_the_post_mortem_keeps_to_the_time_it_states() -> None:
    # five players, mission 30: undecided after minutes of search
    hands = [
        "P2 P4 P7 P8 B4 G3 G6 S4",
        "P1 P3 P5 P9 B2 B7 G2 G5",
        "B5 B8 G9 Y2 Y4 Y5 Y7 Y9",
        "B3 B6 B9 G7 G8 Y1 Y3 S2",
        "P6 B1 G1 G4 Y6 Y8 S1 S3",
    ]
    choices = [Assign(7, 0), Assign(94, 0), Assign(3, 2), Assign(80, 0), Assign(60, 1)]
    rec = lowest_card_crew(deal(30, hands, [7, 22, 94, 80, 3, 60]), [*choices, Assign(22, 4)])
    t0 = time.perf_counter()
    pm = post_mortem(rec, NAMES, budget=4)
    seconds = time.perf_counter() - t0
    assert seconds <= 4.0, seconds
    if pm.answer == "yes":
        assert wins(line_record(rec, pm))


def test_a_line_that_starts_with_the_card_the_attempt_played_is_not_instead_of_it() -> None:
    rec = lowest_card_crew(deal(30, FIVE, FIVE_TASKS), FIVE_CHOICES)
    pm = post_mortem(rec, NAMES)
    assert pm.line is not None and pm.analysis is not None and pm.analysis.line_from == 0
    state = replay(rec).start
    actions = list(pm.line.actions)
    while not isinstance(actions[0], Play):
        state, _ = apply(state, actions.pop(0))
    first = actions[0]
    assert isinstance(first, Play)
    same = winning_line(state, actions, NAMES.__getitem__, instead_of=first)
    assert same.instead_of is None
    other = next(a for a in legal_actions(state) if isinstance(a, Play) and a != first)
    assert winning_line(state, actions, NAMES.__getitem__, other).instead_of == other.card


def test_a_distress_signal_that_lost_it_is_named_and_the_line_sends_none() -> None:
    hands = [
        "P7 P9 B9 G1 G5 G7 Y2 Y4 Y7 S3",
        "P5 P6 B1 B6 B7 G9 Y6 Y8 S1 S2",
        "P1 P3 P8 G2 G3 G4 G6 G8 Y5 S4",
        "P2 P4 B2 B3 B4 B5 B8 Y1 Y3 Y9",
    ]
    start = deal(1, hands, [41], distress=True)
    signal = Distress(Direction.LEFT, tuple(parse_cards("Y7 P5 P8 B3")))
    rec = lowest_card_crew(start, [Take(2, 41), signal])
    pm = post_mortem(rec, NAMES[:4])
    assert pm.text == (
        "Yes: it could have been won. Lost at trick 1 when the crew sent the distress signal"
        " (left); without the signal, P8 or S4 would still have won."
    )
    assert pm.line is not None and pm.line.before == ("no distress signal",)
    assert pm.line_from == "from trick 1, just before the crew sent the distress signal (left)"
    assert wins(line_record(rec, pm))
