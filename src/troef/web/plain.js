// The plain table: the browser's table of any game that names no module of its own but gives a table
// view (troef.core.game.TableView: the "table" field of its state frames), as the terminal's PlainTable
// plays it. It implements the game-module interface described at the top of app.js from that view alone,
// and words the game's deal, actions and phases from the game's own catalogue (GET /api/games/<game>/texts,
// i18n.js gameWord) in the page's language. The server serves it once per game, as
// /static/plain.js?game=<name>, so that each game has a module of its own.

import { gameWord, loadGameTexts, t } from "./i18n.js";
import { SUIT_LETTERS, suitName, suitSpan } from "./cards.js";
import { displayName, h, seatName } from "./dom.js";

const GAME = new URL(import.meta.url).searchParams.get("game");
await loadGameTexts(GAME);

const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];

// "Ah" -> troef's card number (copy * 32 + suit * 8 + rank), what the game's catalogue words as {card:card}.
function cardNumber(text) {
  const copy = text.endsWith("'") ? 1 : 0;
  const body = copy ? text.slice(0, -1) : text;
  const suit = SUIT_LETTERS.indexOf(body.slice(-1));
  const rank = RANKS.indexOf(body.slice(0, -1));
  return suit < 0 || rank < 0 ? null : copy * 32 + suit * 8 + rank;
}

function own(key, params = {}) {
  return gameWord(GAME, key, params);
}

export const GLOSSARY = {};

// The game's name of a deal ("spel 2", "Spiel 2"), else the frame's.
export const WORDS = {};
export function handTag(ui) {
  return own("deal", { n: ui.view.deal }) || t("hand", { n: ui.view.deal });
}

export function tableView(raw) {
  const v = raw.table;
  const seats = Array.from({ length: v.seats }, (_, s) => s);
  return {
    ...v,
    table: v.seats,
    seats,
    declarers: [],
    trump: v.trump === null ? null : SUIT_LETTERS[v.trump],
    tricks: v.tricks.map(([cards, winner]) => ({ cards, winner })),
    tricks_won: seats.map((s) => v.tricks.filter(([, w]) => w === s).length),
    hand: v.viewer >= 0 ? v.hand : null,
    result: v.phase === "done" ? { score: v.score } : null,
  };
}

export function logStep() {
  return "play";
}

export function actionWords(action) {
  const [verb, ...rest] = action.split(" ");
  const card = cardNumber(rest.join(" "));
  return own(`action_${verb}`, card === null ? { rest: rest.join(" ") } : { card, rest: rest.join(" ") }) || action;
}

export function eventWords(name, action) {
  return `${name}: ${actionWords(action)}`;
}

// The legal action that plays ``card`` (the hand's cards are clicked), else "play <card>".
export function cardAction(v, card) {
  return v.legal.find((a) => a.split(" ").slice(1).join(" ") === card) || `play ${card}`;
}

// Buttons for the legal actions that are no card of the hand (a bid, a pass): worded by the game.
export function panel(ui) {
  const v = ui.view;
  const hand = new Set(v.hand || []);
  return v.legal
    .filter((a) => !hand.has(a.split(" ").slice(1).join(" ")))
    .map((a) => h("button", { type: "button", dataset: { action: a }, onclick: () => ui.act(a) }, actionWords(a)));
}

export function seatMeta(ctx, seat) {
  const n = ctx.view.tricks_won[seat];
  return [h("span", { class: "won" }, t(n === 1 ? "trickOne" : "trickMany", { n }))];
}

export function seatExtra() {
  return [];
}

export function topTags(ui) {
  const v = ui.view;
  const bits = [];
  if (v.trump) bits.push(h("span", { class: "tag contract", id: "trump-tag" }, t("trump"), ": ", suitSpan(v.trump), " ", suitName(v.trump)));
  const score = v.seats.map((s) => `${seatName(ui.seats, s, ui.seat)} ${v.score[s]}`).join(" \u00B7 ");
  bits.push(h("span", { class: "tag", id: "plain-score" }, score));
  return bits;
}

// The score sheet: each seat's score in the match, from the table view.
export function sheet(ctx) {
  const { seats, viewer, view: v } = ctx;
  const rows = v.seats.map((s) => h("tr", {}, h("td", {}, seatName(seats, s, viewer)), h("td", { id: `total-${s}` }, v.score[s])));
  return [h("table", { class: "sheet", id: "sheet" }, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("points")))), h("tbody", {}, rows))];
}

function leaders(v) {
  const best = Math.max(...v.score);
  return v.seats.filter((s) => v.score[s] === best);
}

export function endSummary(ctx) {
  const { seats, viewer, view: v } = ctx;
  const won = leaders(v);
  const names = won.map((s) => seatName(seats, s, viewer)).join(" & ");
  return [h("p", { class: "winner", id: "winner" }, t(won.length === 1 ? "winnerIs" : "winnersAre", { names })), ...sheet(ctx)];
}

export function handResult(ctx, hand, view) {
  if (!view || view.phase !== "done") return null;
  const { seats, viewer } = ctx;
  const head = h("strong", {}, own("deal", { n: hand }) || t("hand", { n: hand }));
  const lines = view.seats.map((s) => h("div", { class: "muted small" }, `${seatName(seats, s, viewer)}: ${t(view.tricks_won[s] === 1 ? "trickOne" : "trickMany", { n: view.tricks_won[s] })}`));
  return [head, ...lines];
}

export function hintValues(values) {
  if (!values || !values.length) return null;
  const items = values
    .filter((x) => x.value !== null && x.value !== undefined)
    .slice(0, 5)
    .map((x) => h("li", {}, `${actionWords(x.action)}: ${Math.round(x.value * 100)}%`));
  return items.length ? h("ul", { class: "hint-values", id: "hint-values" }, items) : null;
}

export function warningText(code) {
  return t(`warn_${code}`);
}

export function resultText(result, seats) {
  const scores = result && result.scores;
  if (!scores) return "";
  const best = Math.max(...Object.values(scores));
  const names = Object.keys(scores).filter((s) => scores[s] === best).map((s) => displayName(seats[s]?.name || `${Number(s) + 1}`));
  return t(names.length === 1 ? "winnerIs" : "winnersAre", { names: names.join(" & ") });
}
