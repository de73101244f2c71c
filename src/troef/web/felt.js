// What the table page and the replay page share: settings kept in this browser, the chime, the move log,
// the felt with its seats and the trick (sized to the window), and the rules panel, dialogs and the end screen.

import { t } from "./i18n.js";
import { backNode, cardNode, suitSpan } from "./cards.js";
import { h, seatName } from "./dom.js";
import { gameOf, label, word } from "./games.js";
import { settings } from "./settings.js";

// The settings live in settings.js; the table and replay pages take them from here with the rest.
export { applySettings, settings, settingsPanel } from "./settings.js";

// A short two-note chime when it becomes your turn (if sound is on and the tab allows audio).
let audio = null;
export function chime() {
  if (!settings.get("sound")) return;
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.12 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.3);
    }
  } catch (e) {
    /* no audio here: the tab title still says it */
  }
}

// Every move of a hand, numbered by trick once the play has started (the complete log, not the last few).
export function moveLog(game, v, seats, viewer, id) {
  const list = h("ol", { class: "log", id });
  const players = v.seats.length || 1;
  let plays = 0;
  for (const [seat, text] of v.events) {
    let label = word(game, `phase_${game.logStep(text)}`);
    if (text.startsWith("play ")) {
      label = t("trickN", { n: Math.floor(plays / players) + 1 });
      plays += 1;
    }
    list.append(h("li", {}, h("span", { class: "log-step" }, label), " ", game.eventWords(seatName(seats, seat, viewer), text)));
  }
  return h("details", { class: "log-box", open: true }, h("summary", {}, t("moves", { n: v.events.length })), list);
}

// Where seats sit around the felt, in percent: the viewer at the bottom, the
// others in seat order (the next player to the left) around an ellipse that
// reaches below the middle at larger tables, so that up to six boxes keep apart.
function seatPositions(table, bottom) {
  const out = {};
  out[bottom] = { x: 50, y: 96 };
  const k = table - 1;
  const below = k <= 2 ? 0 : k <= 4 ? 0.15 : 0.45; // radians below the horizontal at both ends
  for (let i = 0; i < k; i++) {
    const seat = (bottom + 1 + i) % table;
    const angle = k === 1 ? Math.PI / 2 : Math.PI + below - (i * (Math.PI + 2 * below)) / (k - 1);
    out[seat] = { x: 50 + 40 * Math.cos(angle), y: 51 - 39 * Math.sin(angle) };
  }
  return out;
}

function trickSpot(pos) {
  return { x: 50 + (pos.x - 50) * 0.27, y: 47 + (pos.y - 50) * 0.32 };
}

// The felt takes the height the window leaves once the bar above it and your own seat, the action row and the
// hand below it have theirs (within 240-520 px; on a phone's narrow screen from 160 px, which still holds the
// three seat boxes, so the guide, a hint and the trump buttons all open leave the hand on the screen), so on a
// phone your cards are on the screen without scrolling whatever the game shows around them; a seat box that would stick out of a short felt (a tall box at the top)
// is moved in. Run after each render of a table and when the window changes size. What the page around the
// felt takes is remembered at its largest for the window's size, so the felt never grows back and forth as
// the buttons below it change (a table that jumps under your finger is worse than a slightly smaller one).
const FELT_MIN = 240;
const FELT_MIN_NARROW = 160;
const NARROW = 520; // px of width: a phone (the width of style.css's phone rules)
const FELT_MAX = 520;
const feltMin = () => (window.innerWidth <= NARROW ? FELT_MIN_NARROW : FELT_MIN);
let taken = { width: 0, height: 0, phase: "", px: 0 };
// opts.height: the felt's height wanted (a felt in a dialog), kept within the bounds; the table page's
// remembered size is left alone then.
export function fitTable(page, opts = {}) {
  const felt = page && page.querySelector(":scope > .felt");
  const below = page && page.querySelector(":scope > .me");
  if (!felt || !below) return;
  let height;
  if (opts.height) height = Math.max(feltMin(), Math.min(FELT_MAX, opts.height));
  else {
    // remembered per phase of the deal too: sixteen cards and a prompt while passing cards do not leave the
    // felt small for the rest of the round
    const phase = felt.dataset.phase || "";
    if (taken.width !== window.innerWidth || taken.height !== window.innerHeight || taken.phase !== phase) taken = { width: window.innerWidth, height: window.innerHeight, phase, px: 0 };
    const top = felt.getBoundingClientRect().top + window.scrollY;
    const rest = below.getBoundingClientRect().height + 12; // the gaps around the seat row and the hand
    taken.px = Math.max(taken.px, top + rest);
    height = Math.max(feltMin(), Math.min(FELT_MAX, window.innerHeight - taken.px));
  }
  felt.style.height = `${Math.floor(height)}px`;
  const inner = felt.getBoundingClientRect();
  const edge = felt.clientTop + 2;
  for (const box of felt.querySelectorAll(":scope > .seat-box")) {
    const r = box.getBoundingClientRect();
    const shift = r.top < inner.top + edge ? inner.top + edge - r.top : r.bottom > inner.bottom - edge ? inner.bottom - edge - r.bottom : 0;
    if (shift) box.style.top = `${parseFloat(getComputedStyle(box).top) + shift}px`;
    // sideways too: a box with its hand laid open (the replay, the analysis) is wider than a name
    const side = r.left < inner.left + edge ? inner.left + edge - r.left : r.right > inner.right - edge ? inner.right - edge - r.right : 0;
    if (side && r.width < inner.width - 2 * edge) box.style.left = `${parseFloat(getComputedStyle(box).left) + side}px`;
  }
  clearTrick(felt);
}

