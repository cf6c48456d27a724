"""One widget per step family: it draws its step and posts the choice made; the screen routes it.

Every panel is built for one step of one game (a :class:`SeatScope`, never the engine state) and
posts :class:`StepPanel.Chosen` with what was chosen: an engine action (take, pass, volunteer,
give, assign, predict, play, signal) or one of the table's own intents below (begin, the distress
decision, the card passed, signalling before a computer's lead or playing on, back, done).
Legality is the engine's: a panel offers what the hot seat says and passes on whatever is
chosen, so a forbidden choice gets explained.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static

from crew.engine import (
    CAPTAIN_CARD,
    TONOJA,
    Action,
    Assign,
    Communication,
    Distribution,
    DrawMode,
    GiveAll,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    Volunteer,
    distress_target,
    get_task,
)
from crew.present import GLYPH_LEGEND, position_word
from crew.table import SeatScope, Step, StepKind

from ..render import card_label, card_text, cards_text, mission_label, mission_rule, suit_word
from .choices import Choice, Choices
from .hand import HandView

__all__ = [
    "Back",
    "Begin",
    "Done",
    "PassCard",
    "PlayOn",
    "SendDistress",
    "SignalBy",
    "SignalFirst",
    "StepPanel",
    "panels",
]


# -- the table's own intents (everything else a panel posts is an engine action) ----------------


@dataclass(frozen=True)
class Begin:
    """The drawn tasks were seen: on to the distribution (or the first trick)."""


@dataclass(frozen=True)
class SendDistress:
    """The crew's distress decision: ``left``/``right``, or None to play on without it."""

    direction: str | None


@dataclass(frozen=True)
class PassCard:
    """The card the current crew member passes in the distress signal."""

    card: int


@dataclass(frozen=True)
class SignalFirst:
    """Somebody signals before this trick's lead (who: asked next)."""


@dataclass(frozen=True)
class SignalBy:
    """This crew member signals before the lead of a computer."""

    seat: int


@dataclass(frozen=True)
class PlayOn:
    """Nobody signals before the computer about to lead: it leads."""


@dataclass(frozen=True)
class Back:
    """Esc: call off what this step is collecting (the distress signal, the signal)."""


@dataclass(frozen=True)
class Done:
    """A crew member is done looking at their hand."""


def _ready(widget: Any) -> bool:
    # a guarded screen (see guard.py) takes no choice before it has been seen
    ready = getattr(widget.screen, "keys_ready", None)
    return ready is None or bool(ready())


class StepPanel(Vertical):
    """The action area of one step: a prompt, and the panel's own hand or choices."""

    class Chosen(Message):
        """A choice was made (an engine action or one of this module's intents)."""

        def __init__(self, choice: object) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(classes="step-panel")
        self.table = table
        self.step = step
        self.prompt = Static(id="prompt")
        self.sub = Static(id="subhand")
        self.sub.display = False

    def compose(self) -> ComposeResult:
        yield self.prompt
        yield from self.parts()
        yield self.sub

    def parts(self) -> ComposeResult:
        yield from ()

    def show(self, step: Step) -> None:
        """Take over ``step`` from the beginning (the panel is shown again for a new step)."""
        self.step = step

    @property
    def stage(self) -> object:
        """Where in the step the panel is (a new stage arms the key guard again)."""
        return None

    def update(self) -> None:
        """Draw the step as it stands now."""

    def focus_choice(self) -> None:
        """Put the keyboard on the panel's choice (nothing to choose: on nothing)."""
        self.screen.set_focus(None)

    def choose(self, choice: object) -> None:
        if _ready(self):
            self.post_message(self.Chosen(choice))

    def clear(self) -> None:
        """Take anything private off the screen at once (before the panel goes)."""
        for hand in self.query(HandView):
            hand.clear()
        self.sub.update("")

    def say(self, text: str | Text) -> None:
        # a person holding several seats reads which one is meant in the prompt itself: each
        # of their seats has its own label ("Ann·3")
        line = Text(text, style="bold") if isinstance(text, str) else text
        self.prompt.update(line)

    def show_swap(self) -> None:
        """For the unlocked crew member's eyes: what they passed and got in the distress signal
        (until the first trick is over)."""
        t = self.table
        swap = t.distress_swap()
        if swap is None or t.public_view().tricks_played:
            return
        gave, to, got, frm = swap
        if to == frm:  # two players swap
            out = Text("Distress signal: you swapped your ", style="italic")
            out.append_text(card_text(gave))
            out.append(f" for {t.name(frm)}'s ")
            out.append_text(card_text(got))
            out.append(".")
        else:
            out = Text("Distress signal: you passed ", style="italic")
            out.append_text(card_text(gave))
            out.append(f" to {t.name(to)} and got ")
            out.append_text(card_text(got))
            out.append(f" from {t.name(frm)}.")
        self.sub.display = True
        self.sub.update(out)


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
            if not _ready(self):
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
        if isinstance(choice, int) and _ready(self):
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
            return _ready(self)
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


