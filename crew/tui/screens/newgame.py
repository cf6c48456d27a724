"""New game, one question at a time: crew size, who sits where (people by name, computers),
campaign or free play, timing, deal."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static

from crew import storage
from crew.engine import mission_entry
from crew.i18n import _, said
from crew.names import name_problem, shown
from crew.present import clock
from crew.table import DEFAULT_NAMES, GameSpec, SessionError, is_realtime, parse_seats

from ..widgets.choices import Choice, Choices

__all__ = ["NewGameScreen"]


class WizardInput(Input):
    """An input whose Enter ("Next") shows in the footer."""

    BINDINGS = [Binding("enter", "submit", _("Next"), show=True)]


class NewGameScreen(Screen[GameSpec | None]):
    """A small wizard; Esc goes one question back (or cancels at the first)."""

    BINDINGS = [
        Binding("escape", "back", _("Back")),
        Binding("question_mark", "app.help", _("Help")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players = 4
        self.names: list[str] = []
        self.computers: list[int] = []  # the seats computer crewmates play
        self.crew: str | None = None
        self.new_crew = False
        self.mission: int | None = 1
        self.difficulty: int | None = None
        self.timed = False
        self.practice = False  # hints and undo, nothing in the logbook
        self.history: list[str] = []
        self.question = ""
        self.mode = ""
        try:
            self.campaign = storage.load_log()
            self.log_problem = ""
        except storage.StorageError as exc:
            self.campaign = storage.CampaignLog()
            self.log_problem = str(exc)

    def compose(self) -> ComposeResult:
        with Vertical(id="wizard"):
            yield Static(_("New game"), id="wizard-head")
            yield Static(id="wizard-question")
            yield Static(id="wizard-help")
            yield Choices(id="wizard-choices")
            yield WizardInput(id="wizard-input")
            yield Static(id="wizard-error")
        yield Footer()

    def on_mount(self) -> None:
        self.ask("players")

    # -- asking -----------------------------------------------------------------------------------

    def ask(self, question: str, *, remember: bool = True) -> None:
        if remember and self.question:
            self.history.append(self.question)
        self.question = question
        self.query_one("#wizard-error", Static).update("")
        choices = self.query_one("#wizard-choices", Choices)
        field = self.query_one("#wizard-input", Input)
        q = self.query_one("#wizard-question", Static)
        helptext = self.query_one("#wizard-help", Static)
        helptext.update("")
        items: list[Choice] = []
        keys: list[str] | None = None
        show_keys = True
        value: str | None = None
        if question == "players":
            q.update(Text(_("How many players?"), style="bold"))
            items = [Choice(_("2 players (with Tonoja, the dummy crew member)"), 2)]
            items += [Choice(_("{n} players").format(n=n), n) for n in (3, 4, 5)]
            keys = ["2", "3", "4", "5"]
            show_keys = False  # the number of players is the key
        elif question == "names":
            q.update(
                Text(
                    _("Who sits in the {n} seats, in seat order?").format(n=self.players),
                    style="bold",
                )
            )
            example = ", ".join(["Ann"] + ["computer"] * (self.players - 1))
            helptext.update(
                _(
                    "A name for each person, or computer for a computer crewmate (e.g. {example});"
                    " separated by commas, seats go clockwise. The same name twice: one person"
                    " holds both seats. The holder of submarine 4 will be captain."
                ).format(example=example)
            )
            names = self.names or list(DEFAULT_NAMES[: self.players])
            value = ", ".join(
                "computer" if seat in self.computers else name for seat, name in enumerate(names)
            )
        elif question == "mode":
            q.update(Text(_("Campaign crew or free play?"), style="bold"))
            other = []
            for name, crew in self.campaign.crews.items():
                if crew.members and len(crew.members) != self.players:
                    other.append(name)  # a crew keeps its members: another size cannot join it
                    continue
                who = ", ".join(
                    shown(m) + (_(" (computer)") if i in crew.computers else "")
                    for i, m in enumerate(crew.members)
                )
                items.append(
                    Choice(
                        _("Campaign: {name} ({who}next mission {number})").format(
                            name=shown(name), who=who + "; " if who else "", number=crew.current
                        ),
                        ("crew", name),
                    )
                )
            note = ""
            if other:
                note = _(
                    "Crews of another size are not offered ({crews})."
                    " A crew plays with its own members."
                ).format(crews=", ".join(shown(o) for o in other))
            helptext.update(" ".join(x for x in (self.log_problem, note) if x))
            items.append(Choice(_("Campaign: a new crew (starts at mission 1)"), ("new", None)))
            items.append(Choice(_("Free play: any logbook mission"), ("mission", None)))
            items.append(
                Choice(_("Free play: tasks to a difficulty of your choice"), ("diff", None))
            )
            items.append(
                Choice(
                    _("Practice: any logbook mission, with hints and undo (not in the logbook)"),
                    ("practice", None),
                )
            )
        elif question == "crew_name":
            q.update(Text(_("Name of the new crew"), style="bold"))
            helptext.update(_("The logbook keeps its attempts per mission under this name."))
            value = self.crew or " & ".join(self.names)
        elif question == "mission":
            q.update(Text(_("Which mission?"), style="bold"))
            proposed = self.mission if self.mission is not None else 1
            if self.crew is not None:
                helptext.update(
                    _("The logbook proposes the crew's next mission, {number}.").format(
                        number=proposed
                    )
                )
            else:
                helptext.update(
                    _("0 is the introductory mission; 1-32 the logbook; 33+ the epilogue.")
                )
            value = str(proposed)
        elif question == "difficulty":
            q.update(Text(_("Total task difficulty to draw"), style="bold"))
            helptext.update(_("Tasks are drawn until their difficulties add up to exactly this."))
            value = str(self.difficulty or 5)
        elif question == "timed":
            assert self.mission is not None
            rt = mission_entry(self.mission).realtime
            assert rt is not None
            q.update(
                Text(
                    _("Mission {number} is a real-time mission").format(number=self.mission),
                    style="bold",
                )
            )
            instead = ", ".join(_(w.replace("_", " ")) for w in rt.untimed)
            if rt.untimed_difficulty:
                instead = _("difficulty {difficulty}").format(difficulty=rt.untimed_difficulty)
            items = [
                Choice(
                    _("Timed: {clock} on the clock after distribution").format(
                        clock=clock(rt.seconds)
                    ),
                    True,
                ),
                Choice(_("Untimed: {instead} instead").format(instead=instead), False),
            ]
        elif question == "seed":
            q.update(Text(_("Deal code (optional)"), style="bold"))
            helptext.update(
                _("The same code gives the same deal and tasks. Leave empty for a random deal.")
            )
            value = ""
        choices.display = bool(items)
        field.display = value is not None
        if items:
            choices.set_choices(items, keys=keys, show_keys=show_keys)
            choices.focus()
        else:
            choices.set_choices([])
        if value is not None:
            field.value = value
            field.focus()
            field.select_all()  # typing replaces the proposal; arrows edit it

    def error(self, text: str) -> None:
        self.query_one("#wizard-error", Static).update(Text(text, style="bold red"))

    # -- answers ----------------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#wizard-choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        value = self.query_one("#wizard-choices", Choices).items[event.option_index].value
        q = self.question
        if q == "players":
            if self.players != value:
                self.names = []
                self.computers = []
            self.players = value
            self.ask("names")
        elif q == "mode":
            kind, name = value
            self.mode = kind
            self.practice = kind == "practice"
            self.crew = None
            self.difficulty = None
            if kind == "crew":
                self.crew = name
                members = self.campaign.crews[name].members
                computers = list(self.campaign.crews[name].computers)
                if members and (members != self.names or computers != self.computers):
                    # the crew keeps its members (and computers): the game takes them, says so
                    self.names = list(members)
                    self.computers = computers
                    self.notify(
                        _("Crew {name} plays as {members}.").format(
                            name=name, members=", ".join(members)
                        )
                    )
                self.mission = self.campaign.crews[name].current
                self.ask("mission")
            elif kind == "new":
                self.ask("crew_name")
            elif kind in ("mission", "practice"):
                self.mission = 1
                self.ask("mission")
            else:
                self.mission = None
                self.ask("difficulty")
        elif q == "timed":
            self.timed = bool(value)
            self.ask("seed")

    @on(Input.Submitted, "#wizard-input")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        q = self.question
        if q == "names":
            names, computers = parse_seats(text, self.players)
            try:
                spec = GameSpec(self.players, names, 1, computers=computers).checked()
            except SessionError as exc:
                self.error(str(exc))
                return
            self.names = spec.names
            self.computers = spec.computers
            self.ask("mode")
        elif q == "crew_name":
            if not text or len(text) > 40:
                self.error(_("a crew name has 1 to 40 characters"))
                return
            if (problem := name_problem(text)) is not None:
                self.error(said(problem))
                return
            if text in self.campaign.crews:
                self.error(
                    _("there is already a crew called {name}; choose it in the list").format(
                        name=repr(text)
                    )
                )
                return
            self.crew = text
            self.mission = 1
            self.ask("mission")
        elif q == "mission":
            if not text.isdigit():
                self.error(_("a mission is a number: 0 (intro), 1-32, or 33 and up (epilogue)"))
                return
            self.mission = int(text)
            self.timed = False
            self.ask("timed" if is_realtime(self.mission) else "seed")
        elif q == "difficulty":
            if not text.isdigit() or not 1 <= int(text) <= 30:
                self.error(_("the difficulty is a number from 1 to 30"))
                return
            self.difficulty = int(text)
            self.ask("seed")
        elif q == "seed":
            seed: int | str | None = None
            if text:
                seed = int(text) if text.isdigit() else text
            spec = GameSpec(
                self.players,
                list(self.names),
                self.mission,
                self.difficulty,
                self.timed,
                seed,
                self.crew,
                list(self.computers),
                self.practice,
            )
            try:
                spec = spec.checked()
            except SessionError as exc:
                self.error(str(exc))
                return
            self.dismiss(spec)

    def action_back(self) -> None:
        if not self.history:
            self.dismiss(None)
            return
        self.question = ""
        self.ask(self.history.pop(), remember=False)
