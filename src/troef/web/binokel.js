// Binokel's part of the browser UI (docs/rules/binokel.md): bidding in steps of 10 or 20, naming trump, the
// four cards passed each way between the bid winner and his partner (picked, then confirmed), every seat's
// melds laid out at its place with their values, conceding or playing, the running score to the target
// (1000, 1500 or 2000), the score sheet and the end screen. The frame (app.js) calls these through the
// game-module interface described at the top of app.js. Texts are the bk_* keys of i18n.js (de, nl, en).

import { t } from "./i18n.js";
import { SUITS, cardLabel, cardNode, suitSpan } from "./cards.js";
import { displayName, h, seatName } from "./dom.js";
import { binokelWhy, whyRow } from "./explain.js";

const PHASES_GIVING = ["give", "return"];
// a view writes the second copy of a card with an apostrophe ("Ah'"); actions name the card only ("play Ah")
const kind = (card) => card.replace("'", "");
const sideOf = (seat) => seat & 1;
const sideSeats = (side) => [side, side + 2];

// Binokel's own few style rules (its many cards in hand overlap more; the melds), in web/binokel.css.
if (typeof document !== "undefined" && !document.getElementById("bk-style")) {
  document.head.append(h("link", { id: "bk-style", rel: "stylesheet", href: "/static/binokel.css" }));
}

export function suitName(letter) {
  return t(`bk_suit_${letter}`);
}

function suitWords(letter) {
  return `${SUITS[letter] ? SUITS[letter].sym : ""} ${suitName(letter)}`;
}

export function meldName(name) {
  return t(`bkm_${name}`);
}

function sideNames(seats, side, viewer) {
  return sideSeats(side).map((s) => seatName(seats, s, viewer)).join(" & ");
}

function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

// ---------------------------------------------------------------- words

// An action in words a player reads (hints): "Reizen: 270", "Trumpf: ♥ Herz", "geben: A♥", "abgehen", "spielen: A♥".
export function actionWords(action) {
  const [word, arg, ...more] = action.split(" ");
  // a suggestion of several cards to pass at once ("give Ah Ad 10h Kh") names them all
  if (word === "give" && more.length) return t("bk_w_give", { card: [arg, ...more].map(cardLabel).join(" ") });
  if (word === "bid") return t("bk_w_bid", { n: arg });
  if (word === "pass") return t("bk_pass");
  if (word === "trump") return t("bk_w_trump", { suit: suitWords(arg) });
  if (word === "give") return t("bk_w_give", { card: cardLabel(arg) });
  if (word === "concede") return t("bk_concede");
  if (word === "play") return t("bk_w_play", { card: cardLabel(arg) });
  return action;
}

// A logged move in words; a passed card is logged as "give" only (nobody else may see which card).
export function eventWords(name, text) {
  const [word, arg] = text.split(" ");
  if (word === "bid") return t("bk_ev_bid", { name, n: arg });
  if (word === "pass") return t("bk_ev_pass", { name });
  if (word === "trump") return t("bk_ev_trump", { name, suit: suitWords(arg) });
  if (word === "give") return arg ? t("bk_ev_give_own", { name, card: cardLabel(arg) }) : t("bk_ev_give", { name });
  if (word === "concede") return t("bk_ev_concede", { name });
  if (word === "play") return t("bk_ev_play", { name, card: cardLabel(arg) });
  return `${name}: ${text}`;
}

export function logStep(text) {
  const word = text.split(" ")[0];
  if (word === "bid" || word === "pass") return "bidding";
  if (word === "trump") return "trump";
  if (word === "give") return "give";
  return "play";
}

// The words of the rules panel (g_<w> and gd_<w> in i18n.js).
export const GLOSSARY = {
  binokel: ["bk_reizen", "bk_druecken", "bk_melden", "bk_sequenz", "bk_binokel", "bk_abgehen", "bk_stechen", "bk_zaehlen"],
};

// ---------------------------------------------------------------- the game-module interface (see app.js)

// A deal is a round ("Runde"), never Bonaken's "gift" (games.js word()).
export const WORDS = { hand: "bk_roundN", phase_done: "bk_phase_done", captionDeal: "bk_captionDeal" };

