"""The table's helps on screen: the card tracker (``t``, every game), a computer's reason for
its last move (``w``), and in a practice game the hint (``h``) and undo (``u``).

Everything here asks the :class:`~crew.table.SeatScope`: the tracker is built from public facts
only, a hint from the view of the seat whose hand is open, and undo from what the table allows
(the person at the keyboard, their own last action).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from crew.engine import Tracker
from crew.engine.cards import CAPTAIN_CARD, COLOR_NAMES, SUIT_GLYPHS
from crew.i18n import N_, _, said
from crew.present import SUIT_STYLES, position_word
from crew.table import SeatScope

from ..base import CrewFooter, CrewModal
from ..render import card_text, cards_in, cards_text
from .dialogs import ScrollBox

__all__ = ["InfoScreen", "tracker_renderable", "why_renderable"]


def _colours(suits: tuple[int, ...]) -> Text:
    return Text(", ").join(
        Text(f"{SUIT_GLYPHS[s]} {_(COLOR_NAMES[s])}", style=SUIT_STYLES[s]) for s in suits
    )


def tracker_renderable(t: SeatScope) -> RenderableType:
    """The tracker as the table sees it (every seat the same)."""
    tr: Tracker = t.tracker()
    parts: list[RenderableType] = []
    cards = Table(box=None, padding=(0, 2), title_justify="left")
    cards.add_column(_("Colour"), no_wrap=True)
    cards.add_column(_("Played"))
    cards.add_column(_("Still in play"))
    for suit in range(5):
        name = Text(f"{SUIT_GLYPHS[suit]} {_(COLOR_NAMES[suit])}", style=SUIT_STYLES[suit])
        cards.add_row(
            name,
            cards_text(tr.played[suit]) if tr.played[suit] else Text("—", style="dim"),
            cards_text(tr.unplayed[suit]) if tr.unplayed[suit] else Text(_("none"), style="dim"),
        )
    parts += [Text(_("Cards"), style="bold underline"), cards, Text("")]
    parts.append(Text(_("Known to hold none of a colour"), style="bold underline"))
    known = [(seat, suits) for seat, suits in enumerate(tr.voids) if suits]
    if not known:
        parts.append(Text(_("nobody yet (a seat that does not follow a colour has none left)")))
    for seat, suits in known:
        parts.append(Text.assemble(_("{name}: no ").format(name=t.name(seat)), _colours(suits)))
    parts.append(Text(""))
    parts.append(Text(_("Signals"), style="bold underline"))
    if not tr.signals:
        parts.append(Text(_("none given yet")))
    for sig in tr.signals:
        state = _("played since") if sig.played else _("still in the hand")
        parts.append(
            Text.assemble(
                f"{t.name(sig.seat)}: ",
                card_text(sig.card),
                f" {position_word(sig.position)} ({state})",
            )
        )
    if tr.captain_holds_s4:
        parts.append(Text(""))
        parts.append(
            Text.assemble(
                card_text(CAPTAIN_CARD),
                _(" is still {name}'s").format(name=t.name(t.setup.captain)),
            )
        )
    if t.players == 2:
        parts.append(Text(""))
        parts.append(Text(_("Tonoja's piles"), style="bold underline"))
        up = cards_text(tr.tonoja_up) if tr.tonoja_up else Text(_("none"), style="dim")
        parts.append(
            Text.assemble(_("face up: "), up, _("; face down: {n} cards").format(n=tr.tonoja_down))
        )
    return Group(*parts)


def why_renderable(t: SeatScope) -> RenderableType:
    """The computers' moves since a person last acted, each with its reason in the computer's
    own words, oldest first."""
    whys = t.whys
    if not whys:
        return Text(_("No computer has moved yet in this attempt."))
    parts: list[RenderableType] = []
    for what, why in whys:
        if parts:
            parts.append(Text(""))
        why_words = _("Why: {why}").format(why=said(why))
        # the cards as the table draws them (the computer's words keep the plain notation)
        parts += [cards_in(what, "bold"), cards_in(why_words)]
    return Group(*parts)


class InfoScreen(CrewModal[None]):
    """A box of facts over the table (Esc, Enter or the screen's key again: back)."""

    def __init__(self, title: str, body: RenderableType, key: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.key = key

    BINDINGS = [
        Binding("escape,enter", "close", N_("Back")),
    ]

    def compose(self) -> ComposeResult:
        with ScrollBox(id="help-box"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.body, id="info-text")
        yield CrewFooter()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def on_key(self, event: events.Key) -> None:
        if event.key == self.key:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
