"""What the table shows (issue 9, items 7 and 9 and the small things): Tonoja's piles as piles,
the trick under way with who is winning it, the winner of a finished trick on the next gate,
the acting seat marked, the Last trick key only once there is one, the two-player swap."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from tui_driver import Player, drive_until, screen_text, shown
from tui_hands import advance, at_first_card, begun, communicators

from crew.engine import (
    Distress,
    Phase,
    Play,
    Take,
    distress_choices,
    legal_actions,
)
from crew.present import card_label
from crew.table import GameSpec, SeatScope, Session, StepKind
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.render import crew_table, news_text, status_text, tonoja_text
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.title import TitleScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def text_of(renderable: object, width: int = 78) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def to_first_play(s: Session) -> None:
    advance(s, lambda s, step: step.kind == StepKind.PLAY, limit=100)


def tonoja_piles(s: Session) -> list[str]:
    """Tonoja's piles as the table writes them, one word each."""
    text = text_of(tonoja_text(SeatScope(s)))
    assert all(len(line) <= 78 for line in text.splitlines()), text
    assert text.startswith("Tonoja: ")
    return text.removeprefix("Tonoja: ").split("(+1 face down)")[0].split()


def test_tonoja_piles_read_as_face_up_cards_with_the_cards_under_them() -> None:
    # it read "[♥P6/▒]" and "[  —/▒]" (issue 48): now the face-up card, "+1" for the card face
    # down under it (said once on the line), "—+1" before that card turns up, "empty"
    s = Session.new(GameSpec(2, ["Ann", "Bob"], 5, seed=3), autosave=False)
    v = s.public_view()
    piles = tonoja_piles(s)
    assert piles == [card_label(up) + "+1" for up in v.tonoja_up]
    assert "(+1 face down)" in text_of(tonoja_text(SeatScope(s)))
    seen: set[str] = set()
    to_first_play(s)
    while not s.state.over:
        play = next(a for a in legal_actions(s.state) if isinstance(a, Play))
        s.act(play)
        if not s.state.over:
            to_first_play(s)
        v = s.public_view()
        piles = tonoja_piles(s)
        legend = "(+1 face down)" in text_of(tonoja_text(SeatScope(s)))
        assert legend == any(v.tonoja_down)
        assert len(piles) == 7
        for word, up, down in zip(piles, v.tonoja_up, v.tonoja_down, strict=True):
            if up >= 0:
                assert word == card_label(up) + ("+1" if down else "")
            else:
                assert word == ("—+1" if down else "empty")
            seen.add("card" if up >= 0 else word)
    assert {"card", "—+1", "empty"} <= seen


def test_the_trick_under_way_shows_who_is_winning_it() -> None:
    s = Session.new(GameSpec(4, ["Ann", "Bob", "Cas", "Dee"], 1, seed=7), autosave=False)
    to_first_play(s)
    assert "leads…" in text_of(crew_table(SeatScope(s)))
    for _ in range(2):
        s.act(next(a for a in legal_actions(s.state) if isinstance(a, Play)))
    from crew.engine.tricks import trick_winner

    seats, cards = s.state.trick_seats, s.state.trick_cards
    ahead = s.name(seats[trick_winner(cards)])
    rows = [line for line in text_of(crew_table(SeatScope(s))).splitlines() if "◆wins" in line]
    assert len(rows) == 1 and ahead in rows[0]
    assert any(" led" in line for line in text_of(crew_table(SeatScope(s))).splitlines())


def test_the_news_line_says_what_the_last_action_did() -> None:
    s = Session.new(GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=7), autosave=False)
    s.ack_draw()
    s.open_gate()
    take = legal_actions(s.state)[0]
    assert isinstance(take, Take) and s.act(take) is None
    who = s.name(take.seat)
    assert news_text(SeatScope(s)).plain == f"{who} took task #{take.task}."
    to_first_play(s)
    for _ in range(3):
        s.act(next(a for a in legal_actions(s.state) if isinstance(a, Play)))
    # the last card of the trick: what it was, who won, and the task it decided
    trick = s.state.tricks[0]
    done = "done" if s.state.result == "won" else "FAILED"
    best = trick.cards[trick.seats.index(trick.winner)]
    assert news_text(SeatScope(s)).plain == (
        f"{s.name(trick.seats[-1])} played {card_label(trick.cards[-1])}.  "
        f"Trick 1 won by {s.name(trick.winner)} with {card_label(best)}.  "
        f"Task #{take.task} ({who}) {done}."
    )


