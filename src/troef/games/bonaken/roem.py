"""Roem: the bonus of card combinations (nk rules 39-50, pagat "Roem und Stuk", hazerswoude 2.3).

A *combination* is a sequence of three or more cards of one suit in the order
A-K-Q-J-10-9-8-7 (nk rule 42), a set of four cards of one rank that the table
values, or stuk (king and queen of trumps). Which combinations may share cards
is the table's ``combine`` switch; :func:`roem_options` lists every total a
holder could declare (nk rule 49 lets him declare a lower value he also holds)
with the highest card involved, used for the tie-breaks of a roem contest.

>>> from troef.cards import CardSet
>>> from troef.games.bonaken.rules import preset
>>> pagat = preset("pagat").roem
>>> best_roem(CardSet.parse("Kh Qh Jh 10h").mask, 0, pagat)[0]  # K-Q-J-10 of trumps
70
>>> best_roem(CardSet.parse("Ah Ad Ac As Kh Qh").mask, 0, pagat)[0]  # four aces with stuk
140
"""

from __future__ import annotations

from typing import Final

from troef.cards import Rank
from troef.games.bonaken.rules import RoemTable

_SET_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.NINE)


def _set_value(rank: int, table: RoemTable) -> int:
    """Value of four cards of ``rank`` in ``table`` (0: not a combination)."""
    if rank == Rank.JACK:
        return table.four_jacks
    if rank == Rank.NINE:
        return table.four_nines
    if rank in (Rank.QUEEN, Rank.KING, Rank.ACE):
        return table.four_queens_kings_aces
    return 0


def _runs(byte: int) -> tuple[tuple[int, int, int], ...]:
    """Every run of three or more adjacent ranks in a suit byte as (run byte, length, top rank).

    Shorter runs inside a longer one are listed too (nk rule 49: a five-card
    sequence holds a four).
    """
    out = []
    for start in range(8):
        length = 0
        while start + length < 8 and byte >> (start + length) & 1:
            length += 1
            if length >= 3:
                out.append((((1 << length) - 1) << start, length, start + length - 1))
    return tuple(out)


_RUNS_BY_BYTE = tuple(_runs(b) for b in range(256))
#: Per suit byte, the cards that lie in some run of three or more.
_RUN_CARDS: Final = tuple(
    sum(1 << r for r in range(8) if any(run >> r & 1 for run, _, _ in runs)) for runs in _RUNS_BY_BYTE
)

# The roem functions are called with the same few tables over and over, and hashing a RoemTable (a dataclass of
# nine fields) for a cache key cost more than many lookups: the caches below are keyed by the table's id
# instead. _TABLES keeps each such table alive, so that its id cannot be reused while a key holds it.
_TABLES: Final[dict[int, RoemTable]] = {}
_OPTIONS: Final[dict[tuple[int, int, int], dict[int, int]]] = {}
_WITHIN: Final[dict[tuple[int, int, int], int]] = {}
_SETS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}
_CACHE_MAX: Final = 65536
_TABLES_MAX: Final = 64


def _table_id(table: RoemTable) -> int:
    """``id(table)``, with the table kept alive while the caches may hold keys of it."""
    key = id(table)
    if key not in _TABLES:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
            _OPTIONS.clear()
            _WITHIN.clear()
            _SETS.clear()
        _TABLES[key] = table
    return key


def _set_table(table: RoemTable) -> tuple[tuple[int, int, int], ...]:
    """(four-of-a-kind mask, value, rank) of each rank the table values."""
    key = _table_id(table)
    found = _SETS.get(key)
    if found is None:
        found = _SETS[key] = _make_set_table(table)
    return found


def _make_set_table(table: RoemTable) -> tuple[tuple[int, int, int], ...]:
    out = []
    for rank in _SET_RANKS:
        value = _set_value(rank, table)
        if value:
            out.append((0x01010101 << rank, value, int(rank)))
    return tuple(out)


