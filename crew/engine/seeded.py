"""Seeded randomness: the same seed gives the same deal, terrain and tasks on any machine."""

from __future__ import annotations

import random

__all__ = ["below", "make_rng", "shuffle"]


def make_rng(seed: int | str) -> random.Random:
    """The random source of a seed: the same seed gives the same deal and draw in every version."""
    return random.Random(f"crew-deep-sea:{seed}")


def below(rng: random.Random, n: int) -> int:
    """A uniform int in [0, n) from raw bits only (stable across Python versions)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Fisher-Yates shuffle in place, built on :func:`_below` so it never changes."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