# -- steps answered with a card of the hand -------------------------------------------------------


class HandPanel(StepPanel):
    """A step answered by choosing a card of the hand (Enter or a click)."""

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        self.hand = HandView(id="hand")

    def parts(self) -> ComposeResult:
        yield self.hand

    def focus_choice(self) -> None:
        if self.hand.enabled is not None:
            self.hand.focus()
        else:
            super().focus_choice()

    def own_cards(self) -> tuple[int, ...]:
        view = self.table.hand
        return view.hand if view is not None else ()

    def card_chosen(self, card: int) -> None:
        """What choosing ``card`` means in this step."""

    def action_choose_card(self) -> None:
        card = self.hand.current
        if card is not None:
            self.card_chosen(card)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose_card":
            return _ready(self)
        return True

    @on(HandView.Chosen)
    def _clicked(self, event: HandView.Chosen) -> None:
        event.stop()
        self.card_chosen(event.card)


class PlayPanel(HandPanel):
    """Play a card to the trick (the captain plays Tonoja's face-up cards for her)."""

    BINDINGS = [
        Binding("enter", "choose_card", "Play card"),
        Binding("c", "signal_first", "Signal first"),
    ]

    def update(self) -> None:
        t, step = self.table, self.step
        legal = t.legal_cards()
        view = t.public_view()
        trick = view.tricks_played + 1
        if step.seat != step.viewer:
            # Tonoja: the captain plays one of her face-up cards (public) for her
            self.hand.show_cards([c for c in view.tonoja_up if c >= 0], legal)
            line = Text(f"{t.name(step.viewer)}'s own hand: ", style="dim")
            line.append_text(cards_text(self.own_cards()))
            self.sub.display = True
            self.sub.update(line)
            who = f"{t.name(step.viewer)} (captain) plays for Tonoja, trick {trick}"
        else:
            self.hand.show_cards(self.own_cards(), legal)
            who = f"{t.name(step.seat)}, play a card to trick {trick}"
            self.show_swap()
        if view.trick:
            led = f"{suit_word(view.trick[0][1])} was led"
            if len(legal) < len(self.hand.cards):
                led += f": follow suit ({len(legal)} of {len(self.hand.cards)} cards playable)"
        else:
            led = "you lead"
            if t.signal_first():
                led += " (c: somebody signals first)"
        self.say(f"{who}: {led}")

    def card_chosen(self, card: int) -> None:
        self.choose(Play(self.step.seat, card))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "signal_first":
            return bool(self.table.signal_first()) and _ready(self)
        return super().check_action(action, parameters)

    def action_signal_first(self) -> None:
        self.choose(SignalFirst())


class DistressCardPanel(HandPanel):
    """The card this crew member passes in the distress signal; Esc calls it off."""

    BINDINGS = [
        Binding("enter", "choose_card", "Pass this card"),
        Binding("escape", "back", "Call off"),
    ]

    def update(self) -> None:
        t, step = self.table, self.step
        target = t.name(t.distress_target(step.seat))
        self.say(
            f"{t.name(step.seat)}: choose the card you pass to {target} (never a submarine);"
            " Esc: call off the distress signal"
        )
        self.hand.show_cards(self.own_cards(), t.passable())

    def card_chosen(self, card: int) -> None:
        self.choose(PassCard(card))

    def action_back(self) -> None:
        self.choose(Back())