// A card of the trick never lies over a seat's box (its name, its hidden hand, Binokel's meld list beside
// it): where the felt is too small for the game's spots (a phone, a tall box at the top), the card moves off
// the box by the shorter way, inside the felt. Cards of the trick may overlap each other, as on a real table.
function clearTrick(felt) {
  const inner = felt.getBoundingClientRect();
  const obstacles = [...felt.querySelectorAll(":scope > .seat-box, :scope > .seat-box .beside")].map((n) => n.getBoundingClientRect());
  for (const card of felt.querySelectorAll(":scope > .trick > .card.in-trick")) {
    let dx = 0;
    let dy = 0;
    const r0 = card.getBoundingClientRect();
    for (let round = 0; round < 3; round++) {
      let moved = false;
      for (const o of obstacles) {
        const r = { left: r0.left + dx, right: r0.right + dx, top: r0.top + dy, bottom: r0.bottom + dy };
        const gap = 3;
        if (r.right <= o.left - gap || r.left >= o.right + gap || r.bottom <= o.top - gap || r.top >= o.bottom + gap) continue;
        const down = o.bottom + gap - r.top;
        const up = r.bottom - (o.top - gap);
        const right = o.right + gap - r.left;
        const left = r.right - (o.left - gap);
        const vertical = (o.top + o.bottom) / 2 < (r.top + r.bottom) / 2 ? down : -up;
        const horizontal = (o.left + o.right) / 2 < (r.left + r.right) / 2 ? right : -left;
        if (Math.abs(vertical) <= Math.abs(horizontal)) dy += vertical;
        else dx += horizontal;
        moved = true;
      }
      if (!moved) break;
    }
    // inside the felt
    dx = Math.max(inner.left + 2 - r0.left, Math.min(inner.right - 2 - r0.right, dx));
    dy = Math.max(inner.top + 2 - r0.top, Math.min(inner.bottom - 2 - r0.bottom, dy));
    if (dx || dy) {
      card.style.left = `calc(${card.style.left} + ${Math.round(dx)}px)`;
      card.style.top = `calc(${card.style.top} + ${Math.round(dy)}px)`;
      card.dataset.moved = "1";
    }
  }
}

