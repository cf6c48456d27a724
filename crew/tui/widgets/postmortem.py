"""The "Could it have been won?" panel of a lost attempt's result screen.

The search runs in a worker thread so that the result screen's keys keep working; a spinner
shows that it is working. The worker belongs to the panel: when the screen closes, the panel is
unmounted, Textual cancels the worker, and the search notices within a fraction of a second.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import LoadingIndicator, Static
from textual.worker import Worker, WorkerState, get_current_worker

from crew.i18n import _
from crew.table.postmortem import BUDGET, PREMISE, PostMortem, Stopped

from ..render import cards_in

__all__ = ["PostMortemPanel"]

GROUP = "post-mortem"


class PostMortemPanel(Vertical):
    """Asks the solver whether the attempt could have been won, and says the answer."""

    class Answered(Message):
        """The post-mortem is known (its line, if any, can be stepped through)."""

        def __init__(self, result: PostMortem) -> None:
            super().__init__()
            self.result = result

    def __init__(
        self, job: Callable[[Callable[[], bool]], PostMortem], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        # the attempt's own search, given a way to be stopped (the summary built it)
        self.job = job
        self.result: PostMortem | None = None

    def compose(self) -> ComposeResult:
        head = Text(_("Could it have been won? "), style="bold")
        head.append(f"({_(PREMISE)})", style="dim")
        yield Static(head, id="pm-head")
        with Horizontal(id="pm-busy"):
            yield LoadingIndicator(id="pm-spinner")
            yield Static(
                _("Searching every open-hand line (at most {seconds} s)…").format(
                    seconds=f"{BUDGET:g}"
                ),
                id="pm-busy-text",
            )
        yield Static("", id="pm-answer")

    def on_mount(self) -> None:
        self.query_one("#pm-answer", Static).display = False
        self.run_worker(
            self._search,
            name="could it have been won",
            group=GROUP,
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    @property
    def searching(self) -> bool:
        return any(w.group == GROUP and not w.is_finished for w in self.workers)

    def _search(self) -> PostMortem | None:
        worker = get_current_worker()
        try:
            return self.job(lambda: worker.is_cancelled)
        except Stopped:
            return None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != GROUP:
            return
        event.stop()
        if event.state == WorkerState.SUCCESS:
            result = event.worker.result
            if isinstance(result, PostMortem):
                self.show(result)
        elif event.state == WorkerState.ERROR:
            self._done(
                Text(_("The search failed: {error}").format(error=event.worker.error), style="red")
            )

    def show(self, result: PostMortem) -> None:
        """Put the answer in words on screen (and tell the screen a line may be stepped)."""
        self.result = result
        style = {"yes": "bold green", "no": "bold", "undecided": "italic"}[result.answer]
        # the cards as the table draws them (the verdict keeps the plain notation for --json)
        text = cards_in(result.text, style)
        if result.line is not None:
            text.append("  w", style="bold reverse")
            text.append(_(" steps through a winning line."))
        if result.clash:  # the tasks that cannot live together, in one line
            text.append("\n")
            text.append(result.clash, style="bold")
        self._done(text)
        self.post_message(self.Answered(result))

    def _done(self, text: Text) -> None:
        self.query_one("#pm-busy").display = False
        answer = self.query_one("#pm-answer", Static)
        answer.update(text)
        answer.display = True
