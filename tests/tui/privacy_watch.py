"""The privacy protocol as a check on every rendered screen (used by whole-game pilot tests).

Every card label on a screen that is not public (played, in the trick, signalled, Tonoja's
face-up cards, the captain's S4) must belong to one crew member's hand, that crew member must be
the one named on the last gate acknowledged, and the current step must be theirs. A gate screen
shows no card at all, and the table under it holds no hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tui_driver import cards_on, screen_text

from crew.engine import card_str, cards_in
from crew.engine.missions import CURRENTS
from crew.engine.tasks import all_tasks
from crew.table import StepKind
from crew.tui.app import CrewApp
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen
from crew.tui.widgets.hand import HandView

# the one prediction task whose number only its owner sees (tasks.toml: visibility = "secret")
(SECRET_PREDICTION,) = (t for t, task in all_tasks().items() if task.prediction == "secret")


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
            # under load a screenshot can come between two frames, blank (``screen_text``)
            assert screen.who in text or not text.strip(), f"{screen.who} not named:\n{text}"
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
            if step.kind == StepKind.SIGNAL and viewer >= 0:
                # she chooses her own signal: what each of her cards would say is hers to see
                own = set(words.values())
            for word in words.values():
                if word not in own:
                    assert word not in text, f"a signal position under currents:\n{text}"
            self.own_positions += len(own)
            self.hidden_signals += text.count("? hidden")
        if isinstance(screen, ResultScreen) and s.state.over:
            # the attempt is over: its post-mortem may name any card (as the winning line does)
            return
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
        person = s.names[owner]  # the gate calls the person, whichever of their seats it opens
        assert s.unlocked == owner, f"{name}'s cards shown but the table is not unlocked for them"
        assert self.last_gate == person, f"{name}'s cards shown after {self.last_gate}'s gate"
        step = s.step()
        assert step.private and step.viewer == owner
        self.hands_seen[name] = self.hands_seen.get(name, 0) + 1
        # a secret prediction of somebody else never shows its number
        for tid, seat in zip(s.state.setup.task_ids, s.state.owners, strict=True):
            if tid == SECRET_PREDICTION and seat >= 0 and seat != owner and not s.state.over:
                assert f"[predicted {s.state.predictions[seat]}]" not in text
