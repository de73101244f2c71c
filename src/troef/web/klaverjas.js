// Klaverjas's part of the browser UI (presets kraken, amsterdam, rotterdam): four seats in two sides
// (seats 0 and 2 against 1 and 3, your partner opposite), naming trump (play or pass in "vrij"), the
// kraak chain with who may still speak and the kraaks each side owes, roem declared from the hand and
// its afkeuren, roem falling in tricks, the score sheet of the deals and the end screen. The frame
// (app.js) calls these through the game-module interface described at the top of app.js; everything
// shown comes from the seat's view (the partner's cards are as hidden as the opponents').

import { t } from "./i18n.js";
import { SUITS, cardLabel, suitName, suitSpan } from "./cards.js";
import { displayName, h, seatName } from "./dom.js";
import { klaverjasWhy, whyRow } from "./explain.js";


export const GLOSSARY = {
  klaverjas: ["kj_troef", "kj_verplicht", "kj_vrij", "kj_kraak", "kj_rekraak", "kj_superkraak", "kj_quota", "kj_roem", "kj_stuk", "kj_afkeuren", "nat", "pit", "kruisen"],
};

const CHAIN = ["kraak", "rekraak", "superkraak"];

// Who may say the next word of the kraak chain, in turn (the engine's kraak.speakers): at levels 0 and 2
// the other side, from the declarer's left; at level 1 the declarer's side, the declarer first.
function speakers(declarer, level) {
  return level % 2 === 0 ? [(declarer + 1) % 4, (declarer + 3) % 4] : [declarer, (declarer + 2) % 4];
}

function sideNames(seats, side, viewer) {
  return `${seatName(seats, side, viewer)} & ${seatName(seats, side + 2, viewer)}`;
}

// "we" and "they" for a seat, the two sides' names for a spectator
function sideLabel(seats, side, viewer) {
  if (viewer === null || viewer === undefined || viewer < 0) return sideNames(seats, side, viewer);
  return (viewer & 1) === side ? t("kj_we") : t("kj_they");
}

// A deal is a "spel" (sixteen make a boom), never Bonaken's "gift" (games.js word()).
export const WORDS = { hand: "kj_hand", phase_done: "kj_phase_done", captionDeal: "kj_captionDeal" };

export function tableView(v) {
  const row = v.phase === "done" ? v.sheet.find((r) => r.deal === v.deal) || null : null;
  return {
    ...v,
    table: 4,
    seats: [0, 1, 2, 3],
    declarers: v.declarer >= 0 && v.phase !== "choose" ? [v.declarer] : [],
    // the frame counts tricks per seat: a side's tricks belong to both its seats
    side_tricks: v.tricks_won,
    tricks_won: [0, 1, 2, 3].map((s) => v.tricks_won[s & 1]),
    result: row,
  };
}

export function logStep(text) {
  const word = text.split(" ")[0];
  if (word === "trump" || word === "pass") return "choose";
  if (CHAIN.includes(word) || word === "no") return "kraak";
  if (word === "roem" || word === "stuk") return "roem";
  return "play";
}

export function actionWords(action) {
  const words = action.split(" ");
  switch (words[0]) {
    case "play":
      return t("w_play", { card: cardLabel(words[1]) });
    case "trump":
      return t("kj_w_trump", { suit: `${SUITS[words[1]].sym} ${suitName(words[1])}` });
    case "pass":
      return t("pass");
    case "no":
      return t("kj_no");
    case "roem":
      return words[1] === "0" ? t("noRoem") : t("w_roem", { n: words[1] });
    case "stuk":
      return t("stuk");
    case "claim":
      return t("kj_claim");
    case "turn":
      return t("kj_turn");
    default:
      return CHAIN.includes(words[0]) ? t(`kj_${words[0]}`) : action;
  }
}

export function eventWords(name, text) {
  const words = text.split(" ");
  switch (words[0]) {
    case "trump":
      return t("kj_ev_trump", { name, suit: `${SUITS[words[1]].sym} ${suitName(words[1])}` });
    case "roem":
      return words[1] === "0" ? `${name}: ${t("noRoem")}` : t("ev_roem", { name, n: words[1] });
    case "play":
      return t("ev_play", { name, card: cardLabel(words[1]) });
    case "pass":
      return t("ev_pass", { name });
    case "no":
      return t("kj_ev_no", { name });
    case "stuk":
      return t("ev_stuk", { name });
    case "claim":
      return t("kj_ev_claim", { name });
    case "turn":
      return t("kj_ev_turn", { name });
    default:
      return CHAIN.includes(words[0]) ? t("kj_ev_chain", { name, word: t(`kj_${words[0]}`) }) : `${name}: ${text}`;
  }
}

export function cardAction(v, card) {
  return `play ${card}`;
}

// ---------------------------------------------------------------- the table

