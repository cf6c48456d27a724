"""A SeatScope can only ask about and act for the seat whose hand is open (issue 20)."""

from __future__ import annotations

from crew.engine import GiveAll, Play, Signal, Take, legal_actions
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
