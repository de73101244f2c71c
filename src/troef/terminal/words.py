"""The words of the terminal's frame (``terminal/frame.py``), shared by every game's table, in nl, en and de.

A game's terminal table keeps its own words in its module as a
:class:`~troef.core.words.Words` on top of these (``base=WORDS``).

>>> t("plain_score", "nl", score="jij 3")
'Stand: jij 3'
"""

from __future__ import annotations

from typing import Final

from troef.core.words import Words

WORDS: Final = Words(
    {
        "you": {"nl": "jij", "en": "you", "de": "du"},
        "saved": {
            "nl": "Partij opgeslagen in {path}",
            "en": "Match saved to {path}",
            "de": "Partie gespeichert in {path}",
        },
        "save_failed": {
            "nl": "Opslaan in {path} mislukt: {error}",
            "en": "Could not save to {path}: {error}",
            "de": "Speichern in {path} fehlgeschlagen: {error}",
        },
        "quit": {"nl": "Gestopt.", "en": "Stopped.", "de": "Beendet."},
        "hint": {"nl": "Tip: {action}", "en": "Hint: {action}", "de": "Tipp: {action}"},
        "plain_deal": {"nl": "spel {n}", "en": "deal {n}", "de": "Spiel {n}"},
        "plain_trump": {"nl": "troef: {suit}", "en": "trump: {suit}", "de": "Trumpf: {suit}"},
        "plain_event": {"nl": "{name}: {action}", "en": "{name}: {action}", "de": "{name}: {action}"},
        "plain_score": {"nl": "Stand: {score}", "en": "Score: {score}", "de": "Stand: {score}"},
        "plain_open": {"nl": "Open: {cards}", "en": "Face up: {cards}", "de": "Offen: {cards}"},
        "plain_trick": {"nl": "Op tafel: {cards}", "en": "On the table: {cards}", "de": "Auf dem Tisch: {cards}"},
        "plain_hand": {"nl": "Jouw kaarten: {cards}", "en": "Your cards: {cards}", "de": "Deine Karten: {cards}"},
        "plain_prompt": {
            "nl": "Jouw beurt (nummer, zet of 'tip'): ",
            "en": "Your turn (number, action or 'hint'): ",
            "de": "Du bist dran (Nummer, Zug oder 'tipp'): ",
        },
        "plain_unknown": {
            "nl": "'{text}' begrijp ik niet: {reason}",
            "en": "I do not understand '{text}': {reason}",
            "de": "'{text}' verstehe ich nicht: {reason}",
        },
        "plain_over": {"nl": "Afgelopen. Stand: {score}", "en": "Over. Score: {score}", "de": "Vorbei. Stand: {score}"},
        "hints_heading": {
            "nl": "Tip (* = de beste keuze; hoe hoger het getal, hoe beter):",
            "en": "Hint (* = the best choice; the higher the figure, the better):",
            "de": "Tipp (* = die beste Wahl; je höher die Zahl, desto besser):",
        },
    }
)

t = WORDS.t
