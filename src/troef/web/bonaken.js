// Bonaken's part of the browser UI: its actions, bids and events in words, its action panel (bidding,
// laying away, trump, roem, stuk), the score sheet of plus and minus marks and its end screen. The frame
// (app.js) calls these through the game-module interface described at the top of app.js.

import { addTexts, t, getLang } from "./i18n.js";
import { SUITS, SUIT_LETTERS, backNode, cardLabel, cardNode, cardSpoken, suitName, suitSpan } from "./cards.js";
import { displayName, h, seatName } from "./dom.js";
import { bonakenWhy, whyRow } from "./explain.js";

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

// ---------------------------------------------------------------- the game-module interface (see app.js)

// Bonaken's view is the frame's shape already; trump comes as a suit number.
export function tableView(v) {
  return { ...v, trump: typeof v.trump === "number" ? (v.trump >= 0 ? SUIT_LETTERS[v.trump] : null) : v.trump };
}

export function logStep(text) {
  const word = text.split(" ")[0];
  return word === "bid" || text === "pass" ? "bidding" : word === "discard" ? "exchange" : word === "trump" ? "trump" : word === "roem" ? "roem" : "play";
}

// The chance of success of the best few choices, in words (bids: the highest that still makes at least
// half the time and the one above it, then misère, zwabber and bonaak where they have a chance).
// values: each legal action's chance; action: the computer player's choice. A number bid below one shown with a
// better chance says why (the bidding goes round: a higher bid can still come when someone outbids you).
export function hintValues(values, action = "") {
  if (!values || !values.length) return null;
  let shown = values.filter((v) => v.value !== null && v.value !== undefined);
  const numbers = shown.filter((v) => /^bid \d+$/.test(v.action)).sort((a, b) => Number(a.action.split(" ")[1]) - Number(b.action.split(" ")[1]));
  if (numbers.length) {
    const good = numbers.map((v, i) => (v.value >= 0.5 ? i : -1)).filter((i) => i >= 0);
    const picked = good.length ? numbers.slice(good[good.length - 1], good[good.length - 1] + 2) : [numbers[0]];
    shown = [...picked, ...shown.filter((v) => v.action.startsWith("bid ") && !/^bid \d+$/.test(v.action) && v.value > 0)];
  }
  const items = shown.slice(0, 5).map((v) => h("li", {}, t("hintChance", { action: actionWords(v.action), n: Math.round(v.value * 100) })));
  const bid = /^bid (\d+)$/.exec(action || "");
  const higher = bid && shown.slice(0, 5).some((v) => /^bid \d+$/.test(v.action) && Number(v.action.split(" ")[1]) > Number(bid[1]));
  if (higher) items.push(h("li", { class: "hint-why", id: "hint-why" }, t("bo_hintLowBid", { bid: bid[1] })));
  return items.length ? h("ul", { class: "hint-values", id: "hint-values" }, items) : null;
}

// The open cards and blind cards in the middle while bidding (after it the declarer has taken them).
export function centre(v) {
  if (v.phase !== "bidding" || !(v.centre_open.length || v.centre_closed)) return null;
  const box = h("div", { class: "centre", "aria-label": t("centre") });
  for (const card of v.centre_open) box.append(cardNode(card, { classes: ["small"] }));
  for (let i = 0; i < v.centre_closed; i++) box.append(backNode(["small"]));
  return box;
}

export function seatMeta(ctx, seat) {
  const v = ctx.view;
  const m = ctx.match;
  const status = m.status[seat];
  const marks = "+".repeat(m.plus[seat] || 0) + "\u2212".repeat(m.minus[seat] || 0);
  const won = v.tricks_won[seat] || 0;
  return [
    h("span", { class: `status status-${status}`, title: t(`gd_${status}`) }, t(`status_${status}`)),
    marks ? h("span", { class: "marks" }, marks) : null,
    m.points ? h("span", { class: "marks" }, `${m.points[seat]}`) : null,
    v.seats.includes(seat) && v.phase === "play" ? h("span", { class: "won" }, t(won === 1 ? "trickOne" : "trickMany", { n: won })) : null,
  ];
}