def table_set_mask(table: RoemTable) -> int:
    """Mask of every card of the ranks whose four-of-a-kind the table values."""
    mask = 0
    for four, _, _ in _set_table(table):
        mask |= four
    return mask


def _combinations(mask: int, table: RoemTable) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """Candidate sequences and sets in ``mask`` as (cards mask, value, highest rank)."""
    sequences: list[tuple[int, int, int]] = []
    for suit in range(4):
        for run, length, top in _RUNS_BY_BYTE[(mask >> (8 * suit)) & 0xFF]:
            sequences.append((run << (8 * suit), table.sequence_value(length), top))
    sets = [entry for entry in _set_table(table) if mask & entry[0] == entry[0]]
    return sequences, sets


def roem_options(mask: int, trump: int, table: RoemTable) -> dict[int, int]:
    """Every roem total the cards in ``mask`` can show, mapped to its highest card rank.

    ``trump`` is the trump suit (-1 for none: no stuk). Zero (no roem) is
    always an option. For equal totals the highest rank wins. The answer is
    remembered and shared: callers must not change it.
    """
    # The answer depends only on the cards in some combination (runs, valued fours, the stuk pair of trump), so
    # it is remembered for those: a new hand mostly holds the combinations of hands seen before, or none.
    relevant = _combination_cards(mask, table)
    if trump >= 0 and table.stuk:
        stuk = (1 << (8 * trump + Rank.KING)) | (1 << (8 * trump + Rank.QUEEN))
        if mask & stuk == stuk:
            relevant |= stuk
    key = (relevant, trump, _table_id(table))
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= _CACHE_MAX:
            _OPTIONS.clear()
        found = _roem_options(relevant, trump, table)
        _OPTIONS[key] = found
    return found


def _combination_cards(mask: int, table: RoemTable) -> int:
    """The cards of ``mask`` that lie in a sequence of three or more or in a four of a rank the table values."""
    out = 0
    for suit in range(4):
        out |= _RUN_CARDS[(mask >> (8 * suit)) & 0xFF] << (8 * suit)
    for four, _, _ in _set_table(table):
        if mask & four == four:
            out |= four
    return out


def _roem_options(mask: int, trump: int, table: RoemTable) -> dict[int, int]:
    sequences, sets = _combinations(mask, table)
    options: dict[int, int] = {0: -1}

    def note(total: int, high: int) -> None:
        if options.get(total, -2) < high:
            options[total] = high

    if table.combine == "exclusive":
        # nk rule 43 / hazerswoude 2.3: no card in two sets or sequences
        combos = sequences + sets
        n = len(combos)

        def walk(i: int, used: int, total: int, high: int) -> None:
            note(total, high)
            for j in range(i, n):
                cmask, value, top = combos[j]
                if not cmask & used:
                    walk(j + 1, used | cmask, total + value, max(high, top))

        walk(0, 0, 0, -1)
    else:
        # pagat: a card in one sequence only, but sets ride on top of sequences
        seq_totals: dict[int, int] = {0: -1}

        def walk_seq(i: int, used: int, total: int, high: int) -> None:
            if seq_totals.get(total, -2) < high:
                seq_totals[total] = high
            for j in range(i, len(sequences)):
                cmask, value, top = sequences[j]
                if not cmask & used:
                    walk_seq(j + 1, used | cmask, total + value, max(high, top))

        walk_seq(0, 0, 0, -1)
        for pick in range(1 << len(sets)):
            set_total, set_high = 0, -1
            for k, (_, value, top) in enumerate(sets):
                if pick >> k & 1:
                    set_total += value
                    set_high = max(set_high, top)
            for total, high in seq_totals.items():
                note(total + set_total, max(high, set_high))
    if trump >= 0 and table.stuk:
        stuk = (1 << (8 * trump + Rank.KING)) | (1 << (8 * trump + Rank.QUEEN))
        if mask & stuk == stuk:
            # nk rule 44, pagat, hazerswoude 2.3: stuk counts besides the other combinations
            for total, high in list(options.items()):
                note(total + table.stuk, max(high, int(Rank.KING)))
    return options


