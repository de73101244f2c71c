// The troef browser UI: lobby, card table and replays. It only shows what the
// server sends (each state message is the projection for this viewer) and only
// sends intentions: join, act, hint.

import { t, getLang, setLang, translateReason } from "./i18n.js";
import { SUITS, SUIT_LETTERS, backNode, cardLabel, cardNode } from "./cards.js";

const root = document.getElementById("app");
let page = null; // { render(), destroy() }

// ---------------------------------------------------------------- helpers
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(path, options = {}) {
  const res = await fetch(path, { ...options, headers: { "content-type": "application/json", ...(options.headers || {}) } });
  let data = {};
  try {
    data = await res.json();
  } catch (e) {
    data = {};
  }
  if (!res.ok) throw new Error(data.error ? data.error.message : res.statusText);
  return data;
}

function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  const node = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(node);
  setTimeout(() => node.remove(), kind === "error" ? 5000 : 3500);
}

const store = {
  token: (id) => localStorage.getItem(`troef.seat.${id}`),
  setToken: (id, token) => localStorage.setItem(`troef.seat.${id}`, token),
  dropToken: (id) => localStorage.removeItem(`troef.seat.${id}`),
  invites: (id) => JSON.parse(localStorage.getItem(`troef.invites.${id}`) || "[]"),
  setInvites: (id, list) => localStorage.setItem(`troef.invites.${id}`, JSON.stringify(list)),
};

function suitName(letter) {
  const names = { en: { h: "hearts", d: "diamonds", c: "clubs", s: "spades" }, nl: { h: "harten", d: "ruiten", c: "klaveren", s: "schoppen" } };
  return (names[getLang()] || names.en)[letter] || letter;
}

function suitSpan(letter) {
  const info = SUITS[letter];
  return h("span", { class: `suit ${info && info.red ? "red" : "black"}` }, info ? info.sym : "?");
}

function contractLabel(text) {
  if (!text) return "";
  if (getLang() !== "nl") return text;
  return text.replace("double misère", "dubbele misère").replace("(six-card)", "(zesreeks)").replace("open bonaak", "open bonaak");
}