// Binokel's view in the frame's terms: four seats all playing, the bid winner as the declarer.
export function tableView(v) {
  return { ...v, table: 4, seats: [0, 1, 2, 3], declarers: v.declarer >= 0 ? [v.declarer] : [] };
}

// What the hint search (games/binokel/hints.py) thinks of the legal actions: for bids and trump suits the
// chance of making the bid, for cards the share of the trick points still out that the side takes; in the
// exchange the four cards it suggests passing (no values).
export function hintValues(values) {
  if (!values || !values.length) return null;
  if (values.every((v) => v.action.startsWith("give "))) {
    const best = values.filter((v) => v.best).map((v) => cardLabel(v.action.split(" ")[1]));
    return best.length ? h("p", { class: "hint-values", id: "hint-values" }, t("bk_hintGive", { cards: best.join(" ") })) : null;
  }
  const shown = values.filter((v) => typeof v.value === "number").sort((a, b) => b.value - a.value);
  if (!shown.length) return null;
  const key = (action) => (/^(bid|trump) /.test(action) ? "bk_hintChance" : /^(play |concede)/.test(action) ? "bk_hintShare" : "bk_hintValue");
  const items = shown.slice(0, 5).map((v) => h("li", {}, t(key(v.action), { action: actionWords(v.action), n: Math.round(v.value * 100) })));
  return h("ul", { class: "hint-values", id: "hint-values" }, items);
}

function meldValue(v, seat) {
  return (v.melds[seat] || []).reduce((sum, m) => sum + m.value, 0);
}

function tricksWon(v, seat) {
  return v.tricks.filter((tr) => tr.winner === seat).length;
}

// Where the seats sit (percent of the felt): the partner opposite, a little lower than the frame puts him,
// so that his melds below his name stay on the felt.
export function seatPositions(n, bottom) {
  const spots = [{ x: 50, y: 96 }, { x: 11, y: 46 }, { x: 50, y: 22 }, { x: 89, y: 46 }];
  const out = {};
  for (let i = 0; i < n; i++) out[(bottom + i) % n] = spots[i];
  return out;
}

// Where a seat's card of the trick lies: lower than the frame's spot, below the partner's meld list at the top.
// On a phone that list is below the partner's name: the trick lies lower still, in a fan
// (the partner's card a little to the left, yours a little to the right) so that each card's corner shows.
export function trickSpot(pos) {
  if (!window.matchMedia("(max-width: 700px)").matches) return { x: 50 + (pos.x - 50) * 0.3, y: 62 + (pos.y - 50) * 0.12 };
  const fan = pos.y < 40 ? -7 : pos.y > 60 ? 7 : 0;
  return { x: 50 + (pos.x - 50) * 0.45 + fan, y: 77 + (pos.y - 50) * 0.1 };
}

export function seatMeta(ctx, seat) {
  const v = ctx.view;
  const out = [];
  if (v.declarer === seat) out.push(h("span", { class: "marks bk-bid", title: t("bk_bidWinner") }, t("bk_bidShort", { n: v.bid })));
  if (v.phase === "play" || v.phase === "done") {
    const won = tricksWon(v, seat);
    out.push(h("span", { class: "won" }, t(won === 1 ? "trickOne" : "trickMany", { n: won })));
  }
  return out;
}

// A seat's melds, laid out at its place once the exchange is over: the total, each meld's name and value,
// and (until the first trick is taken, when everyone studies them) their cards in one compact row.
function meldBox(v, seat, beside = false) {
  const melds = v.melds[seat];
  if (!melds) return null;
  const box = h("div", { class: `bk-melds${beside ? " beside" : ""}`, dataset: { seat } });
  box.append(h("div", { class: "bk-meld-total" }, t("bk_meldTotal", { n: meldValue(v, seat) })));
  if (melds.length) {
    const names = melds.map((m, i) => [i ? " \u00B7 " : "", h("span", { class: "bk-meld-name", dataset: { meld: m.name } }, `${meldName(m.name)} ${m.value}`)]);
    box.append(h("div", { class: "bk-meld-names" }, names));
  }
  // the cards only while everyone studies them: from the first card played the list is short, so that the
  // trick is never drawn over it
  if (!v.tricks.length && !v.trick.length && melds.length) {
    const row = h("div", { class: "open-hand bk-meld-cards" });
    melds.forEach((m, i) => {
      if (i) row.append(h("span", { class: "bk-gap" }));
      for (const c of m.cards) row.append(cardNode(c, { classes: ["tiny-face"] }));
    });
    box.append(row);
  }
  return box;
}

