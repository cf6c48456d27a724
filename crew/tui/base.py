"""The screens' common base: key bindings said in the language in use when they are shown.

The words of a binding (``Binding("q", "app.request_quit", N_("Quit"))``) are marked with
``N_`` where the class is written and translated here, each time the footer or the key panel
reads the screen's :attr:`~CrewScreen.active_bindings`. So no screen, widget or the app takes
its words when its class is made, and the language can be chosen at any time before the first
word is shown (importing the app first is harmless).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from textual.binding import ActiveBinding, Binding
from textual.screen import ModalScreen, Screen

from crew.i18n import _

__all__ = ["CrewModal", "CrewScreen", "spoken"]

R = TypeVar("R")


def spoken(binding: Binding) -> Binding:
    """``binding`` with its words (description, tooltip) in the language in use."""
    return replace(
        binding,
        description=_(binding.description),
        tooltip=_(binding.tooltip),
    )


class CrewScreen(Screen[R]):
    """A screen of crew: its bindings, its widgets' and the app's are shown translated."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's active bindings, each one's words in the language in use."""
        return {
            key: ActiveBinding(
                active.node, spoken(active.binding), active.enabled, _(active.tooltip)
            )
            for key, active in super().active_bindings.items()
        }


class CrewModal(CrewScreen[R], ModalScreen[R]):
    """A modal screen of crew (a dialog), its bindings shown translated."""
