"""New game, one question at a time: crew size, who sits where (people by name, computers),
campaign or free play, timing, deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static

from crew import storage
from crew.engine import mission_entry
from crew.i18n import N_, _, said
from crew.names import name_problem, shown
from crew.present import clock
from crew.table import DEFAULT_NAMES, GameSpec, SessionError, is_realtime, parse_seats

from ..base import CrewFooter, CrewScreen
from ..widgets.choices import Choice, Choices

__all__ = ["NewGameScreen"]


class WizardInput(Input):
    """An input whose Enter ("Next") shows in the footer."""

    BINDINGS = [Binding("enter", "submit", N_("Next"), show=True)]


class Question(Enum):
    """The wizard's questions; each is asked by one step and answered by one handler."""

    PLAYERS = "players"
    NAMES = "names"
    MODE = "mode"
    CREW_NAME = "crew_name"
    MISSION = "mission"
    DIFFICULTY = "difficulty"
    TIMED = "timed"
    SEED = "seed"


class Mode(Enum):
    """How the game is played, as the question ``MODE`` offers it."""

    CREW = "crew"  # a campaign crew of the logbook
    NEW_CREW = "new"  # a campaign crew named now, from mission 1
    MISSION = "mission"  # free play: any logbook mission
    DIFFICULTY = "difficulty"  # free play: tasks to a difficulty
    PRACTICE = "practice"  # any logbook mission, hints and undo, not in the logbook


@dataclass(frozen=True)
class Prompt:
    """A question as shown: its title, a line of help, and either choices (``keys``: their
    keys, None: 1, 2, 3...) or a text field holding ``value`` (None: no field)."""

    title: str
    help: str = ""
    items: Sequence[Choice] = ()
    keys: list[str] | None = None
    show_keys: bool = True
    value: str | None = None


