// A name of one's own: signing up and in with a passkey (WebAuthn), the account page (passkeys, recovery
// codes, sign out everywhere, privacy, download, deletion), profiles (/p/<name>) and the leaderboard
// (/leaderboard). The server's side is troef/server/community_web.py; a guest plays as before.

import { addTexts, t } from "./i18n.js";
import { api, errorText, h, store, toast } from "./dom.js";

addTexts({
  en: {
    acc_title: "Your name", acc_guest: "You play as a guest. Claim a name to get a rating and your tables on every device.",
    acc_name: "Name", acc_signUp: "Claim with a passkey", acc_signIn: "Sign in with a passkey", acc_signedIn: "Signed in as {name}",
    acc_signOut: "Sign out", acc_signOutAll: "Sign out everywhere", acc_page: "Account", acc_profile: "Profile",
    acc_codes: "Recovery codes: each works once, if you lose every passkey. Write them down now: they are shown only this once.",
    acc_codesDone: "I have written them down", acc_newCodes: "New recovery codes", acc_codesLeft: "{n} recovery codes left",
    acc_lost: "Lost your passkey?", acc_code: "Recovery code", acc_recover: "Sign in with the code",
    acc_addKey: "Add a passkey (another device)", acc_keys: "Passkeys", acc_remove: "Remove",
    acc_public: "Profile visible to everyone", acc_export: "Download my data (JSON)", acc_delete: "Delete my account",
    acc_deleteConfirm: "Type your name to delete the account: your tables keep a neutral seat name.",
    acc_deleted: "Your account is deleted.", acc_noPasskeys: "This browser cannot use passkeys.",
    acc_stored: "What troef stores: your name, your passkeys' public keys, your sessions (30 days), your seats, ratings and the matches played. Nothing else.",
    lb_title: "Leaderboard", lb_computer: "computer", lb_provisional: "provisional", lb_matches: "{n} matches",
    pr_ratings: "Ratings", pr_matches: "Last matches", pr_played: "{n} matches played", pr_analysis: "Analysis",
    pr_private: "private profile", pr_won: "won", pr_lost: "lost", pr_wonN: "{n} won", pr_tablePoints: "{n} table points",
    pr_crosses: "{n} crosses", pr_points: "{n} points",
    pr_contracts: "contracts: {played} played, {made} made", pr_nat: "{n} nat", pr_pit: "{n} pit", pr_lostN: "{n} lost",
    pr_marks: "marks: {plus} plus, {minus} minus", pr_accuracy: "Accuracy (from the analysis)",
    pr_accuracyLine: "{acc}% of judged decisions without a mistake, mean cost {cost} ({unit}) over {n} matches",
  },
  nl: {
    acc_title: "Je eigen naam", acc_guest: "Je speelt als gast. Claim een naam voor een rating en je tafels op elk apparaat.",
    acc_name: "Naam", acc_signUp: "Claimen met een passkey", acc_signIn: "Inloggen met een passkey", acc_signedIn: "Ingelogd als {name}",
    acc_signOut: "Uitloggen", acc_signOutAll: "Overal uitloggen", acc_page: "Account", acc_profile: "Profiel",
    acc_codes: "Herstelcodes: elke code werkt één keer, als je al je passkeys kwijt bent. Schrijf ze nu op: ze worden alleen nu getoond.",
    acc_codesDone: "Ik heb ze opgeschreven", acc_newCodes: "Nieuwe herstelcodes", acc_codesLeft: "nog {n} herstelcodes",
    acc_lost: "Passkey kwijt?", acc_code: "Herstelcode", acc_recover: "Inloggen met de code",
    acc_addKey: "Passkey toevoegen (ander apparaat)", acc_keys: "Passkeys", acc_remove: "Verwijderen",
    acc_public: "Profiel zichtbaar voor iedereen", acc_export: "Mijn gegevens downloaden (JSON)", acc_delete: "Mijn account verwijderen",
    acc_deleteConfirm: "Typ je naam om het account te verwijderen: je tafels houden een neutrale plaatsnaam.",
    acc_deleted: "Je account is verwijderd.", acc_noPasskeys: "Deze browser kan geen passkeys gebruiken.",
    acc_stored: "Wat troef bewaart: je naam, de publieke sleutels van je passkeys, je sessies (30 dagen), je plaatsen, ratings en gespeelde partijen. Verder niets.",
    lb_title: "Ranglijst", lb_computer: "computer", lb_provisional: "voorlopig", lb_matches: "{n} partijen",
    pr_ratings: "Ratings", pr_matches: "Laatste partijen", pr_played: "{n} partijen gespeeld", pr_analysis: "Analyse",
    pr_private: "priv\u00E9profiel", pr_won: "gewonnen", pr_lost: "verloren", pr_wonN: "{n} gewonnen", pr_tablePoints: "{n} tafelpunten",
    pr_crosses: "{n} kruisjes", pr_points: "{n} punten",
    pr_contracts: "contracten: {played} gespeeld, {made} gehaald", pr_nat: "{n} nat", pr_pit: "{n} pit", pr_lostN: "{n} verloren",
    pr_marks: "streepjes: {plus} plus, {minus} min", pr_accuracy: "Nauwkeurigheid (uit de analyse)",
    pr_accuracyLine: "{acc}% van de beoordeelde beslissingen zonder fout, gemiddelde kosten {cost} ({unit}) over {n} partijen",
  },
  de: {
    acc_title: "Dein eigener Name", acc_guest: "Du spielst als Gast. Sichere dir einen Namen f\u00FCr eine Wertung und deine Tische auf jedem Ger\u00E4t.",
    acc_name: "Name", acc_signUp: "Mit einem Passkey sichern", acc_signIn: "Mit einem Passkey anmelden", acc_signedIn: "Angemeldet als {name}",
    acc_signOut: "Abmelden", acc_signOutAll: "\u00DCberall abmelden", acc_page: "Konto", acc_profile: "Profil",
    acc_codes: "Wiederherstellungscodes: jeder gilt einmal, falls du alle Passkeys verlierst. Schreib sie jetzt auf: sie werden nur dieses eine Mal gezeigt.",
    acc_codesDone: "Ich habe sie notiert", acc_newCodes: "Neue Wiederherstellungscodes", acc_codesLeft: "noch {n} Wiederherstellungscodes",
    acc_lost: "Passkey verloren?", acc_code: "Wiederherstellungscode", acc_recover: "Mit dem Code anmelden",
    acc_addKey: "Passkey hinzuf\u00FCgen (anderes Ger\u00E4t)", acc_keys: "Passkeys", acc_remove: "Entfernen",
    acc_public: "Profil f\u00FCr alle sichtbar", acc_export: "Meine Daten herunterladen (JSON)", acc_delete: "Mein Konto l\u00F6schen",
    acc_deleteConfirm: "Gib deinen Namen ein, um das Konto zu l\u00F6schen: deine Tische behalten einen neutralen Platznamen.",
    acc_deleted: "Dein Konto ist gel\u00F6scht.", acc_noPasskeys: "Dieser Browser kann keine Passkeys verwenden.",
    acc_stored: "Was troef speichert: deinen Namen, die \u00F6ffentlichen Schl\u00FCssel deiner Passkeys, deine Sitzungen (30 Tage), deine Pl\u00E4tze, Wertungen und gespielten Partien. Sonst nichts.",
    lb_title: "Rangliste", lb_computer: "Computer", lb_provisional: "vorl\u00E4ufig", lb_matches: "{n} Partien",
    pr_ratings: "Wertungen", pr_matches: "Letzte Partien", pr_played: "{n} Partien gespielt", pr_analysis: "Analyse",
    pr_private: "privates Profil", pr_won: "gewonnen", pr_lost: "verloren", pr_wonN: "{n} gewonnen", pr_tablePoints: "{n} Tischpunkte",
    pr_crosses: "{n} Kreuze", pr_points: "{n} Punkte",
    pr_contracts: "Spiele: {played} gespielt, {made} gewonnen", pr_nat: "{n} nass", pr_pit: "{n} Durchmarsch", pr_lostN: "{n} verloren",
    pr_marks: "Striche: {plus} plus, {minus} minus", pr_accuracy: "Genauigkeit (aus der Analyse)",
    pr_accuracyLine: "{acc} % der bewerteten Entscheidungen ohne Fehler, mittlere Kosten {cost} ({unit}) in {n} Partien",
  },
});

