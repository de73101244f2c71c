// Playing cards drawn as SVG: rank and suit symbol in the corners, a large
// symbol (or the face letter in a frame) in the middle. The faces carry the letters of the page's language
// (Dutch H V B, German K D B, English K Q J); the colours are the deck setting's: hearts and diamonds red,
// or four colours (hearts red, diamonds blue, clubs green, spades black). The card's name in the game's
// notation ("Jh") stays in its data-card attribute.

import { getLang } from "./i18n.js";
import { settings } from "./settings.js";

const NS = "http://www.w3.org/2000/svg";

export const SUITS = {
  h: { sym: "\u2665", red: true },
  d: { sym: "\u2666", red: true },
  c: { sym: "\u2663", red: false },
  s: { sym: "\u2660", red: false },
};
export const SUIT_LETTERS = "hdcs";

// The ink of each suit in the four-colour deck, each at least 4.5:1 against the card's paper (#fffdf8) and
// the page (WCAG AA for text), and the light tint of its face cards' frame.
const FOUR = { h: ["#c8102e", "#fde8ea"], d: ["#0b55b4", "#e3edfa"], c: ["#12692b", "#e2f2e6"], s: ["#161616", "#eceff4"] };

// The ink of a suit in the deck chosen in this browser.
export function suitColour(letter) {
  if (settings.get("deck") === "four" && FOUR[letter]) return FOUR[letter][0];
  return SUITS[letter] && SUITS[letter].red ? "#c8102e" : "#161616";
}

function suitTint(letter) {
  if (settings.get("deck") === "four" && FOUR[letter]) return FOUR[letter][1];
  return SUITS[letter] && SUITS[letter].red ? "#fde8ea" : "#eceff4";
}

// The letters on the faces in the page's language (the notation's A K Q J are English).
const RANK_LETTERS = { nl: { K: "H", Q: "V", J: "B" }, de: { K: "K", Q: "D", J: "B" }, en: {} };
export function rankLabel(rank) {
  return (RANK_LETTERS[getLang()] || {})[rank] || rank;
}

// A suit's name in the page's language, and its symbol in its colour: shared by every game's table.
export function suitName(letter) {
  const names = { en: { h: "hearts", d: "diamonds", c: "clubs", s: "spades" }, nl: { h: "harten", d: "ruiten", c: "klaveren", s: "schoppen" }, de: { h: "Herz", d: "Karo", c: "Kreuz", s: "Pik" } };
  return (names[getLang()] || names.en)[letter] || letter;
}

export function suitSpan(letter) {
  const info = SUITS[letter];
  const node = document.createElement("span");
  // the class names the suit (its colour in the four-colour deck, style.css); red/black the two-colour deck's
  node.className = `suit ${info && info.red ? "red" : "black"} suit-${letter}`;
  node.textContent = info ? info.sym : "?";
  return node;
}

// "Jh", "10s"; a second copy of a doubled deck (Binokel) ends in an apostrophe: "Jh'".
export function parseCard(text) {
  const copy = text.endsWith("'");
  const body = copy ? text.slice(0, -1) : text;
  return { rank: body.slice(0, -1), suit: body.slice(-1), copy };
}

// A card in words in the page's language, for screen readers ("jack of hearts", "harten boer", "Herz Bube").
const SPOKEN = {
  en: { ranks: { A: "ace", K: "king", Q: "queen", J: "jack" }, suits: { h: "hearts", d: "diamonds", c: "clubs", s: "spades" }, join: (r, s) => `${r} of ${s}` },
  nl: { ranks: { A: "aas", K: "heer", Q: "vrouw", J: "boer", 10: "tien", 9: "negen", 8: "acht", 7: "zeven", 6: "zes" }, suits: { h: "harten", d: "ruiten", c: "klaveren", s: "schoppen" }, join: (r, s) => `${s} ${r}` },
  de: { ranks: { A: "Ass", K: "K\u00F6nig", Q: "Dame", J: "Bube", 10: "Zehn", 9: "Neun", 8: "Acht", 7: "Sieben", 6: "Sechs" }, suits: { h: "Herz", d: "Karo", c: "Kreuz", s: "Pik" }, join: (r, s) => `${s} ${r}` },
};
export function cardSpoken(text) {
  const { rank, suit } = parseCard(text);
  const words = SPOKEN[getLang()] || SPOKEN.en;
  return words.join(words.ranks[rank] || rank, words.suits[suit] || suit);
}

