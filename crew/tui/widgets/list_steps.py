"""The steps answered by picking one entry of a list: the draw, the distribution, volunteers,
give-all, free task choice, the distress question, the window before a computer's lead and the
predictions."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.worker import Worker, WorkerState

from crew.engine import (
    CAPTAIN_CARD,
    TONOJA,
    Action,
    Assign,
    Distribution,
    DrawMode,
    GiveAll,
    Pass,
    Predict,
    Take,
    Volunteer,
    distress_target,
    get_task,
)
from crew.engine.enums import Direction
from crew.i18n import N_, _, ngettext
from crew.present import glyph_legend
from crew.table import HandOutMarks, SeatScope, Step
from crew.table.advice import Advice
from crew.table.choices import Begin, PlayOn, SendDistress, SignalBy
from crew.texts import task_text

from ..render import card_label, mission_label, mission_rule
from .choices import Choice, Choices, yes_key
from .hand import HandView
from .step_base import SignalFirst, StepPanel, ready

__all__ = [
    "AssignPanel",
    "ChoicePanel",
    "DistressPanel",
    "DistributePanel",
    "DrawPanel",
    "GivePanel",
    "PredictPanel",
    "VolunteerPanel",
    "WindowPanel",
]


# -- steps answered from a list -------------------------------------------------------------------

#: The worker group that works out which hand-out choices doom the attempt.
MARKS = "hand-out marks"
#: Seconds the marks may take before the panel says it is still checking.
CHECKING_AFTER = 0.5


class ChoicePanel(StepPanel):
    """A step answered by picking one entry of a list."""

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        # behind a gate, the crew member choosing sees their own cards (read-only) above the list
        self.own = HandView(classes="own-hand")
        self.own.display = False
        self.choices = Choices(id="choices")
        # a list of one-line entries says in full why the highlighted one is not allowed
        self.why = Static(id="why")
        self.why.display = False
        # which hand-out choices doom the attempt: worked out in a worker thread (up to a
        # second in the epilogue), the list drawn at once and marked when they come
        self._marks: list[HandOutMarks] = []
        self._wanted: set[Action] = set()
        self._want_here = False
        self._cursor_then: int | None = None
        self._checking = False

    def parts(self) -> ComposeResult:
        yield self.own
        yield self.choices
        yield self.why

    def items(self) -> list[Choice]:
        return []

    def keys(self) -> tuple[list[str] | None, bool]:
        """The shortcut keys of the entries and whether they are shown (default: 1-9)."""
        return None, True

    #: Whether long entries may take more than one line (else they are cut off with "…").
    WRAP = True

    def update(self) -> None:
        view = self.table.hand
        self.own.display = view is not None
        self.own.show_cards(view.hand if view is not None else (), None)
        keys, show = self.keys()
        self.choices.set_choices(self.items(), keys=keys, show_keys=show, wrap=self.WRAP)
        self.show_reason()
        self.show_swap()

    def show_reason(self) -> None:
        reason = "" if self.WRAP else self.choices.reason()
        warning = "" if self.WRAP else self.choices.warning()
        if reason:
            text = Text(_("✗ not allowed: {why}").format(why=reason), style="italic")
        elif warning:
            text = Text(_("! {why}").format(why=warning), style="bold")
        elif self._checking and self.marking:
            text = Text(_("Checking which choices would lose the attempt…"), style="dim")
        else:
            text = Text()
        self.why.display = bool(text)
        self.why.update(text)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_reason()

    def focus_choice(self) -> None:
        self.choices.focus()

    def hinted(self, advice: Advice) -> object:
        """The value of the entry a hint advises (default: its action)."""
        return advice.action

    def point_at(self, advice: Advice) -> None:
        wanted = self.hinted(advice)
        for i, item in enumerate(self.choices.items):
            if item.value == wanted:
                self.choices.highlighted = i
                return

    def choice(self, label: str | Text, action: Action) -> Choice:
        """An entry for an engine action, marked with the engine's reason when forbidden."""
        return Choice(label, action, self.table.illegal(action))

    # -- which hand-out choices doom the attempt, worked out beside the keys ----------------------

    @property
    def marking(self) -> bool:
        """Whether marks asked for the table as it is now are still being worked out."""
        return any(not m.done and self.table.holds_now(m) for m in self._marks)

    def doomed(self, action: Action | None) -> tuple[int, ...] | None:
        """The tasks ``action`` dooms (None: what every way of handing out the tasks from here
        dooms), when worked out for the table as it is now; None until then. What is not known
        yet is asked for once the panel is drawn (:meth:`_ask_marks`)."""
        now = [m for m in self._marks if self.table.holds_now(m)]
        self._marks = now
        for m in now:
            if action is None and m.here_asked:
                return m.here
            if action is not None and action in m.actions:
                return m.choices.get(action)
        if not self._wanted and not self._want_here:
            self.call_after_refresh(self._ask_marks)
        if action is None:
            self._want_here = True
        else:
            self._wanted.add(action)
        return None

    def _ask_marks(self) -> None:
        if not self._wanted and not self._want_here:
            return
        marks = self.table.hand_out_marks(self._wanted, here=self._want_here)
        self._wanted, self._want_here = set(), False
        self._marks.append(marks)
        self._cursor_then = self.choices.highlighted
        self.run_worker(marks.work_out, name=MARKS, group=MARKS, thread=True, exit_on_error=False)
        self.set_timer(CHECKING_AFTER, self._still_checking)

    def _still_checking(self) -> None:
        if self.marking and not self._checking:
            self._checking = True
            self.show_reason()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != MARKS:
            return
        event.stop()
        if event.state == WorkerState.ERROR:  # no marks: the list stands as it is
            self._marks = [m for m in self._marks if m.done]
            self._checking = False
            self.show_reason()
            return
        marks = event.worker.result
        if event.state != WorkerState.SUCCESS or not isinstance(marks, HandOutMarks):
            return
        if not self.table.holds_now(marks) or not self.display or self.marking:
            return
        self._checking = False
        # the marks show; the cursor moves to the first entry that does not lose only when
        # nobody has moved it since the list was drawn
        keep = self.choices.highlighted
        moved = keep != self._cursor_then
        self.update()
        if moved and keep is not None and keep < len(self.choices.items):
            self.choices.highlighted = keep

    def warned(self, choice: Choice, other: int | None, seat: int) -> Choice:
        """``choice`` (giving a task to ``seat``, or ``seat``'s pass or answer) marked as losing
        the attempt when the engine says its task can never succeed beside task ``other``,
        already given out, or that the tasks left after it can no longer be handed out without
        such a pair (:meth:`doomed`: marked once worked out)."""
        if choice.unavailable:
            return choice
        if other is None:
            group = self.doomed(choice.value)
            if group is None:
                return choice
            if len(group) == 2:
                why = _(
                    "loses the attempt: the tasks left can then only go out with #{a} and #{b}"
                    " together, which can never both succeed"
                ).format(a=group[0], b=group[1])
            else:
                why = _(
                    "loses the attempt: the tasks left can then only go out with {tasks} and"
                    " #{last} together, whose owners' tricks can never add up"
                ).format(tasks=", ".join(f"#{t}" for t in group[:-1]), last=group[-1])
            return replace(choice, warning=why)
        owner = next(tv.owner for tv in self.table.public_view().tasks if tv.task == other)
        if owner == seat:
            why = _("loses the attempt: it can never succeed beside #{other}, also {name}'s")
        else:
            why = _("loses the attempt: it can never succeed beside #{other}, {name}'s")
        return replace(choice, warning=why.format(other=other, name=self.table.name(owner)))

    @on(OptionList.OptionSelected, "#choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.choices.items):
            self.choose(self.choices.items[event.option_index].value)


class DrawPanel(ChoicePanel):
    """The tasks laid out for everybody to see; Enter begins."""

    def update(self) -> None:
        t = self.table
        st = t.setup
        n = len(st.task_ids)
        out = Text(style="bold")
        out.append(f"{mission_label(t)}: ")
        if st.rules.draw == DrawMode.NONE:
            out.append(_("no task cards. "))
        elif st.rules.draw == DrawMode.FIXED:
            out.append(
                ngettext("the mission's {n} task. ", "the mission's {n} tasks. ", n).format(n=n)
            )
        else:
            out.append(ngettext("{n} task drawn", "{n} tasks drawn", n).format(n=n))
            diff = st.rules.difficulty
            out.append(_(" (difficulty {difficulty}). ").format(difficulty=diff) if diff else ". ")
        out.append(
            _("Captain: {name} (holds {card}). ").format(
                name=t.name(st.captain), card=card_label(CAPTAIN_CARD)
            )
        )
        if st.terrain is not None:
            out.append(_("Unknown terrain: drew {card}. ").format(card=card_label(st.terrain)))
        out.append(_("Deal code {seed}.").format(seed=t.seed), style="")
        self.say(out)
        sub = Text()
        if st.task_ids:  # without task cards the rule already stands where the tasks would be
            sub.append(mission_rule(t), style="italic")
        if len(t.person_seats()) == 1:
            # no gate comes before the first hand (each gate says it): the glyphs in words
            sub.append("\n" if sub else "")
            sub.append(_("Card colours: {legend}").format(legend=glyph_legend()), style="dim")
        doomed = self.doomed(None) if st.task_ids else None
        if doomed:  # lost from the draw: said once, before anyone chooses
            sub.append("\n" if sub else "")
            sub.append(_doomed_from_the_draw(doomed), style="bold")
        self.sub.display = bool(sub)
        self.sub.update(sub)
        super().update()

    def items(self) -> list[Choice]:
        if self.table.setup.task_ids:
            first = _("Begin the distribution")
        else:
            first = _("Begin the first trick")
        return [Choice(first + _(" (v: look at your hand first)"), Begin())]


def _doomed_from_the_draw(group: tuple[int, ...]) -> str:
    """The words for tasks that every way of handing them out leaves doomed (``group``: a pair
    that can never both succeed, or tasks whose owners' tricks can never add up)."""
    if len(group) == 2:
        return _(
            "However the tasks are handed out, #{a} and #{b} go out together and can never both"
            " succeed: this attempt cannot be won."
        ).format(a=group[0], b=group[1])
    return _(
        "However the tasks are handed out, {tasks} and #{last} go out together, and their"
        " owners' tricks can never add up: this attempt cannot be won."
    ).format(tasks=", ".join(f"#{t}" for t in group[:-1]), last=group[-1])


class DistributePanel(ChoicePanel):
    """Take a task or pass (x); the captain chooses for Tonoja."""

    BINDINGS = [Binding("x", "pass_task", N_("Pass"))]
    # one line per task (the tasks panel and ? have them in full): Pass always stays in sight
    WRAP = False

    def update(self) -> None:
        t, step = self.table, self.step
        for_tonoja = step.seat != step.viewer
        if for_tonoja:
            who = _("{name} (captain) for Tonoja").format(name=t.name(step.viewer))
        else:
            who = t.name(step.seat)
        super().update()  # the entries, each warned when it loses the attempt (``warned``)
        doomed = [
            c.value.task for c in self.choices.items if c.warning and isinstance(c.value, Take)
        ]
        self.say(
            _("{who}: take a task").format(who=who)
            + (_(" or pass (x)") if self._can_pass() else "")
            + (
                _(" · {tasks} would lose the attempt (!)").format(
                    tasks=" ".join(f"#{task}" for task in sorted(doomed))
                )
                if doomed
                else ""
            )
        )

    def _can_pass(self) -> bool:
        return not self.table.illegal(Pass(self.step.seat))

    def items(self) -> list[Choice]:
        seat = self.step.seat
        clashes = self.table.clashes(seat)
        items = [
            self.warned(
                self.choice(f"#{tv.task} {task_text(get_task(tv.task).card)}", Take(seat, tv.task)),
                clashes.get(tv.task),
                seat,
            )
            for tv in self.table.public_view().tasks
            if tv.owner < 0
        ]
        items.append(self.warned(self.choice(_("Pass"), Pass(seat)), None, seat))
        return items

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_task":
            if not ready(self):
                return False
            return True if self._can_pass() else None
        return True

    def action_pass_task(self) -> None:
        self.choose(Pass(self.step.seat))


class VolunteerPanel(ChoicePanel):
    """The captain's question: y or n."""

    def update(self) -> None:
        t, step = self.table, self.step
        n = len(t.setup.task_ids)
        if t.setup.rules.distribution == Distribution.TWO_VOLUNTEERS:
            taken = len(t.public_view().volunteers)
            if taken:
                question = ngettext(
                    "will you be the second of the two volunteers who split the {n} task?",
                    "will you be the second of the two volunteers who split the {n} tasks?",
                    n,
                )
            else:
                question = ngettext(
                    "will you be one of the two volunteers who split the {n} task?",
                    "will you be one of the two volunteers who split the {n} tasks?",
                    n,
                )
        else:
            question = ngettext("will you take all {n} task?", "will you take all {n} tasks?", n)
        tonoja = step.seat == TONOJA and t.setup.tonoja
        self.say(
            _("The captain asks {name}: {question}").format(
                name=t.name(step.seat), question=question.format(n=n)
            )
            + (_(" ({name} answers for Tonoja)").format(name=t.name(step.viewer)) if tonoja else "")
        )
        super().update()

    def items(self) -> list[Choice]:
        seat = self.step.seat
        return [
            self.warned(self.choice(_("Yes, I volunteer"), Volunteer(seat, True)), None, seat),
            self.warned(self.choice(_("No"), Volunteer(seat, False)), None, seat),
        ]

    def keys(self) -> tuple[list[str] | None, bool]:
        return [yes_key(), "n"], True

    def on_key(self, event: events.Key) -> None:
        # y says yes in every language (the list shows the language's own key)
        if event.character == "y" and "y" not in self.choices.keys:
            event.stop()
            event.prevent_default()
            if ready(self):
                self.choices.highlighted = 0
                self.choices.action_select()


class GivePanel(ChoicePanel):
    """All tasks to one crew member: the captain decides (private) or the crew picks (public)."""

    def update(self) -> None:
        if self.step.private:
            self.say(
                _("{name} (captain): keep all tasks or give them all to one crew member").format(
                    name=self.table.name(self.step.seat)
                )
            )
        else:
            self.say(
                _("The crew picks the one member who takes all tasks (v: look at your hand first)")
            )
        super().update()

    def items(self) -> list[Choice]:
        t, step = self.table, self.step
        items = []
        for seat in range(t.seats):
            if step.private:
                label = _("Give all tasks to {name}").format(name=t.name(seat))
                if seat == step.seat:
                    label = _("Keep all tasks")
            else:
                label = _("{name} takes all tasks").format(name=t.name(seat))
            items.append(self.choice(label, GiveAll(seat)))
        return items


class AssignPanel(ChoicePanel):
    """Free task choice (or the two volunteers split): a task, then the crew member.

    The task chosen first stays chosen while a crew member looks at their hand (``v``) and is
    let go once it has its owner (the list of tasks comes back for the next one)."""

    BINDINGS = [Binding("escape", "back", N_("Back"))]

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        # (the attempt's deal code, the task): a task chosen in another attempt is not pending
        self._pending: tuple[object, int] | None = None
        # what the computers said they would like (seat -> tasks): marked in the list of crew
        # members, which starts on the one that asked for the task
        self.wished: dict[int, tuple[int, ...]] = {}

    def hear(self, wishes: dict[int, tuple[int, ...]]) -> None:
        """What the computers said they would like, for the tasks open now."""
        self.wished = wishes
        if self.display and self.pending_task is not None:
            # heard while the list is up: the marks show, the cursor stays where it is
            keep = self.choices.highlighted
            self.update()
            if keep is not None:
                self.choices.highlighted = keep

    @property
    def pending_task(self) -> int | None:
        """The task whose owner is being chosen (None: a task is being chosen)."""
        if self._pending is None:
            return None
        deal, task = self._pending
        t = self.table
        unowned = {tv.task for tv in t.public_view().tasks if tv.owner < 0}
        return task if deal == t.seed and task in unowned else None

    @property
    def stage(self) -> object:
        return self.pending_task

    def _head(self) -> str:
        t = self.table
        vols = t.public_view().volunteers
        if vols:
            who = _(" and ").join(t.name(v) for v in vols)
            return _("The volunteers {who} split the tasks (each takes at least one)").format(
                who=who
            )
        return _("Free task choice: the crew gives each task to one member")

    def update(self) -> None:
        if self.pending_task is None:
            self.say(self._head() + _(". Choose a task (v: look at your hand)"))
        else:
            self.say(
                self._head()
                + _(". Task #{task} goes to… (Esc: another task)").format(task=self.pending_task)
            )
        super().update()
        # the list starts on the crew member that asked for the task, when one did
        task = self.pending_task
        for i, item in enumerate(self.choices.items if task is not None else ()):
            if not item.unavailable and task in self.wished.get(item.value.to, ()):
                self.choices.highlighted = i
                break

    def items(self) -> list[Choice]:
        t = self.table
        if self.pending_task is None:
            return [
                Choice(f"#{tv.task} {task_text(get_task(tv.task).card)}", tv.task)
                for tv in t.public_view().tasks
                if tv.owner < 0
            ]
        # the two volunteers of mission 26 split the tasks: nobody else is offered
        vols = t.public_view().volunteers
        seats = list(vols) if vols else list(range(t.seats))
        task = self.pending_task
        return [
            self.warned(
                self.choice(self._member(seat, task), Assign(task, seat)),
                t.clashes(seat).get(task),
                seat,
            )
            for seat in seats
        ]

    def _member(self, seat: int, task: int) -> str:
        """A crew member in the list, marked when it said it would like ``task``."""
        name = self.table.name(seat)
        return name + _(" · would like it") if task in self.wished.get(seat, ()) else name

    def hinted(self, advice: Advice) -> object:
        # first the task, then (once it is chosen) its owner
        a = advice.action
        if isinstance(a, Assign) and self.pending_task is None:
            return a.task
        return a

    def choose(self, choice: object) -> None:
        if isinstance(choice, int) and ready(self):
            self._pending = (self.table.seed, choice)
            self.update()
            self.post_message(self.Chosen(None))  # a new stage: the screen arms its guard
            return
        super().choose(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.pending_task is not None
        return True

    def action_back(self) -> None:
        self._pending = None
        self.update()
        self.post_message(self.Chosen(None))


class DistressPanel(ChoicePanel):
    """Send the distress signal? To which side?"""

    def hinted(self, advice: Advice) -> object:
        return SendDistress(advice.distress)

    def update(self) -> None:
        t = self.table
        if t.setup.distress_active:
            self.say(
                _(
                    "The distress signal is active: pass one card each again in this attempt?"
                    " (v: look at your hand)"
                )
            )
        else:
            if not t.crew:
                cost = ""
            elif t.replaying:  # the mission stays won: a replay changes nothing in the logbook
                cost = _(" a replay: the logbook of {crew} does not change.").format(crew=t.crew)
            else:
                cost = _(" the logbook of {crew} adds 1 attempt to this mission.").format(
                    crew=t.crew
                )
            self.say(
                _("Send the distress signal? Everybody passes one card (never a submarine)")
                + (";" + cost if cost else ".")
                + _(" (v: look at your hand)")
            )
        super().update()

    def items(self) -> list[Choice]:
        t = self.table
        n = t.players
        items = [Choice(_("No, play on without passing"), SendDistress(None))]
        if n == 2:
            swap = _("Yes: {name0} and {name1} swap one card").format(
                name0=t.name(0), name1=t.name(1)
            )
            items.append(Choice(swap, SendDistress("left")))
            return items
        for side in (Direction.LEFT, Direction.RIGHT):
            seat, order = 0, [t.name(0)]
            for _step in range(n):
                seat = distress_target(n, seat, side)
                order.append(t.name(seat))
            label = _("Yes, pass to the {side} ({order})").format(
                side=_(side), order=" → ".join(order)
            )
            items.append(Choice(label, SendDistress(side)))
        return items


class WindowPanel(ChoicePanel):
    """Before a computer leads a trick: does one of the people signal first? Enter: play on."""

    BINDINGS = [Binding("c", "signal_first", N_("Signal first"))]

    def update(self) -> None:
        t = self.table
        trick = t.public_view().tricks_played + 1
        self.say(
            _(
                "Trick {trick}: {name} leads. Does somebody signal first?"
                " (c: signal, v: look at your hand)"
            ).format(trick=trick, name=t.name(self.step.seat))
        )
        super().update()

    def items(self) -> list[Choice]:
        t = self.table
        items = [Choice(_("Play on: {name} leads").format(name=t.name(self.step.seat)), PlayOn())]
        items += [
            Choice(_("{name} signals first").format(name=t.name(seat)), SignalBy(seat))
            for seat in t.signal_first()
        ]
        return items

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "signal_first":
            return ready(self)
        return True

    def action_signal_first(self) -> None:
        seats = self.table.signal_first()
        self.choose(SignalBy(seats[0]) if len(seats) == 1 else SignalFirst())


class PredictPanel(ChoicePanel):
    """A prediction task's owner says how many tricks they will win."""

    def update(self) -> None:
        t, step = self.table, self.step
        shown = {
            tv.task: get_task(tv.task).prediction
            for tv in t.public_view().tasks
            if tv.owner == step.seat
        }
        tasks = [task for task, how in shown.items() if how is not None]
        secret = "secret" in shown.values()
        name = t.name(step.seat)
        if step.seat != step.viewer:
            name = _("{name} (captain) for Tonoja").format(name=t.name(step.viewer))
        self.say(
            _("{name}: how many tricks will you win? (task #{task}").format(
                name=name, task=tasks[0]
            )
            + (_(", secret: hidden from the others until the end)") if secret else _(", open)"))
        )
        super().update()

    def items(self) -> list[Choice]:
        total = self.table.setup.total_tricks
        seat = self.step.seat
        items = [
            self.choice(ngettext("{n} trick", "{n} tricks", n).format(n=n), Predict(seat, n))
            for n in range(total + 1)
        ]
        if seat != self.step.viewer:  # Tonoja's: her hand is not the viewer's to read
            return items
        # a number the hand can never end with is marked (the cursor starts elsewhere)
        least, most = self.table.tricks_within_reach(seat)
        out = []
        for n, item in enumerate(items):
            if item.unavailable:
                out.append(item)
            elif n < least:
                why = ngettext(
                    "cannot come true: your submarines from the 4 down win at least {k} trick",
                    "cannot come true: your submarines from the 4 down win at least {k} tricks",
                    least,
                ).format(k=least)
                out.append(replace(item, warning=why))
            elif n > most:
                out.append(
                    replace(
                        item, warning=_("cannot come true: the captain's submarine 4 wins a trick")
                    )
                )
            else:
                out.append(item)
        return out

    def keys(self) -> tuple[list[str] | None, bool]:
        total = self.table.setup.total_tricks
        return [str(n) for n in range(min(total + 1, 10))], False
