"""Binokel's refusal texts in German, Dutch and English: why an action is not allowed, by code.

The engine (:meth:`troef.games.binokel.state.DealState.refusal`) refuses with a
code and its parameters (:class:`~troef.core.refusals.Refusal`); the terminal
and the browser word it here in the player's language. A card parameter is a
kind (``card & 31``: the two copies of a card are one kind), written in words
(``Herz Zehn``, ``ten of hearts``). Templates are described in
:mod:`troef.core.refusals`.

>>> TEXTS.refusal("beat", card=11).text("de"), str(TEXTS.refusal("beat", card=11))
('du musst Karo Zehn schlagen', 'you must beat the ten of diamonds')
"""

from __future__ import annotations

from typing import Final

from troef.core.refusals import Texts
from troef.games.binokel.names import RANK_WORDS, SUIT_WORDS

TEXTS: Final = Texts(
    "binokel",
    {
        "match_over": {"de": "das Spiel ist aus", "nl": "het spel is voorbij", "en": "the game is over"},
        "round_over": {"de": "die Runde ist vorbei", "nl": "de ronde is voorbij", "en": "the round is over"},
        # --- one phase after another; an action of another phase waits
        "phase_bidding": {
            "de": "erst reizen oder passen",
            "nl": "eerst bieden of passen",
            "en": "it is time to bid or pass",
        },
        "phase_trump": {
            "de": "erst sagt der Reizgewinner Trumpf an",
            "nl": "eerst maakt de winnaar van het bieden troef",
            "en": "the bid winner must name trump first",
        },
        "phase_give": {
            "de": "erst gibt der Partner des Reizgewinners vier Karten",
            "nl": "eerst geeft de maat van de winnaar van het bieden vier kaarten",
            "en": "the bid winner's partner must pass four cards first",
        },
        "phase_return": {
            "de": "erst gibt der Reizgewinner vier Karten zurück",
            "nl": "eerst geeft de winnaar van het bieden vier kaarten terug",
            "en": "the bid winner must pass four cards back first",
        },
        "phase_play": {"de": "spiele eine Karte", "nl": "speel een kaart", "en": "it is time to play a card"},
        # --- bidding
        "bid_first": {
            "de": "das erste Gebot ist {bid}",
            "nl": "het eerste bod is {bid}",
            "en": "the first bid is {bid}",
        },
        "bid_top": {
            "de": "das Reizen endet bei {bid}: du kannst nur passen",
            "nl": "het bieden stopt bij {bid}: je kunt alleen passen",
            "en": "the bidding stops at {bid}: you can only pass",
        },
        "bid_step": {
            "de": "biete {steps}: {raises} über {bid}",
            "nl": "bied {steps}: {raises} boven {bid}",
            "en": "bid {steps}: {raises} above {bid}",
        },
        # --- giving up ("sich freiwillig überreizen")
        "concede_late": {
            "de": "aufgeben geht nur vor der ersten Karte",
            "nl": "opgeven kan alleen voor de eerste kaart",
            "en": "a round can only be given up before the first card is played",
        },
        "concede_not_allowed": {
            "de": "aufgeben darfst du nur, wenn das Gebot mehr als {margin} über eurer Meldung liegt: du musst spielen",
            "nl": "opgeven mag alleen als het bod meer dan {margin} boven jullie melding ligt: je moet spelen",
            "en": "you may give up only when the bid is more than {margin} above your side's meld; you must play",
        },
        # --- cards
        "not_held": {
            "de": "du hast {card:card} nicht",
            "nl": "je hebt geen {card:card}",
            "en": "you do not hold the {card:card}",
        },
        "follow": {
            "de": "du musst {suit:suit} bedienen",
            "nl": "je moet {suit:suit} bekennen",
            "en": "you must follow {suit:suit}",
        },
        "trump": {"de": "du musst trumpfen", "nl": "je moet troeven", "en": "you must trump"},
        "beat": {
            "de": "du musst {card:card} schlagen",
            "nl": "je moet hoger spelen dan {card:card}",
            "en": "you must beat the {card:card}",
        },
    },
    suits=SUIT_WORDS,
    ranks=RANK_WORDS,
    cards={"de": "{suit} {rank}", "nl": "{suit} {rank}", "en": "{rank} of {suit}"},
)