class SignalPanel(HandPanel):
    """Sonar: the card to show; Esc: no signal.

    The token goes where it is true, and the hand leaves one true place for each card that may
    be shown (its only card of a colour in the middle, the highest at the top, the lowest at the
    bottom), so choosing the card makes the signal; the panel lists what each card would say."""

    BINDINGS = [
        Binding("enter", "choose_card", "Show this card"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, table: SeatScope, step: Step) -> None:
        super().__init__(table, step)
        self.claims = Static(id="claims")

    def parts(self) -> ComposeResult:
        yield self.hand
        yield self.claims

    def update(self) -> None:
        t, step = self.table, self.step
        name = t.name(step.seat)
        ok = t.showable()
        self.hand.show_cards(self.own_cards(), ok)
        if ok:
            text = f"{name}: choose the card to show (no submarine); Esc: do not signal"
            if t.public_view().communication == Communication.CURRENTS:
                text += " (currents: the others will not see where its token lies)"
            claims = Text("Its token goes where it is true: ", style="dim")
            for i, card in enumerate(ok):
                if i:
                    claims.append(",  ")
                claims.append_text(card_text(card))
                for position in t.signal_positions(card):
                    claims.append(f" {position_word(position)}")
            self.claims.update(claims)
        else:
            text = f"{name}: no card of yours can be shown now; Esc: back"
            self.claims.update("")
        self.claims.display = bool(ok)
        self.say(text)
        self.show_swap()

    def card_chosen(self, card: int) -> None:
        seat = self.step.seat
        positions = self.table.signal_positions(card)
        # a card with no true position goes to the engine all the same: it says why not
        self.choose(Signal(seat, card, positions[0] if positions else "top"))

    def action_back(self) -> None:
        self.choose(Back())


class PeekPanel(HandPanel, can_focus=True):
    """A crew member looks at their own hand during a public step (read-only)."""

    BINDINGS = [
        Binding("enter", "done", "Done"),
        Binding("escape", "done", "Done", show=False),
    ]

    def update(self) -> None:
        t = self.table
        seat = self.step.seat
        self.say(f"{t.name(seat)}'s hand: only {t.person(seat)} looks. Enter or Esc when done.")
        self.hand.show_cards(self.own_cards(), None)
        self.show_swap()

    def focus_choice(self) -> None:
        self.focus()  # the hand is read-only: the panel itself takes Enter and Esc

    def action_done(self) -> None:
        self.choose(Done())


class WaitPanel(StepPanel):
    """Nothing to choose here (a gate is up, or the attempt is over): a line of text only."""


_PANELS: dict[StepKind, type[StepPanel]] = {
    StepKind.DRAW: DrawPanel,
    StepKind.DISTRIBUTE: DistributePanel,
    StepKind.VOLUNTEER: VolunteerPanel,
    StepKind.GIVE: GivePanel,
    StepKind.ASSIGN: AssignPanel,
    StepKind.DISTRESS: DistressPanel,
    StepKind.DISTRESS_CARD: DistressCardPanel,
    StepKind.PREDICT: PredictPanel,
    StepKind.WINDOW: WindowPanel,
    StepKind.SIGNAL: SignalPanel,
    StepKind.PLAY: PlayPanel,
    StepKind.PEEK: PeekPanel,
}


def panels(table: SeatScope) -> dict[StepKind, StepPanel]:
    """One panel per step kind (a waiting line for the result and while a gate is up), built
    once so that moving to the next step never waits for a panel to be put together."""
    out = {kind: cls(table, Step(kind)) for kind, cls in _PANELS.items()}
    out[StepKind.RESULT] = WaitPanel(table, Step(StepKind.RESULT))
    return out
