"""Bonaken's words in its terminal table, in Dutch, English and German: ``t(key, lang, **params)``.

Bonaken's own words stay Dutch in every language (roem, stuk, misère, zwabber,
bonaak, eruit, erin, suf, krom, recht, wip); the help text glosses them once.
A key missing in a language falls back to English; an unknown key is a bug
and raises ``KeyError`` (:class:`troef.core.words.Words`). The words every
game's table shares are the frame's (``troef/terminal/words.py``); why an
action is refused is worded by :mod:`troef.games.bonaken.texts`.

>>> t("bids", "nl", name="Anna", bid="75")
'Anna biedt 75'
>>> t("bids", "en", name="Anna", bid="75")
'Anna bids 75'
"""

from __future__ import annotations

import re
from typing import Final

from troef.cards import RANK_TEXT, SUIT_NAMES, SUIT_SYMBOLS, NotationError, parse_card
from troef.core.words import Words

#: How a rank is written on the cards in each language (Dutch: boer, vrouw, heer, aas).
RANK_LABELS: Final[dict[str, tuple[str, ...]]] = {
    "nl": ("7", "8", "9", "10", "B", "V", "H", "A"),
    "en": RANK_TEXT,
    "de": ("7", "8", "9", "10", "B", "D", "K", "A"),
}


def _bold(text: str) -> str:
    """``*word*`` in the catalogue is bold in the terminal (Rich markup)."""
    return re.sub(r"\*([^*]+)\*", r"[bold]\1[/bold]", text)


