// The browser tables of the games, by the server's game name: each module is the part of the table
// particular to its game (the interface is described at the top of app.js). The server lists them
// (GET /api/games, each game's "web": the address of its module, which the game names in its own
// package); a game without one has no table in the browser and is not offered in the lobby.

import { t } from "./i18n.js";

export const GAMES = {};
const listed = await fetch("/api/games").then((r) => (r.ok ? r.json() : { games: {} }));
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
