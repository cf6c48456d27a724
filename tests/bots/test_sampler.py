"""The computers' sampled deals: every placement of the unseen cards that fits what a seat has
seen, each with the same chance (``crew.bots.sampler.Placements``)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from crew.bots.sampler import Knowledge, Placements, sample_hands


def _knowledge(cards: list[int], need: dict[int, int], allowed: dict[int, int]) -> Knowledge:
    hidden = sum(1 << c for c in cards)
    return Knowledge(
        seat=0,
        tricks=(),
        hidden=hidden,
        need=need,
        allowed={s: allowed[s] & hidden for s in need},
        fixed={s: 0 for s in need},
        either=(),
    )


def _all_placements(k: Knowledge) -> list[tuple[int, ...]]:
    """Every placement by brute force: a hand (mask) per slot in slot order."""
    slots = sorted(k.need)
    cards = [c for c in range(64) if k.hidden >> c & 1]
    out: list[tuple[int, ...]] = []

    def go(i: int, left: list[int], hands: list[int]) -> None:
        if i == len(slots):
            if not left:
                out.append(tuple(hands))
            return
        s = slots[i]
        for pick in combinations(left, k.need[s]):
            if all(k.allowed[s] >> c & 1 for c in pick):
                rest = [c for c in left if c not in pick]
                go(i + 1, rest, [*hands, sum(1 << c for c in pick)])

    go(0, cards, [])
    return out


#: seat 1 void in the first colour (cards 0-5), seat 2 in the second (10-12), seat 3 free
CARDS = [0, 1, 2, 3, 4, 5, 10, 11, 12]
VOIDS = _knowledge(
    CARDS,
    {1: 3, 2: 3, 3: 3},
    {1: ~0b111, 2: ~(0b111 << 10), 3: ~0},
)


def test_the_placements_are_counted_as_brute_force_finds_them() -> None:
    assert Placements(VOIDS).total == len(_all_placements(VOIDS)) == 147


def test_each_placement_is_drawn_as_often_as_any_other() -> None:
    everything = _all_placements(VOIDS)
    placements = Placements(VOIDS)
    rng = random.Random(7)
    draws = 29_400  # 200 a placement
    seen = Counter(
        tuple(h[s] for s in sorted(VOIDS.need))
        for h in (placements.draw(rng) for _ in range(draws))
    )
    assert set(seen) == set(everything)
    # the chance that seat 1 holds card 3 is 55 of 147 placements (0.374): a card at a time,
    # the most constrained first, drew it 0.40-0.41 of the time
    holds = sum(n for hands, n in seen.items() if hands[0] >> 3 & 1) / draws
    exact = sum(1 for hands in everything if hands[0] >> 3 & 1) / len(everything)
    assert abs(exact - 55 / 147) < 1e-9
    assert abs(holds - exact) < 0.012
    # no placement far from its share (200 expected; a binomial's spread is about 14)
    assert max(seen.values()) < 270 and min(seen.values()) > 130


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 7), min_size=8, max_size=8),
    st.lists(st.integers(1, 4), min_size=3, max_size=3),
    st.integers(0, 10_000),
)
def test_every_draw_fits_and_the_count_is_exact(
    where: list[int], sizes: list[int], seed: int
) -> None:
    """Random constraints on eight cards (card i may go to the slots of the bit set
    ``where[i]``, at least one), three slots of random sizes, cut to eight cards in all."""
    cards = list(range(8))
    total = sum(sizes)
    if total != len(cards):
        sizes = [len(cards) // 3, len(cards) // 3, len(cards) - 2 * (len(cards) // 3)]
    need = {1: sizes[0], 2: sizes[1], 3: sizes[2]}
    allowed = {s: 0 for s in need}
    for c, bits in zip(cards, where, strict=True):
        bits = bits or 0b111
        for j, s in enumerate(sorted(need)):
            if bits >> j & 1:
                allowed[s] |= 1 << c
    k = _knowledge(cards, need, allowed)
    placements = Placements(k)
    assert placements.total == len(_all_placements(k))
    if placements.total:
        rng = random.Random(seed)
        for _ in range(5):
            hands = placements.draw(rng)
            assert sum(hands.values()) == k.hidden
            for s, n in need.items():
                assert hands[s].bit_count() == n
                assert hands[s] & ~k.allowed[s] == 0
            assert sample_hands(k, rng, placements=placements) is not None
