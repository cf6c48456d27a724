"""The privacy protocol through whole seeded games, checked on every rendered screen.

After every step the screen is rendered as text. Every card label on it that is not public
(played, in the trick, signalled, Tonoja's face-up cards, the captain's S4) must belong to one
crew member's hand, that crew member must be the one named on the last gate acknowledged, and
the current step must be theirs. A gate screen shows no card at all, and the table under it
holds no hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tui_driver import Player, cards_on, play_to_result, screen_text

from crew.engine import card_str, cards_in, parse_card
from crew.engine.missions import CURRENTS
from crew.engine.tasks import all_tasks
from crew.tui.app import CrewApp, create_app
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.widgets.hand import HandView

# the one prediction task whose number only its owner sees (tasks.toml: visibility = "secret")
(SECRET_PREDICTION,) = (t for t, task in all_tasks().items() if task.prediction == "secret")

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def public_cards(app: CrewApp) -> set[str]:
    s = app.session
    assert s is not None
    st = s.state
    out = {card_str(c) for c in cards_in(st.played)}
    out |= {card_str(c) for c in st.trick_cards}
    out |= {card_str(m.card) for m in st.signals}
    out |= {card_str(u) for _, u in st.piles if u >= 0}  # Tonoja's face-up cards
    out.add("S4")  # whoever holds submarine 4 says so and is captain
    if st.setup.terrain is not None:  # unknown terrain: drawn for all to see, then dealt
        out.add(card_str(st.setup.terrain))
    return out


@dataclass
class Watch:
    """Checks every screen; counts what it saw so the test knows the checks really ran."""

    last_gate: str | None = None
    gates: int = 0
    hands_seen: dict[str, int] = field(default_factory=dict)
    screens: int = 0
    hidden_signals: int = 0
    own_positions: int = 0

    def __call__(self, app: CrewApp) -> None:
        s = app.session
        assert s is not None
        text = screen_text(app)
        self.screens += 1
        screen = app.screen
        if isinstance(screen, GateScreen):
            assert cards_on(text) == set(), f"a card on the gate screen:\n{text}"
            assert screen.who in text
            self.last_gate = screen.who
            self.gates += 1
            # the table under the gate has already let go of the previous hand
            game = next(x for x in app.screen_stack if isinstance(x, GameScreen))
            assert all(hand.cards == [] for hand in game.query(HandView))
            return
        if s.state.setup.rules.communication == CURRENTS and not s.state.over:
            # currents: a token position is shown only to the crew member who signalled it,
            # behind her own gate
            words = {"top": "↑ highest", "middle": "● only", "bottom": "↓ lowest"}
            step = s.step()
            viewer = step.viewer if step.private and s.unlocked == step.viewer else -1
            own = {words[m.position] for m in s.state.signals if m.seat == viewer}
            for word in words.values():
                if word not in own:
                    assert word not in text, f"a signal position under currents:\n{text}"
            self.own_positions += len(own)
            self.hidden_signals += text.count("? hidden")
        private = cards_on(text) - public_cards(app)
        step = s.step()
        if step.private and s.unlocked == step.viewer:
            # the card the viewer passed in a distress signal: the viewer knows where it went
            for a in s.record.actions:
                if "distress" in a:
                    private.discard(a["cards"][step.viewer])
        if not private:
            return
        owners = {
            seat
            for seat in range(s.players)
            if private <= {card_str(c) for c in cards_in(s.state.hands[seat])}
        }
        assert len(owners) == 1, f"cards of more than one hand on screen: {private}\n{text}"
        (owner,) = owners
        name = s.name(owner)
        assert s.unlocked == owner, f"{name}'s cards shown but the table is not unlocked for them"
        assert self.last_gate == name, f"{name}'s cards shown after {self.last_gate}'s gate"
        step = s.step()
        assert step.private and step.viewer == owner
        self.hands_seen[name] = self.hands_seen.get(name, 0) + 1
        # a secret prediction of somebody else never shows its number
        for tid, seat in zip(s.state.setup.task_ids, s.state.owners, strict=True):
            if tid == SECRET_PREDICTION and seat >= 0 and seat != owner and not s.state.over:
                assert f"[predicted {s.state.predictions[seat]}]" not in text


async def run_game(app: CrewApp, player: Player) -> Watch:
    watch = Watch()
    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, player, each=watch)
        watch(app)  # the result screen too
    return watch


async def test_three_players_with_distress_signal_and_a_look_at_a_hand() -> None:
    app = create_app(players=3, mission=2, seed=5, names="Ann,Bob,Cas", clock_interval=None)
    player = Player(distress="left", signal_before=1, peek_once=True)
    watch = await run_game(app, player)
    s = app.session
    assert s is not None and s.state.over
    assert s.state.distress == "left" and s.state.signals
    assert player.peeked
    # every crew member's hand was shown, each time behind a gate
    assert set(watch.hands_seen) == {"Ann", "Bob", "Cas"}
    assert watch.gates >= len(s.state.tricks) * 2
    assert len(s.state.tricks) >= 3


async def test_two_players_with_tonoja() -> None:
    app = create_app(players=2, mission=2, seed=4, names="Ann,Bob", clock_interval=None)
    player = Player(distress="left", signal_before=2)
    watch = await run_game(app, player)
    s = app.session
    assert s is not None and s.state.over
    assert set(watch.hands_seen) == {"Ann", "Bob"}
    assert len(s.state.tricks) >= 5
    # Tonoja played in every trick, chosen by the captain behind the captain's gate
    assert all(2 in t.seats for t in s.state.tricks)


async def test_secret_prediction_stays_secret() -> None:
    app = create_app(players=4, mission=5, seed=0, clock_interval=None)
    watch = await run_game(app, Player())
    s = app.session
    assert s is not None
    owner = s.state.owners[s.state.setup.task_ids.index(SECRET_PREDICTION)]
    assert s.state.predictions[owner] >= 0
    assert watch.screens > 10


async def test_unknown_terrain_with_currents() -> None:
    # mission 20, deal code 2: the terrain card G4 (drawn for all to see, then dealt to Ann)
    # means currents; a signal's position stays hidden on every screen
    app = create_app(players=4, mission=20, seed=2, clock_interval=None)
    player = Player(signal_before=1)
    watch = await run_game(app, player)
    s = app.session
    assert s is not None and s.state.setup.terrain == parse_card("G4")
    assert s.state.setup.rules.communication == CURRENTS
    assert player.signalled is not None and watch.hidden_signals > 0
    assert len(watch.hands_seen) == 4
