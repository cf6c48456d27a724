"""The steps answered by picking one entry of a list: the draw, the distribution, volunteers,
give-all, free task choice, the distress question, the window before a computer's lead and the
predictions."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static

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
from crew.present import GLYPH_LEGEND
from crew.table import SeatScope, Step

from ..render import card_label, mission_label, mission_rule
from .choices import Choice, Choices
from .hand import HandView
from .step_base import Begin, PlayOn, SendDistress, SignalBy, SignalFirst, StepPanel, ready

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
        self.why.display = bool(reason)
        self.why.update(Text(f"✗ not allowed: {reason}", style="italic") if reason else "")

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_reason()

    def focus_choice(self) -> None:
        self.choices.focus()

    def choice(self, label: str | Text, action: Action) -> Choice:
        """An entry for an engine action, marked with the engine's reason when forbidden."""
        return Choice(label, action, self.table.illegal(action))

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
            out.append("no task cards. ")
        elif st.rules.draw == DrawMode.FIXED:
            out.append(f"the mission's {n} task{'s' if n != 1 else ''}. ")
        else:
            out.append(f"{n} task{'s' if n != 1 else ''} drawn")
            diff = st.rules.difficulty
            out.append(f" (difficulty {diff}). " if diff else ". ")
        out.append(f"Captain: {t.name(st.captain)} (holds {card_label(CAPTAIN_CARD)}). ")
        if st.terrain is not None:
            out.append(f"Unknown terrain: drew {card_label(st.terrain)}. ")
        out.append(f"Deal code {t.seed}.", style="")
        self.say(out)
        sub = Text()
        if st.task_ids:  # without task cards the rule already stands where the tasks would be
            sub.append(mission_rule(t), style="italic")
        if len(t.person_seats()) == 1:
            # no gate comes before the first hand (each gate says it): the glyphs in words
            sub.append("\n" if sub else "")
            sub.append(f"Card colours: {GLYPH_LEGEND}", style="dim")
        self.sub.display = bool(sub)
        self.sub.update(sub)
        super().update()

    def items(self) -> list[Choice]:
        first = "Begin the distribution" if self.table.setup.task_ids else "Begin the first trick"
        return [Choice(first + " (v: look at your hand first)", Begin())]


class DistributePanel(ChoicePanel):
    """Take a task or pass (x); the captain chooses for Tonoja."""

    BINDINGS = [Binding("x", "pass_task", "Pass")]
    # one line per task (the tasks panel and ? have them in full): Pass always stays in sight
    WRAP = False

    def update(self) -> None:
        t, step = self.table, self.step
        for_tonoja = step.seat != step.viewer
        who = f"{t.name(step.viewer)} (captain) for Tonoja" if for_tonoja else t.name(step.seat)
        self.say(f"{who}: take a task" + (" or pass (x)" if self._can_pass() else ""))
        super().update()

    def _can_pass(self) -> bool:
        return not self.table.illegal(Pass(self.step.seat))

    def items(self) -> list[Choice]:
        seat = self.step.seat
        items = [
            self.choice(f"#{tv.task} {get_task(tv.task).text}", Take(seat, tv.task))
            for tv in self.table.public_view().tasks
            if tv.owner < 0
        ]
        items.append(self.choice("Pass", Pass(seat)))
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
        what = f"{n} task{'s' if n != 1 else ''}"
        if t.setup.rules.distribution == Distribution.TWO_VOLUNTEERS:
            taken = len(t.public_view().volunteers)
            question = (
                f"will you be {'the second' if taken else 'one'} of the two volunteers"
                f" who split the {what}?"
            )
        else:
            question = f"will you take all {what}?"
        tonoja = step.seat == TONOJA and t.setup.tonoja
        self.say(
            f"The captain asks {t.name(step.seat)}: {question}"
            + (f" ({t.name(step.viewer)} answers for Tonoja)" if tonoja else "")
        )
        super().update()

    def items(self) -> list[Choice]:
        seat = self.step.seat
        return [
            self.choice("Yes, I volunteer", Volunteer(seat, True)),
            self.choice("No", Volunteer(seat, False)),
        ]

    def keys(self) -> tuple[list[str] | None, bool]:
        return ["y", "n"], True


