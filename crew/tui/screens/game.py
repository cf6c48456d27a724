"""The table: public information always on screen, one private hand at most, behind its gate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

from crew.engine import (
    TONOJA,
    Assign,
    GiveAll,
    Pass,
    Play,
    Predict,
    Take,
    Volunteer,
    distress_choices,
    get_task,
    view_for,
    why_illegal,
)
from crew.engine.cards import COLOR_NAMES, SUIT_GLYPHS, suit_of
from crew.engine.missions import CURRENTS, DIST_TWO_VOLUNTEERS
from crew.engine.tasks import SECRET_PREDICTION

from ..render import (
    card_label,
    card_text,
    cards_text,
    crew_table,
    mission_label,
    mission_rule,
    news_text,
    status_text,
    suit_word,
    tasks_table,
    tonoja_text,
)
from ..session import Session, Step, StepKind
from ..widgets.choices import Choice, Choices
from ..widgets.hand import HandView
from ..widgets.tasks import TasksPanel
from .gate import GateScreen

if TYPE_CHECKING:
    from ..app import CrewApp

__all__ = ["GameScreen"]

_PUBLIC_PEEK = (
    StepKind.DRAW,
    StepKind.ASSIGN,
    StepKind.GIVE,
    StepKind.DISTRESS,
    StepKind.COMMUNICATE,
)


class GameScreen(Screen[None]):
    """The shared table of one attempt."""

    BINDINGS = [
        Binding("enter", "play_card", "Play card"),
        Binding("enter", "pass_card", "Pass this card"),
        Binding("enter", "show_card", "Show this card"),
        Binding("enter", "end_peek", "Done"),
        Binding("x", "pass_task", "Pass"),
        Binding("v", "peek", "Look at my hand"),
        Binding("l", "last_trick", "Last trick"),
        Binding("l", "hide_last", "This trick"),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.request_quit", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.show_last = False
        self.pending_card: int | None = None  # signal: the card chosen, position still open
        self.pending_task: int | None = None  # assign: the task chosen, crew member still open
        self.message: Text = Text()
        self._step: Step | None = None
        self._gating = False
        self._showing_result = False
        self._told_save_problem = ""

    @property
    def crew_app(self) -> CrewApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="crew")
        yield Static(id="tonoja")
        yield TasksPanel(id="tasks-box")
        with Vertical(id="action"):
            yield Static(id="prompt")
            yield HandView(id="hand")
            yield Static(id="subhand")
            yield Choices(id="choices")
            yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.sync()

    # -- the main loop: ask the session what happens now ------------------------------------------

    def _tell_save_problem(self) -> None:
        """Say once, plainly, that saving fails (and again if the reason changes)."""
        problem = self.session.save_problem
        if problem and problem != self._told_save_problem:
            self.notify(problem, title="Not saved", severity="error", timeout=20)
        self._told_save_problem = problem

    def sync(self) -> None:
        """Redraw everything for the current step; hand the terminal over first when needed."""
        s = self.session
        step = s.step()
        if step != self._step:
            self.pending_card = None
            self.pending_task = None
            # the last trick is shown on request for one step: the next crew member at the
            # terminal sees the trick under way
            self.show_last = False
            self._step = step
        self.render_table()
        self._tell_save_problem()
        if step.kind == StepKind.RESULT:
            self.hide_private()
            self.query_one("#prompt", Static).update(Text("The attempt is over.", style="bold"))
            if not self._showing_result:
                self._showing_result = True
                self.crew_app.show_result()
            return
        self._showing_result = False
        gate = s.gate_seat()
        if gate is not None:
            # the previous hand leaves the screen before the next gate appears
            self.hide_private()
            self.query_one("#prompt", Static).update(f"Waiting for {s.name(gate)}…")
            if not self._gating:
                self._gating = True
                self.app.push_screen(
                    GateScreen(s.name(gate), self.gate_detail(step)), self._gate_opened
                )
            return
        self.render_step(step)
        self.refresh_bindings()

    def _gate_opened(self, _: None = None) -> None:
        self._gating = False
        self.session.open_gate()
        self.sync()

    def gate_detail(self, step: Step) -> str:
        s = self.session
        who = s.name(step.viewer)
        trick = s.state.trick_number
        return {
            StepKind.DISTRIBUTE: f"{who}: choose a task"
            + (" for Tonoja" if step.seat != step.viewer else ""),
            StepKind.VOLUNTEER: f"The captain asks {s.name(step.seat)} for a volunteer",
            StepKind.GIVE: f"{who} (captain): keep or give away the tasks",
            StepKind.DISTRESS_CARD: f"{who}: choose the card to pass (distress signal)",
            StepKind.PREDICT: f"{who}: make your prediction"
            + (" for Tonoja" if step.seat != step.viewer else ""),
            StepKind.SIGNAL: f"{who}: choose the card to show (sonar)",
            StepKind.PLAY: f"{who}: play a card to trick {trick}"
            + (" for Tonoja" if step.seat != step.viewer else ""),
            StepKind.PEEK: f"{who}: look at your hand",
        }.get(step.kind, "")

    def render_table(self) -> None:
        s = self.session
        self.refresh_clock()
        show_last = self.show_last and s.state.tricks != ()
        self.query_one("#crew", Static).update(crew_table(s, show_last=show_last))
        tj = tonoja_text(s)
        tonoja = self.query_one("#tonoja", Static)
        tonoja.display = tj is not None
        if tj is not None:
            tonoja.update(tj)
        # the viewer's own secret prediction only while that viewer's hand may be shown
        private = s.hand_view()
        viewer = private.seat if private is not None else -1
        self.query_one("#tasks-box", TasksPanel).show(
            lambda wrap: tasks_table(s, viewer=viewer, wrap=wrap)
        )

    def refresh_clock(self) -> None:
        """The status line (with the clock), in short words when the terminal is narrow."""
        status = self.query_one("#status", Static)
        width = status.content_size.width or self.app.size.width - 2
        status.update(status_text(self.session, width))

    def on_resize(self) -> None:
        self.refresh_clock()

    def hide_private(self) -> None:
        hand = self.query_one("#hand", HandView)
        hand.clear()
        hand.display = False
        sub = self.query_one("#subhand", Static)
        sub.update("")
        sub.display = False
        choices = self.query_one("#choices", Choices)
        choices.set_choices([])
        choices.display = False
        self.query_one("#message", Static).update("")

    def set_message(self, text: str | Text, *, error: bool = False) -> None:
        if isinstance(text, str):
            text = Text(text, style="bold red" if error else "")
        self.message = text
        self.query_one("#message", Static).update(text)

    # -- drawing one step -------------------------------------------------------------------------

    def render_step(self, step: Step) -> None:
        s = self.session
        prompt = self.query_one("#prompt", Static)
        hand = self.query_one("#hand", HandView)
        sub = self.query_one("#subhand", Static)
        choices = self.query_one("#choices", Choices)
        private = s.hand_view()
        # the private hand: only the unlocked viewer's, only on a private step
        if private is not None:
            hand.display = True
            hand.show_cards(private.hand, None)
        else:
            hand.clear()
            hand.display = False
        sub.display = False
        choices.display = False
        items: list[Choice] = []
        keys: list[str] | None = None
        show_keys = True
        kind = step.kind
        name = s.name(step.seat) if step.seat >= 0 else ""
        if kind == StepKind.DRAW:
            prompt.update(self._draw_prompt())
            # without task cards the rule already stands where the tasks would be
            sub.display = bool(s.state.setup.task_ids)
            sub.update(Text(mission_rule(s), style="italic"))
            first = "Begin the distribution" if s.state.setup.task_ids else "Begin the first trick"
            items = [Choice(first + " (v: look at your hand first)", "begin")]
        elif kind == StepKind.DISTRIBUTE:
            items = self._take_choices(step)
            for_tonoja = step.seat != step.viewer
            who = f"{s.name(step.viewer)} (captain) for Tonoja" if for_tonoja else name
            can_pass = why_illegal(s.state, Pass(step.seat)) is None
            prompt.update(
                Text(f"{who}: take a task" + (" or pass (x)" if can_pass else ""), style="bold")
            )
        elif kind == StepKind.VOLUNTEER:
            n = len(s.state.setup.task_ids)
            what = f"{n} task{'s' if n != 1 else ''}"
            if s.state.setup.rules.distribution == DIST_TWO_VOLUNTEERS:
                taken = len(s.state.volunteers)
                question = (
                    f"will you be {'the second' if taken else 'one'} of the two volunteers"
                    f" who split the {what}?"
                )
            else:
                question = f"will you take all {what}?"
            prompt.update(
                Text(
                    f"The captain asks {name}: {question}"
                    + (
                        f" ({s.name(step.viewer)} answers for Tonoja)"
                        if step.seat == TONOJA and s.state.setup.tonoja
                        else ""
                    ),
                    style="bold",
                )
            )
            items = [
                self._choice("Yes, I volunteer", Volunteer(step.seat, True)),
                self._choice("No", Volunteer(step.seat, False)),
            ]
            keys = ["y", "n"]
        elif kind == StepKind.GIVE:
            items = self._give_choices(step)
            if step.private:
                prompt.update(
                    Text(
                        f"{name} (captain): keep all tasks or give them all to one crew member",
                        style="bold",
                    )
                )
            else:
                prompt.update(
                    Text(
                        "The crew picks the one member who takes all tasks (v: look"
                        " at your hand first)",
                        style="bold",
                    )
                )
        elif kind == StepKind.ASSIGN:
            items = self._assign_choices()
        elif kind == StepKind.DISTRESS:
            prompt.update(self._distress_prompt())
            items = self._distress_choices()
        elif kind == StepKind.DISTRESS_CARD:
            target = self._distress_target(step.seat)
            prompt.update(
                Text(
                    f"{name}: choose the card you pass to {target} (never a submarine);"
                    " Esc: call off the distress signal",
                    style="bold",
                )
            )
            hand.show_cards(private.hand if private else (), distress_choices(s.state)[step.seat])
        elif kind == StepKind.PREDICT:
            tasks = [t for t in s.state.owner_tasks(step.seat) if t in (83, 84)]
            secret = SECRET_PREDICTION in tasks
            if step.seat != step.viewer:
                name = f"{s.name(step.viewer)} (captain) for Tonoja"
            prompt.update(
                Text(
                    f"{name}: how many tricks will you win? (task #{tasks[0]}"
                    + (", secret: hidden from the others until the end)" if secret else ", open)"),
                    style="bold",
                )
            )
            total = s.state.setup.total_tricks
            items = [
                self._choice(f"{n} trick{'s' if n != 1 else ''}", Predict(step.seat, n))
                for n in range(total + 1)
            ]
            keys = [str(n) for n in range(min(total + 1, 10))]
            show_keys = False
        elif kind == StepKind.COMMUNICATE:
            trick = s.state.trick_number
            prompt.update(
                Text(
                    f"Before trick {trick}: does anybody want to signal? (v: look at your hand)",
                    style="bold",
                )
            )
            items = [Choice(f"Nobody: play trick {trick}", "nobody")]
            items += [Choice(f"{s.name(seat)} signals", seat) for seat in s.communicators()]
        elif kind == StepKind.SIGNAL:
            self._render_signal(step, private)
            items = self._position_choices(step) if self.pending_card is not None else []
        elif kind == StepKind.PLAY:
            self._render_play(step, private)
        elif kind == StepKind.PEEK:
            prompt.update(
                Text(f"{name}'s hand: only {name} looks. Enter or Esc when done.", style="bold")
            )
        if private is not None and not sub.display and not s.state.tricks:
            swap = self._distress_swap(private.seat)
            if swap is not None:
                sub.display = True
                sub.update(swap)
        if items:
            choices.display = True
            choices.set_choices(items, keys=keys, show_keys=show_keys)
            choices.focus()
        elif hand.display and hand.enabled is not None:
            hand.focus()
        else:
            self.set_focus(None)
        if not self.message:
            self.query_one("#message", Static).update(news_text(s))
        else:
            self.query_one("#message", Static).update(self.message)

    def _distress_swap(self, seat: int) -> Text | None:
        """For ``seat``'s eyes only: the card passed and the card received in the distress."""
        s = self.session
        swap = s.distress_exchange(seat)
        if swap is None:
            return None
        gave, to, got, frm = swap
        if to == frm:  # two players swap
            out = Text("Distress signal: you swapped your ", style="italic")
            out.append_text(card_text(gave))
            out.append(f" for {s.name(frm)}'s ")
            out.append_text(card_text(got))
            out.append(".")
            return out
        out = Text("Distress signal: you passed ", style="italic")
        out.append_text(card_text(gave))
        out.append(f" to {s.name(to)} and got ")
        out.append_text(card_text(got))
        out.append(f" from {s.name(frm)}.")
        return out

    def _draw_prompt(self) -> Text:
        s = self.session
        st = s.state.setup
        n = len(st.task_ids)
        out = Text(style="bold")
        diff = st.rules.difficulty
        out.append(f"{mission_label(s)}: ")
        if st.rules.draw == "none":
            out.append("no task cards. ")
        elif st.rules.draw == "fixed":
            out.append(f"the mission's {n} task{'s' if n != 1 else ''}. ")
        else:
            out.append(f"{n} task{'s' if n != 1 else ''} drawn")
            out.append(f" (difficulty {diff}). " if diff else ". ")
        out.append(f"Captain: {s.name(st.captain)} (holds {card_label(39)}). ")
        if st.terrain is not None:
            out.append(f"Unknown terrain: drew {card_label(st.terrain)}. ")
        out.append(f"Deal code {s.record.seed}.", style="")
        return out

    def _choice(self, label: str | Text, action: Any) -> Choice:
        bad = why_illegal(self.session.state, action)
        return Choice(label, action, self.session.humanize(bad.message) if bad else "")

    def _take_choices(self, step: Step) -> list[Choice]:
        s = self.session
        items = []
        for tid, owner in zip(s.state.setup.task_ids, s.state.owners, strict=True):
            if owner < 0:
                items.append(self._choice(f"#{tid} {get_task(tid).text}", Take(step.seat, tid)))
        items.append(self._choice("Pass", Pass(step.seat)))
        return items

    def _give_choices(self, step: Step) -> list[Choice]:
        s = self.session
        items = []
        for seat in range(s.seats):
            if step.private:
                label = (
                    "Keep all tasks" if seat == step.seat else f"Give all tasks to {s.name(seat)}"
                )
            else:
                label = f"{s.name(seat)} takes all tasks"
            items.append(self._choice(label, GiveAll(seat)))
        return items

    def _assign_choices(self) -> list[Choice]:
        s = self.session
        st = s.state.setup
        prompt = self.query_one("#prompt", Static)
        vols = s.state.volunteers
        if vols:
            who = " and ".join(s.name(v) for v in vols)
            head = f"The volunteers {who} split the tasks (each takes at least one)"
        else:
            head = "Free task choice: the crew gives each task to one member"
        if self.pending_task is None:
            prompt.update(Text(head + ". Choose a task (v: look at your hand)", style="bold"))
            return [
                Choice(f"#{tid} {get_task(tid).text}", tid)
                for tid, owner in zip(st.task_ids, s.state.owners, strict=True)
                if owner < 0
            ]
        prompt.update(
            Text(f"{head}. Task #{self.pending_task} goes to… (Esc: another task)", style="bold")
        )
        # the two volunteers of mission 26 split the tasks: nobody else is offered
        seats = list(vols) if vols else list(range(s.seats))
        return [self._choice(f"{s.name(seat)}", Assign(self.pending_task, seat)) for seat in seats]

    def _distress_prompt(self) -> Text:
        s = self.session
        if s.state.setup.distress_active:
            return Text(
                "The distress signal is active: pass one card each again in this attempt?"
                " (v: look at your hand)",
                style="bold",
            )
        cost = (
            f" the logbook of {s.crew} adds 1 attempt to this mission."
            if s.crew is not None
            else ""
        )
        return Text(
            "Send the distress signal? Everybody passes one card (never a submarine)"
            + (";" + cost if cost else ".")
            + " (v: look at your hand)",
            style="bold",
        )

    def _distress_choices(self) -> list[Choice]:
        s = self.session
        n = s.players
        items = [Choice("No, play on without passing", None)]
        if n == 2:
            items.append(Choice(f"Yes: {s.name(0)} and {s.name(1)} swap one card", "left"))
            return items
        left = " → ".join(s.name(i % n) for i in range(n + 1))
        right = " → ".join(s.name(-i % n) for i in range(n + 1))
        items.append(Choice(f"Yes, pass to the left ({left})", "left"))
        items.append(Choice(f"Yes, pass to the right ({right})", "right"))
        return items

    def _distress_target(self, seat: int) -> str:
        s = self.session
        n = s.players
        to = (seat + 1) % n if s.distress_direction == "left" else (seat - 1) % n
        return s.name(to)

    def _render_signal(self, step: Step, private: Any) -> None:
        s = self.session
        prompt = self.query_one("#prompt", Static)
        hand = self.query_one("#hand", HandView)
        name = s.name(step.seat)
        cards = private.hand if private else ()
        ok = [c for c in cards if s.signal_illegal(step.seat, c) is None]
        hand.show_cards(cards, ok)
        if self.pending_card is None:
            text = f"{name}: choose the card to show (no submarine); Esc: do not signal"
            if not ok:
                text = f"{name}: no card of yours can be shown now; Esc: back"
        else:
            hand.cursor = hand.cards.index(self.pending_card)
            text = f"{name}: where does the token go on {card_label(self.pending_card)}?"
            if s.state.setup.rules.communication == CURRENTS:
                text += " (currents: the others will not see the position)"
            text += " Esc: another card"
        prompt.update(Text(text, style="bold"))

    def _position_choices(self, step: Step) -> list[Choice]:
        from crew.engine import Signal

        card = self.pending_card
        assert card is not None
        colour = COLOR_NAMES[suit_of(card)]
        g = SUIT_GLYPHS[suit_of(card)]
        return [
            self._choice(f"↑ top: my highest {g} {colour}", Signal(step.seat, card, "top")),
            self._choice(f"● middle: my only {g} {colour}", Signal(step.seat, card, "middle")),
            self._choice(f"↓ bottom: my lowest {g} {colour}", Signal(step.seat, card, "bottom")),
        ]

    def _render_play(self, step: Step, private: Any) -> None:
        s = self.session
        prompt = self.query_one("#prompt", Static)
        hand = self.query_one("#hand", HandView)
        sub = self.query_one("#subhand", Static)
        state = s.state
        legal = s.legal_cards()
        trick = state.trick_number
        if step.seat != step.viewer:
            # Tonoja: the captain plays one of her face-up cards (public) for her
            view = view_for(state, step.viewer)
            up = [c for c in s.public_view().tonoja_up if c >= 0]
            hand.display = True
            hand.show_cards(up, legal)
            sub.display = True
            line = Text(f"{s.name(step.viewer)}'s own hand: ", style="dim")
            line.append_text(cards_text(view.hand))
            sub.update(line)
            who = f"{s.name(step.viewer)} (captain) plays for Tonoja, trick {trick}"
        else:
            hand.show_cards(private.hand if private else (), legal)
            who = f"{s.name(step.seat)}, play a card to trick {trick}"
        if state.trick_cards:
            led = f"{suit_word(state.trick_cards[0])} was led"
            if len(legal) < len(hand.cards):
                led += f": follow suit ({len(legal)} of {len(hand.cards)} cards playable)"
        else:
            led = "you lead"
        prompt.update(Text(f"{who}: {led}", style="bold"))

    # -- choosing -------------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choices = self.query_one("#choices", Choices)
        if not 0 <= event.option_index < len(choices.items):
            return
        item = choices.items[event.option_index]
        if item.unavailable:
            self.set_message(f"Not allowed: {item.unavailable}", error=True)
            return
        self.choose(item.value)

    def choose(self, value: Any) -> None:
        """Do what the highlighted choice of the current step means."""
        s = self.session
        step = s.step()
        kind = step.kind
        self.message = Text()
        if kind == StepKind.DRAW:
            s.ack_draw()
        elif kind == StepKind.ASSIGN and self.pending_task is None:
            self.pending_task = value
        elif kind == StepKind.DISTRESS:
            s.decide_distress(value)
        elif kind == StepKind.COMMUNICATE:
            if value == "nobody":
                s.close_communication()
            else:
                bad = s.start_signal(value)
                if bad is not None:
                    self.set_message(f"Not allowed: {bad.message}", error=True)
                    return
        elif kind == StepKind.SIGNAL:
            assert self.pending_card is not None
            bad = s.signal(value.card, value.position)
            if bad is not None:
                self.set_message(f"Not allowed: {bad.message}", error=True)
                return
            self.pending_card = None
        else:
            bad = s.act(value)
            if bad is not None:
                self.set_message(f"Not allowed: {bad.message}", error=True)
                return
            self.pending_task = None
        self.sync()

    @on(HandView.Chosen, "#hand")
    def _clicked(self, event: HandView.Chosen) -> None:
        event.stop()
        self.card_chosen(event.card)

    @on(HandView.Moved, "#hand")
    def _moved(self, event: HandView.Moved) -> None:
        event.stop()
        if event.card is None:
            self.set_message("That card is not in this hand.", error=True)
        elif self.message:
            self.message = Text()
            self.query_one("#message", Static).update(news_text(self.session))

    def card_chosen(self, card: int | None) -> None:
        """A card of the hand was chosen (Enter or click): play, pass or show it."""
        if card is None:
            return
        s = self.session
        step = s.step()
        self.message = Text()
        if step.kind == StepKind.PLAY:
            bad = s.act(Play(step.seat, card))
        elif step.kind == StepKind.DISTRESS_CARD:
            bad = s.choose_distress_card(card)
        elif step.kind == StepKind.SIGNAL:
            bad = s.signal_illegal(step.seat, card)
            if bad is None:
                self.pending_card = card
                self.render_step(step)
                self.refresh_bindings()
                return
        else:
            return
        if bad is not None:
            self.set_message(f"Not allowed: {s.humanize(bad.message)}", error=True)
            return
        self.sync()

    # -- bindings -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        step = s.step()
        open_ = s.gate_seat() is None and not self._gating
        kind = step.kind
        if action == "play_card":
            return open_ and kind == StepKind.PLAY
        if action == "pass_card":
            return open_ and kind == StepKind.DISTRESS_CARD
        if action == "show_card":
            return open_ and kind == StepKind.SIGNAL and self.pending_card is None
        if action == "end_peek":
            return open_ and kind == StepKind.PEEK
        if action == "pass_task":
            if kind != StepKind.DISTRIBUTE or not open_:
                return False
            return True if why_illegal(s.state, Pass(step.seat)) is None else None
        if action == "peek":
            return kind in _PUBLIC_PEEK and not step.private
        if action == "hide_last":
            return self.show_last and kind != StepKind.RESULT
        if action == "last_trick":
            if kind == StepKind.RESULT or s.state.phase != "play" or self.show_last:
                return False
            return True if s.state.tricks else None
        if action == "back":
            if kind == StepKind.SIGNAL or kind == StepKind.DISTRESS_CARD:
                return True
            if kind == StepKind.ASSIGN:
                return self.pending_task is not None
            return kind == StepKind.PEEK
        return True

    def _hand_card(self) -> int | None:
        return self.query_one("#hand", HandView).current

    def action_play_card(self) -> None:
        self.card_chosen(self._hand_card())

    def action_pass_card(self) -> None:
        self.card_chosen(self._hand_card())

    def action_show_card(self) -> None:
        self.card_chosen(self._hand_card())

    def action_end_peek(self) -> None:
        self.session.end_peek()
        self.sync()

    def action_pass_task(self) -> None:
        step = self.session.step()
        self.choose(Pass(step.seat))

    def action_peek(self) -> None:
        from .dialogs import SeatPicker

        s = self.session
        names = [s.name(i) for i in range(s.players)]

        def picked(seat: int | None) -> None:
            if seat is not None:
                s.peek(seat)
            self.sync()

        self.app.push_screen(SeatPicker("Who wants to look at their hand?", names), picked)

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.render_table()
        self.refresh_bindings()

    def action_hide_last(self) -> None:
        self.action_last_trick()

    def action_back(self) -> None:
        s = self.session
        step = s.step()
        self.message = Text()
        if step.kind == StepKind.SIGNAL:
            if self.pending_card is not None:
                self.pending_card = None
                self.render_step(step)
                self.refresh_bindings()
                return
            s.cancel_signal()
        elif step.kind == StepKind.DISTRESS_CARD:
            s.cancel_distress()
        elif step.kind == StepKind.ASSIGN:
            self.pending_task = None
            self.render_step(step)
            return
        elif step.kind == StepKind.PEEK:
            s.end_peek()
        self.sync()