function bidLabel(action) {
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

function actionLabel(action) {
  const words = action.split(" ");
  if (words[0] === "play" || words[0] === "discard") return `${words[0] === "play" ? "\u25B6" : "\u2193"} ${cardLabel(words[1])}`;
  if (words[0] === "trump") return `${SUITS[words[1]].sym} ${suitName(words[1])}`;
  if (words[0] === "roem") return words[1] === "0" ? t("noRoem") : t("roemN", { n: words[1] });
  if (words[0] === "stuk") return t("stuk");
  return bidLabel(action);
}

function seatName(seats, seat, viewer) {
  const info = seats.find((s) => s.seat === seat);
  const name = info ? info.name : `${seat + 1}`;
  return seat === viewer ? `${name} (${t("you")})` : name;
}

function eventText(seats, viewer, seat, text) {
  const name = seatName(seats, seat, viewer);
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

// Where seats sit around the felt, in percent: the viewer at the bottom, the
// others in seat order (the next player to the left) over the top.
function seatPositions(table, bottom) {
  const out = {};
  out[bottom] = { x: 50, y: 96 };
  const k = table - 1;
  for (let i = 0; i < k; i++) {
    const seat = (bottom + 1 + i) % table;
    const angle = k === 1 ? Math.PI / 2 : Math.PI - (i * Math.PI) / (k - 1);
    out[seat] = { x: 50 + 41 * Math.cos(angle), y: 50 - 40 * Math.sin(angle) };
  }
  return out;
}

function trickSpot(pos) {
  return { x: 50 + (pos.x - 50) * 0.27, y: 47 + (pos.y - 50) * 0.32 };
}

// ---------------------------------------------------------------- the board
// Draws the felt for one state message: seats, centre cards, the trick.
// ctx: { state, seats, viewer, completed, oldState }
function board(ctx) {
  const { state, seats, viewer } = ctx;
  const v = state.view;
  const m = state.match;
  const bottom = viewer >= 0 ? viewer : v.seats.length ? v.seats[0] : 0;
  const pos = seatPositions(v.table, bottom);
  const felt = h("div", { class: "felt", dataset: { phase: v.phase } });
  for (let seat = 0; seat < v.table; seat++) {
    if (seat === bottom) continue;
    felt.append(seatBox(ctx, seat, pos[seat], false));
  }
  // the centre: open cards and blind cards while bidding and exchanging
  if ((v.phase === "bidding" || v.phase === "exchange") && (v.centre_open.length || v.centre_closed)) {
    const centre = h("div", { class: "centre", "aria-label": t("centre") });
    for (const card of v.centre_open) centre.append(cardNode(card, { classes: ["small"] }));
    for (let i = 0; i < v.centre_closed; i++) centre.append(backNode(["small"]));
    felt.append(centre);
  }
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
  if (v.trump >= 0) felt.append(h("div", { class: "trump-badge", title: t("trump") }, t("trump"), " ", suitSpan(SUIT_LETTERS[v.trump])));
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
  void m;
  return felt;
}

function seatBox(ctx, seat, p, mine) {
  const { state, seats, viewer } = ctx;
  const v = state.view;
  const m = state.match;
  const info = seats.find((s) => s.seat === seat) || { name: `${seat + 1}`, kind: "human", connected: false };
  const playing = v.seats.includes(seat);
  const classes = ["seat-box"];
  if (v.to_act === seat) classes.push("to-act");
  if (v.declarers.includes(seat)) classes.push("declarer");
  if (!playing) classes.push("out");
  if (mine) classes.push("mine");
  const box = h("div", { class: classes.join(" "), dataset: { seat } });
  if (!mine) {
    box.style.left = `clamp(4.3em, ${p.x}%, calc(100% - 4.3em))`;
    box.style.top = `${p.y}%`;
  }
  const status = m.status[seat];
  const marks = "+".repeat(m.plus[seat] || 0) + "\u2212".repeat(m.minus[seat] || 0);
  box.append(
    h(
      "div",
      { class: "seat-name" },
      h("span", { class: `dot ${info.connected ? "on" : "off"}`, title: info.connected ? "online" : "offline" }),
      seatName(seats, seat, viewer),
      info.kind === "bot" ? h("span", { class: "bot-level" }, ` \u2699 ${t(`level_${info.level}`)}`) : null,
      v.dealer === seat ? h("span", { class: "chip", title: t("dealer") }, "D") : null,
    ),
  );
  box.append(
    h(
      "div",
      { class: "seat-meta" },
      h("span", { class: `status status-${status}` }, t(`status_${status}`)),
      marks ? h("span", { class: "marks" }, marks) : null,
      m.points ? h("span", { class: "marks" }, `${m.points[seat]}`) : null,
      playing && v.phase === "play" ? h("span", { class: "won" }, `${v.tricks_won[seat] || 0} ${t("tricks")}`) : null,
    ),
  );
  if (!mine && playing) {
    const backs = h("div", { class: "backs" });
    const n = v.hand_sizes[seat] || 0;
    for (let i = 0; i < Math.min(n, 9); i++) backs.append(backNode(["tiny"]));
    box.append(backs);
  }
  if (v.open_hand && v.declarers[0] === seat && seat !== viewer) {
    const open = h("div", { class: "open-hand" });
    for (const card of v.open_hand) open.append(cardNode(card, { classes: ["tiny-face"] }));
    box.append(open);
  }
  if (v.phase === "bidding") {
    const last = [...v.events].reverse().find(([s]) => s === seat);
    if (last) box.append(h("div", { class: "bubble" }, last[1] === "pass" ? t("pass") : bidLabel(last[1])));
  }
  return box;
}

// ---------------------------------------------------------------- lobby
function lobbyPage() {
  const S = { games: null, tables: null, error: null, form: null };

  async function load() {
    try {
      [S.games, S.tables] = await Promise.all([api("/api/games"), api("/api/tables")]);
      S.error = null;
    } catch (e) {
      S.error = e.message;
    }
    render();
  }

  function bonaken() {
    return S.games.games.bonaken;
  }

  function defaultForm(presetName) {
    const opts = bonaken().presets[presetName];
    const players = opts.default_players;
    const levels = bonaken().bots;
    const best = levels.includes("heuristic") ? "heuristic" : levels[levels.length - 1];
    return {
      preset: presetName,
      players,
      switches: { ...opts.switches },
      seed: "",
      seats: Array.from({ length: 7 }, (_, i) => ({ choice: i === 0 ? "me" : `bot:${best}`, name: "" })),
    };
  }

  function createForm() {
    const f = S.form;
    const opts = bonaken();
    const presetSel = h(
      "select",
      { id: "preset", name: "preset", onchange: (e) => { S.form = defaultForm(e.target.value); render(); } },
      Object.keys(opts.presets).map((p) => h("option", { value: p, selected: p === f.preset }, t(`preset_${p}`))),
    );
    const playersSel = h(
      "select",
      { id: "players", name: "players", onchange: (e) => { f.players = Number(e.target.value); render(); } },
      opts.presets[f.preset].players.map((n) => h("option", { value: n, selected: n === f.players }, n)),
    );
    const switches = h("div", { class: "switches" });
    for (const [key, choices] of Object.entries(opts.switches)) {
      const id = `sw-${key}`;
      let input;
      if (choices[0] === "bool") {
        input = h("input", { type: "checkbox", id, checked: !!f.switches[key], onchange: (e) => { f.switches[key] = e.target.checked; } });
        switches.append(h("label", { class: "check" }, input, " ", t(`sw_${key}`)));
      } else {
        input = h(
          "select",
          { id, onchange: (e) => { f.switches[key] = typeof choices[0] === "number" ? Number(e.target.value) : e.target.value; } },
          choices.map((c) => h("option", { value: c, selected: c === f.switches[key] }, typeof c === "number" ? c : t(`val_${c}`))),
        );
        switches.append(h("label", {}, t(`sw_${key}`), " ", input));
      }
    }
    switches.append(h("label", {}, t("seed"), " ", h("input", { id: "seed", type: "number", min: 0, value: f.seed, oninput: (e) => { f.seed = e.target.value; } })));
    const seatRows = h("div", { class: "seat-rows" });
    for (let i = 0; i < f.players; i++) {
      const s = f.seats[i];
      const choices = [["me", t("me")], ["invite", t("invite")], ["open", t("openSeat")], ...opts.bots.map((l) => [`bot:${l}`, t("bot", { level: t(`level_${l}`) })])];
      seatRows.append(
        h(
          "div",
          { class: "seat-row" },
          h("span", { class: "seat-no" }, t("seat", { n: i + 1 })),
          h("select", { id: `seat-${i}`, onchange: (e) => { s.choice = e.target.value; } }, choices.map(([value, label]) => h("option", { value, selected: value === s.choice }, label))),
          h("input", { id: `seat-name-${i}`, placeholder: t("name"), maxlength: 24, value: s.name, oninput: (e) => { s.name = e.target.value; } }),
        ),
      );
    }
    return h(
      "form",
      { class: "panel create", id: "create-form", onsubmit: (e) => { e.preventDefault(); create(); } },
      h("h2", {}, t("newTable")),
      h("div", { class: "row" }, h("label", {}, t("game"), " ", h("select", { id: "game" }, h("option", { value: "bonaken" }, "Bonaken"))), h("label", {}, t("rules"), " ", presetSel), h("label", {}, t("players"), " ", playersSel)),
      h("details", {}, h("summary", {}, t("variants")), switches),
      h("h3", {}, t("seats")),
      seatRows,
      h("button", { type: "submit", class: "primary", id: "create" }, t("create")),
    );
  }

  async function create() {
    const f = S.form;
    const base = bonaken().presets[f.preset].switches;
    const switches = {};
    for (const [k, value] of Object.entries(f.switches)) if (value !== base[k]) switches[k] = value;
    const seats = f.seats.slice(0, f.players).map((s, i) => {
      const name = s.name.trim() || undefined;
      if (s.choice.startsWith("bot:")) return { kind: "bot", level: s.choice.slice(4), name };
      if (s.choice === "open") return { kind: "human", open: true, name };
      return { kind: "human", name: name || (s.choice === "me" ? undefined : undefined) };
    });
    const body = { game: "bonaken", config: { preset: f.preset, players: f.players, switches }, seats };
    if (f.seed !== "") body.seed = Number(f.seed);
    try {
      const res = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
      const mine = f.seats.slice(0, f.players).findIndex((s) => s.choice === "me");
      const invites = [];
      for (const inv of res.invites) {
        if (inv.seat === mine) store.setToken(res.id, inv.token);
        else invites.push({ seat: inv.seat, link: `${location.origin}${inv.link}` });
      }
      store.setInvites(res.id, invites);
      location.assign(`/t/${res.id}`);
    } catch (e) {
      toast(e.message, "error");
    }
  }

  async function claim(id, seat) {
    try {
      const res = await api(`/api/tables/${encodeURIComponent(id)}/claim`, { method: "POST", body: JSON.stringify({ seat }) });
      store.setToken(res.id, res.token);
      location.assign(`/t/${res.id}`);
    } catch (e) {
      toast(e.message, "error");
      load();
    }
  }

  function describe(tbl) {
    const names = tbl.seats.map((s) => (s.kind === "bot" ? `${s.name} \u2699` : s.open ? `(${t("open")})` : s.name)).join(", ");
    const text = `${t(`preset_${tbl.config.preset}`)} \u00B7 ${tbl.config.players} ${t("players").toLowerCase()} \u00B7 ${names}`;
    // a practice table is dealt from a seed its creator chose: whoever knows the seed knows every card
    return tbl.practice ? [h("span", { class: "tag practice", title: t("practiceWhy") }, t("practice")), " ", text] : text;
  }

  function lists() {
    const T = S.tables;
    const open = h("section", { class: "panel" }, h("h2", {}, t("openTables")));
    if (!T.open.length) open.append(h("p", { class: "muted" }, t("none")));
    for (const tbl of T.open) {
      const row = h("div", { class: "table-row" }, h("span", {}, describe(tbl)));
      for (const s of tbl.seats) if (s.open) row.append(h("button", { type: "button", class: "claim", onclick: () => claim(tbl.id, s.seat) }, t("takeSeat", { n: s.seat + 1 })));
      row.append(h("a", { href: `/t/${tbl.id}`, class: "button" }, t("watch")));
      open.append(row);
    }
    const live = h("section", { class: "panel" }, h("h2", {}, t("liveTables")));
    if (!T.live.length) live.append(h("p", { class: "muted" }, t("none")));
    for (const tbl of T.live) {
      live.append(h("div", { class: "table-row" }, h("span", {}, describe(tbl), ` \u00B7 ${t("hand", { n: tbl.hand })}`), h("a", { href: `/t/${tbl.id}`, class: "button" }, store.token(tbl.id) ? t("seat", { n: "" }).trim() : t("watch"))));
    }
    const done = h("section", { class: "panel", id: "finished" }, h("h2", {}, t("finishedMatches")));
    if (!T.finished.length) done.append(h("p", { class: "muted" }, t("none")));
    for (const tbl of T.finished) {
      const losers = (tbl.result?.losers || []).map((s) => tbl.seats[s]?.name || s).join(", ");
      done.append(
        h(
          "div",
          { class: "table-row" },
          h("span", {}, describe(tbl), losers ? ` \u00B7 ${t(tbl.result.losers.length > 1 ? "buyRound" : "buysRound", { names: losers })}` : ""),
          h("a", { href: `/r/${tbl.id}`, class: "button" }, t("replay")),
          h("a", { href: `/api/tables/${tbl.id}/record`, class: "button", download: `troef-${tbl.id}.json` }, t("download")),
        ),
      );
    }
    return [open, live, done];
  }

  function render() {
    if (S.error) {
      root.replaceChildren(h("p", { class: "error" }, S.error));
      return;
    }
    if (!S.games) {
      root.replaceChildren(h("p", {}, t("loading")));
      return;
    }
    if (!S.form) S.form = defaultForm("nk");
    root.replaceChildren(
      h("div", { class: "lobby" }, createForm(), h("div", { class: "lists" }, h("button", { type: "button", class: "refresh", onclick: load }, t("refresh")), lists())),
    );
  }

  page = { render, destroy() {} };
  render();
  load();
}

// ---------------------------------------------------------------- table
function tablePage(id) {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("t")) {
    store.setToken(id, hash.get("t"));
    history.replaceState(null, "", `/t/${id}`); // the secret leaves the address bar
  }
  const S = {
    id, token: store.token(id), ws: null, seat: null, seats: [], state: null, oldTrick: [], completed: null,
    lastTricks: null, result: null, shownResult: 0, hint: null, overlay: null, fatal: null, retry: 0, closed: false,
    connected: false, ref: 0, resultTimer: null,
  };

  function send(msg) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({ v: 1, ...msg }));
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
      S.connected = false;
      if (S.closed || S.fatal) return;
      render();
      setTimeout(connect, Math.min(5000, 400 * 2 ** S.retry++));
    };
  }

  function act(action) {
    S.hint = null;
    send({ type: "act", action, expect: S.state ? S.state.version : undefined, id: ++S.ref });
  }

  function onMessage(msg) {
    if (msg.type === "welcome") {
      S.seat = msg.seat;
      S.seats = msg.seats;
      S.config = msg.config;
      S.practice = msg.practice === true;
    } else if (msg.type === "presence") {
      S.seats = msg.seats;
      if (S.state) render();
    } else if (msg.type === "state") {
      onState(msg);
    } else if (msg.type === "hint") {
      S.hint = msg;
      render();
    } else if (msg.type === "error") {
      if (msg.code === "unknown_table" || msg.code === "bad_token") {
        S.fatal = msg.code;
        if (msg.code === "bad_token") store.dropToken(id);
        S.ws.close();
        render();
        return;
      }
      toast(t("notAllowed", { msg: translateReason(msg.message) }), "error");
    }
  }

  function onState(msg) {
    const old = S.state;
    const v = msg.view;
    S.oldTrick = [];
    if (old && old.hand === msg.hand) {
      S.oldTrick = old.view.trick;
      if (v.tricks.length > old.view.tricks.length) {
        const last = v.tricks[v.tricks.length - 1];
        S.completed = { cards: last.cards, winner: last.winner, at: Date.now() };
      }
    } else if (old && msg.prev && old.hand === msg.hand - 1) {
      S.oldTrick = old.view.trick;
      if (msg.prev.tricks.length > old.view.tricks.length) {
        const last = msg.prev.tricks[msg.prev.tricks.length - 1];
        S.completed = { cards: last.cards, winner: last.winner, at: Date.now() };
      }
    }
    if (msg.prev) S.lastTricks = msg.prev.tricks;
    if (msg.prev && msg.prev.result && msg.hand - 1 > S.shownResult && old) {
      S.shownResult = msg.hand - 1;
      S.result = { hand: msg.hand - 1, view: msg.prev, match: msg.match };
      clearTimeout(S.resultTimer);
      S.resultTimer = setTimeout(() => { S.result = null; render(); }, 9000);
    }
    if (!old || old.hand !== msg.hand) S.shownResult = Math.max(S.shownResult, msg.hand - 1);
    if (S.hint && S.hint.version !== msg.version) S.hint = null;
    S.state = msg;
    render();
    if (S.completed) setTimeout(() => { if (S.completed && Date.now() - S.completed.at >= 1600) { S.completed = null; render(); } }, 1700);
  }

  function myTurn() {
    return S.state && S.seat !== null && S.state.view.legal.length > 0;
  }

  function panel() {
    const v = S.state.view;
    const legal = v.legal;
    const out = h("div", { class: "action-panel", id: "action-panel" });
    if (!myTurn()) return out;
    if (v.phase === "bidding") {
      if (legal.includes("pass")) out.append(h("button", { type: "button", dataset: { action: "pass" }, onclick: () => act("pass") }, t("pass")));
      const numbers = legal.filter((a) => /^bid \d+$/.test(a));
      if (numbers.length) {
        const sel = h("select", { id: "bid-number", "aria-label": t("bid") }, numbers.map((a) => h("option", { value: a }, bidLabel(a))));
        out.append(h("span", { class: "bid-number" }, sel, h("button", { type: "button", class: "primary", id: "bid-number-go", onclick: () => act(sel.value) }, t("bid"))));
      }
      const specials = legal.filter((a) => a.startsWith("bid ") && !/^bid \d+$/.test(a));
      const plain = specials.filter((a) => a.split(" ").length === 2);
      const withRoem = specials.filter((a) => a.split(" ").length > 2);
      for (const a of plain) out.append(h("button", { type: "button", dataset: { action: a }, onclick: () => act(a) }, bidLabel(a)));
      if (withRoem.length) {
        const sel = h("select", { id: "bid-special", "aria-label": t("bid") }, withRoem.map((a) => h("option", { value: a }, bidLabel(a))));
        out.append(h("span", { class: "bid-number" }, sel, h("button", { type: "button", id: "bid-special-go", onclick: () => act(sel.value) }, t("bid"))));
      }
    } else if (v.phase === "exchange") {
      const others = v.seats.filter((s) => s !== S.seat).map((s) => v.hand_sizes[s]);
      const need = Math.max(1, v.hand.length - Math.min(...others));
      const idx = v.declarers.indexOf(S.seat);
      const passOn = v.declarers.length > 1 && idx < v.declarers.length - 1;
      out.append(h("p", { class: "prompt", id: "exchange-prompt" }, t(passOn ? "passOn" : "layAway", { n: need })));
    } else if (v.phase === "trump") {
      out.append(h("span", { class: "label" }, t("nameTrump"), ": "));
      for (const a of legal.filter((x) => x.startsWith("trump "))) {
        const letter = a.split(" ")[1];
        out.append(h("button", { type: "button", class: "suit-button", dataset: { action: a }, onclick: () => act(a) }, suitSpan(letter), " ", suitName(letter)));
      }
      out.append(h("p", { class: "muted small" }, t("orLead")));
    } else if (v.phase === "roem") {
      out.append(h("span", { class: "label" }, t("declareRoem"), ": "));
      for (const a of legal) out.append(h("button", { type: "button", dataset: { action: a }, onclick: () => act(a) }, actionLabel(a)));
    } else if (v.phase === "play") {
      if (legal.includes("stuk")) out.append(h("button", { type: "button", dataset: { action: "stuk" }, onclick: () => act("stuk") }, t("stuk")));
    }
    return out;
  }

  function handRow() {
    const v = S.state.view;
    const row = h("div", { class: "hand", id: "my-hand" });
    if (!v.hand) return row;
    const legal = new Set(v.legal);
    const verb = v.phase === "exchange" ? "discard" : "play";
    const cardPhase = v.phase === "exchange" || v.phase === "trump" || v.phase === "play";
    const hinted = S.hint ? S.hint.action.split(" ")[1] : null;
    for (const card of v.hand) {
      const action = `${verb} ${card}`;
      const classes = [];
      if (legal.has(action)) classes.push("legal");
      else if (myTurn() && cardPhase) classes.push("illegal");
      if (hinted === card) classes.push("hinted");
      const node = cardNode(card, { button: true, classes });
      node.addEventListener("click", () => act(action));
      row.append(node);
    }
    return row;
  }

  function topbar() {
    const v = S.state.view;
    const m = S.state.match;
    const bits = [h("span", { class: "tag" }, t(`preset_${v.preset}`).split(" ")[0]), h("span", { class: "tag", id: "hand-no" }, t("hand", { n: S.state.hand })), h("span", { class: "tag phase" }, t(`phase_${v.phase}`))];
    if (S.practice) bits.unshift(h("span", { class: "tag practice", id: "practice", title: t("practiceWhy") }, t("practice")));
    if (v.contract) {
      const names = v.declarers.map((s) => seatName(S.seats, s, S.seat)).join(" + ");
      bits.push(h("span", { class: "tag contract" }, `${t("contract")}: ${contractLabel(v.contract)} (${names})`));
    }
    if (v.roem_declared) bits.push(h("span", { class: "tag" }, t("roemN", { n: v.roem_declared })));
    const buttons = [
      h("button", { type: "button", id: "show-sheet", onclick: () => { S.overlay = "sheet"; render(); } }, t("sheet")),
      h("button", { type: "button", id: "show-last", onclick: () => { S.overlay = "last"; render(); } }, t("lastTrick")),
    ];
    if (myTurn()) buttons.push(h("button", { type: "button", id: "hint", onclick: () => send({ type: "hint", id: ++S.ref }) }, t("hint")));
    if (store.invites(id).length) buttons.push(h("button", { type: "button", id: "show-invites", onclick: () => { S.overlay = "invites"; render(); } }, t("invites")));
    buttons.push(h("a", { href: "/", class: "button" }, t("lobbyLink")));
    void m;
    return h("div", { class: "topbar" }, h("div", { class: "info" }, bits), h("div", { class: "buttons" }, buttons), S.connected ? null : h("div", { class: "warning" }, t("connLost")));
  }

  function prompt() {
    const v = S.state.view;
    if (S.seat === null) return t("spectating");
    if (!v.seats.includes(S.seat)) return t("youAreOut");
    if (v.phase === "done") return t("phase_done");
    if (myTurn()) return t("yourTurn");
    return t("waitingFor", { name: seatName(S.seats, v.to_act, S.seat) });
  }

  function eventLog() {
    const v = S.state.view;
    const list = h("ol", { class: "log", id: "log" });
    for (const [seat, text] of v.events.slice(-6)) list.append(h("li", {}, eventText(S.seats, S.seat, seat, text)));
    return list;
  }

  function resultBanner() {
    const v = S.state.view;
    const shown = S.result || (v.result ? { hand: S.state.hand, view: v } : null);
    if (!shown || shown.hand === S.dismissed) return null;
    const { hand, view } = shown;
    const r = view.result;
    const lines = [];
    if (r.redeal) lines.push(h("strong", {}, t("allPassed", { n: hand })));
    else {
      const names = r.declarers.map((s) => seatName(S.seats, s, S.seat)).join(" + ");
      lines.push(h("strong", {}, t("handResult", { n: hand, contract: contractLabel(r.contract), names })));
      for (const s of r.declarers) {
        if (r.won[s] === undefined) continue;
        lines.push(h("div", { class: r.won[s] ? "won-line" : "lost-line" }, `${seatName(S.seats, s, S.seat)}: ${r.won[s] ? "+" : "\u2212"} ${t(`reason_${r.reasons[s]}`)}`));
      }
      lines.push(h("div", { class: "muted small" }, `${t("cardPoints", { n: r.card_points })} \u00B7 ${t("roemCounted", { n: r.roem_counted + r.trick_roem })}`));
    }
    return h("div", { class: "result-banner", id: "hand-result", role: "status" }, lines, h("button", { type: "button", class: "close", "aria-label": t("close"), onclick: () => { S.result = null; S.dismissed = hand; render(); } }, "\u00D7"));
  }

  function overlay() {
    if (!S.overlay && !S.state.match.over) return null;
    const close = () => { S.overlay = null; render(); };
    const v = S.state.view;
    const m = S.state.match;
    if (S.overlay === "sheet") return modal(t("sheet"), sheetTable(S.seats, S.seat, m, v.table), close);
    if (S.overlay === "last") {
      const tricks = v.tricks.length ? v.tricks : S.lastTricks || [];
      const last = tricks[tricks.length - 1];
      const body = last
        ? h("div", { class: "last-trick", id: "last-trick" }, last.cards.map(([s, c]) => h("div", { class: "last-card" }, cardNode(c), h("div", { class: "small" }, seatName(S.seats, s, S.seat)))), h("p", {}, t("wonBy", { name: seatName(S.seats, last.winner, S.seat) })))
        : h("p", {}, t("noTrickYet"));
      return modal(t("lastTrick"), body, close);
    }
    if (S.overlay === "invites") {
      const rows = store.invites(id).map((inv) =>
        h("div", { class: "invite" }, h("span", {}, seatName(S.seats, inv.seat, S.seat)), h("input", { readonly: true, value: inv.link, class: "invite-link", dataset: { seat: inv.seat } }), h("button", { type: "button", onclick: (e) => { navigator.clipboard?.writeText(inv.link); e.target.textContent = t("copied"); } }, t("copy"))),
      );
      return modal(t("invites"), [h("p", { class: "muted" }, t("inviteHelp")), rows], close);
    }
    if (m.over) return modal(t("matchOver"), endScreen(S.seats, S.seat, m, id), null, "end-screen");
    return null;
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
    const v = S.state.view;
    const bottomSeat = S.seat !== null ? S.seat : v.seats[0];
    const ctx = { state: S.state, seats: S.seats, viewer: S.seat === null ? -1 : S.seat, completed: S.completed, oldTrick: S.oldTrick };
    const mine = h(
      "div",
      { class: "me" },
      seatBox(ctx, bottomSeat, null, true),
      h("p", { class: `prompt ${myTurn() ? "my-turn" : ""}`, id: "prompt" }, prompt()),
      S.hint ? h("p", { class: "hint-text", id: "hint-text" }, t("hintFrom", { bot: t(`level_${S.hint.source}`), extra: S.hint.source === "pimc" ? "" : t("hintNoSolver"), action: actionLabel(S.hint.action) })) : null,
      panel(),
      handRow(),
    );
    root.replaceChildren(h("div", { class: "table-page", dataset: { version: S.state.version, phase: v.phase, hand: S.state.hand, turn: myTurn() ? "me" : "other" } }, topbar(), resultBanner(), board(ctx), mine, eventLog(), overlay()));
    S.oldTrick = v.trick.length ? v.trick : S.completed ? S.completed.cards : []; // animate each card once
  }

  page = { render, destroy() { S.closed = true; if (S.ws) S.ws.close(); } };
  render();
  connect();
}

