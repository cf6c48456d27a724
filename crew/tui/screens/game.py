"""The table: public information always on screen, one private hand at most, behind its gate.

The screen only routes: it asks the hot seat what happens now, puts up the gate when the
terminal must change hands, mounts the step's panel (``widgets/steps.py``) and hands what the
panel chose to the hot seat. It never sees the engine state, only views.

The screen is in one :class:`Mode` at a time (a step on the table, the gate up, a computer
thinking, its move held on screen, the attempt over). When a computer must decide, the screen
says so ("Robo 1 is thinking…") and runs the decision in a Textual worker thread, so keys keep
working; hints and the computers' task wishes are worked out the same way (one worker group
each: a new job cancels the last, leaving the screen cancels them all, and a result is used
only while it is still the one awaited, never after an undo). Each computer move stays on
screen for the app's ``pace`` (Space or Enter goes on at once) before the table moves on. No
panel with a choice is up while a computer decides, so a person's key never answers for it.
Before a computer leads a trick, the people who may signal are asked first (the window step:
Enter plays on, c signals).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from enum import Enum, StrEnum, auto
from typing import Any, cast

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from crew.engine import Action, Phase
from crew.i18n import N_, _, reason_text
from crew.table import (
    Answer,
    Ask,
    SeatScope,
    Step,
    StepKind,
)
from crew.table.advice import Advice
from crew.table.campaign import SaveProblem
from crew.table.choices import Intent, SignalBy

from ..base import CrewFooter
from ..guard import GuardedScreen, KeyTiming
from ..render import cards_in, crew_table, news_text, status_text, tasks_table, tonoja_text
from ..widgets.choices import Choice
from ..widgets.steps import (
    AssignPanel,
    SignalFirst,
    StepPanel,
    panels,
)
from ..widgets.tasks import TasksPanel
from .gate import GateScreen
from .table_words import (
    clock_line,
    gate_detail,
    hint_words,
    move_line,
    thinking_line,
    trick_done_line,
    wishes_line,
)

__all__ = ["GameScreen", "Mode"]


class Mode(Enum):
    """What the game screen is doing now."""

    TABLE = auto()  # the step's panel is up: the people choose
    GATE = auto()  # the hand-off gate is up
    THINKING = auto()  # a computer decides (in a worker)
    HOLDING = auto()  # a computer's move stays on screen for a moment (Space: go on)
    OVER = auto()  # the attempt is over: the app shows its result


class Job(StrEnum):
    """The screen's background work: one Textual worker group each."""

    COMPUTER = "computer"  # a computer's decision
    HINT = "hint"  # a hint for the seat at the keyboard
    WISHES = "wishes"  # the computers' wishes in a free task choice


#: Public steps during which a crew member may look at their own hand (behind their gate).
_PUBLIC_PEEK = (
    StepKind.DRAW,
    StepKind.ASSIGN,
    StepKind.GIVE,
    StepKind.DISTRESS,
    StepKind.WINDOW,
)


