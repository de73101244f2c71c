// The troef browser UI: lobby, card table and replays. It only shows what the
// server sends (each state message is the projection for this viewer) and only
// sends intentions: join, act, hint.
//
// These files are the frame every game shares: the lobby (every game the server offers, with its
// presets, switches and computer players), seats, invite links, spectators, presence, turn timers,
// hints, rematch, replays, the felt with the trick, the log, and the frames of the score sheet and
// the end screen. This file holds the table page and starts the pages; what it and the replay
// page (replay.js) share is in felt.js. What is particular to one game lives in its module,
// web/<game>.js, registered in games.js. A game module exports:
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
//   cardNote(ui, card, node) (optional) marks and words added to a card of the hand (its node)
//   onState(ui)              (optional) called after each new state (e.g. to send queued actions)
//   centre(view)             (optional) cards in the middle of the felt besides the trick
//   seatMeta(ctx, seat)      bits under a seat's name (marks, points); seatExtra(ctx, seat): nodes below
//                            its cards; ctx: { game, view, match, seats, viewer }
//   seatPositions(n, bottom) (optional) where the seats sit, in percent of the felt
//   trickSpot(pos)           (optional) where a seat's card in the trick lies, from the seat's position
//   topTags(ui)              tags in the top bar (contract, trump, ...)
//   handTag(ui)              (optional) the words of the top bar's hand number (default WORDS' "hand")
//   WORDS                    (optional) the game's own text keys for the frame's hand, phase_done and
//                            captionDeal (games.js word()): its own name of a deal
//   sheet(ctx)               the score sheet's body
//   endSummary(ctx)          the end screen's lines (winner, standing) above the frame's buttons
//   handResult(ctx, hand, view) the banner lines of a finished hand, or null
//   hintValues(values)       the hint's per-action values as a node, or null
//   warningText(code, action) the words of a warning the server gave before a risky action
//   resultText(result, seats) a finished table's result in the lobby list
//   partners(players)        (optional) whether seat s plays with seat s + 2 at a table of that many (the lobby says so)
// Texts come from i18n.js (nl, en, de), suits and cards from cards.js, h(), api() and seat names from
// dom.js; the lobby page is lobby.js.

import { t, getLang, setLang, errorMessage, loadGameTexts } from "./i18n.js";
import { backNode, cardLabel, cardNode, cardSpoken, spokenCards } from "./cards.js";
import { KEY_ACTIONS, keysList } from "./a11y.js";
import { api, displayName, errorText, h, seatName, store, toast } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import { accountPage, leaderboardPage, profilePage } from "./account.js";
import { GAMES, gameOf, label, word } from "./games.js";
import { applySettings, board, chime, endScreen, fitTable, focusables, modal, moveLog, rulesPanel, seatBox, settings, settingsPanel } from "./felt.js";
import { replayPage, replayView } from "./replay.js";
import { chatLine, chatPanel, chatReceived } from "./chat.js";
import { guideFlag, guidePanel } from "./guide.js";

const root = document.getElementById("app");
// Seconds before a turn's time runs out at which a dialog opened on that turn closes itself.
const DIALOG_GRACE = 8;
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

