"""The steps answered with a card of the hand: play, the card passed in a distress signal, the
card shown in a signal, and a look at the hand."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from crew.engine import (
    Communication,
    Play,
    Position,
    Signal,
)
from crew.present import position_word
from crew.table import SeatScope, Step

from ..render import card_text, cards_text, suit_word
from .hand import HandView
from .step_base import Back, Done, PassCard, SignalFirst, StepPanel, ready

__all__ = ["DistressCardPanel", "HandPanel", "PeekPanel", "PlayPanel", "SignalPanel"]


# -- steps answered with a card of the hand -------------------------------------------------------


class HandPanel(StepPanel):
    """A step answered by choosing a card of the hand (Enter or a click)."""

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        self.hand = HandView(id="hand")

    def parts(self) -> ComposeResult:
        yield self.hand

    def focus_choice(self) -> None:
        if self.hand.enabled is not None:
            self.hand.focus()
        else:
            super().focus_choice()

    def own_cards(self) -> tuple[int, ...]:
        view = self.table.hand
        return view.hand if view is not None else ()

    def card_chosen(self, card: int) -> None:
        """What choosing ``card`` means in this step."""

    def action_choose_card(self) -> None:
        card = self.hand.current
        if card is not None:
            self.card_chosen(card)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose_card":
            return ready(self)
        return True

    @on(HandView.Chosen)
    def _clicked(self, event: HandView.Chosen) -> None:
        event.stop()
        self.card_chosen(event.card)


class PlayPanel(HandPanel):
    """Play a card to the trick (the captain plays Tonoja's face-up cards for her)."""

    BINDINGS = [
        Binding("enter", "choose_card", "Play card"),
        Binding("c", "signal_first", "Signal first"),
    ]

    def update(self) -> None:
        t, step = self.table, self.step
        legal = t.legal_cards()
        view = t.public_view()
        trick = view.tricks_played + 1
        if step.seat != step.viewer:
            # Tonoja: the captain plays one of her face-up cards (public) for her
            self.hand.show_cards([c for c in view.tonoja_up if c >= 0], legal)
            line = Text(f"{t.name(step.viewer)}'s own hand: ", style="dim")
            line.append_text(cards_text(self.own_cards()))
            self.sub.display = True
            self.sub.update(line)
            who = f"{t.name(step.viewer)} (captain) plays for Tonoja, trick {trick}"
        else:
            self.hand.show_cards(self.own_cards(), legal)
            who = f"{t.name(step.seat)}, play a card to trick {trick}"
            self.show_swap()
        if view.trick:
            led = f"{suit_word(view.trick[0][1])} was led"
            if len(legal) < len(self.hand.cards):
                led += f": follow suit ({len(legal)} of {len(self.hand.cards)} cards playable)"
        else:
            led = "you lead"
            if t.signal_first():
                led += " (c: somebody signals first)"
        self.say(f"{who}: {led}")

    def card_chosen(self, card: int) -> None:
        self.choose(Play(self.step.seat, card))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "signal_first":
            return bool(self.table.signal_first()) and ready(self)
        return super().check_action(action, parameters)

    def action_signal_first(self) -> None:
        self.choose(SignalFirst())


class DistressCardPanel(HandPanel):
    """The card this crew member passes in the distress signal; Esc calls it off."""

    BINDINGS = [
        Binding("enter", "choose_card", "Pass this card"),
        Binding("escape", "back", "Call off"),
    ]

    def update(self) -> None:
        t, step = self.table, self.step
        target = t.name(t.distress_target(step.seat))
        self.say(
            f"{t.name(step.seat)}: choose the card you pass to {target} (never a submarine);"
            " Esc: call off the distress signal"
        )
        self.hand.show_cards(self.own_cards(), t.passable())

    def card_chosen(self, card: int) -> None:
        self.choose(PassCard(card))

    def action_back(self) -> None:
        self.choose(Back())


class SignalPanel(HandPanel):
    """Sonar: the card to show; Esc: no signal.

    The token goes where it is true, and the hand leaves one true place for each card that may
    be shown (its only card of a colour in the middle, the highest at the top, the lowest at the
    bottom), so choosing the card makes the signal; the panel lists what each card would say."""

    BINDINGS = [
        Binding("enter", "choose_card", "Show this card"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        self.claims = Static(id="claims")

    def parts(self) -> ComposeResult:
        yield self.hand
        yield self.claims

    def update(self) -> None:
        t, step = self.table, self.step
        name = t.name(step.seat)
        ok = t.showable()
        self.hand.show_cards(self.own_cards(), ok)
        if ok:
            text = f"{name}: choose the card to show (no submarine); Esc: do not signal"
            if t.public_view().communication == Communication.CURRENTS:
                text += " (currents: the others will not see where its token lies)"
            claims = Text("Its token goes where it is true: ", style="dim")
            for i, card in enumerate(ok):
                if i:
                    claims.append(",  ")
                claims.append_text(card_text(card))
                for position in t.signal_positions(card):
                    claims.append(f" {position_word(position)}")
            self.claims.update(claims)
        else:
            text = f"{name}: no card of yours can be shown now; Esc: back"
            self.claims.update("")
        self.claims.display = bool(ok)
        self.say(text)
        self.show_swap()

    def card_chosen(self, card: int) -> None:
        seat = self.step.seat
        positions = self.table.signal_positions(card)
        # a card with no true position goes to the engine all the same: it says why not
        self.choose(Signal(seat, card, positions[0] if positions else Position.TOP))

    def action_back(self) -> None:
        self.choose(Back())


class PeekPanel(HandPanel, can_focus=True):
    """A crew member looks at their own hand during a public step (read-only)."""

    BINDINGS = [
        Binding("enter", "done", "Done"),
        Binding("escape", "done", "Done", show=False),
    ]

    def update(self) -> None:
        t = self.table
        seat = self.step.seat
        self.say(f"{t.name(seat)}'s hand: only {t.person(seat)} looks. Enter or Esc when done.")
        self.hand.show_cards(self.own_cards(), None)
        self.show_swap()

    def focus_choice(self) -> None:
        self.focus()  # the hand is read-only: the panel itself takes Enter and Esc

    def action_done(self) -> None:
        self.choose(Done())
