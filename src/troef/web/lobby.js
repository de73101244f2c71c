// The lobby: a new table of any game the server offers that this browser has a table for (its presets,
// switches, computer players and seats), and the open, live and finished tables. A page of the frame
// (app.js), which passes it the games and the server's options.

import { t } from "./i18n.js";
import { label, word } from "./games.js";
import { api, displayName, errorText, h, store, toast } from "./dom.js";
import { myTablesPanel } from "./mytables.js";
import { learnPanel } from "./guide.js";
import { accountPanel } from "./account.js";
import { playNowPanel } from "./playnow.js";

const root = document.getElementById("app");

// Picking a game here never changes the page's language: the user reads the lobby in the language
// chosen (or the browser's); only a table page speaks its game's first language, and only to a user who
// chose none.
export function lobbyPage({ GAMES, gameOf, gameOptions }) {
  // the seed (which deals the cards) is for testers and bug reports only: shown with /?seed
  const testing = new URLSearchParams(location.search).has("seed");
  const S = { games: null, tables: null, error: null, form: null, variantsOpen: false, closed: false, timer: null, listBox: null };

  async function load() {
    try {
      if (!S.games) S.games = await gameOptions();
      S.tables = await api("/api/tables");
      S.error = null;
    } catch (e) {
      S.error = errorText(e);
    }
    if (S.listBox && S.form && !S.error) S.listBox.replaceChildren(...listsNodes());
    else render();
  }

  // the lobby refreshes itself (only the lists: a half-filled form keeps its focus and text)
  S.timer = setInterval(() => { if (!document.hidden) load(); }, 5000);

  // the games the server offers that this browser has a table for (web/<game>.js), in the server's order
  function offered() {
    return Object.keys(S.games.games).filter((name) => GAMES[name]);
  }

  function options() {
    return S.games.games[S.form.game];
  }

  function defaultForm(game, presetName) {
    const all = S.games.games[game];
    presetName = presetName && all.presets[presetName] ? presetName : Object.keys(all.presets)[0];
    const opts = all.presets[presetName];
    const players = opts.default_players;
    const levels = all.levels || all.bots;
    const best = ["club", "heuristic"].find((l) => levels.includes(l)) || levels[levels.length - 1];
    return {
      game,
      preset: presetName,
      players,
      switches: { ...opts.switches },
      seed: "",
      turn: 0,
      seats: Array.from({ length: 7 }, (_, i) => ({ choice: i === 0 ? "me" : `bot:${best}`, name: "" })),
    };
  }

  function createForm() {
    const f = S.form;
    const opts = options();
    const gameSel = h(
      "select",
      { id: "game", name: "game", onchange: (e) => { S.form = defaultForm(e.target.value); render(); } },
      offered().map((g) => h("option", { value: g, selected: g === f.game }, S.games.games[g].title || g)),
    );
    const presetSel = h(
      "select",
      { id: "preset", name: "preset", onchange: (e) => { S.form = defaultForm(f.game, e.target.value); render(); } },
      Object.keys(opts.presets).map((p) => h("option", { value: p, selected: p === f.preset }, label(f.game, `preset_${p}`))),
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
        void input;
      } else {
        input = h(
          "select",
          { id, onchange: (e) => { f.switches[key] = typeof choices[0] === "number" ? Number(e.target.value) : e.target.value; } },
          choices.map((c) => h("option", { value: c, selected: c === f.switches[key] }, typeof c === "number" ? c : t(`val_${c}`))),
        );
        switches.append(h("label", {}, t(`sw_${key}`), " ", input));
      }
    }
    if (testing) switches.append(h("label", {}, t("seed"), " ", h("input", { id: "seed", type: "number", min: 0, value: f.seed, oninput: (e) => { f.seed = e.target.value; } })));
    const seatRows = h("div", { class: "seat-rows" });
    for (let i = 0; i < f.players; i++) {
      const s = f.seats[i];
      const choices = [["me", t("me")], ["invite", t("invite")], ["open", t("openSeat")], ...(opts.levels || opts.bots).map((l) => [`bot:${l}`, t("bot", { level: label(f.game, `level_${l}`) })])];
      seatRows.append(
        h(
          "div",
          { class: "seat-row" },
          h("span", { class: "seat-no" }, t("seat", { n: i + 1 })),
          h("select", { id: `seat-${i}`, onchange: (e) => { s.choice = e.target.value; } }, choices.map(([value, label]) => h("option", { value, selected: value === s.choice }, label))),
          h("input", { id: `seat-name-${i}`, placeholder: t("name"), maxlength: 24, title: t("nameMax", { n: 24 }), value: s.name, oninput: (e) => { s.name = e.target.value; } }),
        ),
      );
    }
    // the name you play under, at your own seat and at open seats you take (kept in this browser)
    const nameInput = h("input", { id: "my-name", maxlength: 24, title: t("nameMax", { n: 24 }), placeholder: t("name"), value: localStorage.getItem("troef.name") || "", oninput: (e) => { localStorage.setItem("troef.name", e.target.value); showSides(); } });
    const sides = h("p", { class: "sides small", id: "sides", "aria-live": "polite" });
    // in a partnership game (klaverjassen; Binokel with four) seat s plays with seat s + 2: said under the seats
    const showSides = () => {
      const pairs = gameOf(f.game).partners && gameOf(f.game).partners(f.players);
      sides.hidden = !pairs;
      if (!pairs) return;
      const name = (i) => {
        const s = f.seats[i];
        const own = s.choice === "me" ? (localStorage.getItem("troef.name") || "").trim() : "";
        return s.name.trim() || own || (s.choice.startsWith("bot:") ? t("computerN", { n: i + 1 }) : t("seat", { n: i + 1 }));
      };
      sides.textContent = t("sidesLine", { a: name(0), b: name(2), c: name(1), d: name(3) });
    };
    for (const input of seatRows.querySelectorAll("input, select")) input.addEventListener("input", showSides);
    if (gameOf(f.game).partners && gameOf(f.game).partners(f.players)) {
      for (const [i, row] of [...seatRows.children].entries()) row.append(h("span", { class: "partner-of small muted" }, t("partnerOf", { n: ((i + 2) % f.players) + 1 })));
    }
    showSides();
    return h(
      "form",
      { class: "panel create", id: "create-form", onsubmit: (e) => { e.preventDefault(); create(); } },
      h("h2", {}, t("newTable")),
      h("div", { class: "row" }, h("label", { class: "my-name" }, t("yourNameForm"), " ", nameInput)),
      h("div", { class: "row" }, h("label", {}, t("game"), " ", gameSel), h("label", {}, t("rules"), " ", presetSel, " ", h("a", { href: `/rules/${encodeURIComponent(f.game)}`, target: "_blank", rel: "noopener", class: "small" }, t("fullRulesShort"))), h("label", {}, t("players"), " ", playersSel)),
      h("div", { class: "row" }, h("label", { title: t("turnTimerHelp") }, t("turnTimer"), " ", h("select", { id: "turn-timer-choice", onchange: (e) => { f.turn = Number(e.target.value); } }, [0, 10, 20, 30, 60, 120].map((n) => h("option", { value: n, selected: n === f.turn }, n ? t("seconds", { n }) : t("off")))))),
      h("details", { open: S.variantsOpen, ontoggle: (e) => { S.variantsOpen = e.target.open; } }, h("summary", {}, t("variants")), switches),
      h("h3", {}, t("seats")),
      seatRows,
      sides,
      h("button", { type: "submit", class: "primary", id: "create" }, t("create")),
    );
  }

  async function create() {
    const f = S.form;
    const base = options().presets[f.preset].switches;
    const switches = {};
    for (const [k, value] of Object.entries(f.switches)) if (value !== base[k]) switches[k] = value;
    const seats = f.seats.slice(0, f.players).map((s, i) => {
      const name = s.name.trim() || undefined;
      if (s.choice.startsWith("bot:")) return { kind: "bot", level: s.choice.slice(4), name };
      if (s.choice === "open") return { kind: "human", open: true, name };
      return { kind: "human", name: name || (s.choice === "me" ? (localStorage.getItem("troef.name") || "").trim() || undefined : undefined) };
    });
    const body = { game: f.game, config: { preset: f.preset, players: f.players, switches }, seats };
    if (f.seed !== "") body.seed = Number(f.seed);
    if (f.turn) body.turn_seconds = f.turn;
    const me = f.seats.slice(0, f.players).findIndex((s) => s.choice === "me");
    if (me >= 0) body.owner = me;
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
      toast(errorText(e), "error");
    }
  }

  async function claim(id, seat) {
    try {
      const name = (localStorage.getItem("troef.name") || "").trim();
      const res = await api(`/api/tables/${encodeURIComponent(id)}/claim`, { method: "POST", body: JSON.stringify(name ? { seat, name } : { seat }) });
      store.setToken(res.id, res.token);
      location.assign(`/t/${res.id}#claimed`);
    } catch (e) {
      toast(errorText(e), "error");
      load();
    }
  }

  function describe(tbl) {
    const names = tbl.seats.map((s) => (s.kind === "bot" ? `${displayName(s.name)} \u2699` : s.open ? `(${t("open")})` : displayName(s.name))).join(", ");
    const title = S.games.games[tbl.game]?.title || tbl.game;
    const text = `${title} \u00B7 ${label(tbl.game, `preset_${tbl.config.preset}`)} \u00B7 ${t("playersN", { n: tbl.config.players })} \u00B7 ${names}`;
    // a practice table is dealt from a seed its creator chose: whoever knows the seed knows every card
    return tbl.practice ? [h("span", { class: "tag practice", title: t("practiceWhy") }, t("practice")), " ", text] : text;
  }

  function lists() {
    const T = S.tables;
    const open = h(
      "section",
      { class: "panel" },
      h("div", { class: "panel-head" }, h("h2", {}, t("openTables")), h("button", { type: "button", class: "refresh", onclick: load }, t("refresh"))),
    );
    // a filter by game and rules; each table says its free seats and the ratings of who sits there
    const kinds = [...new Set(T.open.map((tbl) => `${tbl.game}/${tbl.config.preset}`))];
    if (S.openFilter && !kinds.includes(S.openFilter)) S.openFilter = "";
    open.append(h("label", { class: "small" }, t("pn_filter"), " ", h("select", { id: "open-filter", onchange: (e) => { S.openFilter = e.target.value; if (S.listBox) S.listBox.replaceChildren(...listsNodes()); } }, h("option", { value: "" }, t("pn_all")), kinds.map((k) => h("option", { value: k, selected: k === S.openFilter }, `${S.games.games[k.split("/")[0]]?.title || k} · ${t(`preset_${k.split("/")[1]}`)}`)))));
    const shown = T.open.filter((tbl) => !S.openFilter || `${tbl.game}/${tbl.config.preset}` === S.openFilter);
    if (!shown.length) open.append(h("p", { class: "muted" }, t("none")));
    for (const tbl of shown) {
      const rated = tbl.seats.filter((s) => s.rating).map((s) => `${displayName(s.name)} ${s.rating.rating}${s.rating.provisional ? "?" : ""}`);
      const row = h("div", { class: "table-row open-table", dataset: { table: tbl.id } }, h("span", {}, describe(tbl), ` · ${t("pn_free", { n: tbl.free ?? tbl.seats.filter((s) => s.open).length })}`, rated.length ? ` · ${t("pn_rating", { r: rated.join(", ") })}` : ""));
      for (const s of tbl.seats) if (s.open) row.append(h("button", { type: "button", class: "claim", dataset: { table: tbl.id, seat: s.seat }, onclick: () => claim(tbl.id, s.seat) }, t("takeSeat", { n: s.seat + 1 })));
      row.append(h("a", { href: `/t/${tbl.id}`, class: "button" }, t("watch")));
      open.append(row);
    }
    const live = h("section", { class: "panel" }, h("h2", {}, t("liveTables")));
    if (!T.live.length) live.append(h("p", { class: "muted" }, t("none")));
    for (const tbl of T.live) {
      live.append(h("div", { class: "table-row" }, h("span", {}, describe(tbl), ` \u00B7 ${word(gameOf(tbl.game), "hand", { n: tbl.hand })}`), h("a", { href: `/t/${tbl.id}`, class: "button" }, store.token(tbl.id) ? t("backToSeat") : t("watch"))));
    }
    const done = h("section", { class: "panel", id: "finished" }, h("h2", {}, t("finishedMatches")));
    if (!T.finished.length) done.append(h("p", { class: "muted" }, t("none")));
    for (const tbl of T.finished) {
      const said = tbl.result ? gameOf(tbl.game).resultText(tbl.result, tbl.seats) : "";
      done.append(
        h(
          "div",
          { class: "table-row" },
          h("span", {}, describe(tbl), said ? ` \u00B7 ${said}` : ""),
          h("a", { href: `/r/${tbl.id}`, class: "button" }, t("replay")),
          h("a", { href: `/api/tables/${tbl.id}/record`, class: "button", download: `troef-${tbl.id}.json` }, t("download")),
        ),
      );
    }
    const mine = myTablesPanel(T, S.games, gameOf, () => { if (S.listBox && !S.closed) S.listBox.replaceChildren(...listsNodes()); });
    return [mine, open, live, done];
  }

  function listsNodes() {
    return lists();
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
    if (!S.form) S.form = defaultForm(offered()[0]);
    S.listBox = h("div", { id: "lists" }, S.tables ? lists() : h("p", {}, t("loading")));
    // signing in or out changes "my tables" (the account's seats come into this browser)
    S.accountBox = accountPanel(() => load());
    S.playNow = S.playNow || playNowPanel(S.games, offered()); // kept: it may be waiting in the queue
    root.replaceChildren(h("div", { class: "lobby" }, createForm(), h("div", { class: "lists" }, S.playNow, S.accountBox, learnPanel(S.games, offered()), S.listBox)));
  }

  const self = { render, destroy() { S.closed = true; clearInterval(S.timer); } };
  render();
  load();
  return self;
}

