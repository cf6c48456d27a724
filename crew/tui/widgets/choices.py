"""A list of choices: arrows and Enter, a digit for each of the first nine, a click.

Choices the engine forbids stay in the list, dimmed and labelled with the reason, so that trying
one explains it instead of silently doing nothing. A choice that is allowed but loses the attempt
(a warning) is marked, and the cursor starts on the first choice that is neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from crew.i18n import N_, _

__all__ = ["Choice", "Choices", "yes_key"]


def yes_key() -> str:
    """The key that answers yes: the first letter of the word in the language in use (j for
    Dutch "ja"). y answers yes in every language too."""
    # the key alone, as the translator gives it for "yes"
    key = _("y")
    return key if len(key) == 1 and key.isalpha() and key.islower() else "y"


@dataclass(frozen=True)
class Choice:
    """One entry: what it says, what it means, why it is unavailable ('' when allowed) and why
    it loses the attempt although allowed ('' when it does not)."""

    label: str | Text
    value: Any
    unavailable: str = ""
    warning: str = ""


class Choices(OptionList):
    """An option list of values (``OptionSelected.option_index`` indexes ``items``)."""

    BINDINGS = [Binding("enter", "select", N_("Choose"), show=True)]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)
        self.items: list[Choice] = []
        self.keys: list[str] = []

    def set_choices(
        self,
        items: Sequence[Choice],
        *,
        highlight: int | None = None,
        keys: Sequence[str] | None = None,
        show_keys: bool = True,
        wrap: bool = True,
    ) -> None:
        """Show ``items``; ``keys`` are their shortcut keys (default 1-9 when at most nine).

        Without ``wrap`` every entry keeps to one line (cut off with "…"), so a list that fits
        by its count never hides its last entries behind a scrollbar."""
        self.items = list(items)
        if keys is None:
            keys = [str(i + 1) for i in range(len(self.items))] if len(self.items) <= 9 else []
        self.keys = list(keys)
        width = max((len(k) for k in self.keys), default=0) if show_keys else 0
        options = []
        for i, item in enumerate(self.items):
            label = Text()
            if show_keys and i < len(self.keys):
                label.append(f"{self.keys[i]:>{width}} ", style="bold")
            elif show_keys and self.keys:
                label.append(" " * (width + 1))
            if item.unavailable and not wrap:
                # a line cut off at the edge would hide the reason: the mark comes first, and
                # the panel says why under the list (``reason``)
                label.append("✗ ", style="bold")
            elif item.warning and not wrap:
                label.append("! ", style="bold")
            label.append_text(item.label if isinstance(item.label, Text) else Text(item.label))
            if item.unavailable:
                label.stylize("dim")
                if wrap:
                    label.append(
                        _("  (not allowed: {why})").format(why=item.unavailable), style="dim italic"
                    )
            elif item.warning and wrap:
                label.append(_("  (! {why})").format(why=item.warning), style="italic")
            options.append(Option(label))
        self.set_class(not wrap, "-one-line")
        self.set_options(options)
        if highlight is None:
            highlight = next(
                (i for i, c in enumerate(self.items) if not c.unavailable and not c.warning),
                next((i for i, c in enumerate(self.items) if not c.unavailable), 0),
            )
        if self.items:
            self.highlighted = highlight

    def _ready(self) -> bool:
        # a guarded screen (see guard.py) takes no choice before it has been seen
        ready = getattr(self.screen, "keys_ready", None)
        return ready is None or bool(ready())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return self._ready()
        return True

    def on_key(self, event: events.Key) -> None:
        ch = event.character or ""
        if ch and ch in self.keys:
            event.stop()
            event.prevent_default()
            if not self._ready():
                return
            self.highlighted = self.keys.index(ch)
            self.action_select()

    def value(self, index: int) -> Any:
        return self.items[index].value

    def reason(self) -> str:
        """Why the highlighted entry is not allowed ('' when it is, or nothing is highlighted)."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self.items):
            return ""
        return self.items[index].unavailable

    def warning(self) -> str:
        """Why the highlighted entry loses the attempt ('' when it does not)."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self.items):
            return ""
        return self.items[index].warning