// ---------------------------------------------------------------- table
function tablePage(id) {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("t")) {
    store.setToken(id, hash.get("t"));
    history.replaceState(null, "", `/t/${id}`); // the secret leaves the address bar
  }
  const guided = guideFlag(id, hash); // opened from the lobby's "Learn to play" (guide.js)
  const justClaimed = hash.has("claimed");
  if (justClaimed) history.replaceState(null, "", `/t/${id}`);
  const S = {
    id, token: store.token(id), ws: null, seat: null, seats: [], state: null, oldTrick: [], completed: null,
    lastTricks: null, result: null, shownResult: 0, hint: null, overlay: null, fatal: null, retry: 0, closed: false,
    connected: false, ref: 0, resultTimer: null,
    // the action sent and not yet answered: clicks meanwhile are ignored
    pending: null, timer: null, rematch: null, owner: null,
    // a game's picks (Bonaken: cards picked to lay away) and actions queued to be sent one by one
    discardPick: [], discardQueue: [], confirm: null, checking: null, game: null, gameName: null,
    // the analysis dialog: its box (kept from render to render, so what it shows stays) and its replay view
    anBox: null, anView: null,
    chat: [], // the last phrases said at the table (chat.js)
  };
  // whoever just took an open seat sees its link at once: the way back from another device
  if (justClaimed) S.overlay = "invites";
  // the turn timer counts down on screen (only its text changes: no re-render)
  const ticker = setInterval(() => {
    const node = document.getElementById("turn-timer");
    if (!node || !S.timer || !S.state) return;
    const left = Math.max(0, Math.ceil(S.timer.left - (Date.now() - S.timer.at) / 1000));
    node.textContent = t("timeLeft", { n: left });
    node.classList.toggle("urgent", left <= 10);
    const mine = myTimeLeft();
    const inDialog = document.getElementById("modal-timer");
    if (inDialog && mine !== null) inDialog.textContent = t("dialogTimer", { n: mine });
    // a dialog read on your turn closes itself before the seat would go to a computer player
    if (S.overlay && mine !== null && mine <= DIALOG_GRACE) {
      S.overlay = null;
      render();
      toast(t("dialogClosedTimer", { n: mine }), "error");
    }
  }, 500);

  function send(msg) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) {
      S.ws.send(JSON.stringify({ v: 1, ...msg }));
      return true;
    }
    return false;
  }

  function connect() {
    // the table in the address lets a proxy send one table's players to one process (docs/deploy.md)
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws?table=${encodeURIComponent(id)}`);
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
      S.checking = null;
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
    render(); // the table shows itself busy while the check is on its way, as it does for an action
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
      loadGameTexts(msg.game); // to word a refused action in the page's language
    } else if (msg.type === "presence") {
      S.seats = msg.seats;
      if (S.state) render();
    } else if (msg.type === "check") {
      const c = S.checking;
      S.checking = null;
      if (!c || msg.ref !== c.ref || !S.state || msg.version !== S.state.version) {
        if (S.state) render(); // no longer busy: the table has moved on, the click is dropped
        return;
      }
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
    } else if (msg.type === "chat") {
      const before = S.chat;
      S.chat = chatReceived(S.chat, msg);
      if (S.chat !== before) announce([chatLine(S.seats, S.seat, msg)]);
      if (S.state) render();
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
      toast(t("notAllowed", { msg: errorMessage(msg.message, msg.code, msg.refusal, S.gameName) }), "error");
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
    // every field the frame reads goes through the game's table view (tableView at the top), never the raw view
    const v = S.game.tableView(msg.view);
    const before = old ? S.game.tableView(old.view) : null;
    const prev = msg.prev ? S.game.tableView(msg.prev) : null;
    if (S.pending && msg.version > S.pending.version) S.pending = null;
    S.oldTrick = [];
    if (old && old.hand === msg.hand) {
      S.oldTrick = before.trick;
      if (v.tricks.length > before.tricks.length) {
        const last = v.tricks[v.tricks.length - 1];
        S.completed = { cards: last.cards, winner: last.winner, at: Date.now(), hand: msg.hand };
      }
    } else if (old && prev && old.hand === msg.hand - 1) {
      S.oldTrick = before.trick;
      if (prev.tricks.length > before.tricks.length) {
        const last = prev.tricks[prev.tricks.length - 1];
        S.completed = { cards: last.cards, winner: last.winner, at: Date.now(), hand: msg.hand - 1 };
      }
    }
    if (prev) S.lastTricks = prev.tricks;
    if (prev && prev.result && msg.hand - 1 > S.shownResult && old) {
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
    announceState(old, msg, wasMine);
    if (myTurn() && !wasMine) {
      chime();
      const legal = v.legal;
      if (settings.get("autoplay") && legal.length === 1 && legal[0].startsWith("play ") && v.hand && v.hand.length === 1) {
        setTimeout(() => { if (S.state === msg) act(legal[0]); }, 700 * settings.get("anim"));
      }
    }
    if (S.completed) setTimeout(() => { if (S.completed && Date.now() - S.completed.at >= 1600) { S.completed = null; render(); } }, 1700);
  }

  function myTurn() {
    return S.state && S.seat !== null && S.state.view.legal.length > 0;
  }

  // What a screen reader says (the live region #announce, in the page's language): a new hand, each move of
  // the hand since the last state (on the first, those of the trick being played, or all before the play),
  // who took a trick (the hand's last one comes with the next hand's first state), and that it is your turn.
  function announceLines(old, msg, wasMine) {
    const v = view();
    const lines = [];
    const sameHand = old && old.hand === msg.hand;
    // the moves between two views of one hand, and who took each trick completed by them
    const moves = (before, after) => {
      for (const [seat, text] of after.events.slice(before ? before.events.length : 0)) lines.push(S.game.eventWords(seatName(S.seats, seat, S.seat), text));
      for (const trick of after.tricks.slice(before ? before.tricks.length : after.tricks.length)) lines.push(t("trickTakenBy", { name: seatName(S.seats, trick.winner, S.seat) }));
    };
    // the moves that ended the hand before arrive with the next hand's first state (its "prev"): said first
    if (old && !sameHand && msg.prev && old.hand === msg.hand - 1) moves(S.game.tableView(old.view), S.game.tableView(msg.prev));
    if (!sameHand) lines.push(word(S.game, "captionDeal", { n: msg.hand }));
    if (old) moves(sameHand ? S.game.tableView(old.view) : null, v);
    else {
      // the page's first state: the moves of the hand so far, from the trick being played on (a table rejoined
      // late in a hand is not read out from its bidding)
      const before = v.seats.length * v.tricks.length;
      let plays = 0;
      const from = before ? v.events.findIndex(([, text]) => text.startsWith("play ") && ++plays === before) + 1 : 0;
      for (const [seat, text] of v.events.slice(from)) lines.push(S.game.eventWords(seatName(S.seats, seat, S.seat), text));
    }
    if (myTurn() && !wasMine) lines.push(t("yourTurn"));
    announce(lines);
  }
  function announceState(old, msg, wasMine) {
    // cards in words ("7 of diamonds"), as the hand names them to a screen reader, not "7♦"
    spokenCards(() => announceLines(old, msg, wasMine));
  }

  // ---------------------------------------------------------------- the keyboard
  // 1-9 (0: the tenth) focus a card of the hand, the arrows the next or previous one, Enter plays the focused
  // card (it is a button); Tab reaches the buttons; a dialog keeps Tab inside and closes with Esc (felt.js).
  function onKey(e) {
    if (S.closed || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (document.querySelector(".overlay") || (e.target.closest && e.target.closest("input, select, textarea"))) return;
    const named = KEY_ACTIONS[e.key.toLowerCase()] || KEY_ACTIONS[e.key];
    if (named && S.state) {
      e.preventDefault();
      if (named === "hint") {
        if (myTurn()) send({ type: "hint", id: ++S.ref });
      } else {
        S.overlay = named;
        render();
      }
      return;
    }
    if (e.key === "Escape" && selectedAction()) {
      S.selected = null; // a card picked to be confirmed goes back into the hand
      render();
      return;
    }
    const cards = [...document.querySelectorAll("#my-hand .card")];
    if (!cards.length) return;
    let i = null;
    if (/^[0-9]$/.test(e.key)) i = e.key === "0" ? 9 : Number(e.key) - 1;
    else if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && cards.includes(document.activeElement)) {
      i = (cards.indexOf(document.activeElement) + (e.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
    }
    if (i === null || !cards[i]) return;
    e.preventDefault();
    cards[i].focus();
  }
  document.addEventListener("keydown", onKey);

  // The page is drawn anew on every state: the focus goes back to the same card (or the one now in its place),
  // the same button, or the same place in the action row or dialog, so that a keyboard player keeps their place.
  function focusKey() {
    const a = document.activeElement;
    if (!a || a === document.body || !root.contains(a)) return null;
    const cards = [...document.querySelectorAll("#my-hand .card")];
    if (cards.includes(a)) return { card: a.dataset.card, index: cards.indexOf(a) };
    if (a.id) return { id: a.id };
    const scope = a.closest("#action-panel, .overlay");
    return scope ? { scope: scope.id ? `#${scope.id}` : ".overlay", index: focusables(scope).indexOf(a) } : null;
  }

  function restoreFocus(key) {
    let node = null;
    if (key && key.card) {
      const cards = [...document.querySelectorAll("#my-hand .card")];
      node = cards.find((c) => c.dataset.card === key.card) || cards[Math.min(key.index, cards.length - 1)];
    } else if (key && key.id) node = document.getElementById(key.id);
    else if (key) {
      const scope = root.querySelector(key.scope);
      const list = scope ? focusables(scope) : [];
      node = list[Math.max(0, Math.min(key.index, list.length - 1))];
    }
    if (node) node.focus({ preventScroll: true });
    // a dialog just opened takes the focus; one just closed gives it back to the button that opened it
    const open = root.querySelector(".overlay");
    if (open && !open.contains(document.activeElement)) focusables(open.querySelector(".modal"))[0]?.focus({ preventScroll: true });
    if (!open && S.shownOverlay && S.shownOverlay !== "confirm") document.getElementById(`show-${S.shownOverlay}`)?.focus({ preventScroll: true });
    S.shownOverlay = S.overlay || (S.confirm ? "confirm" : null);
  }

  function panel() {
    const out = h("div", { class: "action-panel", id: "action-panel" });
    if (myTurn()) out.append(...S.game.panel(ui()).filter(Boolean));
    const picked = selectedAction();
    if (picked) out.append(h("button", { type: "button", class: "primary", id: "play-selected", onclick: () => cardClick(S.selected, picked) }, t("playGo", { card: cardLabel(S.selected) })), h("span", { class: "small muted confirm-help" }, t("confirmPlayHelp")));
    return out;
  }

  // "Confirm before playing a card" (settings.js): a first click (or Enter) on a card to play picks it, a second
  // one, or the button in the action row, plays it; any other card's click picks that one instead.
  function selectedAction() {
    if (!S.selected || !settings.get("confirmPlay") || !myTurn()) return null;
    const v = view();
    if (!v.hand || !v.hand.includes(S.selected)) return null;
    const action = S.game.cardAction(v, S.selected);
    return action.startsWith("play ") && v.legal.includes(action) ? action : null;
  }

  function cardClick(card, action) {
    if (settings.get("confirmPlay") && !S.pending && action.startsWith("play ") && view().legal.includes(action) && selectedAction() !== action) {
      S.selected = card;
      render();
      return;
    }
    S.selected = null;
    if (S.game.onCard) S.game.onCard(ui(), card);
    else act(action);
  }

  function confirmAction(action, question) {
    S.confirm = { action, question };
    render();
  }

  function handRow() {
    const v = view();
    const row = h("div", { class: `hand${S.pending ? " busy" : ""}${S.connected ? "" : " offline"}`, id: "my-hand", role: "group", "aria-label": t("yourCards"), "aria-busy": S.pending ? "true" : null });
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
      if (selectedAction() === action) classes.push("selected");
      if (S.game.cardClasses) classes.push(...S.game.cardClasses(u, card));
      const node = cardNode(card, { button: true, classes });
      if (S.game.cardNote) S.game.cardNote(u, card, node);
      if (classes.includes("selected")) node.setAttribute("aria-pressed", "true"); // picked, to be confirmed
      // said, not only greyed; the button stays a button (a click is answered with the reason it may not go)
      if (classes.includes("illegal")) node.setAttribute("aria-label", t("notPlayable", { card: cardSpoken(card) }));
      node.addEventListener("click", () => cardClick(card, action));
      row.append(node);
    }
    return row;
  }

  function topbar() {
    const v = view();
    const m = S.state.match;
    const bits = [h("span", { class: "tag" }, label(S.gameName, `preset_${S.config?.preset ?? v.preset}`).split(" ")[0]), h("span", { class: "tag", id: "hand-no" }, S.game.handTag ? S.game.handTag(ui()) : word(S.game, "hand", { n: S.state.hand })), h("span", { class: "tag phase" }, word(S.game, `phase_${v.phase}`))];
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
    buttons.push(h("button", { type: "button", id: "show-keys", "aria-keyshortcuts": "?", onclick: () => { S.overlay = "keys"; render(); } }, t("keysButton")));
    buttons.push(h("a", { href: "/", class: "button" }, t("lobbyLink")));
    void m;
    return h("div", { class: "topbar" }, h("div", { class: "info" }, bits), h("div", { class: "buttons" }, buttons), S.connected ? null : h("div", { class: "warning" }, t("connLost")));
  }

  function prompt() {
    const v = view();
    if (S.seat === null) return t("spectating");
    if (!v.seats.includes(S.seat)) return t("youAreOut");
    if (v.phase === "done") return word(S.game, "phase_done");
    if (myTurn()) return t("yourTurn");
    return t("waitingFor", { name: seatName(S.seats, v.to_act, S.seat) });
  }

  // Seconds left on this seat's turn clock, or null (no timer, or not this seat's turn).
  function myTimeLeft() {
    const tm = S.timer;
    if (!tm || !S.state || tm.seat !== S.seat || S.seat === null || tm.version !== S.state.version || !myTurn()) return null;
    return Math.max(0, Math.ceil(tm.left - (Date.now() - tm.at) / 1000));
  }

  // A dialog opened on your turn at a table with a turn timer says how long you have:
  // the clock is not paused (the server's timer is the other players' guarantee that the game goes on),
  // but the reader is warned, and DIALOG_GRACE seconds before the end the dialog closes itself.
  function dialogTimer() {
    const left = myTimeLeft();
    if (left === null) return null;
    return h("p", { class: "modal-timer urgent", id: "modal-timer", role: "alert" }, t("dialogTimer", { n: left }));
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
    const analyseButton = h("button", { type: "button", class: "result-analyse", id: "hand-analyse", onclick: () => openAnalysis(hand) }, t("analyse"));
    return h("div", { class: "result-banner", id: "hand-result", role: "status" }, lines, analyseButton, h("button", { type: "button", class: "close", "aria-label": t("close"), onclick: () => { S.result = null; S.dismissed = hand; render(); } }, "\u00D7"));
  }

  // The deals that are over: all of a finished match, else those before the one in play.
  function handsOver() {
    return S.state.match.over ? S.state.hand : S.state.hand - 1;
  }

  // The analysis of a deal that is over, in a dialog: the replay's view of it (its timeline, the cards laid
  // open, each decision marked), its deal list holding every deal over so far. The server refuses the deal
  // in play. Like every dialog, it closes itself before your turn's time runs out (the ticker above).
  function openAnalysis(hand) {
    closeAnalysis();
    S.anBox = h("div", { class: "an-dialog", id: "an-box" });
    S.anView = replayView(S.anBox, id, { hand, hands: handsOver(), analyse: true, embedded: true });
    S.overlay = "analysis";
    render();
  }

  // under the score sheet: "Analyse" for every deal that is over, for as long as the table lasts
  function sheetAnalyse() {
    const over = handsOver();
    if (over < 1) return null;
    const buttons = [];
    for (let n = 1; n <= over; n += 1) buttons.push(h("button", { type: "button", class: "sheet-analyse-deal", dataset: { hand: n }, onclick: () => openAnalysis(n) }, `${t("analyse")}: ${word(S.game, "hand", { n })}`));
    return h("div", { class: "sheet-analyse", id: "sheet-analyse" }, buttons);
  }

  function closeAnalysis() {
    if (S.anView) S.anView.destroy();
    S.anView = null;
    S.anBox = null;
  }

  function sheetCtx() {
    return { game: S.game, view: view(), match: S.state.match, seats: S.seats, viewer: S.seat };
  }

  // the end of the match: a panel at the top of the table page, not an overlay (the header stays usable)
  function endPanel() {
    const m = S.state.match;
    if (!m.over) return null;
    return h("section", { class: "panel end-panel", id: "end-screen", role: "status" }, h("h2", {}, t("matchOver")), endScreen(sheetCtx(), id, { rematch: S.rematch, canRematch: S.seat !== null, onRematch: askRematch, onAnalyse: () => openAnalysis(S.state.hand) }));
  }

  function overlay() {
    if (!S.overlay && !S.confirm) return null;
    const close = () => { S.overlay = null; render(); };
    const v = view();
    if (S.overlay === "sheet") return modal(t("sheet"), [dialogTimer(), S.game.sheet(sheetCtx()), sheetAnalyse()], close, null, { wide: true });
    if (S.overlay === "analysis" && S.anBox) return modal(t("anDialog"), [dialogTimer(), S.anBox], close, "analysis-dialog", { wide: true });
    if (S.overlay === "last") {
      const tricks = v.tricks.length ? v.tricks : S.lastTricks || [];
      const last = tricks[tricks.length - 1];
      const body = last
        ? h("div", { class: "last-trick", id: "last-trick" }, last.cards.map(([s, c]) => h("div", { class: "last-card" }, cardNode(c), h("div", { class: "small" }, seatName(S.seats, s, S.seat)))), h("p", {}, t("wonBy", { name: seatName(S.seats, last.winner, S.seat) })))
        : h("p", {}, t("noTrickYet"));
      return modal(t("lastTrick"), [dialogTimer(), body], close);
    }
    if (S.overlay === "invites") {
      const row = (seat, link, label) =>
        h("div", { class: "invite" }, h("span", { title: label }, label), h("input", { readonly: true, value: link, class: "invite-link", dataset: { seat } }), h("button", { type: "button", onclick: (e) => { navigator.clipboard?.writeText(link); e.target.textContent = t("copied"); } }, t("copy")));
      // your own seat's link too: another device, or a browser whose storage was cleared, gets the seat back
      const own = S.seat !== null && S.token ? [h("h3", {}, t("ownLink")), h("p", { class: "muted" }, t("ownLinkHelp")), row(S.seat, `${location.origin}/t/${id}#t=${S.token}`, seatName(S.seats, S.seat, S.seat))] : [];
      const others = store.invites(id).filter((inv) => inv.seat !== S.seat);
      const rows = others.length ? [h("h3", {}, t("inviteOthers")), h("p", { class: "muted" }, t("inviteHelp")), others.map((inv) => row(inv.seat, inv.link, seatName(S.seats, inv.seat, S.seat)))] : [];
      return modal(t("invites"), [dialogTimer(), own, rows], close);
    }
    if (S.confirm) {
      const c = S.confirm;
      const cancel = () => { S.confirm = null; render(); };
      return modal(t("confirmTitle"), [h("p", {}, c.question), h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "confirm-go", onclick: () => { S.confirm = null; act(c.action); } }, t("confirmGo")), h("button", { type: "button", id: "confirm-cancel", onclick: cancel }, t("cancel")))], null, "confirm");
    }
    if (S.overlay === "settings") return modal(t("settings"), [dialogTimer(), settingsPanel(render)], close);
    if (S.overlay === "keys") return modal(t("keysTitle"), [dialogTimer(), keysList()], close, "keys-dialog");
    if (S.overlay === "rules") return modal(t("rulesLink"), [dialogTimer(), rulesPanel(S.gameName, S.config?.preset ?? v.preset)], close);
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
    // a trick completed in an earlier hand is not drawn over this one's bidding: the result
    // banner says how that hand ended and "Last trick" shows it
    const completed = S.completed && S.completed.hand === S.state.hand ? S.completed : null;
    const ctx = { game: S.game, gameName: S.gameName, view: v, match: S.state.match, state: S.state, seats: S.seats, viewer: S.seat === null ? -1 : S.seat, completed, oldTrick: S.oldTrick, online: S.connected };
    // The hand of the player to act is never pushed down or covered: the hand result floats
    // over the felt, the hint sits in the action row, and toasts appear at the top of the screen.
    const hintLine = S.hint ? h("div", { class: "hint-text", id: "hint-text" }, t("hintSays", { action: S.game.actionWords(S.hint.action) }), S.game.hintValues(S.hint.values, S.hint.action)) : null;
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
    if (S.overlay !== "analysis" && S.anView) closeAnalysis(); // closed (also by the ticker, before your time runs out)
    // an open dialog is drawn anew with the table (bots play on behind it): it keeps its place
    const scrolled = S.overlay ? root.querySelector(".overlay > .modal")?.scrollTop || 0 : 0;
    const tablePage = h("div", { class: "table-page", dataset: { version: S.state.version, phase: v.phase, hand: S.state.hand, turn: myTurn() ? "me" : "other", pending: S.pending || S.checking || S.discardQueue.length ? "1" : "0", online: S.connected ? "1" : "0" } }, topbar(), endPanel(), guided ? guidePanel({ id, game: S.gameName, view: v, hand: S.state.hand, seat: S.seat, seats: S.seats, myTurn: myTurn(), redraw: render }) : null, felt, mine, chatPanel({ messages: S.chat, seats: S.seats, viewer: S.seat, say: (phrase) => send({ type: "chat", phrase, id: ++S.ref }), redraw: render }), eventLog(), overlay());
    const focused = focusKey();
    root.replaceChildren(tablePage);
    restoreFocus(focused);
    if (scrolled) {
      const dialog = root.querySelector(".overlay > .modal");
      if (dialog) dialog.scrollTop = scrolled;
    }
    fitTable(tablePage);
    S.oldTrick = v.trick.length ? v.trick : S.completed ? S.completed.cards : []; // animate each card once
  }

  const onResize = () => fitTable(root.querySelector(".table-page"));
  window.addEventListener("resize", onResize);
  page = { render, destroy() { S.closed = true; closeAnalysis(); clearInterval(ticker); window.removeEventListener("resize", onResize); document.removeEventListener("keydown", onKey); if (S.ws) S.ws.close(); } };
  render();
  connect();
}

