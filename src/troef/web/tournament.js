// Tournament pages: create (/toernooi), public (/toernooi/{id}), organiser (/toernooi/{id}/beheer#o=token).
// The organiser token is read from the link's fragment (never sent to the server in a URL) and travels
// only in the x-troef-organiser header. Everything shown is built with textContent, never as HTML.

const TEXTS = {
  nl: {
    tournament: "toernooi", newTournament: "Nieuw toernooi", name: "Naam", date: "Datum", place: "Plaats",
    rounds: "Rondes", games: "Spellen per ronde", final: "Finale voor de top 4", seed: "Seed (leeg: door het lot)",
    avoid: "Vermijd herhaalde ontmoetingen", create: "Maak toernooi", keepSecret: "Bewaar deze beheerlink goed: wie hem heeft, kan het toernooi beheren.",
    organiserLink: "Beheerlink", publicLink: "Openbare pagina", players: "Spelers", addPlayers: "Spelers inschrijven (één naam per regel, of CSV)",
    add: "Inschrijven", withdraw: "Terugtrekken", number: "Nr", round: "Ronde", finalRound: "Finale", table: "Tafel",
    game: "Spel", bye: "Vrij", byePoints: "vrij-score per spel", drawRound: "Loot volgende ronde", drawFinal: "Loot de finale",
    standings: "Klassement", total: "Totaal", gamesPlayed: "Spellen", champion: "Kampioen", results: "Uitslagen invoeren",
    points: "Tafelpunten", order: "Volgorde eruit", save: "Opslaan", note: "Reden (bij correctie)", corrections: "Correcties",
    print: "Afdrukken", printTables: "Tafelindeling", printLarge: "Tafelindeling groot", printForms: "Wedstrijdformulieren",
    printStandings: "Klassement", exportCsv: "CSV", resultsCsv: "Uitslagen (CSV)", standingsCsv: "Klassement (CSV)", online: "Online spelen", openOnline: "Open tafels online",
    absentAll: "Computer voor alle spelers", absentList: "Afwezig (nrs, komma's)", level: "Computerniveau",
    invites: "Uitnodigingslinks (worden één keer getoond)", watch: "Kijk", noToken: "Deze pagina vraagt de beheerlink.",
    saved: "Opgeslagen", withdrawn: "teruggetrokken", live: "Vernieuwt vanzelf", seedUsed: "Seed van de loting",
    lv_heuristic: "clubspeler", lv_random: "willekeurig", lv_pimc: "sterk", computer: "computer", err_bad_json: "Het verzoek is onleesbaar; probeer het opnieuw.", err_too_large: "Het verzoek is te groot.", err_bad_request: "Een veld is niet goed ingevuld.", err_bad_name: "Een naam is leeg of te lang.", err_bad_game: "Dit spel of deze spelregels kent de server niet.", err_bad_rounds: "Een toernooi heeft 1 tot 20 rondes.", err_bad_games: "Een ronde heeft 1 tot 6 spellen per tafel.", err_bad_seed: "De seed moet een getal zijn (0 of meer).", err_closed: "De finale is geloot: inschrijven kan niet meer.", err_too_many: "Er zijn te veel spelers voor een toernooi.", err_duplicate: "Die naam is al ingeschreven (of lijkt erop): voeg iets toe om ze uit elkaar te houden.", err_unknown_player: "Er is geen speler met dat nummer.", err_withdrawn: "Die speler heeft zich al teruggetrokken.", err_unknown_round: "Die ronde is nog niet geloot.", err_rounds_done: "Alle rondes zijn al geloot.", err_round_open: "De vorige ronde is nog niet compleet.", err_too_few: "Er zijn te weinig spelers voor een ronde (of de finale).", err_no_final: "Dit toernooi heeft geen finale.", err_final_drawn: "De finale is al geloot.", err_bad_table: "Die tafel bestaat niet in deze ronde.", err_bad_game_no: "Dat spel bestaat niet in deze ronde.", err_bad_result: "De uitslag is niet compleet: één waarde per speler aan de tafel.", err_impossible_result: "Deze tafelpunten kunnen niet samen voorkomen.", err_online_failed: "De tafels konden niet online geopend worden.", err_unknown_tournament: "Geen toernooi gevonden.", err_not_organiser: "Alleen met de beheerlink kan dat.", err_unknown_action: "Die actie bestaat niet.",
    copy: "Kopieer", copied: "Gekopieerd", notFound: "Geen toernooi gevonden.", nobody: "Nog geen spelers.", open: "open",
  },
  en: {
    tournament: "tournament", newTournament: "New tournament", name: "Name", date: "Date", place: "Place",
    rounds: "Rounds", games: "Games per round", final: "Final for the top 4", seed: "Seed (empty: by lot)",
    avoid: "Avoid repeat meetings", create: "Create tournament", keepSecret: "Keep this organiser link safe: whoever has it can manage the tournament.",
    organiserLink: "Organiser link", publicLink: "Public page", players: "Players", addPlayers: "Register players (one name a line, or CSV)",
    add: "Register", withdraw: "Withdraw", number: "No", round: "Round", finalRound: "Final", table: "Table",
    game: "Game", bye: "Bye", byePoints: "bye score per game", drawRound: "Draw next round", drawFinal: "Draw the final",
    standings: "Standings", total: "Total", gamesPlayed: "Games", champion: "Champion", results: "Enter results",
    points: "Table points", order: "Order out", save: "Save", note: "Reason (for a correction)", corrections: "Corrections",
    print: "Print", printTables: "Table list", printLarge: "Table list, large", printForms: "Score forms",
    printStandings: "Standings", exportCsv: "CSV", resultsCsv: "Results (CSV)", standingsCsv: "Standings (CSV)", online: "Play online", openOnline: "Open tables online",
    absentAll: "Computer for every player", absentList: "Absent (numbers, commas)", level: "Computer level",
    invites: "Invite links (shown once)", watch: "Watch", noToken: "This page needs the organiser link.",
    saved: "Saved", withdrawn: "withdrawn", live: "Updates by itself", seedUsed: "Seed of the draw",
    lv_heuristic: "club player", lv_random: "random", lv_pimc: "strong", computer: "computer",
    copy: "Copy", copied: "Copied", notFound: "No such tournament.", nobody: "No players yet.", open: "open",
  },
  de: {
    tournament: "Turnier", newTournament: "Neues Turnier", name: "Name", date: "Datum", place: "Ort",
    rounds: "Runden", games: "Spiele pro Runde", final: "Finale der besten 4", seed: "Seed (leer: per Los)",
    avoid: "Wiederholte Begegnungen vermeiden", create: "Turnier anlegen", keepSecret: "Diesen Verwaltungslink gut aufbewahren: wer ihn hat, kann das Turnier verwalten.",
    organiserLink: "Verwaltungslink", publicLink: "Öffentliche Seite", players: "Spieler", addPlayers: "Spieler anmelden (ein Name pro Zeile oder CSV)",
    add: "Anmelden", withdraw: "Zurückziehen", number: "Nr", round: "Runde", finalRound: "Finale", table: "Tisch",
    game: "Spiel", bye: "Spielfrei", byePoints: "Spielfrei-Punkte pro Spiel", drawRound: "Nächste Runde auslosen", drawFinal: "Finale auslosen",
    standings: "Rangliste", total: "Summe", gamesPlayed: "Spiele", champion: "Meister", results: "Ergebnisse eingeben",
    points: "Tischpunkte", order: "Reihenfolge raus", save: "Speichern", note: "Grund (bei Korrektur)", corrections: "Korrekturen",
    print: "Drucken", printTables: "Tischeinteilung", printLarge: "Tischeinteilung groß", printForms: "Spielformulare",
    printStandings: "Rangliste", exportCsv: "CSV", resultsCsv: "Ergebnisse (CSV)", standingsCsv: "Rangliste (CSV)", online: "Online spielen", openOnline: "Tische online öffnen",
    absentAll: "Computer für alle Spieler", absentList: "Abwesend (Nrn., Kommas)", level: "Computerstufe",
    invites: "Einladungslinks (einmal gezeigt)", watch: "Zuschauen", noToken: "Diese Seite braucht den Verwaltungslink.",
    saved: "Gespeichert", withdrawn: "zurückgezogen", live: "Aktualisiert sich selbst", seedUsed: "Seed der Auslosung",
    lv_heuristic: "Vereinsspieler", lv_random: "zuf\u00E4llig", lv_pimc: "stark", computer: "Computer", err_bad_json: "Die Anfrage ist unlesbar; bitte noch einmal versuchen.", err_too_large: "Die Anfrage ist zu gro\u00DF.", err_bad_request: "Ein Feld ist nicht richtig ausgef\u00FCllt.", err_bad_name: "Ein Name ist leer oder zu lang.", err_bad_game: "Dieses Spiel oder diese Regeln kennt der Server nicht.", err_bad_rounds: "Ein Turnier hat 1 bis 20 Runden.", err_bad_games: "Eine Runde hat 1 bis 6 Spiele pro Tisch.", err_bad_seed: "Der Seed muss eine Zahl sein (0 oder mehr).", err_closed: "Das Finale ist ausgelost: Anmelden geht nicht mehr.", err_too_many: "Zu viele Spieler f\u00FCr ein Turnier.", err_duplicate: "Dieser Name ist schon angemeldet (oder sieht so aus): f\u00FCge etwas hinzu, um sie zu unterscheiden.", err_unknown_player: "Es gibt keinen Spieler mit dieser Nummer.", err_withdrawn: "Dieser Spieler hat sich schon zur\u00FCckgezogen.", err_unknown_round: "Diese Runde ist noch nicht ausgelost.", err_rounds_done: "Alle Runden sind schon ausgelost.", err_round_open: "Die vorige Runde ist noch nicht vollst\u00E4ndig.", err_too_few: "Zu wenige Spieler f\u00FCr eine Runde (oder das Finale).", err_no_final: "Dieses Turnier hat kein Finale.", err_final_drawn: "Das Finale ist schon ausgelost.", err_bad_table: "Diesen Tisch gibt es in dieser Runde nicht.", err_bad_game_no: "Dieses Spiel gibt es in dieser Runde nicht.", err_bad_result: "Das Ergebnis ist unvollst\u00E4ndig: ein Wert pro Spieler am Tisch.", err_impossible_result: "Diese Tischpunkte k\u00F6nnen nicht zusammen vorkommen.", err_online_failed: "Die Tische konnten nicht online ge\u00F6ffnet werden.", err_unknown_tournament: "Kein solches Turnier.", err_not_organiser: "Das geht nur mit dem Verwaltungslink.", err_unknown_action: "Diese Aktion gibt es nicht.",
    copy: "Kopieren", copied: "Kopiert", notFound: "Kein solches Turnier.", nobody: "Noch keine Spieler.", open: "offen",
  },
};

