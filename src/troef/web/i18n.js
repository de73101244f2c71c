// Dutch and English texts of the browser UI.

const TEXTS = {
  en: {
    lobby: "Lobby", newTable: "New table", game: "Game", rules: "Rules", players: "Players",
    variants: "Variants", seed: "Seed (optional: the same seed deals the same cards)", seats: "Seats",
    seat: "Seat {n}", me: "Me", invite: "Invite a friend (link)", openSeat: "Open seat (anyone from the lobby)",
    bot: "Computer: {level}", name: "Name", create: "Create table", openTables: "Open tables",
    liveTables: "Playing now", finishedMatches: "Finished matches", watch: "Watch", takeSeat: "Take seat {n}",
    replay: "Replay", download: "Record (JSON)", none: "none", lobbyLink: "Lobby", refresh: "Refresh",
    preset_nk: "NK (Stichting Bonaken Nederland)", preset_pagat: "Pagat (Hazerswoude-Rijndijk)",
    preset_hazerswoude: "Hazerswoude (Leuke kaartspelen)",
    sw_min_bid: "Lowest number bid", sw_misere: "Misère", sw_zwabber: "Zwabber", sw_bonaak_with_roem: "Bonaak with roem",
    sw_misere_trump: "A lone misère player names trump", sw_undertrump: "Undertrumping",
    sw_overtrump_on_trump_lead: "Must overtrump on a trump lead", sw_stop_when_decided: "Stop a hand once it is decided",
    sw_roem_in_tricks: "Roem in won tricks counts",
    val_none: "no", val_single: "yes", val_allowed: "always allowed", val_unless_forced: "only when forced",
    val_unless_only_trumps: "only with nothing but trumps",
    level_random: "random", level_heuristic: "heuristic", level_pimc: "pimc (strong)",
    level_beginner: "beginner", level_club: "club player", level_strong: "strong",
    phase_bidding: "Bidding", phase_exchange: "Exchange", phase_trump: "Naming trump", phase_roem: "Roem",
    phase_play: "Play", phase_done: "Hand over",
    hand: "Hand {n}", contract: "Contract", trump: "Trump", declarer: "Declarer", dealer: "Dealer",
    yourTurn: "Your turn", waitingFor: "Waiting for {name}", spectating: "You are watching",
    youAreOut: "You are out of this hand", pass: "Pass", bid: "Bid", misere: "Misère", zwabber: "Zwabber",
    bonaak: "Bonaak", openBonaak: "Open bonaak", withRoem: "{bid} with {n} roem", six: "{bid} (six-card sequence)",
    layAway: "Lay away {n} card(s): click them", passOn: "Pass on {n} card(s) to the next misère player: click them",
    nameTrump: "Name trump", orLead: "or lead a card: its suit becomes trump", declareRoem: "Declare your roem",
    noRoem: "No roem", roemN: "{n} roem", stuk: "Stuk!", hint: "Hint", hintFrom: "Hint from the {bot} computer player{extra}: {action}",
    hintNoSolver: " (no solver hints yet)", lastTrick: "Last trick", sheet: "Score sheet", invites: "Invite links",
    copy: "Copy", copied: "Copied", close: "Close", wonBy: "won by {name}", noTrickYet: "No trick played yet",
    centre: "Centre", tricks: "tricks", points: "points", you: "you", cards: "cards",
    status_suf: "suf", status_krom: "krom", status_recht: "recht", status_wip: "wip", status_eruit: "eruit", status_erin: "erin",
    reason_made: "made it", reason_short: "fell short", reason_all_tricks: "took every trick",
    reason_lost_a_trick: "lost a trick", reason_no_trick: "took no trick", reason_took_a_trick: "took a trick",
    reason_roem_short: "roem short", reason_no_trump_misere: "led without naming trump", reason_false_roem: "false roem",
    handResult: "Hand {n}: {contract} by {names}", allPassed: "Hand {n}: everybody passed, new deal",
    cardPoints: "{n} card points", roemCounted: "{n} roem",
    matchOver: "Match over", buysRound: "{names} buys the round!", buyRound: "{names} buy the round!",
    standing: "Standing", tablePoints: "Table points", status: "Status", plus: "+", minus: "\u2212",
    ev_pass: "{name} passes", ev_bid: "{name} bids {bid}", ev_discard: "{name} lays away a card",
    ev_discard_own: "{name} lays away {card}", ev_trump: "{name}: {suit} is trump", ev_roem: "{name} declares {n} roem",
    ev_stuk: "{name}: stuk!", ev_play: "{name} plays {card}",
    notAllowed: "Not allowed: {msg}", connLost: "Connection lost; reconnecting\u2026", unknownTable: "There is no such table.",
    badToken: "This invite link is not valid (any more). You can watch instead.", watchInstead: "Watch",
    step: "Step {i} of {n}", perspective: "Seen by", spectatorView: "the public (spectator)", mySeat: "my seat ({name})",
    loading: "Loading\u2026", hands: "Hands", created: "Created", result: "Result", replayOf: "Replay of table {id}",
    inviteHelp: "Send each friend their own link: whoever has a link plays that seat.",
    newHand: "New hand", language: "Language", seatsTaken: "seats", open: "open",
  },
  nl: {
    lobby: "Lobby", newTable: "Nieuwe tafel", game: "Spel", rules: "Regels", players: "Spelers",
    variants: "Varianten", seed: "Seed (optioneel: dezelfde seed deelt dezelfde kaarten)", seats: "Plaatsen",
    seat: "Plaats {n}", me: "Ik", invite: "Vriend uitnodigen (link)", openSeat: "Open plaats (iedereen uit de lobby)",
    bot: "Computer: {level}", name: "Naam", create: "Tafel maken", openTables: "Open tafels",
    liveTables: "Nu aan het spelen", finishedMatches: "Gespeelde partijen", watch: "Kijken", takeSeat: "Neem plaats {n}",
    replay: "Terugkijken", download: "Verslag (JSON)", none: "geen", lobbyLink: "Lobby", refresh: "Vernieuwen",
    preset_nk: "NK (Stichting Bonaken Nederland)", preset_pagat: "Pagat (Hazerswoude-Rijndijk)",
    preset_hazerswoude: "Hazerswoude (Leuke kaartspelen)",
    sw_min_bid: "Laagste bod", sw_misere: "Misère", sw_zwabber: "Zwabber", sw_bonaak_with_roem: "Bonaak met roem",
    sw_misere_trump: "Een enkele misèrespeler maakt troef", sw_undertrump: "Ondertroeven",
    sw_overtrump_on_trump_lead: "Overtroeven verplicht als troef gevraagd is", sw_stop_when_decided: "Gift stopt zodra de uitslag vaststaat",
    sw_roem_in_tricks: "Roem in gewonnen slagen telt",
    val_none: "nee", val_single: "ja", val_allowed: "altijd toegestaan", val_unless_forced: "alleen als het moet",
    val_unless_only_trumps: "alleen met alleen nog troeven",
    level_random: "willekeurig", level_heuristic: "heuristisch", level_pimc: "pimc (sterk)",
    level_beginner: "beginner", level_club: "clubspeler", level_strong: "sterk",
    phase_bidding: "Bieden", phase_exchange: "Ruilen", phase_trump: "Troef maken", phase_roem: "Roem melden",
    phase_play: "Spelen", phase_done: "Gift voorbij",
    hand: "Gift {n}", contract: "Bod", trump: "Troef", declarer: "Speler", dealer: "Deler",
    yourTurn: "Jij bent aan de beurt", waitingFor: "Wachten op {name}", spectating: "Je kijkt mee",
    youAreOut: "Je speelt deze gift niet mee", pass: "Pas", bid: "Bied", misere: "Misère", zwabber: "Zwabber",
    bonaak: "Bonaak", openBonaak: "Open bonaak", withRoem: "{bid} met {n} roem", six: "{bid} (zesreeks)",
    layAway: "Leg {n} kaart(en) weg: klik erop", passOn: "Geef {n} kaart(en) door aan de volgende misèrespeler: klik erop",
    nameTrump: "Maak troef", orLead: "of kom direct uit: die kleur wordt troef", declareRoem: "Meld je roem",
    noRoem: "Geen roem", roemN: "{n} roem", stuk: "Stuk!", hint: "Tip", hintFrom: "Tip van de computerspeler ({bot}){extra}: {action}",
    hintNoSolver: " (nog geen solver-tips)", lastTrick: "Laatste slag", sheet: "Scoreformulier", invites: "Uitnodigingen",
    copy: "Kopieer", copied: "Gekopieerd", close: "Sluiten", wonBy: "voor {name}", noTrickYet: "Nog geen slag gespeeld",
    centre: "Midden", tricks: "slagen", points: "punten", you: "jij", cards: "kaarten",
    status_suf: "suf", status_krom: "krom", status_recht: "recht", status_wip: "wip", status_eruit: "eruit", status_erin: "erin",
    reason_made: "gehaald", reason_short: "niet gehaald", reason_all_tricks: "alle slagen",
    reason_lost_a_trick: "een slag verloren", reason_no_trick: "geen slag", reason_took_a_trick: "een slag gehaald",
    reason_roem_short: "roem niet gehaald", reason_no_trump_misere: "uitgekomen zonder troef te maken", reason_false_roem: "valse roem",
    handResult: "Gift {n}: {contract} door {names}", allPassed: "Gift {n}: iedereen past, opnieuw delen",
    cardPoints: "{n} kaartpunten", roemCounted: "{n} roem",
    matchOver: "Partij voorbij", buysRound: "{names} betaalt het rondje!", buyRound: "{names} betalen het rondje!",
    standing: "Stand", tablePoints: "Tafelpunten", status: "Status", plus: "+", minus: "\u2212",
    ev_pass: "{name} past", ev_bid: "{name} biedt {bid}", ev_discard: "{name} legt een kaart weg",
    ev_discard_own: "{name} legt {card} weg", ev_trump: "{name}: {suit} is troef", ev_roem: "{name} meldt {n} roem",
    ev_stuk: "{name}: stuk!", ev_play: "{name} speelt {card}",
    notAllowed: "Niet toegestaan: {msg}", connLost: "Verbinding verbroken; opnieuw verbinden\u2026", unknownTable: "Deze tafel bestaat niet.",
    badToken: "Deze uitnodiging is niet (meer) geldig. Je kunt wel meekijken.", watchInstead: "Kijken",
    step: "Stap {i} van {n}", perspective: "Gezien door", spectatorView: "het publiek (toeschouwer)", mySeat: "mijn plaats ({name})",
    loading: "Laden\u2026", hands: "Giften", created: "Gemaakt", result: "Uitslag", replayOf: "Tafel {id} terugkijken",
    inviteHelp: "Stuur elke vriend zijn eigen link: wie een link heeft, speelt die plaats.",
    newHand: "Nieuwe gift", language: "Taal", seatsTaken: "plaatsen", open: "open",
  },
};