const root = document.getElementById("app");

// ---------------------------------------------------------------- WebAuthn in the browser
const fromB64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
const toB64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function creationOptions(json) {
  if (PublicKeyCredential.parseCreationOptionsFromJSON) return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  return { ...json, challenge: fromB64(json.challenge), user: { ...json.user, id: fromB64(json.user.id) }, excludeCredentials: (json.excludeCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) })) };
}

function requestOptions(json) {
  if (PublicKeyCredential.parseRequestOptionsFromJSON) return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  return { ...json, challenge: fromB64(json.challenge), allowCredentials: (json.allowCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) })) };
}

function credentialJSON(cred) {
  if (cred.toJSON) return cred.toJSON();
  const r = cred.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = toB64(r.attestationObject);
  if (r.authenticatorData) response.authenticatorData = toB64(r.authenticatorData);
  if (r.signature) response.signature = toB64(r.signature);
  if (r.userHandle) response.userHandle = toB64(r.userHandle);
  return { id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response, clientExtensionResults: {} };
}

const post = (path, body = {}) => api(path, { method: "POST", body: JSON.stringify(body) });

// The seats this browser holds as a guest (dom.js store): moved to the account when it signs up or in.
function heldTables() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("troef.seat.")) out.push({ id: key.slice("troef.seat.".length), token: localStorage.getItem(key) });
  }
  return out;
}

