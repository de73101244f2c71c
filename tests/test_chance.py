"""GameRandom: the one source of chance, and its shuffle equal to the standard library's."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from troef.core.chance import GameRandom, randbelow


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


def test_game_random_draws_what_random_random_draws() -> None:
    # GameRandom holds the generator's C core: seeding, randrange, getrandbits and fork must stay the standard
    # class's, or every seeded deal and record would change
    for seed in (0, 1, 7, 2026, -5, 2**62 + 3):
        ours, theirs = GameRandom(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 31, 32, 1000, 10**30):
            assert ours.randrange(n) == theirs.randrange(n)
        assert ours.getrandbits(60) == theirs.getrandbits(60)
        assert ours.fork().randrange(10**9) == random.Random(theirs.getrandbits(63)).randrange(10**9)


def test_game_random_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="empty range"):
        GameRandom(1).randrange(0)


def test_randbelow_is_randrange_draw_for_draw() -> None:
    ours, theirs = random.Random(11), random.Random(11)
    sizes = [1, 1, 2, 5, 8, 9, 16, 17, 33, 100, 2**40 + 1] * 50
    assert [randbelow(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.random() == theirs.random()  # and both generators are left in the same place


def test_randbelow_asks_any_other_generator_itself() -> None:
    class Fixed(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 3

    assert randbelow(Fixed(1), 10) == 3
    with pytest.raises(ValueError):
        randbelow(random.Random(1), 0)


def test_game_random_copies_and_pickles_where_it_is() -> None:
    rng = GameRandom(42)
    rng.randrange(1000)
    copies = [copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))]
    expected = [rng.randrange(10**6) for _ in range(5)]
    for other in copies:
        assert other is not rng and other.seed == 42
        assert [other.randrange(10**6) for _ in range(5)] == expected