// The last bid of each seat while bidding; the melds from the play on; the cards the viewer passed and got.
export function seatExtra(ctx, seat) {
  const v = ctx.view;
  const out = [];
  if (v.phase === "bidding") {
    const last = [...v.events].reverse().find(([s]) => s === seat);
    if (last) out.push(h("div", { class: "bubble" }, last[1] === "pass" ? t("bk_pass") : last[1].split(" ")[1]));
  }
  if (PHASES_GIVING.includes(v.phase) && (seat === v.declarer || seat === (v.declarer + 2) % 4)) {
    const giver = v.phase === "give" ? (v.declarer + 2) % 4 : v.declarer;
    if (seat === giver) out.push(h("div", { class: "bubble bk-giving" }, t("bk_giving", { n: v.phase === "give" ? v.exchanged : v.exchanged - 4 })));
  }
  // the cards the viewer passed and got, until the first trick is taken
  const passing = PHASES_GIVING.includes(v.phase) || (v.phase === "play" && !v.tricks.length);
  if (seat === ctx.viewer && (v.gave?.length || v.received?.length) && passing) {
    const line = (key, cards, id) => (cards.length ? h("div", { class: "bk-passed", id }, t(key), " ", h("span", { class: "open-hand" }, cards.map((c) => cardNode(c, { classes: ["tiny-face"] })))) : null);
    out.push(line("bk_gave", v.gave, "bk-gave"), line("bk_received", v.received, "bk-received"));
  }
  // the seat at the top shows its melds beside its name on a wide screen, where the felt is low: below it
  // they would reach down to the trick
  const bottom = ctx.viewer >= 0 ? ctx.viewer : 0;
  if (v.melds && v.melds.length) out.push(meldBox(v, seat, seat === (bottom + 2) % 4));
  return out;
}

// The bid and its player, trump, the sides' meld and trick points this round, and the running score.
export function topTags(ui) {
  const v = ui.view;
  const m = ui.match;
  const bits = [];
  if (v.declarer >= 0) bits.push(h("span", { class: "tag contract", id: "bk-contract" }, t("bk_contractTag", { n: v.bid, name: seatName(ui.seats, v.declarer, ui.seat) })));
  if (v.trump) bits.push(h("span", { class: "tag", id: "bk-trump" }, t("trump"), ": ", suitSpan(v.trump), " ", suitName(v.trump)));
  if (v.phase === "play") {
    bits.push(h("span", { class: "tag", id: "bk-round-points" }, t("bk_roundTag", { a: v.meld_total[0], b: v.meld_total[1], c: v.trick_points[0], d: v.trick_points[1] })));
  }
  const totals = m.totals || v.totals;
  const target = m.target || v.target;
  bits.push(
    h(
      "span",
      { class: "tag", id: "bk-score", title: t("bk_targetHelp", { n: target }) },
      t("bk_scoreTag", { a: sideNames(ui.seats, 0, ui.seat), x: totals[0], b: sideNames(ui.seats, 1, ui.seat), y: totals[1], n: target }),
    ),
  );
  return bits;
}

// The top bar's round number: Binokel is played in rounds ("Runde").
export function handTag(ui) {
  return t("bk_roundN", { n: ui.view.round + 1 });
}

// A card of the hand: passed in the exchange (four picked first, then confirmed), else played.
export function cardAction(v, card) {
  return `${PHASES_GIVING.includes(v.phase) ? "give" : "play"} ${kind(card)}`;
}

export function cardClasses(ui, card) {
  const v = ui.view;
  const out = ["bk-card"];
  if (PHASES_GIVING.includes(v.phase) && ui.picks.includes(card)) out.push("picked");
  return out;
}