function keepTokens(tables) {
  for (const item of tables || []) if (item.token) store.setToken(item.id, item.token);
}

export async function currentAccount() {
  try {
    return (await api("/api/account")).account;
  } catch (e) {
    return null;
  }
}

// The account's seats from any device: their tokens go into this browser's "my tables".
export async function syncTables() {
  try {
    const { tables } = await api("/api/account/tables");
    keepTokens(tables.filter((item) => !item.over));
  } catch (e) {
    /* a guest, or the server is away: the browser's own seats stay as they are */
  }
}

async function signUp(name) {
  const started = await post("/api/account/register/options", { name });
  const cred = await navigator.credentials.create({ publicKey: creationOptions(started.options) });
  const done = await post("/api/account/register", { challenge: started.challenge, credential: credentialJSON(cred), tables: heldTables() });
  keepTokens(done.tables);
  return done;
}

async function signIn() {
  const started = await post("/api/account/login/options");
  const cred = await navigator.credentials.get({ publicKey: requestOptions(started.options) });
  const done = await post("/api/account/login", { challenge: started.challenge, credential: credentialJSON(cred), tables: heldTables() });
  keepTokens(done.tables);
  await syncTables();
  return done;
}

async function addPasskey(label) {
  const started = await post("/api/account/passkeys/options");
  const cred = await navigator.credentials.create({ publicKey: creationOptions(started.options) });
  return post("/api/account/passkeys", { challenge: started.challenge, credential: credentialJSON(cred), label });
}

function codesBox(codes, onDone) {
  return h(
    "div",
    { class: "recovery-codes", id: "recovery-codes", role: "alert" },
    h("p", {}, t("acc_codes")),
    h("ol", { class: "codes" }, codes.map((c) => h("li", {}, h("code", {}, c)))),
    h("button", { type: "button", id: "codes-done", onclick: onDone }, t("acc_codesDone")),
  );
}

