// The table for the keyboard and the screen reader: the keys (and the "?" dialog listing them), the words a
// screen reader says for a card that may not be played and for a hand it may not see.

import { addTexts, t } from "./i18n.js";
import { h } from "./dom.js";

addTexts({
  en: {
    notPlayable: "{card}, not playable", backsN: "{n} {n|card|cards}", handOf: "{name}: {n} {n|card|cards}",
    backToSeat: "Back to my seat", keysTitle: "Keys", keysButton: "Keys (?)",
    key_digits: "pick a card of your hand (0 for the tenth)", key_arrows: "the next or previous card",
    key_enter: "play the card picked (or press the button in focus)", key_tab: "the next button",
    key_hint: "a hint (on your turn)", key_sheet: "the score sheet", key_last: "the last trick",
    key_help: "this list of keys", key_esc: "close a dialog, or put a picked card back",
    nameMax: "At most {n} characters",
  },
  nl: {
    notPlayable: "{card}, mag niet", backsN: "{n} {n|kaart|kaarten}", handOf: "{name}: {n} {n|kaart|kaarten}",
    backToSeat: "Terug naar mijn plaats", keysTitle: "Toetsen", keysButton: "Toetsen (?)",
    key_digits: "kies een kaart uit je hand (0 voor de tiende)", key_arrows: "de volgende of vorige kaart",
    key_enter: "speel de gekozen kaart (of druk op de knop met de focus)", key_tab: "de volgende knop",
    key_hint: "een tip (als je aan de beurt bent)", key_sheet: "het scoreformulier", key_last: "de laatste slag",
    key_help: "deze lijst met toetsen", key_esc: "sluit een venster, of leg een gekozen kaart terug",
    nameMax: "Hoogstens {n} tekens",
  },
  de: {
    notPlayable: "{card}, nicht erlaubt", backsN: "{n} {n|Karte|Karten}", handOf: "{name}: {n} {n|Karte|Karten}",
    backToSeat: "Zur\u00FCck zu meinem Platz", keysTitle: "Tasten", keysButton: "Tasten (?)",
    key_digits: "eine Karte deiner Hand w\u00E4hlen (0 f\u00FCr die zehnte)", key_arrows: "die n\u00E4chste oder vorige Karte",
    key_enter: "die gew\u00E4hlte Karte spielen (oder den Knopf mit dem Fokus dr\u00FCcken)", key_tab: "der n\u00E4chste Knopf",
    key_hint: "ein Tipp (wenn du dran bist)", key_sheet: "der Spielzettel", key_last: "der letzte Stich",
    key_help: "diese Liste der Tasten", key_esc: "ein Fenster schlie\u00DFen oder eine gew\u00E4hlte Karte zur\u00FCcklegen",
    nameMax: "H\u00F6chstens {n} Zeichen",
  },
});

// Every key of the table page: what is pressed, and the text saying what it does.
export const KEYS = [
  ["1\u20139, 0", "key_digits"],
  ["\u2190 \u2192", "key_arrows"],
  ["Enter", "key_enter"],
  ["Tab", "key_tab"],
  ["H", "key_hint"],
  ["S", "key_sheet"],
  ["L", "key_last"],
  ["?", "key_help"],
  ["Esc", "key_esc"],
];

// The letter keys and the dialog each opens ("hint" asks the server instead).
export const KEY_ACTIONS = { h: "hint", s: "sheet", l: "last", "?": "keys" };

// The "?" dialog's body: every key and what it does.
export function keysList() {
  return h("dl", { class: "keys-list", id: "keys-list" }, KEYS.map(([key, text]) => [h("dt", {}, h("kbd", {}, key)), h("dd", {}, t(text))]));
}
