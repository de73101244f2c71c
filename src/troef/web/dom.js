// Small helpers shared by the frame (app.js) and the game modules (bonaken.js, klaverjas.js, ...).

import { t } from "./i18n.js";

// h("div", { class: "x", onclick: f }, child, "text", [more]) -> an element.
export function h(tag, attrs = {}, ...children) {
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

// The server names seats nobody named "seat 3" or "computer 2" (in English): said in the UI's language.
export function displayName(name) {
  const m = /^(seat|computer) (\d+)$/.exec(name || "");
  if (!m) return name;
  return m[1] === "seat" ? t("seat", { n: m[2] }) : t("computerN", { n: m[2] });
}

export function seatName(seats, seat, viewer) {
  const info = seats.find((s) => s.seat === seat);
  const name = info ? displayName(info.name) : `${seat + 1}`;
  return seat === viewer ? `${name} (${t("you")})` : name;
}
