"""Upper bounds of the roem the tricks still to play can hold (for the solver's search).

A trick holds at most one roem: a sequence of three or four adjacent cards
of a suit, or four equal cards (:func:`troef.games.klaverjas.roem.trick_roem_of`).
"""

from __future__ import annotations

from typing import Final

_ALL_FOURS: Final = 0x01010101
#: ``ALL3[byte]`` / ``ALL4[byte]``: the start ranks r with ranks r..r+2 (r..r+3) all in ``byte``.
ALL3: Final = tuple(sum(1 << r for r in range(6) if (b >> r) & 7 == 7) for b in range(256))
ALL4: Final = tuple(sum(1 << r for r in range(5) if (b >> r) & 15 == 15) for b in range(256))
#: ``ONE3[byte]`` / ``ONE4[byte]``: the start ranks r with at most one of ranks r..r+2 (r..r+3) in ``byte``.
ONE3: Final = tuple(sum(1 << r for r in range(6) if ((b >> r) & 7).bit_count() <= 1) for b in range(256))
ONE4: Final = tuple(sum(1 << r for r in range(5) if ((b >> r) & 15).bit_count() <= 1) for b in range(256))


def cards_roem_bound(rest: int, sequences: tuple[int, ...], fours: tuple[int, ...], left: int) -> int:
    """The most roem all ``left`` tricks of the cards ``rest`` can hold together.

    The sequences of a suit come from disjoint runs of three or four adjacent
    cards (one trick, four cards), so each suit's best split is summed, the
    fours whose four cards are all left added, and the total capped by the
    best trick roem per trick left.
    """
    split = [0] * 9  # the best roem of a block of n adjacent cards split into runs of 3 and 4
    for n in range(3, 9):
        split[n] = max(split[n - 1], split[n - 3] + sequences[3], split[n - 4] + sequences[4] if n >= 4 else 0)
    total = 0
    single = 0
    for suit in range(4):
        byte = (rest >> (8 * suit)) & 0xFF
        run = 0
        for r in range(9):
            if r < 8 and byte >> r & 1:
                run += 1
            else:
                total += split[run]
                if run >= 3 and sequences[min(run, 4)] > single:
                    single = sequences[min(run, 4)]
                run = 0
    for rank in range(8):
        if (rest >> rank) & _ALL_FOURS == _ALL_FOURS:
            total += fours[rank]
            if fours[rank] > single:
                single = fours[rank]
    return min(total, single * left)


def hands_roem_bound(
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    sequences: tuple[int, ...],
    fours: tuple[int, ...],
    left: int,
    splits: dict[int, int],
) -> int:
    """The most roem the ``left`` tricks of the hands ``h0``-``h3`` can hold (a trick boundary).

    Sharper than :func:`cards_roem_bound`: a trick takes one card from each
    hand, so a sequence needs its three or four adjacent cards in as many
    different hands, and a four needs its rank once in every hand. Each
    suit's best set of disjoint such runs is summed (``splits`` memoises
    :func:`run_split`), the possible fours added, and the total capped by the
    best trick roem per trick left.
    """
    rest = h0 | h1 | h2 | h3
    total = 0
    single = 0
    for suit in range(4):
        shift = 8 * suit
        b0 = (h0 >> shift) & 0xFF
        b1 = (h1 >> shift) & 0xFF
        b2 = (h2 >> shift) & 0xFF
        b3 = (h3 >> shift) & 0xFF
        all_byte = b0 | b1 | b2 | b3
        three = ALL3[all_byte] & ONE3[b0] & ONE3[b1] & ONE3[b2] & ONE3[b3]
        if not three:
            continue
        four = ALL4[all_byte] & ONE4[b0] & ONE4[b1] & ONE4[b2] & ONE4[b3]
        total += run_split(three, four, sequences[3], sequences[4], splits)
        best = sequences[4] if four else sequences[3]
        if best > single:
            single = best
    for rank in range(8):
        if fours[rank] and (rest >> rank) & _ALL_FOURS == _ALL_FOURS:
            # every hand holds one card of the rank: a trick can take all four
            if all(((hand >> rank) & _ALL_FOURS).bit_count() == 1 for hand in (h0, h1, h2, h3)):
                total += fours[rank]
                if fours[rank] > single:
                    single = fours[rank]
    return min(total, single * left)


def run_split(three: int, four: int, seq3: int, seq4: int, splits: dict[int, int]) -> int:
    """The most roem of disjoint runs in one suit: ``three`` / ``four`` hold the start ranks of possible runs.

    ``seq3`` / ``seq4``: the roem of a sequence of three, of four; ``splits`` memoises the answers.
    """
    index = three | four << 6
    found = splits.get(index)
    if found is not None:
        return found
    best = [0] * 9  # best[n]: the most roem of runs within ranks 0..n-1
    for n in range(1, 9):
        value = best[n - 1]
        if n >= 3 and three >> (n - 3) & 1 and best[n - 3] + seq3 > value:
            value = best[n - 3] + seq3
        if n >= 4 and four >> (n - 4) & 1 and best[n - 4] + seq4 > value:
            value = best[n - 4] + seq4
        best[n] = value
    splits[index] = best[8]
    return best[8]