// ---------------------------------------------------------------- the board
// Draws the felt for one state message: seats, centre cards, the trick.
// ctx: { state, seats, viewer, completed, oldState }
export function board(ctx) {
  const { game, view: v, viewer } = ctx;
  const bottom = viewer >= 0 ? viewer : v.seats.length ? v.seats[0] : 0;
  const pos = (game.seatPositions || seatPositions)(v.table, bottom);
  const felt = h("div", { class: "felt", dataset: { phase: v.phase } });
  for (let seat = 0; seat < v.table; seat++) {
    if (seat === bottom) continue;
    felt.append(seatBox(ctx, seat, pos[seat], false));
  }
  // the centre: open cards and blind cards while bidding and exchanging
  // the trick being played, or the one just completed sweeping to its winner
  let trick = v.trick;
  let sweep = null;
  if (!trick.length && ctx.completed) {
    const age = Date.now() - ctx.completed.at;
    if (age < 1600) {
      trick = ctx.completed.cards;
      sweep = { winner: ctx.completed.winner, age };
    }
  }
  // the game's own cards in the middle (Bonaken's centre while bidding); the last trick of the hand
  // before sweeps away first: it is never drawn over them
  const centre = !sweep && game.centre ? game.centre(v) : null;
  if (centre) felt.append(centre);
  const oldTrick = new Set((ctx.oldTrick || []).map(([, c]) => c));
  const trickBox = h("div", { class: "trick", role: "group", "aria-label": t("onTable") });
  const flights = [];
  const sweeps = [];
  for (const [seat, card] of trick) {
    const p = pos[seat] || { x: 50, y: 50 };
    const spot = (game.trickSpot || trickSpot)(p);
    const node = cardNode(card, { classes: ["in-trick"] });
    node.style.left = `${spot.x}%`;
    node.style.top = `${spot.y}%`;
    node.dataset.seat = seat;
    if (!oldTrick.has(card)) flights.push({ node, from: p, to: spot });
    if (sweep) {
      const w = pos[sweep.winner] || { x: 50, y: 50 };
      node.classList.add("sweep");
      sweeps.push({ node, from: spot, to: w });
      node.style.setProperty("--sweep-delay", `${900 - sweep.age}ms`);
    }
    trickBox.append(node);
  }
  felt.append(trickBox);
  if (v.trump) felt.append(h("div", { class: "trump-badge", title: t("trump") }, t("trump"), " ", suitSpan(v.trump)));
  // new cards fly in from their player once the felt has a size
  requestAnimationFrame(() => {
    const rect = felt.getBoundingClientRect();
    for (const f of flights) {
      f.node.style.setProperty("--fx", `${((f.from.x - f.to.x) / 100) * rect.width}px`);
      f.node.style.setProperty("--fy", `${((f.from.y - f.to.y) / 100) * rect.height}px`);
      f.node.classList.add("fly");
    }
    for (const f of sweeps) {
      f.node.style.setProperty("--sx", `${((f.to.x - f.from.x) / 100) * rect.width * 0.85}px`);
      f.node.style.setProperty("--sy", `${((f.to.y - f.from.y) / 100) * rect.height * 0.85}px`);
    }
  });
  return felt;
}

export function seatBox(ctx, seat, p, mine) {
  const { game, view: v, seats, viewer } = ctx;
  const info = seats.find((s) => s.seat === seat) || { name: `${seat + 1}`, kind: "human", connected: false };
  const playing = v.seats.includes(seat);
  const classes = ["seat-box"];
  if (v.to_act === seat) classes.push("to-act");
  if (v.declarers.includes(seat)) classes.push("declarer");
  if (!playing) classes.push("out");
  if (mine) classes.push("mine");
  const box = h("div", { class: classes.join(" "), dataset: { seat } });
  if (!mine) {
    box.style.left = `clamp(4.8em, ${p.x}%, calc(100% - 4.8em))`;
    box.style.top = `${p.y}%`;
  }
  // while this browser is offline nobody's presence is known: every dot goes grey
  const online = ctx.online !== false && info.connected;
  const dot = ctx.online === false ? "unknown" : online ? "on" : "off";
  // the whole name, wrapping if it must (never cut off); dealer, bot level and stand-in on their own line
  box.append(
    h(
      "div",
      { class: "seat-name" },
      h("span", { class: `dot ${dot}`, title: t(`dot_${dot}`) }),
      seatName(seats, seat, viewer),
      v.dealer === seat ? h("span", { class: "chip", title: t("dealer") }, t("dealerChip")) : null,
    ),
  );
  box.append(
    h(
      "div",
      { class: "seat-meta" },
      info.kind === "bot" || info.standin ? h("span", { class: "bot-level" }, `\u2699 ${info.kind === "bot" ? label(ctx.gameName, `level_${info.level}`) : t("standinShort")}`) : null,
      game.seatMeta(ctx, seat),
    ),
  );
  const openCards = ctx.openHands && !mine ? ctx.openHands[seat] : null;
  if (openCards && playing) {
    const open = h("div", { class: "open-hand replay-open", dataset: { seat } });
    for (const card of openCards) open.append(cardNode(card, { classes: ["tiny-face"] }));
    box.append(open);
  } else if (!mine && playing) {
    const n = v.hand_sizes[seat] || 0;
    // read once as "8 cards", not "card" eight times
    const backs = h("div", { class: "backs", role: "img", "aria-label": t("backsN", { n }) });
    for (let i = 0; i < Math.min(n, 9); i++) backs.append(backNode(["tiny"]));
    for (const back of backs.children) back.setAttribute("aria-hidden", "true");
    box.append(backs);
  }
  box.append(...game.seatExtra(ctx, seat).filter(Boolean));
  return box;
}

