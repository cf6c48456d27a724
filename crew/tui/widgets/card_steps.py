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
from crew.i18n import N_, _
from crew.present import position_word
from crew.table import SeatScope, Step
from crew.table.advice import Advice
from crew.table.choices import Back, Done, PassCard

from ..render import card_label, card_text, cards_text, suit_word
from .hand import HandView
from .step_base import SignalFirst, StepPanel, ready

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
        Binding("enter", "choose_card", N_("Play card")),
        Binding("c", "signal_first", N_("Signal first")),
    ]

    def update(self) -> None:
        t, step = self.table, self.step
        legal = t.legal_cards()
        losing = t.losing_cards()
        view = t.public_view()
        trick = view.tricks_played + 1
        if step.seat != step.viewer:
            # Tonoja: the captain plays one of her face-up cards (public) for her
            self.hand.show_cards([c for c in view.tonoja_up if c >= 0], legal, losing)
            line = Text(_("{name}'s own hand: ").format(name=t.name(step.viewer)), style="dim")
            line.append_text(cards_text(self.own_cards()))
            self.sub.display = True
            self.sub.update(line)
            who = _("{name} (captain) plays for Tonoja, trick {trick}").format(
                name=t.name(step.viewer), trick=trick
            )
        else:
            self.hand.show_cards(self.own_cards(), legal, losing)
            who = _("{name}, play a card to trick {trick}").format(
                name=t.name(step.seat), trick=trick
            )
            self.show_swap()
        if view.trick:
            led = _("{colour} was led").format(colour=suit_word(view.trick[0][1]))
            if len(legal) < len(self.hand.cards):
                led += _(": follow suit ({n} of {total} cards playable)").format(
                    n=len(legal), total=len(self.hand.cards)
                )
        else:
            led = _("you lead")
            if t.signal_first():
                led += _(" (c: somebody signals first)")
        if losing:
            led += _(" · {cards} would lose the attempt at once").format(
                cards=" ".join(card_label(c) for c in sorted(losing))
            )
        self.say(f"{who}: {led}")

    def card_chosen(self, card: int) -> None:
        self.choose(Play(self.step.seat, card))

    def point_at(self, advice: Advice) -> None:
        # a signal first is advised in words: the cursor would play the card on Enter
        if isinstance(advice.action, Play):
            self.hand.point_at(advice.action.card)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "signal_first":
            return bool(self.table.signal_first()) and ready(self)
        return super().check_action(action, parameters)

    def action_signal_first(self) -> None:
        self.choose(SignalFirst())


class DistressCardPanel(HandPanel):
    """The card this crew member passes in the distress signal; Esc calls it off."""

    BINDINGS = [
        Binding("enter", "choose_card", N_("Pass this card")),
        Binding("escape", "back", N_("Call off")),
    ]

    def update(self) -> None:
        t, step = self.table, self.step
        target = t.name(t.distress_target(step.seat))
        short = t.short_passes()
        text = _(
            "{name}: choose the card you pass to {target} (never a submarine);"
            " Esc: call off the distress signal"
        ).format(name=t.name(step.seat), target=target)
        for card, task in sorted(short.items()):
            text += _(" · {card} is your last card that task #{task} needs (!)").format(
                card=card_label(card), task=task
            )
        self.say(text)
        # the cursor starts on a card that leaves every task its card
        self.hand.show_cards(self.own_cards(), t.passable(), short)

    def card_chosen(self, card: int) -> None:
        self.choose(PassCard(card))

    def point_at(self, advice: Advice) -> None:
        if advice.card is not None:
            self.hand.point_at(advice.card)

    def action_back(self) -> None:
        self.choose(Back())


class SignalPanel(HandPanel):
    """Sonar: the card to show; Esc: no signal.

    The token goes where it is true, and the hand leaves one true place for each card that may
    be shown (its only card of a colour in the middle, the highest at the top, the lowest at the
    bottom), so choosing the card makes the signal; the panel lists what each card would say."""

    BINDINGS = [
        Binding("enter", "choose_card", N_("Show this card")),
        Binding("escape", "back", N_("Back")),
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
            text = _("{name}: choose the card to show (no submarine); Esc: do not signal").format(
                name=name
            )
            if t.public_view().communication == Communication.CURRENTS:
                text += _(" (currents: the others will not see where its token lies)")
            claims = Text(_("Its token goes where it is true: "), style="dim")
            for i, card in enumerate(ok):
                if i:
                    claims.append(",  ")
                claims.append_text(card_text(card))
                for position in t.signal_positions(card):
                    claims.append(f" {position_word(position)}")
            self.claims.update(claims)
        else:
            text = _("{name}: no card of yours can be shown now; Esc: back").format(name=name)
            self.claims.update("")
        self.claims.display = bool(ok)
        self.say(text)
        self.show_swap()

    def card_chosen(self, card: int) -> None:
        seat = self.step.seat
        positions = self.table.signal_positions(card)
        # a card with no true position goes to the engine all the same: it says why not
        self.choose(Signal(seat, card, positions[0] if positions else Position.TOP))

    def point_at(self, advice: Advice) -> None:
        if isinstance(advice.action, Signal):
            self.hand.point_at(advice.action.card)

    def action_back(self) -> None:
        self.choose(Back())


class PeekPanel(HandPanel, can_focus=True):
    """A crew member looks at their own hand during a public step (read-only)."""

    BINDINGS = [
        Binding("enter", "done", N_("Done")),
        Binding("escape", "done", N_("Done"), show=False),
    ]

    def update(self) -> None:
        t = self.table
        seat = self.step.seat
        self.say(
            _("{name}'s hand: only {person} looks. Enter or Esc when done.").format(
                name=t.name(seat), person=t.person(seat)
            )
        )
        self.hand.show_cards(self.own_cards(), None)
        self.show_swap()

    def focus_choice(self) -> None:
        self.focus()  # the hand is read-only: the panel itself takes Enter and Esc

    def action_done(self) -> None:
        self.choose(Done())
