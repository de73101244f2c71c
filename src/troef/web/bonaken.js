// Bonaken's part of the browser UI: its actions, bids and events in words, and its glossary.
// The frame (app.js: lobby, table, replays, settings) reads a game's view through these; Kraken or
// Binokel add a module like this one.

import { t, getLang } from "./i18n.js";
import { SUITS, cardLabel } from "./cards.js";

export function suitName(letter) {
  const names = { en: { h: "hearts", d: "diamonds", c: "clubs", s: "spades" }, nl: { h: "harten", d: "ruiten", c: "klaveren", s: "schoppen" }, de: { h: "Herz", d: "Karo", c: "Kreuz", s: "Pik" } };
  return (names[getLang()] || names.en)[letter] || letter;
}

export function suitSpan(letter) {
  const info = SUITS[letter];
  const node = document.createElement("span");
  node.className = `suit ${info && info.red ? "red" : "black"}`;
  node.textContent = info ? info.sym : "?";
  return node;
}

export function contractLabel(text) {
  if (!text) return "";
  if (getLang() !== "nl") return text;
  return text.replace("double misère", "dubbele misère").replace("(six-card)", "(zesreeks)").replace("open bonaak", "open bonaak");
}

export function bidLabel(action) {
  const words = action.split(" ");
  if (words[0] === "pass") return t("pass");
  const kind = words[1];
  if (/^\d+$/.test(kind)) return kind;
  const names = { misere: t("misere"), zwabber: t("zwabber"), bonaak: t("bonaak"), "open-bonaak": t("openBonaak") };
  let label = names[kind] || kind;
  if (words[2] && /^\d+$/.test(words[2])) label = t("withRoem", { bid: label, n: words[2] });
  if (words.includes("six")) label = t("six", { bid: label });
  return label;
}

export function actionLabel(action) {
  const words = action.split(" ");
  if (words[0] === "play" || words[0] === "discard") return `${words[0] === "play" ? "\u25B6" : "\u2193"} ${cardLabel(words[1])}`;
  if (words[0] === "trump") return `${SUITS[words[1]].sym} ${suitName(words[1])}`;
  if (words[0] === "roem") return words[1] === "0" ? t("noRoem") : t("roemN", { n: words[1] });
  if (words[0] === "stuk") return t("stuk");
  return bidLabel(action);
}

// An action in words a player reads: "play 7♣", "lay away 7♣", "bid 40", "pass", "name hearts trump".
export function actionWords(action) {
  const words = action.split(" ");
  if (words[0] === "play") return t("w_play", { card: cardLabel(words[1]) });
  if (words[0] === "discard") return t("w_discard", { card: cardLabel(words[1]) });
  if (words[0] === "trump") return t("w_trump", { suit: `${SUITS[words[1]].sym} ${suitName(words[1])}` });
  if (words[0] === "roem") return words[1] === "0" ? t("noRoem") : t("w_roem", { n: words[1] });
  if (words[0] === "stuk") return t("stuk");
  if (words[0] === "pass") return t("pass");
  return t("w_bid", { bid: bidLabel(action) });
}

export function eventWords(name, text) {
  const words = text.split(" ");
  switch (words[0]) {
    case "pass":
      return t("ev_pass", { name });
    case "bid":
      return t("ev_bid", { name, bid: bidLabel(text) });
    case "discard":
      return words[1] ? t("ev_discard_own", { name, card: cardLabel(words[1]) }) : t("ev_discard", { name });
    case "trump":
      return t("ev_trump", { name, suit: `${SUITS[words[1]].sym} ${suitName(words[1])}` });
    case "roem":
      return t("ev_roem", { name, n: words[1] });
    case "stuk":
      return t("ev_stuk", { name });
    case "play":
      return t("ev_play", { name, card: cardLabel(words[1]) });
    default:
      return `${name}: ${text}`;
  }
}

// The game's words in short (what the table and the score sheet use), and the full rules as troef plays them.
// Per game: Kraken or Binokel add their own list of words.
export const GLOSSARY = {
  bonaken: ["roem", "stuk", "nel", "bonaak", "zwabber", "misere", "suf", "krom", "recht", "wip", "eruit", "erin", "plusminus", "tablepoints"],
};