// the language the user chose on the tables' pages (troef.lang), else the browser's
let lang = localStorage.getItem("troef.lang") || localStorage.getItem("troef-lang") || (navigator.language || "nl").slice(0, 2);
if (!TEXTS[lang]) lang = "nl";
const t = (key) => TEXTS[lang][key] ?? TEXTS.nl[key] ?? key;

const parts = location.pathname.split("/").filter(Boolean); // ["toernooi", id?, "beheer"?]
const tid = parts[1] || null;
const organiserMode = parts[2] === "beheer";
const main = document.getElementById("tournament");

function organiserToken() {
  const m = /(?:^#|&)o=([^&]+)/.exec(location.hash);
  if (m) sessionStorage.setItem(`troef-org-${tid}`, decodeURIComponent(m[1]));
  return sessionStorage.getItem(`troef-org-${tid}`);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  const token = organiserMode ? organiserToken() : null;
  if (token) headers["x-troef-organiser"] = token;
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await resp.json().catch(() => ({}));
  if (!resp.ok) {
    const err = new Error(data.error ? data.error.message : `HTTP ${resp.status}`);
    err.code = data.error ? data.error.code : "";
    throw err;
  }
  return data;
}

let state = null;
let version = null;
let message = null;

// A server error in the page's language: the text for its code; in English the server's own message, which
// names what was wrong (the server words its errors in English only).
function errorText(err) {
  if (lang !== "en" && err.code && TEXTS[lang][`err_${err.code}`]) return TEXTS[lang][`err_${err.code}`];
  return err.message || t("notFound");
}

function say(text, isError = false) {
  message = { text, isError };
  render();
}

// ------------------------------------------------------------------ create
function renderCreate() {
  const form = el("form", { id: "t-create", class: "t-card" },
    el("h2", {}, t("newTournament")),
    el("label", {}, t("name"), el("input", { name: "name", required: true, maxlength: "64" })),
    el("label", {}, t("date"), el("input", { name: "date", type: "date" })),
    el("label", {}, t("place"), el("input", { name: "place", maxlength: "64" })),
    el("label", {}, t("rounds"), el("input", { name: "rounds", type: "number", min: "1", max: "20", value: "5" })),
    el("label", {}, t("games"), el("input", { name: "games", type: "number", min: "1", max: "6", value: "2" })),
    el("label", { class: "check" }, el("input", { name: "final", type: "checkbox", checked: true }), t("final")),
    el("label", { class: "check" }, el("input", { name: "avoid", type: "checkbox", checked: true }), t("avoid")),
    el("label", {}, t("seed"), el("input", { name: "seed", type: "number", min: "0" })),
    el("button", { class: "primary", type: "submit", id: "t-create-button" }, t("create")),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    try {
      const data = await api("POST", "/api/tournaments", {
        name: f.get("name"), date: f.get("date"), place: f.get("place"),
        rounds: Number(f.get("rounds")), games_per_round: Number(f.get("games")),
        final: f.get("final") === "on", avoid_repeats: f.get("avoid") === "on",
        seed: f.get("seed") ? Number(f.get("seed")) : null,
      });
      location.href = data.organiser;
    } catch (err) {
      say(errorText(err), true);
    }
  });
  main.replaceChildren(form, messageBox());
}

