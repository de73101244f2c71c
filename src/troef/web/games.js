// The browser tables of the games, by the server's game name: each module is the part of the table
// particular to its game (the interface is described at the top of app.js).

import * as bonaken from "./bonaken.js";
import * as klaverjas from "./klaverjas.js";
import * as binokel from "./binokel.js";

export const GAMES = { bonaken, klaverjas, binokel };

export function gameOf(name) {
  return GAMES[name] || bonaken;
}
