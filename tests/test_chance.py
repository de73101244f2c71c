"""GameRandom: the one source of chance, and its shuffle equal to the standard library's."""

from __future__ import annotations

import random

from troef.core.chance import GameRandom


def test_shuffled_is_random_shuffle_draw_for_draw() -> None:
    # GameRandom.shuffled is written out for speed; every seed must still deal what random.shuffle dealt, and
    # leave the generator where random.shuffle left it (a match deals several hands from one generator)
    for seed in range(300):
        for size in (0, 1, 2, 3, 5, 17, 32, 48):
            ours = GameRandom(seed)
            theirs = random.Random(seed)
            expected = list(range(size))
            theirs.shuffle(expected)
            assert ours.shuffled(range(size)) == expected
            assert ours.randrange(1 << 30) == theirs.randrange(1 << 30)


def test_shuffled_keeps_the_items_and_copies_a_list() -> None:
    items = [9, 4, 7, 1, 30]
    out = GameRandom(5).shuffled(items)
    assert sorted(out) == sorted(items)
    assert items == [9, 4, 7, 1, 30]
    assert GameRandom(5).shuffled(items) == out
