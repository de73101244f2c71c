// The replay page: a finished match (or a spectator's or your own view of one) hand by hand, step by step,
// and the same view of the deals that are over at a live table, in a dialog there (replayView), with
// each deal's analysis (docs/analysis.md). The server serves a deal's frames and analysis once that deal
// is over (409 while it is in play), so neither ever shows a card of the deal in play.

import { t } from "./i18n.js";
import { cardNode } from "./cards.js";
import { api, displayName, errorText, h, seatName, store, toast } from "./dom.js";
import { gameOf, word } from "./games.js";
import { board, endScreen, fitTable, icon, moveLog, seatBox, settings } from "./felt.js";

const root = document.getElementById("app");

// The analysis at path, told as it goes (the server's NDJSON: docs/analysis.md): onPartial({ progress:
// { done, total }, decisions, units }) after each decision judged, the whole analysis returned at the end;
// an error answer or line is thrown as the API's errors are (dom.js api).
async function followAnalysis(path, onPartial) {
  const res = await fetch(path);
  if (!res.ok || !res.body) {
    let data = {};
    try {
      data = await res.json();
    } catch (e) {
      data = {};
    }
    const err = new Error(data.error ? data.error.message : res.statusText);
    err.code = data.error ? data.error.code : "";
    throw err;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const partial = { progress: { done: 0, total: 0 }, decisions: [], units: null };
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let cut;
    while ((cut = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, cut).trim();
      buffer = buffer.slice(cut + 1);
      if (!line) continue;
      const step = JSON.parse(line);
      if (step.analysis) {
        reader.cancel().catch(() => {});
        return step.analysis;
      }
      if (step.error) {
        const err = new Error(step.error.message);
        err.code = step.error.code;
        throw err;
      }
      if (step.units) partial.units = step.units;
      if (step.decision) partial.decisions.push(step.decision);
      partial.progress = { done: step.done, total: step.total };
      onPartial({ progress: partial.progress, decisions: partial.decisions.slice(), units: partial.units });
      await new Promise((next) => setTimeout(next, 0)); // each step drawn, even when many come at once
    }
    if (done) throw new Error(t("anCut"));
  }
}

// Returns the page ({ render(), destroy() }).
export function replayPage(id) {
  return replayView(root, id);
}