function modal(title, body, onClose, id) {
  return h(
    "div",
    { class: "overlay", id: id || null },
    h("div", { class: "modal", role: "dialog", "aria-label": title }, h("h2", {}, title), body, onClose ? h("button", { type: "button", class: "close-modal", onclick: onClose }, t("close")) : null),
  );
}

function sheetTable(seats, viewer, m, table) {
  const head = h("tr", {}, h("th", {}, "#"), h("th", {}, t("contract")), Array.from({ length: table }, (_, s) => h("th", {}, seatName(seats, s, viewer))));
  const rows = m.rows.map((r) => h("tr", {}, h("td", {}, r.hand), h("td", {}, contractLabel(r.contract)), Array.from({ length: table }, (_, s) => h("td", { class: r.declarers.includes(s) ? "decl" : "" }, r.marks[String(s)] || ""))));
  const status = h("tr", { class: "foot" }, h("td", {}), h("td", {}, t("status")), Array.from({ length: table }, (_, s) => h("td", {}, t(`status_${m.status[s]}`))));
  const marks = h("tr", { class: "foot" }, h("td", {}), h("td", {}, "+ / \u2212"), Array.from({ length: table }, (_, s) => h("td", {}, m.points ? `${m.points[s]}` : `${m.plus[s]} / ${m.minus[s]}`)));
  const foot = [status, marks];
  if (m.table_points) foot.push(h("tr", { class: "foot" }, h("td", {}), h("td", {}, t("tablePoints")), Array.from({ length: table }, (_, s) => h("td", {}, m.table_points[String(s)]))));
  return h("table", { class: "sheet", id: "sheet" }, h("thead", {}, head), h("tbody", {}, rows, foot));
}

