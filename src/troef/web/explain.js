// The score sheet explains itself: a line under each row saying why it scored what it did, built from the
// public score sheet only (the match data of every state). Klaverjas: the kraak multiplier, nat and pit
// (Kraken 3.1 and 3.3); Binokel: a side without trick points loses its meld, an overbid costs the bid
// ("Punktewertung"); Bonaken: whether each declarer made the contract and the mark it gave.

import { addTexts, t } from "./i18n.js";
import { h, seatName } from "./dom.js";

addTexts({
  en: {
    whyPlus: "a plus", whyMinus: "a minus", whyPoints: "{mark} points",
    why: "Why", whyFactor: "Card points \u00D7{n}: {why}.", whyKraak: "kraak \u00D72", whyRekraak: "rekraak \u00D74", whySuperkraak: "superkraak \u00D78", whySpades: "spades \u00D72",
    whyKjMade: "{side} had to take more than half of the points and did: made.",
    whyKjNat: "{side} had to take more than half of the points and did not: nat, the other side scores all card points.",
    whyKjPit: "{side} took every trick: pit, 100 extra.",
    whyCrosses: "{n} {n|cross|crosses} for {side}.",
    whyBkMade: "{side} bid {bid} and reached it ({meld} meld + {tricks} in tricks): everything counts.",
    whyBkLost: "{side} bid {bid} and reached only {sum}: overbid, minus {bid}.",
    whyBkNoTricks: "{side} took no trick points: its meld of {meld} counts nothing.",
    whyBkConceded: "{side} gave up the bid of {bid}: minus {bid}; the other side scores its meld.",
    whyBoMade: "{name} played {contract} and made it: {mark}.", whyBoLost: "{name} played {contract} and lost it: {mark}.",
    whyBoFalse: "{name} declared roem that was not there: erin at once.", whyBoOther: "{name} gets the opposite mark (two players): {mark}.",
  },
  nl: {
    whyPlus: "een plus", whyMinus: "een min", whyPoints: "{mark} punten",
    why: "Waarom", whyFactor: "Kaartpunten \u00D7{n}: {why}.", whyKraak: "kraak \u00D72", whyRekraak: "rekraak \u00D74", whySuperkraak: "superkraak \u00D78", whySpades: "schoppen \u00D72",
    whyKjMade: "{side} moesten meer dan de helft van de punten halen en deden dat: gehaald.",
    whyKjNat: "{side} moesten meer dan de helft van de punten halen en deden dat niet: nat, de tegenpartij krijgt alle kaartpunten.",
    whyKjPit: "{side} haalden alle slagen: pit, 100 extra.",
    whyCrosses: "{n} {n|kruis|kruisen} voor {side}.",
    whyBkMade: "{side} boden {bid} en haalden het ({meld} roem + {tricks} in slagen): alles telt.",
    whyBkLost: "{side} boden {bid} en haalden maar {sum}: overboden, min {bid}.",
    whyBkNoTricks: "{side} haalden geen slagpunten: hun roem van {meld} telt niet.",
    whyBkConceded: "{side} gaven het bod van {bid} op: min {bid}; de tegenpartij schrijft haar roem.",
    whyBoMade: "{name} speelde {contract} en haalde het: {mark}.", whyBoLost: "{name} speelde {contract} en ging eraf: {mark}.",
    whyBoFalse: "{name} meldde roem die er niet was: meteen erin.", whyBoOther: "{name} krijgt het omgekeerde teken (twee spelers): {mark}.",
  },
  de: {
    whyPlus: "ein Plus", whyMinus: "ein Minus", whyPoints: "{mark} Punkte",
    why: "Warum", whyFactor: "Kartenpunkte \u00D7{n}: {why}.", whyKraak: "Kraak \u00D72", whyRekraak: "Rekraak \u00D74", whySuperkraak: "Superkraak \u00D78", whySpades: "Pik \u00D72",
    whyKjMade: "{side} mussten mehr als die H\u00E4lfte der Punkte bekommen und schafften es: geschafft.",
    whyKjNat: "{side} mussten mehr als die H\u00E4lfte der Punkte bekommen und schafften es nicht: nat, die Gegenpartei bekommt alle Kartenpunkte.",
    whyKjPit: "{side} bekamen alle Stiche: Pit, 100 extra.",
    whyCrosses: "{n} {n|Kreuz|Kreuze} f\u00FCr {side}.",
    whyBkMade: "{side} reizten {bid} und schafften es ({meld} gemeldet + {tricks} aus Stichen): alles z\u00E4hlt.",
    whyBkLost: "{side} reizten {bid} und schafften nur {sum}: \u00FCberreizt, minus {bid}.",
    whyBkNoTricks: "{side} bekamen keine Stichpunkte: ihre Meldung von {meld} z\u00E4hlt nichts.",
    whyBkConceded: "{side} gaben das Gebot von {bid} auf: minus {bid}; die Gegenpartei schreibt ihre Meldung.",
    whyBoMade: "{name} spielte {contract} und schaffte es: {mark}.", whyBoLost: "{name} spielte {contract} und verlor: {mark}.",
    whyBoFalse: "{name} meldete Roem, die es nicht gab: sofort erin.", whyBoOther: "{name} bekommt das umgekehrte Zeichen (zwei Spieler): {mark}.",
  },
});