// ---------------------------------------------------------------- the lobby's panel
export function accountPanel(onChange) {
  const box = h("section", { class: "panel account", id: "account-panel" }, h("h2", {}, t("acc_title")));
  const show = (account, codes = null) => {
    const parts = [h("h2", {}, t("acc_title"))];
    if (codes) parts.push(codesBox(codes, () => show(account)));
    if (account) {
      parts.push(
        h("p", { id: "signed-in" }, t("acc_signedIn", { name: account.name })),
        h(
          "div",
          { class: "row" },
          h("a", { href: "/account", class: "button", id: "account-link" }, t("acc_page")),
          h("a", { href: `/p/${encodeURIComponent(account.name)}`, class: "button", id: "profile-link" }, t("acc_profile")),
          h("a", { href: "/leaderboard", class: "button" }, t("lb_title")),
          h("button", { type: "button", id: "sign-out", onclick: async () => { await post("/api/account/logout"); show(null); onChange(null); } }, t("acc_signOut")),
        ),
      );
    } else {
      const name = h("input", { id: "account-name", maxlength: 24, placeholder: t("acc_name"), value: localStorage.getItem("troef.name") || "" });
      const code = h("input", { id: "recovery-code", placeholder: t("acc_code"), autocomplete: "off" });
      const recoverName = h("input", { id: "recovery-name", maxlength: 24, placeholder: t("acc_name") });
      const act = (work) => async () => {
        if (!window.PublicKeyCredential && work !== recover) return toast(t("acc_noPasskeys"), "error");
        try {
          await work();
        } catch (e) {
          toast(e.name === "NotAllowedError" ? t("acc_noPasskeys") : errorText(e), "error");
        }
      };
      const up = async () => {
        const done = await signUp(name.value);
        show(done.account, done.recovery_codes);
        onChange(done.account);
      };
      const inn = async () => {
        const done = await signIn();
        show(done.account);
        onChange(done.account);
      };
      const recover = async () => {
        const done = await post("/api/account/recover", { name: recoverName.value, code: code.value });
        await syncTables();
        location.assign("/account");
        return done;
      };
      parts.push(
        h("p", { class: "small muted" }, t("acc_guest")),
        h("div", { class: "row" }, name, h("button", { type: "button", class: "primary", id: "sign-up", onclick: act(up) }, t("acc_signUp"))),
        h("div", { class: "row" }, h("button", { type: "button", id: "sign-in", onclick: act(inn) }, t("acc_signIn")), h("a", { href: "/leaderboard", class: "button" }, t("lb_title"))),
        h("details", { id: "recover" }, h("summary", {}, t("acc_lost")), h("div", { class: "row" }, recoverName, code, h("button", { type: "button", id: "recover-go", onclick: act(recover) }, t("acc_recover")))),
      );
    }
    box.replaceChildren(...parts);
  };
  currentAccount().then((account) => {
    show(account);
    if (account) syncTables().then(() => onChange(account));
  });
  return box;
}

