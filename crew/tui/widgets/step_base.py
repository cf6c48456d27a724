"""The step panels' common part: the panel base class, and the intents they post.

A panel posts :class:`StepPanel.Chosen` with what was chosen: an engine action (take, pass,
volunteer, give, assign, predict, play, signal) or one of the table's intents
(:mod:`crew.table.choices`: begin, the distress decision, the card passed, signalling before a
computer's lead or playing on, back, done), which the scope carries out; or
:class:`SignalFirst`, which the game screen answers by asking who signals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from crew.i18n import _
from crew.table import SeatScope, Step
from crew.table.advice import Advice

from ..render import card_markup
from .hand import HandView

__all__ = [
    "SignalFirst",
    "StepPanel",
    "ready",
]


# -- the screen's own intent (the table's are in crew.table.choices) ----------------------------


@dataclass(frozen=True)
class SignalFirst:
    """Somebody signals before this trick's lead (who: asked next)."""


def ready(widget: Any) -> bool:
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

    def point_at(self, advice: Advice) -> None:
        """Put the cursor on what a hint advises, when this step offers it (the player still
        chooses: nothing is done)."""

    def focus_choice(self) -> None:
        """Put the keyboard on the panel's choice (nothing to choose: on nothing)."""
        self.screen.set_focus(None)

    def choose(self, choice: object) -> None:
        if ready(self):
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
            words = _("Distress signal: you swapped your {gave} for {name}'s {got}.")
        else:
            words = _("Distress signal: you passed {gave} to {to} and got {got} from {name}.")
        # the cards keep their colours inside the translated sentence
        out = Text.from_markup(
            words.format(
                gave=card_markup(gave),
                got=card_markup(got),
                name=escape(t.name(frm)),
                to=escape(t.name(to)),
            ),
            style="italic",
        )
        self.sub.display = True
        self.sub.update(out)