_CATALOGUE: Final[dict[str, dict[str, str]]] = {
    # --- the table ------------------------------------------------------------
    "you_cap": {"nl": "Jij", "en": "You", "de": "Du"},
    "title": {
        "nl": "Bonaken · {rules} · {players} spelers",
        "en": "Bonaken · {rules} · {players} players",
        "de": "Bonaken · {rules} · {players} Spieler",
    },
    "welcome": {
        "nl": "Je speelt op plaats {seat} tegen {bots} ({kind}). Typ 'help' voor uitleg.",
        "en": "You play seat {seat} against {bots} ({kind}). Type 'help' for help.",
        "de": "Du spielst Platz {seat} gegen {bots} ({kind}). 'help' zeigt die Hilfe.",
    },
    "seed": {"nl": "seed {seed}", "en": "seed {seed}", "de": "Seed {seed}"},
    "lot": {
        "nl": "Loting: {draws}. {name} deelt.",
        "en": "Drawing lots: {draws}. {name} deals.",
        "de": "Losen: {draws}. {name} gibt.",
    },
    "draws": {"nl": "{name} trekt {card}", "en": "{name} draws {card}", "de": "{name} zieht {card}"},
    "hand_header_you": {"nl": "Gift {n} · jij deelt", "en": "Hand {n} · you deal", "de": "Spiel {n} · du gibst"},
    "draws_you": {"nl": "jij trekt {card}", "en": "you draw {card}", "de": "du ziehst {card}"},
    "lot_you": {
        "nl": "Loting: {draws}. Jij deelt.",
        "en": "Drawing lots: {draws}. You deal.",
        "de": "Losen: {draws}. Du gibst.",
    },
    "hand_header": {
        "nl": "Gift {n} · {name} deelt",
        "en": "Hand {n} · {name} deals",
        "de": "Spiel {n} · {name} gibt",
    },
    "redeal": {
        "nl": "Iedereen past: er wordt opnieuw gedeeld.",
        "en": "Everybody passed: the cards are dealt again.",
        "de": "Alle passen: es wird neu gegeben.",
    },
    "centre": {"nl": "Midden", "en": "Centre", "de": "Mitte"},
    "blind_cards": {"nl": "+ {n} blind", "en": "+ {n} face down", "de": "+ {n} verdeckt"},
    "sleepers": {"nl": "{n} slapers", "en": "{n} sleeping", "de": "{n} schlafen"},
    "bidding": {"nl": "Bieden", "en": "Bidding", "de": "Reizen"},
    "nobody_bid": {"nl": "nog geen bod", "en": "no bids yet", "de": "noch kein Gebot"},
    "contract": {"nl": "Spel", "en": "Contract", "de": "Spiel"},
    "contract_by": {"nl": "{contract} door {names}", "en": "{contract} by {names}", "de": "{contract} von {names}"},
    "trump": {"nl": "troef", "en": "trump", "de": "Trumpf"},
    "no_trump": {"nl": "zonder troef", "en": "no trump", "de": "ohne Trumpf"},
    "roem_declared": {"nl": "{value} roem", "en": "{value} roem", "de": "{value} Roem"},
    "roem_cancelled": {
        "nl": "{value} roem (vervallen)",
        "en": "{value} roem (cancelled)",
        "de": "{value} Roem (verfallen)",
    },
    "trick": {"nl": "Slag", "en": "Trick", "de": "Stich"},
    "tricks": {"nl": "Slagen", "en": "Tricks", "de": "Stiche"},
    "your_hand": {"nl": "Jouw kaarten", "en": "Your cards", "de": "Deine Karten"},
    "score_of": {
        "nl": "{name}: {points} + {roem} roem = {total} van {need}",
        "en": "{name}: {points} + {roem} roem = {total} of {need}",
        "de": "{name}: {points} + {roem} Roem = {total} von {need}",
    },
    "points_short": {"nl": "ptn", "en": "pts", "de": "Pkt"},
    "and": {"nl": "en", "en": "and", "de": "und"},
    "six_card": {"nl": "zesreeks", "en": "six-card", "de": "Sechserfolge"},
    "double_misere": {"nl": "dubbele misère", "en": "double misère", "de": "doppelte Misère"},
    "next_hand": {"nl": "Enter: volgende gift ", "en": "Enter: next hand ", "de": "Enter: nächstes Spiel "},
    # --- what happens (the *_you forms are said of the human player) ---------------
    "passes_you": {"nl": "Je past", "en": "You pass", "de": "Du passt"},
    "bids_you": {"nl": "Je biedt {bid}", "en": "You bid {bid}", "de": "Du bietest {bid}"},
    "lays_away_you": {
        "nl": "Je legt {n} {n|kaart|kaarten} weg",
        "en": "You lay away {n} {n|card|cards}",
        "de": "Du legst {n} {n|Karte|Karten} weg",
    },
    "passes_on_you": {
        "nl": "Je geeft {n} {n|kaart|kaarten} door",
        "en": "You pass on {n} {n|card|cards}",
        "de": "Du gibst {n} {n|Karte|Karten} weiter",
    },
    "names_trump_you": {
        "nl": "Je maakt {suit} troef",
        "en": "You name {suit} trump",
        "de": "Du sagst {suit} Trumpf an",
    },
    "leads_no_trump_you": {
        "nl": "Je speelt voor zonder troef te maken: {suit} is troef",
        "en": "You lead without naming trump: {suit} is trump",
        "de": "Du spielst aus, ohne Trumpf anzusagen: {suit} ist Trumpf",
    },
    "declares_roem_you": {
        "nl": "Je meldt {value} roem",
        "en": "You declare {value} roem",
        "de": "Du meldest {value} Roem",
    },
    "declares_no_roem_you": {"nl": "Je meldt geen roem", "en": "You declare no roem", "de": "Du meldest kein Roem"},
    "shows_roem_you": {"nl": "Je toont {value} roem", "en": "You show {value} roem", "de": "Du zeigst {value} Roem"},
    "declares_stuk_you": {"nl": "Je meldt stuk", "en": "You declare stuk", "de": "Du meldest Stuk"},
    "plays_you": {"nl": "Je speelt {card}", "en": "You play {card}", "de": "Du spielst {card}"},
    "wins_trick_you": {
        "nl": "Jouw slag ({points} punten)",
        "en": "Your trick ({points} points)",
        "de": "Dein Stich ({points} Punkte)",
    },
    "result_number_you": {
        "nl": "Je speelde {contract}: {points} kaartpunten + {roem} roem = {total}: {verdict}",
        "en": "You played {contract}: {points} card points + {roem} roem = {total}: {verdict}",
        "de": "Du spieltest {contract}: {points} Kartenpunkte + {roem} Roem = {total}: {verdict}",
    },
    "result_other_you": {
        "nl": "Je speelde {contract}: {verdict} ({reason})",
        "en": "You played {contract}: {verdict} ({reason})",
        "de": "Du spieltest {contract}: {verdict} ({reason})",
    },
    "false_roem_you": {
        "nl": "Je bood roem die er niet kan zijn: erin (valse roem).",
        "en": "You bid roem that cannot be there: erin (false roem).",
        "de": "Du botest Roem, das es nicht geben kann: erin (falsches Roem).",
    },
    "goes_out_you": {"nl": "Je bent eruit!", "en": "You are out (eruit)!", "de": "Du bist raus (eruit)!"},
    "goes_in_you": {"nl": "Je bent erin.", "en": "You are erin (out as the loser).", "de": "Du bist erin (verloren)."},
    "buys_round_you": {
        "nl": "Jij bent erin en geeft een rondje!",
        "en": "You are erin and buy the round!",
        "de": "Du bist erin und gibst eine Runde aus!",
    },
    "passes": {"nl": "{name} past", "en": "{name} passes", "de": "{name} passt"},
    "bids": {"nl": "{name} biedt {bid}", "en": "{name} bids {bid}", "de": "{name} bietet {bid}"},
    "lays_away": {
        "nl": "{name} pakt het midden en legt {n} {n|kaart|kaarten} weg",
        "en": "{name} takes the centre and lays away {n} {n|card|cards}",
        "de": "{name} nimmt die Mitte und legt {n} {n|Karte|Karten} weg",
    },
    "passes_on": {
        "nl": "{name} geeft {n} {n|kaart|kaarten} door",
        "en": "{name} passes on {n} {n|card|cards}",
        "de": "{name} gibt {n} {n|Karte|Karten} weiter",
    },
    "you_take": {
        "nl": "Je pakt het midden: {cards}",
        "en": "You take the centre: {cards}",
        "de": "Du nimmst die Mitte: {cards}",
    },
    "you_receive": {
        "nl": "Je krijgt doorgegeven: {cards}",
        "en": "You are passed: {cards}",
        "de": "Du bekommst: {cards}",
    },
    "you_lay_away": {"nl": "Je legt {card} weg", "en": "You lay away {card}", "de": "Du legst {card} weg"},
    "you_pass_on": {"nl": "Je geeft {card} door", "en": "You pass on {card}", "de": "Du gibst {card} weiter"},
    "names_trump": {
        "nl": "{name} maakt {suit} troef",
        "en": "{name} names {suit} trump",
        "de": "{name} sagt {suit} Trumpf an",
    },
    "leads_no_trump": {
        "nl": "{name} speelt voor zonder troef te maken: {suit} is troef",
        "en": "{name} leads without naming trump: {suit} is trump",
        "de": "{name} spielt aus, ohne Trumpf anzusagen: {suit} ist Trumpf",
    },
    "declares_roem": {
        "nl": "{name} meldt {value} roem",
        "en": "{name} declares {value} roem",
        "de": "{name} meldet {value} Roem",
    },
    "declares_no_roem": {
        "nl": "{name} meldt geen roem",
        "en": "{name} declares no roem",
        "de": "{name} meldet kein Roem",
    },
    "shows_roem": {
        "nl": "{name} toont {value} roem",
        "en": "{name} shows {value} roem",
        "de": "{name} zeigt {value} Roem",
    },
    "roem_void": {
        "nl": "De roem van {name} telt niet.",
        "en": "{name}'s roem does not count.",
        "de": "Das Roem von {name} zählt nicht.",
    },
    "declares_stuk": {"nl": "{name} meldt stuk", "en": "{name} declares stuk", "de": "{name} meldet Stuk"},
    "plays": {"nl": "{name} speelt {card}", "en": "{name} plays {card}", "de": "{name} spielt {card}"},
    "wins_trick": {
        "nl": "Slag voor {name} ({points} punten)",
        "en": "Trick to {name} ({points} points)",
        "de": "Stich für {name} ({points} Punkte)",
    },
    # --- the end of a hand ----------------------------------------------------
    "made": {"nl": "gehaald", "en": "made", "de": "gewonnen"},
    "lost": {"nl": "nat", "en": "lost", "de": "verloren"},
    "result_number": {
        "nl": "{name} speelde {contract}: {points} kaartpunten + {roem} roem = {total}: {verdict}",
        "en": "{name} played {contract}: {points} card points + {roem} roem = {total}: {verdict}",
        "de": "{name} spielte {contract}: {points} Kartenpunkte + {roem} Roem = {total}: {verdict}",
    },
    "result_other": {
        "nl": "{name} speelde {contract}: {verdict} ({reason})",
        "en": "{name} played {contract}: {verdict} ({reason})",
        "de": "{name} spielte {contract}: {verdict} ({reason})",
    },
    "reason.made": {"nl": "genoeg punten", "en": "enough points", "de": "genug Punkte"},
    "reason.short": {"nl": "te weinig punten", "en": "not enough points", "de": "zu wenig Punkte"},
    "reason.all_tricks": {"nl": "alle slagen", "en": "every trick", "de": "alle Stiche"},
    "reason.lost_a_trick": {"nl": "een slag verloren", "en": "lost a trick", "de": "einen Stich verloren"},
    "reason.no_trick": {"nl": "geen slag", "en": "no trick", "de": "kein Stich"},
    "reason.took_a_trick": {"nl": "een slag gehaald", "en": "took a trick", "de": "einen Stich bekommen"},
    "reason.roem_short": {"nl": "te weinig roem", "en": "not enough roem", "de": "zu wenig Roem"},
    "reason.no_trump_misere": {
        "nl": "voorgespeeld zonder troef te maken",
        "en": "led without naming trump",
        "de": "ausgespielt ohne Trumpf",
    },
    "reason.false_roem": {"nl": "valse roem", "en": "false roem", "de": "falsches Roem"},
    "false_roem": {
        "nl": "{name} bood roem die er niet kan zijn: erin (valse roem).",
        "en": "{name} bid roem that cannot be there: erin (false roem).",
        "de": "{name} bot Roem, das es nicht geben kann: erin (falsches Roem).",
    },
    "goes_out": {"nl": "{name} is eruit!", "en": "{name} is out (eruit)!", "de": "{name} ist raus (eruit)!"},
    "goes_in": {"nl": "{name} is erin.", "en": "{name} is erin (out as a loser).", "de": "{name} ist erin (verloren)."},
    # --- the score sheet -----------------------------------------------------
    "sheet": {"nl": "Wedstrijdformulier", "en": "Score sheet", "de": "Spielzettel"},
    "hand_no": {"nl": "gift", "en": "hand", "de": "Spiel"},
    "status": {"nl": "stand", "en": "status", "de": "Stand"},
    "table_points": {"nl": "tafelpunten", "en": "table points", "de": "Tischpunkte"},
    "points": {"nl": "punten", "en": "points", "de": "Punkte"},
    # --- the end of the match -------------------------------------------------
    "match_over": {"nl": "Einde van de partij", "en": "End of the match", "de": "Ende der Partie"},
    "buys_round": {
        "nl": "{names} is erin en geeft een rondje!",
        "en": "{names} is erin and buys the round!",
        "de": "{names} ist erin und gibt eine Runde aus!",
    },
    "buy_round_plural": {
        "nl": "{names} zijn erin en geven samen een rondje!",
        "en": "{names} are erin and buy the round together!",
        "de": "{names} sind erin und geben zusammen eine Runde aus!",
    },
    "nobody_erin": {
        "nl": "Niemand is erin: niemand hoeft een rondje te geven.",
        "en": "Nobody is erin: nobody buys the round.",
        "de": "Niemand ist erin: keiner gibt eine Runde aus.",
    },
    "replay_hint": {
        "nl": "Terugkijken: troef replay {path}",
        "en": "Replay it: troef replay {path}",
        "de": "Nachspielen: troef replay {path}",
    },
    "you_are_out": {
        "nl": "Jij bent uit de partij; de anderen spelen door.",
        "en": "You are out of the match; the others play on.",
        "de": "Du bist aus der Partie; die anderen spielen weiter.",
    },
    # --- prompts -------------------------------------------------------------------
    "prompt_bid": {"nl": "Jouw bod", "en": "Your bid", "de": "Dein Gebot"},
    "prompt_discard": {
        "nl": "Leg {n} {n|kaart|kaarten} weg",
        "en": "Lay away {n} {n|card|cards}",
        "de": "Lege {n} {n|Karte|Karten} weg",
    },
    "prompt_pass_on": {
        "nl": "Geef {n} {n|kaart|kaarten} door",
        "en": "Pass on {n} {n|card|cards}",
        "de": "Gib {n} {n|Karte|Karten} weiter",
    },
    "prompt_trump": {"nl": "Welke kleur wordt troef", "en": "Which suit is trump", "de": "Welche Farbe ist Trumpf"},
    "prompt_roem": {"nl": "Roem melden ({options})", "en": "Declare roem ({options})", "de": "Roem melden ({options})"},
    "prompt_play": {"nl": "Jouw kaart", "en": "Your card", "de": "Deine Karte"},
    "enter_default": {"nl": "Enter = {default}", "en": "Enter = {default}", "de": "Enter = {default}"},
    "options": {"nl": "mogelijk: {options}", "en": "possible: {options}", "de": "möglich: {options}"},
    "or_stuk": {"nl": "of 'stuk'", "en": "or 'stuk'", "de": "oder 'stuk'"},
    "your_turn": {"nl": "Jij bent aan de beurt", "en": "Your turn", "de": "Du bist dran"},
    "pass_word": {"nl": "pas", "en": "pass", "de": "passe"},
    "none_word": {"nl": "geen", "en": "none", "de": "kein"},
    # --- mistakes ------------------------------------------------------------------
    "not_understood": {
        "nl": "'{text}' begrijp ik niet. {examples} ('help' voor uitleg)",
        "en": "I do not understand '{text}'. {examples} ('help' for help)",
        "de": "'{text}' verstehe ich nicht. {examples} ('help' für Hilfe)",
    },
    "examples_bidding": {
        "nl": "Bied bv. 35, pas, misère, zwabber of bonaak.",
        "en": "Bid e.g. 35, pass, misere, zwabber or bonaak.",
        "de": "Biete z.B. 35, passe, misere, zwabber oder bonaak.",
    },
    "examples_cards": {
        "nl": "Kies een kaart met haar nummer of als bv. B♥, Bh of 10s.",
        "en": "Choose a card by its number or as e.g. Jh or 10s.",
        "de": "Wähle eine Karte mit ihrer Nummer oder z.B. Jh oder 10s.",
    },
    "examples_trump": {
        "nl": "Maak troef met bv. 'troef h' of 'harten' (h r k s of h d c s).",
        "en": "Name trump with e.g. 'trump h' or 'hearts' (h d c s).",
        "de": "Sage Trumpf an, z.B. 'trumpf h' oder 'herz' (h d c s).",
    },
    "examples_roem": {
        "nl": "Meld roem met een getal, bv. 'roem 20', of 0 voor geen roem.",
        "en": "Declare roem with a number, e.g. 'roem 20', or 0 for none.",
        "de": "Melde Roem mit einer Zahl, z.B. 'roem 20', oder 0 für keins.",
    },
    "card_number_range": {
        "nl": "Er is geen kaart nummer {n}: kies 1 tot {max}.",
        "en": "There is no card number {n}: choose 1 to {max}.",
        "de": "Es gibt keine Karte Nummer {n}: wähle 1 bis {max}.",
    },
    "card_for_trump": {
        "nl": "Maak eerst troef, bv. 'troef {suit}'. (Wil je voorspelen zonder troef te maken, "
        "dan wordt de kleur van je kaart troef: typ 'speel {card}'.)",
        "en": "Name trump first, e.g. 'trump {suit}'. (To lead without naming trump, "
        "which makes your card's suit trump, type 'play {card}'.)",
        "de": "Sage zuerst Trumpf an, z.B. 'trumpf {suit}'. (Ausspielen ohne Ansage macht die Farbe "
        "deiner Karte zu Trumpf: tippe 'spiel {card}'.)",
    },
    "not_now": {"nl": "Dat kan nu niet: {reason}.", "en": "Not now: {reason}.", "de": "Geht jetzt nicht: {reason}."},
    # --- help ------------------------------------------------------------------------
    "help": {
        "nl": _bold(
            "\n".join(
                (
                    "*Zo speel je*",
                    "  bieden     een getal (*35*), *pas*, *misère*, *zwabber*,",
                    "             *bonaak* of *bonaak 50*",
                    "  kaart      haar nummer (*3*) of de kaart: *Bh* (boer harten), *10s*, *Jh*",
                    "  wegleggen  een of meer kaarten tegelijk: *7k 8r* of *5 6*",
                    "  troef      *troef h* of *harten* (h r k s: harten ruiten klaveren schoppen)",
                    "  roem       *roem 20*, of *0* voor geen roem",
                    "  stuk       *stuk*, vlak voor je troefheer of -vrouw speelt",
                    "  Enter      neemt het voorstel achter 'Enter ='",
                    "  *hand* de tafel · *stand* het formulier · *tip* een advies",
                    "  *stop* stoppen (de partij wordt bewaard)",
                    "*Woorden*",
                    "  roem     punten voor reeksen en vier gelijke kaarten",
                    "  stuk     troefheer en troefvrouw (20) · nel: de troefnegen",
                    "  misère   geen enkele slag halen",
                    "  zwabber  alle slagen, zonder troef · bonaak: alle slagen, met troef",
                    "  suf      nog niet gespeeld · krom: een min · recht: een plus",
                    "  wip      een plus en een min: het volgende spel beslist",
                    "  eruit    twee plussen: klaar · erin: twee minnen: je geeft een rondje",
                )
            )
        ),
        "en": _bold(
            "\n".join(
                (
                    "*How to play*",
                    "  bidding     a number (*35*), *pass*, *misere*, *zwabber*,",
                    "              *bonaak* or *bonaak 50*",
                    "  card        its number (*3*) or the card: *Jh*, *10s*, *J♥*",
                    "  laying away one or more cards at once: *7c 8d* or *5 6*",
                    "  trump       *trump h* or *hearts* (h d c s)",
                    "  roem        *roem 20*, or *0* for none",
                    "  stuk        *stuk*, just before you play the trump king or queen",
                    "  Enter       takes the suggestion after 'Enter ='",
                    "  *hand* the table · *sheet* the score sheet · *hint* advice",
                    "  *quit* stop (the match is saved)",
                    "*Words* (Bonaken keeps its Dutch words)",
                    "  roem     bonus points for sequences and four of a kind",
                    "  stuk     king and queen of trumps (20) · nel: the nine of trumps",
                    "  misère   take no trick at all",
                    "  zwabber  every trick, without trump · bonaak: every trick, with trump",
                    "  suf      not played yet · krom: one minus · recht: one plus",
                    "  wip      a plus and a minus: the next game decides",
                    "  eruit    two pluses: out as a winner",
                    "  erin     two minuses: out as the loser, who buys the round",
                )
            )
        ),
        "de": _bold(
            "\n".join(
                (
                    "*So wird gespielt*",
                    "  reizen     eine Zahl (*35*), *passe*, *misere*, *zwabber*,",
                    "             *bonaak* oder *bonaak 50*",
                    "  Karte      ihre Nummer (*3*) oder die Karte: *Jh*, *10s*, *J♥*",
                    "  weglegen   eine oder mehrere Karten: *7c 8d* oder *5 6*",
                    "  Trumpf     *trumpf h* oder *herz* (h d c s)",
                    "  Roem       *roem 20*, oder *0* für keins",
                    "  Stuk       *stuk*, kurz bevor du Trumpfkönig oder -dame spielst",
                    "  Enter      nimmt den Vorschlag nach 'Enter ='",
                    "  *hand* der Tisch · *sheet* der Spielzettel · *tipp* ein Rat",
                    "  *quit* beenden (die Partie wird gespeichert)",
                    "*Wörter* (Bonaken behält seine niederländischen Wörter)",
                    "  roem     Bonus für Folgen und vier Gleiche",
                    "  stuk     Trumpfkönig und -dame (20) · nel: die Trumpfneun",
                    "  misère   keinen Stich machen",
                    "  zwabber  alle Stiche ohne Trumpf · bonaak: alle Stiche mit Trumpf",
                    "  suf      noch nicht gespielt · krom: ein Minus · recht: ein Plus",
                    "  wip      ein Plus und ein Minus: das nächste Spiel entscheidet",
                    "  eruit    zwei Plus: gewonnen · erin: zwei Minus: gibt eine Runde aus",
                )
            )
        ),
    },
}