function messageBox() {
  if (!message) return el("p", { class: "t-message" });
  return el("p", { class: `t-message ${message.isError ? "error" : ""}`, role: "status" }, message.text);
}

// ------------------------------------------------------------------ shared views
/** Put the parts that are there (not null) on the page. */
function show(...nodes) {
  main.replaceChildren(...nodes.filter((n) => n !== null && n !== undefined));
}

const nameOf = (n) => (state.players.find((p) => p.number === n) || { name: "?" }).name;

function roundTitle(r) {
  return r.final ? t("finalRound") : `${t("round")} ${r.round}`;
}

function roundView(r) {
  const online = r.tables.some((table) => table.games.some((g) => g.watch));
  const rows = r.tables.map((table) =>
    el("tr", { "data-table": table.table },
      el("th", { scope: "row" }, `${t("table")} ${table.table}`),
      table.players.map((n, seat) =>
        el("td", {}, el("span", { class: "nr" }, n), " ", nameOf(n),
          el("div", { class: "games" }, table.games.map((g) => el("span", { class: "pts", title: `${t("game")} ${g.game}` }, g.points ? g.points[seat] : "·"))))),
      online ? el("td", { class: "watch" }, table.games.filter((g) => g.watch).map((g) =>
        el("a", { href: g.watch }, `${t("watch")} ${g.game}`))) : null));
  const section = el("section", { class: "t-round", "data-round": r.round },
    el("h3", {}, roundTitle(r)),
    el("table", { class: "tables" }, el("tbody", {}, rows)));
  if (r.byes.length) {
    const pts = Object.entries(r.bye_points).map(([g, p]) => `${t("game")} ${g}: ${p}`).join(", ");
    section.append(el("p", { class: "byes" }, `${t("bye")}: `, r.byes.map((n) => `${n} ${nameOf(n)}`).join(", "),
      pts ? ` (${t("byePoints")}: ${pts})` : ""));
  }
  return section;
}