// While ``fn`` runs, cardLabel names cards in words (cardSpoken): what a screen reader is given to say (the
// announcements) uses the game modules' own wording of moves, with the cards as the hand names them.
let speaking = false;
export function spokenCards(fn) {
  const was = speaking;
  speaking = true;
  try {
    return fn();
  } finally {
    speaking = was;
  }
}

// A card in short, as the log and the hints write it: the rank's letter in the page's language and the suit's symbol.
export function cardLabel(text) {
  if (speaking) return cardSpoken(text);
  const { rank, suit, copy } = parseCard(text);
  return rankLabel(rank) + (SUITS[suit] ? SUITS[suit].sym : suit) + (copy ? "'" : "");
}

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// One face-up card. The element carries data-card="Jh" so that tests and
// click handlers can find it.
export function cardSvg(text) {
  const { rank: notation, suit } = parseCard(text);
  const rank = rankLabel(notation);
  const info = SUITS[suit] || { sym: "?", red: false };
  const colour = suitColour(suit);
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img", "aria-label": cardSpoken(text) });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#fffdf8", stroke: "#8a8a8a", "stroke-width": 1 }));
  const corner = (x, y, rotate) => {
    const g = el("g", rotate ? { transform: `rotate(180 30 42)` } : {});
    g.appendChild(el("text", { x, y, "font-size": rank === "10" ? 12 : 14, "font-weight": 700, fill: colour, "text-anchor": "middle", "font-family": "Georgia, serif" }, rank));
    g.appendChild(el("text", { x, y: y + 12, "font-size": 12, fill: colour, "text-anchor": "middle" }, info.sym));
    return g;
  };
  svg.appendChild(corner(9, 15, false));
  svg.appendChild(corner(9, 15, true));
  if (notation === "J" || notation === "Q" || notation === "K") {
    svg.appendChild(el("rect", { x: 16, y: 16, width: 28, height: 52, rx: 3, fill: suitTint(suit), stroke: colour, "stroke-width": 0.8 }));
    svg.appendChild(el("text", { x: 30, y: 44, "font-size": 22, "font-weight": 700, fill: colour, "text-anchor": "middle", "font-family": "Georgia, serif" }, rank));
    svg.appendChild(el("text", { x: 30, y: 62, "font-size": 14, fill: colour, "text-anchor": "middle" }, info.sym));
  } else {
    svg.appendChild(el("text", { x: 30, y: 55, "font-size": notation === "A" ? 36 : 28, fill: colour, "text-anchor": "middle" }, info.sym));
  }
  return svg;
}

// The back of a card.
export function backSvg() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img", "aria-label": "card" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#1f4f8a", stroke: "#0f2d52", "stroke-width": 1 }));
  svg.appendChild(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, fill: "none", stroke: "#9cc0ea", "stroke-width": 1.2 }));
  for (let y = 12; y < 76; y += 8) {
    for (let x = 12 + ((y / 8) % 2) * 4; x < 50; x += 8) {
      svg.appendChild(el("rect", { x: x - 2, y: y - 2, width: 4, height: 4, fill: "#3c6fae", transform: `rotate(45 ${x} ${y})` }));
    }
  }
  return svg;
}

// A card wrapped in a <button> (hand) or <div> (table).
export function cardNode(text, { button = false, classes = [] } = {}) {
  const node = document.createElement(button ? "button" : "div");
  node.className = ["card", ...classes].join(" ");
  node.dataset.card = text;
  if (button) node.type = "button";
  else node.setAttribute("role", "img");
  // named in words on the card itself; the drawing's corner letters are not read out one by one
  node.setAttribute("aria-label", cardSpoken(text));
  const svg = cardSvg(text);
  svg.setAttribute("aria-hidden", "true");
  node.appendChild(svg);
  return node;
}

export function backNode(classes = []) {
  const node = document.createElement("div");
  node.className = ["card", "back", ...classes].join(" ");
  node.appendChild(backSvg());
  return node;
}