export function onCard(ui, card) {
  const v = ui.view;
  const action = cardAction(v, card);
  if (!PHASES_GIVING.includes(v.phase)) return ui.act(action);
  if (ui.queue.length || ui.pending || !v.legal.includes(action)) return;
  const need = 4 - v.gave.length;
  if (ui.picks.includes(card)) ui.setPicks(ui.picks.filter((c) => c !== card));
  else if (ui.picks.length < need) ui.setPicks([...ui.picks, card]);
}

// A new state: the four passed cards go one action each, the next as soon as the last is taken.
export function onState(ui) {
  const v = ui.view;
  if (!PHASES_GIVING.includes(v.phase) || !ui.myTurn) ui.queue.length = 0;
  if (ui.queue.length && !ui.pending) {
    const next = ui.queue.shift();
    if (v.legal.includes(`give ${next}`)) ui.act(`give ${next}`);
    else ui.queue.length = 0;
  }
  if (!PHASES_GIVING.includes(v.phase) || !ui.myTurn) ui.setPicks([], false);
}

export function panel(ui) {
  const v = ui.view;
  const legal = v.legal;
  const out = [];
  if (v.phase === "bidding") {
    const high = [...v.bids].reverse().find(([, b]) => b > 0);
    out.push(h("p", { class: "prompt", id: "bk-bid-prompt" }, high ? t("bk_highBid", { n: high[1], name: seatName(ui.seats, high[0], ui.seat) }) : t("bk_firstBid", { n: legal.find((a) => a.startsWith("bid "))?.split(" ")[1] || "" })));
    if (legal.includes("pass")) out.push(h("button", { type: "button", dataset: { action: "pass" }, onclick: () => ui.act("pass") }, t("bk_pass")));
    for (const a of legal.filter((x) => x.startsWith("bid "))) {
      const n = Number(a.split(" ")[1]);
      const step = high ? ` (+${n - high[1]})` : "";
      out.push(h("button", { type: "button", class: "primary", dataset: { action: a }, onclick: () => ui.act(a) }, t("bk_bidN", { n }), step));
    }
  } else if (v.phase === "trump") {
    out.push(h("span", { class: "label" }, t("bk_nameTrump"), ": "));
    for (const a of legal.filter((x) => x.startsWith("trump "))) {
      const letter = a.split(" ")[1];
      out.push(h("button", { type: "button", class: "suit-button", dataset: { action: a }, onclick: () => ui.act(a) }, suitSpan(letter), " ", suitName(letter)));
    }
  } else if (PHASES_GIVING.includes(v.phase)) {
    const to = v.phase === "give" ? v.declarer : (v.declarer + 2) % 4;
    const need = 4 - v.gave.length;
    const picked = ui.picks.filter((c) => legal.includes(`give ${kind(c)}`));
    out.push(h("p", { class: "prompt", id: "give-prompt" }, t(v.phase === "give" ? "bk_givePick" : "bk_returnPick", { n: need, name: seatName(ui.seats, to, ui.seat) })));
    // passing cannot be undone: the cards are picked first, then confirmed
    out.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "give-go",
          disabled: picked.length !== need,
          onclick: () => {
            const actions = picked.map(kind);
            ui.queue.splice(0, ui.queue.length, ...actions.slice(1));
            ui.setPicks([], false);
            ui.act(`give ${actions[0]}`);
          },
        },
        t("bk_giveGo", { n: picked.length, need, cards: picked.map(cardLabel).join(" ") }),
      ),
    );
  } else if (v.phase === "play" && legal.includes("concede")) {
    const side = sideOf(ui.seat);
    out.push(h("p", { class: "prompt", id: "concede-prompt" }, t("bk_concedeWhy", { bid: v.bid, meld: v.meld_total[side] })));
    out.push(h("button", { type: "button", id: "concede", dataset: { action: "concede" }, onclick: () => ui.act("concede") }, t("bk_concedeGo", { n: v.bid })));
  }
  return out;
}

export function warningText(code, action) {
  return t(`warn_${code}`, { bid: actionWords(action) });
}

// ---------------------------------------------------------------- score sheet, round result, end

