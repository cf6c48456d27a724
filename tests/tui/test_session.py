"""The TUI's game controller: gates, phases, autosave, continue, logbook, clock (no Textual)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_hands import advance, attempt, communicators, session_for

from crew import storage
from crew.engine import (
    Assign,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    Volunteer,
    cards_in,
    distress_possible,
    legal_actions,
    mask_of,
    may_communicate,
    new_attempt,
    parse_card,
    parse_cards,
    signal_card_illegal,
)
from crew.engine.cards import BLUE, PINK, SUB, SUIT_MASKS, suit_of
from crew.records import replay
from crew.table import GameSpec, Session, SessionError, Step, StepKind
from crew.table.scope import legal_cards, losing_cards

# Ann (seat 0) 14 cards, Bob (seat 1, captain: S4), Cas (seat 2). Task 40: win the first trick.
#   Ann: P1 P2 P3 P4 P6 P7 P8 B3 B4 B5 B6 B7 B9 G1
#   Bob: P9 B1 B8 G2-G9 Y1 S4
#   Cas: P5 B2 Y2-Y9 S1 S2 S3
DEAL = ["P1 P2 B9 G1", "S4 P9 B1", "P5 B2 Y9"]
C = parse_card


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def mission1() -> Session:
    return session_for(attempt(3, 1, DEAL, [40]), ["Ann", "Bob", "Cas"])


def to_first_trick(s: Session) -> None:
    """Draw, Bob takes task 40, the distress question: the first trick's lead is next."""
    s.ack_draw()
    s.open_gate()
    assert s.act(Take(1, 40)) is None
    s.decide_distress(None)


def test_steps_and_gates_through_distribution() -> None:
    s = mission1()
    assert s.step().kind == StepKind.DRAW and s.gate_seat() is None  # shown to all
    s.ack_draw()
    step = s.step()
    assert (step.kind, step.seat, step.viewer) == (StepKind.DISTRIBUTE, 1, 1)
    assert s.gate_seat() == 1 and s.hand_view() is None  # no hand before Bob's gate
    s.open_gate()
    assert s.gate_seat() is None
    assert s.hand_view() is not None and s.hand_view().hand == tuple(
        parse_cards("P9 B1 B8 G2 G3 G4 G5 G6 G7 G8 G9 Y1 S4")
    )
    assert s.act(Take(1, 40)) is None
    # distress question: public, so Bob's hand is gone and nobody is unlocked
    assert s.step().kind == StepKind.DISTRESS
    assert s.unlocked is None and s.hand_view() is None


def test_illegal_play_keeps_state_and_names_the_player() -> None:
    s = mission1()
    to_first_trick(s)
    assert s.step().kind == StepKind.PLAY and s.gate_seat() == 1
    s.open_gate()
    assert s.act(Play(1, C("P9"))) is None  # Bob leads pink 9
    assert s.gate_seat() == 2  # Cas next, behind her own gate
    s.open_gate()
    before = s.state
    saved = list(s.record.actions)
    bad = s.act(Play(2, C("Y9")))  # Cas holds P5: she must follow pink
    assert bad is not None and bad.code == "MUST_FOLLOW_SUIT"
    assert "Cas holds a card of that colour" in bad.message
    assert s.state is before and s.record.actions == saved
    assert storage.load_game().actions == saved  # nothing new was saved either
    assert legal_cards(s.state) == {C("P5")}


def test_first_trick_won_by_captain_wins_the_mission() -> None:
    s = mission1()
    to_first_trick(s)
    for seat, card in ((1, "P9"), (2, "P5"), (0, "P8")):
        s.open_gate()
        assert s.act(Play(seat, C(card))) is None
    assert s.state.result == "won"
    assert s.step().kind == StepKind.RESULT and s.gate_seat() is None
    assert s.state.decided == (1,)