function pair(seats, side, viewer) {
  return `${seatName(seats, side, viewer)} & ${seatName(seats, side + 2, viewer)}`;
}

// A row of the sheet holding a row's explanation, across all its columns.
export function whyRow(lines, columns, row) {
  if (!lines.length) return null;
  return h("tr", { class: "why", dataset: { row } }, h("td", { colspan: columns }, h("span", { class: "sr-only" }, `${t("why")}: `), lines.join(" ")));
}

// Klaverjas: the multiplier (Kraken 3.3: kraak, rekraak, superkraak double the card points each, spades once
// more), whether the side that had to take more than half (the last to speak in the kraak chain, Kraken 3.1)
// did, went nat, or whether a side took every trick, and the deal's crosses.
export function klaverjasWhy(r, m, seats, viewer) {
  const lines = [];
  const plays = pair(seats, r.playing_side, viewer);
  if (m.scoring === "kraken") {
    const why = [];
    if (r.kraak !== "none") why.push(t({ kraak: "whyKraak", rekraak: "whyRekraak", superkraak: "whySuperkraak" }[r.kraak]));
    if (r.trump === "s") why.push(t("whySpades"));
    const factor = (r.kraak === "kraak" ? 2 : r.kraak === "rekraak" ? 4 : r.kraak === "superkraak" ? 8 : 1) * (r.trump === "s" ? 2 : 1);
    if (factor > 1) lines.push(t("whyFactor", { n: factor, why: why.join(", ") }));
  }
  if (r.pit >= 0) lines.push(t("whyKjPit", { side: pair(seats, r.pit, viewer) }));
  else lines.push(t(r.nat ? "whyKjNat" : "whyKjMade", { side: plays }));
  if (r.deal_crosses) for (const side of [0, 1]) if (r.deal_crosses[side]) lines.push(t("whyCrosses", { side: pair(seats, side, viewer), n: r.deal_crosses[side] }));
  return lines;
}

// Binokel ("Punktewertung"): a side that took no trick points scores nothing, its meld included; the bidding
// side scores only when meld and trick points reach its bid, and loses the bid otherwise.
export function binokelWhy(r, seats, viewer, sideNames) {
  const lines = [];
  const bidder = sideNames(seats, r.side, viewer);
  if (r.conceded) return [t("whyBkConceded", { side: bidder, bid: r.bid })];
  for (const side of [r.side, 1 - r.side]) {
    if (r.tricks[side] === 0 && r.meld[side] > 0) lines.push(t("whyBkNoTricks", { side: sideNames(seats, side, viewer), meld: r.meld[side] }));
  }
  const sum = r.tricks[r.side] > 0 ? r.meld[r.side] + r.tricks[r.side] : 0;
  lines.unshift(r.made ? t("whyBkMade", { side: bidder, bid: r.bid, meld: r.meld[r.side], tricks: r.tricks[r.side] }) : t("whyBkLost", { side: bidder, bid: r.bid, sum }));
  return lines;
}

function markWords(mark) {
  return mark === "+" ? t("whyPlus") : mark === "-" ? t("whyMinus") : t("whyPoints", { mark });
}

// Bonaken: each declarer's contract and the mark it gave (nk rules 52-53, 66; hazerswoude 2.6 for the
// opposite mark of the other player of a two-player hand).
export function bonakenWhy(r, seats, viewer, contractLabel) {
  const lines = [];
  for (const [key, mark] of Object.entries(r.marks)) {
    const seat = Number(key);
    const name = seatName(seats, seat, viewer);
    if (mark.startsWith("erin")) lines.push(t("whyBoFalse", { name }));
    else if (!r.declarers.includes(seat)) lines.push(t("whyBoOther", { name, mark }));
    else {
      // "+" (plus/minus marks) or a negative number (points counted down) is a contract made
      const made = mark === "+" || (/^[+-]\d+$/.test(mark) && Number(mark) < 0);
      lines.push(t(made ? "whyBoMade" : "whyBoLost", { name, contract: contractLabel(r.contract), mark: markWords(mark) }));
    }
  }
  return lines;
}