function standingsView() {
  const values = state.place_values.slice(0, -1);
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("number")), el("th", {}, t("name")),
    el("th", {}, t("total")), values.map((v) => el("th", {}, `${v}×`)), el("th", {}, t("gamesPlayed")));
  const rows = state.standings.map((s) =>
    el("tr", { class: s.active ? "" : "withdrawn" },
      el("td", {}, `${s.place}${s.shared ? "=" : ""}`), el("td", {}, s.number),
      el("td", {}, s.name, s.active ? "" : ` (${t("withdrawn")})`), el("td", { class: "total" }, s.total),
      s.counts.slice(0, values.length).map((c) => el("td", {}, c)), el("td", {}, s.games)));
  return el("section", { class: "t-standings" }, el("h2", {}, t("standings")),
    el("table", { class: "standings", id: "standings" }, el("thead", {}, head), el("tbody", {}, rows)));
}

function finalView() {
  if (!state.final_standings) return null;
  return el("section", { class: "t-final" }, el("h2", {}, t("finalRound")),
    state.champion ? el("p", { class: "champion" }, `${t("champion")}: `, el("strong", {}, state.champion)) : null,
    el("ol", {}, state.final_standings.map((s) => el("li", {}, `${s.name} · ${s.total}`))));
}

function header() {
  const facts = [state.date, state.place].filter(Boolean).join(" · ");
  return el("header", { class: "t-head" }, el("h1", {}, state.name), facts ? el("p", {}, facts) : null,
    el("p", { class: "muted small" }, `${t("seedUsed")}: ${state.seed} · ${t("live")}`));
}