def test_no_gate_between_consecutive_actions_of_one_player() -> None:
    # mission 16 untimed: no communication at all, so no window between tricks. Cas wins
    # trick 1 with its last card and leads trick 2 without a new gate.
    #   Ann: S4 B1 P2-P8 B2-B6   Bob: P9 B9 B7 B8 G1-G9   Cas: P1 Y1-Y9 S1 S2 S3
    state = attempt(3, 16, ["S4 B1", "P9 B9", "P1"], [2])
    s = session_for(state, ["Ann", "Bob", "Cas"])
    assert state.setup.captain == 0
    s.ack_draw()
    # one volunteer: the captain asks Bob first
    assert s.step().kind == StepKind.VOLUNTEER and s.gate_seat() == 1
    s.open_gate()
    assert s.act(Volunteer(1, True)) is None
    s.decide_distress(None)
    assert s.step().kind == StepKind.PLAY and s.step().seat == 0  # no communication window
    for seat, card in ((0, "B1"), (1, "B7"), (2, "S1")):
        assert s.gate_seat() == seat
        s.open_gate()
        assert s.act(Play(seat, C(card))) is None
    assert s.state.tricks[0].winner == 2  # the submarine wins
    assert s.step() == Step(StepKind.PLAY, 2, 2)
    assert s.gate_seat() is None  # Cas acts twice in a row: no gate
    assert s.hand_view() is not None and s.hand_view().seat == 2


def test_communication_window_uses_public_facts_only() -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    # no question of its own: the leader's step offers signalling first, on public facts
    assert s.step().kind == StepKind.PLAY and s.step().seat == 1
    assert s.signal_first() == [0, 1, 2]
    assert s.start_signal(2) is None
    assert s.step().kind == StepKind.SIGNAL and s.gate_seat() == 2
    s.open_gate()
    assert signal_card_illegal(s.state, 2, C("Y5")) is not None  # neither highest, lowest nor only
    assert signal_card_illegal(s.state, 2, C("S1")).code == "CANNOT_SIGNAL_SUBMARINE"
    bad = s.signal(C("P5"), "top")  # her only pink may only be shown as 'only'
    assert bad is not None and bad.code == "SIGNAL_NOT_TRUE"
    assert s.signal(C("P5"), "middle") is None
    assert s.record.actions[-1] == {"signal": "P5", "seat": 2, "position": "middle"}
    # back to the leader, behind Bob's gate; Cas's token is used
    assert s.step().kind == StepKind.PLAY and s.gate_seat() == 1
    assert s.signal_first() == [0, 1]
    assert may_communicate(s.state, 2).code == "TOKEN_ALREADY_USED"
    s.open_gate()
    assert s.act(Play(1, C("S4"))) is None
    assert s.signal_first() == []  # the trick is under way: no signal until the next one


def test_distress_collects_one_card_per_member_behind_each_gate() -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    assert distress_possible(s.state)
    s.decide_distress("left")
    order = []
    for card in ("P1", "P9", "S1"):
        step = s.step()
        assert step.kind == StepKind.DISTRESS_CARD
        order.append(s.gate_seat())
        s.open_gate()
        bad = s.choose_distress_card(C(card))
        if card == "S1":
            assert bad is not None and bad.code == "CANNOT_PASS_SUBMARINE"
            assert s.choose_distress_card(C("Y9")) is None
    assert order == [0, 1, 2]
    # one distress action, passed to the left: Ann -> Bob -> Cas -> Ann
    assert s.record.actions[-1] == {"distress": "left", "cards": ["P1", "P9", "Y9"]}
    assert s.state.hands[1] >> C("P1") & 1 and s.state.hands[2] >> C("P9") & 1
    assert s.state.hands[0] >> C("Y9") & 1
    assert not distress_possible(s.state)
    assert s.step().kind == StepKind.PLAY and s.signal_first() == [0, 1, 2]


def test_autosave_after_every_action_and_continue_at_the_same_gate() -> None:
    s = mission1()
    to_first_trick(s)
    s.open_gate()
    s.act(Play(1, C("P9")))
    rec = storage.load_game()
    assert rec is not None and rec.actions == s.record.actions
    again = Session.resume(rec)
    assert replay(rec).state == s.state == again.state
    # a continued game never shows a hand directly: Cas's gate comes first
    assert again.step().kind == StepKind.PLAY and again.gate_seat() == 2
    assert again.hand_view() is None
    assert again.names == ["Ann", "Bob", "Cas"] and again.base_seed == 99


