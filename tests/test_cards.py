"""Cards, suits, ranks, card sets and the card notation (troef.cards)."""

from __future__ import annotations

import pytest

from troef.cards import (
    BINOKEL_DECK,
    PIQUET_DECK,
    SUIT_MASK,
    CardSet,
    NotationError,
    Rank,
    Suit,
    card_name,
    card_str,
    card_symbol,
    cards_of,
    copy_of,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    sort_for_display,
    suit_of,
)
from troef.core.errors import NotationError as ReexportedNotationError
from troef.core.errors import TroefError

ALL_32 = [make_card(s, r) for s in range(4) for r in range(8)]


# --------------------------------------------------------------------------- encoding


def test_card_is_suit_times_eight_plus_rank() -> None:
    assert parse_card("7h") == 0
    assert parse_card("Ah") == 7
    assert parse_card("Jh") == Suit.HEARTS * 8 + Rank.JACK == 4
    assert parse_card("9d") == Suit.DIAMONDS * 8 + Rank.NINE == 10
    assert parse_card("10c") == Suit.CLUBS * 8 + Rank.TEN == 19
    assert parse_card("As") == Suit.SPADES * 8 + Rank.ACE == 31
    card = parse_card("Qd")
    assert (suit_of(card), rank_of(card), copy_of(card)) == (Suit.DIAMONDS, Rank.QUEEN, 0)


def test_ranks_run_seven_to_ace_in_sequence_order() -> None:
    assert [r.name for r in Rank] == ["SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE"]
    assert [s.name for s in Suit] == ["HEARTS", "DIAMONDS", "CLUBS", "SPADES"]


# --------------------------------------------------------------------------- notation


def test_notation_round_trip_of_every_card() -> None:
    for card in ALL_32:
        assert parse_card(card_str(card)) == card
    assert [card_str(c) for c in range(8)] == ["7h", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"]


def test_notation_round_trip_of_second_copy() -> None:
    card = parse_card("Kc'")
    assert copy_of(card) == 1 and suit_of(card) == Suit.CLUBS and rank_of(card) == Rank.KING
    assert card_str(card) == "Kc'"
    assert card == make_card(Suit.CLUBS, Rank.KING, 1)


def test_card_list_round_trip() -> None:
    text = "7h 10d Jc As"
    assert str(CardSet.parse(text)) == text
    assert CardSet.parse(str(CardSet.parse(text))) == CardSet.parse(text)
    assert repr(CardSet.parse("Ah 7h")) == "CardSet.parse('7h Ah')"


def test_alternative_spellings() -> None:
    assert parse_card("Th") == parse_card("10h")
    assert parse_card("jh") == parse_card("Jh")
    assert parse_card("J♥") == parse_card("Jh")
    assert parse_card("10♠") == parse_card("10s")
    assert parse_card("A♦") == parse_card("Ad")
    assert parse_card("Q♣") == parse_card("Qc")
    assert parse_cards("7h, 8h,9h") == [0, 1, 2]
    assert parse_cards("9h 7h") == [2, 0], "a card list keeps its order"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Xh", "unknown rank 'X'"),
        ("11h", "unknown rank '11'"),
        ("1h", "unknown rank '1'"),
        ("Jx", "unknown suit 'x'"),
        ("10z", "unknown suit 'z'"),
        ("J", "is not a card"),
        ("h", "is not a card"),
        ("", "is not a card"),
        ("   ", "is not a card"),
    ],
)
def test_parse_card_errors_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert fragment in str(info.value)


def test_parse_errors_show_the_valid_choices() -> None:
    with pytest.raises(NotationError, match="7 8 9 10 J Q K A"):
        parse_card("Bh")
    with pytest.raises(NotationError, match=r"h \(hearts\), d \(diamonds\), c \(clubs\) or s \(spades\)"):
        parse_card("Jk")


def test_card_set_parse_rejects_duplicates() -> None:
    with pytest.raises(NotationError, match="more than once"):
        CardSet.parse("Jh 9h Jh")
    with pytest.raises(NotationError, match="more than once"):
        CardSet.parse("10h Th")  # the same card in two spellings


def test_card_set_parse_rejects_a_bad_card_among_good_ones() -> None:
    with pytest.raises(NotationError, match="unknown suit"):
        CardSet.parse("Jh 9h Ax")


def test_notation_error_is_a_value_error_and_a_troef_error() -> None:
    assert NotationError is ReexportedNotationError
    with pytest.raises(ValueError):
        parse_card("Zz")
    with pytest.raises(TroefError):
        parse_card("Zz")


def test_empty_card_list_is_the_empty_set() -> None:
    assert CardSet.parse("") == CardSet()
    assert len(CardSet.parse("")) == 0
    assert not CardSet.parse("")


# --------------------------------------------------------------------------- set semantics


def test_card_set_membership_length_and_iteration() -> None:
    hand = CardSet.parse("Ah Kh 7c")
    assert len(hand) == 3
    assert parse_card("Kh") in hand
    assert parse_card("Qh") not in hand
    assert "Kh" not in hand  # only card numbers are members
    assert -1 not in hand
    assert list(hand) == [parse_card("Kh"), parse_card("Ah"), parse_card("7c")]
    assert bool(hand)