function button(ui, action, label, extra = {}) {
  return h("button", { type: "button", dataset: { action }, onclick: () => ui.act(action), ...extra }, label);
}

// Who may still kraak (or rekraak, superkraak) in this deal, and what each side still owes of the quota.
function chainInfo(v, seats, viewer) {
  const bits = [];
  if (v.phase === "kraak") {
    const level = CHAIN.indexOf(v.kraak) + 1;
    const [first, second] = speakers(v.declarer, level);
    const still = v.to_act === first ? [first, second] : [second];
    bits.push(h("span", { id: "kraak-who" }, t("kj_mayStill", { word: t(`kj_${CHAIN[level]}`), names: still.map((s) => seatName(seats, s, viewer)).join(", ") })));
  }
  if (v.owed) bits.push(h("span", { id: "kraak-owed" }, t("kj_owed", { a: sideLabel(seats, 0, viewer), n: v.owed[0], b: sideLabel(seats, 1, viewer), m: v.owed[1] })));
  return bits.length ? h("p", { class: "muted small kraak-info" }, bits.map((b, i) => [i ? " \u00B7 " : "", b])) : null;
}

export function panel(ui) {
  const v = ui.view;
  const legal = v.legal;
  const out = [];
  if (v.phase === "choose") {
    out.push(h("span", { class: "label" }, t("nameTrump"), ": "));
    for (const a of legal.filter((x) => x.startsWith("trump "))) {
      const letter = a.split(" ")[1];
      out.push(button(ui, a, [suitSpan(letter), " ", suitName(letter)], { class: "suit-button" }));
    }
    if (legal.includes("pass")) out.push(button(ui, "pass", t("kj_passPlay")));
    out.push(h("p", { class: "muted small" }, t(legal.includes("pass") ? "kj_vrijHelp" : "kj_verplichtHelp")));
  } else if (v.phase === "kraak") {
    out.push(h("span", { class: "label" }, t("kj_chainAsk", { name: seatName(ui.seats, v.declarer, ui.seat), suit: suitName(v.trump) }), " "));
    for (const a of legal) out.push(button(ui, a, a === "no" ? t("kj_no") : t(`kj_${a}`), { class: a === "no" ? "" : "primary kraak-button" }));
    if (!legal.includes("no")) out.push(h("p", { class: "muted small", id: "kraak-forced" }, t("kj_mustKraak")));
    out.push(chainInfo(v, ui.seats, ui.seat));
  } else if (v.phase === "play" || v.phase === "roem") {
    // Kraken 3.2: roem from the hand until the first trick is complete; when its four cards are down, who has
    // not declared is asked ("roem 0": nothing)
    const roem = legal.filter((a) => a.startsWith("roem "));
    if (roem.length) {
      out.push(h("span", { class: "label" }, t("declareRoem"), ": "));
      for (const a of roem) {
        const n = a.split(" ")[1];
        out.push(button(ui, a, n === "0" ? t("noRoem") : t("roemN", { n }), { class: "roem-button" }));
      }
      out.push(h("span", { class: "muted small" }, " ", t("kj_roemHelp")));
    }
    if (legal.includes("stuk")) out.push(button(ui, "stuk", t("stuk")));
  } else if (v.phase === "claim") {
    out.push(h("span", { class: "label" }, t("kj_claimAsk", { n: v.claim }), " "));
    if (legal.includes("claim")) out.push(button(ui, "claim", t("kj_claim"), { class: "primary" }));
    if (legal.includes("turn")) out.push(button(ui, "turn", t("kj_turn")));
  }
  return out;
}

export function seatMeta(ctx, seat) {
  const v = ctx.view;
  const bits = [];
  if (ctx.viewer >= 0 && seat === (ctx.viewer + 2) % 4) bits.push(h("span", { class: "chip partner" }, t("kj_partner")));
  if (v.declarer === seat && v.phase !== "choose") bits.push(h("span", { class: "chip plays", title: t("gd_kj_troef") }, t("kj_plays")));
  if (v.phase === "play" || v.phase === "roem" || v.phase === "claim") bits.push(h("span", { class: "won" }, t(v.tricks_won[seat] === 1 ? "trickOne" : "trickMany", { n: v.tricks_won[seat] })));
  return bits;
}

// What a seat said in this deal: its word of the kraak chain, its roem from the hand (and afkeuren).
export function seatExtra(ctx, seat) {
  const v = ctx.view;
  const out = [];
  const said = v.chain.filter(([s]) => s === seat).map(([, w]) => t(`kj_${w}`));
  if (said.length && v.tricks.length === 0) out.push(h("div", { class: "bubble kraak-bubble" }, said.join(", ")));
  if (v.declared[seat] > 0 && v.tricks.length <= 1) {
    const gone = v.hand_roem_cancelled[seat & 1];
    out.push(h("div", { class: `bubble roem-bubble${gone ? " cancelled" : ""}`, dataset: { seat } }, t("roemN", { n: v.declared[seat] }), gone ? ` (${t("kj_afgekeurd")})` : ""));
  }
  return out;
}

