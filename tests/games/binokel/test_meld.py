"""The automatic meld ("Melden", "Gültige Meldungen"): the table value by value, and exactness by brute force."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.games.binokel.helpers import cards
from troef.cards import BINOKEL_DECK, make_card
from troef.games.binokel.meld import MELDS, meld_parts, meld_value

HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3
NINE, TEN, JACK, QUEEN, KING, ACE = 2, 3, 4, 5, 6, 7

# Filler that makes no meld with hearts trump: no king-queen pair, no Binokel, no four of a rank.
FILL = ["9c", "10c", "9d", "10d", "10s", "9s", "Ac", "Ad", "Jc", "10c'", "10d'", "9c'"]


def with_fill(text: str) -> int:
    own = text.split()
    return cards(" ".join(own + FILL[: 12 - len(own)]))


# the text's table, each meld alone in a hand (trump hearts)
TABLE = [
    ("sequence", "Jh Qh Kh 10h Ah", 150),
    ("sequence_king", "Jh Qh Kh Kh' 10h Ah", 190),
    ("sequence_queen", "Jh Qh Qh' Kh 10h Ah", 190),
    ("sequence_marriage", "Jh Qh Qh' Kh Kh' 10h Ah", 230),
    ("double_sequence", "Jh Jh' Qh Qh' Kh Kh' 10h 10h' Ah Ah'", 1500),
    ("trump_nine", "9h", 10),
    ("royal_marriage", "Qh Kh", 40),
    ("marriage", "Qs Ks", 20),
    ("binokel", "Jd Qs", 40),
    ("double_binokel", "Jd Jd' Qs Qs'", 300),
    ("aces", "Ah As Ad Ac", 100),
    ("kings", "Kh Ks Kd Kc", 80),
    ("queens", "Qh Qs Qd Qc", 60),
    ("jacks", "Jh Js Jd Jc", 40),
]


@pytest.mark.parametrize(("name", "hand", "value"), TABLE)
def test_gueltige_meldungen_value_by_value(name: str, hand: str, value: int) -> None:
    if name in ("aces", "jacks"):
        mask = cards(hand + " 9c 10c 9d 10d 9s 10s 9c' 10c'")
    else:
        mask = with_fill(hand)
    parts = meld_parts(mask, HEARTS)
    assert [(m.name, m.value) for m in parts] == [(name, value)]
    assert MELDS[name][1] == value
    assert meld_value(mask, HEARTS) == value


@pytest.mark.parametrize(
    ("name", "value", "rank"),
    [
        ("double_aces", 1000, ACE),
        ("double_kings", 800, KING),
        ("double_queens", 600, QUEEN),
        ("double_jacks", 400, JACK),
    ],
)
def test_gueltige_meldungen_all_eight(name: str, value: int, rank: int) -> None:
    eight = [make_card(s, rank, copy) for s in range(4) for copy in (0, 1)]
    fill = [make_card(s, NINE, copy) for s in (CLUBS, DIAMONDS) for copy in (0, 1)]
    mask = sum(1 << c for c in eight + fill)
    names = [(m.name, m.value) for m in meld_parts(mask, SPADES)]
    assert (name, value) in names
    assert sum(v for _, v in names) == meld_value(mask, SPADES)


def test_melden_one_card_in_one_meld_per_class_but_in_several_classes() -> None:
    """The text's example: the heart queen in the heart marriage and in queens around, not also in a sequence."""
    hand = cards("Kh Qh Qs Qd Qc 10c 10c' 9d 10d 10s 9s Ac")
    parts = meld_parts(hand, CLUBS)
    assert [(m.name, m.value) for m in parts] == [("marriage", 20), ("queens", 60)]
    # two sequences' worth of cards in one class count once as the combined meld, not twice
    hand = cards("Jh Qh Qh' Kh Kh' 10h Ah 9c 10c 9d 10d 10s")
    assert meld_value(hand, HEARTS) == 230


def test_melden_two_trump_nines_count_each() -> None:
    assert meld_value(with_fill("9h 9h'"), HEARTS) == 20


