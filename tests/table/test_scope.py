"""A SeatScope can only ask about and act for the seat whose hand is open (issue 20)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

from crew.engine import GiveAll, Play, Signal, Take, View, legal_actions
from crew.table import GameSpec, SeatScope, Session, StepKind


def game() -> Session:
    # three players, mission 1, deal code 7: Bob (seat 1) is captain and takes task 40
    s = Session.new(GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=7), autosave=False)
    s.ack_draw()
    return s


def test_with_no_hand_open_it_tells_nothing_about_any_hand() -> None:
    s = game()
    scope = SeatScope(s)
    assert s.step().kind == StepKind.DISTRIBUTE and scope.hand is None  # Bob's gate is up
    # the old hot seat answered from the whole state: asking whether Cas may show each card
    # as her highest told which colours she holds. Now every answer is the same refusal.
    answers = {scope.illegal(Signal(2, card, "top")) for card in range(36)}
    assert len(answers) == 1 and "only Bob's own actions" in answers.pop()
    before = s.state
    bad = scope.act(Take(1, 40))
    assert bad is not None and s.state is before


def test_with_a_hand_open_only_that_seats_actions_are_asked_about() -> None:
    s = game()
    scope = SeatScope(s)
    s.open_gate()  # Bob's hand
    assert scope.illegal(Take(1, 40)) == ""
    assert "only Bob's own actions" in scope.illegal(Take(0, 40))
    assert scope.act(Take(0, 40)) is not None and s.state.owners == (-1,)
    assert scope.act(Take(1, 40)) is None and s.state.owners == (1,)
    s.decide_distress(None)
    s.open_gate()  # Bob leads trick 1
    cas = next(c for c in range(40) if s.state.hands[2] >> c & 1)
    assert "only Bob's own actions" in scope.illegal(Play(2, cas))
    plays = [a for a in legal_actions(s.state) if isinstance(a, Play)]
    assert scope.illegal(plays[0]) == ""


def test_the_crews_public_choice_is_asked_about_in_public() -> None:
    # mission 6: the crew picks the one member who takes all tasks, in public
    s = Session.new(GameSpec(4, ["Ann", "Bob", "Cas", "Dee"], 6, seed=3), autosave=False)
    s.ack_draw()
    scope = SeatScope(s)
    assert s.step().kind == StepKind.GIVE and not s.step().private
    assert scope.illegal(GiveAll(2)) == ""
    assert scope.act(GiveAll(2)) is None


def test_events_do_not_hand_out_the_distress_passes() -> None:
    s = game()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress("left")
    passed = {}
    for _ in range(3):
        s.open_gate()
        seat = s.step().seat
        card = next(c for c in range(36) if s.state.hands[seat] >> c & 1)  # no submarine
        passed[seat] = card
        assert s.choose_distress_card(card) is None
    assert s.state.distress == "left"
    engine = [e for e in s.last_events if e.kind == "distress"]
    assert engine and engine[0].exchange  # the session keeps every pass (it is the table)
    scope = SeatScope(s)
    shown = [e for e in scope.last_events if e.kind == "distress"]
    assert shown and shown[0].exchange == ()
    # each crew member sees their own pair only, behind their gate
    assert scope.distress_swap() is None  # no hand open: nobody's pair
    s.open_gate()
    viewer = s.step().viewer
    swap = scope.distress_swap()
    assert swap is not None and swap[0] == passed[viewer]  # the card this member passed


#: the scope's members that change the table or hand a job to a worker (no cards in them)
COMMANDS = {"act", "answer", "choose", "close_gate", "hint", "open_gate", "peek", "question"}
COMMANDS |= {"hand_out_marks", "holds_now", "undo", "wishes"}


def handed_out(scope: SeatScope) -> list[tuple[str, object]]:
    """Everything the scope hands a screen now: each property, and each question it answers
    for every seat or card (the commands and the jobs for workers aside)."""
    out: list[tuple[str, object]] = []
    for name in dir(SeatScope):
        if name.startswith("_") or name in COMMANDS:
            continue
        member = getattr(scope, name)
        if not callable(member):
            out.append((name, member))
            continue
        params = list(inspect.signature(member).parameters)
        if params == []:
            out.append((name, member()))
        elif params == ["seat"]:
            out.extend((f"{name}({seat})", member(seat)) for seat in range(scope.seats))
        elif params == ["card"]:
            out.extend((f"{name}({card})", member(card)) for card in range(40))
        else:
            assert params == ["action"], f"{name}{params}: say how the test asks it"
    return out


def cards_in(value: object) -> Iterator[tuple[int, tuple[int, ...]]]:
    """The hands in ``value`` as (seat, cards), however deep in it they are."""
    if isinstance(value, View):
        yield value.seat, value.hand
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)


def only_the_open_hand(s: Session) -> None:
    scope = SeatScope(s)
    open_seat = s.gate.hand_seat
    own = set(scope.hand.hand) if scope.hand is not None else set()
    for name, value in handed_out(scope):
        for seat, hand in cards_in(value):
            assert not hand or seat == open_seat, f"{name} hands out seat {seat}'s cards"
        if name in ("legal_cards", "losing_cards", "passable", "showable"):
            assert isinstance(value, (set, list)) and set(value) <= own, name


def test_nothing_the_scope_hands_out_holds_a_hand_but_the_open_one() -> None:
    # the property the screens' source check stands for, checked on the scope itself: a whole
    # hot-seat game with a distress signal, every step asked before and after its gate opens
    s = game()
    kinds = set()
    while not s.state.over:
        only_the_open_hand(s)
        step = s.step()
        if step.kind == StepKind.DISTRESS:
            s.decide_distress("left")
            continue
        s.open_gate()
        only_the_open_hand(s)
        kinds.add(step.kind)
        if step.kind == StepKind.DISTRESS_CARD:
            own = [c for c in range(36) if s.state.hands[step.seat] >> c & 1]
            assert s.choose_distress_card(own[0]) is None
        else:
            assert s.act(legal_actions(s.state)[0]) is None
    assert {StepKind.DISTRIBUTE, StepKind.DISTRESS_CARD, StepKind.PLAY} <= kinds
    assert s.state.distress == "left"


def test_hand_out_marks_answer_for_the_moment_they_were_made_for() -> None:
    # four players, mission 24, deal code vp1-24-0: once Bob (#7), Cas (#74) and Dee (#63)
    # hold their tasks, Ann taking #75 leaves #28 to Bob beside his #7, where it can never
    # succeed; before Dee took hers, the same take dooms nothing yet
    s = Session.new(GameSpec(4, ["Ann", "Bob", "Cas", "Dee"], 24, seed="vp1-24-0"), autosave=False)
    s.ack_draw()
    scope = SeatScope(s)
    for seat, task in ((1, 7), (2, 74), (3, 63)):
        early = scope.hand_out_marks([Take(0, 75), Take(0, 28)], here=True)
        assert scope.holds_now(early)
        s.open_gate()
        assert scope.act(Take(seat, task)) is None
        assert not scope.holds_now(early)  # the table has moved on
    marks = scope.hand_out_marks([Take(0, 75), Take(0, 28)], here=True)
    assert not marks.done and marks.work_out() is marks and marks.done
    assert marks.choices == {Take(0, 75): (7, 28), Take(0, 28): None}
    assert marks.here is None  # Ann may still take #28
    # the marks made before Dee's take, worked out late, answer for that moment
    assert early.work_out().choices[Take(0, 75)] is None