function printLinks(round) {
  const base = `/toernooi/${tid}/print`;
  const q = `round=${round}&lang=${lang}`;
  return el("p", { class: "t-print" }, `${t("print")}: `,
    el("a", { href: `${base}/tables?${q}`, target: "_blank" }, t("printTables")), " · ",
    el("a", { href: `${base}/large?${q}`, target: "_blank" }, t("printLarge")), " · ",
    el("a", { href: `${base}/forms?${q}`, target: "_blank" }, t("printForms")), " · ",
    el("a", { href: `${base}/standings?lang=${lang}`, target: "_blank" }, t("printStandings")), " · ",
    el("a", { href: `/api/tournaments/${tid}/export/standings.csv`, id: "t-standings-csv", download: "" }, t("standingsCsv")), " · ",
    el("a", { href: `/api/tournaments/${tid}/export/results.csv`, id: "t-results-csv", download: "" }, t("resultsCsv")));
}

// ------------------------------------------------------------------ public
function renderPublic() {
  const last = state.drawn[state.drawn.length - 1];
  show(header(), finalView(), last ? roundView(last) : el("p", {}, t("nobody")), standingsView(),
    ...state.drawn.slice(0, -1).reverse().map(roundView));
}

// ------------------------------------------------------------------ organiser
let invites = null;

async function organiserAction(action, body) {
  try {
    const data = await api("POST", `/api/tournaments/${tid}/${action}`, body);
    if (data.tournament) {
      state = data.tournament;
      version = state.version ?? version;
    }
    if (action === "online") invites = data;
    say(t("saved"));
    return data;
  } catch (err) {
    say(errorText(err), true);
    return null;
  }
}

// the names typed but not yet registered survive the page being drawn again
let draftNames = "";

function playersForm() {
  const area = el("textarea", { id: "t-names", rows: "5", placeholder: "Jan de Vries\nPiet Jansen" });
  area.value = draftNames;
  area.addEventListener("input", () => { draftNames = area.value; });
  const file = el("input", { type: "file", id: "t-file", accept: ".csv,.txt,text/csv,text/plain" });
  file.addEventListener("change", async () => {
    if (file.files.length) area.value = draftNames = await file.files[0].text();
  });
  const register = async () => {
    if (await organiserAction("players", { text: area.value })) {
      draftNames = "";
      render();
    }
  };
  const list = el("ol", { class: "t-players" }, state.players.map((p) =>
    el("li", { value: p.number, class: p.active ? "" : "withdrawn" }, p.name, p.active ? " " : ` (${t("withdrawn")})`,
      p.active ? el("button", { type: "button", class: "small", onclick: () => organiserAction("withdraw", { number: p.number }) }, t("withdraw")) : null)));
  return el("section", { class: "t-card" }, el("h2", {}, `${t("players")} (${state.players.filter((p) => p.active).length})`),
    el("label", {}, t("addPlayers"), area), file, " ",
    el("button", { type: "button", id: "t-add", onclick: register }, t("add")),
    list);
}

