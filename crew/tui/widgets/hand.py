"""A hand of cards: a cursor, the playable cards bright and the others shown unavailable."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from crew.engine.cards import suit_of, value_of
from crew.i18n import N_, _

from ..render import SUIT_STYLES, card_label

__all__ = ["HandView"]

_SUIT_KEYS = {"p": 0, "b": 1, "g": 2, "y": 3, "s": 4}
CELL = 5  # cells per card (the anchor glyph is two cells wide)


class HandView(Widget, can_focus=True):
    """Cards in a row. ``enabled`` None means read-only; otherwise the cards one may choose.

    Keys: left/right move the cursor; typing a colour letter and a value (``p`` ``7``, ``s``
    ``4``) jumps to that card. Enter (bound by the screen) or a click chooses the card under the
    cursor, available or not, so that an unavailable choice can be explained.
    """

    BINDINGS = [
        Binding("left", "move(-1)", N_("Previous card"), show=False),
        Binding("right", "move(1)", N_("Card"), key_display="← →"),
        Binding("home", "jump(0)", N_("First card"), show=False),
        Binding("end", "jump(-1)", N_("Last card"), show=False),
    ]

    class Chosen(Message):
        """A card was clicked (the screen decides what that means)."""

        def __init__(self, hand: HandView, card: int) -> None:
            super().__init__()
            self.hand = hand
            self.card = card

        @property
        def control(self) -> HandView:
            return self.hand

    class Moved(Message):
        """The cursor moved to another card."""

        def __init__(self, hand: HandView, card: int | None) -> None:
            super().__init__()
            self.hand = hand
            self.card = card

        @property
        def control(self) -> HandView:
            return self.hand

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[int] = []
        self.enabled: set[int] | None = None
        self.cursor = 0
        self._suit_typed: int | None = None
        self._cells: list[tuple[int, int, int, int]] = []  # (line, x0, x1, card)

    # -- content ----------------------------------------------------------------------------------

    def show_cards(
        self,
        cards: Iterable[int],
        enabled: Iterable[int] | None = None,
        avoid: Iterable[int] = (),
    ) -> None:
        """Show ``cards``; ``enabled`` are the choosable ones (None: read-only). The cursor stays
        on its card, or goes to the first choosable one, one of ``avoid`` only if nothing else
        may be chosen (a card that loses the attempt at once is never the one Enter plays
        unasked)."""
        old = self.current
        self.cards = sorted(cards)
        self.enabled = set(enabled) if enabled is not None else None
        shun = set(avoid)
        if old in self.cards and old not in shun:
            self.cursor = self.cards.index(old)
        else:
            self.cursor = self._first_enabled(shun)
        self._suit_typed = None
        self.can_focus = self.enabled is not None
        self.refresh(layout=True)

    def clear(self) -> None:
        self.show_cards([], None)

    def _first_enabled(self, avoid: set[int] | frozenset[int] = frozenset()) -> int:
        if self.enabled:
            for skip in (avoid, frozenset()):
                for i, c in enumerate(self.cards):
                    if c in self.enabled and c not in skip:
                        return i
        return 0

    @property
    def current(self) -> int | None:
        if self.enabled is None or not self.cards:
            return None
        return self.cards[min(self.cursor, len(self.cards) - 1)]

    # -- keys and mouse ---------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        if self.cards and self.enabled is not None:
            self.cursor = (self.cursor + delta) % len(self.cards)
            self._moved()

    def action_jump(self, index: int) -> None:
        if self.cards and self.enabled is not None:
            self.cursor = index % len(self.cards)
            self._moved()

    def point_at(self, card: int) -> bool:
        """Put the cursor on ``card`` (a hint names it); False when it is not in this hand."""
        if self.enabled is None or card not in self.cards:
            return False
        self.cursor = self.cards.index(card)
        self._suit_typed = None
        self._moved()
        return True

    def _moved(self) -> None:
        self.refresh()
        self.post_message(self.Moved(self, self.current))

    def on_key(self, event: events.Key) -> None:
        if self.enabled is None:
            return
        ch = (event.character or "").lower()
        if ch in _SUIT_KEYS:
            self._suit_typed = _SUIT_KEYS[ch]
            event.stop()
            event.prevent_default()
        elif ch.isdigit() and self._suit_typed is not None:
            value = int(ch)
            for i, c in enumerate(self.cards):
                if suit_of(c) == self._suit_typed and value_of(c) == value:
                    self.cursor = i
                    self._moved()
                    break
            else:
                self.post_message(self.Moved(self, None))
            self._suit_typed = None
            event.stop()
            event.prevent_default()

    def on_click(self, event: events.Click) -> None:
        if self.enabled is None:
            return
        for line, x0, x1, card in self._cells:
            if event.y == line and x0 <= event.x < x1:
                self.cursor = self.cards.index(card)
                self.refresh()
                self.post_message(self.Chosen(self, card))
                return

    # -- drawing ----------------------------------------------------------------------------------

    def _layout(self, width: int) -> list[list[tuple[int, int]]]:
        """Lines of (card, x) with one extra space between suits."""
        lines: list[list[tuple[int, int]]] = [[]]
        x = 0
        prev: int | None = None
        for c in self.cards:
            gap = 1 if prev is not None and suit_of(c) != suit_of(prev) else 0
            if x + gap + CELL > max(width, CELL) and lines[-1]:
                lines.append([])
                x = 0
                gap = 0
            x += gap
            lines[-1].append((c, x))
            x += CELL
            prev = c
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if not self.cards:
            return 1
        return len(self._layout(width))

    def render(self) -> Text:
        width = self.content_size.width or 80
        if not self.cards:
            return Text(_("(no cards)"), style="dim")
        out = Text(no_wrap=True, overflow="crop")
        self._cells = []
        cur = self.current
        for n, line in enumerate(self._layout(width)):
            if n:
                out.append("\n")
            x = 0
            for c, cx in line:
                out.append(" " * (cx - x))
                label = card_label(c)
                if self.enabled is None or c in self.enabled:
                    style = SUIT_STYLES[suit_of(c)]
                else:
                    style = "dim strike"
                if c == cur and self.has_focus:
                    style = f"{style} reverse"
                elif c == cur:
                    style = f"{style} underline"
                out.append(label, style=style)
                pad = CELL - cell_len(label)
                out.append(" " * pad)
                self._cells.append((n, cx, cx + CELL, c))
                x = cx + CELL
        return out

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