// ---------------------------------------------------------------- the account page
export function accountPage() {
  let codes = null;
  async function render() {
    const account = await currentAccount();
    if (!account) {
      location.assign("/");
      return;
    }
    const { passkeys } = await api("/api/account/passkeys");
    const keys = h("ul", { id: "passkeys" }, passkeys.map((k) => h("li", {}, `${k.label} \u00B7 ${k.created_at.slice(0, 10)} `, passkeys.length > 1 ? h("button", { type: "button", class: "small", onclick: async () => { await post("/api/account/passkeys/remove", { id: k.id }); render(); } }, t("acc_remove")) : null)));
    const confirm = h("input", { id: "delete-name", placeholder: t("acc_name") });
    const run = (work) => async () => {
      try {
        await work();
      } catch (e) {
        toast(errorText(e), "error");
      }
    };
    root.replaceChildren(
      h(
        "section",
        { class: "panel account-page" },
        h("h2", {}, t("acc_signedIn", { name: account.name })),
        codes ? codesBox(codes, () => { codes = null; render(); }) : h("p", { class: "small", id: "codes-left" }, t("acc_codesLeft", { n: account.recovery_codes_left })),
        h("h3", {}, t("acc_keys")),
        keys,
        h("div", { class: "row" },
          h("button", { type: "button", id: "add-passkey", onclick: run(async () => { await addPasskey(); render(); }) }, t("acc_addKey")),
          h("button", { type: "button", id: "new-codes", onclick: run(async () => { codes = (await post("/api/account/recovery-codes")).recovery_codes; render(); }) }, t("acc_newCodes")),
        ),
        h("label", { class: "check" }, h("input", { type: "checkbox", id: "public", checked: account.public, onchange: run(async (e) => { await post("/api/account/privacy", { public: document.getElementById("public").checked }); void e; }) }), " ", t("acc_public")),
        h("p", { class: "small muted" }, t("acc_stored")),
        h("div", { class: "row" },
          h("a", { href: "/api/account/export", class: "button", id: "export", download: "troef-account.json" }, t("acc_export")),
          h("a", { href: `/p/${encodeURIComponent(account.name)}`, class: "button" }, t("acc_profile")),
          h("button", { type: "button", id: "sign-out-all", onclick: run(async () => { await post("/api/account/logout-all"); location.assign("/"); }) }, t("acc_signOutAll")),
        ),
        h("details", { id: "delete" }, h("summary", {}, t("acc_delete")), h("p", { class: "small" }, t("acc_deleteConfirm")), h("div", { class: "row" }, confirm, h("button", { type: "button", class: "danger", id: "delete-go", onclick: run(async () => { await post("/api/account/delete", { name: confirm.value }); toast(t("acc_deleted")); location.assign("/"); }) }, t("acc_delete")))),
      ),
    );
  }
  render();
  return { render, destroy() {} };
}

// ---------------------------------------------------------------- profiles and the leaderboard
function ratingText(r) {
  return `${r.rating}${r.provisional ? ` (${t("lb_provisional")})` : ""}`;
}

export function profilePage(name) {
  async function render() {
    let data;
    try {
      data = await api(`/api/players/${encodeURIComponent(name)}`);
    } catch (e) {
      root.replaceChildren(h("p", { class: "error" }, errorText(e)));
      return;
    }
    const ratings = data.ratings.map((r) =>
      h(
        "div",
        { class: "table-row rating", dataset: { game: r.game, family: r.family } },
        h("span", {}, `${r.game} \u00B7 ${r.family}: `, h("strong", { class: "rating-value" }, ratingText(r)), ` \u00B7 ${t("lb_matches", { n: r.matches })}`),
        h("img", { class: "history", alt: "", src: `/api/players/${encodeURIComponent(name)}/history.svg?game=${encodeURIComponent(r.game)}&family=${encodeURIComponent(r.family)}` }),
      ),
    );
    const line = (l) => [
      l.won === true ? t("pr_won") : l.won === false ? t("pr_lost") : "",
      l.table_points !== undefined ? t("pr_tablePoints", { n: l.table_points }) : "",
      l.crosses !== undefined ? t("pr_crosses", { n: l.crosses }) : "",
      l.points !== undefined && l.crosses === undefined ? t("pr_points", { n: l.points }) : "",
    ].filter(Boolean).join(", ");
    const contracts = (c) => c && c.played !== undefined ? [
      t("pr_contracts", c),
      c.nat !== undefined ? t("pr_nat", { n: c.nat }) : "",
      c.pit !== undefined ? t("pr_pit", { n: c.pit }) : "",
      c.lost !== undefined ? t("pr_lostN", { n: c.lost }) : "",
      c.plus !== undefined ? t("pr_marks", c) : "",
    ].filter(Boolean).join(", ") : "";
    const totals = Object.entries(data.games).map(([game, g]) =>
      h("li", { class: "game-totals", dataset: { game } }, `${game}: ${t("lb_matches", { n: g.matches })}, ${t("pr_wonN", { n: g.won })}`,
        g.table_points !== undefined ? `, ${t("pr_tablePoints", { n: g.table_points })}` : "",
        g.crosses !== undefined ? `, ${t("pr_crosses", { n: g.crosses })} (Kraken)` : "",
        g.contracts ? h("span", { class: "contracts" }, `; ${contracts(g.contracts)}`) : ""),
    );
    const accuracy = (data.accuracy || []).map((a) =>
      h(
        "div",
        { class: "table-row accuracy", dataset: { game: a.game, family: a.family } },
        h("span", {}, `${a.game} \u00B7 ${a.family}: `, h("strong", { class: "accuracy-value" }, a.accuracy === null ? "\u2013" :
          t("pr_accuracyLine", { acc: a.accuracy.toFixed(1), cost: a.mean_cost === null ? "\u2013" : a.mean_cost.toFixed(3), unit: a.unit, n: a.matches.length }))),
        h("img", { class: "history", alt: "", src: `/api/players/${encodeURIComponent(name)}/accuracy.svg?game=${encodeURIComponent(a.game)}&family=${encodeURIComponent(a.family)}` }),
      ),
    );
    const matches = data.matches.map((m) =>
      h(
        "div",
        { class: "table-row match", dataset: { table: m.id } },
        h("span", {}, `${m.game} \u00B7 ${t(`preset_${m.preset}`)} \u00B7 ${m.finished_at.slice(0, 10)}`, line(m.line) ? ` \u00B7 ${line(m.line)}` : "",
          contracts(m.contracts) ? ` \u00B7 ${contracts(m.contracts)}` : ""),
        h("a", { href: m.replay, class: "button" }, t("replay")),
        h("a", { href: m.analysis, class: "button" }, t("pr_analysis")),
      ),
    );
    root.replaceChildren(
      h(
        "section",
        { class: "panel profile" },
        h("h2", { id: "profile-name" }, data.name, data.public ? "" : ` (${t("pr_private")})`),
        h("p", {}, t("pr_played", { n: data.matches_played })),
        h("ul", { id: "game-totals" }, totals),
        h("h3", {}, t("pr_ratings")),
        ...ratings,
        ...(accuracy.length ? [h("h3", {}, t("pr_accuracy")), ...accuracy] : []),
        h("h3", {}, t("pr_matches")),
        ...matches,
      ),
    );
  }
  render();
  return { render, destroy() {} };
}

