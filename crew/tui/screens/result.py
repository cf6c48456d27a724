"""The end of an attempt: won or lost, which task decided it at which trick, what next.

The screen is given a finished attempt's :class:`~crew.table.AttemptSummary` (public facts only,
and the post-mortem's search as a job), never the session: it cannot change the game.
"""

from __future__ import annotations

from enum import StrEnum

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from crew.i18n import N_, _
from crew.table import AttemptSummary

from ..base import CrewFooter
from ..guard import GuardedScreen, KeyTiming
from ..render import card_text, mission_label, tasks_table
from ..widgets.choices import Choice, Choices
from ..widgets.postmortem import PostMortemPanel
from ..widgets.tasks import TasksPanel

__all__ = ["ResultScreen"]

#: Lines the tasks keep under the choices (their top border, a margin and two lines of tasks).
TASKS_AT_LEAST = 4
#: Lines the scrolled part keeps however small the terminal.
MIN_BODY = 3


def last_trick_text(summary: AttemptSummary) -> Text:
    """The last completed trick: who played what, who led, who won it ('' before any)."""
    t = summary.table
    v = t.public_view()
    last = v.last_trick
    out = Text()
    if last is None:
        return out
    out.append(_("Last trick ({n}): ").format(n=v.tricks_played), style="bold")
    for i, (seat, card) in enumerate(zip(last.seats, last.cards, strict=True)):
        if i:
            out.append(", ")
        out.append(f"{t.name(seat)} ")
        out.append_text(card_text(card))
        if seat == last.leader:
            out.append(_(" led"))
        if seat == last.winner:
            out.append(_(" ✓won"), style="bold")
    return out


class AfterResult(StrEnum):
    """What the crew chose on the result screen (the value its key binding names)."""

    SAME = "same"  # retry with the same tasks (or just a new deal)
    NEW = "new"  # retry with new tasks
    NEXT = "next"  # the next mission
    TITLE = "title"  # back to the title screen