def test_card_set_algebra() -> None:
    a = CardSet.parse("Ah Kh 7c")
    b = CardSet.parse("Kh 8d")
    assert a | b == CardSet.parse("Ah Kh 7c 8d")
    assert a & b == CardSet.parse("Kh")
    assert a - b == CardSet.parse("Ah 7c")
    assert a ^ b == CardSet.parse("Ah 7c 8d")
    assert CardSet.parse("Kh") <= a
    assert not b <= a
    assert a.of_suit(Suit.HEARTS) == CardSet.parse("Ah Kh")
    assert a.of_suit(Suit.SPADES) == CardSet()


def test_card_set_equality_hash_and_constructors() -> None:
    a = CardSet.parse("Ah Kh")
    assert a == CardSet.parse("Kh Ah")
    assert a == CardSet.of([parse_card("Ah"), parse_card("Kh")])
    assert a == CardSet(mask_of([7, 6]))
    assert a.mask == (1 << 7) | (1 << 6)
    assert hash(a) == hash(CardSet.parse("Kh Ah"))
    assert len({a, CardSet.parse("Kh Ah")}) == 1
    assert a != a.mask  # a set is not its mask


def test_card_set_is_immutable() -> None:
    a = CardSet.parse("Ah")
    with pytest.raises(AttributeError):
        setattr(a, "mask", 0)  # noqa: B010
    with pytest.raises(ValueError):
        CardSet(-1)


def test_mask_helpers() -> None:
    cards = parse_cards("Jh 9h Ah")
    assert cards_of(mask_of(cards)) == sorted(cards)
    assert cards_of(0) == []
    assert CardSet.parse("Jh 9h Ah").mask == mask_of(cards)


# --------------------------------------------------------------------------- decks


def test_piquet_deck_has_32_cards() -> None:
    assert len(CardSet(PIQUET_DECK)) == 32
    assert set(CardSet(PIQUET_DECK)) == set(ALL_32)


def test_binokel_deck_has_48_cards_nine_to_ace_twice() -> None:
    deck = CardSet(BINOKEL_DECK)
    assert len(deck) == 48
    ranks = {rank_of(c) for c in deck}
    assert ranks == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert sum(1 for c in deck if copy_of(c) == 1) == 24
    assert parse_card("9h'") in deck and parse_card("7h") not in deck and parse_card("8s'") not in deck


def test_suit_masks_cover_both_copies() -> None:
    assert CardSet(SUIT_MASK[Suit.CLUBS] & PIQUET_DECK) == CardSet.parse("7c 8c 9c 10c Jc Qc Kc Ac")
    assert len(CardSet(SUIT_MASK[Suit.CLUBS] & BINOKEL_DECK)) == 12


# --------------------------------------------------------------------------- display


def test_suit_symbols() -> None:
    assert card_symbol(parse_card("Jh")) == "J♥"
    assert card_symbol(parse_card("10d")) == "10♦"
    assert card_symbol(parse_card("Ac")) == "A♣"
    assert card_symbol(parse_card("7s")) == "7♠"
    assert card_symbol(parse_card("Qs'")) == "Q♠'"


@pytest.mark.parametrize(
    ("card", "lang", "name"),
    [
        ("Jh", "nl", "harten boer"),
        ("Qd", "nl", "ruiten vrouw"),
        ("Kc", "nl", "klaveren heer"),
        ("As", "nl", "schoppen aas"),
        ("10h", "nl", "harten tien"),
        ("Jh", "en", "jack of hearts"),
        ("Ad", "en", "ace of diamonds"),
        ("7c", "en", "seven of clubs"),
        ("Ks", "en", "king of spades"),
        ("Jh", "de", "Herz Bube"),
        ("Qd", "de", "Karo Dame"),
        ("Kc", "de", "Kreuz König"),
        ("As", "de", "Pik Ass"),
    ],
)
def test_display_names(card: str, lang: str, name: str) -> None:
    assert card_name(parse_card(card), lang) == name


def test_trump_nine_is_the_nel_in_dutch_only() -> None:
    nine = parse_card("9s")
    assert card_name(nine, "nl", trump=Suit.SPADES) == "schoppen nel"
    assert card_name(nine, "nl", trump=Suit.HEARTS) == "schoppen negen"  # not trump: a plain nine
    assert card_name(nine, "nl") == "schoppen negen"
    assert card_name(nine, "en", trump=Suit.SPADES) == "nine of spades"
    assert card_name(nine, "de", trump=Suit.SPADES) == "Pik Neun"
    assert card_name(parse_card("Js"), "nl", trump=Suit.SPADES) == "schoppen boer"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="nl, en, de"):
        card_name(parse_card("Jh"), "fr")


def test_sort_for_display_puts_trumps_first_high_to_low() -> None:
    cards = parse_cards("7h Ac Jh 9s Kc")
    shown = [card_str(c) for c in sort_for_display(cards, trump=Suit.SPADES)]
    assert shown == ["9s", "Jh", "7h", "Ac", "Kc"]
    shown = [card_str(c) for c in sort_for_display(cards)]
    assert shown == ["Jh", "7h", "Ac", "Kc", "9s"]
