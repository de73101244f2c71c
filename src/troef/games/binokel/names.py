"""Binokel's words: card, suit and meld names in German (the text's words), Dutch and English.

The rule text names the cards Ass, Zehn, König, Dame, Bube and Neun and the
suits Herz, Karo, Pik (and Kreuz, which it writes only as ``C``); troef uses
those words. The two copies of a card have the same name.

>>> card_name(parse_card("Qs"), "de")
'Pik Dame'
>>> card_name(parse_card("Jd'"), "nl")
'ruiten boer'
>>> card_name(parse_card("10h"), "en")
'ten of hearts'
"""

from __future__ import annotations

from typing import Final

from troef.cards import parse_card, rank_of, suit_of

__all__ = ["LANGUAGES", "MELD_NAMES", "RANK_WORDS", "SUIT_WORDS", "card_name", "parse_card"]

#: Binokel's first language is German.
LANGUAGES: Final = ("de", "nl", "en")

#: Suit names by language, in the card layer's order (h d c s).
SUIT_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "de": ("Herz", "Karo", "Kreuz", "Pik"),
    "nl": ("harten", "ruiten", "klaveren", "schoppen"),
    "en": ("hearts", "diamonds", "clubs", "spades"),
}
#: Rank names by language, indexed by the card layer's rank (2 = nine ... 7 = ace; 0 and 1 are not in the deck).
RANK_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "de": ("", "", "Neun", "Zehn", "Bube", "Dame", "König", "Ass"),
    "nl": ("", "", "negen", "tien", "boer", "vrouw", "heer", "aas"),
    "en": ("", "", "nine", "ten", "jack", "queen", "king", "ace"),
}

#: Meld names by language (the keys are the names :mod:`troef.games.binokel.meld` uses).
MELD_NAMES: Final[dict[str, dict[str, str]]] = {
    "de": {
        "sequence": "Sequenz",
        "sequence_king": "Sequenz + König",
        "sequence_queen": "Sequenz + Dame",
        "sequence_marriage": "Sequenz + Hochzeit",
        "double_sequence": "Doppelte Sequenz",
        "trump_nine": "Kleiner Trumpf",
        "royal_marriage": "Königliche Hochzeit",
        "marriage": "Einfache Hochzeit",
        "binokel": "Binokel",
        "double_binokel": "Doppel-Binokel",
        "aces": "Ass-Runde",
        "double_aces": "Doppel-Ass-Runde",
        "kings": "Königs-Runde",
        "double_kings": "Doppel-Königs-Runde",
        "queens": "Damen-Runde",
        "double_queens": "Doppel-Damen-Runde",
        "jacks": "Buben-Runde",
        "double_jacks": "Doppel-Buben-Runde",
    },
    "nl": {
        "sequence": "reeks",
        "sequence_king": "reeks + heer",
        "sequence_queen": "reeks + vrouw",
        "sequence_marriage": "reeks + koninklijk huwelijk",
        "double_sequence": "dubbele reeks",
        "trump_nine": "troefnegen",
        "royal_marriage": "koninklijk huwelijk",
        "marriage": "huwelijk",
        "binokel": "binokel",
        "double_binokel": "dubbele binokel",
        "aces": "vier azen",
        "double_aces": "acht azen",
        "kings": "vier heren",
        "double_kings": "acht heren",
        "queens": "vier vrouwen",
        "double_queens": "acht vrouwen",
        "jacks": "vier boeren",
        "double_jacks": "acht boeren",
    },
    "en": {
        "sequence": "sequence",
        "sequence_king": "sequence + king",
        "sequence_queen": "sequence + queen",
        "sequence_marriage": "sequence + royal marriage",
        "double_sequence": "double sequence",
        "trump_nine": "trump nine",
        "royal_marriage": "royal marriage",
        "marriage": "marriage",
        "binokel": "binokel",
        "double_binokel": "double binokel",
        "aces": "aces around",
        "double_aces": "all eight aces",
        "kings": "kings around",
        "double_kings": "all eight kings",
        "queens": "queens around",
        "double_queens": "all eight queens",
        "jacks": "jacks around",
        "double_jacks": "all eight jacks",
    },
}


def card_name(card: int, lang: str = "de") -> str:
    """The spoken name of a card: ``'Herz Ass'``, ``'harten aas'``, ``'ace of hearts'``."""
    suit, rank = SUIT_WORDS[lang][suit_of(card)], RANK_WORDS[lang][rank_of(card)]
    return f"{rank} of {suit}" if lang == "en" else f"{suit} {rank}"


def suit_name(suit: int, lang: str = "de") -> str:
    """The name of a suit."""
    return SUIT_WORDS[lang][suit]