class NewGameScreen(CrewScreen[GameSpec | None]):
    """A small wizard; Esc goes one question back (or cancels at the first)."""

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("question_mark", "app.help", N_("Help")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players = 4
        self.names: list[str] = []
        self.computers: list[int] = []  # the seats computer crewmates play
        self.crew: str | None = None
        self.mission: int | None = 1
        self.difficulty: int | None = None
        self.timed = False
        self.practice = False  # hints and undo, nothing in the logbook
        self.history: list[Question] = []
        self.question: Question | None = None
        self.mode: Mode | None = None
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
        yield CrewFooter()

    def on_mount(self) -> None:
        self.ask(Question.PLAYERS)

    # -- asking -----------------------------------------------------------------------------------

    def ask(self, question: Question, *, remember: bool = True) -> None:
        """Show ``question`` (``remember``: Esc comes back to the one shown now)."""
        if remember and self.question is not None:
            self.history.append(self.question)
        self.question = question
        self._show(self._prompt(question))

    def _prompt(self, question: Question) -> Prompt:
        match question:
            case Question.PLAYERS:
                return self._players_prompt()
            case Question.NAMES:
                return self._names_prompt()
            case Question.MODE:
                return self._mode_prompt()
            case Question.CREW_NAME:
                return Prompt(
                    _("Name of the new crew"),
                    _("The logbook keeps its attempts per mission under this name."),
                    value=self.crew or " & ".join(self.names),
                )
            case Question.MISSION:
                return self._mission_prompt()
            case Question.DIFFICULTY:
                return Prompt(
                    _("Total task difficulty to draw"),
                    _("Tasks are drawn until their difficulties add up to exactly this."),
                    value=str(self.difficulty or 5),
                )
            case Question.TIMED:
                return self._timed_prompt()
            case Question.SEED:
                return Prompt(
                    _("Deal code (optional)"),
                    _(
                        "The same code gives the same deal and tasks."
                        " Leave empty for a random deal."
                    ),
                    value="",
                )

    def _show(self, prompt: Prompt) -> None:
        self.query_one("#wizard-error", Static).update("")
        self.query_one("#wizard-question", Static).update(Text(prompt.title, style="bold"))
        self.query_one("#wizard-help", Static).update(prompt.help)
        choices = self.query_one("#wizard-choices", Choices)
        field = self.query_one("#wizard-input", Input)
        choices.display = bool(prompt.items)
        field.display = prompt.value is not None
        if prompt.items:
            choices.set_choices(prompt.items, keys=prompt.keys, show_keys=prompt.show_keys)
            choices.focus()
        else:
            choices.set_choices([])
        if prompt.value is not None:
            field.value = prompt.value
            field.focus()
            field.select_all()  # typing replaces the proposal; arrows edit it

    def _players_prompt(self) -> Prompt:
        items = [Choice(_("2 players (with Tonoja, the dummy crew member)"), 2)]
        items += [Choice(_("{n} players").format(n=n), n) for n in (3, 4, 5)]
        # the number of players is the key
        return Prompt(
            _("How many players?"), items=items, keys=["2", "3", "4", "5"], show_keys=False
        )

    def _names_prompt(self) -> Prompt:
        example = ", ".join(["Ann"] + ["computer"] * (self.players - 1))
        names = self.names or list(DEFAULT_NAMES[: self.players])
        return Prompt(
            _("Who sits in the {n} seats, in seat order?").format(n=self.players),
            _(
                "A name for each person, or computer for a computer crewmate (e.g. {example});"
                " separated by commas, seats go clockwise. The same name twice: one person"
                " holds both seats. The holder of submarine 4 will be captain."
            ).format(example=example),
            value=", ".join(
                "computer" if seat in self.computers else name for seat, name in enumerate(names)
            ),
        )

    def _mode_prompt(self) -> Prompt:
        items: list[Choice] = []
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
                    (Mode.CREW, name),
                )
            )
        note = ""
        if other:
            note = _(
                "Crews of another size are not offered ({crews})."
                " A crew plays with its own members."
            ).format(crews=", ".join(shown(o) for o in other))
        items += [
            Choice(_("Campaign: a new crew (starts at mission 1)"), (Mode.NEW_CREW, None)),
            Choice(_("Free play: any logbook mission"), (Mode.MISSION, None)),
            Choice(_("Free play: tasks to a difficulty of your choice"), (Mode.DIFFICULTY, None)),
            Choice(
                _("Practice: any logbook mission, with hints and undo (not in the logbook)"),
                (Mode.PRACTICE, None),
            ),
        ]
        return Prompt(
            _("Campaign crew or free play?"),
            " ".join(x for x in (self.log_problem, note) if x),
            items=items,
        )

    def _mission_prompt(self) -> Prompt:
        proposed = self.mission if self.mission is not None else 1
        if self.crew is not None:
            helptext = _("The logbook proposes the crew's next mission, {number}.").format(
                number=proposed
            )
        else:
            helptext = _("0 is the introductory mission; 1-32 the logbook; 33+ the epilogue.")
        return Prompt(_("Which mission?"), helptext, value=str(proposed))

    def _timed_prompt(self) -> Prompt:
        assert self.mission is not None
        rt = mission_entry(self.mission).realtime
        assert rt is not None
        instead = ", ".join(_(w.replace("_", " ")) for w in rt.untimed)
        if rt.untimed_difficulty:
            instead = _("difficulty {difficulty}").format(difficulty=rt.untimed_difficulty)
        timed = _("Timed: {clock} on the clock after distribution").format(clock=clock(rt.seconds))
        return Prompt(
            _("Mission {number} is a real-time mission").format(number=self.mission),
            items=[
                Choice(timed, True),
                Choice(_("Untimed: {instead} instead").format(instead=instead), False),
            ],
        )

    def error(self, text: str) -> None:
        self.query_one("#wizard-error", Static).update(Text(text, style="bold red"))

    # -- answers ----------------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#wizard-choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        value: Any = self.query_one("#wizard-choices", Choices).items[event.option_index].value
        if self.question is Question.PLAYERS:
            if self.players != value:
                self.names = []
                self.computers = []
            self.players = value
            self.ask(Question.NAMES)
        elif self.question is Question.MODE:
            self._picked_mode(*value)
        elif self.question is Question.TIMED:
            self.timed = bool(value)
            self.ask(Question.SEED)

    def _picked_mode(self, mode: Mode, name: str | None) -> None:
        self.mode = mode
        self.practice = mode is Mode.PRACTICE
        self.crew = None
        self.difficulty = None
        if mode is Mode.CREW:
            assert name is not None
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
            self.ask(Question.MISSION)
        elif mode is Mode.NEW_CREW:
            self.ask(Question.CREW_NAME)
        elif mode in (Mode.MISSION, Mode.PRACTICE):
            self.mission = 1
            self.ask(Question.MISSION)
        else:
            self.mission = None
            self.ask(Question.DIFFICULTY)

    @on(Input.Submitted, "#wizard-input")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if self.question is Question.NAMES:
            self._typed_names(text)
        elif self.question is Question.CREW_NAME:
            self._typed_crew_name(text)
        elif self.question is Question.MISSION:
            if not text.isdigit():
                self.error(_("a mission is a number: 0 (intro), 1-32, or 33 and up (epilogue)"))
                return
            self.mission = int(text)
            self.timed = False
            self.ask(Question.TIMED if is_realtime(self.mission) else Question.SEED)
        elif self.question is Question.DIFFICULTY:
            if not text.isdigit() or not 1 <= int(text) <= 30:
                self.error(_("the difficulty is a number from 1 to 30"))
                return
            self.difficulty = int(text)
            self.ask(Question.SEED)
        elif self.question is Question.SEED:
            self._typed_seed(text)

    def _typed_names(self, text: str) -> None:
        names, computers = parse_seats(text, self.players)
        try:
            spec = GameSpec(self.players, names, 1, computers=computers).checked()
        except SessionError as exc:
            self.error(str(exc))
            return
        self.names = spec.names
        self.computers = spec.computers
        self.ask(Question.MODE)

    def _typed_crew_name(self, text: str) -> None:
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
        self.ask(Question.MISSION)

    def _typed_seed(self, text: str) -> None:
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
        self.ask(self.history.pop(), remember=False)