function endScreen(seats, viewer, m, id) {
  const losers = m.losers.map((s) => seatName(seats, s, viewer)).join(", ");
  const rows = (m.standing || []).map((r) => h("tr", {}, h("td", {}, seatName(seats, r.seat, viewer)), h("td", {}, t(`status_${r.status}`)), h("td", {}, r.points !== undefined ? r.points : `${r.plus} / ${r.minus}`), r.table_points !== undefined ? h("td", {}, r.table_points) : null));
  const head = h("tr", {}, h("th", {}, ""), h("th", {}, t("status")), h("th", {}, "+ / \u2212"), m.table_points ? h("th", {}, t("tablePoints")) : null);
  return [
    losers ? h("p", { class: "buys", id: "buys-round" }, t(m.losers.length > 1 ? "buyRound" : "buysRound", { names: losers })) : null,
    h("table", { class: "sheet" }, h("thead", {}, head), h("tbody", {}, rows)),
    h("div", { class: "buttons" }, h("a", { href: `/r/${id}`, class: "button" }, t("replay")), h("a", { href: `/api/tables/${id}/record`, class: "button", download: `troef-${id}.json` }, t("download")), h("a", { href: "/", class: "button primary" }, t("lobbyLink"))),
  ];
}

// ---------------------------------------------------------------- replay
function replayPage(id) {
  const S = { info: null, hand: 1, frames: [], i: 0, mine: !!store.token(id), error: null, closed: false };

  async function load() {
    try {
      S.info = S.info || (await api(`/api/tables/${encodeURIComponent(id)}`));
      const headers = S.mine && store.token(id) ? { "x-troef-token": store.token(id) } : {};
      const data = await api(`/api/tables/${encodeURIComponent(id)}/replay/${S.hand}`, { headers });
      S.frames = data.frames;
      S.i = 0;
      S.error = null;
    } catch (e) {
      S.error = e.message;
    }
    render();
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
    const persp = store.token(id)
      ? h("label", {}, t("perspective"), " ", h("select", { id: "replay-perspective", onchange: (e) => { S.mine = e.target.value === "mine"; load(); } }, h("option", { value: "public", selected: !S.mine }, t("spectatorView")), h("option", { value: "mine", selected: S.mine }, t("mySeat", { name: mySeat ? mySeat.name : "" }))))
      : h("span", { class: "muted" }, t("perspective"), " ", t("spectatorView"));
    const controls = h(
      "div",
      { class: "replay-controls" },
      handSel,
      h("button", { type: "button", onclick: () => go(0) }, "\u23EE"),
      h("button", { type: "button", id: "replay-prev", onclick: () => go(S.i - 1) }, "\u25C0"),
      h("input", { type: "range", min: 0, max: S.frames.length - 1, value: S.i, oninput: (e) => go(Number(e.target.value)) }),
      h("button", { type: "button", id: "replay-next", onclick: () => go(S.i + 1) }, "\u25B6"),
      h("button", { type: "button", onclick: () => go(S.frames.length - 1) }, "\u23ED"),
      h("span", { id: "replay-step" }, t("step", { i: S.i + 1, n: S.frames.length })),
      persp,
      h("a", { href: `/api/tables/${id}/record`, class: "button", download: `troef-${id}.json` }, t("download")),
    );
    const v = frame.view;
    const ctx = { state: frame, seats, viewer: frame.viewer, completed: null, oldTrick: S.i > 0 ? S.frames[S.i - 1].view.trick : [] };
    const bottom = frame.viewer >= 0 ? frame.viewer : v.seats[0];
    const hand = h("div", { class: "hand" }, (v.hand || []).map((c) => cardNode(c)));
    const events = h("ol", { class: "log" }, v.events.slice(-6).map(([s, text]) => h("li", {}, eventText(seats, frame.viewer, s, text))));
    const last = v.tricks[v.tricks.length - 1];
    const lastTrick = !v.trick.length && last ? h("div", { class: "last-trick inline" }, last.cards.map(([s, c]) => h("div", { class: "last-card" }, cardNode(c, { classes: ["small"] }), h("div", { class: "small" }, seatName(seats, s, frame.viewer))))) : null;
    const result = v.result ? h("div", { class: "result-banner static" }, v.result.redeal ? t("allPassed", { n: frame.hand }) : t("handResult", { n: frame.hand, contract: contractLabel(v.result.contract), names: v.result.declarers.map((s) => seatName(seats, s, frame.viewer)).join(" + ") }), " ", v.result.declarers.map((s) => (v.result.won[s] === undefined ? "" : ` ${seatName(seats, s, frame.viewer)}: ${v.result.won[s] ? "+" : "\u2212"} ${t(`reason_${v.result.reasons[s]}`)}`))) : null;
    root.replaceChildren(
      h("div", { class: "table-page replay", dataset: { phase: v.phase } }, h("h2", {}, t("replayOf", { id })), controls, result, board(ctx), h("div", { class: "me" }, seatBox(ctx, bottom, null, true), lastTrick, hand), events, frame.match.over && S.i === S.frames.length - 1 ? h("div", { class: "panel" }, endScreen(seats, frame.viewer, frame.match, id)) : null),
    );
  }

  page = { render, destroy() { S.closed = true; } };
  render();
  load();
}

// ---------------------------------------------------------------- start
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

function route() {
  markLang();
  const path = location.pathname;
  if (path.startsWith("/t/")) tablePage(decodeURIComponent(path.slice(3)));
  else if (path.startsWith("/r/")) replayPage(decodeURIComponent(path.slice(3)));
  else lobbyPage();
}

route();
