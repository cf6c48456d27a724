"""``crew check trick|legal|signal``: rules questions answered by the engine."""

from __future__ import annotations

import argparse

from ..engine.cards import COLOR_NAMES, SUB, card_str, cards_in, mask_of, suit_of
from ..engine.reasons import Reason
from ..engine.signals import POSITION_CLAIMS, signal_position_ok, true_positions
from ..engine.tricks import follow_mask, trick_winner, winner_reason
from .common import ANSWERED, NOT_ALLOWED, CliError, card_text, console, emit_json, parse_card_list


def trick(args: argparse.Namespace) -> int:
    """Who wins a trick: the first card leads, the order given is the play order."""
    cards = parse_card_list(args.cards, "the trick")
    if not 2 <= len(cards) <= 5:
        raise CliError(
            f"the trick: a trick has 2 to 5 cards (one per seat), got {len(cards)}: "
            + " ".join(card_str(c) for c in cards)
        )
    pos = trick_winner(cards)
    reason = winner_reason(cards)
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
    which = " (the lead)" if pos == 0 else ""
    out.print(f"Winner: {card_str(cards[pos])}, card {pos + 1} played{which}")
    out.print(f"Why: {reason}")
    return ANSWERED


def legal(args: argparse.Namespace) -> int:
    """Which cards of a hand may be played onto a trick (all of them when leading)."""
    hand_cards = parse_card_list(args.hand, "--hand")
    if not hand_cards:
        raise CliError('--hand: give at least one card, e.g. --hand "P3 P7 B2 S4"')
    if len(hand_cards) > 14:
        raise CliError(f"--hand: a hand has at most 14 cards, got {len(hand_cards)}")
    trick_cards = parse_card_list(args.trick or "", "--trick")
    if len(trick_cards) > 4:
        raise CliError(
            f"--trick: a trick under way has at most 4 cards before yours, got {len(trick_cards)}"
        )
    both = [c for c in trick_cards if c in hand_cards]
    if both:
        raise CliError(
            f"--trick: {', '.join(card_str(c) for c in both)} cannot be both in the trick and "
            "in the hand"
        )
    hand = mask_of(hand_cards)
    allowed = follow_mask(hand, suit_of(trick_cards[0])) if trick_cards else hand
    legal_cards = [card_str(c) for c in cards_in(allowed)]
    if args.json:
        emit_json({"legal": legal_cards})
        return ANSWERED
    out = console()
    if not trick_cards:
        out.print("Leading: every card may be played.")
    else:
        led = trick_cards[0]
        suit = "submarines" if suit_of(led) == SUB else COLOR_NAMES[suit_of(led)]
        if any(suit_of(c) == suit_of(led) for c in hand_cards):
            out.print(f"{card_str(led)} was led and the hand holds {suit}: follow suit.")
        else:
            out.print(f"{card_str(led)} was led and the hand holds no {suit}: any card goes.")
    from rich.text import Text

    line = Text("Legal: ")
    for i, c in enumerate(cards_in(allowed)):
        if i:
            line.append(" ")
        line.append_text(card_text(c))
    out.print(line)
    return ANSWERED


def signal(args: argparse.Namespace) -> int:
    """Whether a card may be communicated, and with which token position."""
    hand_cards = parse_card_list(args.hand, "--hand")
    if not hand_cards:
        raise CliError('--hand: give at least one card, e.g. --hand "P3 P7 B2 S4"')
    if len(hand_cards) > 14:
        raise CliError(f"--hand: a hand has at most 14 cards, got {len(hand_cards)}")
    shown = parse_card_list(args.card, "the card")
    if len(shown) != 1:
        raise CliError(f"the card: give exactly one card to communicate, got {len(shown)}")
    card = shown[0]
    if card not in hand_cards:
        raise CliError(
            f"the card: {card_str(card)} is not in the hand ({' '.join(args.hand.split())}); "
            "only a card of your own hand can be communicated"
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
    if bad is not None:
        reason = bad.message
        if args.position is None and bad.code == Reason.SIGNAL_NOT_TRUE:
            reason = (
                f"{card_str(card)} cannot be communicated in any position: it is neither the "
                f"highest, the lowest nor the only {COLOR_NAMES[suit_of(card)]} card in the hand"
            )
    else:
        assert position is not None
        colour = COLOR_NAMES[suit_of(card)]
        n = sum(1 for c in hand_cards if suit_of(c) == suit_of(card))
        if position == "middle":
            reason = f"{card_str(card)} is the only {colour} card in the hand: token in the middle"
        else:
            reason = (
                f"{card_str(card)} is the {POSITION_CLAIMS[position]} of the {n} {colour} "
                f"cards in the hand: token at the {position}"
            )
    if args.json:
        emit_json({"allowed": bad is None, "position": position, "reason": reason})
    else:
        out = console()
        if bad is None:
            out.print(f"Allowed: {card_str(card)} with the token at the {position}.")
        else:
            out.print(f"Not allowed: {card_str(card)} cannot be communicated that way.")
        out.print(f"Why: {reason}")
    return ANSWERED if bad is None else NOT_ALLOWED