// The open bonaak's hand, and the last bid while bidding.
export function seatExtra(ctx, seat) {
  const v = ctx.view;
  const out = [];
  if (v.open_hand && v.declarers[0] === seat && seat !== ctx.viewer) {
    const open = h("div", { class: "open-hand" });
    for (const card of v.open_hand) open.append(cardNode(card, { classes: ["tiny-face"] }));
    out.push(open);
  }
  if (v.phase === "bidding") {
    const last = [...v.events].reverse().find(([s]) => s === seat);
    if (last) out.push(h("div", { class: "bubble" }, last[1] === "pass" ? t("pass") : bidLabel(last[1])));
  }
  return out;
}

export function topTags(ui) {
  const v = ui.view;
  const bits = [];
  if (v.contract) {
    const names = v.declarers.map((s) => seatName(ui.seats, s, ui.seat)).join(" + ");
    bits.push(h("span", { class: "tag contract" }, `${t("contract")}: ${contractLabel(v.contract)} (${names})`));
  }
  if (v.roem_declared) bits.push(h("span", { class: "tag" }, t("roemN", { n: v.roem_declared })));
  return bits;
}

// A card of the hand: laid away in the exchange (picked first, then confirmed), else played.
export function cardAction(v, card) {
  return `${v.phase === "exchange" ? "discard" : "play"} ${card}`;
}

export function cardClasses(ui, card) {
  const out = ui.view.phase === "exchange" && ui.picks.includes(card) ? ["picked"] : [];
  if (fromCentre(ui.view, ui.seat).has(card)) out.push("from-centre");
  return out;
}

addTexts({
  en: { fromCentre: "from the centre", fromCentreMark: "centre", bo_hintLowBid: "Why only {bid}: the bidding goes round until the others pass, so you can still go higher if someone outbids you." },
  nl: { fromCentre: "uit het midden", fromCentreMark: "midden", bo_hintLowBid: "Waarom maar {bid}: het bieden gaat rond tot de anderen passen, dus je kunt nog hoger als iemand over je heen biedt." },
  de: { fromCentre: "aus der Mitte", fromCentreMark: "Mitte", bo_hintLowBid: "Warum nur {bid}: das Bieten geht reihum, bis die anderen passen; du kannst also noch h\u00F6her gehen, wenn dich jemand \u00FCberbietet." },
});

// The cards the seat took from the centre, while it lays away (nk rules 23 and 35: the declarer, the first
// misère player, takes the centre). The open ones were public; the closed ones (blind) reach only the view of
// the seat that took them, so nothing here tells another seat more than it saw.
function fromCentre(v, seat) {
  if (v.phase !== "exchange" || !v.hand || seat === null || v.declarers[0] !== seat) return new Set();
  const held = new Set(v.hand);
  return new Set([...v.centre_open, ...(v.blind || [])].filter((c) => held.has(c)));
}

// A card of the hand taken from the centre says so: a mark on the card and in its spoken name.
export function cardNote(ui, card, node) {
  if (!node.classList.contains("from-centre")) return;
  node.setAttribute("aria-label", `${cardSpoken(card)}, ${t("fromCentre")}`);
  node.append(h("span", { class: "card-note", "aria-hidden": "true" }, t("fromCentreMark")));
}

export function onCard(ui, card) {
  const action = cardAction(ui.view, card);
  if (ui.view.phase !== "exchange") return ui.act(action);
  if (ui.queue.length || ui.pending || !ui.view.legal.includes(action)) return;
  ui.setPicks(ui.picks.includes(card) ? ui.picks.filter((c) => c !== card) : [...ui.picks, card]);
}

// A new state: laying away several cards sends one action each, the next as soon as the last is taken.
export function onState(ui) {
  const v = ui.view;
  if (v.phase !== "exchange" || !ui.myTurn) ui.queue.length = 0;
  if (ui.queue.length && !ui.pending) {
    const next = ui.queue.shift();
    if (v.legal.includes(`discard ${next}`)) ui.act(`discard ${next}`);
    else ui.queue.length = 0;
  }
  if (v.phase !== "exchange") ui.setPicks([], false);
}

