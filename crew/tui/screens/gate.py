"""The hand-off gate: a full screen that hides the table until the named player takes over."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Button, Footer, Static

from crew.present import clock

from ..guard import GuardedScreen

__all__ = ["GateScreen"]


class GateScreen(GuardedScreen[None]):
    """The hand-off ("Pass the terminal to Bob — Bob, press Enter"); nothing private on it."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("enter", "open", "Show my hand"),
        Binding("q", "app.request_quit", "Quit"),
    ]

    def __init__(self, who: str, detail: str = "", news: str = "") -> None:
        super().__init__()
        self.who = who
        self.detail = detail
        self.news = news  # public news nobody may miss: who won the trick just finished

    def compose(self) -> ComposeResult:
        with Vertical(id="gate-box"):
            news = Static(self.news, id="gate-news")
            news.display = bool(self.news)
            yield news
            yield Static(
                f"Pass the terminal to {self.who} — {self.who}, press Enter", id="gate-title"
            )
            yield Static(f"Everybody else: look away. {self.detail}".strip(), id="gate-detail")
            yield Static("", id="gate-clock")
            with Center():
                button = Button(f"I am {self.who}", id="gate-open", variant="primary")
                button.can_focus = False  # Enter is the screen's: "show my hand"
                yield button
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_clock()
        self.set_focus(None)
        # an Enter meant for the screen before (the card just played) must not open this gate
        self.arm()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return self.keys_ready()
        return True

    def refresh_clock(self) -> None:
        session = getattr(self.app, "session", None)
        line = self.query_one("#gate-clock", Static)
        if session is not None and session.clock_running and session.time_left is not None:
            line.update(f"Time left: {clock(session.time_left)}")
        else:
            line.update("")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        if self.keys_ready():
            self.dismiss(None)
