"""Seeded chance. Every game owns one :class:`GameRandom`; nothing uses module-global ``random``."""

from __future__ import annotations

import random
import secrets


class GameRandom:
    """The only source of chance of one game (or match): a seed reproduces it.

    >>> GameRandom(7).shuffled(range(5)) == GameRandom(7).shuffled(range(5))
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed: int = secrets.randbits(63) if seed is None else int(seed)
        self._rng = random.Random(self.seed)

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
        """A random integer in ``range(n)``."""
        return self._rng.randrange(n)

    def getrandbits(self, k: int) -> int:
        """``k`` random bits (for a game that draws its own way, e.g. a shuffle made of few calls)."""
        return self._rng.getrandbits(k)

    def fork(self) -> GameRandom:
        """A new generator seeded from this one (for per-hand chance inside a match)."""
        return GameRandom(self._rng.getrandbits(63))
