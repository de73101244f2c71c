"""The draw of a round: byes and tables by lot, seeded, avoiding repeat meetings where the lot allows.

Every round has its own generator, seeded from the tournament's published
seed and the round number (:func:`round_rng`), so anybody with the seed, the
player list and the earlier rounds can draw the round again and get the same
tables.

The cards are another matter: a game played online is dealt from a secret of
its own (:func:`deal_secret`), drawn with the round and kept by the server,
so nobody can compute a hand from anything public. The tournament's public
JSON shows the secret's commitment (:func:`deal_commitment`) from the draw on
and the secret itself once the game's result is in: anybody can then check
that the commitment matches and that the game's record was dealt from
:func:`deal_seed` of it (commit and reveal; ``docs/tournament.md``).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence

#: Shuffles tried when avoiding repeat meetings; the first without any repeat wins, else the fewest.
ATTEMPTS = 60


def round_rng(seed: int, round_no: int) -> random.Random:
    """The generator of one round's draw (string seeding is stable across Python versions)."""
    return random.Random(f"troef-tournament/{seed}/{round_no}")


def deal_secret() -> str:
    """A new secret for one game's deal: 128 random bits from the operating system, as hex."""
    return secrets.token_hex(16)


def deal_commitment(secret: str) -> str:
    """What is published of a deal's secret before the game: its SHA-256, as hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def deal_seed(secret: str) -> int:
    """The seed a game is dealt from, given its secret (62 bits, as every server table's seed).

    >>> deal_seed("00" * 16) == deal_seed("00" * 16) != deal_seed("01" + "00" * 15)
    True
    """
    digest = hashlib.sha256(f"troef-tournament-deal/{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def choose_byes(players: Sequence[int], count: int, byes_so_far: Mapping[int, int], rng: random.Random) -> list[int]:
    """``count`` players who sit this round out: by lot among those with the fewest byes so far.

    >>> choose_byes([1, 2, 3, 4, 5], 2, {1: 1, 2: 1, 3: 1}, random.Random(1))
    [4, 5]
    """
    chosen: list[int] = []
    pool = sorted(players)
    while len(chosen) < count:
        fewest = min(byes_so_far.get(p, 0) for p in pool if p not in chosen)
        candidates = [p for p in pool if p not in chosen and byes_so_far.get(p, 0) == fewest]
        rng.shuffle(candidates)
        chosen += candidates[: count - len(chosen)]
    return sorted(chosen)


def draw_tables(
    players: Sequence[int],
    table_size: int,
    rng: random.Random,
    met: Mapping[int, Iterable[int]] | None = None,
) -> list[tuple[int, ...]]:
    """Seat ``players`` (a multiple of ``table_size``) at tables by lot, each table in seat order.

    With ``met`` (who met whom before) the lot is drawn up to :data:`ATTEMPTS`
    times, each time seating players greedily where they meet nobody again;
    the first draw without a repeat meeting (or the one with the fewest) is taken.

    >>> draw_tables([1, 2, 3, 4, 5, 6, 7, 8], 4, random.Random(7))
    [(7, 8, 3, 5), (1, 4, 2, 6)]
    >>> draw_tables([1, 2, 3, 4, 5, 6, 7, 8], 4, random.Random(7), meetings([(1, 2), (3, 4)]))
    [(4, 8, 2, 7), (3, 1, 5, 6)]
    """
    if len(players) % table_size:
        raise ValueError(f"{len(players)} players do not fill tables of {table_size}")
    seen = {p: set(met.get(p, ())) for p in players} if met else None
    best: list[tuple[int, ...]] = []
    best_repeats = -1
    for _attempt in range(ATTEMPTS if seen else 1):
        order = sorted(players)
        rng.shuffle(order)
        if seen is None:
            return [tuple(order[i : i + table_size]) for i in range(0, len(order), table_size)]
        tables, repeats = _greedy(order, table_size, seen)
        if best_repeats < 0 or repeats < best_repeats:
            best, best_repeats = tables, repeats
        if repeats == 0:
            break
    return best


def _greedy(order: list[int], size: int, seen: dict[int, set[int]]) -> tuple[list[tuple[int, ...]], int]:
    left = list(order)
    tables: list[tuple[int, ...]] = []
    repeats = 0
    while left:
        table = [left.pop(0)]
        while len(table) < size:
            pick, cost = 0, len(table) + 1
            for index, candidate in enumerate(left):
                c = sum(1 for p in table if p in seen[candidate])
                if c < cost:
                    pick, cost = index, c
                    if c == 0:
                        break
            repeats += cost
            table.append(left.pop(pick))
        tables.append(tuple(table))
    return tables, repeats


def meetings(tables: Iterable[Sequence[int]]) -> dict[int, set[int]]:
    """Who sat with whom at ``tables``."""
    out: dict[int, set[int]] = {}
    for table in tables:
        for p in table:
            out.setdefault(p, set()).update(q for q in table if q != p)
    return out
