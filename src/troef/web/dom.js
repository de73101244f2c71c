// Small helpers shared by the frame (app.js) and the game modules (bonaken.js, klaverjas.js, ...).

import { t, errorMessage } from "./i18n.js";

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

// ---------------------------------------------------------------- server, messages, this browser's seats
export async function api(path, options = {}) {
  const res = await fetch(path, { ...options, headers: { "content-type": "application/json", ...(options.headers || {}) } });
  let data = {};
  try {
    data = await res.json();
  } catch (e) {
    data = {};
  }
  if (!res.ok) {
    const err = new Error(data.error ? data.error.message : res.statusText);
    err.code = data.error ? data.error.code : "";
    throw err;
  }
  return data;
}

// A server error in the UI's language: by its code where there is a text for it, else its message.
export function errorText(err) {
  return errorMessage(err.message || "", err.code || "");
}

export function toast(text, kind = "info") {
  // at the top of the screen, under the header: never over the hand
  const box = document.getElementById("toasts");
  const node = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(node);
  setTimeout(() => node.remove(), kind === "error" ? 5000 : 3500);
}

export const store = {
  token: (id) => localStorage.getItem(`troef.seat.${id}`),
  setToken: (id, token) => localStorage.setItem(`troef.seat.${id}`, token),
  dropToken: (id) => localStorage.removeItem(`troef.seat.${id}`),
  invites: (id) => JSON.parse(localStorage.getItem(`troef.invites.${id}`) || "[]"),
  setInvites: (id, list) => localStorage.setItem(`troef.invites.${id}`, JSON.stringify(list)),
};