export function panel(ui) {
  const v = ui.view;
  const legal = v.legal;
  const out = [];
  if (v.phase === "bidding") {
    if (legal.includes("pass")) out.push(h("button", { type: "button", dataset: { action: "pass" }, onclick: () => ui.act("pass") }, t("pass")));
    const numbers = legal.filter((a) => /^bid \d+$/.test(a));
    if (numbers.length) {
      const sel = h("select", { id: "bid-number", "aria-label": t("bid") }, numbers.map((a) => h("option", { value: a }, bidLabel(a))));
      out.push(h("span", { class: "bid-number" }, sel, h("button", { type: "button", class: "primary", id: "bid-number-go", onclick: () => ui.check(sel.value) }, t("bid"))));
    }
    const specials = legal.filter((a) => a.startsWith("bid ") && !/^bid \d+$/.test(a));
    const plain = specials.filter((a) => a.split(" ").length === 2);
    const withRoem = specials.filter((a) => a.split(" ").length > 2);
    for (const a of plain) out.push(h("button", { type: "button", dataset: { action: a }, onclick: () => ui.check(a) }, bidLabel(a)));
    if (withRoem.length) {
      const sel = h("select", { id: "bid-special", "aria-label": t("bid") }, withRoem.map((a) => h("option", { value: a }, bidLabel(a))));
      out.push(h("span", { class: "bid-number" }, sel, h("button", { type: "button", id: "bid-special-go", onclick: () => ui.check(sel.value) }, t("bid"))));
    }
  } else if (v.phase === "exchange") {
    const others = v.seats.filter((s) => s !== ui.seat).map((s) => v.hand_sizes[s]);
    const need = Math.max(1, v.hand.length - Math.min(...others));
    const idx = v.declarers.indexOf(ui.seat);
    const passOn = v.declarers.length > 1 && idx < v.declarers.length - 1;
    out.push(h("p", { class: "prompt", id: "exchange-prompt" }, t(passOn ? "passOnPick" : "layAwayPick", { n: need })));
    // laying away cannot be undone: the cards are picked first, then confirmed
    const picked = ui.picks.filter((c) => legal.includes(`discard ${c}`));
    out.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "discard-go",
          disabled: picked.length !== need,
          onclick: () => {
            ui.queue.splice(0, ui.queue.length, ...picked.slice(1));
            ui.setPicks([], false);
            ui.act(`discard ${picked[0]}`);
          },
        },
        t(passOn ? "passOnGo" : "layAwayGo", { n: picked.length, cards: picked.map(cardLabel).join(" ") }),
      ),
    );
  } else if (v.phase === "trump") {
    out.push(h("span", { class: "label" }, t("nameTrump"), ": "));
    for (const a of legal.filter((x) => x.startsWith("trump "))) {
      const letter = a.split(" ")[1];
      out.push(h("button", { type: "button", class: "suit-button", dataset: { action: a }, onclick: () => ui.act(a) }, suitSpan(letter), " ", suitName(letter)));
    }
    out.push(h("p", { class: "muted small" }, t("orLead")));
  } else if (v.phase === "roem") {
    out.push(h("span", { class: "label" }, t("declareRoem"), ": "));
    // the totals offered are those the cards in hand can show: nothing here is false roem
    for (const a of legal) out.push(h("button", { type: "button", dataset: { action: a }, onclick: () => ui.act(a) }, actionLabel(a)));
  } else if (v.phase === "play") {
    if (legal.includes("stuk")) out.push(h("button", { type: "button", dataset: { action: "stuk" }, onclick: () => ui.act("stuk") }, t("stuk")));
  }
  return out;
}

// The words of a warning the server gives before a risky action (false roem).
export function warningText(code, action) {
  return t(`warn_${code}`, { bid: bidLabel(action) });
}

export function sheet(ctx) {
  const { seats, viewer, match: m } = ctx;
  const table = ctx.view.table;
  const head = h("tr", {}, h("th", {}, "#"), h("th", {}, t("contract")), Array.from({ length: table }, (_, s) => h("th", {}, seatName(seats, s, viewer))));
  const rows = m.rows.map((r) => [
    h("tr", {}, h("td", {}, r.hand), h("td", {}, contractLabel(r.contract)), Array.from({ length: table }, (_, s) => h("td", { class: r.declarers.includes(s) ? "decl" : "" }, r.marks[String(s)] || ""))),
    whyRow(bonakenWhy(r, seats, viewer, contractLabel), 2 + table, r.hand),
  ]);
  const status = h("tr", { class: "foot" }, h("td", {}), h("td", {}, t("status")), Array.from({ length: table }, (_, s) => h("td", {}, t(`status_${m.status[s]}`))));
  const marks = h("tr", { class: "foot" }, h("td", {}), h("td", {}, "+ / \u2212"), Array.from({ length: table }, (_, s) => h("td", {}, m.points ? `${m.points[s]}` : `${m.plus[s]} / ${m.minus[s]}`)));
  const foot = [status, marks];
  if (m.table_points) foot.push(h("tr", { class: "foot" }, h("td", {}), h("td", {}, t("tablePoints")), Array.from({ length: table }, (_, s) => h("td", {}, m.table_points[String(s)]))));
  const legend = h("dl", { class: "glossary legend" }, ["suf", "krom", "recht", "wip", "eruit", "erin"].map((w) => [h("dt", {}, t(`status_${w}`)), h("dd", {}, t(`gd_${w}`))]));
  return [h("div", { class: "sheet-wrap" }, h("table", { class: `sheet players-${table}`, id: "sheet" }, h("thead", {}, head), h("tbody", {}, rows, foot))), legend];
}

