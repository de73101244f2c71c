// "Play now": the lobby's queue per game and preset (troef/server/matchmaking.py). The server seats the
// waiting players together by rating and, after the wait chosen here, fills the empty seats with computer
// players; this panel polls its place in the queue and goes to the table once seated. It also shows where
// the computer levels stand on the rating scale (and, signed in, how far the player is from each).

import { addTexts, t } from "./i18n.js";
import { api, errorText, h, store, toast } from "./dom.js";

addTexts({
  en: {
    pn_title: "Play now", pn_go: "Play now", pn_wait: "Computer players after", pn_waiting: "Looking for players\u2026 {n} s",
    pn_cancel: "Stop looking", pn_leave: "A rated match (everyone signed in) counts leaving as a loss: a computer player takes your seat.",
    pn_levels: "Computer players on the rating scale:", pn_levelLine: "{level} \u2248 {rating}", pn_you: "you: {rating}",
    pn_queued: "{n} waiting", pn_filter: "Show", pn_all: "all games", pn_free: "{n} free", pn_rating: "rating {r}",
  },
  nl: {
    pn_title: "Nu spelen", pn_go: "Nu spelen", pn_wait: "Computerspelers na", pn_waiting: "Spelers zoeken\u2026 {n} s",
    pn_cancel: "Stoppen met zoeken", pn_leave: "In een partij met rating (iedereen ingelogd) telt weggaan als verlies: een computerspeler neemt je plaats in.",
    pn_levels: "Computerspelers op de ratingschaal:", pn_levelLine: "{level} \u2248 {rating}", pn_you: "jij: {rating}",
    pn_queued: "{n} wachtend", pn_filter: "Toon", pn_all: "alle spellen", pn_free: "{n} vrij", pn_rating: "rating {r}",
  },
  de: {
    pn_title: "Jetzt spielen", pn_go: "Jetzt spielen", pn_wait: "Computerspieler nach", pn_waiting: "Suche Mitspieler\u2026 {n} s",
    pn_cancel: "Suche beenden", pn_leave: "In einer gewerteten Partie (alle angemeldet) z\u00E4hlt Verlassen als Niederlage: ein Computerspieler \u00FCbernimmt deinen Platz.",
    pn_levels: "Computerspieler auf der Wertungsskala:", pn_levelLine: "{level} \u2248 {rating}", pn_you: "du: {rating}",
    pn_queued: "{n} wartend", pn_filter: "Zeige", pn_all: "alle Spiele", pn_free: "{n} frei", pn_rating: "Wertung {r}",
  },
});

const post = (path, body = {}) => api(path, { method: "POST", body: JSON.stringify(body) });

// The browser's guest key: who this browser is in the queue when nobody is signed in (kept, never shown).
function guestKey() {
  let key = localStorage.getItem("troef.guest");
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("troef.guest", key);
  }
  return key;
}

export function playNowPanel(games, offered) {
  const S = { game: offered[0], preset: null, wait: 30, entry: null, timer: null, started: 0 };
  const box = h("section", { class: "panel play-now", id: "play-now" });
  const status = h("p", { class: "small", id: "play-now-status", "aria-live": "polite" });
  const levelsLine = h("p", { class: "small muted", id: "levels-line" });

  async function showLevels() {
    try {
      const [{ levels, families }, me] = await Promise.all([api("/api/ratings/levels"), api("/api/account")]);
      const fam = families[S.game]?.[S.preset];
      const found = levels[S.game]?.[fam] || {};
      const parts = Object.values(found).map((e) => t("pn_levelLine", { level: t(`level_${e.name}`), rating: e.rating }));
      let mine = "";
      if (me.account) {
        const profile = await api(`/api/players/${encodeURIComponent(me.account.name)}`);
        const r = profile.ratings.find((x) => x.game === S.game && x.family === fam);
        if (r) mine = ` \u00B7 ${t("pn_you", { rating: r.rating })}`;
      }
      levelsLine.textContent = parts.length ? `${t("pn_levels")} ${parts.join(", ")}${mine}` : mine.slice(3);
    } catch (e) {
      levelsLine.textContent = "";
    }
  }

  function stop() {
    clearInterval(S.timer);
    S.timer = null;
    S.entry = null;
  }

  async function poll() {
    try {
      const res = await post(`/api/play-now/${encodeURIComponent(S.entry)}`, { guest: guestKey() });
      if (res.status === "seated") {
        stop();
        if (res.token) store.setToken(res.table, res.token);
        location.assign(`/t/${res.table}`);
        return;
      }
      if (res.status === "cancelled") {
        stop();
        render();
        return;
      }
      status.textContent = t("pn_waiting", { n: Math.round((Date.now() - S.started) / 1000) });
    } catch (e) {
      stop();
      toast(errorText(e), "error");
      render();
    }
  }

  async function go() {
    try {
      const res = await post("/api/play-now", { game: S.game, preset: S.preset, wait: S.wait, guest: guestKey(), name: (localStorage.getItem("troef.name") || "").trim() || undefined });
      S.entry = res.entry;
      S.started = Date.now();
      render();
      S.timer = setInterval(poll, 1000);
      poll();
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  async function cancel() {
    const entry = S.entry;
    stop();
    try {
      await post(`/api/play-now/${encodeURIComponent(entry)}`, { guest: guestKey(), cancel: true });
    } catch (e) {
      toast(errorText(e), "error");
    }
    render();
  }

  function render() {
    const presets = Object.keys(games.games[S.game].presets);
    if (!presets.includes(S.preset)) S.preset = presets[0];
    const controls = S.entry
      ? [status, h("button", { type: "button", id: "play-now-cancel", onclick: cancel }, t("pn_cancel"))]
      : [
          h(
            "div",
            { class: "row" },
            h("select", { id: "pn-game", onchange: (e) => { S.game = e.target.value; render(); } }, offered.map((g) => h("option", { value: g, selected: g === S.game }, games.games[g].title || g))),
            h("select", { id: "pn-preset", onchange: (e) => { S.preset = e.target.value; render(); } }, presets.map((p) => h("option", { value: p, selected: p === S.preset }, t(`preset_${p}`)))),
            h("label", {}, t("pn_wait"), " ", h("select", { id: "pn-wait", onchange: (e) => { S.wait = Number(e.target.value); } }, [0, 10, 30, 60, 120].map((n) => h("option", { value: n, selected: n === S.wait }, t("seconds", { n }))))),
          ),
          h("button", { type: "button", class: "primary", id: "play-now-go", onclick: go }, t("pn_go")),
        ];
    box.replaceChildren(h("h2", {}, t("pn_title")), ...controls, levelsLine, h("p", { class: "small muted", id: "leave-rule" }, t("pn_leave")));
    showLevels();
  }

  render();
  return box;
}
