"""The table's notes in a saved game (``TableNotes``), read back against the game they belong to.

A save is a file anybody can edit: every note is checked against the replayed game before it is
believed (the seats exist, the cards exist and are held, the note fits the moment of the game,
at least one seat is a person's), and a note that does not fit stops the Continue with a
:class:`~crew.table.spec.SessionError` naming the field, instead of a crash or a hand shown to
the wrong person.
"""

from __future__ import annotations

from typing import Any

from crew.engine import (
    CardError,
    Direction,
    GameState,
    distress_card_illegal,
    distress_possible,
    may_communicate,
    parse_card,
)
from crew.engine.cards import card_str
from crew.i18n import _, error_text, file_seat, reason_text
from crew.records import TableNotes, Violation

from .protocol import TableState
from .spec import SessionError

__all__ = ["check_computers", "table_from_notes", "table_notes", "unresumable"]


def _bad(field: str, why: str) -> SessionError:
    return SessionError(
        _("the saved game's table notes do not fit the game: {field}: {why}").format(
            field=field, why=why
        )
    )


def _no_seat(seat: int, seats: int) -> str:
    return _("seat {seat} does not exist (seats 0-{last})").format(seat=seat, last=seats - 1)


def unresumable(violation: Violation, tonoja: bool) -> SessionError:
    """A saved game whose actions break the rules cannot be continued: which action (counted
    from 1), and why."""
    why = (
        reason_text(violation.illegal, file_seat(tonoja))
        if violation.illegal is not None
        else _(violation.message)
    )
    return SessionError(
        _("the saved game cannot be continued: action {n} is not allowed ({why})").format(
            n=violation.action + 1, why=why
        )
    )


def check_computers(computers: list[int], players: int) -> frozenset[int]:
    """The computer seats of a save: seats of crew members, and at least one person's left."""
    for seat in computers:
        if not 0 <= seat < players:
            raise _bad("computers", _no_seat(seat, players))
    if len(set(computers)) >= players:
        raise _bad("computers", _("every seat is a computer's; at least one is a person's"))
    return frozenset(computers)


def table_from_notes(
    notes: TableNotes | None, state: GameState, computers: frozenset[int], *, draw_seen: bool
) -> TableState:
    """The table's state as the save left it, every note checked against ``state``."""
    if notes is None:
        return TableState(draw_seen=draw_seen)
    seats = state.setup.seats
    players = state.setup.players
    tonoja = state.setup.tonoja
    direction = notes.distress_direction
    cards: list[tuple[int, int]] = []
    if direction is not None or notes.distress_cards:
        if direction is None:
            raise _bad("distress_cards", _("cards are chosen only while a signal is being sent"))
        if notes.distress_decided or not distress_possible(state):
            raise _bad("distress_direction", _("the distress signal cannot be sent at this moment"))
        for seat, text in notes.distress_cards.items():
            if not 0 <= seat < players:
                raise _bad("distress_cards", _no_seat(seat, players))
            try:
                card = parse_card(text)
            except CardError as exc:
                raise _bad(f"distress_cards[{seat}]", error_text(exc)) from None
            bad = distress_card_illegal(state, seat, card)
            if bad is not None:
                raise _bad(f"distress_cards[{seat}]", reason_text(bad, file_seat(tonoja)))
            cards.append((seat, card))
    if notes.signal_card is not None:
        # written by older versions (the position was asked after the card); not used now
        try:
            parse_card(notes.signal_card)
        except CardError as exc:
            raise _bad("signal_card", error_text(exc)) from None
    signaller = notes.signaller
    if signaller is not None:
        if not 0 <= signaller < seats:
            raise _bad("signaller", _no_seat(signaller, seats))
        if signaller in computers:
            raise _bad(
                "signaller",
                _("seat {seat} is a computer's: it signals on its own").format(seat=signaller),
            )
        if state.trick_cards:
            raise _bad("signaller", _("a signal is chosen only before a trick's lead"))
        bad = may_communicate(state, signaller)
        if bad is not None:
            raise _bad("signaller", reason_text(bad, file_seat(tonoja)))
    return TableState(
        draw_seen=draw_seen,
        distress_decided=notes.distress_decided,
        distress_direction=Direction(direction) if direction is not None else None,
        distress_cards=tuple(sorted(cards)),
        signaller=signaller,
        window_closed=notes.window_closed,
    )


def table_notes(table: TableState) -> dict[str, Any]:
    """The fields of ``TableNotes`` that hold the table's state (the rest is the session's)."""
    return {
        "distress_decided": table.distress_decided,
        "distress_direction": table.distress_direction,
        "distress_cards": {seat: card_str(c) for seat, c in table.distress_cards},
        "signaller": table.signaller,
        "window_closed": table.window_closed,
    }
