// Settings kept in this browser (localStorage "troef.set.<key>"): animation speed (a factor on every
// animation's time), sound on your turn, playing a forced last card by itself, card size, the deck's colours
// (two: hearts and diamonds red; four: each suit its own colour) and whether a card is played only after a
// second click or Enter (a first click picks it). The table page, the replay page and the card drawings
// (cards.js) read them here; felt.js draws the panel that changes them.

import { t } from "./i18n.js";
import { h } from "./dom.js";

const SETTINGS = {
  anim: { values: [0.5, 1, 2], def: 1 },
  sound: { values: [true, false], def: true },
  autoplay: { values: [false, true], def: false },
  cards: { values: [0.85, 1, 1.2], def: 1 },
  deck: { values: ["two", "four"], def: "two" },
  confirmPlay: { values: [false, true], def: false },
};

export const settings = {
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

export function applySettings() {
  const root = document.documentElement;
  root.style.setProperty("--anim", String(settings.get("anim")));
  root.style.setProperty("--card-scale", String(settings.get("cards")));
  root.classList.toggle("four-colour", settings.get("deck") === "four");
}

export function settingsPanel(onChange) {
  const row = (key, labels) =>
    h("label", { class: "setting" }, t(`set_${key}`), " ", h("select", { id: `set-${key}`, onchange: (e) => { settings.set(key, SETTINGS[key].values[Number(e.target.value)]); onChange(); } }, SETTINGS[key].values.map((v, i) => h("option", { value: i, selected: v === settings.get(key) }, labels[i]))));
  return h(
    "div",
    { class: "settings", id: "settings" },
    row("anim", [t("fast"), t("normal"), t("slow")]),
    row("sound", [t("on"), t("off")]),
    row("autoplay", [t("off"), t("on")]),
    row("cards", [t("small"), t("normal"), t("large")]),
    row("deck", [t("deckTwo"), t("deckFour")]),
    row("confirmPlay", [t("off"), t("on")]),
    h("p", { class: "muted small" }, t("settingsHelp")),
    h("p", { class: "small", id: "keys-help" }, t("keysHelp")),
  );
}