def test_campaign_logbook_counts_attempts_and_distress_once() -> None:
    state = attempt(3, 1, DEAL, [40])
    s = session_for(state, ["Ann", "Bob", "Cas"], crew="Otters", seed=5)
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress("right")
    for card in ("P1", "B1", "B2"):  # Ann, Bob, Cas in seat order
        s.open_gate()
        assert s.choose_distress_card(C(card)) is None
    assert s.state.distress == "right"
    # right: Ann -> Cas, Bob -> Ann, Cas -> Bob. Bob leads B2; Ann (B1 B3..B9) plays B9 and wins.
    for seat, card in ((1, "B2"), (2, "P5"), (0, "B9")):
        s.open_gate()
        bad = s.act(Play(seat, C(card)))
        assert bad is None, bad
    assert s.state.result == "lost" and s.state.reason.startswith("task 40")
    ml = storage.load_log().crews["Otters"].missions[1]
    assert (ml.attempts, ml.distress, ml.won_on) == (1, True, None)
    assert storage.logged_attempts(ml) == 2
    assert "1 attempt (+1 for the distress signal) = 2" in s.logbook_line()
    # continuing the finished game does not write it twice
    Session.resume(storage.load_game())
    assert storage.load_log().crews["Otters"].missions[1].attempts == 1
    # retry: attempt 2, a new deal from the seed, the same task, distress still active
    s.retry(same_tasks=True)
    assert s.attempt == 2 and s.record.seed == "5/2"
    assert s.state.setup.task_ids == (40,) and s.state.setup.distress_active
    assert s.step().kind == StepKind.DRAW and s.record.actions == []


def test_retry_with_new_tasks_draws_others() -> None:
    s = Session.new(GameSpec(4, [], 5, seed=7), autosave=True)
    first = s.state.setup.task_ids
    s.retry(same_tasks=False)
    assert s.attempt == 2 and not set(first) & set(s.state.setup.task_ids)
    assert s.state == new_attempt(4, 5, seed="7/2", exclude_tasks=first)


def two_players(task: int) -> Session:
    """Ann (captain, S4) and Bob; Tonoja's face-up cards P1 B1 G1 Y1 P2 B2 G2."""
    up = parse_cards("P1 B1 G1 Y1 P2 B2 G2")
    down = parse_cards("P3 B3 G3 Y3 P4 B4 G4")
    ann = mask_of(parse_cards("S4 S1 P5 P6 P7 B5 B6 B7 G5 G6 G7 Y2 Y4"))
    bob = mask_of(parse_cards("S2 S3 P8 P9 B8 B9 G8 G9 Y5 Y6 Y7 Y8 Y9"))
    state = new_attempt(
        2, 1, hands=[ann, bob, mask_of(up)], piles=list(zip(down, up, strict=True)), tasks=[task]
    )
    return session_for(state, ["Ann", "Bob"])


def test_captain_predicts_for_tonoja() -> None:
    s = two_players(83)
    s.ack_draw()
    for seat in (0, 1):
        s.open_gate()
        assert s.act(Pass(seat)) is None
    s.open_gate()
    assert s.act(Take(2, 83)) is None
    s.decide_distress(None)
    step = s.step()
    assert (step.kind, step.seat, step.viewer) == (StepKind.PREDICT, 2, 0)
    assert s.gate_seat() == 0
    s.open_gate()
    assert s.hand_view().seat == 0
    assert s.act(Predict(2, 4)) is None
    assert s.state.predictions[2] == 4 and s.step().kind == StepKind.PLAY


def test_two_players_captain_decides_for_tonoja_behind_his_gate() -> None:
    s = two_players(40)
    s.ack_draw()
    s.open_gate()  # Ann, captain
    assert s.act(Pass(0)) is None
    assert s.gate_seat() == 1
    s.open_gate()
    assert s.act(Pass(1)) is None
    step = s.step()
    assert (step.kind, step.seat, step.viewer) == (StepKind.DISTRIBUTE, 2, 0)
    assert s.gate_seat() == 0  # the captain chooses for Tonoja, behind the captain's gate
    s.open_gate()
    assert s.act(Pass(2)).code == "MUST_TAKE"  # the task must be placed in this round
    assert s.act(Take(2, 40)) is None
    assert communicators(s.state) == [0, 1]  # Tonoja never signals
    s.decide_distress(None)
    for seat, card in ((0, "P5"), (1, "P8")):
        s.open_gate()
        assert s.act(Play(seat, C(card))) is None
    step = s.step()
    assert (step.kind, step.seat, step.viewer) == (StepKind.PLAY, 2, 0)
    assert s.gate_seat() == 0
    s.open_gate()
    assert legal_cards(s.state) == {C("P1"), C("P2")}  # her face-up pinks
    assert s.act(Play(2, C("B1"))).code == "MUST_FOLLOW_SUIT"
    assert s.act(Play(2, C("P2"))) is None
    assert s.state.tricks[0].winner == 1  # Bob's P8 wins; Tonoja's task fails
    assert s.state.result == "lost"


