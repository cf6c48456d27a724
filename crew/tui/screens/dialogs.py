"""Small modal screens, each typed by its result: confirm, pick one, help."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from crew.i18n import N_, _
from crew.present import glyph_legend

from ..base import CrewFooter, CrewModal, spoken
from ..guard import GuardedModal, KeyTiming
from ..widgets.choices import Choice, Choices, yes_key

__all__ = [
    "ConfirmScreen",
    "HelpScreen",
    "PickScreen",
    "QuitScreen",
    "ScrollBox",
    "SeatPicker",
    "help_renderable",
]

T = TypeVar("T")


class ConfirmScreen(CrewModal[bool]):
    """A yes/no question: yes on the language's own key (j for Dutch "ja", shown) and on y
    (always taken, shown only in English), no on n or Esc."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), show=False),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The screen's keys, the language's yes key first: it is known when the screen is
        shown (the language may be chosen after the class is made), so it is not in
        ``BINDINGS`` but added here and taken by :meth:`on_key`."""
        key = yes_key()
        yes = ActiveBinding(self, spoken(Binding(key, "answer(True)", N_("Yes"))), True)
        return {key: yes, **{k: b for k, b in super().active_bindings.items() if k != key}}

    def on_key(self, event: events.Key) -> None:
        if event.key == yes_key():
            event.stop()  # the bindings (y) do not answer a second time
            self.action_answer(True)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Static(_("{key}: yes    n: no").format(key=yes_key()), classes="dialog-hint")
        yield CrewFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class QuitScreen(ConfirmScreen):
    """The "Quit crew?" question (at most one at a time)."""


class PickScreen(GuardedModal[T | None], Generic[T]):
    """Choose one of a few values (Esc: none); a choice typed before it was seen does not act."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(
        self,
        title: str,
        items: Sequence[Choice],
        keys: Sequence[str] | None = None,
        *,
        timing: KeyTiming | None = None,
    ) -> None:
        super().__init__(timing=timing)
        self.title_text = title
        self.items = list(items)
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Choices(id="pick")
        yield CrewFooter()

    def on_mount(self) -> None:
        pick = self.query_one("#pick", Choices)
        pick.set_choices(self.items, keys=self.keys)
        pick.focus()
        self.arm()

    @on(OptionList.OptionSelected, "#pick")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.keys_ready():
            self.dismiss(self.items[event.option_index].value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SeatPicker(PickScreen[int]):
    """Which crew member (by name)."""

    def __init__(
        self, title: str, names: Sequence[str], *, timing: KeyTiming | None = None
    ) -> None:
        super().__init__(title, [Choice(n, i) for i, n in enumerate(names)], timing=timing)


#: Every key the game's screens take, as the help screen lists them (a test holds it against
#: the screens' bindings).
KEYS = (
    ("Enter", N_("choose; play / pass / show the card under the cursor; open a gate")),
    ("← →  Home End", N_("move along a hand")),
    ("p7 b3 g1 y9 s4", N_("jump to that card: colour letter, then value")),
    ("↑ ↓  1-9", N_("move in a list; a number chooses that entry")),
    ("x", N_("pass (task distribution, when passing is allowed)")),
    (N_("y / n"), N_("answer the volunteer question")),  # Dutch: j for ja (y works too)
    (
        "c",
        N_(
            "signal before the trick's lead (on the gate or the hand of the player to lead, or"
            " while a computer is about to lead)"
        ),
    ),
    ("v", N_("look at your own hand during a public step (behind your gate)")),
    ("l", N_("show or hide the last completed trick (only that one)")),
    (N_("Space"), N_("go on at once after a computer's move (it stays on screen a moment)")),
    ("t", N_("the card tracker: cards played, colours a seat is known to lack, signals (public)")),
    (
        "w",
        N_(
            "why the computers made their moves since a person last acted, each in its own"
            " words (after a lost attempt: a winning line)"
        ),
    ),
    ("h", N_("practice: a hint for the hand that is open, from that seat's view only")),
    ("u", N_("practice: take back your last card or choice (on the next gate too)")),
    (
        "r / n / m / t",
        N_("after an attempt: retry with the same or new tasks, next mission, title"),
    ),
    ("e", N_("after an attempt: keep it as a game record file (crew analyse, crew replay)")),
    ("PgUp PgDn", N_("after an attempt: scroll what is said above the choices when it is long")),
    ("p / n  b", N_("in a winning line: the previous / next trick (also ← →); b or Esc: back")),
    ("[ ]  j", N_("in a replay: the previous / next trick (also ↑ ↓); j: the turning point")),
    ("Esc", N_("back")),
    ("?", N_("this help")),
    ("q, Ctrl+C", N_("quit (asks first; the game is always saved)")),
    (N_("mouse"), N_("click a card, a list entry or a key in the footer")),
)


def help_renderable(
    mission_rule: str | None = None,
    *,
    keys: bool = True,
    tasks: RenderableType | None = None,
) -> Group:
    """The key table, the current mission's rule and tasks (in full), and the rules (house
    rulings marked)."""
    parts: list[Any] = []
    if keys:
        parts.append(Text(_("Keys"), style="bold underline"))
        table = Table(box=None, show_header=False, padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for k, what in KEYS:
            table.add_row(_(k), _(what))
        parts.append(table)
        parts.append(Text(_("Card glyphs: ") + glyph_legend()))
        parts.append(Text(""))
    if mission_rule:
        parts.append(Text(_("This mission"), style="bold underline"))
        parts.append(Text(mission_rule))
        parts.append(Text(""))
    if tasks is not None:
        parts.append(Text(_("This attempt's tasks"), style="bold underline"))
        parts.append(tasks)
        parts.append(Text(""))
    parts.append(Text(_("Rules"), style="bold underline"))
    try:
        from crew import rulebook
    except ImportError:  # the rulebook module is optional at runtime
        parts.append(Text(_("(the rules text is not installed)"), style="dim"))
        return Group(*parts)
    from crew.texts import ruling_label, ruling_text, topic_text, topic_title

    for topic in rulebook.TOPICS:
        parts.append(Text(topic_title(topic), style="bold"))
        parts.append(Text(topic_text(topic)))
        for r in topic.house_rulings():
            words = _("{label} (not printed rules): {text}").format(
                label=ruling_label(r), text=ruling_text(r)
            )
            parts.append(Text(words, style="italic"))
        parts.append(Text(""))
    return Group(*parts)


class ScrollBox(VerticalScroll):
    """A scrolling panel whose keys show in the footer."""

    BINDINGS = [
        Binding("down", "scroll_down", N_("Scroll"), key_display="↑ ↓"),
        Binding("pagedown", "page_down", N_("Page"), key_display="PgUp PgDn"),
    ]


class HelpScreen(CrewModal[None]):
    """`?`: keys, this mission's rule and the rules, house rulings marked as such."""

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("question_mark", "close", N_("Close"), show=False),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(
        self,
        mission_rule: str | None = None,
        *,
        keys: bool = True,
        tasks: RenderableType | None = None,
    ) -> None:
        super().__init__()
        self.mission_rule = mission_rule
        self.tasks = tasks
        self.keys = keys

    def compose(self) -> ComposeResult:
        with ScrollBox(id="help-box"):
            yield Static(
                help_renderable(self.mission_rule, keys=self.keys, tasks=self.tasks), id="help-text"
            )
        yield CrewFooter()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)
