"""The most tricks a seat may win, narrowed to what whole count vectors allow
(:func:`crew.solver.cuts.vector._narrow`): where that lets a check call a position lost the
plain search finds no win, and a logbook deal it decides."""

from __future__ import annotations

import random

import pytest
from gen import fits, laid_out_lost_only_by, lost_only_by, proved_lost, random_ending

from crew.engine.setup import new_attempt
from crew.solver.cuts import vector


def test_one_trick_for_fewer_than_every_other_player_and_every_colour_is_lost_at_once() -> None:
    # mission 13, seed v59-4-12 (undecided at 4,000,000 positions without the narrowing): one
    # member gets 38 (a card of each colour) and 63 (fewer tricks than every other player). Of
    # ten tricks it may win one, as 1 + 2 + 2 + 2 <= 10 but 2 + 3 + 3 + 3 > 10, so that trick
    # holds a card of each colour and its leader wins it; no hand is void before the first
    # trick, so only its leader could, and then it has won a trick too many
    proved_lost(4, 13, "v59-4-12", (38, 63))


def test_the_captain_may_not_lead_the_trick_of_every_colour_after_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the tasks laid out at the start of the tricks, for a member that does not lead: lost at
    # once with the narrowing, not without it (the cap of 63 alone is ten tricks)
    state = new_attempt(4, 13, seed="v59-4-12")
    owner = (state.setup.captain + 1) % 4
    off = (vector, "_narrow", fits)  # every seat keeps the bounds its tasks gave it
    assert laid_out_lost_only_by(monkeypatch, state, (owner, owner), off) == (True, True)


#: Tasks judged on the final trick counts (exactly one or two tricks, against the captain,
#: against every other player, a majority), and tasks naming cards or colours to capture.
COUNTED = (51, 52, 59, 60, 61, 62, 63, 64)
TAKING = (2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 15, 17, 18, 38, 90)


def test_the_narrowing_agrees_with_the_plain_search_on_random_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,400 random endings of three tricks with one or two tasks judged on the final counts
    and one or two naming cards to capture: where the cuts call the position lost the plain search
    finds no win either, and the narrowing is what makes them fire in some of them."""
    rng = random.Random(5058)
    fired = only_by_narrowing = 0
    for n in range(2400):
        players = rng.choice((3, 4))
        tasks = [
            *rng.sample(COUNTED, rng.choice((1, 2))),
            *rng.sample(TAKING, rng.choice((1, 2))),
        ]
        owner = rng.randrange(players)
        owners = [owner if rng.random() < 0.7 else rng.randrange(players) for _ in tasks]
        state = random_ending(rng, players, tasks, owners, f"narrow-{n}")
        if state is not None:
            lost, only = lost_only_by(monkeypatch, state, [(vector, "_narrow", fits)])
            fired += lost
            only_by_narrowing += only
    assert fired >= 200 and only_by_narrowing >= 8, (fired, only_by_narrowing)