def test_time_runs_after_distribution_and_time_up_loses() -> None:
    # mission 14 draws tasks to difficulty 6 for three players: 1 + 4 + 1
    state = attempt(3, 14, DEAL, [40, 15, 1], timed=True)
    s = session_for(state, ["Ann", "Bob", "Cas"])
    assert s.time_left == 210.0 and not s.clock_running
    assert not s.tick(500)  # not started during the volunteer question
    assert s.time_left == 210.0
    s.ack_draw()
    s.open_gate()
    assert s.step().kind == StepKind.VOLUNTEER and s.step().seat == 2  # left of captain Bob
    assert s.act(Volunteer(2, True)) is None
    assert s.clock_running
    assert not s.tick(200.0) and s.time_left == pytest.approx(10.0)
    assert s.tick(10.0)
    assert s.state.result == "lost" and s.state.reason == "time ran out"
    assert s.record.actions[-1] == {"time_up": True}
    assert s.step().kind == StepKind.RESULT


def test_new_game_spec_checks_names_and_missions() -> None:
    with pytest.raises(SessionError, match="2 names for 3 players"):
        GameSpec(3, ["Ann", "Bob"], 1).checked()
    with pytest.raises(SessionError, match="Tonoja"):
        GameSpec(2, ["Ann", "Tonoja"], 1).checked()
    with pytest.raises(SessionError, match="not a real-time mission"):
        GameSpec(3, [], 5, timed=True).checked()
    spec = GameSpec(3, [], 1).checked()
    assert spec.names == ["Ann", "Bob", "Cas"] and spec.seed is not None


def test_campaign_crew_continues_at_its_next_mission() -> None:
    log = storage.load_log()
    log = storage.note_attempt(log, "Rays", 4, won=True, distress=False, members=["A", "B", "C"])
    log = storage.note_attempt(log, "Rays", 5, won=False, distress=True)
    storage.save_log(log)
    assert log.crews["Rays"].current == 5
    s = Session.new(GameSpec(3, [], 5, seed=3, crew="Rays"))
    # mission 5 already had one failed attempt with distress: this is attempt 2, distress active
    assert s.attempt == 2 and s.state.setup.distress_active
    assert s.state.setup.rules.mission == 5


def test_reasons_name_the_crew_members() -> None:
    s = two_players(40)
    s.ack_draw()
    s.open_gate()
    # the engine's template, filled with names: no seat numbers
    bad = s.act(Take(1, 40))
    assert bad is not None and bad.code == "NOT_YOUR_TURN"
    assert "seat" not in bad.message and "Ann" in bad.message and "Bob" in bad.message


def test_a_won_mission_moves_the_campaign_on() -> None:
    s = session_for(attempt(3, 1, DEAL, [40]), ["Ann", "Bob", "Cas"], crew="Otters")
    to_first_trick(s)
    for seat, card in ((1, "S4"), (2, "S1"), (0, "P1")):  # Bob's S4 wins trick 1
        s.open_gate()
        assert s.act(Play(seat, C(card))) is None
    assert s.state.result == "won"
    crew = storage.load_log().crews["Otters"]
    assert crew.current == 2 and crew.missions[1].won_on is not None
    s.next_mission()
    assert s.mission == 2 and s.attempt == 1 and s.crew == "Otters"
    assert not s.state.setup.distress_active and s.step().kind == StepKind.DRAW
    assert storage.load_game().mission == 2


def test_table_notes_travel_inside_the_saved_record(crew_home: Path) -> None:
    s = mission1()
    s.crew = "Otters"
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    saved = storage.load_game()
    assert saved.table is not None and saved.table.crew == "Otters"
    assert sorted(p.name for p in (crew_home / "saves").iterdir()) == ["current.json"]
    again = Session.resume(saved)
    assert again.state == s.state and again.crew == "Otters"
    assert again.base_seed == s.base_seed


def test_continue_does_not_ask_answered_questions_again(crew_home: Path) -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    after_distress = s.step().kind
    again = Session.resume(storage.load_game())
    assert again.step().kind == after_distress  # not the distress question again
    assert again.gate_seat() == s.state.turn  # but the player to act passes a gate first