// "Deal 3 of 16" (a match to a number of points: "Deal 3")
export function handTag(ui) {
  const v = ui.view;
  return ui.match.match_end === "points" ? t("kj_hand", { n: v.deal }) : t("kj_dealOf", { n: v.deal, m: ui.match.deals });
}

export function topTags(ui) {
  const v = ui.view;
  const { seats, seat } = ui;
  const bits = [];
  if (v.trump && v.phase !== "choose") {
    bits.push(h("span", { class: "tag contract", id: "trump-tag" }, t("trump"), ": ", suitSpan(v.trump), " ", suitName(v.trump), ` (${seatName(seats, v.declarer, seat)})`));
  }
  if (v.kraak !== "none") bits.push(h("span", { class: "tag kraak", id: "kraak-level" }, t(`kj_${v.kraak}`)));
  if (v.phase !== "choose") {
    const side = seat !== null && seat >= 0 ? seat & 1 : 0;
    const score = (s) => `${sideLabel(seats, s, seat)} ${v.card_points[s]}${v.roem[s] ? ` + ${v.roem[s]}` : ""}`;
    bits.push(h("span", { class: "tag", id: "deal-points" }, `${score(side)} \u00B7 ${score(side ^ 1)}`));
  }
  for (const s of [0, 1]) if (v.hand_roem_cancelled[s]) bits.push(h("span", { class: "tag cancelled", id: `afgekeurd-${s}` }, t("kj_cancelledOf", { side: sideLabel(seats, s, seat) })));
  const info = chainInfo({ ...v, phase: "" }, seats, seat);
  if (info) bits.push(h("span", { class: "tag owed" }, info.textContent));
  // roem that fell in the last trick, shown while the next one starts
  const roem = v.trick_roem || [];
  const last = roem.length ? roem[roem.length - 1] : 0;
  if (last && v.trick.length < 4 && v.tricks.length) bits.push(h("span", { class: "tag roem-fell", id: "roem-fell" }, t("kj_roemFell", { n: last, name: seatName(seats, v.tricks[v.tricks.length - 1].winner, seat) })));
  return bits;
}

// ---------------------------------------------------------------- the score sheet and the end

function rowCells(r, side) {
  const mark = r.pit === side ? ` ${t("kj_pit")}` : r.nat && r.playing_side === side ? ` ${t("kj_nat")}` : "";
  const cross = r.deal_crosses[side] ? ` ${"\u2716".repeat(Math.min(r.deal_crosses[side], 8))}` : "";
  return [
    h("td", {}, r.card_points[side]),
    // what counts (stuk, trick roem) stays plain; only the rejected hand roem is struck out, apart (Kraken 3.2)
    h("td", { class: "roem-cell" }, r.roem[side] || "", r.hand_roem_cancelled[side] ? [" ", h("s", { class: "rejected-roem" }, t("kj_handRejected"))] : ""),
    h("td", { class: `score${mark ? " mark" : ""}` }, `${r.score[side]}${mark}`, h("span", { class: "crosses" }, cross)),
  ];
}

export function sheet(ctx) {
  const { seats, viewer, match: m } = ctx;
  const kraken = m.scoring === "kraken";
  const head1 = h("tr", {}, h("th", { rowspan: 2 }, "#"), h("th", { rowspan: 2 }, t("trump")), h("th", { rowspan: 2 }, t("kj_player")), h("th", { rowspan: 2 }, t("kj_kraak")), [0, 1].map((s) => h("th", { colspan: 3 }, sideNames(seats, s, viewer))));
  const head2 = h("tr", {}, [0, 1].map(() => [h("th", {}, t("kj_cards")), h("th", {}, t("g_roem")), h("th", {}, t("points"))]));
  const rows = m.rows.map((r) => [
    h("tr", { class: r.nat ? "nat" : "" }, h("td", {}, r.deal), h("td", {}, suitSpan(r.trump)), h("td", {}, seatName(seats, r.declarer, viewer)), h("td", {}, r.kraak === "none" ? "" : t(`kj_${r.kraak}`)), rowCells(r, 0), rowCells(r, 1)),
    whyRow(klaverjasWhy(r, m, seats, viewer), 10, r.deal),
  ]);
  const foot = [h("tr", { class: "foot" }, h("td", { colspan: 4 }, t("kj_total")), [0, 1].map((s) => h("td", { colspan: 3, id: `total-${s}` }, m.points[s])))];
  if (kraken) foot.push(h("tr", { class: "foot" }, h("td", { colspan: 4 }, t("kj_crosses")), [0, 1].map((s) => h("td", { colspan: 3, id: `crosses-${s}` }, m.crosses[s]))));
  if (m.owed) foot.push(h("tr", { class: "foot" }, h("td", { colspan: 4 }, t("kj_owedShort")), [0, 1].map((s) => h("td", { colspan: 3 }, m.owed[s]))));
  const legend = h("dl", { class: "glossary legend" }, ["nat", "pit", ...(kraken ? ["kruisen", "quota"] : [])].map((w) => [h("dt", {}, t(`g_${w}`)), h("dd", {}, t(`gd_${w}`))]));
  return [h("div", { class: "sheet-wrap" }, h("table", { class: "sheet players-4 kj-sheet", id: "sheet" }, h("thead", {}, head1, head2), h("tbody", {}, rows, foot))), legend];
}

