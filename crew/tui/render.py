"""Rich renderables for the table: cards, the crew, the tasks, the status line.

Everything here is drawn from engine views (a :class:`~crew.table.SeatScope` hands out nothing
else; a finished attempt's :class:`~crew.table.summary.FinalTable` only the public table). Each
colour also has a glyph (``crew.present``) so nothing depends on seeing colour.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Protocol

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from crew.engine import TONOJA, Event, Phase, View, get_task, mission_entry
from crew.engine.cards import card_str, suit_of
from crew.engine.enums import TaskStatus
from crew.engine.missions import HEAVY_NOISE, NO_COMMUNICATION
from crew.engine.tricks import trick_winner
from crew.i18n import N_, _
from crew.present import (
    SUIT_STYLES,
    card_label,
    clock,
    communication_label,
    position_word,
    suit_word,
)
from crew.table import SeatScope
from crew.texts import mission_rule as logbook_rule
from crew.texts import task_text

__all__ = [
    "SUIT_STYLES",
    "card_label",
    "card_markup",
    "card_text",
    "cards_in",
    "cards_text",
    "crew_table",
    "news_text",
    "status_text",
    "suit_word",
    "tasks_table",
]


class Facts(Protocol):
    """What the tasks and the mission line are drawn from: a live table or a finished one."""

    @property
    def mission(self) -> int | None: ...
    @property
    def difficulty(self) -> int | None: ...
    def name(self, seat: int) -> str: ...
    def view(self, seat: int) -> View: ...
    def prediction_made(self, seat: int) -> bool: ...


def card_text(card: int, *, dim: bool = False) -> Text:
    style = SUIT_STYLES[suit_of(card)]
    if dim:
        style = "dim strike"
    return Text(card_label(card), style=style)


def card_markup(card: int) -> str:
    return f"[{SUIT_STYLES[suit_of(card)]}]{card_label(card)}[/]"


#: every card's notation ("P7", "S4"), for finding cards in a sentence made with them
_CARD_OF = {card_str(c): c for c in range(40)}
#: a card's notation standing alone in a sentence (not already after its glyph, not in a word)
_CARD_WORD = re.compile(r"(?<![\w♥♦♣♠⚓])([PBGYS][1-9])(?!\w)")


def cards_in(sentence: str, style: str = "") -> Text:
    """``sentence`` (written with plain card notation, as records and ``--json`` keep it) with
    each card drawn as the table draws it: its glyph and colour ("B4" becomes "♦B4")."""
    out = Text(style=style)
    at = 0
    for m in _CARD_WORD.finditer(sentence):
        card = _CARD_OF.get(m.group(1))
        if card is None:
            continue
        out.append(sentence[at : m.start()])
        out.append_text(card_text(card))
        at = m.end()
    out.append(sentence[at:])
    return out


def cards_text(cards: Iterable[int], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def mission_label(session: Facts) -> str:
    m = session.mission
    if m is None:
        return _("Free play, difficulty {difficulty}").format(difficulty=session.difficulty)
    if m == 0:
        return _("Intro mission")
    return _("Mission {number}").format(number=m)


def status_text(session: SeatScope, width: int | None = None) -> Text:
    """The one-line header: mission, attempt, trick, sonar, distress, clock (captain: ★).

    When ``width`` is too small for the whole line, shorter words are used so that nothing
    (the distress state last of all) is cut off.
    """
    full = _status_text(session, short=False)
    if width is None or full.cell_len <= width:
        return full
    return _status_text(session, short=True)


def _status_text(session: SeatScope, *, short: bool) -> Text:
    v = session.public_view()
    mission = mission_label(session)
    if short:
        if session.mission is None:
            mission = _("free {difficulty}").format(difficulty=session.difficulty)
        elif session.mission:
            mission = _("M{number}").format(number=session.mission)
    trick = min(v.tricks_played + 1, v.total_tricks)
    parts = [
        mission,
        (_("att. {attempt}") if short else _("attempt {attempt}")).format(attempt=session.attempt),
        _("trick {trick}/{total}").format(trick=trick, total=v.total_tricks),
        _("sonar {mode}").format(mode=communication_label(v.communication, v.pool, short=short)),
    ]
    if v.distress:
        # two players swap one card: there is no left or right
        if v.players == 2:
            how = _("swapped")
        else:
            how = _("passed {direction}").format(direction=_(v.distress))
    elif v.distress_active:
        how = _("active")
    else:
        how = _("unused")  # not sent yet (it is never forbidden)
    parts.append((_("distress {state}") if short else _("distress: {state}")).format(state=how))
    out = Text()
    if session.time_left is not None:
        # the clock first, so a narrow terminal never cuts it off
        running = session.clock_running
        waiting = _(" (waits)") if short else _(" (not started)")
        out.append(
            _("time {clock}").format(clock=clock(session.time_left)) + ("" if running else waiting),
            style="bold reverse" if running and session.time_left <= 30 else "bold",
        )
        out.append(" · ")
    out.append(" · ".join(parts))
    return out


def _sonar_cell(view: View, seat: int) -> Text:
    if view.players == 2 and seat == TONOJA:
        return Text(_("never signals"), style="dim")
    shown = [s for s in view.signals if s.seat == seat]
    out = Text()
    for i, sig in enumerate(shown):
        if i:
            out.append(", ")
        out.append_text(card_text(sig.card))
        out.append(" " + position_word(sig.position))
        if sig.played:
            out.append(_(" (played)"), style="dim")
    if shown:
        return out
    if view.communication == NO_COMMUNICATION:
        return Text("—", style="dim")
    if view.communication == HEAVY_NOISE:
        return Text(_("shared tokens") if view.pool else _("no token left"), style="dim")
    if view.tokens_left[seat]:
        return Text(_("● token ready"))
    return Text(_("○ used"), style="dim")


def crew_table(session: SeatScope, *, show_last: bool = False) -> Table:
    """One row per seat: turn, name, captain, the (last) trick, tricks won, cards, sonar.

    The last trick is shown on request (``show_last``) and, until the next card is played, on
    its own: a trick does not vanish the moment its last card falls. Drawn from the unlocked
    crew member's view when a hand is open (under currents she sees where her own token lies),
    else from the public view."""
    v = session.hand or session.public_view()
    table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False)
    last = v.last_trick
    # a trick just won stays on the table until the next card is played
    show_last = show_last or (not v.trick and v.phase == Phase.PLAY and not v.result)
    if show_last and last is not None:
        trick_head = _("Last trick ({n})").format(n=v.tricks_played)
    else:
        trick_head = _("Trick {n}").format(n=min(v.tricks_played + 1, v.total_tricks))
    table.add_column("", width=1, no_wrap=True)
    table.add_column(_("Crew"), no_wrap=True, min_width=10)
    table.add_column(trick_head, no_wrap=True, min_width=12)
    table.add_column(_("Won"), justify="right", no_wrap=True)
    table.add_column(_("Cards"), justify="right", no_wrap=True)
    table.add_column(_("Sonar"), no_wrap=True, overflow="ellipsis", ratio=1)
    played = dict(v.trick)
    # who wins the trick so far: the engine's winner rule on the cards played
    ahead = v.trick[trick_winner([c for _, c in v.trick])][0] if v.trick else -1
    # the seat acting now: the signaller while a signal is chosen, else the seat to play
    acting = session.signaller if session.signaller is not None else v.turn
    for seat in range(v.seats):
        name = Text(session.name(seat), style="bold" if seat == acting else "")
        if seat == v.captain:
            name.append(_(" ★cpt"))
        if show_last and last is not None:
            cell = Text()
            if seat in last.seats:
                c = last.cards[last.seats.index(seat)]
                cell.append_text(card_text(c))
                if seat == last.leader:
                    cell.append(_(" led"))
                if seat == last.winner:
                    cell.append(_(" ✓won"), style="bold")
        else:
            cell = Text()
            if seat in played:
                cell.append_text(card_text(played[seat]))
                if v.trick and v.trick[0][0] == seat:
                    cell.append(_(" led"))
                if seat == ahead and len(v.trick) < v.seats:
                    cell.append(_(" ◆wins"), style="bold")
            elif v.phase == Phase.PLAY and not v.result and seat == v.turn:
                cell.append(_("leads…") if not v.trick else _("to play…"), style="italic")
            else:
                cell.append("·", style="dim")
        marker = "▶" if seat == acting and not v.result and acting >= 0 else ""
        table.add_row(
            marker,
            name,
            cell,
            str(v.counts[seat]),
            str(v.hand_counts[seat]),
            _sonar_cell(v, seat),
        )
    return table


def tonoja_text(session: SeatScope) -> Text | None:
    """Tonoja's seven piles as on the table, in words a player reads (public facts only): each
    pile's face-up card with ``+1`` for the card face down under it, "—+1" once the face-up card
    is played and the one under it not yet turned, "empty" when nothing is left."""
    v = session.public_view()
    if not v.tonoja_up:
        return None
    out = Text(_("Tonoja: "), style="bold")
    for i, (up, down) in enumerate(zip(v.tonoja_up, v.tonoja_down, strict=True)):
        if i:
            out.append("  ")
        if up < 0 and not down:
            out.append(_("empty"), style="dim")
            continue
        if up >= 0:
            out.append_text(card_text(up))
        else:
            out.append("—", style="dim")
        if down:
            out.append("+1", style="dim")  # one card lies face down under it
    if any(v.tonoja_down):
        out.append("  " + _("(+1 face down)"), style="dim")
    return out


def task_status_cell(status: str, trick: int) -> Text:
    if status == TaskStatus.DONE:
        return Text(_("✓ done @{trick}").format(trick=trick), style="bold green")
    if status == TaskStatus.FAILED:
        return Text(_("✗ failed @{trick}").format(trick=trick), style="bold red")
    return Text(_("· open"))


def tasks_table(session: Facts, *, viewer: int = -1, wrap: bool = False) -> Table | Text:
    """The attempt's tasks: status (with the deciding trick), id, owner, text, predictions.

    ``wrap`` folds long task texts onto more lines instead of cutting them off. A mission
    without task cards shows its rule instead (wrapped the same way).
    """
    v = session.view(viewer)
    if not v.tasks:
        rule = mission_rule(session)
        return Text(rule, style="italic", no_wrap=not wrap, overflow="ellipsis")
    table = Table(box=None, padding=(0, 1), expand=True, show_header=False, show_edge=False)
    # as wide as the longest status word (English: "✗ failed @10", 12 cells)
    words = (_("✓ done @{trick}"), _("✗ failed @{trick}"))
    status_width = max([12] + [cell_len(w.format(trick=10)) for w in words])
    table.add_column("status", no_wrap=True, width=status_width)
    table.add_column("id", no_wrap=True, justify="right", width=3)
    table.add_column("difficulty", no_wrap=True, justify="right", width=3)
    # as wide as the longest name (names have at most 12 characters)
    owner_width = max([6] + [cell_len(session.name(seat)) for seat in range(v.seats)])
    table.add_column("owner", no_wrap=True, width=owner_width, overflow="ellipsis")
    table.add_column("task", no_wrap=not wrap, overflow="fold" if wrap else "ellipsis", ratio=1)
    for t in v.tasks:
        owner = session.name(t.owner) if t.owner >= 0 else "—"
        text = Text(task_text(get_task(t.task).card))
        shown = get_task(t.task).prediction  # "public", "secret", or None: no prediction task
        if shown is not None and t.owner >= 0:
            p = v.predictions[t.owner]
            if p is not None:
                text = Text(_("[predicted {n}] ").format(n=p)) + text
            elif shown == "secret" and session.prediction_made(t.owner):
                text = Text(_("[secret prediction made] ")) + text
        diff = get_task(t.task).difficulty_for(v.players)
        table.add_row(task_status_cell(t.status, t.trick), f"#{t.task}", f"d{diff}", owner, text)
    return table


def mission_rule(session: Facts) -> str:
    m = session.mission
    if m is None:
        return _("Free play: tasks drawn to the chosen difficulty, distributed normally.")
    return logbook_rule(mission_entry(m))


def news_text(session: SeatScope) -> Text:
    """What just happened, from the engine's events (public facts only)."""
    return events_text(session.last_events, session.name, session.players)


