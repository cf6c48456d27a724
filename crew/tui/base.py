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
from textual.widgets import Footer

from crew.i18n import _

__all__ = ["CrewFooter", "CrewModal", "CrewScreen", "spoken"]

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


class CrewFooter(Footer):
    """Textual's footer, rebuilt only when the keys it shows change.

    Textual's footer rebuilds all its keys whenever the screen's bindings are refreshed, and the
    screens refresh them at every new choice (the key guard, a computer's turn, a gate); most
    refreshes leave the same keys. A rebuild mounts a widget per key: this is about a fifth of
    the processor time of a whole hot-seat game through the app."""

    _shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            super().bindings_changed(screen)  # Textual's footer does not rebuild then either
            return
        shown = tuple(
            (key, a.binding.description, a.binding.key_display, a.enabled, a.tooltip)
            for key, a in screen.active_bindings.items()
            if a.binding.show
        )
        if shown != self._shown:
            self._shown = shown
            super().bindings_changed(screen)