class ResultScreen(GuardedScreen[AfterResult]):
    """Dismissed with what comes after the attempt."""

    BINDINGS = [
        Binding("r", "choose('same')", N_("Retry same")),
        Binding("r", "choose('again')", N_("Retry")),
        Binding("n", "choose('new')", N_("Retry new")),
        Binding("m", "choose('next')", N_("Next mission")),
        Binding("t", "choose('title')", N_("Title")),
        Binding("e", "export", N_("Export"), show=False),  # said under the logbook line
        # the answer itself names the key (the footer has no room left at 80 columns)
        Binding("w", "winning_line", N_("Winning line"), show=False),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.request_quit", N_("Quit")),
        # a long post-mortem scrolls above the choices (the list keeps ↑ ↓)
        Binding("pageup", "scroll_body(-1)", N_("Scroll up"), show=False, priority=True),
        Binding("pagedown", "scroll_body(1)", N_("Scroll down"), show=False, priority=True),
    ]

    def __init__(self, summary: AttemptSummary, *, timing: KeyTiming | None = None) -> None:
        super().__init__(timing=timing)
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(id="result-title")
            # what was, and the post-mortem: scrolled when long, so the choices stay on screen
            with VerticalScroll(id="result-body", can_focus=False):
                yield Static(id="result-reason")
                yield Static(id="result-trick")
                yield Static(id="result-crew")
                yield Static(id="result-log")
                if self.summary.lost:
                    yield PostMortemPanel(self.summary.post_mortem, id="result-postmortem")
            yield Choices(id="result-choices")
            yield TasksPanel(id="result-tasks")
        yield CrewFooter()

    def on_mount(self) -> None:
        r = self.summary
        t = r.table
        v = t.public_view()
        title = Text(
            _("{mission}, attempt {attempt}: ").format(mission=mission_label(t), attempt=t.attempt),
            style="bold",
        )
        title.append(
            _("WON") if r.won else _("LOST"),
            style="bold reverse green" if r.won else "bold reverse red",
        )
        title.append("   " + _("(deal code {seed})").format(seed=t.seed), style="dim")
        self.query_one("#result-title", Static).update(title)
        self.query_one("#result-reason", Static).update(Text(r.why, style="bold"))
        self.query_one("#result-tasks", TasksPanel).show(lambda wrap: tasks_table(t, wrap=wrap))
        self.query_one("#result-trick", Static).update(last_trick_text(r))
        crew = Text(_("Tricks won: "))
        crew.append(", ".join(f"{t.name(i)} {v.counts[i]}" for i in range(v.seats)))
        preds = [(i, p) for i, p in enumerate(v.predictions) if p is not None]
        if preds:
            crew.append("   " + _("Predictions: "))
            crew.append(", ".join(f"{t.name(i)} {p}" for i, p in preds))
        self.query_one("#result-crew", Static).update(crew)
        line = r.logbook
        if r.uncounted:
            line = _(
                "Nobody could have avoided this loss: it came right after the tasks were handed"
                " out, so it is not an attempt (rule of thumb) and the logbook is unchanged."
                " Re-deal, or swap the tasks for new ones."
            )
        elif r.replaying and t.mission is not None:
            line = (
                _(
                    "A replay: mission {number} was already won, and replays do not change"
                    " its count. "
                ).format(number=t.mission)
                + line
            )
        log = Text(line, style="italic")
        log.append("  e", style="bold reverse")
        log.append(_(" keeps this attempt as a file."))
        if r.save_problem:
            # a result that may not have reached the disk is never passed over in silence
            log = Text.assemble(
                log, "\n", (_("Not saved: {problem}").format(problem=r.save_problem), "bold red")
            )
        self._log = log
        self.query_one("#result-log", Static).update(log)
        nxt = r.next_mission
        why_not = ""
        if nxt is None:
            why_not = _("free play at a difficulty has no next mission")
        elif not r.next_open:
            why_not = _("the mission is not won yet")
        again = _("Re-deal") if r.uncounted else _("Retry")
        if self.new_tasks_differ:
            items = [
                Choice(
                    _("{again} with the same tasks (new deal)").format(again=again),
                    AfterResult.SAME,
                ),
                Choice(_("{again} with new tasks (new deal)").format(again=again), AfterResult.NEW),
            ]
            keys = ["r", "n"]
        else:
            # no task cards, or the mission's own fixed ones: a retry is just a new deal
            items = [Choice(_("{again} (new deal)").format(again=again), AfterResult.SAME)]
            keys = ["r"]
        items += [
            Choice(
                _("Next mission ({number})").format(number=nxt)
                if nxt is not None
                else _("Next mission"),
                AfterResult.NEXT,
                why_not,
            ),
            Choice(_("Back to the title screen"), AfterResult.TITLE),
        ]
        keys += ["m", "t"]
        choices = self.query_one("#result-choices", Choices)
        choices.set_choices(
            items, keys=keys, highlight=keys.index("m") if r.won and nxt is not None else 0
        )
        self.refresh_bindings()
        choices.focus()
        self.call_after_refresh(self._fit_body)
        # a second press of the key that ended the attempt must not leave this screen unseen
        self.arm()

    def action_scroll_body(self, direction: int) -> None:
        body = self.query_one("#result-body", VerticalScroll)
        if direction < 0:
            body.scroll_page_up(animate=False)
        else:
            body.scroll_page_down(animate=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_body)

    def _fit_body(self) -> None:
        """Keep the choices and a few lines of tasks on screen: the part above them (the
        post-mortem can name many alternatives) gets the rest of the height, and scrolls."""
        box = self.query_one("#result-box")
        used = sum(
            self.query_one(f"#{name}").outer_size.height
            for name in ("result-title", "result-choices")
        )
        room = box.content_region.height - used - TASKS_AT_LEAST
        self.query_one("#result-body").styles.max_height = max(MIN_BODY, room)

    @property
    def new_tasks_differ(self) -> bool:
        """Whether "new tasks" means something: tasks are drawn (not none, not fixed ones)."""
        return self.summary.new_tasks_differ

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "winning_line":
            # shown once a lost attempt's post-mortem has a checked line to step through
            return self._line_panel() is not None
        if action == "choose" and not self.keys_ready():
            return False
        if action == "choose" and parameters and parameters[0] == AfterResult.NEXT:
            return True if self.summary.next_open else None
        if (
            action == "choose"
            and parameters
            and parameters[0] in (AfterResult.NEW, AfterResult.SAME)
        ):
            return self.new_tasks_differ
        if action == "choose" and parameters and parameters[0] == "again":
            return not self.new_tasks_differ
        return True

    @on(OptionList.OptionSelected, "#result-choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.keys_ready():
            return
        item = self.query_one("#result-choices", Choices).items[event.option_index]
        if item.unavailable:
            self.notify(_("Not possible: {why}").format(why=item.unavailable), severity="warning")
            return
        self.dismiss(item.value)

    def _line_panel(self) -> PostMortemPanel | None:
        for panel in self.query(PostMortemPanel):
            if panel.result is not None and panel.result.line is not None:
                return panel
        return None

    @on(PostMortemPanel.Answered)
    def _answered(self, event: PostMortemPanel.Answered) -> None:
        event.stop()
        self.refresh_bindings()
        self.call_after_refresh(self._fit_body)

    def action_winning_line(self) -> None:
        from .winning_line import WinningLineScreen

        panel = self._line_panel()
        if panel is None or panel.result is None or panel.result.line is None:
            return
        self.app.push_screen(
            WinningLineScreen(panel.result.line, self.summary.names, panel.result.line_from)
        )

    def action_export(self) -> None:
        """Keep this attempt as a file of its own (for crew analyse, replay, a friend)."""
        try:
            path = self.summary.export()
        except OSError as exc:
            self.notify(
                _("The record could not be written: {error}").format(error=exc.strerror or exc),
                severity="error",
            )
            return
        self.notify(_("Written to {path}").format(path=path), title=_("Exported"), timeout=15)
        self.query_one("#result-log", Static).update(
            Text.assemble(self._log, "\n", (_("Exported to {path}").format(path=path), "bold"))
        )

    def action_choose(self, what: str) -> None:
        if self.keys_ready():
            self.dismiss(AfterResult.SAME if what == "again" else AfterResult(what))