export function endSummary(ctx) {
  const { seats, viewer, match: m } = ctx;
  const losers = m.losers.map((s) => seatName(seats, s, viewer)).join(", ");
  // who won: first in the standing and not among the losers (nk counts table points, the others plus/minus)
  const standing = m.standing || [];
  const best = standing.length && standing[0].table_points !== undefined ? Math.max(...standing.map((r) => r.table_points)) : null;
  const winners = standing.filter((r) => !m.losers.includes(r.seat) && (best !== null ? r.table_points === best : r.status === "eruit")).map((r) => seatName(seats, r.seat, viewer));
  const rows = standing.map((r) => h("tr", {}, h("td", {}, seatName(seats, r.seat, viewer)), h("td", {}, t(`status_${r.status}`)), h("td", {}, r.points !== undefined ? r.points : `${r.plus} / ${r.minus}`), r.table_points !== undefined ? h("td", {}, r.table_points) : null));
  const head = h("tr", {}, h("th", {}, ""), h("th", {}, t("status")), h("th", {}, "+ / \u2212"), m.table_points ? h("th", {}, t("tablePoints")) : null);
  // the hand that decided the match: the last row of the score sheet
  const last = m.rows && m.rows.length ? m.rows[m.rows.length - 1] : null;
  const deciding = last
    ? h("p", { class: "deciding muted", id: "deciding-hand" }, t("decidingHand", { n: last.hand, contract: contractLabel(last.contract), names: last.declarers.map((s) => `${seatName(seats, s, viewer)} ${last.marks[String(s)] || ""}`.trim()).join(", ") }))
    : null;
  return [
    winners.length ? h("p", { class: "winner", id: "winner" }, t(winners.length > 1 ? "winnersAre" : "winnerIs", { names: winners.join(", ") })) : null,
    losers ? h("p", { class: "buys", id: "buys-round" }, t(m.losers.length > 1 ? "buyRound" : "buysRound", { names: losers })) : null,
    deciding,
    h("table", { class: "sheet standing" }, h("thead", {}, head), h("tbody", {}, rows)),
  ];
}

// The banner of a finished hand: contract, who made it or not and why, card points and roem.
export function handResult(ctx, hand, view) {
  const r = view.result;
  if (!r) return null;
  const { seats, viewer } = ctx;
  const lines = [];
  if (r.redeal) lines.push(h("strong", {}, t("allPassed", { n: hand })));
  else {
    const names = r.declarers.map((s) => seatName(seats, s, viewer)).join(" + ");
    lines.push(h("strong", {}, t("handResult", { n: hand, contract: contractLabel(r.contract), names })));
    for (const s of r.declarers) {
      if (r.won[s] === undefined) continue;
      lines.push(h("div", { class: r.won[s] ? "won-line" : "lost-line" }, `${seatName(seats, s, viewer)}: ${r.won[s] ? "+" : "\u2212"} ${t(`reason_${r.reasons[s]}`)}`));
    }
    if (ctx.brief) return lines;
    lines.push(h("div", { class: "muted small" }, `${t("cardPoints", { n: r.card_points })} \u00B7 ${t("roemCounted", { n: r.roem_counted + r.trick_roem })}`));
  }
  return lines;
}

// A finished table's result in the lobby: who buys the round.
export function resultText(result, seats) {
  const losers = (result?.losers || []).map((s) => displayName(seats[s]?.name || `${s + 1}`)).join(", ");
  return losers ? t(result.losers.length > 1 ? "buyRound" : "buysRound", { names: losers }) : "";
}