def best_roem(mask: int, trump: int, table: RoemTable) -> tuple[int, int]:
    """The highest roem total of ``mask`` and the highest card rank in it."""
    options = roem_options(mask, trump, table)
    total = max(options)
    return total, options[total]


def trick_roem(mask: int, table: RoemTable) -> int:
    """Roem that falls in one trick (hazerswoude 2.3): the best combination of its cards.

    Stuk is a holding of one player and is never made of two players' cards,
    so a trick is judged without a trump suit.
    """
    return best_roem(mask, -1, table)[0]


def has_six_sequence(mask: int) -> bool:
    """Whether the cards hold a sequence of six (nk rule 50 lets it over-roem a five)."""
    for suit in range(4):
        byte = (mask >> (8 * suit)) & 0xFF
        for start in range(3):
            if byte >> start & 0x3F == 0x3F:
                return True
    return False


def max_table_roem(table: RoemTable, cards: int = 6) -> int:
    """The most roem one hand of ``cards`` cards can hold (bounds the roem bids).

    A set of four leaves two cards: stuk, or (pagat) a sequence of three that
    shares a card with the set; otherwise a single long sequence with stuk.
    """
    sets = max(table.four_jacks, table.four_nines, table.four_queens_kings_aces)
    extra = max(table.stuk, table.seq3 if table.combine == "pagat" else 0)
    return max(sets + extra, table.sequence_value(cards) + table.stuk)


def roem_within(pool: int, keep: int, table: RoemTable) -> int:
    """The most roem that ``keep`` of the cards in ``pool`` can hold, trump being free to choose.

    Used to judge false roem (nk rules 67-69): which roem could a bidder still
    hold after picking up centre cards and laying as many away.
    """
    # The answer depends only on the cards that are in some combination (runs, valued fours, stuk pairs), so
    # it is remembered for those: most pools of a deal share them with pools seen before.
    relevant = _combination_cards(pool, table)
    if table.stuk:
        for suit in range(4):
            stuk = (1 << (8 * suit + Rank.KING)) | (1 << (8 * suit + Rank.QUEEN))
            if pool & stuk == stuk:
                relevant |= stuk
    key = (relevant, keep, _table_id(table))
    found = _WITHIN.get(key)
    if found is None:
        if len(_WITHIN) >= _CACHE_MAX:
            _WITHIN.clear()
        found = _roem_within(relevant, keep, table)
        _WITHIN[key] = found
    return found


def _roem_within(pool: int, keep: int, table: RoemTable) -> int:
    sequences, sets = _combinations(pool, table)
    stuks = []
    if table.stuk:
        for suit in range(4):
            stuk = (1 << (8 * suit + Rank.KING)) | (1 << (8 * suit + Rank.QUEEN))
            if pool & stuk == stuk:
                stuks.append(stuk)
    best = 0
    exclusive = table.combine == "exclusive"
    combos = sequences + sets
    n_seq = len(sequences)
    n = len(combos)

    def walk(i: int, used_seq: int, union: int, total: int) -> None:
        nonlocal best
        if total > best:
            best = total
        for stuk in stuks:
            if total + table.stuk > best and (union | stuk).bit_count() <= keep:
                best = total + table.stuk
        for j in range(i, n):
            cmask, value, _ = combos[j]
            is_set = j >= n_seq
            # exclusive: no card in two combinations; pagat: sets may overlap sequences
            clash = cmask & union if exclusive else (0 if is_set else cmask & used_seq)
            if clash or (union | cmask).bit_count() > keep:
                continue
            walk(j + 1, used_seq if is_set else used_seq | cmask, union | cmask, total + value)

    walk(0, 0, 0, 0)
    return best
