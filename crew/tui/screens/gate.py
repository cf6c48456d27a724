"""The hand-off gate: a full screen that hides the table until the named player takes over."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Button, Static

from crew.i18n import N_, _
from crew.present import glyph_legend

from ..base import CrewFooter
from ..guard import GuardedScreen, KeyTiming

__all__ = ["GateScreen"]


class GateScreen(GuardedScreen[str | None]):
    """The hand-off ("Pass the terminal to Bob — Bob, press Enter"); nothing private on it.

    Dismissed with None when the named crew member opens it, ``"signal"`` when, before a
    trick's lead, somebody signals first (``c``, offered only when somebody has a token), or
    ``"undo"`` when, in practice, the last person takes their action back (``u``).
    """

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("enter", "open", N_("Show my hand")),
        Binding("c", "signal_first", N_("Somebody signals first")),
        Binding("u", "undo", N_("Undo")),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def __init__(
        self,
        who: str,
        detail: str = "",
        news: str = "",
        *,
        clock: Callable[[], str] | None = None,
        signal_first: bool = False,
        undo: str = "",
        timing: KeyTiming | None = None,
    ) -> None:
        super().__init__(timing=timing)
        self.who = who
        self.detail = detail
        self.news = news  # public news nobody may miss: who won the trick just finished
        self.clock = clock  # the clock line ('' when no clock runs)
        self.signal_first = signal_first
        self.undo = undo  # practice: what u takes back ('' when nothing may be)

    def compose(self) -> ComposeResult:
        with Vertical(id="gate-box"):
            news = Static(self.news, id="gate-news")
            news.display = bool(self.news)
            yield news
            yield Static(
                _("Pass the terminal to {name} — {name}, press Enter").format(name=self.who),
                id="gate-title",
            )
            yield Static(
                (_("Everybody else: look away.") + " " + self.detail).strip(), id="gate-detail"
            )
            if self.signal_first:
                yield Static(
                    _("Somebody wants to signal before this trick? Press c."), id="gate-signal"
                )
            if self.undo:
                yield Static(_("Practice, u: {undo}.").format(undo=self.undo), id="gate-undo")
            yield Static("", id="gate-clock")
            # the glyphs in words, before the hand behind the gate shows them
            yield Static(
                _("Card colours: {legend}").format(legend=glyph_legend()), id="gate-legend"
            )
            with Center():
                button = Button(
                    _("I am {name}").format(name=self.who), id="gate-open", variant="primary"
                )
                button.can_focus = False  # Enter is the screen's: "show my hand"
                yield button
        yield CrewFooter()

    def on_mount(self) -> None:
        self.refresh_clock()
        self.set_focus(None)
        # an Enter meant for the screen before (the card just played) must not open this gate
        self.arm()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return self.keys_ready()
        if action == "signal_first":
            return self.signal_first and self.keys_ready()
        if action == "undo":
            return bool(self.undo) and self.keys_ready()
        return True

    def refresh_clock(self) -> None:
        self.query_one("#gate-clock", Static).update(self.clock() if self.clock else "")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        if self.keys_ready():
            self.dismiss(None)

    def action_signal_first(self) -> None:
        if self.signal_first and self.keys_ready():
            self.dismiss("signal")

    def action_undo(self) -> None:
        if self.undo and self.keys_ready():
            self.dismiss("undo")