// The replay of table id's deals that are over, drawn into box; returns { render(), destroy() }.
// opts (a live table's dialog): hand (the deal shown first), hands (how many deals are over: the deal
// list), analyse (ask for the shown deal's analysis at once), embedded (no page title, end screen or
// record link: the dialog has its own; a failed request is a toast as well).
export function replayView(box, id, opts = {}) {
  const embedded = !!opts.embedded;
  // perspective: "open" (every hand face up: the deal is over), "public" (a spectator's), "mine"
  const S = { info: null, hand: opts.hand || 1, frames: [], open: null, i: 0, persp: "open", error: null, closed: false, playing: false, timer: null, analysis: null, anOpen: -1 };

  async function load() {
    try {
      S.info = S.info || (await api(`/api/tables/${encodeURIComponent(id)}`));
      const headers = S.persp === "mine" && store.token(id) ? { "x-troef-token": store.token(id) } : {};
      const query = S.persp === "open" ? "?open=1" : "";
      const data = await api(`/api/tables/${encodeURIComponent(id)}/replay/${S.hand}${query}`, { headers });
      S.frames = data.frames;
      S.open = data.open || null;
      S.i = 0;
      S.analysis = null;
      S.anOpen = -1;
      S.error = null;
    } catch (e) {
      S.error = errorText(e);
      if (embedded) toast(S.error, "error");
    }
    render();
    if (opts.analyse && !S.error) {
      opts.analyse = false; // the first deal shown only: another deal is analysed when asked
      analyse();
    }
  }

  // the analysis of this hand (docs/analysis.md): asked for once the match is over, made by the server;
  // a click on a decision opens its values and shows the table as it was then (frame i: before action i).
  // It is told as it goes (one JSON line a decision judged): the panel shows "12 of 47" and the decisions
  // judged so far, and the whole analysis at the end.
  async function analyse() {
    const hand = S.hand;
    S.analysis = "loading";
    render();
    let found;
    try {
      found = await followAnalysis(`/api/tables/${encodeURIComponent(id)}/analysis/${hand}?fair=1&progress=1`, (partial) => {
        if (S.hand === hand && !S.closed) {
          S.analysis = partial;
          render();
        }
      });
    } catch (e) {
      found = { error: errorText(e) };
      if (embedded) toast(found.error, "error");
    }
    if (S.hand === hand) {
      S.analysis = found;
      render();
    }
  }

  function analysisPanel() {
    if (S.analysis === null) return null;
    if (S.analysis === "loading") return h("div", { class: "panel analysis", id: "analysis" }, h("p", {}, t("anLoading")));
    if (S.analysis.error) return h("div", { class: "panel analysis", id: "analysis" }, h("p", { class: "error" }, S.analysis.error));
    const seats = S.info.seats;
    // still being judged: the decisions so far (.an-sofar), no figures yet; .an-list is the whole analysis
    const going = S.analysis.progress;
    const deal = going ? { seats: [], decisions: S.analysis.decisions } : S.analysis.deals[0];
    const pct = (v) => `${Math.round(v * 100)}%`;
    const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
    const suits = { h: "\u2665", d: "\u2666", c: "\u2663", s: "\u2660" };
    // actions in the words of the game's catalogue (its actionWords), in the reader's language
    const say = (a) => (game().actionWords ? game().actionWords(a) : a.replace(/(\d+|[AKQJ])([hdcs])$/, (_, r, s) => r + suits[s]));
    const label = (d) => {
      const trick = /^trick (\d+) /.exec(d.label);
      return trick ? `${t("anTrickN", { n: trick[1] })} \u00B7 ${say(d.action)}` : say(d.action);
    };
    // a value in its unit: fair values of a chance or a share in percent, the score sheet's in its own unit
    const unitWord = (unit) => t(`anUnit_${unit.replace(/ /g, "_")}`);
    const fairText = (j, v) => (j.unit ? `${num(v)} ${unitWord(j.unit)}` : pct(v));
    const lines = deal.seats.map((x) => h("li", {}, t("anSeat", { name: seatName(seats, x.seat, -1), m: x.mistakes, u: x.unlucky, a: x.accuracy === null ? "\u2013" : x.accuracy.toFixed(1) })));
    const items = deal.decisions.map((d, k) => {
      const mark = d.mark || "none";
      const head = h("button", { type: "button", class: "an-head", "aria-expanded": String(S.anOpen === k), onclick: () => { S.anOpen = S.anOpen === k ? -1 : k; S.i = Math.min(S.frames.length - 1, d.index); S.reveal = true; render(); } }, `${label(d)} \u00B7 ${seatName(seats, d.seat, -1)} \u00B7 `, h("strong", {}, t(`an_${mark}`)));
      let detail = null;
      if (S.anOpen === k) {
        const rows = d.legal.map((a) => {
          const fair = d.fair && a in d.fair.values ? `${t("anFair")} ${fairText(d.fair, d.fair.values[a])}` : "";
          const open = d.open && a in d.open.values ? `${t("anOpen")} ${num(d.open.values[a])} ${unitWord(S.analysis.units.open)}` : "";
          const best = (d.fair && d.fair.best.includes(a)) || (!d.fair && d.open && d.open.best.includes(a));
          return h("li", { class: a === d.action ? "an-taken" : "" }, `${best ? "\u2605 " : ""}${say(a)}`, fair || open ? ` \u2014 ${[fair, open].filter(Boolean).join(", ")}` : "");
        });
        // nk: what turning the contract turns on the score sheet (the analysis' consequence, in its words)
        if (d.consequence) rows.push(h("li", { class: "an-sheet" }, `${t("anSheet")}: ${d.consequence}`));
        detail = h("ul", { class: "an-values" }, rows);
      }
      return h("li", { class: `an-item an-${mark}`, dataset: { mark, index: d.index } }, head, detail);
    });
    const progress = going
      ? h("p", { class: "an-progress", id: "an-progress", role: "status" }, h("progress", { max: String(going.total || 1), value: String(going.done) }), " ", t("anProgress", { done: going.done, total: going.total }))
      : null;
    return h("div", { class: "panel analysis", id: "analysis", "aria-busy": going ? "true" : null }, h("h3", {}, t("anTitle", { deal: word(game(), "hand", { n: S.hand }) })), progress, h("p", { class: "small" }, t("anWhy")), h("ul", { class: "an-seats" }, lines), h("ol", { class: going ? "an-sofar" : "an-list" }, items));
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
    if (S.closed || !box.isConnected || e.target.closest("input, select, textarea")) return;
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
    if (!before || events.length <= had) return S.i === 0 ? word(game(), "captionDeal", { n: frame.hand }) : "";
    const seats = S.info.seats;
    return events.slice(had).map(([s, text]) => game().eventWords(seatName(seats, s, frame.viewer), text)).join(" \u00B7 ");
  }

  function render() {
    if (S.closed) return;
    if (S.error) {
      box.replaceChildren(h("div", { class: "panel" }, h("p", { class: "error" }, S.error), embedded ? null : h("a", { href: "/", class: "button" }, t("lobbyLink"))));
      return;
    }
    if (!S.info || !S.frames.length) {
      box.replaceChildren(h("p", { "aria-busy": "true" }, t("loading")));
      return;
    }
    // every deal that is over: of a running table, those before the one in play ("hand" counts that one too)
    const hands = opts.hands || S.info.result?.hands || Math.max(1, S.info.over ? S.info.hand || 1 : (S.info.hand || 1) - 1);
    const frame = S.frames[S.i];
    const seats = S.info.seats.map((s) => ({ ...s, connected: true }));
    const go = (i) => { S.i = Math.max(0, Math.min(S.frames.length - 1, i)); render(); };
    const handSel = h("select", { id: "replay-hand", onchange: (e) => { S.hand = Number(e.target.value); load(); } }, Array.from({ length: hands }, (_, i) => h("option", { value: i + 1, selected: i + 1 === S.hand }, word(game(), "hand", { n: i + 1 }))));
    // my seat is known once it has been looked at from there (the open and public views have no viewer)
    if (S.persp === "mine" && frame.viewer >= 0) S.mySeat = frame.viewer;
    const mySeat = S.info.seats.find((s) => s.seat === S.mySeat);
    const options = [h("option", { value: "open", selected: S.persp === "open" }, t("openView")), h("option", { value: "public", selected: S.persp === "public" }, t("spectatorView"))];
    if (store.token(id)) options.push(h("option", { value: "mine", selected: S.persp === "mine" }, (mySeat ? t("mySeat", { name: displayName(mySeat.name) }) : t("mySeatUnknown"))));
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
      embedded ? null : h("a", { href: `/api/tables/${id}/record`, class: "button", download: `troef-${id}.json` }, t("download")),
      h("button", { type: "button", id: "replay-analyse", disabled: S.analysis === "loading", "aria-busy": S.analysis === "loading" ? "true" : null, onclick: () => analyse() }, t("analyse")),
    );
    const v = frameView(frame);
    const openHands = S.open ? Object.fromEntries(Object.entries(S.open).map(([seat, hands]) => [seat, hands[S.i]])) : null;
    const ctx = { game: game(), gameName: S.info.game, view: v, match: frame.match, state: frame, seats, viewer: frame.viewer, completed: null, oldTrick: S.i > 0 ? S.frames[S.i - 1].view.trick : [], openHands };
    const bottom = frame.viewer >= 0 ? frame.viewer : v.seats[0];
    const bottomCards = v.hand || (openHands ? openHands[bottom] : null) || [];
    const hand = h("div", { class: "hand" }, bottomCards.map((c) => cardNode(c)));
    const events = moveLog(game(), v, seats, frame.viewer, "replay-log");
    const cap = h("p", { class: "caption", id: "replay-caption", "aria-live": "polite" }, caption(frame, S.i > 0 ? S.frames[S.i - 1] : null) || "\u00A0");
    const last = v.tricks[v.tricks.length - 1];
    const lastTrick = !v.trick.length && last ? h("div", { class: "last-trick inline" }, last.cards.map(([s, c]) => h("div", { class: "last-card" }, cardNode(c, { classes: ["small"] }), h("div", { class: "small" }, seatName(seats, s, frame.viewer))))) : null;
    const anScroll = document.getElementById("analysis")?.scrollTop || 0; // the panel is rebuilt: keep its place
    const resultLines = game().handResult({ ...ctx, brief: true }, frame.hand, v);
    const result = resultLines ? h("div", { class: "result-banner static" }, resultLines) : null;
    const end = !embedded && frame.match.over && S.i === S.frames.length - 1 ? h("div", { class: "panel" }, endScreen(ctx, id)) : null;
    box.replaceChildren(
      h("div", { class: "table-page replay", dataset: { phase: v.phase, step: S.i, hand: S.hand } }, embedded ? null : h("h2", {}, t("replayOf", { id })), controls, analysisPanel(), cap, result, board(ctx), h("div", { class: "me" }, seatBox(ctx, bottom, null, true), lastTrick, hand), events, end),
    );
    // the felt sized to the window and every seat box on it (an open hand at the top seat is tall);
    // in a dialog, to a part of the window (the table page behind keeps the size it has)
    fitTable(box.querySelector(".table-page"), embedded ? { height: Math.round(window.innerHeight * 0.45) } : {});
    const panel = document.getElementById("analysis");
    if (panel) panel.scrollTop = anScroll;
    // a decision just opened shows its values: its list item is scrolled into the panel's sight
    if (panel && S.reveal) panel.querySelector(".an-values")?.closest(".an-item")?.scrollIntoView({ block: "nearest" });
    S.reveal = false;
  }

  const onResize = () => fitTable(box.querySelector(".table-page"), embedded ? { height: Math.round(window.innerHeight * 0.45) } : {});
  window.addEventListener("resize", onResize);
  const page = { render, destroy() { S.closed = true; clearInterval(S.timer); document.removeEventListener("keydown", onKey); window.removeEventListener("resize", onResize); } };
  render();
  load();
  return page;
}
