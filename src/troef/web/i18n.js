// Dutch and English texts of the browser UI.

const TEXTS = {
  en: {
    lobby: "Lobby", newTable: "New table", game: "Game", rules: "Rules", players: "Players",
    variants: "Variants",
    practice: "Practice", practiceWhy: "Dealt from a seed chosen by whoever made the table: they may know every card.", seats: "Seats",
    seat: "Seat {n}", me: "Me", invite: "Invite a friend (link)", openSeat: "Open seat (anyone from the lobby)",
    bot: "Computer ({level})", name: "Name", create: "Create table", openTables: "Open tables",
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
    hintNoSolver: " (no solver hints yet)", lastTrick: "Last trick", sheet: "Score sheet",
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
    // issue 18
    computerN: "Computer {n}", dealerChip: "dealer", standinShort: "computer plays for now",
    dot_on: "online", dot_off: "away", dot_unknown: "unknown: you are offline",
    trickOne: "{n} trick", trickMany: "{n} tricks", trickN: "Trick {n}", moves: "Moves ({n})",
    notConnected: "Not connected: your move was not sent. Reconnecting\u2026",
    hintSays: "Tip from the computer player: {action}",
    w_play: "play {card}", w_discard: "lay away {card}", w_trump: "make {suit} trump", w_roem: "declare {n} roem", w_bid: "bid {bid}",
    rulesLink: "Rules", invites: "Seat links", ownLink: "Your own seat", ownLinkHelp: "Open this link on another device (or after clearing this browser) to get your seat back. Keep it to yourself.",
    inviteOthers: "Other players", timeLeft: "{n} s left", standinMine: "A computer player is playing your seat.",
    reclaim: "Take back my seat", replaceTitle: "Replace an absent player", replaceByBot: "Let a computer play",
    nobodyAway: "Everybody is here.", winnerIs: "{names} wins!", winnersAre: "{names} win!",
    rematch: "Play again with the same players", toRematch: "To the new match",
    settings: "Settings", set_anim: "Animation", set_sound: "Sound on your turn", set_autoplay: "Play a forced last card by itself",
    set_cards: "Card size", fast: "fast", normal: "normal", slow: "slow", on: "on", off: "off", small: "small", large: "large",
    settingsHelp: "Kept in this browser.", first: "First step", previous: "Previous step", next: "Next step", last: "Last step",
    play: "Play", pause: "Pause", openView: "open cards (all hands)", captionDeal: "Hand {n} is dealt",
    seed: "Seed (for testers: the same seed deals the same cards, and the table is marked as a practice table)", turnTimer: "Turn timer",
    turnTimerHelp: "When a player's time runs out, a computer player takes the seat until its owner takes it back.",
    seconds: "{n} s", yourName: "Your name (for open seats)",
    err_unknown_table: "There is no such table.", err_bad_token: "This seat link is not valid (any more).",
    err_seat_taken: "That seat is not open (any more).", err_not_your_turn: "It is not your turn.",
    err_stale: "The table had moved on; look again.", err_match_over: "The match is over.",
    err_storage: "It could not be stored; nothing changed. Try again.", err_internal: "The server failed; nothing changed.",
    err_rate_limited: "Too many messages: slow down.", err_busy: "No answer in time; try again.",
    err_server_busy: "The server is full; try again later.", err_spectator: "Spectators cannot play.",
    err_not_finished: "The match is not over yet.", err_no_hand: "There is no such hand.",
    err_not_owner: "Only the table's creator can do that.", err_not_away: "That player is here.",
    err_no_standin: "No computer player is playing your seat.",
    hintChance: "{action}: {n}% chance to succeed",
    decidingHand: "Deciding hand {n}: {contract} ({names})",
    layAwayPick: "Pick {n} card(s) to lay away", passOnPick: "Pick {n} card(s) to pass on to the next misère player",
    layAwayGo: "Lay away {cards}", passOnGo: "Pass on {cards}", picked: "picked",
    confirmTitle: "Are you sure?", confirmGo: "Yes, bid it", cancel: "Cancel",
    warn_false_roem: "{bid} claims more roem than your cards can make, whatever the blind card: that is false roem, and it puts you erin at once.",
    rulesPreset: "This table plays the rules of {preset}.", fullRules: "The full rules as troef plays them (English)", fullRulesShort: "(read)",
    g_roem: "roem", gd_roem: "Bonus points for combinations in your hand: a sequence of three or more in a suit, four of a kind, stuk. It counts towards a number bid, or is bid with bonaak.",
    g_stuk: "stuk", gd_stuk: "King and queen of trumps in one hand: 20 roem.",
    g_nel: "nel", gd_nel: "The nine of trumps, the second-highest trump (after the jack).",
    g_bonaak: "bonaak", gd_bonaak: "A bid to take every trick, with a trump of your choice.",
    g_zwabber: "zwabber", gd_zwabber: "A bid to take every trick, without trump.",
    g_misere: "misère", gd_misere: "A bid to take no trick at all.",
    g_suf: "suf", gd_suf: "Has not been a declarer yet: no marks.", g_krom: "krom", gd_krom: "Has lost once (a minus), not won yet.",
    g_recht: "recht", gd_recht: "Has won once (a plus), not lost yet.", g_wip: "wip", gd_wip: "One plus and one minus.",
    g_eruit: "eruit", gd_eruit: "Two pluses: out as a winner.", g_erin: "erin", gd_erin: "Two minuses: out as a loser (the first one buys the round).",
    g_plusminus: "+ / \u2212", gd_plusminus: "A declarer who makes the contract gets a plus, one who fails a minus.",
    g_tablepoints: "table points", gd_tablepoints: "NK: by the order of going out, 10, 8, 4 and 1 points; erin scores 0.",
  },
  nl: {
    lobby: "Lobby", newTable: "Nieuwe tafel", game: "Spel", rules: "Regels", players: "Spelers",
    variants: "Varianten",
    practice: "Oefentafel", practiceWhy: "Gedeeld met een seed die de maker van de tafel koos: die kan alle kaarten kennen.", seats: "Plaatsen",
    seat: "Plaats {n}", me: "Ik", invite: "Vriend uitnodigen (link)", openSeat: "Open plaats (iedereen uit de lobby)",
    bot: "Computer ({level})", name: "Naam", create: "Tafel maken", openTables: "Open tafels",
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
    hintNoSolver: " (nog geen solver-tips)", lastTrick: "Laatste slag", sheet: "Scoreformulier",
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
    // issue 18
    computerN: "Computer {n}", dealerChip: "deler", standinShort: "computer speelt nu",
    dot_on: "aanwezig", dot_off: "afwezig", dot_unknown: "onbekend: je bent offline",
    trickOne: "{n} slag", trickMany: "{n} slagen", trickN: "Slag {n}", moves: "Zetten ({n})",
    notConnected: "Geen verbinding: je zet is niet verstuurd. Opnieuw verbinden\u2026",
    hintSays: "Tip van de computerspeler: {action}",
    w_play: "speel {card}", w_discard: "leg {card} weg", w_trump: "maak {suit} troef", w_roem: "meld {n} roem", w_bid: "bied {bid}",
    rulesLink: "Regels", invites: "Plaatslinks", ownLink: "Je eigen plaats", ownLinkHelp: "Open deze link op een ander apparaat (of na het wissen van deze browser) om je plaats terug te krijgen. Houd hem voor jezelf.",
    inviteOthers: "Andere spelers", timeLeft: "nog {n} s", standinMine: "Een computerspeler speelt jouw plaats.",
    reclaim: "Mijn plaats terugnemen", replaceTitle: "Afwezige speler vervangen", replaceByBot: "Laat de computer spelen",
    nobodyAway: "Iedereen is er.", winnerIs: "{names} wint!", winnersAre: "{names} winnen!",
    rematch: "Nog een partij met dezelfde spelers", toRematch: "Naar de nieuwe partij",
    settings: "Instellingen", set_anim: "Animatie", set_sound: "Geluid als je aan de beurt bent", set_autoplay: "Een gedwongen laatste kaart vanzelf spelen",
    set_cards: "Kaartgrootte", fast: "snel", normal: "normaal", slow: "langzaam", on: "aan", off: "uit", small: "klein", large: "groot",
    settingsHelp: "Bewaard in deze browser.", first: "Eerste stap", previous: "Vorige stap", next: "Volgende stap", last: "Laatste stap",
    play: "Afspelen", pause: "Pauze", openView: "open kaarten (alle handen)", captionDeal: "Gift {n} wordt gedeeld",
    seed: "Seed (voor testers: dezelfde seed deelt dezelfde kaarten, en de tafel heet dan een oefentafel)", turnTimer: "Beurttijd",
    turnTimerHelp: "Als de tijd van een speler op is, neemt een computerspeler de plaats over tot de eigenaar hem terugneemt.",
    seconds: "{n} s", yourName: "Je naam (voor open plaatsen)",
    err_unknown_table: "Deze tafel bestaat niet.", err_bad_token: "Deze plaatslink is niet (meer) geldig.",
    err_seat_taken: "Die plaats is niet (meer) vrij.", err_not_your_turn: "Je bent niet aan de beurt.",
    err_stale: "De tafel was al verder; kijk opnieuw.", err_match_over: "De partij is voorbij.",
    err_storage: "Het kon niet worden opgeslagen; er is niets veranderd. Probeer het opnieuw.", err_internal: "De server faalde; er is niets veranderd.",
    err_rate_limited: "Te veel berichten: rustig aan.", err_busy: "Geen antwoord op tijd; probeer het opnieuw.",
    err_server_busy: "De server is vol; probeer het later.", err_spectator: "Toeschouwers spelen niet mee.",
    err_not_finished: "De partij is nog niet voorbij.", err_no_hand: "Die gift bestaat niet.",
    err_not_owner: "Alleen wie de tafel maakte kan dat.", err_not_away: "Die speler is er.",
    err_no_standin: "Er speelt geen computerspeler voor jou.",
    hintChance: "{action}: {n}% kans van slagen",
    decidingHand: "Beslissende gift {n}: {contract} ({names})",
    layAwayPick: "Kies {n} kaart(en) om weg te leggen", passOnPick: "Kies {n} kaart(en) om door te geven aan de volgende misèrespeler",
    layAwayGo: "Leg {cards} weg", passOnGo: "Geef {cards} door", picked: "gekozen",
    confirmTitle: "Weet je het zeker?", confirmGo: "Ja, bied het", cancel: "Annuleren",
    warn_false_roem: "{bid} claimt meer roem dan je kaarten kunnen maken, wat het blinde kaartje ook is: dat is valse roem, en dan ga je meteen erin.",
    rulesPreset: "Deze tafel speelt volgens {preset}.", fullRules: "De volledige regels zoals troef ze speelt (Engels)", fullRulesShort: "(lezen)",
    g_roem: "roem", gd_roem: "Extra punten voor combinaties in je hand: een reeks van drie of meer in een kleur, vier gelijke, stuk. Telt mee voor een getalbod, of wordt geboden bij bonaak.",
    g_stuk: "stuk", gd_stuk: "Heer en vrouw van troef in \u00E9\u00E9n hand: 20 roem.",
    g_nel: "nel", gd_nel: "De troefnegen, de op een na hoogste troef (na de boer).",
    g_bonaak: "bonaak", gd_bonaak: "Een bod om alle slagen te halen, met een troef naar keuze.",
    g_zwabber: "zwabber", gd_zwabber: "Een bod om alle slagen te halen, zonder troef.",
    g_misere: "misère", gd_misere: "Een bod om geen enkele slag te halen.",
    g_suf: "suf", gd_suf: "Nog nooit speler geweest: geen streepjes.", g_krom: "krom", gd_krom: "Eén keer verloren (een min), nog niet gewonnen.",
    g_recht: "recht", gd_recht: "Eén keer gewonnen (een plus), nog niet verloren.", g_wip: "wip", gd_wip: "Eén plus en één min.",
    g_eruit: "eruit", gd_eruit: "Twee plussen: eruit als winnaar.", g_erin: "erin", gd_erin: "Twee minnen: erin als verliezer (de eerste betaalt het rondje).",
    g_plusminus: "+ / \u2212", gd_plusminus: "Wie zijn bod haalt krijgt een plus, wie het niet haalt een min.",
    g_tablepoints: "tafelpunten", gd_tablepoints: "NK: naar de volgorde van eruit gaan 10, 8, 4 en 1 punt; erin krijgt 0.",
  },
  de: {
    // issue 18 (the rest of the German UI comes with the whole-app translation)
    computerN: "Computer {n}", dealerChip: "Geber", standinShort: "Computer spielt vorerst",
    dot_on: "da", dot_off: "abwesend", dot_unknown: "unbekannt: du bist offline",
    trickOne: "{n} Stich", trickMany: "{n} Stiche", trickN: "Stich {n}", moves: "Z\u00FCge ({n})",
    notConnected: "Keine Verbindung: dein Zug wurde nicht gesendet. Verbinde neu\u2026",
    hintSays: "Tipp vom Computerspieler: {action}", rulesLink: "Regeln", invites: "Platz-Links", ownLink: "Dein eigener Platz",
    timeLeft: "noch {n} s", standinMine: "Ein Computerspieler spielt deinen Platz.", reclaim: "Meinen Platz zur\u00FCcknehmen",
    replaceTitle: "Abwesenden Spieler ersetzen", replaceByBot: "Computer spielen lassen", winnerIs: "{names} gewinnt!",
    rematch: "Noch eine Partie mit denselben Spielern", settings: "Einstellungen", turnTimer: "Zugzeit", yourName: "Dein Name (f\u00FCr offene Pl\u00E4tze)",
    err_unknown_table: "Diesen Tisch gibt es nicht.", err_not_your_turn: "Du bist nicht am Zug.",
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

// The language: the one chosen in this browser (the switch in the header), else the game's first
// language once a page knows its game (setDefaultLang), else the browser's.
const BROWSER_LANG = (navigator.language || "en").toLowerCase().slice(0, 2);
let lang = localStorage.getItem("troef.lang") || (TEXTS[BROWSER_LANG] ? BROWSER_LANG : "en");

export function getLang() {
  return lang;
}

export const LANGUAGES = ["nl", "en", "de"];

// The user's choice: kept in this browser.
export function setLang(value, remember = true) {
  lang = TEXTS[value] ? value : "en";
  if (remember) localStorage.setItem("troef.lang", lang);
  document.documentElement.lang = lang;
}

// A game's first language, unless the user chose one; whether the language changed.
export function setDefaultLang(value) {
  if (localStorage.getItem("troef.lang") || !TEXTS[value] || value === lang) return false;
  setLang(value, false);
  return true;
}

export function t(key, vars = {}) {
  const table = TEXTS[lang] || TEXTS.en;
  const text = table[key] ?? TEXTS.en[key] ?? key;
  // one pass over the template: a value (a player's name, say) is never searched for placeholders itself
  return text.replace(/\{(\w+)\}/g, (whole, k) => (Object.hasOwn(vars, k) ? String(vars[k]) : whole));
}

// A server error in the UI's language: the rules' reasons (Dutch patterns), else a text per error code.
export function translateReason(message, code = "") {
  if (lang === "en") return message;
  if (lang !== "nl") return code && TEXTS[lang]?.[`err_${code}`] ? TEXTS[lang][`err_${code}`] : message;
  for (const [pattern, out] of REASONS_NL) {
    const m = message.match(pattern);
    if (m) return typeof out === "function" ? out(m) : out;
  }
  if (code && TEXTS.nl[`err_${code}`]) return TEXTS.nl[`err_${code}`];
  return message;
}

setLang(lang, false);