// Server messages are in English; the common ones are translated here.
const REASONS_NL = [
  [/^it is not your turn$/, "je bent niet aan de beurt"],
  [/^you must follow (\w+) \(or play a trump\)$/, (m) => `je moet ${SUIT_NL[m[1]] || m[1]} bekennen (of troeven)`],
  [/^you must follow (\w+)$/, (m) => `je moet ${SUIT_NL[m[1]] || m[1]} bekennen`],
  [/^you must play a trump.*$/, "je moet troef bekennen"],
  [/^you must play a higher trump$/, "je moet overtroeven"],
  [/^you may not undertrump$/, "je mag niet ondertroeven"],
  [/^you do not hold (.+)$/, (m) => `je hebt ${m[1]} niet`],
  [/^the match is over$/, "de partij is voorbij"],
  [/^it is time to play a card$/, "speel een kaart"],
  [/^it is time to bid or pass$/, "bied of pas"],
  [/^the table has moved on.*$/, "de tafel is al verder; kijk opnieuw"],
  [/^spectators cannot act$/, "toeschouwers spelen niet mee"],
  [/^too many messages: slow down$/, "te veel berichten: rustig aan"],
];
const SUIT_NL = { hearts: "harten", diamonds: "ruiten", clubs: "klaveren", spades: "schoppen" };

let lang = localStorage.getItem("troef.lang") || ((navigator.language || "en").toLowerCase().startsWith("nl") ? "nl" : "en");

export function getLang() {
  return lang;
}

export function setLang(value) {
  lang = TEXTS[value] ? value : "en";
  localStorage.setItem("troef.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, vars = {}) {
  const table = TEXTS[lang] || TEXTS.en;
  let text = table[key] ?? TEXTS.en[key] ?? key;
  for (const [k, v] of Object.entries(vars)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

export function translateReason(message) {
  if (lang !== "nl") return message;
  for (const [pattern, out] of REASONS_NL) {
    const m = message.match(pattern);
    if (m) return typeof out === "function" ? out(m) : out;
  }
  return message;
}

setLang(lang);
