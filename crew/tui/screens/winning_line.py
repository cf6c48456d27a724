"""A winning line of a lost attempt, trick by trick: the four cards, the winner, the tasks done.

Shown from the result screen once the game is over, so every card of the line may be seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from crew.engine import card_str
from crew.i18n import N_, _
from crew.table.postmortem import PREMISE, LineTrick, WinningLine

from ..base import CrewFooter, CrewScreen
from ..render import card_markup, card_text, cards_in

__all__ = ["WinningLineScreen"]


class WinningLineScreen(CrewScreen[None]):
    """Steps through a :class:`WinningLine` one trick at a time."""

    BINDINGS = [
        Binding("left,p", "step(-1)", N_("Previous trick")),
        Binding("right,n", "step(1)", N_("Next trick")),
        Binding("escape,b,w", "app.pop_screen", N_("Back")),
    ]

    def __init__(self, line: WinningLine, names: Sequence[str], where: str) -> None:
        super().__init__()
        self.line = line
        self.names = list(names)
        self.where = where
        self.page = 0

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else _("seat {n}").format(n=seat)

    def compose(self) -> ComposeResult:
        with Vertical(id="line-box"):
            yield Static(id="line-head")
            yield Static(id="line-before")
            yield Static(id="line-trick")
        yield CrewFooter()

    def on_mount(self) -> None:
        head = Text(_("A winning line "), style="bold")
        head.append_text(cards_in(self.where))
        head.append(f"\n({_(PREMISE)})", style="dim")
        self.query_one("#line-head", Static).update(head)
        before = self.query_one("#line-before", Static)
        before.display = bool(self.line.before)
        before.update(cards_in(_("Before the first card: ") + "; ".join(self.line.before) + "."))
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step" and parameters:
            target = self.page + int(str(parameters[0]))
            return 0 <= target < len(self.line.tricks) or None
        return True

    def action_step(self, delta: int) -> None:
        target = self.page + delta
        if 0 <= target < len(self.line.tricks):
            self.page = target
            self.show()

    def show(self) -> None:
        """Draw the current trick."""
        self.query_one("#line-trick", Static).update(self.trick_text(self.line.tricks[self.page]))
        self.refresh_bindings()

    def trick_text(self, trick: LineTrick) -> Text:
        out = Text()
        last = self.line.tricks[-1].number
        out.append(_("Trick {n}").format(n=trick.number), style="bold")
        out.append(
            _("  ({page} of {pages} in this line, the attempt is won at trick {last})").format(
                page=self.page + 1, pages=len(self.line.tricks), last=last
            )
            + "\n\n"
        )
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            out.append(f"  {self.name_of(seat):<12}")
            out.append_text(card_text(card))
            notes = []
            if i == 0:
                notes.append(_("leads"))
            if i < trick.already:
                notes.append(_("as it was played"))
            elif i == trick.already and trick is self.line.tricks[0]:
                if self.line.instead_of is not None:
                    notes.append(_("instead of {card}").format(card=card_str(self.line.instead_of)))
            if seat == trick.winner:
                notes.append(_("wins the trick"))
            if notes:
                style = "bold" if seat == trick.winner else ""
                out.append_text(cards_in("   " + ", ".join(notes), style))
            out.append("\n")
        winning = trick.cards[trick.seats.index(trick.winner)]
        out.append("\n")
        out.append_text(
            Text.from_markup(
                _("{name} wins with {card}.").format(
                    name=escape(self.name_of(trick.winner)), card=card_markup(winning)
                )
            )
        )
        for task, owner in trick.done:
            out.append(
                "\n"
                + _("Task #{task} ({name}) is done.").format(task=task, name=self.name_of(owner)),
                style="bold green",
            )
        if trick.number == last:
            out.append("\n" + _("Every task is done: the attempt is won."), style="bold green")
        return out
