"""The seeded restarts' shuffle: the very order ``random.Random.shuffle`` gives.

The trick search shuffles a seeded restart's choices with its own compiled shuffle
(``crew.solver.tricks._shuffle``). Searches, and so the computers' decisions, replay the same
from a seed only if it draws what the library's shuffle draws and puts the cards where it does.
"""

from __future__ import annotations

import random

from crew.solver.tricks import _shuffle


def test_shuffle_matches_the_library_for_every_length_and_many_seeds() -> None:
    for seed in range(300):
        for n in range(14):
            cards = list(range(3, 3 + 2 * n, 2))
            ours, theirs = random.Random(seed), random.Random(seed)
            mine = list(cards)
            _shuffle(ours, mine)
            lib = list(cards)
            theirs.shuffle(lib)
            assert mine == lib, (seed, n)
            # the same draws taken: both generators go on alike
            assert ours.random() == theirs.random(), (seed, n)


def test_shuffle_moves_cards_and_keeps_them() -> None:
    cards = list(range(10))
    moved = 0
    for seed in range(50):
        got = list(cards)
        _shuffle(random.Random(seed), got)
        assert sorted(got) == cards
        moved += got != cards
    assert moved >= 45  # ten cards left in place by a fair shuffle: 1 in 3,628,800