// what the organiser chose in the result form, kept when the page is drawn again (after an answer)
const choice = { round: null, table: "1", game: "1", mode: "points", values: [] };

function resultForm(r) {
  if (choice.round !== r.round) Object.assign(choice, { round: r.round, table: "1", game: "1", values: [] });
  const tableSel = el("select", { id: "t-res-table" }, r.tables.map((x) => el("option", { value: x.table }, `${t("table")} ${x.table}`)));
  const gameSel = el("select", { id: "t-res-game" }, Array.from({ length: state.games_per_round }, (_, i) => el("option", { value: i + 1 }, `${t("game")} ${i + 1}`)));
  const mode = el("select", { id: "t-res-mode" }, el("option", { value: "points" }, t("points")), el("option", { value: "order" }, t("order")));
  tableSel.value = choice.table;
  gameSel.value = choice.game;
  mode.value = choice.mode;
  const seats = el("div", { class: "t-seats" });
  const note = el("input", { id: "t-res-note", placeholder: t("note"), maxlength: "200" });
  const fill = () => {
    const table = r.tables[Number(tableSel.value) - 1];
    const options = mode.value === "points" ? state.place_values.map(String) : state.order_words;
    seats.replaceChildren(...table.players.map((n, i) => {
      const sel = el("select", { "data-seat": i }, el("option", { value: "" }, "–"), options.map((o) => el("option", { value: o }, o)));
      sel.value = choice.values[i] ?? "";
      sel.addEventListener("change", () => { choice.values[i] = sel.value; });
      return el("label", {}, `${n} ${nameOf(n)}`, sel);
    }));
  };
  const changed = () => {
    Object.assign(choice, { table: tableSel.value, game: gameSel.value, mode: mode.value, values: [] });
    fill();
  };
  tableSel.addEventListener("change", changed);
  gameSel.addEventListener("change", () => { choice.game = gameSel.value; });
  mode.addEventListener("change", changed);
  fill();
  const save = async () => {
    const values = [...seats.querySelectorAll("select")].map((s) => s.value);
    const body = { round: r.round, table: Number(tableSel.value), game: Number(gameSel.value), note: note.value };
    if (mode.value === "points") body.points = values.map((v) => (v === "" ? null : Number(v)));
    else body.order = values;
    if (await organiserAction("result", body)) {
      choice.values = [];
      render();
    }
  };
  return el("section", { class: "t-card", id: "t-results" }, el("h2", {}, `${t("results")} · ${roundTitle(r)}`),
    tableSel, gameSel, mode, seats, note, el("button", { type: "button", class: "primary", id: "t-res-save", onclick: save }, t("save")));
}

function onlineForm(r) {
  const gameSel = el("select", {}, Array.from({ length: state.games_per_round }, (_, i) => el("option", { value: i + 1 }, `${t("game")} ${i + 1}`)));
  const all = el("input", { type: "checkbox" });
  const absent = el("input", { placeholder: "12, 40" });
  const level = el("select", {}, ["heuristic", "random", "pimc"].map((l) => el("option", { value: l }, t(`lv_${l}`))));
  const open = () => organiserAction("online", {
    round: r.round, game: Number(gameSel.value), level: level.value,
    absent: all.checked ? "all" : absent.value.split(",").map((x) => Number(x.trim())).filter((x) => x > 0),
  });
  const box = el("section", { class: "t-card" }, el("h2", {}, `${t("online")} · ${roundTitle(r)}`), gameSel,
    el("label", { class: "check" }, all, t("absentAll")), el("label", {}, t("absentList"), absent),
    el("label", {}, t("level"), level), el("button", { type: "button", onclick: open }, t("openOnline")));
  if (invites && invites.round === r.round) {
    box.append(el("h3", {}, t("invites")), el("ul", {}, invites.tables.map((x) => el("li", {}, `${t("table")} ${x.table}: `,
      x.seats.map((s) => s.link ? el("a", { href: s.link }, `${s.number} ${s.name}`) : `${s.number} ${s.name} (${t("computer")})`).flatMap((a) => [a, " "])))));
  }
  return box;
}