def test_the_marker_follows_the_seat_that_signals() -> None:
    s = Session.new(GameSpec(4, ["Ann", "Bob", "Cas", "Dee"], 3, seed=11), autosave=False)
    advance(s, lambda s, step: s.state.phase == Phase.PLAY and bool(s.signal_first()))
    signaller = next(seat for seat in communicators(s.state) if seat != s.state.turn)
    assert s.start_signal(signaller) is None
    marked = [line for line in text_of(crew_table(SeatScope(s))).splitlines() if "▶" in line]
    assert len(marked) == 1 and s.name(signaller) in marked[0]


def test_two_players_swap_in_the_header() -> None:
    s = Session.new(GameSpec(2, ["Ann", "Bob"], 3, seed=4), autosave=False)
    for _ in range(100):
        if s.step().kind == StepKind.DISTRESS:
            break
        step = s.step()
        if step.kind == StepKind.DRAW:
            s.ack_draw()
        else:
            assert s.act(legal_actions(s.state)[0]) is None
    cards = tuple(c[0] for c in distress_choices(s.state))
    assert s.act(Distress("left", cards)) is None
    header = status_text(SeatScope(s), 200).plain
    assert "distress: swapped" in header and "left" not in header


def at_trick_two_gate(app: CrewApp) -> bool:
    s = app.session
    return (
        isinstance(app.screen, GateScreen)
        and s is not None
        and s.state.trick_number == 2
        and not s.state.trick_cards
    )


async def test_the_next_gate_announces_the_trick_winner_and_last_trick_waits() -> None:
    # mission 3, deal code 11: the distribution is played against the Session by the crew of
    # tui_driver.Player; from the gate of trick 1's first card on, everything is keyed
    s = begun(4, 3, 11, at_first_card, "Ann,Bob,Cas,Dee")
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(s)
        # before trick 1 there is no last trick: the key is not offered
        await drive_until(
            pilot,
            app,
            Player(),
            lambda a: (
                isinstance(a.screen, GameScreen)
                and a.session is not None
                and a.session.step().kind == StepKind.PLAY
                and a.session.gate_seat() is None
            ),
        )
        assert "Last trick" not in screen_text(app).splitlines()[-1]
        await drive_until(pilot, app, Player(), at_trick_two_gate)
        s = app.session
        assert s is not None
        winner = s.name(s.state.tricks[0].winner)
        text = await shown(pilot, app, f"Trick 1 went to {winner}.")
        assert f"Trick 1 went to {winner}." in text, text


async def test_the_title_names_a_finished_attempt_for_what_it_is() -> None:
    s = Session.new(GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=7))
    to_first_play(s)
    while not s.state.over:
        s.act(next(a for a in legal_actions(s.state) if isinstance(a, Play)))
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        text = screen_text(app)
        assert "See the result of the last game" in text
        assert "Continue the unfinished game" not in text


def test_a_won_trick_stays_on_the_table_until_the_next_card() -> None:
    # issue 19: the last trick vanished into a text line the moment its last card fell
    s = Session.new(GameSpec(4, [], 3, seed=11), autosave=False)
    to_first_play(s)
    for _ in range(4):
        s.act(next(a for a in legal_actions(s.state) if isinstance(a, Play)))
    last = s.public_view().last_trick
    assert last is not None and not s.public_view().trick
    text = text_of(crew_table(SeatScope(s)))
    assert "Last trick (1)" in text and "✓won" in text
    for seat, card in zip(last.seats, last.cards, strict=True):
        row = next(line for line in text.splitlines() if s.name(seat) in line)
        assert card_label(card) in row
    # the next card takes it off: the new trick is on the table
    s.act(next(a for a in legal_actions(s.state) if isinstance(a, Play)))
    text = text_of(crew_table(SeatScope(s)))
    assert "Trick 2" in text and "Last trick" not in text and "✓won" not in text


async def test_the_glyphs_are_said_in_words_before_the_first_hand() -> None:
    legend = "♥ pink   ♦ blue   ♣ green   ♠ yellow   ⚓ submarine (trump)"
    # hot-seat: on the gate before every hand
    app = create_app(AppSettings(players=4, mission=3, seed=5, clock_interval=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the draw
        await pilot.pause()
        assert isinstance(app.screen, GateScreen)
        assert legend in screen_text(app)
    # one person with computers sees no gate: the draw says it
    app = create_app(
        AppSettings(players=4, mission=3, seed=5, names="Ann", computers=3, clock_interval=None)
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "⚓S4" in text and legend in text
