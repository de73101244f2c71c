// The lobby's "my tables": the running tables this browser holds a seat at (the seat tokens it joined or made
// them with, localStorage "troef.seat.<id>", dom.js store), each one click from its table page; finished ones
// are left out (their tokens stay: the replay shows a finished match from its owner's seat). Part of the
// lobby page (lobby.js).

import { t } from "./i18n.js";
import { api, displayName, h, store } from "./dom.js";
import { word } from "./games.js";

const SEAT_KEY = "troef.seat.";
// tables known to be over, so that the lobby does not ask for them again (at most the newest KEEP)
const OVER_KEY = "troef.over";
const KEEP = 200;

function seatIds() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(SEAT_KEY)) out.push(key.slice(SEAT_KEY.length));
  }
  return out;
}

function overIds() {
  try {
    const list = JSON.parse(localStorage.getItem(OVER_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

function markOver(id) {
  const list = overIds().filter((x) => x !== id);
  list.push(id);
  localStorage.setItem(OVER_KEY, JSON.stringify(list.slice(-KEEP)));
}

// What the lobby's lists did not say about a table of ours (a table beyond the live list, or one the list
// of finished matches no longer holds), asked once per page: { info } or { gone }.
const asked = new Map();

// This browser's running tables, newest first, from the lobby's lists (GET /api/tables) and, for tables those
// do not name, the table's own facts (GET /api/tables/<id>); onMore() is called when such an answer arrives.
export function myTables(lists, onMore) {
  const over = new Set(overIds());
  const known = new Map();
  for (const tbl of [...lists.live, ...lists.open]) known.set(tbl.id, tbl);
  for (const tbl of lists.finished) if (store.token(tbl.id) && !over.has(tbl.id)) markOver(tbl.id);
  const finished = new Set(lists.finished.map((tbl) => tbl.id));
  const out = [];
  for (const id of seatIds()) {
    if (over.has(id) || finished.has(id)) continue;
    const tbl = known.get(id) || asked.get(id)?.info;
    if (tbl) {
      if (tbl.over) markOver(id);
      else out.push(tbl);
      continue;
    }
    if (asked.has(id)) continue;
    asked.set(id, {});
    api(`/api/tables/${encodeURIComponent(id)}`).then(
      (info) => {
        asked.set(id, { info });
        onMore();
      },
      (e) => {
        asked.set(id, { gone: true });
        if (e.code === "unknown_table") store.dropToken(id); // the server no longer knows it: the seat is of no use
      },
    );
  }
  return out.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
}

// The panel: each running table with its game, rules, hand and players, and the button back to it.
export function myTablesPanel(lists, games, gameOf, onMore) {
  const mine = myTables(lists, onMore);
  const box = h(
    "section",
    { class: `panel${mine.length ? "" : " empty"}`, id: "my-tables" },
    h("div", { class: "panel-head" }, h("h2", {}, t("myTables")), h("a", { href: "/toernooi", id: "tournaments-link" }, t("tournamentsLink"))),
  );
  if (!mine.length) box.append(h("p", { class: "muted" }, t("myTablesNone")));
  for (const tbl of mine) {
    const title = games.games[tbl.game]?.title || tbl.game;
    const names = tbl.seats.map((s) => displayName(s.name)).join(", ");
    let part = null;
    try {
      part = gameOf(tbl.game);
    } catch (e) {
      part = null; // a game this browser has no table for: listed without its hand
    }
    const hand = part && tbl.hand ? ` \u00B7 ${word(part, "hand", { n: tbl.hand })}` : "";
    box.append(
      h(
        "div",
        { class: "table-row my-table", dataset: { table: tbl.id } },
        h("span", {}, `${title} \u00B7 ${t(`preset_${tbl.config.preset}`)}${hand} \u00B7 ${names}`),
        h("a", { href: `/t/${tbl.id}`, class: "button primary rejoin", dataset: { table: tbl.id } }, t("rejoin")),
      ),
    );
  }
  return box;
}