def test_distress_exchange_tells_each_member_what_went_where() -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    assert s.distress_exchange(0) is None  # no distress signal yet
    s.decide_distress("left")
    for card in ("P1", "P9", "Y9"):  # Ann -> Bob, Bob -> Cas, Cas -> Ann
        s.open_gate()
        assert s.choose_distress_card(C(card)) is None
    # (passed, to, received, from) for each seat
    assert s.distress_exchange(0) == (C("P1"), 1, C("Y9"), 2)
    assert s.distress_exchange(1) == (C("P9"), 2, C("P1"), 0)
    assert s.distress_exchange(2) == (C("Y9"), 0, C("P9"), 1)
    assert s.state.hands[0] >> C("Y9") & 1  # what Ann is told she got, she holds


def test_distress_exchange_to_the_right() -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress("right")
    for card in ("P1", "B1", "B2"):  # Ann -> Cas, Bob -> Ann, Cas -> Bob
        s.open_gate()
        assert s.choose_distress_card(C(card)) is None
    assert s.distress_exchange(0) == (C("P1"), 2, C("B1"), 1)
    assert s.distress_exchange(1) == (C("B1"), 0, C("B2"), 2)
    assert s.state.hands[1] >> C("B2") & 1


def test_running_clock_is_saved_now_and_then(crew_home: Path) -> None:
    state = attempt(3, 14, DEAL, [40, 42, 44], timed=True)
    s = session_for(state, ["Ann", "Bob", "Cas"])
    s.ack_draw()
    s.open_gate()
    assert s.act(Volunteer(2, True)) is None and s.clock_running

    def saved_clock() -> float | None:
        rec = storage.load_game()
        assert rec is not None and rec.table is not None
        return rec.table.time_left

    assert saved_clock() == 210.0
    s.tick(2.0)
    assert saved_clock() == 210.0  # not every tick is written
    s.tick(3.5)
    assert saved_clock() == pytest.approx(204.5)  # 5 s or more: written
    # a killed terminal continues with the saved clock
    again = Session.resume(storage.load_game())  # type: ignore[arg-type]
    assert again.time_left == pytest.approx(204.5)


def test_two_volunteers_are_named_when_somebody_else_is_given_a_task() -> None:
    # mission 26, four players, Ann (seat 0) holds S4: Bob, Cas, Dee, then Ann are asked
    state = attempt(4, 26, ["S4", "S3", "S2", "S1"], [1, 2, 3])
    s = session_for(state, ["Ann", "Bob", "Cas", "Dee"])
    s.ack_draw()
    for seat, yes in ((1, False), (2, True), (3, True)):
        assert s.step().kind == StepKind.VOLUNTEER and s.step().seat == seat
        s.open_gate()
        assert s.act(Volunteer(seat, yes)) is None
    assert s.state.volunteers == (2, 3) and s.step().kind == StepKind.ASSIGN
    bad = s.act(Assign(1, 0))
    assert bad is not None and bad.code == "NOT_A_VOLUNTEER"
    assert bad.message == "only the volunteers Cas and Dee share the tasks, not Ann"
    assert s.act(Assign(1, 2)) is None and s.state.owners[0] == 2