// Small drawn icons for the replay controls (⏮ and ⏭ are missing from many fonts).
export function icon(name) {
  const NS = "http://www.w3.org/2000/svg";
  const paths = {
    first: "M3 2h2v12H3z M14 2v12L6 8z",
    prev: "M12 2v12L4 8z",
    play: "M4 2v12l9-6z",
    pause: "M3 2h3.5v12H3z M9.5 2H13v12H9.5z",
    next: "M4 2v12l8-6z",
    last: "M11 2h2v12h-2z M2 2v12l8-6z",
  };
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", paths[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

export function rulesPanel(game, preset) {
  const words = (gameOf(game).GLOSSARY || {})[game] || [];
  return h(
    "div",
    { class: "rules-panel", id: "rules-panel" },
    preset ? h("p", {}, t("rulesPreset", { preset: label(game, `preset_${preset}`) })) : null,
    h("dl", { class: "glossary" }, words.map((w) => [h("dt", {}, t(`g_${w}`)), h("dd", {}, t(`gd_${w}`))])),
    h("p", {}, h("a", { href: `/rules/${encodeURIComponent(game)}`, target: "_blank", rel: "noopener", id: "full-rules" }, t("fullRules"))),
  );
}

// A dialog over the page. It closes with its button, Esc, or a click beside it (on the dimmed page); one
// without onClose (a question to answer) closes with its cancel button's Esc and click instead, if it has one.
// extra: { wide } (the score sheet: as wide as the window allows, so its columns need no sideways scroll).
export function modal(title, body, onClose, id, extra = {}) {
  const close = onClose || (() => document.getElementById("confirm-cancel")?.click());
  return h(
    "div",
    { class: "overlay", id: id || null, onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h("div", { class: `modal${extra.wide ? " wide" : ""}`, role: "dialog", "aria-modal": "true", "aria-label": title }, h("h2", {}, title), body, onClose ? h("button", { type: "button", class: "close-modal", onclick: onClose }, t("close")) : null),
  );
}

// What Tab can reach inside a node, in order.
export function focusables(scope) {
  const all = scope.querySelectorAll('button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])');
  return [...all].filter((n) => !n.disabled && n.getClientRects().length > 0);
}

// Esc closes the dialog on top (its close button, or a question's cancel button); Tab stays inside it.
document.addEventListener("keydown", (e) => {
  const overlays = document.querySelectorAll(".overlay");
  const top = overlays[overlays.length - 1];
  if (!top) return;
  if (e.key === "Escape") {
    const button = top.querySelector(":scope > .modal > .close-modal") || top.querySelector("#confirm-cancel");
    if (button) {
      e.preventDefault();
      button.click();
    }
  } else if (e.key === "Tab") {
    const list = focusables(top);
    if (!list.length) return;
    e.preventDefault();
    const i = list.indexOf(document.activeElement);
    const next = e.shiftKey ? (i <= 0 ? list.length - 1 : i - 1) : i === -1 || i === list.length - 1 ? 0 : i + 1;
    list[next].focus();
  }
});

// The end screen: the game's lines (winner, standing), then rematch, replay, record and lobby.
export function endScreen(ctx, id, extra = {}) {
  let rematch = null;
  if (extra.rematch) rematch = h("a", { href: `/t/${extra.rematch}`, class: "button primary", id: "rematch-go" }, t("toRematch"));
  else if (extra.canRematch) rematch = h("button", { type: "button", class: "primary", id: "rematch", onclick: extra.onRematch }, t("rematch"));
  return [
    ...ctx.game.endSummary(ctx),
    h("div", { class: "buttons" }, rematch, h("a", { href: `/r/${id}`, class: "button" }, t("replay")), extra.onAnalyse ? h("button", { type: "button", id: "end-analyse", onclick: extra.onAnalyse }, t("analyse")) : null, h("a", { href: `/api/tables/${id}/record`, class: "button", download: `troef-${id}.json` }, t("download")), h("a", { href: "/", class: "button primary" }, t("lobbyLink"))),
  ];
}
