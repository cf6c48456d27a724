"""The tasks panel: task texts wrapped when the whole list then fits, else cut off with "…"."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from crew.i18n import N_, _

__all__ = ["TasksPanel"]

#: Builds the tasks renderable, wrapped (True) or on one line per task (False).
TasksFactory = Callable[[bool], RenderableType]


class TasksPanel(VerticalScroll):
    """A scrollable panel that lays its tasks out again whenever its size changes."""

    #: Shown in the panel's top border while task texts are cut off.
    CUT_HINT = N_("task texts cut short: ? shows them in full")

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._factory: TasksFactory | None = None
        self.wrapped = False

    def compose(self) -> ComposeResult:
        yield Static(classes="tasks-text")

    def show(self, factory: TasksFactory) -> None:
        """Show the tasks ``factory`` builds (called again after every resize)."""
        self._factory = factory
        self._layout()

    def on_resize(self) -> None:
        self._layout()

    def _layout(self) -> None:
        if self._factory is None or not self.is_mounted:
            return
        width, height = self.scrollable_content_region.size
        content = self._factory(True)
        self.wrapped = True
        if width > 0 and height > 0:
            console = self.app.console
            lines = console.render_lines(content, console.options.update_width(width), pad=False)
            if len(lines) > height:
                content = self._factory(False)
                self.wrapped = False
        self.query_one(".tasks-text", Static).update(content)
        self.border_title = None if self.wrapped else _(self.CUT_HINT)
