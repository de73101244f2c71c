// The troef browser UI: lobby, card table and replays. It only shows what the
// server sends (each state message is the projection for this viewer) and only
// sends intentions: join, act, hint.
//
// This file is the frame every game shares: the lobby (every game the server offers, with its
// presets, switches and computer players), seats, invite links, spectators, presence, turn timers,
// hints, rematch, replays, the felt with the trick, the log, and the frames of the score sheet and
// the end screen. What is particular to one game lives in its module, web/<game>.js, registered in
// GAMES below. A game module exports:
//
//   GLOSSARY                 word keys of the rules panel: texts g_<w> and gd_<w> in i18n.js
//   tableView(view)          the view in the frame's terms: phase, table (number of seats), seats (those
//                            playing this hand), to_act, dealer, declarers, trump (suit letter or null),
//                            trick [[seat, card]], tricks [{cards, winner}], hand, hand_sizes, legal,
//                            events [[seat, action]] (the public log of the hand); the rest as the game sent it
//   actionWords(action)      an action in words (hints);  eventWords(name, action): a logged move in words
//   logStep(action)          the phase a logged move is filed under (text key phase_<step>)
//   panel(ui)                the buttons of the seat to act (a list of nodes); ui: { view, match, seat,
//                            seats, act(action), check(action) (asks the server for a warning first) }
//   cardAction(view, card)   the action clicking a card of the hand takes
//   onCard(ui, card)         (optional) a click on a card of the hand; default: ui.act(cardAction(...))
//   cardClasses(ui, card)    (optional) extra classes of a card of the hand
//   onState(ui)              (optional) called after each new state (e.g. to send queued actions)
//   centre(view)             (optional) cards in the middle of the felt besides the trick
//   seatMeta(ctx, seat)      bits under a seat's name (marks, points); seatExtra(ctx, seat): nodes below
//                            its cards; ctx: { game, view, match, seats, viewer }
//   seatPositions(n, bottom) (optional) where the seats sit, in percent of the felt
//   topTags(ui)              tags in the top bar (contract, trump, ...)
//   handTag(ui)              (optional) the words of the top bar's hand number (default "Hand n")
//   sheet(ctx)               the score sheet's body
//   endSummary(ctx)          the end screen's lines (winner, standing) above the frame's buttons
//   handResult(ctx, hand, view) the banner lines of a finished hand, or null
//   hintValues(values)       the hint's per-action values as a node, or null
//   warningText(code, action) the words of a warning the server gave before a risky action
//   resultText(result, seats) a finished table's result in the lobby list
// Texts come from i18n.js (nl, en, de), suits and cards from cards.js, h(), api() and seat names from
// dom.js; the lobby page is lobby.js.

import { t, getLang, setLang, setDefaultLang, translateReason } from "./i18n.js";
import { backNode, cardNode } from "./cards.js";
import { api, displayName, errorText, h, seatName, store, toast } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import * as bonaken from "./bonaken.js";
import * as klaverjas from "./klaverjas.js";
import * as binokel from "./binokel.js";

// The browser tables of the games, by the server's game name.
const GAMES = { bonaken, klaverjas, binokel };
function gameOf(name) {
  return GAMES[name] || bonaken;
}

const root = document.getElementById("app");
const BASE_TITLE = document.title;
let page = null; // { render(), destroy() }

// The games the server offers (GET /api/games), asked once per page.
let gamesPromise = null;
function gameOptions() {
  if (!gamesPromise) {
    gamesPromise = api("/api/games");
    // the header names the games this server offers (index.html's text is only the first guess)
    gamesPromise.then((data) => {
      document.getElementById("subtitle").textContent = Object.values(data.games).map((g) => g.title).join(" \u00B7 ");
    }, () => {});
  }
  return gamesPromise;
}

// Without a language chosen in this browser, a game's page speaks the game's first language.
function gameLanguage(name) {
  gameOptions()
    .then((data) => {
      const langs = data.games[name]?.languages;
      if (langs && setDefaultLang(langs[0])) {
        markLang();
        if (page) page.render();
      }
    })
    .catch(() => {});
}

// ---------------------------------------------------------------- helpers
// Settings kept in this browser: animation speed (a factor on every animation's time), sound on your
// turn, playing a forced last card by itself, and card size.
const SETTINGS = {
  anim: { values: [0.5, 1, 2], def: 1 },
  sound: { values: [true, false], def: true },
  autoplay: { values: [false, true], def: false },
  cards: { values: [0.85, 1, 1.2], def: 1 },
};
const settings = {
  get(key) {
    const spec = SETTINGS[key];
    try {
      const raw = JSON.parse(localStorage.getItem(`troef.set.${key}`));
      return spec.values.includes(raw) ? raw : spec.def;
    } catch (e) {
      return spec.def;
    }
  },
  set(key, value) {
    localStorage.setItem(`troef.set.${key}`, JSON.stringify(value));
    applySettings();
  },
};