// The live region a screen reader reads out (polite: after what it is saying): the newest lines at the end.
function announce(lines) {
  if (!lines.length) return;
  let box = document.getElementById("announce");
  if (!box) {
    box = h("div", { id: "announce", class: "sr-only", role: "log", "aria-live": "polite" });
    document.body.append(box);
  }
  // a suit's symbol beside its name ("\u2660 spades") is read as "spade suit spades": the name is enough
  box.append(h("p", {}, lines.join(". ").replace(/[\u2665\u2666\u2663\u2660]\uFE0F? ?(?=\p{L})/gu, "")));
  while (box.childElementCount > 20) box.firstElementChild.remove();
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
// load follows, so the table page is built again here with the new token.
window.addEventListener("hashchange", () => {
  if (!location.pathname.startsWith("/t/") || !new URLSearchParams(location.hash.slice(1)).get("t")) return;
  if (page) page.destroy();
  route();
});

function route() {
  markLang();
  const path = location.pathname;
  if (path.startsWith("/t/")) tablePage(decodeURIComponent(path.slice(3)));
  else if (path.startsWith("/r/")) page = replayPage(decodeURIComponent(path.slice(3)));
  else if (path.startsWith("/p/")) page = profilePage(decodeURIComponent(path.slice(3)));
  else if (path === "/account") page = accountPage();
  else if (path === "/leaderboard") page = leaderboardPage(gameOptions);
  else page = lobbyPage({ GAMES, gameOf, gameOptions });
}

route();
