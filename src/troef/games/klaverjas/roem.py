"""Roem: the bonus of card combinations (common klaverjas rules; Kraken 3.2 with table 2.3).

A *sequence* is three or more cards of one suit in the order A K Q J 10 9 8 7
(the natural order of :mod:`troef.cards`, so a run of adjacent bits); a *four*
is four cards of one rank that the rules value (:attr:`Rules.fours`); *stuk*
is the king and queen of trumps held by one player. Roem falls in a trick
(:func:`trick_roem`: four cards of four players, so never stuk) or, in Kraken,
is declared from the hand (:func:`hand_roem_options`: every total a hand can
show, each card in one combination only, stuk aside).

>>> from troef.cards import CardSet
>>> from troef.games.klaverjas.rules import preset
>>> kraken = preset("kraken")
>>> trick_roem(CardSet.parse("9h 10h Jh 7c").mask, kraken)
20
>>> sorted(hand_roem_options(CardSet.parse("9h 10h Jh Jd Jc Js 7c 8c").mask, 0, kraken))  # 20 or 200, never 220
[0, 20, 200]
"""

from __future__ import annotations

from typing import Final

from troef.games.klaverjas.rules import Rules


def _runs(byte: int) -> tuple[tuple[int, int, int], ...]:
    """Every run of three or more adjacent ranks in a suit byte, as (run byte, length, top rank)."""
    out = []
    for start in range(8):
        length = 0
        while start + length < 8 and byte >> (start + length) & 1:
            length += 1
            if length >= 3:
                out.append((((1 << length) - 1) << start, length, start + length - 1))
    return tuple(out)


_RUNS: Final = tuple(_runs(b) for b in range(256))
#: The longest run in a suit byte.
_LONGEST: Final = tuple(max((length for _, length, _ in _RUNS[b]), default=0) for b in range(256))


def sequence_value(length: int, rules: Rules) -> int:
    """Value of a sequence of ``length`` cards (five or more: ``seq5``, or the best shorter run in it)."""
    if length < 3:
        return 0
    if length == 3:
        return rules.seq3
    if length == 4 or not rules.seq5:
        return rules.seq4
    return rules.seq5


def trick_roem(mask: int, rules: Rules) -> int:
    """Roem of the four cards of one trick: a sequence or four equal cards (they exclude each other)."""
    return trick_roem_of(mask, sequence_values(rules), rules.fours)


def sequence_values(rules: Rules) -> tuple[int, ...]:
    """The value of a sequence by its length 0 to 8 (see :func:`sequence_value`)."""
    return tuple(sequence_value(n, rules) for n in range(9))


def trick_roem_of(mask: int, sequences: tuple[int, ...], fours: tuple[int, ...]) -> int:
    """:func:`trick_roem` with the rules' tables at hand (the engine calls it once per trick)."""
    low = (mask & -mask).bit_length() - 1
    if mask >> low == 0x01010101:
        return fours[low]  # four equal cards (the lowest is a heart, so ``low`` is the rank)
    best = 0
    for suit in range(4):
        value = sequences[_LONGEST[(mask >> (8 * suit)) & 0xFF]]
        if value > best:
            best = value
    return best


def stuk_mask(trump: int) -> int:
    """The king and queen of trumps."""
    return (1 << (8 * trump + 6)) | (1 << (8 * trump + 5))


def _hand_combos(mask: int, rules: Rules) -> list[tuple[int, int, int]]:
    """The sequences and fours in ``mask`` as (cards, value, top rank)."""
    combos: list[tuple[int, int, int]] = []
    for suit in range(4):
        byte = (mask >> (8 * suit)) & 0xFF
        if _LONGEST[byte] >= 3:
            for run, length, top in _RUNS[byte]:
                combos.append((run << (8 * suit), sequence_value(length, rules), top))
    # four equal cards need a card of every suit: the ranks held in all four suits
    common = mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF
    if common:
        fours = rules.fours
        for rank in range(8):
            if common >> rank & 1 and fours[rank]:
                combos.append((0x01010101 << rank, fours[rank], rank))
    return combos


def hand_roem_options(mask: int, trump: int, rules: Rules) -> dict[int, int]:
    """Every roem total ``mask`` can show, mapped to the highest rank in it (for the tie-break).

    Each card counts in one combination only; stuk counts besides them
    (Kraken 3.2, table 2.3). Zero is always an option. Totals that need stuk
    are included; with ``trump = -1`` there is no stuk.
    """
    combos = _hand_combos(mask, rules)
    options: dict[int, int] = {0: -1}

    def walk(i: int, used: int, total: int, high: int) -> None:
        if options.get(total, -2) < high:
            options[total] = high
        for j in range(i, len(combos)):
            cmask, value, top = combos[j]
            if not cmask & used:
                walk(j + 1, used | cmask, total + value, max(high, top))

    if combos:
        walk(0, 0, 0, -1)
    if trump >= 0 and rules.stuk and mask & stuk_mask(trump) == stuk_mask(trump):
        for total, high in list(options.items()):
            if options.get(total + rules.stuk, -2) < max(high, 6):
                options[total + rules.stuk] = max(high, 6)
    return options


def best_hand_roem(mask: int, trump: int, rules: Rules) -> tuple[int, int]:
    """The most roem ``mask`` can show without stuk, and with stuk (equal when it holds no stuk)."""
    combos = _hand_combos(mask, rules)
    if len(combos) <= 1:
        plain = combos[0][1] if combos else 0
    else:
        plain = max(hand_roem_options(mask, -1, rules))
    if trump >= 0 and rules.stuk and mask & stuk_mask(trump) == stuk_mask(trump):
        return plain, plain + rules.stuk
    return plain, plain


def judge_hand_roem(
    declared: tuple[int, ...] | list[int], tops: tuple[int, ...] | list[int], plays: int
) -> tuple[tuple[int, int], tuple[bool, bool]]:
    """Afkeuren (Kraken 3.2 "as in Bonaken", table 2.3's contest): each side's hand roem counted, and cancelled.

    ``declared``: each seat's declaration (-1 or 0: none); ``tops``: the
    highest rank in it; ``plays``: the side that goes (the playing side after
    the kraak chain), or -1 where a full tie cancels neither side's (the
    switch ``hand_roem_tie="both"``). Each side's best is its highest single declaration, by
    value and then by its highest card; the side whose best is lower loses all
    its hand roem. At a full tie the side that goes wins (section 2.3 gives
    a full tie to the player who goes), so the other side's is cancelled.

    >>> judge_hand_roem((20, 20, -1, -1), (5, 5, -1, -1), plays=1)
    ((0, 20), (True, False))
    >>> judge_hand_roem((20, 20, -1, -1), (5, 5, -1, -1), plays=-1)
    ((20, 20), (False, False))
    """
    best = [(-1, -1), (-1, -1)]
    for seat in range(4):
        if declared[seat] > 0 and (declared[seat], tops[seat]) > best[seat & 1]:
            best[seat & 1] = (declared[seat], tops[seat])
    counted = [0, 0]
    cancelled = [False, False]
    for side in (0, 1):
        total = sum(declared[s] for s in (side, side + 2) if declared[s] > 0)
        if not total:
            continue
        other = best[side ^ 1]
        if other > best[side] or (other == best[side] and 0 <= plays != side):
            cancelled[side] = True
        else:
            counted[side] = total
    return (counted[0], counted[1]), (cancelled[0], cancelled[1])
