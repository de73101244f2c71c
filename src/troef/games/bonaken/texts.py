"""Bonaken's refusal texts in Dutch, English and German: why an action is not allowed, by code.

The engine (:mod:`troef.games.bonaken.state`) refuses with a code and its
parameters (:class:`~troef.core.refusals.Refusal`); the terminal and the
browser word it here in the player's language. Bonaken's own words stay Dutch
in every language (roem, stuk, misère, zwabber, bonaak). Templates are
described in :mod:`troef.core.refusals`; ``{high}`` is a contract's name
(``75``, ``misère``, ``bonaak 50``), ``{options}`` the roem values one may
declare.

>>> TEXTS.refusal("follow", suit=0).text("nl")
'je moet harten bekennen'
>>> TEXTS.refusal("not_held", card=4).text("nl"), str(TEXTS.refusal("not_held", card=4))
('je hebt B♥ niet', 'you do not hold Jh')
"""

from __future__ import annotations

from typing import Final

from troef.cards import SUIT_NAMES
from troef.core.refusals import Texts

TEXTS: Final = Texts(
    "bonaken",
    {
        # --- any phase
        "match_over": {"nl": "de partij is voorbij", "en": "the match is over", "de": "die Partie ist vorbei"},
        "hand_over": {"nl": "de gift is voorbij", "en": "the hand is over", "de": "das Spiel ist vorbei"},
        "illegal": {
            "nl": "dat mag nu niet",
            "en": "that action is not allowed now",
            "de": "das ist jetzt nicht erlaubt",
        },
        "not_held": {
            "nl": "je hebt {card:card} niet",
            "en": "you do not hold {card:card}",
            "de": "du hast {card:card} nicht",
        },
        "no_such_card": {
            "nl": "kaart {card} bestaat niet",
            "en": "there is no card {card}",
            "de": "Karte {card} gibt es nicht",
        },
        # --- bidding (nk rules 9-19)
        "bid_or_pass": {
            "nl": "eerst bieden of passen",
            "en": "it is time to bid or pass",
            "de": "erst reizen oder passen",
        },
        "compulsory_misere": {
            "nl": "in de eerste gift met zeven spelers moet iedereen misère bieden",
            "en": "everybody must bid misère in the first hand with seven players",
            "de": "im ersten Spiel zu siebt müssen alle Misère bieten",
        },
        "no_misere": {
            "nl": "met deze regels wordt geen misère gespeeld",
            "en": "misère is not played with these rules",
            "de": "Misère gibt es bei diesen Regeln nicht",
        },
        "misere_too_low": {
            "nl": "misère is niet hoger dan {high}",
            "en": "misère is not higher than {high}",
            "de": "Misère ist nicht höher als {high}",
        },
        "misere_locked": {
            "nl": "na {n} keer misère kan alleen nog misère of pas",
            "en": "after {n} misère bids only misère or pass may follow",
            "de": "nach {n} Misère-Geboten nur noch Misère oder passe",
        },
        "no_bonaak": {
            "nl": "na een puntenbod mag je geen bonaak bieden",
            "en": "after bidding a number you may not bid bonaak",
            "de": "nach einem Zahlgebot kein Bonaak",
        },
        "bonaak_roem_first": {
            "nl": "bonaak met roem mag pas na een bod van bonaak",
            "en": "bonaak with roem may only follow a bid of bonaak",
            "de": "Bonaak mit Roem erst nach einem Bonaak-Gebot",
        },
        "too_low": {
            "nl": "het bod moet hoger zijn dan {high}",
            "en": "the bid must be higher than {high}",
            "de": "das Gebot muss höher sein als {high}",
        },
        "bid_step": {
            "nl": "een puntenbod moet een veelvoud van 5 zijn",
            "en": "a number bid must be a multiple of 5",
            "de": "ein Zahlgebot muss durch 5 teilbar sein",
        },
        "bid_min": {
            "nl": "het laagste puntenbod is {bid}",
            "en": "the lowest number bid is {bid}",
            "de": "das niedrigste Zahlgebot ist {bid}",
        },
        "bid_max": {
            "nl": "het hoogste puntenbod is {bid}",
            "en": "the highest number bid is {bid}",
            "de": "das höchste Zahlgebot ist {bid}",
        },
        "no_zwabber": {
            "nl": "met deze regels wordt geen zwabber gespeeld",
            "en": "zwabber is not played with these rules",
            "de": "Zwabber gibt es bei diesen Regeln nicht",
        },
        "zwabber_roem": {
            "nl": "zwabber met die roem is met deze regels geen bod",
            "en": "zwabber with that roem is not a bid with these rules",
            "de": "Zwabber mit diesem Roem ist bei diesen Regeln kein Gebot",
        },
        "no_open_bonaak": {
            "nl": "met deze regels wordt geen open bonaak gespeeld",
            "en": "open bonaak is not played with these rules",
            "de": "offenes Bonaak gibt es bei diesen Regeln nicht",
        },
        "six_card": {
            "nl": "een zesreeks telt alleen tegen een vijfreeks van gelijke waarde",
            "en": "a six-card claim is only made over a five-card sequence of equal value",
            "de": "eine Sechserfolge zählt nur gegen eine gleichwertige Fünferfolge",
        },
        "bonaak_value": {
            "nl": "bonaak {value} is met deze regels geen bod",
            "en": "bonaak {value} is not a bid with these rules",
            "de": "Bonaak {value} ist bei diesen Regeln kein Gebot",
        },
        # --- the centre, trump, roem
        "lay_away_first": {
            "nl": "leg eerst nog {n} {n|kaart|kaarten} weg",
            "en": "first lay away {n} more {n|card|cards}",
            "de": "lege erst noch {n} {n|Karte|Karten} weg",
        },
        "pass_on_first": {
            "nl": "geef eerst nog {n} {n|kaart|kaarten} door",
            "en": "first pass on {n} more {n|card|cards}",
            "de": "gib erst noch {n} {n|Karte|Karten} weiter",
        },
        "bad_suit": {"nl": "die kleur bestaat niet", "en": "no such suit", "de": "diese Farbe gibt es nicht"},
        "trump_first": {
            "nl": "maak eerst troef (of speel een kaart voor: haar kleur wordt troef)",
            "en": "name the trump suit first (or lead a card: its suit becomes trump)",
            "de": "sage erst Trumpf an (oder spiele aus: die Farbe wird Trumpf)",
        },
        "roem_first": {
            "nl": "meld eerst je roem ('roem 0' voor geen)",
            "en": "declare your roem first ('roem 0' for none)",
            "de": "melde erst dein Roem ('roem 0' für keins)",
        },
        "roem_not_below_bid": {
            "nl": "roem moet lager zijn dan je bod van {bid}; je kunt melden: {options}",
            "en": "roem must be lower than your bid of {bid}; you may declare {options}",
            "de": "Roem muss unter deinem Gebot von {bid} liegen; möglich: {options}",
        },
        "roem_not_held": {
            "nl": "je hebt geen {value} roem; je kunt melden: {options}",
            "en": "you do not hold {value} roem; you may declare {options}",
            "de": "du hast kein Roem von {value}; möglich: {options}",
        },
        # --- play
        "play_a_card": {"nl": "speel een kaart", "en": "it is time to play a card", "de": "spiele eine Karte"},
        "no_stuk": {
            "nl": "je kunt nu geen stuk melden",
            "en": "you cannot declare stuk now",
            "de": "du kannst jetzt kein Stuk melden",
        },
        "stuk_card": {
            "nl": "je meldde stuk: speel troefheer of troefvrouw",
            "en": "you declared stuk: play the king or queen of trumps",
            "de": "du hast Stuk gemeldet: spiele Trumpfkönig oder -dame",
        },
        "overtrump": {"nl": "je moet overtroeven", "en": "you must play a higher trump", "de": "du musst übertrumpfen"},
        "follow_trump": {
            "nl": "je moet troef bekennen ({suit:suit})",
            "en": "you must play a trump ({suit:suit})",
            "de": "du musst Trumpf bedienen ({suit:suit})",
        },
        "follow": {
            "nl": "je moet {suit:suit} bekennen",
            "en": "you must follow {suit:suit}",
            "de": "du musst {suit:suit} bedienen",
        },
        "follow_or_trump": {
            "nl": "je moet {suit:suit} bekennen (of troeven)",
            "en": "you must follow {suit:suit} (or play a trump)",
            "de": "du musst {suit:suit} bedienen (oder trumpfen)",
        },
        "undertrump": {
            "nl": "ondertroeven mag niet",
            "en": "you may not undertrump",
            "de": "Untertrumpfen ist nicht erlaubt",
        },
        "illegal_card": {
            "nl": "je mag {card:card} nu niet spelen",
            "en": "you may not play {card:card} now",
            "de": "du darfst {card:card} jetzt nicht spielen",
        },
    },
    suits=SUIT_NAMES,
    # how a card is written in each language: Dutch and German picture letters with the suit symbol
    ranks={
        "nl": ("7", "8", "9", "10", "B", "V", "H", "A"),
        "en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
        "de": ("7", "8", "9", "10", "B", "D", "K", "A"),
    },
    cards={"nl": "{rank}{symbol}", "en": "{rank}{letter}", "de": "{rank}{symbol}"},
)