export function endSummary(ctx) {
  const { seats, viewer, match: m } = ctx;
  const kraken = m.scoring === "kraken";
  const won = m.winner;
  const line =
    won === null || won === undefined
      ? h("p", { class: "winner", id: "winner" }, t("kj_draw"))
      : h("p", { class: "winner", id: "winner", dataset: { side: won } }, t("winnersAre", { names: sideNames(seats, won, viewer) }));
  const head = h("tr", {}, h("th", {}, ""), h("th", {}, t("points")), kraken ? h("th", {}, t("kj_crosses")) : null);
  const rows = [0, 1].map((s) => h("tr", { class: s === won ? "won-line" : "" }, h("td", {}, sideNames(seats, s, viewer)), h("td", {}, m.points[s]), kraken ? h("td", {}, m.crosses[s]) : null));
  const note = kraken && m.final_crosses && (m.final_crosses[0] || m.final_crosses[1]) ? h("p", { class: "muted small" }, t("kj_finalCrosses", { side: sideNames(seats, m.final_crosses[0] ? 0 : 1, viewer), n: Math.max(...m.final_crosses) })) : null;
  return [line, h("table", { class: "sheet standing" }, h("thead", {}, head), h("tbody", {}, rows)), note];
}

// The banner of a finished deal: who played which trump at what kraak level, made it, went nat or pit.
export function handResult(ctx, hand, view) {
  const r = view.result;
  if (!r) return null;
  const { seats, viewer } = ctx;
  const plays = r.playing_side;
  const outcome = r.pit >= 0 ? t("kj_resPit", { side: sideNames(seats, r.pit, viewer) }) : r.nat ? t("kj_resNat", { side: sideNames(seats, plays, viewer) }) : t("kj_resMade", { side: sideNames(seats, plays, viewer) });
  const lines = [
    h("strong", {}, t("kj_resHead", { n: hand, name: seatName(seats, r.declarer, viewer), suit: suitName(r.trump) }), r.kraak !== "none" ? ` (${t(`kj_${r.kraak}`)})` : ""),
    h("div", { class: r.nat || r.pit >= 0 ? "lost-line" : "won-line" }, outcome),
  ];
  if (ctx.brief) return lines;
  for (const s of [0, 1]) {
    const parts = [t("cardPoints", { n: r.card_points[s] }), t("roemCounted", { n: r.roem[s] })];
    if (r.hand_roem_cancelled[s]) parts.push(t("kj_handRejectedN", { n: Math.max(0, ...[s, s + 2].map((seat) => (view.declared || [])[seat] || 0)) }));
    parts.push(`= ${r.score[s]}`);
    if (r.deal_crosses[s]) parts.push(t("kj_crossesN", { n: r.deal_crosses[s] }));
    lines.push(h("div", { class: "muted small" }, `${sideNames(seats, s, viewer)}: ${parts.join(" \u00B7 ")}`));
  }
  return lines;
}

export function hintValues(values) {
  if (!values || !values.length) return null;
  const shown = values.filter((v) => v.value !== null && v.value !== undefined).slice(0, 5);
  const items = shown.map((v) => h("li", {}, v.value >= 0 && v.value <= 1 ? t("hintChance", { action: actionWords(v.action), n: Math.round(v.value * 100) }) : t("kj_hintPoints", { action: actionWords(v.action), n: Math.round(v.value) })));
  return items.length ? h("ul", { class: "hint-values", id: "hint-values" }, items) : null;
}

export function warningText(code) {
  return t(`warn_${code}`);
}

export function resultText(result, seats) {
  if (!result || result.winner === undefined) return "";
  if (result.winner === null) return t("kj_draw");
  const name = (s) => displayName(seats[s]?.name || `${s + 1}`);
  return t("winnersAre", { names: `${name(result.winner)} & ${name(result.winner + 2)}` });
}

// The lobby's partnership line: at four (klaverjassen's only table) seat s plays with seat s + 2.
export const partners = (players) => players === 4;