export function sheet(ctx) {
  const { seats, viewer, match: m } = ctx;
  const names = [sideNames(seats, 0, viewer), sideNames(seats, 1, viewer)];
  const head1 = h("tr", {}, h("th", { rowspan: 2 }, "#"), h("th", { rowspan: 2 }, t("bk_game")), names.map((n) => h("th", { colspan: 4 }, n)));
  const head2 = h("tr", {}, [0, 1].map(() => [h("th", {}, t("bk_meld")), h("th", {}, t("bk_tricks")), h("th", {}, t("bk_round")), h("th", {}, t("bk_total"))]));
  const rows = (m.rows || []).map((r) => {
    const how = r.conceded ? t("bk_conceded") : r.made ? t("bk_made") : t("bk_lost");
    const game = `${seatName(seats, r.declarer, viewer)} ${r.bid}${r.trump ? ` ${SUITS[r.trump].sym}` : ""} \u00B7 ${how}`;
    return [
      h("tr", {}, h("td", {}, r.round), h("td", { class: `bk-game ${r.made ? "won-line" : "lost-line"}` }, game), [0, 1].map((s) => [h("td", {}, r.meld[s]), h("td", {}, r.conceded ? "\u2013" : r.tricks[s]), h("td", { class: s === r.side ? "decl" : "" }, signed(r.delta[s])), h("td", {}, r.totals[s])])),
      whyRow(binokelWhy(r, seats, viewer, sideNames), 10, r.round),
    ];
  });
  const foot = h("tr", { class: "foot" }, h("td", {}), h("td", {}, t("bk_target", { n: m.target })), [0, 1].map((s) => [h("td", { colspan: 3 }), h("td", { class: "bk-total", dataset: { side: s } }, m.totals[s])]));
  return [h("div", { class: "sheet-wrap" }, h("table", { class: "sheet players-4 bk-sheet", id: "sheet" }, h("thead", {}, head1, head2), h("tbody", {}, rows, foot)))];
}

export function endSummary(ctx) {
  const { seats, viewer, match: m } = ctx;
  const out = [];
  if (m.winner !== null && m.winner !== undefined) {
    out.push(h("p", { class: "winner", id: "winner" }, t("bk_winners", { names: sideNames(seats, m.winner, viewer) })));
  }
  const rows = [0, 1].map((s) => h("tr", { class: s === m.winner ? "won-line" : "" }, h("td", {}, sideNames(seats, s, viewer)), h("td", { class: "bk-final", dataset: { side: s } }, m.totals[s])));
  out.push(h("p", { class: "muted" }, t("bk_target", { n: m.target }), " \u00B7 ", t("bk_rounds", { n: (m.rows || []).length })));
  out.push(h("table", { class: "sheet standing", id: "bk-standing" }, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("bk_total")))), h("tbody", {}, rows)));
  return out;
}

// The banner of a finished round: the bid and whether it was made, each side's meld, trick points and score.
export function handResult(ctx, hand, view) {
  const r = view.result;
  if (!r) return null;
  const { seats, viewer } = ctx;
  const lines = [h("strong", {}, t("bk_roundResult", { n: hand, name: seatName(seats, view.declarer, viewer), bid: r.bid, suit: view.trump ? suitWords(view.trump) : "" }))];
  const how = r.conceded ? "bk_resultConceded" : r.made ? "bk_resultMade" : "bk_resultLost";
  lines.push(h("div", { class: r.made ? "won-line" : "lost-line", id: "bk-result-how" }, t(how, { bid: r.bid, n: r.meld[r.bidder_side] + r.tricks[r.bidder_side] })));
  if (ctx.brief) return lines;
  for (const s of [0, 1]) {
    lines.push(h("div", { class: "muted small" }, t("bk_resultSide", { names: sideNames(seats, s, viewer), meld: r.meld[s], tricks: r.tricks[s], delta: signed(r.delta[s]) })));
  }
  return lines;
}

// A finished table's result in the lobby.
export function resultText(result, seats) {
  if (!result || result.winner === null || result.winner === undefined) return "";
  const names = sideSeats(result.winner).map((s) => displayName(seats[s]?.name || `${s + 1}`)).join(" & ");
  return t("bk_resultText", { names, a: result.totals[0], b: result.totals[1] });
}

// The lobby's partnership line: the four-player game (preset cardgames) is two sides, seat s with seat s + 2.
export const partners = (players) => players === 4;
