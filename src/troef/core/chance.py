"""Seeded chance. Every game owns one :class:`GameRandom`; nothing uses module-global ``random``."""

from __future__ import annotations

import random
import secrets
from _random import Random as _CoreRandom
from typing import Any, Final

# For randbelow: the class whose draws it copies, and the C method it draws with (called unbound, as an
# attribute lookup on the chooser per draw cost as much as the draw)
_RANDOM: Final = random.Random
_GETRANDBITS: Final = _CoreRandom.getrandbits


class GameRandom:
    """The only source of chance of one game (or match): a seed reproduces it.

    Its numbers are those of ``random.Random(seed)``, draw for draw (the tests
    compare them); it holds the generator's C core, which the standard class
    wraps: seeding that directly skips two interpreted frames, which showed in
    ``troef bench engine``, where every deal seeds a generator.

    >>> GameRandom(7).shuffled(range(5)) == GameRandom(7).shuffled(range(5))
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed: int = secrets.randbits(63) if seed is None else int(seed)
        self._rng = _CoreRandom(self.seed)

    def shuffled(self, items: range | list[int]) -> list[int]:
        """A new list with the items in random order.

        Draw for draw what ``random.Random.shuffle`` does with the same
        generator (Fisher-Yates from the top, each index drawn with
        ``getrandbits`` and rejection, as its ``_randbelow``), so every seed
        deals what it always dealt. Written out because the library's shuffle
        is interpreted Python, while this module is compiled: it was a fifth of
        dealing a Bonaken hand.
        """
        out = list(items)
        getrandbits = self._rng.getrandbits
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            out[i], out[j] = out[j], out[i]
        return out

    def randrange(self, n: int) -> int:
        """A random integer in ``range(n)``: ``random.Random.randrange(n)``'s draws (``ValueError`` unless n > 0)."""
        if n <= 0:
            raise ValueError(f"empty range for randrange({n})")
        getrandbits = self._rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def getrandbits(self, k: int) -> int:
        """``k`` random bits (for a game that draws its own way, e.g. a shuffle made of few calls)."""
        return self._rng.getrandbits(k)

    def fork(self) -> GameRandom:
        """A new generator seeded from this one (for per-hand chance inside a match)."""
        return GameRandom(self._rng.getrandbits(63))

    def __reduce__(self) -> tuple[Any, ...]:
        # copy, deepcopy and pickle (the C core alone cannot be pickled): the seed and where the generator is
        return (_restored, (self.seed, self._rng.getstate()))


def _restored(seed: int, state: tuple[int, ...]) -> GameRandom:
    """A :class:`GameRandom` of ``seed`` at generator state ``state`` (for :meth:`GameRandom.__reduce__`)."""
    out = GameRandom(seed)
    out._rng.setstate(state)
    return out


def randbelow(chooser: random.Random, n: int) -> int:
    """``chooser.randrange(n)`` for ``n > 0``, draw for draw, without its two interpreted frames.

    A plain ``random.Random`` draws ``randrange(n)`` as ``getrandbits`` of
    ``n``'s bit length until the value is below ``n`` (its ``_randbelow``);
    this does the same from compiled code. Any other generator (a subclass may
    draw differently) is asked itself.

    >>> a, b = random.Random(3), random.Random(3)
    >>> [randbelow(a, n) for n in (1, 2, 7, 32, 1000)] == [b.randrange(n) for n in (1, 2, 7, 32, 1000)]
    True
    """
    if type(chooser) is not _RANDOM or n <= 0:
        return chooser.randrange(n)
    k = n.bit_length()
    r: int = _GETRANDBITS(chooser, k)
    while r >= n:
        r = _GETRANDBITS(chooser, k)
    return r
