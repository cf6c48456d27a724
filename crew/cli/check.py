"""``crew check trick|legal|signal``: rules questions answered by the engine."""

from __future__ import annotations

import argparse

from ..engine.cards import COLOR_NAMES, SUB, card_str, cards_in, mask_of, suit_of
from ..engine.enums import Position
from ..engine.reasons import Illegal, Reason, plain
from ..engine.signals import POSITION_CLAIMS, signal_position_ok, true_positions
from ..engine.tricks import follow_mask, trick_winner, winner_reason_parts
from ..i18n import N_, _, fill, reason_text
from .common import ANSWERED, NOT_ALLOWED, CliError, card_text, console, emit_json, parse_card_list


def trick(args: argparse.Namespace) -> int:
    """Who wins a trick: the first card leads, the order given is the play order."""
    cards = parse_card_list(args.cards, N_("the trick"))
    if not 2 <= len(cards) <= 5:
        raise CliError(
            _("the trick: a trick has 2 to 5 cards (one per seat), got {n}: {cards}").format(
                n=len(cards), cards=" ".join(card_str(c) for c in cards)
            )
        )
    pos = trick_winner(cards)
    template, values = winner_reason_parts(cards)
    reason = template.format(**dict(values))
    if args.json:
        emit_json({"winner": {"position": pos, "card": card_str(cards[pos])}, "reason": reason})
        return ANSWERED
    from rich.text import Text

    line = Text()
    for i, c in enumerate(cards):
        if i:
            line.append("  ")
        line.append(f"{i + 1}:")
        line.append_text(card_text(c, bold=i == pos))
    out = console()
    out.print(line)
    # people count the cards of a trick from 1 (the lead is card 1); --json counts from 0
    card, n = card_str(cards[pos]), pos + 1
    if pos == 0:
        out.print(_("Winner: {card}, card {n} played (the lead)").format(card=card, n=n))
    else:
        out.print(_("Winner: {card}, card {n} played").format(card=card, n=n))
    out.print(_("Why: {reason}").format(reason=fill(template, {}, values)))
    return ANSWERED


def _hand(text: str) -> list[int]:
    """The cards of ``--hand``: one to 14 of them."""
    hand_cards = parse_card_list(text, N_("--hand"))
    if not hand_cards:
        raise CliError(_('--hand: give at least one card, e.g. --hand "P3 P7 B2 S4"'))
    if len(hand_cards) > 14:
        raise CliError(_("--hand: a hand has at most 14 cards, got {n}").format(n=len(hand_cards)))
    return hand_cards


def legal(args: argparse.Namespace) -> int:
    """Which cards of a hand may be played onto a trick (all of them when leading)."""
    hand_cards = _hand(args.hand)
    trick_cards = parse_card_list(args.trick or "", N_("--trick"))
    if len(trick_cards) > 4:
        raise CliError(
            _("--trick: a trick under way has at most 4 cards before yours, got {n}").format(
                n=len(trick_cards)
            )
        )
    both = [c for c in trick_cards if c in hand_cards]
    if both:
        raise CliError(
            _("--trick: {cards} cannot be both in the trick and in the hand").format(
                cards=", ".join(card_str(c) for c in both)
            )
        )
    hand = mask_of(hand_cards)
    allowed = follow_mask(hand, suit_of(trick_cards[0])) if trick_cards else hand
    legal_cards = [card_str(c) for c in cards_in(allowed)]
    if args.json:
        emit_json({"legal": legal_cards})
        return ANSWERED
    out = console()
    if not trick_cards:
        out.print(_("Leading: every card may be played."))
    else:
        led = trick_cards[0]
        suit = _("submarines") if suit_of(led) == SUB else _(COLOR_NAMES[suit_of(led)])
        if any(suit_of(c) == suit_of(led) for c in hand_cards):
            said = _("{card} was led and the hand holds {suit}: follow suit.")
        else:
            said = _("{card} was led and the hand holds no {suit}: any card goes.")
        out.print(said.format(card=card_str(led), suit=suit))
    from rich.text import Text

    line = Text(_("Legal: "))
    for i, c in enumerate(cards_in(allowed)):
        if i:
            line.append(" ")
        line.append_text(card_text(c))
    out.print(line)
    return ANSWERED


def signal(args: argparse.Namespace) -> int:
    """Whether a card may be communicated, and with which token position."""
    hand_cards = _hand(args.hand)
    shown = parse_card_list(args.card, N_("the card"))
    if len(shown) != 1:
        raise CliError(
            _("the card: give exactly one card to communicate, got {n}").format(n=len(shown))
        )
    card = shown[0]
    if card not in hand_cards:
        raise CliError(
            _(
                "the card: {card} is not in the hand ({hand}); only a card of your own hand can"
                " be communicated"
            ).format(card=card_str(card), hand=" ".join(args.hand.split()))
        )
    hand = mask_of(hand_cards)
    if args.position is not None:
        bad = signal_position_ok(hand, card, args.position)
        position = None if bad is not None else args.position
    else:
        ok = true_positions(hand, card)
        position = ok[0] if ok else None
        # the engine's explanation of why no position is true (the claim tried is irrelevant)
        bad = None if ok else signal_position_ok(hand, card, "top")
    colour = COLOR_NAMES[suit_of(card)]
    why: Illegal
    if bad is not None:
        why = bad
        if args.position is None and bad.code == Reason.SIGNAL_NOT_TRUE:
            why = plain(
                bad.code,
                "{card} cannot be communicated in any position: it is neither the highest, the"
                " lowest nor the only {colour} card in the hand",
                card=card_str(card),
                colour=colour,
            )
    else:
        assert position is not None
        n = sum(1 for c in hand_cards if suit_of(c) == suit_of(card))
        if position == Position.MIDDLE:
            why = plain(
                Reason.SIGNAL_NOT_TRUE,  # not shown: only the sentence is
                "{card} is the only {colour} card in the hand: token in the middle",
                card=card_str(card),
                colour=colour,
            )
        else:
            why = plain(
                Reason.SIGNAL_NOT_TRUE,
                "{card} is the {claim} of the {n} {colour} cards in the hand: token at the"
                " {position}",
                card=card_str(card),
                claim=POSITION_CLAIMS[position],
                n=n,
                colour=colour,
                position=position,
            )
    if args.json:
        emit_json({"allowed": bad is None, "position": position, "reason": why.message})
    else:
        out = console()
        if bad is None:
            said = _("Allowed: {card} with the token at the {position}.")
        else:
            said = _("Not allowed: {card} cannot be communicated that way.")
        out.print(said.format(card=card_str(card), position=_(position or "")))
        out.print(_("Why: {reason}").format(reason=reason_text(why, str)))
    return ANSWERED if bad is None else NOT_ALLOWED
