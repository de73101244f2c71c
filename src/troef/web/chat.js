// The table's chat: a few fixed phrases (the server's CHAT_PHRASES), no free text. A seat sends a
// phrase's code; every client shows it in its own language with the sender's name (docs/protocol.md, chat).

import { addTexts, t } from "./i18n.js";
import { h, seatName } from "./dom.js";

// The codes the server accepts, in the order the buttons show them.
export const PHRASES = ["hello", "good_luck", "have_fun", "well_played", "thanks", "sorry", "oops", "one_more", "bye"];
// Messages kept on screen.
const KEEP = 6;

addTexts({
  en: {
    chat: "Chat", chatSay: "Say something", chatNone: "Nothing said yet.", chatSaid: "{name}: {phrase}",
    chat_hello: "Hello!", chat_good_luck: "Good luck!", chat_have_fun: "Have fun!", chat_well_played: "Well played!",
    chat_thanks: "Thanks!", chat_sorry: "Sorry!", chat_oops: "Oops!", chat_one_more: "One more game?", chat_bye: "Bye!",
    err_bad_phrase: "no such chat phrase", err_chat_limited: "too many chat messages: wait a moment",
  },
  nl: {
    chat: "Chat", chatSay: "Zeg iets", chatNone: "Nog niets gezegd.", chatSaid: "{name}: {phrase}",
    chat_hello: "Hallo!", chat_good_luck: "Succes!", chat_have_fun: "Veel plezier!", chat_well_played: "Goed gespeeld!",
    chat_thanks: "Bedankt!", chat_sorry: "Sorry!", chat_oops: "Oeps!", chat_one_more: "Nog een potje?", chat_bye: "Doei!",
    err_bad_phrase: "die chatzin bestaat niet", err_chat_limited: "te veel chatberichten: wacht even",
  },
  de: {
    chat: "Chat", chatSay: "Etwas sagen", chatNone: "Noch nichts gesagt.", chatSaid: "{name}: {phrase}",
    chat_hello: "Hallo!", chat_good_luck: "Viel Glück!", chat_have_fun: "Viel Spaß!", chat_well_played: "Gut gespielt!",
    chat_thanks: "Danke!", chat_sorry: "Entschuldigung!", chat_oops: "Hoppla!", chat_one_more: "Noch eine Runde?", chat_bye: "Tschüss!",
    err_bad_phrase: "diesen Chat-Satz gibt es nicht", err_chat_limited: "zu viele Chat-Nachrichten: warte kurz",
  },
});

// A chat message from the server added to the ones kept (codes this client does not know are dropped).
export function chatReceived(messages, msg) {
  if (!PHRASES.includes(msg.phrase) || typeof msg.seat !== "number") return messages;
  return [...messages, { seat: msg.seat, phrase: msg.phrase }].slice(-KEEP);
}

// A message in the page's language (also what the screen reader is told).
export function chatLine(seats, viewer, m) {
  return t("chatSaid", { name: seatName(seats, m.seat, viewer), phrase: t(`chat_${m.phrase}`) });
}

// Whether the phrase buttons are shown; kept while the table is drawn again for each state.
let open = false;

// The chat box below the hand: the last messages and, for a seat, the phrases to say.
// c: { messages, seats, viewer (seat or null), say(code), redraw() }
export function chatPanel(c) {
  const said = c.messages.length
    ? h("ul", { class: "chat-lines", id: "chat-lines", "aria-live": "off" }, c.messages.map((m) => h("li", { class: m.seat === c.viewer ? "mine" : "", dataset: { seat: m.seat, phrase: m.phrase } }, chatLine(c.seats, c.viewer, m))))
    : h("p", { class: "muted small", id: "chat-lines" }, t("chatNone"));
  const parts = [said];
  if (c.viewer !== null) {
    parts.unshift(h("button", { type: "button", id: "chat-toggle", "aria-expanded": open ? "true" : "false", onclick: () => { open = !open; c.redraw(); } }, t("chatSay")));
    if (open) {
      parts.splice(1, 0, h("div", { class: "chat-phrases", id: "chat-phrases", role: "group", "aria-label": t("chatSay") }, PHRASES.map((p) => h("button", { type: "button", dataset: { phrase: p }, onclick: () => { open = false; c.say(p); } }, t(`chat_${p}`)))));
    }
  }
  return h("section", { class: "chat", id: "chat", "aria-label": t("chat") }, parts);
}
