"""Klaverjas's refusal texts in Dutch, English and German: why an action is not allowed, by code.

The engine (:mod:`troef.games.klaverjas.state`, :func:`troef.games.klaverjas.play.refusal`)
refuses with a code and its parameters (:class:`~troef.core.refusals.Refusal`);
the terminal and the browser word it here in the player's language. Templates
are described in :mod:`troef.core.refusals`.

>>> TEXTS.refusal("follow", suit=2).text("de")
'du musst Kreuz bedienen'
"""

from __future__ import annotations

from typing import Final

from troef.cards import SUIT_NAMES
from troef.core.refusals import Texts

TEXTS: Final = Texts(
    "klaverjas",
    {
        # --- any phase
        "match_over": {"nl": "de partij is voorbij", "en": "the match is over", "de": "die Partie ist vorbei"},
        "deal_over": {"nl": "het spel is voorbij", "en": "the deal is over", "de": "das Spiel ist vorbei"},
        # --- who plays, the kraak chain
        "bad_suit": {"nl": "die kleur bestaat niet", "en": "no such suit", "de": "diese Farbe gibt es nicht"},
        "must_play": {
            "nl": "je moet spelen: maak troef (verplicht)",
            "en": "you must play: name the trump suit (verplicht)",
            "de": "du musst spielen: sage Trumpf an (verplicht)",
        },
        "all_passed": {
            "nl": "iedereen heeft gepast: de speler na de deler moet nu spelen",
            "en": "everybody passed: the player after the dealer must play now",
            "de": "alle haben gepasst: der Spieler nach dem Geber muss jetzt spielen",
        },
        "name_trump": {
            "nl": "eerst wordt beslist wie speelt: maak troef",
            "en": "first it is decided who plays: name trump",
            "de": "erst wird entschieden, wer spielt: sage Trumpf an",
        },
        "name_trump_or_pass": {
            "nl": "eerst wordt beslist wie speelt: maak troef of pas",
            "en": "first it is decided who plays: name trump or pass",
            "de": "erst wird entschieden, wer spielt: sage Trumpf an oder passe",
        },
        "kraak_word": {
            "nl": "nu is het woord '{word}' of 'nee'",
            "en": "now the word is '{word}' or 'no'",
            "de": "jetzt heißt es '{word}' oder 'nein'",
        },
        "say_kraak": {"nl": "zeg 'kraak'", "en": "say 'kraak'", "de": "sage 'kraak'"},
        "kraak_quota": {
            "nl": "jullie moeten kraken: jullie zijn nog zoveel kraken schuldig "
            "als de giffies die jullie nog verdedigen (Kraken 3.1)",
            "en": "your side must kraak: it owes as many kraaks as the deals it still defends (Kraken 3.1)",
            "de": "deine Partei muss kraaken: sie schuldet so viele Kraaks, "
            "wie sie noch Spiele verteidigt (Kraken 3.1)",
        },
        # --- roem from the hand (Kraken 3.2)
        "roem_first_trick": {
            "nl": "de eerste slag is nog niet binnen: meld je roem uit de hand ('roem N') of 'roem 0' (Kraken 3.2)",
            "en": "the first trick is not taken yet: "
            "declare your roem from the hand ('roem N') or 'roem 0' (Kraken 3.2)",
            "de": "der erste Stich ist noch nicht gemacht: "
            "melde dein Roem aus der Hand ('roem N') oder 'roem 0' (Kraken 3.2)",
        },
        "no_hand_roem": {
            "nl": "met deze regels wordt roem niet uit de hand gemeld; hij telt als hij valt",
            "en": "roem is not declared from the hand in these rules; it counts when it falls",
            "de": "bei diesen Regeln wird Roem nicht aus der Hand gemeldet; es zählt, wenn es fällt",
        },
        "roem_late": {
            "nl": "roem uit de hand meld je voordat de eerste slag binnen is (Kraken 3.2)",
            "en": "roem from the hand is declared before the first trick is complete (Kraken 3.2)",
            "de": "Roem aus der Hand wird vor dem Ende des ersten Stichs gemeldet (Kraken 3.2)",
        },
        "roem_before_card": {
            "nl": "roem uit de hand meld je voor je eerste kaart (Kraken 3.2, zoals gelezen in regelrevisie 1)",
            "en": "roem from the hand is declared before your first card (Kraken 3.2 as read in rules revision 1)",
            "de": "Roem aus der Hand wird vor der ersten eigenen Karte gemeldet "
            "(Kraken 3.2, wie in Regelrevision 1 gelesen)",
        },
        "roem_once": {
            "nl": "roem uit de hand meld je één keer (Kraken 3.2)",
            "en": "roem from the hand is declared once (Kraken 3.2)",
            "de": "Roem aus der Hand wird einmal gemeldet (Kraken 3.2)",
        },
        "roem_not_held": {
            "nl": "je hebt geen {value} roem; je kunt melden: {options}",
            "en": "you do not hold {value} roem; you may declare: {options}",
            "de": "du hast kein Roem von {value}; möglich: {options}",
        },
        "roem_none": {
            "nl": "je hebt geen {value} roem; je kunt geen roem melden",
            "en": "you do not hold {value} roem; you may declare: none",
            "de": "du hast kein Roem von {value}; du kannst kein Roem melden",
        },
        "claim_or_turn": {
            "nl": "de slag heeft {value} roem: 'claim' hem of 'turn' de slag",
            "en": "the trick holds {value} roem: 'claim' it or 'turn' the trick",
            "de": "der Stich hat {value} Roem: 'claim' ihn oder 'turn' den Stich",
        },
        # --- play
        "play_a_card": {"nl": "speel een kaart", "en": "it is time to play a card", "de": "spiele eine Karte"},
        "illegal": {
            "nl": "die kaart mag je nu niet spelen",
            "en": "that card may not be played now",
            "de": "diese Karte darfst du jetzt nicht spielen",
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
        "stuk_auto": {
            "nl": "met deze regels telt stuk vanzelf als de houder beide kaarten speelt",
            "en": "stuk counts by itself in these rules when its holder plays both cards",
            "de": "bei diesen Regeln zählt Stuk von selbst, wenn sein Besitzer beide Karten spielt",
        },
        "stuk_declared": {
            "nl": "stuk is al gemeld",
            "en": "stuk has already been declared",
            "de": "Stuk ist schon gemeldet",
        },
        "no_stuk": {
            "nl": "je kunt alleen stuk melden als je troefheer en troefvrouw hebt en er nu een speelt",
            "en": "you can declare stuk only when you hold the trump king and queen and play one now",
            "de": "Stuk meldest du nur, wenn du Trumpfkönig und -dame hast und jetzt eine davon spielst",
        },
        "stuk_card": {
            "nl": "je meldde stuk: speel troefheer of troefvrouw",
            "en": "you declared stuk: play the king or queen of trumps",
            "de": "du hast Stuk gemeldet: spiele Trumpfkönig oder -dame",
        },
        "follow_trumps": {
            "nl": "je moet troef bekennen ({suit:suit})",
            "en": "you must follow trumps ({suit:suit})",
            "de": "du musst Trumpf bedienen ({suit:suit})",
        },
        "overtrump_led": {
            "nl": "je moet overtroeven: er is troef gevraagd en je hebt een hogere troef",
            "en": "you must overtrump: trump was led and you hold a higher trump",
            "de": "du musst übertrumpfen: Trumpf ist ausgespielt und du hast einen höheren Trumpf",
        },
        "follow": {
            "nl": "je moet {suit:suit} bekennen",
            "en": "you must follow {suit:suit}",
            "de": "du musst {suit:suit} bedienen",
        },
        "partner_wins": {
            "nl": "je mag niet ondertroeven: je maat heeft de slag, speel een andere kaart",
            "en": "you may not undertrump: your partner wins the trick, play another card",
            "de": "du darfst nicht untertrumpfen: dein Partner hat den Stich, spiele eine andere Karte",
        },
        "overtrump": {
            "nl": "je moet overtroeven: een tegenstander heeft de slag",
            "en": "you must overtrump: an opponent wins the trick",
            "de": "du musst übertrumpfen: ein Gegner hat den Stich",
        },
        "overtrump_partner": {
            "nl": "je moet overtroeven, ook over je maat (Rotterdam)",
            "en": "you must overtrump over your partner (Rotterdam)",
            "de": "du musst übertrumpfen, auch über deinen Partner (Rotterdam)",
        },
        "trump": {
            "nl": "je moet troeven: een tegenstander heeft de slag",
            "en": "you must trump: an opponent wins the trick",
            "de": "du musst trumpfen: ein Gegner hat den Stich",
        },
        "trump_partner": {
            "nl": "je moet troeven, ook over je maat (Rotterdam)",
            "en": "you must trump over your partner (Rotterdam)",
            "de": "du musst trumpfen, auch über deinen Partner (Rotterdam)",
        },
        "undertrump": {
            "nl": "je moet ondertroeven: je kunt niet bekennen en niet overtroeven (Rotterdam)",
            "en": "you must undertrump: you can neither follow nor overtrump (Rotterdam)",
            "de": "du musst untertrumpfen: du kannst weder bedienen noch übertrumpfen (Rotterdam)",
        },
        "no_undertrump": {
            "nl": "je mag niet ondertroeven zolang je een kaart van een andere kleur hebt",
            "en": "you may not undertrump while you hold a card of another suit",
            "de": "du darfst nicht untertrumpfen, solange du eine Karte einer anderen Farbe hast",
        },
    },
    suits=SUIT_NAMES,
    ranks={
        "nl": ("7", "8", "9", "10", "B", "V", "H", "A"),
        "en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
        "de": ("7", "8", "9", "10", "B", "D", "K", "A"),
    },
    cards={"nl": "{rank}{symbol}", "en": "{rank}{letter}", "de": "{rank}{symbol}"},
    # the table's words for a deal and the actions (troef.core.game.Game.word, action_words); kraak, rekraak,
    # superkraak, roem and stuk are the game's own words in every language
    words={
        "deal": {"nl": "spel {n}", "en": "deal {n}", "de": "Spiel {n}"},
        "action_play": {"nl": "speel {card:card}", "en": "play {card:card}", "de": "spiele {card:card}"},
        "action_trump": {"nl": "troef {suit:suit}", "en": "trump {suit:suit}", "de": "Trumpf {suit:suit}"},
        "action_pass": {"nl": "pas", "en": "pass", "de": "passe"},
        "action_no": {"nl": "nee", "en": "no", "de": "nein"},
        "action_kraak": dict.fromkeys(("nl", "en", "de"), "kraak"),
        "action_rekraak": dict.fromkeys(("nl", "en", "de"), "rekraak"),
        "action_superkraak": dict.fromkeys(("nl", "en", "de"), "superkraak"),
        "action_stuk": dict.fromkeys(("nl", "en", "de"), "stuk"),
        "action_roem": {"nl": "roem {rest}", "en": "roem {rest}", "de": "Roem {rest}"},
        "action_roem_0": {"nl": "geen roem", "en": "no roem", "de": "kein Roem"},
        "action_claim": {"nl": "claimen", "en": "claim", "de": "Rest beanspruchen"},
        "action_turn": {"nl": "omdraaien", "en": "turn", "de": "aufdecken"},
    },
)