export function leaderboardPage(gameOptions) {
  const S = { game: null, family: null };
  async function render() {
    const [games, levels] = await Promise.all([gameOptions(), api("/api/ratings/levels")]);
    const params = new URLSearchParams(location.search);
    S.game = S.game || params.get("game") || Object.keys(games.games)[0];
    const fams = [...new Set(Object.values(levels.families[S.game] || {}))];
    S.family = fams.includes(S.family) ? S.family : params.get("family") && fams.includes(params.get("family")) ? params.get("family") : fams[0];
    const board = await api(`/api/leaderboard/${encodeURIComponent(S.game)}/${encodeURIComponent(S.family)}`);
    const rows = board.players.map((p) =>
      h(
        "tr",
        { class: p.bot ? "bot" : "" },
        h("td", {}, p.place),
        h("td", {}, p.bot ? `${t(`level_${p.name}`)} (${t("lb_computer")})` : h("a", { href: `/p/${encodeURIComponent(p.name)}` }, p.name)),
        h("td", { class: "rating-value" }, ratingText(p)),
        h("td", {}, p.matches),
      ),
    );
    root.replaceChildren(
      h(
        "section",
        { class: "panel leaderboard" },
        h("h2", {}, t("lb_title")),
        h(
          "div",
          { class: "row" },
          h("select", { id: "lb-game", onchange: (e) => { S.game = e.target.value; S.family = null; render(); } }, Object.keys(games.games).map((g) => h("option", { value: g, selected: g === S.game }, games.games[g].title))),
          h("select", { id: "lb-family", onchange: (e) => { S.family = e.target.value; render(); } }, fams.map((f) => h("option", { value: f, selected: f === S.family }, f))),
        ),
        h("table", { id: "leaderboard" }, h("tbody", {}, rows)),
      ),
    );
  }
  render();
  return { render, destroy() {} };
}