class GameScreen(GuardedScreen[None]):
    """The shared table of one attempt."""

    BINDINGS = [
        Binding("v", "peek", N_("Look at my hand")),
        Binding("l", "last_trick", N_("Last trick")),
        Binding("l", "hide_last", N_("This trick")),
        Binding("t", "tracker", N_("Cards")),
        Binding("w", "why", N_("Why?")),
        Binding("h", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.request_quit", N_("Quit")),
        Binding("space", "go_on", N_("Go on")),
        Binding("enter", "go_on", N_("Go on"), show=False),
    ]

    class AttemptOver(Message):
        """The attempt on the table is over: the app shows its result."""

    def __init__(
        self, table: SeatScope, *, timing: KeyTiming | None = None, pace: float = 0.0
    ) -> None:
        super().__init__(timing=timing)
        self.table = table
        #: seconds a computer's move stays on screen before the table moves on (Space: at once)
        self.pace = pace
        self.show_last = False
        self.mode = Mode.TABLE
        self.panels = panels(table)
        self.panel: StepPanel = self.panels[StepKind.RESULT]
        self._step: tuple[Step, int | None] | None = None
        self._told_save_problem: SaveProblem | None = None
        self._armed_for: tuple[object, ...] | None = None  # what the key guard was armed for
        self.message = Text()
        #: the worker each job awaits, with what it was started for (the table then)
        self._awaited: dict[Job, tuple[Worker[Any], object]] = {}
        self._asked: Ask | None = None  # the question a computer decides (or failed to)
        self._moves: list[Text] = []  # what the computers did since a person last chose
        self._attempt: tuple[object, ...] | None = None  # the attempt on screen (mission, ...)
        # the computers' wishes in a free task choice (for the tasks still open then), and
        # the last hint, for the table as it was (its words, and what it advised): a step of
        # the same decision (c: signal first) puts the cursor on it again
        self._advice: tuple[object, Text, Advice] | None = None
        self._wishes_for: object | None = None
        self._wishes: Text = Text()

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="crew")
        yield Static(id="tonoja")
        yield TasksPanel(id="tasks-box")
        with Vertical(id="action"):
            for panel in self.panels.values():
                panel.display = panel is self.panel
                yield panel
            yield Static(id="message")
        yield CrewFooter()

    def on_mount(self) -> None:
        self.sync()

    # -- the main loop: ask the hot seat what happens now -----------------------------------------

    def _tell_save_problem(self) -> None:
        """Say once, plainly, that saving fails (and again if the reason changes)."""
        problem = self.table.save_problem
        if problem and problem != self._told_save_problem:
            self.notify(str(problem), title=_("Not saved"), severity="error", timeout=20)
        self._told_save_problem = problem

    def sync(self) -> None:
        """Redraw everything for the current step; hand the terminal over first when needed."""
        t = self.table
        if self.mode == Mode.HOLDING:
            return  # a computer's move is on screen for a moment (Space: go on)
        attempt = (t.mission, t.attempt, t.seed)
        if attempt != self._attempt:
            # a new attempt or mission: nothing said about the last one stays on screen
            self._attempt = attempt
            self._moves = []
            self.set_message("")
        ask = t.ask()
        if ask is not None:
            self._think(ask)
            return
        step = t.step()
        gate = t.gate_seat()
        new_step = (step, gate) != self._step
        if new_step:
            # the last trick is shown on request for one step: the next crew member at the
            # terminal sees the trick under way
            self.show_last = False
            self._step = (step, gate)
            # the previous hand leaves the screen before anything else is drawn
            self._swap_panel(step if gate is None else Step(StepKind.RESULT))
            self.set_message("")
        self.render_table()
        self._tell_save_problem()
        if step.kind == StepKind.RESULT:
            self.panel.say(_("The attempt is over."))
            if self.mode != Mode.OVER:
                self.mode = Mode.OVER
                self.post_message(self.AttemptOver())
            return
        if gate is not None:
            self.panel.say(_("Waiting for {name}…").format(name=t.person(gate)))
            if self.mode != Mode.GATE:
                self.mode = Mode.GATE
                self.app.push_screen(
                    GateScreen(
                        t.person(gate),  # the person is called; the detail names the seat
                        gate_detail(t, step),
                        trick_done_line(t),
                        clock=functools.partial(clock_line, t),
                        signal_first=bool(t.signal_first()),
                        undo=t.undo_label(),
                        timing=self.timing,
                    ),
                    self._gate_opened,
                )
            return
        self.mode = Mode.TABLE
        self.panel.update()
        self.panel.focus_choice()
        if new_step and self._advice is not None:
            table, words, advice = self._advice
            # nothing was done since and the same crew member decides: the hint still holds
            # (another member's gate never shows it: it speaks of the hinted hand)
            if table == t.public_view() and step.viewer == advice.seat:
                self.set_message(words)
                self.panel.point_at(advice)
            else:
                self._advice = None
        self._show_news()
        self._ask_wishes(step)
        # a new choice on screen: keys pressed before it was seen do not act on it
        on_screen = (step, self.panel.stage)
        if on_screen != self._armed_for:
            self._armed_for = on_screen
            self.arm()
        self.refresh_bindings()

    # -- the computers ----------------------------------------------------------------------------

    def _think(self, ask: Ask) -> None:
        """A computer decides: nothing private on screen, the decision in a worker thread."""
        t = self.table
        self.mode = Mode.THINKING
        self._step = None  # the step's panel is mounted afresh once the computer is done
        if self.panel is not self.panels[StepKind.RESULT]:
            self._swap_panel(Step(StepKind.RESULT))
        self.render_table()
        self.panel.say(thinking_line(t, ask))
        self._show_news()
        if self._asked != ask:
            self._asked = ask
            self._await(Job.COMPUTER, self._decide(t.question(ask)), ask)
        self.refresh_bindings()

    # -- background work: Textual workers, one group per job --------------------------------------

    @work(thread=True, exclusive=True, group=Job.COMPUTER, exit_on_error=False)
    def _decide(self, job: Callable[[], Answer]) -> Answer:
        return job()

    @work(thread=True, exclusive=True, group=Job.HINT, exit_on_error=False)
    def _work_out_hint(self, job: Callable[[], Advice]) -> Advice:
        return job()

    @work(thread=True, exclusive=True, group=Job.WISHES, exit_on_error=False)
    def _work_out_wishes(
        self, job: Callable[[], list[tuple[int, tuple[int, ...]]]]
    ) -> list[tuple[int, tuple[int, ...]]]:
        return job()

    def _await(self, job: Job, worker: Worker[Any], started_for: object) -> None:
        self._awaited[job] = (worker, started_for)

    def _drop_work(self) -> None:
        """The table is not what the jobs under way were started for: none of them is used."""
        for job in Job:
            self.workers.cancel_group(self, job)
        self._awaited.clear()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A job is done: its result is used only when it is still the one awaited (a newer
        one of its kind, an undo or leaving the screen drops it)."""
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        worker = event.worker
        job = next((j for j, (w, _) in self._awaited.items() if w is worker), None)
        if job is None:
            return
        event.stop()
        started_for = self._awaited.pop(job)[1]
        error = worker.error if event.state == WorkerState.ERROR else None
        if job == Job.COMPUTER:
            if error is not None:  # a computer that cannot decide says so on screen
                self.set_message(
                    _("A computer could not decide: {error}").format(error=error), error=True
                )
                return
            self._asked = None
            self._answered(cast(Answer, worker.result))
        elif job == Job.HINT:
            self._hinted(started_for, cast(Advice, worker.result), error)
        elif error is None:  # no wishes said on an error: the choice is the people's anyway
            self._wished(started_for, cast(list[tuple[int, tuple[int, ...]]], worker.result))

    def _answered(self, answer: Answer) -> None:
        t = self.table
        if not t.answer(answer):
            self.sync()  # the table moved on (the clock ran out): ask again
            return
        line = move_line(t, answer)
        if line.plain:
            self._moves.append(line)
        pace = self.pace
        if pace > 0 and line.plain:
            # the move stays on screen long enough to follow (Space or Enter: go on)
            self.mode = Mode.HOLDING
            self.render_table()
            self.panel.say(Text.assemble(line, (_("  (Space: go on)"), "dim")))
            self._show_news()
            self.set_timer(pace, self._release)
            self.refresh_bindings()
            return
        self.sync()

    def _release(self) -> None:
        if self.mode == Mode.HOLDING:
            self.mode = Mode.TABLE
            self.sync()

    def action_go_on(self) -> None:
        self._release()

    def _swap_panel(self, step: Step) -> None:
        old = self.panel
        old.clear()
        old.display = False
        self.panel = self.panels.get(step.kind, self.panels[StepKind.RESULT])
        self.panel.show(step)
        self.panel.display = True
        # first among the panels, so the hand on screen is the one ``#hand`` finds
        action = self.query_one("#action", Vertical)
        if action.children[0] is not self.panel:
            action.move_child(self.panel, before=0)
        self._armed_for = None

    def clock_ran_out(self) -> None:
        """The mission's time is up: whatever was on top of the table is gone, the result next."""
        self.mode = Mode.TABLE
        self.sync()

    def _gate_opened(self, choice: str | None = None) -> None:
        self.mode = Mode.TABLE
        if choice == "signal":
            self.ask_signaller()
            return
        if choice == "undo":
            self.action_undo()
            return
        self.table.open_gate()
        self.sync()

    def render_table(self) -> None:
        t = self.table
        self.refresh_clock()
        v = t.public_view()
        show_last = self.show_last and v.last_trick is not None
        self.query_one("#crew", Static).update(crew_table(t, show_last=show_last))
        tj = tonoja_text(t)
        tonoja = self.query_one("#tonoja", Static)
        tonoja.display = tj is not None
        if tj is not None:
            tonoja.update(tj)
        # the viewer's own secret prediction only while that viewer's hand may be shown
        private = t.hand
        viewer = private.seat if private is not None else -1
        self.query_one("#tasks-box", TasksPanel).show(
            lambda wrap: tasks_table(t, viewer=viewer, wrap=wrap)
        )

    def refresh_clock(self) -> None:
        """The status line (with the clock), in short words when the terminal is narrow."""
        status = self.query_one("#status", Static)
        width = status.content_size.width or self.app.size.width - 2
        status.update(status_text(self.table, width))

    def on_resize(self) -> None:
        self.refresh_clock()

    def set_message(self, text: str | Text, *, error: bool = False) -> None:
        if isinstance(text, str):
            text = Text(text, style="bold red" if error else "")
        self.message = text
        self.query_one("#message", Static).update(text)

    def _show_news(self) -> None:
        if not self.message:
            news = Text("  ").join(self._moves[-4:]) if self._moves else news_text(self.table)
            if self._wishes and self.table.step().kind == StepKind.ASSIGN:
                news = self._wishes
            self.query_one("#message", Static).update(news)

    # -- routing what a panel chose ---------------------------------------------------------------

    @on(StepPanel.Chosen)
    def _chosen(self, event: StepPanel.Chosen) -> None:
        event.stop()
        if not self.keys_ready():
            return
        self.message = Text()
        self._moves = []
        if event.choice is None:  # the panel moved on within its step
            self.sync()
            return
        if isinstance(event.choice, SignalFirst):
            # the leader's hand leaves the screen before the crew chooses who signals
            self.table.close_gate()
            self._step = None
            self._swap_panel(Step(StepKind.RESULT))
            self.ask_signaller()
            return
        # an engine action or one of the table's intents: the scope carries either out
        bad = self.table.choose(cast(Intent | Action, event.choice))
        if bad is not None:
            self.set_message(
                _("Not allowed: {reason}").format(reason=reason_text(bad, self.table.name)),
                error=True,
            )
            return
        self.sync()

    def ask_signaller(self) -> None:
        """Before the lead: who signals? (Only those with a token; the gate follows.)"""
        from .dialogs import PickScreen

        t = self.table
        seats = t.signal_first()

        def picked(seat: int | None) -> None:
            if seat is not None:
                bad = t.choose(SignalBy(seat))
                if bad is not None:
                    why = reason_text(bad, t.name)
                    self.set_message(_("Not allowed: {reason}").format(reason=why), error=True)
            self.sync()

        items = [Choice(_("{name} signals").format(name=t.name(seat)), seat) for seat in seats]
        question = _("Who signals before the lead? (Esc: nobody)")
        self.app.push_screen(PickScreen(question, items, timing=self.timing), picked)

    # -- bindings ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        t = self.table
        step = t.step()
        kind = step.kind
        holding = self.mode == Mode.HOLDING
        if action == "go_on":
            return holding
        if action == "peek":
            return kind in _PUBLIC_PEEK and not step.private and t.ask() is None
        if action == "hint":
            return t.practice and kind != StepKind.RESULT and t.ask() is None and not holding
        if action == "undo":
            return bool(t.undo_label())
        if action == "why":
            return bool(t.whys)
        if action in ("hide_last", "last_trick"):
            v = t.public_view()
            # between tricks the last one is on the table anyway (until the next card)
            if kind == StepKind.RESULT or v.phase != Phase.PLAY or not v.trick:
                return False
            if action == "hide_last":
                return self.show_last
            return v.last_trick is not None and not self.show_last
        return True

    def action_peek(self) -> None:
        from .dialogs import SeatPicker

        t = self.table

        def picked(seat: int | None) -> None:
            if seat is not None:
                t.peek(seat)
            self.sync()

        # only the people: a computer's hand is never shown
        seats = t.person_seats()
        if len(seats) == 1:
            picked(seats[0])  # one person, one hand: nobody to ask
            return

        def picked_index(index: int | None) -> None:
            picked(seats[index] if index is not None else None)

        names = [t.name(i) for i in seats]
        self.app.push_screen(
            SeatPicker(_("Who wants to look at their hand?"), names, timing=self.timing),
            picked_index,
        )

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.render_table()
        self.refresh_bindings()

    def action_hide_last(self) -> None:
        self.action_last_trick()

    # -- the helps: tracker, the computers' reasons and wishes, hint and undo -----------------

    def action_tracker(self) -> None:
        from .helps import InfoScreen, tracker_renderable

        title = _("The cards so far (what the whole table knows)")
        self.app.push_screen(InfoScreen(title, tracker_renderable(self.table), "t"))

    def action_why(self) -> None:
        from .helps import InfoScreen, why_renderable

        title = _("The computers' last moves")
        self.app.push_screen(InfoScreen(title, why_renderable(self.table), "w"))

    def action_hint(self) -> None:
        """A computer's advice for the seat at the keyboard, worked out in a worker thread;
        said only while the step it was asked at is on screen."""
        t = self.table
        got = t.hint()
        if isinstance(got, str):
            self.set_message(got)
            return
        seat, job = got
        self.set_message(
            Text(_("Working out a hint for {name}…").format(name=t.name(seat)), style="dim")
        )
        self._await(Job.HINT, self._work_out_hint(job), self._step)

    def _hinted(self, step: object, advice: Advice | None, error: BaseException | None) -> None:
        if step != self._step:
            return  # the table moved on: the hint was for a step no longer on screen
        t = self.table
        if advice is None:  # a hint that cannot be worked out says so
            self.set_message(_("No hint: {error}").format(error=error))
            return
        said_now = cards_in(hint_words(t, advice), "bold")
        self.set_message(said_now)
        # the cursor goes to the card or entry the hint names (Enter then takes it)
        self._advice = (t.public_view(), said_now, advice)
        self.panel.point_at(advice)

    def action_undo(self) -> None:
        t = self.table
        label = t.undo_label()
        if not label or not t.undo():
            return
        # whatever a computer was deciding, or a move held on screen, is for a table gone
        self._drop_work()
        self._asked = self._wishes_for = self._advice = None
        self.mode = Mode.TABLE
        self._moves = []
        self._step = None
        self.set_message("")
        self.notify(label, title=_("Taken back"), timeout=4)
        self.sync()

    def _ask_wishes(self, step: Step) -> None:
        """In a free task choice, the computers say which tasks they would like (once per
        set of open tasks; worked out in a worker thread)."""
        t = self.table
        if step.kind != StepKind.ASSIGN:
            self._wishes, self._wishes_for = Text(), None
            return
        key = (t.seed, tuple(tv.task for tv in t.public_view().tasks if tv.owner < 0))
        if key == self._wishes_for:
            return
        job = t.wishes()
        self._wishes_for, self._wishes = key, Text()
        self._hear({})
        if job is None:
            return
        # said at once, so the wait (up to a second or so) is not a silent one
        self._wishes = Text(_("The computers consider which tasks they would like…"), style="dim")
        if not self.message:
            self._show_news()
        self._await(Job.WISHES, self._work_out_wishes(job), key)

    def _wished(self, key: object, wishes: list[tuple[int, tuple[int, ...]]]) -> None:
        if key != self._wishes_for:
            return
        self._wishes = wishes_line(self.table, wishes)
        self._hear(dict(wishes))
        if not self.message:
            self._show_news()

    def _hear(self, wishes: dict[int, tuple[int, ...]]) -> None:
        """The list of crew members to give a task to marks the computers' wishes."""
        panel = self.panels.get(StepKind.ASSIGN)
        if isinstance(panel, AssignPanel):
            panel.hear(wishes)