def test_melden_marriage_only_outside_trump_and_royal_only_in_trump() -> None:
    hand = with_fill("Kh Qh Ks Qs")
    assert sorted(m.name for m in meld_parts(hand, HEARTS)) == ["marriage", "royal_marriage"]
    assert meld_value(hand, HEARTS) == 60
    assert meld_value(hand, DIAMONDS) == 50  # two plain marriages and the filler's nine of diamonds


# ---------------------------------------------------------------------- exactness against brute force
def _templates(trump: int) -> list[tuple[int, int, Counter[int]]]:
    """Every meld as (class, value, cards needed by kind) for this trump."""

    def kind(suit: int, rank: int) -> int:
        return make_card(suit, rank)

    seq = [kind(trump, r) for r in (ACE, TEN, KING, QUEEN, JACK)]
    out: list[tuple[int, int, list[int]]] = [
        (1, 1500, seq + seq),
        (1, 230, [*seq, kind(trump, KING), kind(trump, QUEEN)]),
        (1, 190, [*seq, kind(trump, KING)]),
        (1, 190, [*seq, kind(trump, QUEEN)]),
        (1, 150, seq),
        (1, 40, [kind(trump, KING), kind(trump, QUEEN)]),
        (1, 10, [kind(trump, NINE)]),
    ]
    out += [(1, 20, [kind(s, KING), kind(s, QUEEN)]) for s in range(4) if s != trump]
    out += [(2, 40, [kind(DIAMONDS, JACK), kind(SPADES, QUEEN)])]
    out += [(2, 300, [kind(DIAMONDS, JACK), kind(SPADES, QUEEN)] * 2)]
    for rank, single in ((ACE, 100), (KING, 80), (QUEEN, 60), (JACK, 40)):
        four = [kind(s, rank) for s in range(4)]
        out += [(3, single, four), (3, single * 10, four + four)]
    return [(c, v, Counter(k)) for c, v, k in out]


def brute_force(hand: int, trump: int) -> int:
    """The best meld by trying every split of the hand into melds, class by class."""
    counts = Counter(c & 31 for c in range(64) if hand >> c & 1)
    total = 0
    for cls in (1, 2, 3):
        templates = [(v, need) for c, v, need in _templates(trump) if c == cls]

        def best(start: int, left: Counter[int], templates: list[tuple[int, Counter[int]]] = templates) -> int:
            top = 0
            for i in range(start, len(templates)):
                value, need = templates[i]
                if all(left[k] >= n for k, n in need.items()):
                    top = max(top, value + best(i, left - need))
            return top

        total += best(0, counts)
    return total


def _random_hand(rng: random.Random, skew: bool) -> int:
    deck = [c for c in range(64) if BINOKEL_DECK >> c & 1]
    if skew:  # hands rich in melds: face cards and the trump suit
        weights = [4 if (c & 7) >= 4 or (c >> 3) & 3 == 0 else 1 for c in deck]
        chosen: set[int] = set()
        while len(chosen) < 12:
            chosen.add(rng.choices(deck, weights)[0])
        return sum(1 << c for c in chosen)
    return sum(1 << c for c in rng.sample(deck, 12))


def test_melden_automatic_meld_equals_brute_force_on_random_hands() -> None:
    rng = random.Random(2026)
    for i in range(1500):
        hand = _random_hand(rng, skew=i % 2 == 1)
        for trump in range(4):
            expected = brute_force(hand, trump)
            assert meld_value(hand, trump) == expected, (hand, trump)
            assert sum(m.value for m in meld_parts(hand, trump)) == expected


def test_melden_parts_use_cards_the_hand_holds_once_per_class() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hand = _random_hand(rng, skew=True)
        trump = rng.randrange(4)
        for cls in (1, 2, 3):
            used = [c for m in meld_parts(hand, trump) if m.cls == cls for c in m.cards]
            assert len(used) == len(set(used))
            assert all(hand >> c & 1 for c in used)


def test_brute_force_finds_the_combined_sequence() -> None:
    # a check of the checker: sequence + royal marriage beats sequence and royal marriage apart
    hand = with_fill("Jh Qh Qh' Kh Kh' 10h Ah")
    assert brute_force(hand, HEARTS) == 230