def events_text(events: Iterable[Event], name: Callable[[int], str], players: int) -> Text:
    """What ``events`` made happen, in words (the last three), seats called ``name(seat)``."""
    out: list[str] = []
    for e in events:
        text = _event_words(e, name, players)
        if text:
            out.append(text)
    return Text("  ".join(out[-3:]))


#: What each public event says on the news line (``name``: the seat's, ``card``: with glyph).
_EVENT_WORDS = {
    "play": N_("{name} played {card}."),
    "trick_won": N_("Trick {trick} won by {name} with {card}."),
    "task_done": N_("Task #{task} ({name}) done."),
    "task_failed": N_("Task #{task} ({name}) FAILED."),
    "take": N_("{name} took task #{task}."),
    "pass": N_("{name} passed."),
    "volunteer": N_("{name} said {text}."),
    "give": N_("All tasks go to {name}."),
    "assign": N_("Task #{task} goes to {name}."),
    "signal": N_("{name} signalled {card}."),
    "distress": N_("Distress signal: everybody passed one card to the {text}."),
    "predict": N_("{name} made a prediction."),
    "tonoja_flip": N_("Tonoja turns up {card}."),
}


def _event_words(e: Event, name: Callable[[int], str], players: int) -> str:
    if e.kind == "distress" and players == 2:
        return _("Distress signal: {name0} and {name1} swapped one card.").format(
            name0=name(0), name1=name(1)
        )
    words = _EVENT_WORDS.get(e.kind)
    if words is None:
        return ""
    return _(words).format(
        name=name(e.seat) if e.seat >= 0 else "",
        card=card_label(e.card) if e.card >= 0 else "",
        task=e.task,
        trick=e.trick,
        text=_(e.text) if e.text else "",
    )