class GivePanel(ChoicePanel):
    """All tasks to one crew member: the captain decides (private) or the crew picks (public)."""

    def update(self) -> None:
        if self.step.private:
            self.say(
                f"{self.table.name(self.step.seat)} (captain): keep all tasks or give them all"
                " to one crew member"
            )
        else:
            self.say(
                "The crew picks the one member who takes all tasks (v: look at your hand first)"
            )
        super().update()

    def items(self) -> list[Choice]:
        t, step = self.table, self.step
        items = []
        for seat in range(t.seats):
            if step.private:
                label = f"Give all tasks to {t.name(seat)}"
                if seat == step.seat:
                    label = "Keep all tasks"
            else:
                label = f"{t.name(seat)} takes all tasks"
            items.append(self.choice(label, GiveAll(seat)))
        return items


class AssignPanel(ChoicePanel):
    """Free task choice (or the two volunteers split): a task, then the crew member.

    The task chosen first stays chosen while a crew member looks at their hand (``v``) and is
    let go once it has its owner (the list of tasks comes back for the next one)."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        # (the attempt's deal code, the task): a task chosen in another attempt is not pending
        self._pending: tuple[object, int] | None = None

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
            who = " and ".join(t.name(v) for v in vols)
            return f"The volunteers {who} split the tasks (each takes at least one)"
        return "Free task choice: the crew gives each task to one member"

    def update(self) -> None:
        if self.pending_task is None:
            self.say(self._head() + ". Choose a task (v: look at your hand)")
        else:
            self.say(f"{self._head()}. Task #{self.pending_task} goes to… (Esc: another task)")
        super().update()

    def items(self) -> list[Choice]:
        t = self.table
        if self.pending_task is None:
            return [
                Choice(f"#{tv.task} {get_task(tv.task).text}", tv.task)
                for tv in t.public_view().tasks
                if tv.owner < 0
            ]
        # the two volunteers of mission 26 split the tasks: nobody else is offered
        vols = t.public_view().volunteers
        seats = list(vols) if vols else list(range(t.seats))
        return [self.choice(t.name(seat), Assign(self.pending_task, seat)) for seat in seats]

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

    def update(self) -> None:
        t = self.table
        if t.setup.distress_active:
            self.say(
                "The distress signal is active: pass one card each again in this attempt?"
                " (v: look at your hand)"
            )
        else:
            if not t.crew:
                cost = ""
            elif t.replaying:  # the mission stays won: a replay changes nothing in the logbook
                cost = f" a replay: the logbook of {t.crew} does not change."
            else:
                cost = f" the logbook of {t.crew} adds 1 attempt to this mission."
            self.say(
                "Send the distress signal? Everybody passes one card (never a submarine)"
                + (";" + cost if cost else ".")
                + " (v: look at your hand)"
            )
        super().update()

    def items(self) -> list[Choice]:
        t = self.table
        n = t.players
        items = [Choice("No, play on without passing", SendDistress(None))]
        if n == 2:
            swap = f"Yes: {t.name(0)} and {t.name(1)} swap one card"
            items.append(Choice(swap, SendDistress("left")))
            return items
        for side in ("left", "right"):
            seat, order = 0, [t.name(0)]
            for _ in range(n):
                seat = distress_target(n, seat, side)
                order.append(t.name(seat))
            label = f"Yes, pass to the {side} ({' → '.join(order)})"
            items.append(Choice(label, SendDistress(side)))
        return items


class WindowPanel(ChoicePanel):
    """Before a computer leads a trick: does one of the people signal first? Enter: play on."""

    BINDINGS = [Binding("c", "signal_first", "Signal first")]

    def update(self) -> None:
        t = self.table
        trick = t.public_view().tricks_played + 1
        self.say(
            f"Trick {trick}: {t.name(self.step.seat)} leads. Does somebody signal first?"
            " (c: signal, v: look at your hand)"
        )
        super().update()

    def items(self) -> list[Choice]:
        t = self.table
        items = [Choice(f"Play on: {t.name(self.step.seat)} leads", PlayOn())]
        items += [
            Choice(f"{t.name(seat)} signals first", SignalBy(seat)) for seat in t.signal_first()
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
            name = f"{t.name(step.viewer)} (captain) for Tonoja"
        self.say(
            f"{name}: how many tricks will you win? (task #{tasks[0]}"
            + (", secret: hidden from the others until the end)" if secret else ", open)")
        )
        super().update()

    def items(self) -> list[Choice]:
        total = self.table.setup.total_tricks
        seat = self.step.seat
        return [
            self.choice(f"{n} trick{'s' if n != 1 else ''}", Predict(seat, n))
            for n in range(total + 1)
        ]

    def keys(self) -> tuple[list[str] | None, bool]:
        total = self.table.setup.total_tricks
        return [str(n) for n in range(min(total + 1, 10))], False
