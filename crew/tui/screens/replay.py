"""The replay viewer: a finished attempt, card by card and trick by trick, every hand open.

It is given a :class:`~crew.table.review.Review` (frames of the attempt, not the game). ← and →
step one action, ↑ and ↓ (or [ and ]) one trick, Home and End to the deal and the end. For a
lost attempt the post-mortem runs in the background: its turning point is marked (``j`` jumps
to it) and ``w`` steps through a winning line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from crew import history
from crew.engine import TONOJA, get_task
from crew.engine.enums import Result
from crew.i18n import N_, _
from crew.names import shown_line
from crew.present import history_label, position_word
from crew.records import RecordError
from crew.storage import StorageError
from crew.table.review import Frame, Review, review_entry
from crew.texts import task_text

from ..base import CrewFooter, CrewScreen
from ..render import card_markup, card_text, events_text, task_status_cell
from ..widgets.choices import Choice, Choices
from ..widgets.postmortem import PostMortemPanel
from .dialogs import ConfirmScreen

__all__ = ["NOT_OVER", "HistoryScreen", "ReplayScreen", "show_replay"]


def _mission(r: Review) -> str:
    if r.mission is None:
        return _("Free play, difficulty {difficulty}").format(difficulty=r.difficulty)
    return _("Intro mission") if r.mission == 0 else _("Mission {number}").format(number=r.mission)


class ReplayScreen(CrewScreen[None]):
    """Steps through a recorded attempt."""

    BINDINGS = [
        Binding("left", "step(-1)", N_("Card"), key_display="← →"),
        Binding("right", "step(1)", N_("Next card"), show=False),
        Binding("up,left_square_bracket", "trick(-1)", N_("Trick"), key_display="↑ ↓"),
        Binding("down,right_square_bracket", "trick(1)", N_("Next trick"), show=False),
        Binding("home", "jump('start')", N_("Start"), show=False),
        Binding("end", "jump('end')", N_("End"), show=False),
        Binding("j", "jump('turn')", N_("Turning point")),
        Binding("w", "winning_line", N_("Winning line")),
        Binding("escape,b", "app.pop_screen", N_("Back")),
    ]

    def __init__(self, review: Review) -> None:
        super().__init__()
        self.review = review
        self.at = 0
        self.turn: int | None = None  # the action that lost the attempt, once known

    def compose(self) -> ComposeResult:
        with Vertical(id="replay-box"):
            yield Static(id="replay-head")
            with VerticalScroll(id="replay-body", can_focus=False):
                yield Static(id="replay-table")
                yield Static(id="replay-tasks")
                if self.review.lost:
                    yield PostMortemPanel(self.review.post_mortem, id="replay-postmortem")
        yield CrewFooter()

    def on_mount(self) -> None:
        self.show()

    # -- moving -------------------------------------------------------------------------------

    def action_step(self, by: int) -> None:
        self.at = max(0, min(len(self.review.frames) - 1, self.at + by))
        self.show()

    def action_trick(self, by: int) -> None:
        starts = self.review.trick_starts() + [len(self.review.frames) - 1]
        if by > 0:
            later = [i for i in starts if i > self.at]
            self.at = later[0] if later else self.at
        else:
            earlier = [i for i in starts if i < self.at]
            self.at = earlier[-1] if earlier else 0
        self.show()

    def action_jump(self, where: str) -> None:
        if where == "start":
            self.at = 0
        elif where == "end":
            self.at = len(self.review.frames) - 1
        elif self.turn is not None:
            self.at = self.turn  # the moment just before the action that lost it
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "jump" and parameters == ("turn",):
            return self.turn is not None
        if action == "winning_line":
            return self._line() is not None
        return True

    # -- the post-mortem ------------------------------------------------------------------------

    def _panel(self) -> PostMortemPanel | None:
        return next(iter(self.query(PostMortemPanel)), None)

    def _line(self) -> object | None:
        panel = self._panel()
        return panel.result.line if panel is not None and panel.result is not None else None

    @on(PostMortemPanel.Answered)
    def _answered(self, event: PostMortemPanel.Answered) -> None:
        event.stop()
        analysis = event.result.analysis
        tp = analysis.turning_point if analysis is not None else None
        self.turn = tp.action if tp is not None else None
        self.show()

    def action_winning_line(self) -> None:
        from .winning_line import WinningLineScreen

        panel = self._panel()
        if panel is None or panel.result is None or panel.result.line is None:
            return
        self.app.push_screen(
            WinningLineScreen(panel.result.line, list(self.review.names), panel.result.line_from)
        )

    # -- drawing ----------------------------------------------------------------------------------

    def show(self) -> None:
        r = self.review
        f = r.frames[self.at]
        v = f.view
        head = Text(
            _("Replay: {mission}, attempt {attempt}").format(
                mission=_mission(r), attempt=r.attempt
            ),
            style="bold",
        )
        head.append("   " + _("(deal code {seed})").format(seed=r.seed), style="dim")
        head.append(
            "\n" + _("Action {n} of {total}").format(n=f.index, total=len(r.frames) - 1),
            style="bold",
        )
        trick = min(v.tricks_played + 1, v.total_tricks)
        head.append(" · " + _("trick {trick}/{total}").format(trick=trick, total=v.total_tricks))
        if v.result:
            head.append(
                " · " + (_("WON") if v.result == Result.WON else _("LOST")), style="bold reverse"
            )
        if self.turn is not None:
            mark = _("  ◀ the turning point") if f.index == self.turn else ""
            head.append(
                " · " + _("turning point before action {n} (j)").format(n=self.turn + 1) + mark
            )
        said = events_text(f.events, r.name, v.players)
        if said.plain:
            head.append("\n")
            head.append_text(said)
        if r.violation:
            head.append("\n" + shown_line(r.violation), style="bold red")
        elif not r.over:
            head.append("\n" + _("This attempt is not over: every hand is open."), style="bold red")
        self.query_one("#replay-head", Static).update(head)
        self.query_one("#replay-table", Static).update(self._table(f))
        self.query_one("#replay-tasks", Static).update(self._tasks(f))
        self.refresh_bindings()

    def _table(self, f: Frame) -> Table:
        r, v = self.review, f.view
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False)
        table.add_column(_("Crew"), no_wrap=True)
        table.add_column(_("Trick"), no_wrap=True)
        table.add_column(_("Won"), justify="right", no_wrap=True)
        table.add_column(_("Hand (every hand open)"), ratio=1)
        played = dict(v.trick)
        last = v.last_trick
        for seat in range(v.seats):
            name = Text(r.name(seat), style="bold" if seat == v.turn and not v.result else "")
            if seat == v.captain:
                name.append(_(" ★cpt"))
            cell = Text()
            if seat in played:
                cell.append_text(card_text(played[seat]))
                if v.trick[0][0] == seat:
                    cell.append(_(" led"))
            elif not v.trick and last is not None and seat in last.seats:
                cell.append_text(card_text(last.card_of(seat)))
                cell.append(_(" ✓won") if seat == last.winner else "", style="bold")
            hand = Text()
            for i, c in enumerate(f.open_hands[seat]):
                if i:
                    hand.append(" ")
                hand.append_text(card_text(c))
            if f.tonoja_down and seat == TONOJA:
                hidden = [d for d in f.tonoja_down if d >= 0]
                if hidden:
                    hand.append(_("  under the piles:"), style="dim")
                    for c in hidden:
                        hand.append(" ")
                        hand.append_text(card_text(c))
            table.add_row(name, cell, str(v.counts[seat]), hand)
        return table

    def _tasks(self, f: Frame) -> Text:
        r, v = self.review, f.view
        out = Text()
        for t in v.tasks:
            owner = r.name(t.owner) if t.owner >= 0 else "—"
            out.append_text(task_status_cell(t.status, t.trick))
            out.append(f" #{t.task} {owner}: {task_text(get_task(t.task).card)}\n")
        for seat, card, position in f.signals:
            out.append_text(
                Text.from_markup(
                    _("{name} signalled {card}").format(
                        name=escape(r.name(seat)), card=card_markup(card)
                    )
                )
            )
            out.append(f" {position_word(position)}\n")
        for frm, to, card in f.passes:
            words = _("Distress signal: {name} passed {card} to {to}").format(
                name=escape(r.name(frm)), card=card_markup(card), to=escape(r.name(to))
            )
            out.append_text(Text.from_markup(words))
            out.append("\n")
        return out


class HistoryScreen(CrewScreen[None]):
    """Every attempt kept, newest first; Enter replays the one highlighted."""

    BINDINGS = [Binding("escape,b", "app.pop_screen", N_("Back"))]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[history.HistoryEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static(Text(_("History: every attempt played"), style="bold"), id="history-head")
            yield Choices(id="history-list")
            yield Static(id="history-note")
        yield CrewFooter()

    def on_mount(self) -> None:
        try:
            entries, problems = history.list_entries()
        except StorageError as exc:  # the folder cannot be read, or is not a folder
            entries, problems = [], []
            first = str(exc)
        else:
            first = (
                _("Enter: replay it, every hand open.")
                if entries
                else _("No attempt kept yet: every attempt played is kept here.")
            )
        self.entries = entries
        choices = self.query_one("#history-list", Choices)
        self._fill(self.size.width or self.app.size.width)
        choices.focus()
        note = [first, *problems]
        self.query_one("#history-note", Static).update(
            Text("\n".join(map(shown_line, note)), style="italic")
        )

    def on_resize(self, event: events.Resize) -> None:
        self._fill(event.size.width)

    def _fill(self, width: int) -> None:
        """One line per entry, in the shorter form when the screen is narrow (the result is
        always seen: a line too long is cut at its end)."""
        choices = self.query_one("#history-list", Choices)
        room = width - 4  # the box's padding and the list's scrollbar
        at = choices.highlighted
        choices.set_choices(
            [Choice(history_label(e, room), e.id) for e in self.entries],
            keys=[],
            show_keys=False,
            wrap=False,
        )
        if at is not None and self.entries:
            choices.highlighted = min(at, len(self.entries) - 1)

    @on(OptionList.OptionSelected, "#history-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry_id = self.query_one("#history-list", Choices).value(event.option_index)
        try:
            shown, over = review_entry(entry_id)
        except (StorageError, RecordError) as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        show_replay(self.app, shown, ask=not over)


#: asked before the hands of an attempt that is not over are shown (it can be played on)
NOT_OVER = N_("This attempt is not over (Continue can play it on). Show every hand anyway?")


def show_replay(
    app: App[Any], shown: Review, *, ask: bool, declined: Callable[[], None] | None = None
) -> None:
    """Open the replay of ``shown``; with ``ask``, only once the player said yes to seeing
    every hand (``declined`` runs on a no)."""
    if not ask:
        app.push_screen(ReplayScreen(shown))
        return

    def answer(yes: bool | None) -> None:
        if yes:
            app.push_screen(ReplayScreen(shown))
        elif declined is not None:
            declined()

    app.push_screen(ConfirmScreen(_(NOT_OVER)), answer)