async def test_a_failed_save_on_quitting_is_reported(crew_home: Path, monkeypatch) -> None:
    from crew.tui.app import AppSettings, create_app

    app = create_app(AppSettings(players=3, mission=1, seed=7, names="Ann,Bob,Cas"))
    async with app.run_test(size=(80, 24)):

        def broken(rec: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(storage, "save_game", broken)
        app.save_now()
    assert "could not be saved" in app.save_error and "disk full" in app.save_error
    # what failed and why, without the advice to play on (crew has closed)
    assert "You can play on" not in app.save_error


def test_a_save_problem_says_what_failed_and_why_in_both_languages() -> None:
    from crew import i18n
    from crew.table.campaign import SaveProblem, cannot_write

    problem = cannot_write("the logbook", OSError(28, "No space left on device", "/x/log.json"))
    assert problem == SaveProblem("the logbook", "No space left on device", "/x/log.json")
    assert problem.short() == "the logbook cannot be saved: No space left on device (/x/log.json)"
    assert str(problem).startswith(problem.short() + ". You can play on")
    i18n.set_language("nl")
    try:
        assert problem.short() == (
            "het logboek kan niet worden opgeslagen: No space left on device (/x/log.json)"
        )
        assert str(problem).startswith(problem.short() + ". Je kunt verder spelen")
    finally:
        i18n.set_language("en")


def test_continue_resumes_distress_cards_already_chosen(crew_home: Path) -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress("left")
    for card in ("P1", "P9"):  # Ann and Bob have chosen; Cas has not (the terminal dies)
        s.open_gate()
        assert s.choose_distress_card(C(card)) is None
    again = Session.resume(storage.load_game())
    step = again.step()
    assert step.kind == StepKind.DISTRESS_CARD and step.seat == 2  # Cas, not Ann again
    assert again.gate_seat() == 2  # behind Cas's gate
    assert dict(again.table.distress_cards) == {0: C("P1"), 1: C("P9")}
    again.open_gate()
    assert again.choose_distress_card(C("Y9")) is None
    assert again.distress_exchange(0) == (C("P1"), 1, C("Y9"), 2)


def test_continue_resumes_a_signal_being_chosen(crew_home: Path) -> None:
    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    seat = communicators(s.state)[0]
    assert s.start_signal(seat) is None
    again = Session.resume(storage.load_game())
    # the signaller chooses the card behind their gate again
    assert again.step().kind == StepKind.SIGNAL and again.step().seat == seat
    assert again.gate_seat() == seat


def test_continue_announces_the_signal_made_just_before_the_terminal_closed(
    crew_home: Path,
) -> None:
    from crew.table import SeatScope
    from crew.tui.render import news_text

    s = mission1()
    s.ack_draw()
    s.open_gate()
    s.act(Take(1, 40))
    s.decide_distress(None)
    seat = communicators(s.state)[0]
    assert s.start_signal(seat) is None
    s.open_gate()
    sig = next(a for a in legal_actions(s.state) if isinstance(a, Signal) and a.seat == seat)
    assert s.signal(sig.card, sig.position) is None
    said = news_text(SeatScope(s)).plain
    assert "signalled" in said
    again = Session.resume(storage.load_game())
    assert news_text(SeatScope(again)).plain == said


def test_the_cards_that_lose_at_once_come_from_the_engine() -> None:
    # mission 12: no trick may be opened with pink or a submarine. Ann (captain, S4) leads
    # holding P1 P2 (and fill-up pinks): every pink and the S4 lose at once, the blue B1 and
    # green G1 do not; once a trick is led, following never breaks the condition
    state = attempt(4, 12, ["S4 P1 P2 B1 G1", "P9 B2", "B3 B4", "Y1 Y2"], [])
    s = session_for(state)
    advance(s, lambda s, step: step.kind == StepKind.PLAY)
    s.open_gate()
    assert s.step().seat == 0
    ann = s.state.hands[0]
    assert losing_cards(s.state) == {c for c in cards_in(ann) if suit_of(c) in (PINK, SUB)}
    assert C("B1") in legal_cards(s.state) and C("B1") not in losing_cards(s.state)
    assert s.act(Play(0, C("S4"))) is None
    assert s.state.result == "lost"  # the engine's own verdict, the one losing_cards foresaw
    s2 = session_for(state)
    advance(s2, lambda s, step: step.kind == StepKind.PLAY)
    s2.open_gate()
    assert s2.act(Play(0, C("B1"))) is None
    s2.open_gate()
    assert s2.step().seat == 1 and losing_cards(s2.state) == set()


def test_the_last_card_of_a_trick_that_breaks_a_task_loses_at_once() -> None:
    # mission 3 with task 50 (win no trick at all), which Ann, the captain, takes; she leads
    # B9. Bob and Cas must follow blue below it; Dee has no blue: a submarine takes the trick
    # from Ann, any other card leaves it to her, and the task fails with that card
    state = attempt(4, 3, ["S4 B9", "B1", "B2", "S1 Y1"], [50])
    s = session_for(state)
    advance(s, lambda s, step: step.kind == StepKind.PLAY)
    assert s.state.owners == (0,)
    for seat, card in ((0, "B9"), (1, "B1"), (2, "B2")):
        s.open_gate()
        assert losing_cards(s.state) == set()
        assert s.act(Play(seat, C(card))) is None
    s.open_gate()
    dee = s.state.hands[3]
    assert not dee & SUIT_MASKS[BLUE] and dee & SUIT_MASKS[SUB]
    assert losing_cards(s.state) == {c for c in cards_in(dee) if suit_of(c) != SUB}
    assert s.act(Play(3, C("Y1"))) is None and s.state.result == "lost"
