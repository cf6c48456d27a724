"""The title screen (Continue, New game, Logbook, Rules, Quit) and the logbook."""

from __future__ import annotations

from enum import StrEnum

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static

from crew import storage
from crew.i18n import N_, _
from crew.names import shown
from crew.present import LOGBOOK_COLUMNS, LOGBOOK_NOTE, logbook_rows

from ..base import CrewFooter, CrewScreen
from ..widgets.choices import Choice, Choices
from .dialogs import ScrollBox

__all__ = ["LogbookScreen", "TitleScreen"]

BANNER = N_(
    """\
  ~ ~  T H E   C R E W  ~ ~
      Mission Deep Sea
  a cooperative trick-taking game for 2-5 players at one terminal"""
)


class MenuItem(StrEnum):
    """An entry of the title menu (the value its key binding names: ``pick('new')``)."""

    CONTINUE = "continue"
    NEW = "new"
    LOGBOOK = "logbook"
    HISTORY = "history"
    RULES = "rules"
    QUIT = "quit"


class TitleScreen(CrewScreen[None]):
    """The menu ``crew`` opens with."""

    BINDINGS = [
        Binding("c", "pick('continue')", N_("Continue")),
        Binding("n", "pick('new')", N_("New game")),
        Binding("l", "pick('logbook')", N_("Logbook")),
        Binding("h", "pick('history')", N_("History")),
        Binding("r", "pick('rules')", N_("Rules")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    class Picked(Message):
        """A menu entry was chosen."""

        def __init__(self, what: MenuItem) -> None:
            super().__init__()
            self.what = what

    def __init__(self) -> None:
        super().__init__()
        self.has_save = False
        self.problem = ""
        self.message = ""  # what the app has to say here (why a game did not start)

    def tell(self, message: str) -> None:
        """Say ``message`` under the menu (and look at the saved game again)."""
        self.message = message
        if self.is_mounted:
            self.refresh_menu()

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(Text(_(BANNER), style="bold"), id="banner")
            yield Choices(id="menu")
            yield Static(id="title-message")
        yield CrewFooter()

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        self.problem = ""
        try:
            rec = storage.load_game()
            self.has_save = rec is not None
            detail = ""
            if rec is not None:
                if rec.mission is not None:
                    what = _("mission {number}").format(number=rec.mission)
                else:
                    what = _("free play")
                names = ", ".join(rec.names or [])
                detail = " " + _("({what}, attempt {attempt}, {names})").format(
                    what=what, attempt=rec.attempt, names=names
                )
        except storage.StorageError as exc:
            self.has_save = False
            self.problem = str(exc)
            detail = ""
        items = []
        keys = []
        if self.has_save:
            ended = rec is not None and bool(rec.table and rec.table.logged)
            # a game whose attempt has ended opens at its result, not at an action
            label = (
                _("See the result of the last game") if ended else _("Continue the unfinished game")
            )
            items.append(Choice(label + detail, MenuItem.CONTINUE))
            keys.append("c")
        items += [
            Choice(_("New game"), MenuItem.NEW),
            Choice(_("Logbook"), MenuItem.LOGBOOK),
            Choice(_("History: replay an attempt"), MenuItem.HISTORY),
            Choice(_("Rules"), MenuItem.RULES),
            Choice(_("Quit"), MenuItem.QUIT),
        ]
        # q (and Quit chosen here) asks before quitting, like everywhere
        keys += ["n", "l", "h", "r", "q"]
        menu = self.query_one("#menu", Choices)
        menu.set_choices(items, keys=keys)
        menu.focus()
        msg = self.problem or self.message
        self.query_one("#title-message", Static).update(Text(msg, style="bold red") if msg else "")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and parameters[0] == MenuItem.CONTINUE:
            return self.has_save
        return True

    @on(OptionList.OptionSelected, "#menu")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(self.query_one("#menu", Choices).items[event.option_index].value)

    def action_pick(self, what: str) -> None:
        self.post_message(self.Picked(MenuItem(what)))


class LogbookScreen(CrewScreen[None]):
    """Every campaign crew: members, missions with their attempts (distress +1), next mission."""

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("enter", "back", N_("Back"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with ScrollBox(id="logbook-box"):
            yield Static(self._content(), id="logbook-text")
        yield CrewFooter()

    def on_mount(self) -> None:
        self.query_one("#logbook-box").focus()

    def _content(self) -> Group | Text:
        try:
            log = storage.load_log()
        except storage.StorageError as exc:
            return Text(str(exc), style="bold red")
        if not log.crews:
            return Text(
                _("The logbook is empty. Start a new game as a campaign crew to write in it."),
                style="italic",
            )
        parts: list[Text | Table] = [Text(_("Logbook"), style="bold underline")]
        for name, crew in log.crews.items():
            members = ", ".join(map(shown, crew.members)) or "—"
            parts.append(
                Text(
                    _("{name}  (crew: {members}; next mission {number})").format(
                        name=shown(name), members=members, number=crew.current
                    ),
                    style="bold",
                )
            )
            table = Table(box=None, padding=(0, 2), show_edge=False)
            for heading, numbers in LOGBOOK_COLUMNS:
                table.add_column(_(heading), justify="right" if numbers else "left")
            for row in logbook_rows(crew):
                table.add_row(*row)
            parts.append(table)
            parts.append(Text(""))
        parts.append(Text(_(LOGBOOK_NOTE), style="dim"))
        return Group(*parts)

    def action_back(self) -> None:
        self.dismiss(None)