function correctionsView() {
  if (!state.corrections || !state.corrections.length) return null;
  return el("section", { class: "t-card" }, el("h2", {}, t("corrections")),
    el("ul", {}, state.corrections.map((c) => el("li", {},
      `${c.at.slice(0, 19).replace("T", " ")} · ${t("round")} ${c.round} ${t("table")} ${c.table} ${t("game")} ${c.game}: ${c.old.join(" ")} → ${c.new.join(" ")} ${c.note ? `(${c.note})` : ""}`))));
}

function renderOrganiser() {
  const last = state.drawn[state.drawn.length - 1];
  // the organiser link itself, to copy and keep: after the first visit it is no longer in the address bar
  const secret = `${location.origin}/toernooi/${tid}/beheer#o=${encodeURIComponent(organiserToken() || "")}`;
  const copy = el("button", { type: "button", id: "t-copy-organiser", onclick: () => {
    navigator.clipboard?.writeText(secret).catch(() => {});
    copy.textContent = t("copied");
  } }, t("copy"));
  const links = el("div", { class: "small t-links" },
    el("p", {}, `${t("publicLink")}: `, el("a", { href: `/toernooi/${tid}` }, `${location.origin}/toernooi/${tid}`)),
    el("p", {}, el("label", { for: "t-organiser-link" }, `${t("organiserLink")}: `),
      el("input", { id: "t-organiser-link", readonly: true, value: secret, size: "40", onfocus: (e) => e.target.select() }), " ", copy),
    el("p", { class: "muted" }, t("keepSecret")));
  const draw = el("p", {},
    el("button", { type: "button", class: "primary", id: "t-draw", onclick: () => organiserAction("draw", {}) }, t("drawRound")), " ",
    state.final ? el("button", { type: "button", id: "t-draw-final", onclick: () => organiserAction("draw", { final: true }) }, t("drawFinal")) : null);
  show(header(), messageBox(), links, draw, last ? printLinks(last.round) : null,
    last ? resultForm(last) : null, last ? onlineForm(last) : null, playersForm(),
    finalView(), last ? roundView(last) : null, standingsView(), correctionsView());
}

// ------------------------------------------------------------------ loading
function render() {
  document.documentElement.lang = lang;
  document.getElementById("t-subtitle").textContent = t("tournament");
  if (!tid) return renderCreate();
  if (organiserMode && !organiserToken()) {
    main.replaceChildren(el("p", { class: "error" }, t("noToken")));
    return;
  }
  if (!state) return;
  if (organiserMode) renderOrganiser();
  else renderPublic();
}

async function load() {
  try {
    let data = await api("GET", `/api/tournaments/${tid}${version === null ? "" : `?since=${version}`}`);
    if (data.unchanged) return;
    if (organiserMode) {
      // results that came in by themselves (online games) or from another organiser's screen; not while
      // the organiser is filling in a field, which drawing the page again would disturb
      const busy = state && main.contains(document.activeElement) && /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName);
      if (busy) return;
      data = (await api("POST", `/api/tournaments/${tid}/state`, {})).tournament;
    }
    state = data;
    version = data.version ?? null;
    main.dataset.version = version ?? "";
    render();
  } catch (err) {
    if (!state) main.replaceChildren(el("p", { class: "error" }, errorText(err)));
  }
}

for (const b of document.querySelectorAll("[data-lang]")) {
  b.addEventListener("click", () => {
    lang = b.dataset.lang;
    localStorage.setItem("troef.lang", lang); // one choice for the tables and the tournament pages
    render();
  });
}

// a link pasted into an open page changes only the fragment: start again with its token
window.addEventListener("hashchange", () => location.reload());

render();
if (tid && !(organiserMode && !organiserToken())) {
  await load();
  setInterval(load, 5000); // both pages follow the tournament live
}