function applySettings() {
  document.documentElement.style.setProperty("--anim", String(settings.get("anim")));
  document.documentElement.style.setProperty("--card-scale", String(settings.get("cards")));
}

function settingsPanel(onChange) {
  const row = (key, labels) =>
    h("label", { class: "setting" }, t(`set_${key}`), " ", h("select", { id: `set-${key}`, onchange: (e) => { settings.set(key, SETTINGS[key].values[Number(e.target.value)]); onChange(); } }, SETTINGS[key].values.map((v, i) => h("option", { value: i, selected: v === settings.get(key) }, labels[i]))));
  return h(
    "div",
    { class: "settings", id: "settings" },
    row("anim", [t("fast"), t("normal"), t("slow")]),
    row("sound", [t("on"), t("off")]),
    row("autoplay", [t("off"), t("on")]),
    row("cards", [t("small"), t("normal"), t("large")]),
    h("p", { class: "muted small" }, t("settingsHelp")),
  );
}

// A short two-note chime when it becomes your turn (if sound is on and the tab allows audio).
let audio = null;
function chime() {
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
function moveLog(game, v, seats, viewer, id) {
  const list = h("ol", { class: "log", id });
  const players = v.seats.length || 1;
  let plays = 0;
  for (const [seat, text] of v.events) {
    let label = t(`phase_${game.logStep(text)}`);
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
// hand below it have theirs (within 240-520 px), so on a phone your cards are on the screen without scrolling
// whatever the game shows around them; a seat box that would stick out of a short felt (a tall box at the top)
// is moved in. Run after each render of a table and when the window changes size.
const FELT_MIN = 240;
const FELT_MAX = 520;
function fitTable(page) {
  const felt = page && page.querySelector(":scope > .felt");
  const below = page && page.querySelector(":scope > .me");
  if (!felt || !below) return;
  const top = felt.getBoundingClientRect().top + window.scrollY;
  const rest = below.getBoundingClientRect().height + 12; // the gaps around the seat row and the hand
  const height = Math.max(FELT_MIN, Math.min(FELT_MAX, window.innerHeight - top - rest));
  felt.style.height = `${Math.floor(height)}px`;
  const inner = felt.getBoundingClientRect();
  const edge = felt.clientTop + 2;
  for (const box of felt.querySelectorAll(":scope > .seat-box")) {
    const r = box.getBoundingClientRect();
    const shift = r.top < inner.top + edge ? inner.top + edge - r.top : r.bottom > inner.bottom - edge ? inner.bottom - edge - r.bottom : 0;
    if (shift) box.style.top = `${parseFloat(getComputedStyle(box).top) + shift}px`;
  }
}

// ---------------------------------------------------------------- the board
// Draws the felt for one state message: seats, centre cards, the trick.
// ctx: { state, seats, viewer, completed, oldState }
function board(ctx) {
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
  const trickBox = h("div", { class: "trick", "aria-label": "trick" });
  const flights = [];
  const sweeps = [];
  for (const [seat, card] of trick) {
    const p = pos[seat] || { x: 50, y: 50 };
    const spot = trickSpot(p);
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
  if (v.trump) felt.append(h("div", { class: "trump-badge", title: t("trump") }, t("trump"), " ", bonaken.suitSpan(v.trump)));
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

function seatBox(ctx, seat, p, mine) {
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
  // while this browser is offline nobody's presence is known: every dot goes grey (bug 9)
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
      info.kind === "bot" || info.standin ? h("span", { class: "bot-level" }, `\u2699 ${info.kind === "bot" ? t(`level_${info.level}`) : t("standinShort")}`) : null,
      game.seatMeta(ctx, seat),
    ),
  );
  const openCards = ctx.openHands && !mine ? ctx.openHands[seat] : null;
  if (openCards && playing) {
    const open = h("div", { class: "open-hand replay-open", dataset: { seat } });
    for (const card of openCards) open.append(cardNode(card, { classes: ["tiny-face"] }));
    box.append(open);
  } else if (!mine && playing) {
    const backs = h("div", { class: "backs" });
    const n = v.hand_sizes[seat] || 0;
    for (let i = 0; i < Math.min(n, 9); i++) backs.append(backNode(["tiny"]));
    box.append(backs);
  }
  box.append(...game.seatExtra(ctx, seat).filter(Boolean));
  return box;
}

// ---------------------------------------------------------------- table
function tablePage(id) {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("t")) {
    store.setToken(id, hash.get("t"));
    history.replaceState(null, "", `/t/${id}`); // the secret leaves the address bar
  }
  const justClaimed = hash.has("claimed");
  if (justClaimed) history.replaceState(null, "", `/t/${id}`);
  const S = {
    id, token: store.token(id), ws: null, seat: null, seats: [], state: null, oldTrick: [], completed: null,
    lastTricks: null, result: null, shownResult: 0, hint: null, overlay: null, fatal: null, retry: 0, closed: false,
    connected: false, ref: 0, resultTimer: null,
    // the action sent and not yet answered: clicks meanwhile are ignored (bug 4)
    pending: null, timer: null, rematch: null, owner: null,
    // a game's picks (Bonaken: cards picked to lay away) and actions queued to be sent one by one
    discardPick: [], discardQueue: [], confirm: null, checking: null, game: bonaken, gameName: null,
  };
  // whoever just took an open seat sees its link at once: the way back from another device (bug 8)
  if (justClaimed) S.overlay = "invites";
  // the turn timer counts down on screen (only its text changes: no re-render)
  const ticker = setInterval(() => {
    const node = document.getElementById("turn-timer");
    if (!node || !S.timer || !S.state) return;
    const left = Math.max(0, Math.ceil(S.timer.left - (Date.now() - S.timer.at) / 1000));
    node.textContent = t("timeLeft", { n: left });
    node.classList.toggle("urgent", left <= 10);
  }, 500);

  function send(msg) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) {
      S.ws.send(JSON.stringify({ v: 1, ...msg }));
      return true;
    }
    return false;
  }

  function connect() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    S.ws = ws;
    ws.onopen = () => {
      S.retry = 0;
      S.connected = true;
      send(S.token ? { type: "join", table: id, token: S.token } : { type: "join", table: id });
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      onMessage(msg);
    };
    ws.onclose = () => {
      if (S.ws !== ws) return; // an old socket of this page
      S.connected = false;
      S.pending = null;
      if (S.closed || S.fatal) return;
      render();
      setTimeout(connect, Math.min(5000, 400 * 2 ** S.retry++));
    };
  }

  // A bid is checked against your cards before it is sent: one that claims roem they cannot reach
  // (false roem: in nk erin at once) needs an explicit confirmation. The server answers from what
  // this seat knows; other actions go out at once.
  function check(action) {
    if (S.pending || S.checking) return;
    if (!send({ type: "check", action, id: ++S.ref })) return act(action);
    S.checking = { action, ref: S.ref };
  }

  function act(action) {
    if (S.pending) return; // the previous click is still on its way: a second one would only be refused
    if (!S.connected) {
      toast(t("notConnected"), "error");
      return;
    }
    S.hint = null;
    const ref = ++S.ref;
    if (!send({ type: "act", action, expect: S.state ? S.state.version : undefined, id: ref })) {
      toast(t("notConnected"), "error");
      return;
    }
    S.pending = { ref, version: S.state ? S.state.version : -1 };
    render();
  }

  function onMessage(msg) {
    if (msg.type === "welcome") {
      S.seat = msg.seat;
      S.seats = msg.seats;
      S.config = msg.config;
      S.practice = msg.practice === true;
      S.owner = msg.owner === undefined ? null : msg.owner;
      S.gameName = msg.game;
      S.game = gameOf(msg.game);
      gameLanguage(msg.game);
    } else if (msg.type === "presence") {
      S.seats = msg.seats;
      if (S.state) render();
    } else if (msg.type === "check") {
      const c = S.checking;
      S.checking = null;
      if (!c || msg.ref !== c.ref || !S.state || msg.version !== S.state.version) return;
      if (msg.warning) confirmAction(c.action, S.game.warningText(msg.warning, c.action));
      else act(c.action);
    } else if (msg.type === "timer") {
      S.timer = { ...msg, at: Date.now() };
      if (S.state) render();
    } else if (msg.type === "rematch") {
      S.rematch = msg.table;
      if (S.seat !== null && S.token) store.setToken(msg.table, S.token); // the same seat at the new table
      if (S.state) render();
    } else if (msg.type === "state") {
      onState(msg);
    } else if (msg.type === "hint") {
      S.hint = msg;
      render();
    } else if (msg.type === "error") {
      if (S.pending && msg.ref === S.pending.ref) {
        S.pending = null;
        if (S.state) render();
      }
      if (msg.code === "unknown_table" || msg.code === "bad_token") {
        S.fatal = msg.code;
        if (msg.code === "bad_token") store.dropToken(id);
        S.ws.close();
        render();
        return;
      }
      toast(t("notAllowed", { msg: translateReason(msg.message, msg.code) }), "error");
    }
  }

  // What a game module sees of the table page (the interface at the top of this file).
  function ui() {
    return {
      view: view(),
      match: S.state.match,
      seat: S.seat,
      seats: S.seats,
      pending: !!S.pending,
      myTurn: myTurn(),
      act,
      check,
      picks: S.discardPick,
      queue: S.discardQueue,
      setPicks: (cards, redraw = true) => {
        S.discardPick = cards;
        if (redraw) render();
      },
    };
  }

  // The current view in the frame's terms (see tableView at the top), made once per state.
  let viewOf = null;
  function view() {
    if (!viewOf || viewOf.raw !== S.state.view) viewOf = { raw: S.state.view, view: S.game.tableView(S.state.view) };
    return viewOf.view;
  }

  function onState(msg) {
    const old = S.state;
    const v = msg.view;
    if (S.pending && msg.version > S.pending.version) S.pending = null;
    S.oldTrick = [];
    if (old && old.hand === msg.hand) {
      S.oldTrick = old.view.trick;
      if (v.tricks.length > old.view.tricks.length) {
        const last = v.tricks[v.tricks.length - 1];
        S.completed = { cards: last.cards, winner: last.winner, at: Date.now(), hand: msg.hand };
      }
    } else if (old && msg.prev && old.hand === msg.hand - 1) {
      S.oldTrick = old.view.trick;
      if (msg.prev.tricks.length > old.view.tricks.length) {
        const last = msg.prev.tricks[msg.prev.tricks.length - 1];
        S.completed = { cards: last.cards, winner: last.winner, at: Date.now(), hand: msg.hand - 1 };
      }
    }
    if (msg.prev) S.lastTricks = msg.prev.tricks;
    if (msg.prev && S.game.tableView(msg.prev).result && msg.hand - 1 > S.shownResult && old) {
      S.shownResult = msg.hand - 1;
      S.result = { hand: msg.hand - 1, view: msg.prev, match: msg.match };
      clearTimeout(S.resultTimer);
      S.resultTimer = setTimeout(() => { S.result = null; render(); }, 9000);
    }
    if (!old || old.hand !== msg.hand) S.shownResult = Math.max(S.shownResult, msg.hand - 1);
    if (S.hint && S.hint.version !== msg.version) S.hint = null;
    const wasMine = myTurn();
    S.state = msg;
    if (S.game.onState) S.game.onState(ui());
    render();
    if (myTurn() && !wasMine) {
      chime();
      const legal = msg.view.legal;
      if (settings.get("autoplay") && legal.length === 1 && legal[0].startsWith("play ") && msg.view.hand && msg.view.hand.length === 1) {
        setTimeout(() => { if (S.state === msg) act(legal[0]); }, 700 * settings.get("anim"));
      }
    }
    if (S.completed) setTimeout(() => { if (S.completed && Date.now() - S.completed.at >= 1600) { S.completed = null; render(); } }, 1700);
  }

  function myTurn() {
    return S.state && S.seat !== null && S.state.view.legal.length > 0;
  }

  function panel() {
    const out = h("div", { class: "action-panel", id: "action-panel" });
    if (myTurn()) out.append(...S.game.panel(ui()).filter(Boolean));
    return out;
  }

  function confirmAction(action, question) {
    S.confirm = { action, question };
    render();
  }

  function handRow() {
    const v = view();
    const row = h("div", { class: `hand${S.pending ? " busy" : ""}${S.connected ? "" : " offline"}`, id: "my-hand", "aria-busy": S.pending ? "true" : null });
    if (!v.hand) return row;
    const legal = new Set(v.legal);
    // a card is marked illegal only when cards are what the seat to act chooses from
    const cardPhase = v.legal.some((a) => a.split(" ").length === 2 && v.hand.includes(a.split(" ")[1]));
    const hinted = S.hint ? S.hint.action.split(" ")[1] : null;
    const u = ui();
    for (const card of v.hand) {
      const action = S.game.cardAction(v, card);
      const classes = [];
      if (legal.has(action)) classes.push("legal");
      else if (myTurn() && cardPhase) classes.push("illegal");
      if (hinted === card) classes.push("hinted");
      if (S.game.cardClasses) classes.push(...S.game.cardClasses(u, card));
      const node = cardNode(card, { button: true, classes });
      node.addEventListener("click", () => (S.game.onCard ? S.game.onCard(ui(), card) : act(action)));
      row.append(node);
    }
    return row;
  }

  function topbar() {
    const v = view();
    const m = S.state.match;
    const bits = [h("span", { class: "tag" }, t(`preset_${v.preset}`).split(" ")[0]), h("span", { class: "tag", id: "hand-no" }, S.game.handTag ? S.game.handTag(ui()) : t("hand", { n: S.state.hand })), h("span", { class: "tag phase" }, t(`phase_${v.phase}`))];
    if (S.practice) bits.unshift(h("span", { class: "tag practice", id: "practice", title: t("practiceWhy") }, t("practice")));
    bits.push(...S.game.topTags(ui()).filter(Boolean));
    const buttons = [
      h("button", { type: "button", id: "show-sheet", onclick: () => { S.overlay = "sheet"; render(); } }, t("sheet")),
      h("button", { type: "button", id: "show-last", onclick: () => { S.overlay = "last"; render(); } }, t("lastTrick")),
    ];
    if (myTurn()) buttons.push(h("button", { type: "button", id: "hint", onclick: () => send({ type: "hint", id: ++S.ref }) }, t("hint")));
    if (store.invites(id).length || (S.seat !== null && S.token)) buttons.push(h("button", { type: "button", id: "show-invites", onclick: () => { S.overlay = "invites"; render(); } }, t("invites")));
    buttons.push(h("button", { type: "button", id: "show-rules", onclick: () => { S.overlay = "rules"; render(); } }, t("rulesLink")));
    if (S.owner !== null && S.owner === S.seat && !m.over && S.seats.some((x) => x.kind === "human" && x.seat !== S.seat && !x.connected && !x.standin)) {
      buttons.push(h("button", { type: "button", id: "show-replace", onclick: () => { S.overlay = "replace"; render(); } }, t("replaceTitle")));
    }
    buttons.push(h("button", { type: "button", id: "show-settings", onclick: () => { S.overlay = "settings"; render(); } }, t("settings")));
    buttons.push(h("a", { href: "/", class: "button" }, t("lobbyLink")));
    void m;
    return h("div", { class: "topbar" }, h("div", { class: "info" }, bits), h("div", { class: "buttons" }, buttons), S.connected ? null : h("div", { class: "warning" }, t("connLost")));
  }

  function prompt() {
    const v = view();
    if (S.seat === null) return t("spectating");
    if (!v.seats.includes(S.seat)) return t("youAreOut");
    if (v.phase === "done") return t("phase_done");
    if (myTurn()) return t("yourTurn");
    return t("waitingFor", { name: seatName(S.seats, v.to_act, S.seat) });
  }

  // The turn timer of a table that has one: seconds left for the seat to act.
  function timerText() {
    const tm = S.timer;
    if (!tm || tm.seat === null || tm.seat === undefined || tm.version !== S.state.version) return null;
    const left = Math.max(0, Math.ceil(tm.left - (Date.now() - tm.at) / 1000));
    return h("span", { class: `turn-timer${left <= 10 ? " urgent" : ""}`, id: "turn-timer" }, t("timeLeft", { n: left }));
  }

  // A computer player plays this seat while its owner is away: the owner takes it back here.
  function standinBar() {
    if (S.seat === null || S.state.match.over) return null;
    const me = S.seats.find((x) => x.seat === S.seat);
    if (!me || !me.standin) return null;
    return h("div", { class: "standin-bar", id: "standin-bar", role: "status" }, t("standinMine"), " ", h("button", { type: "button", class: "primary", id: "reclaim", onclick: () => send({ type: "reclaim", id: ++S.ref }) }, t("reclaim")));
  }

  function eventLog() {
    return moveLog(S.game, view(), S.seats, S.seat, "log");
  }

  function resultBanner() {
    const v = view();
    // the newest finished hand: the one before (shown for a while as the next one starts), or this one
    // when it is over (the last hand of a match)
    const current = v.result ? { hand: S.state.hand, view: v } : null;
    const shown = current && (!S.result || S.result.hand < current.hand) ? current : S.result || current;
    if (!shown || shown.hand === S.dismissed) return null;
    const { hand } = shown;
    const lines = S.game.handResult(sheetCtx(), hand, shown.view === v ? v : S.game.tableView(shown.view));
    if (!lines) return null;
    return h("div", { class: "result-banner", id: "hand-result", role: "status" }, lines, h("button", { type: "button", class: "close", "aria-label": t("close"), onclick: () => { S.result = null; S.dismissed = hand; render(); } }, "\u00D7"));
  }

  function sheetCtx() {
    return { game: S.game, view: view(), match: S.state.match, seats: S.seats, viewer: S.seat };
  }

  // the end of the match: a panel at the top of the table page, not an overlay (the header stays usable)
  function endPanel() {
    const m = S.state.match;
    if (!m.over) return null;
    return h("section", { class: "panel end-panel", id: "end-screen", role: "status" }, h("h2", {}, t("matchOver")), endScreen(sheetCtx(), id, { rematch: S.rematch, canRematch: S.seat !== null, onRematch: askRematch }));
  }

  function overlay() {
    if (!S.overlay && !S.confirm) return null;
    const close = () => { S.overlay = null; render(); };
    const v = view();
    if (S.overlay === "sheet") return modal(t("sheet"), S.game.sheet(sheetCtx()), close);
    if (S.overlay === "last") {
      const tricks = v.tricks.length ? v.tricks : S.lastTricks || [];
      const last = tricks[tricks.length - 1];
      const body = last
        ? h("div", { class: "last-trick", id: "last-trick" }, last.cards.map(([s, c]) => h("div", { class: "last-card" }, cardNode(c), h("div", { class: "small" }, seatName(S.seats, s, S.seat)))), h("p", {}, t("wonBy", { name: seatName(S.seats, last.winner, S.seat) })))
        : h("p", {}, t("noTrickYet"));
      return modal(t("lastTrick"), body, close);
    }
    if (S.overlay === "invites") {
      const row = (seat, link, label) =>
        h("div", { class: "invite" }, h("span", {}, label), h("input", { readonly: true, value: link, class: "invite-link", dataset: { seat } }), h("button", { type: "button", onclick: (e) => { navigator.clipboard?.writeText(link); e.target.textContent = t("copied"); } }, t("copy")));
      // your own seat's link too: another device, or a browser whose storage was cleared, gets the seat back (bug 8)
      const own = S.seat !== null && S.token ? [h("h3", {}, t("ownLink")), h("p", { class: "muted" }, t("ownLinkHelp")), row(S.seat, `${location.origin}/t/${id}#t=${S.token}`, seatName(S.seats, S.seat, S.seat))] : [];
      const others = store.invites(id).filter((inv) => inv.seat !== S.seat);
      const rows = others.length ? [h("h3", {}, t("inviteOthers")), h("p", { class: "muted" }, t("inviteHelp")), others.map((inv) => row(inv.seat, inv.link, seatName(S.seats, inv.seat, S.seat)))] : [];
      return modal(t("invites"), [own, rows], close);
    }
    if (S.confirm) {
      const c = S.confirm;
      const cancel = () => { S.confirm = null; render(); };
      return modal(t("confirmTitle"), [h("p", {}, c.question), h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "confirm-go", onclick: () => { S.confirm = null; act(c.action); } }, t("confirmGo")), h("button", { type: "button", id: "confirm-cancel", onclick: cancel }, t("cancel")))], null, "confirm");
    }
    if (S.overlay === "settings") return modal(t("settings"), settingsPanel(render), close);
    if (S.overlay === "rules") return modal(t("rulesLink"), rulesPanel(S.gameName || "bonaken", v.preset), close);
    if (S.overlay === "replace") {
      const away = S.seats.filter((x) => x.kind === "human" && x.seat !== S.seat && !x.connected && !x.standin);
      const body = away.length
        ? away.map((x) => h("div", { class: "invite" }, h("span", {}, seatName(S.seats, x.seat, S.seat)), h("span", { class: "muted" }, t("dot_off")), h("button", { type: "button", class: "replace-seat", dataset: { seat: x.seat }, onclick: () => { send({ type: "standin", seat: x.seat, id: ++S.ref }); close(); } }, t("replaceByBot"))))
        : h("p", {}, t("nobodyAway"));
      return modal(t("replaceTitle"), body, close);
    }
    return null;
  }

  async function askRematch() {
    try {
      const res = await api(`/api/tables/${encodeURIComponent(id)}/rematch`, { method: "POST", body: JSON.stringify({ token: S.token }) });
      store.setToken(res.id, S.token);
      S.rematch = res.id;
      location.assign(`/t/${res.id}`);
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  function render() {
    if (S.closed) return;
    if (S.fatal) {
      const msg = S.fatal === "bad_token" ? t("badToken") : t("unknownTable");
      root.replaceChildren(
        h("div", { class: "panel" }, h("p", { class: "error" }, msg), S.fatal === "bad_token" ? h("button", { type: "button", onclick: () => { S.fatal = null; S.token = null; connect(); } }, t("watchInstead")) : null, " ", h("a", { href: "/", class: "button" }, t("lobbyLink"))),
      );
      return;
    }
    if (!S.state) {
      root.replaceChildren(h("p", {}, S.connected ? t("loading") : t("connLost")));
      return;
    }
    const v = view();
    const bottomSeat = S.seat !== null ? S.seat : v.seats[0];
    const ctx = { game: S.game, view: v, match: S.state.match, state: S.state, seats: S.seats, viewer: S.seat === null ? -1 : S.seat, completed: S.completed, oldTrick: S.oldTrick, online: S.connected };
    // The hand of the player to act is never pushed down or covered (bug 3): the hand result floats
    // over the felt, the hint sits in the action row, and toasts appear at the top of the screen.
    const hintLine = S.hint ? h("div", { class: "hint-text", id: "hint-text" }, t("hintSays", { action: S.game.actionWords(S.hint.action) }), S.game.hintValues(S.hint.values)) : null;
    const act = panel();
    if (hintLine) act.prepend(hintLine);
    const mine = h(
      "div",
      { class: "me" },
      h("div", { class: "me-row" }, seatBox(ctx, bottomSeat, null, true), h("p", { class: `prompt ${myTurn() ? "my-turn" : ""}`, id: "prompt" }, prompt()), timerText()),
      standinBar(),
      act,
      handRow(),
    );
    const felt = board(ctx);
    const banner = resultBanner();
    if (banner) felt.append(banner);
    document.title = myTurn() ? `\u25CF ${t("yourTurn")} \u00B7 ${BASE_TITLE}` : BASE_TITLE;
    const tablePage = h("div", { class: "table-page", dataset: { version: S.state.version, phase: v.phase, hand: S.state.hand, turn: myTurn() ? "me" : "other", pending: S.pending || S.checking || S.discardQueue.length ? "1" : "0", online: S.connected ? "1" : "0" } }, topbar(), endPanel(), felt, mine, eventLog(), overlay());
    root.replaceChildren(tablePage);
    fitTable(tablePage);
    S.oldTrick = v.trick.length ? v.trick : S.completed ? S.completed.cards : []; // animate each card once
  }

  const onResize = () => fitTable(root.querySelector(".table-page"));
  window.addEventListener("resize", onResize);
  page = { render, destroy() { S.closed = true; clearInterval(ticker); window.removeEventListener("resize", onResize); if (S.ws) S.ws.close(); } };
  render();
  connect();
}

// Small drawn icons for the replay controls (⏮ and ⏭ are missing from many fonts).
function icon(name) {
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

function rulesPanel(game, preset) {
  const words = gameOf(game).GLOSSARY[game] || [];
  return h(
    "div",
    { class: "rules-panel", id: "rules-panel" },
    preset ? h("p", {}, t("rulesPreset", { preset: t(`preset_${preset}`) })) : null,
    h("dl", { class: "glossary" }, words.map((w) => [h("dt", {}, t(`g_${w}`)), h("dd", {}, t(`gd_${w}`))])),
    h("p", {}, h("a", { href: `/rules/${encodeURIComponent(game)}`, target: "_blank", rel: "noopener", id: "full-rules" }, t("fullRules"))),
  );
}

function modal(title, body, onClose, id) {
  return h(
    "div",
    { class: "overlay", id: id || null },
    h("div", { class: "modal", role: "dialog", "aria-label": title }, h("h2", {}, title), body, onClose ? h("button", { type: "button", class: "close-modal", onclick: onClose }, t("close")) : null),
  );
}

// The end screen: the game's lines (winner, standing), then rematch, replay, record and lobby.
function endScreen(ctx, id, extra = {}) {
  let rematch = null;
  if (extra.rematch) rematch = h("a", { href: `/t/${extra.rematch}`, class: "button primary", id: "rematch-go" }, t("toRematch"));
  else if (extra.canRematch) rematch = h("button", { type: "button", class: "primary", id: "rematch", onclick: extra.onRematch }, t("rematch"));
  return [
    ...ctx.game.endSummary(ctx),
    h("div", { class: "buttons" }, rematch, h("a", { href: `/r/${id}`, class: "button" }, t("replay")), h("a", { href: `/api/tables/${id}/record`, class: "button", download: `troef-${id}.json` }, t("download")), h("a", { href: "/", class: "button primary" }, t("lobbyLink"))),
  ];
}

// ---------------------------------------------------------------- replay
function replayPage(id) {
  // perspective: "open" (every hand face up: the match is over), "public" (a spectator's), "mine"
  const S = { info: null, hand: 1, frames: [], open: null, i: 0, persp: "open", error: null, closed: false, playing: false, timer: null };

  async function load() {
    try {
      S.info = S.info || (await api(`/api/tables/${encodeURIComponent(id)}`));
      const headers = S.persp === "mine" && store.token(id) ? { "x-troef-token": store.token(id) } : {};
      const query = S.persp === "open" ? "?open=1" : "";
      const data = await api(`/api/tables/${encodeURIComponent(id)}/replay/${S.hand}${query}`, { headers });
      S.frames = data.frames;
      S.open = data.open || null;
      S.i = 0;
      S.error = null;
    } catch (e) {
      S.error = errorText(e);
    }
    render();
  }

  // play/pause: a step every 1.2 s (the speed setting scales it), on to the next hand at the end of one
  function toggle() {
    S.playing = !S.playing;
    clearInterval(S.timer);
    if (S.playing) {
      S.timer = setInterval(() => {
        if (S.i < S.frames.length - 1) {
          S.i += 1;
          render();
        } else {
          S.playing = false;
          clearInterval(S.timer);
          render();
        }
      }, 1200 * settings.get("anim"));
    }
    render();
  }

  function onKey(e) {
    if (S.closed || e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") S.i = Math.min(S.frames.length - 1, S.i + 1);
    else if (e.key === "ArrowLeft") S.i = Math.max(0, S.i - 1);
    else if (e.key === " ") {
      e.preventDefault();
      toggle();
      return;
    } else return;
    e.preventDefault();
    render();
  }
  document.addEventListener("keydown", onKey);

  // what happened in this step, in words
  function game() {
    return gameOf(S.info.game);
  }

  function frameView(frame) {
    if (!frame.tableView) frame.tableView = game().tableView(frame.view);
    return frame.tableView;
  }

  function caption(frame, before) {
    const events = frameView(frame).events;
    const had = before ? frameView(before).events.length : 0;
    if (!before || events.length <= had) return S.i === 0 ? t("captionDeal", { n: frame.hand }) : "";
    const seats = S.info.seats;
    return events.slice(had).map(([s, text]) => game().eventWords(seatName(seats, s, frame.viewer), text)).join(" \u00B7 ");
  }

  function render() {
    if (S.closed) return;
    if (S.error) {
      root.replaceChildren(h("div", { class: "panel" }, h("p", { class: "error" }, S.error), h("a", { href: "/", class: "button" }, t("lobbyLink"))));
      return;
    }
    if (!S.info || !S.frames.length) {
      root.replaceChildren(h("p", {}, t("loading")));
      return;
    }
    const hands = S.info.result?.hands || 1;
    const frame = S.frames[S.i];
    const seats = S.info.seats.map((s) => ({ ...s, connected: true }));
    const go = (i) => { S.i = Math.max(0, Math.min(S.frames.length - 1, i)); render(); };
    const handSel = h("select", { id: "replay-hand", onchange: (e) => { S.hand = Number(e.target.value); load(); } }, Array.from({ length: hands }, (_, i) => h("option", { value: i + 1, selected: i + 1 === S.hand }, t("hand", { n: i + 1 }))));
    const mySeat = S.info.seats.find((s) => s.seat === frame.viewer);
    const options = [h("option", { value: "open", selected: S.persp === "open" }, t("openView")), h("option", { value: "public", selected: S.persp === "public" }, t("spectatorView"))];
    if (store.token(id)) options.push(h("option", { value: "mine", selected: S.persp === "mine" }, t("mySeat", { name: mySeat ? displayName(mySeat.name) : "" })));
    const persp = h("label", {}, t("perspective"), " ", h("select", { id: "replay-perspective", onchange: (e) => { S.persp = e.target.value; load(); } }, options));
    const controls = h(
      "div",
      { class: "replay-controls" },
      handSel,
      h("button", { type: "button", id: "replay-first", "aria-label": t("first"), onclick: () => go(0) }, icon("first")),
      h("button", { type: "button", id: "replay-prev", "aria-label": t("previous"), onclick: () => go(S.i - 1) }, icon("prev")),
      h("button", { type: "button", id: "replay-play", "aria-label": S.playing ? t("pause") : t("play"), onclick: () => toggle() }, icon(S.playing ? "pause" : "play")),
      h("input", { type: "range", min: 0, max: S.frames.length - 1, value: S.i, oninput: (e) => go(Number(e.target.value)) }),
      h("button", { type: "button", id: "replay-next", "aria-label": t("next"), onclick: () => go(S.i + 1) }, icon("next")),
      h("button", { type: "button", id: "replay-last", "aria-label": t("last"), onclick: () => go(S.frames.length - 1) }, icon("last")),
      h("span", { id: "replay-step" }, t("step", { i: S.i + 1, n: S.frames.length })),
      persp,
      h("a", { href: `/api/tables/${id}/record`, class: "button", download: `troef-${id}.json` }, t("download")),
    );
    const v = frameView(frame);
    const openHands = S.open ? Object.fromEntries(Object.entries(S.open).map(([seat, hands]) => [seat, hands[S.i]])) : null;
    const ctx = { game: game(), view: v, match: frame.match, state: frame, seats, viewer: frame.viewer, completed: null, oldTrick: S.i > 0 ? S.frames[S.i - 1].view.trick : [], openHands };
    const bottom = frame.viewer >= 0 ? frame.viewer : v.seats[0];
    const bottomCards = v.hand || (openHands ? openHands[bottom] : null) || [];
    const hand = h("div", { class: "hand" }, bottomCards.map((c) => cardNode(c)));
    const events = moveLog(game(), v, seats, frame.viewer, "replay-log");
    const cap = h("p", { class: "caption", id: "replay-caption", "aria-live": "polite" }, caption(frame, S.i > 0 ? S.frames[S.i - 1] : null) || "\u00A0");
    const last = v.tricks[v.tricks.length - 1];
    const lastTrick = !v.trick.length && last ? h("div", { class: "last-trick inline" }, last.cards.map(([s, c]) => h("div", { class: "last-card" }, cardNode(c, { classes: ["small"] }), h("div", { class: "small" }, seatName(seats, s, frame.viewer))))) : null;
    const resultLines = game().handResult({ ...ctx, brief: true }, frame.hand, v);
    const result = resultLines ? h("div", { class: "result-banner static" }, resultLines) : null;
    root.replaceChildren(
      h("div", { class: "table-page replay", dataset: { phase: v.phase, step: S.i } }, h("h2", {}, t("replayOf", { id })), controls, cap, result, board(ctx), h("div", { class: "me" }, seatBox(ctx, bottom, null, true), lastTrick, hand), events, frame.match.over && S.i === S.frames.length - 1 ? h("div", { class: "panel" }, endScreen(ctx, id)) : null),
    );
  }

  page = { render, destroy() { S.closed = true; clearInterval(S.timer); document.removeEventListener("keydown", onKey); } };
  render();
  load();
}

// ---------------------------------------------------------------- start
applySettings();
for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => {
    setLang(button.dataset.lang);
    markLang();
    if (page) page.render();
  });
}

function markLang() {
  for (const button of document.querySelectorAll("[data-lang]")) button.classList.toggle("active", button.dataset.lang === getLang());
}

// Pasting a seat link into a tab that already shows that table changes only the "#t=" part: no page
// load follows, so the table page is built again here with the new token (bug 7).
window.addEventListener("hashchange", () => {
  if (!location.pathname.startsWith("/t/") || !new URLSearchParams(location.hash.slice(1)).get("t")) return;
  if (page) page.destroy();
  route();
});

function route() {
  markLang();
  const path = location.pathname;
  if (path.startsWith("/t/")) tablePage(decodeURIComponent(path.slice(3)));
  else if (path.startsWith("/r/")) replayPage(decodeURIComponent(path.slice(3)));
  else page = lobbyPage({ GAMES, gameOf, gameOptions, gameLanguage });
}

route();