#: Bonaken's words, looked up by :func:`t`.
WORDS: Final = Words(_CATALOGUE)

t = WORDS.t


#: Every key of the catalogue, and those with no text in a language (for completeness checks).
keys = WORDS.keys
missing = WORDS.missing


def card_label(card: int, lang: str = "en") -> str:
    """A card as written on it in ``lang`` with its suit symbol, e.g. ``'B♥'`` in Dutch, ``'J♥'`` in English."""
    labels = RANK_LABELS.get(lang, RANK_TEXT)
    return labels[card & 7] + SUIT_SYMBOLS[(card >> 3) & 3]


def suit_label(suit: int, lang: str = "en") -> str:
    """A suit with its symbol and name, e.g. ``'♥ harten'``."""
    names = SUIT_NAMES.get(lang, SUIT_NAMES["en"])
    return f"{SUIT_SYMBOLS[suit]} {names[suit]}"


#: Dutch card letters: boer, vrouw, heer; ruiten and klaveren.
_NL_RANKS: Final = {"B": "J", "V": "Q", "H": "K"}
_NL_SUITS: Final = {"r": "d", "k": "c"}


def parse_card_text(text: str, lang: str = "en") -> int:
    """A card from its notation (``Jh``, ``10s``, ``J♥``), or in Dutch also ``Bh``, ``Vr``, ``Hk``.

    Raises :class:`NotationError`.

    >>> parse_card_text("Bh", "nl") == parse_card_text("Jh")
    True
    >>> parse_card_text("10k", "nl") == parse_card_text("10c")
    True
    """
    try:
        card = parse_card(text)
    except NotationError:
        if lang != "nl":
            raise
        body = text.strip()
        if len(body) < 2:
            raise
        rank, suit = body[:-1].upper(), body[-1].lower()
        card = parse_card(_NL_RANKS.get(rank, rank) + _NL_SUITS.get(suit, suit))
    if card >= 32:
        raise NotationError("Bonaken has one copy of each card")
    return card


#: Suit words a player may type to name trump, in any language.
SUIT_WORDS: Final[dict[str, int]] = {
    **{name.lower(): s for names in SUIT_NAMES.values() for s, name in enumerate(names)},
    **{ch: s for s, ch in enumerate("hdcs")},
    **{ch: s for s, ch in enumerate(SUIT_SYMBOLS)},
    "r": 1,
    "k": 2,
    "heart": 0,
    "diamond": 1,
    "club": 2,
    "spade": 3,
}
