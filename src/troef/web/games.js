// The browser tables of the games, by the server's game name: each module is the part of the table
// particular to its game (the interface is described at the top of app.js). The server lists them
// (GET /api/games, each game's "web": the address of its module, which the game names in its own
// package); a game without one has no table in the browser and is not offered in the lobby.

import { getLang, t } from "./i18n.js";

export const GAMES = {};
export const listed = await fetch("/api/games").then((r) => (r.ok ? r.json() : { games: {} }));
await Promise.all(
  Object.entries(listed.games).map(async ([name, options]) => {
    if (options.web) GAMES[name] = await import(options.web);
  }),
);

// A game the browser has no part for fails loudly (never another game's table in its place).
export function gameOf(name) {
  const part = GAMES[name];
  if (!part) throw new Error(`the browser table has no part for the game ${JSON.stringify(name)}`);
  return part;
}

// A text in a game's own words: a module's WORDS maps the frame's keys (hand, phase_done, captionDeal)
// to its own, so that each game names its deal from its own catalogue (klaverjassen "spel", Binokel
// "Runde"), never Bonaken's "gift".
export function word(game, key, vars = {}) {
  return t((game.WORDS && game.WORDS[key]) || key, vars);
}

// A game's label for a preset, a computer player or a switch ("preset_<name>", "level_<kind>",
// "switch_<name>") in the page's language, from its own catalogue (GET /api/games: "labels"), else
// the page's catalogue (i18n.js), else the name itself.
export function label(game, key) {
  const labels = listed.games[game]?.labels;
  const own = labels && (labels[getLang()]?.[key] ?? labels.en?.[key]);
  if (own) return own;
  const shared = t(key);
  return shared === key ? key.slice(key.indexOf("_") + 1) : shared;
}
