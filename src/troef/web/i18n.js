// Dutch, English and German texts of the browser UI (every key in all three: tests/server/test_klaverjas_ui.py checks).

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
    level_random: "random", level_heuristic: "club player", level_pimc: "strong",
    level_beginner: "beginner", level_club: "club player", level_strong: "strong",
    phase_bidding: "Bidding", phase_exchange: "Exchange", phase_trump: "Naming trump", phase_roem: "Roem",
    phase_play: "Play", phase_done: "Hand over",
    hand: "Hand {n}", contract: "Contract", trump: "Trump", declarer: "Declarer", dealer: "Dealer",
    yourTurn: "Your turn", waitingFor: "Waiting for {name}", spectating: "You are watching",
    youAreOut: "You are out of this hand", pass: "Pass", bid: "Bid", misere: "Misère", zwabber: "Zwabber",
    bonaak: "Bonaak", openBonaak: "Open bonaak", withRoem: "{bid} with {n} roem", six: "{bid} (six-card sequence)",
    layAway: "Lay away {n} {n|card|cards}: click them", passOn: "Pass on {n} {n|card|cards} to the next misère player: click them",
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
    step: "Step {i} of {n}", keysHelp: "Keys: 1\u20139 (0 for the tenth) pick a card of your hand, \u2190 \u2192 the next one, Enter plays it; Tab reaches the buttons; Esc closes a dialog.", trickTakenBy: "{name} takes the trick", yourCards: "Your cards", onTable: "On the table", mySeatUnknown: "my seat", dialogTimer: "Your turn: {n} s left", dialogClosedTimer: "Your turn: only {n} s left. The dialog was closed so that your seat is not given to a computer player.", perspective: "Seen by", spectatorView: "the public (spectator)", mySeat: "my seat ({name})",
    loading: "Loading\u2026", hands: "Hands", created: "Created", result: "Result", replayOf: "Replay of table {id}", analyse: "Analyse", anDialog: "Analysis of a deal", anTitle: "Analysis: {deal}", anLoading: "Analysing\u2026", anProgress: "{done} of {total} decisions judged", anCut: "the analysis was cut off; ask again", anSeat: "{name}: {m} {m|mistake|mistakes}, {u} unlucky, accuracy {a}", an_mistake: "mistake", an_unlucky: "unlucky", an_best: "best", an_good: "good", an_none: "not judged", anFair: "fair", anOpen: "open cards", anSheet: "on the score sheet", anWhy: "Fair: what the player could expect from what it could know, on the score sheet where the game counts it there (else a chance); open cards: the value with every card known. A mistake: a cost that stays clear of zero over many dealt worlds.", anTrickN: "trick {n}", anUnit_points: "points", anUnit_table_points: "table points", anUnit_rounds: "rounds", anUnit_contract: "contract",
    inviteHelp: "Send each friend their own link: whoever has a link plays that seat.",
    newHand: "New hand", language: "Language", seatsTaken: "seats", open: "open",
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
    err_not_finished: "The match is not over yet.", err_in_play: "This deal is still in play: it can be analysed once it is over.", err_no_hand: "There is no such hand.",
    err_not_owner: "Only the table's creator can do that.", err_not_away: "That player is here.",
    err_no_standin: "No computer player is playing your seat.",
    hintChance: "{action}: {n}% chance to succeed",
    decidingHand: "Deciding hand {n}: {contract} ({names})",
    layAwayPick: "Pick {n} {n|card|cards} to lay away", passOnPick: "Pick {n} {n|card|cards} to pass on to the next misère player",
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
    // klaverjas
    preset_kraken: "Kraken (Amsterdam klaverjassen with kraak and crosses)", preset_amsterdam: "Amsterdam klaverjassen", preset_rotterdam: "Rotterdam klaverjassen",
    sw_who_plays: "Who plays", sw_follow: "Following and trumping", sw_packets: "Dealing", sw_roem_counting: "Roem in tricks",
    sw_hand_roem: "Roem declared from the hand (with afkeuren)", sw_kraak: "Kraak, rekraak, superkraak", sw_kraak_quota: "Kraaks each side owes",
    sw_nat_roem: "Roem of a side that goes nat", sw_match_end: "The match ends after", sw_deals: "Deals", sw_target: "Points to play to",
    val_verplicht: "verplicht (the player after the dealer plays)", val_vrij: "vrij (play or pass in turn)", val_amsterdam: "Amsterdam", val_rotterdam: "Rotterdam (always trump over)",
    "val_4-4": "four and four", "val_3-2-3": "three, two, three", val_auto: "counts by itself", val_claim: "claimed or lost",
    val_to_other: "goes to the other side", val_kept: "kept", val_deals: "a number of deals", val_points: "a number of points",
    phase_choose: "Trump", phase_kraak: "Kraak", phase_claim: "Claim roem",
    kj_we: "we", kj_they: "they", kj_partner: "partner", kj_plays: "plays", kj_player: "Player", kj_cards: "Cards", kj_total: "Total",
    kj_kraak: "kraak", kj_rekraak: "rekraak", kj_superkraak: "superkraak", kj_no: "No", kj_none: "none",
    kj_w_trump: "make {suit} trump", kj_ev_trump: "{name} plays, {suit} is trump", kj_ev_chain: "{name}: {word}!", kj_ev_no: "{name} says no", kj_ev_claim: "{name} claims the roem", kj_ev_turn: "{name} turns the trick",
    kj_passPlay: "Pass", kj_vrijHelp: "Name trump to play this deal, or pass to the next player.", kj_verplichtHelp: "You must play this deal: name the trump suit.",
    kj_chainAsk: "{name} plays with {suit} as trump:", kj_mustKraak: "Your side still owes a kraak and this is its last chance: you must say it.",
    kj_mayStill: "may still say {word}: {names}", kj_owed: "kraaks owed: {a} {n}, {b} {m}", kj_owedShort: "Kraaks owed",
    kj_roemHelp: "(until the first trick is complete)", kj_claimAsk: "{n} roem fell in your trick:", kj_claim: "Claim the roem", kj_turn: "Turn the trick",
    kj_afgekeurd: "rejected", kj_cancelledOf: "{side}: roem from the hand rejected", kj_handRejected: "roem from the hand rejected", kj_handRejectedN: "roem from the hand ({n}) rejected", kj_roemFell: "{n} roem in the trick of {name}",
    kj_dealOf: "Deal {n} of {m}", kj_hand: "Deal {n}", kj_phase_done: "Deal over", kj_captionDeal: "Deal {n} is dealt", playersN: "{n} {n|player|players}", kj_crosses: "Crosses", kj_crossesN: "{n} {n|cross|crosses}", kj_nat: "nat", kj_pit: "pit",
    kj_draw: "A draw!", kj_finalCrosses: "{side} got {n} crosses for being behind in points.",
    kj_resHead: "Deal {n}: {name} played, {suit} trump", kj_resMade: "{side} made it", kj_resNat: "{side} went nat", kj_resPit: "{side} took every trick: pit!",
    kj_hintPoints: "{action}: about {n} points",
    g_kj_troef: "troef", gd_kj_troef: "Trump: the suit named by the player who plays the deal. Its jack (nel: 20) and nine (14) are the highest cards.",
    g_kj_verplicht: "verplicht", gd_kj_verplicht: "The player after the dealer must play and names trump.",
    g_kj_vrij: "vrij", gd_kj_vrij: "Each player in turn may play (naming trump) or pass.",
    g_kj_kraak: "kraak", gd_kj_kraak: "The other side says the players will go nat: its card points count double.",
    g_kj_rekraak: "rekraak", gd_kj_rekraak: "The players answer that they will not: the card points count four times.",
    g_kj_superkraak: "superkraak", gd_kj_superkraak: "The other side's last word: the card points count eight times.",
    g_kj_quota: "kraak quota", gd_kj_quota: "Kraken: each side must kraak a number of times in the match; a side that does not get crosses.",
    g_kj_roem: "roem", gd_kj_roem: "Bonus points for sequences, four of a kind and stuk: in tricks, and in Kraken declared from the hand during the first trick.",
    g_kj_stuk: "stuk", gd_kj_stuk: "King and queen of trumps in one hand: 20 roem when declared.",
    g_kj_afkeuren: "afkeuren", gd_kj_afkeuren: "Kraken: after the first trick, higher roem in the other side's hand cancels a side's roem from the hand.",
    g_nat: "nat", gd_nat: "The playing side did not take more than half of the points and roem: the other side gets all card points (and, except in Kraken, the roem).",
    g_pit: "pit", gd_pit: "One side took every trick: 100 extra.",
    g_kruisen: "crosses", gd_kruisen: "Kraken: penalty crosses for going nat, for kraaks owed, and four for the side behind in points at the end. The fewest crosses win.",
    g_quota: "kraaks owed", gd_quota: "Kraken: how many kraaks each side still has to say in this match.",
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
    level_random: "willekeurig", level_heuristic: "clubspeler", level_pimc: "sterk",
    level_beginner: "beginner", level_club: "clubspeler", level_strong: "sterk",
    phase_bidding: "Bieden", phase_exchange: "Ruilen", phase_trump: "Troef maken", phase_roem: "Roem melden",
    phase_play: "Spelen", phase_done: "Gift voorbij",
    hand: "Gift {n}", contract: "Bod", trump: "Troef", declarer: "Speler", dealer: "Deler",
    yourTurn: "Jij bent aan de beurt", waitingFor: "Wachten op {name}", spectating: "Je kijkt mee",
    youAreOut: "Je speelt deze gift niet mee", pass: "Pas", bid: "Bied", misere: "Misère", zwabber: "Zwabber",
    bonaak: "Bonaak", openBonaak: "Open bonaak", withRoem: "{bid} met {n} roem", six: "{bid} (zesreeks)",
    layAway: "Leg {n} {n|kaart|kaarten} weg: klik erop", passOn: "Geef {n} {n|kaart|kaarten} door aan de volgende misèrespeler: klik erop",
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
    step: "Stap {i} van {n}", keysHelp: "Toetsen: 1\u20139 (0 voor de tiende) kiest een kaart uit je hand, \u2190 \u2192 de volgende, Enter speelt hem; Tab gaat naar de knoppen; Esc sluit een venster.", trickTakenBy: "{name} haalt de slag", yourCards: "Jouw kaarten", onTable: "Op tafel", mySeatUnknown: "mijn plaats", dialogTimer: "Je bent aan de beurt: nog {n} s", dialogClosedTimer: "Je bent aan de beurt: nog maar {n} s. Het venster is gesloten, zodat je plaats niet naar een computerspeler gaat.", perspective: "Gezien door", spectatorView: "het publiek (toeschouwer)", mySeat: "mijn plaats ({name})",
    loading: "Laden\u2026", hands: "Giften", created: "Gemaakt", result: "Uitslag", replayOf: "Tafel {id} terugkijken", analyse: "Analyseren", anDialog: "Analyse van een spel", anTitle: "Analyse: {deal}", anLoading: "Bezig met analyseren\u2026", anProgress: "{done} van {total} beslissingen beoordeeld", anCut: "de analyse werd afgebroken; vraag het opnieuw", anSeat: "{name}: {m} {m|fout|fouten}, {u} pech, nauwkeurigheid {a}", an_mistake: "fout", an_unlucky: "pech", an_best: "beste", an_good: "goed", an_none: "niet beoordeeld", anFair: "eerlijk", anOpen: "open kaarten", anSheet: "op het scoreformulier", anWhy: "Eerlijk: wat de speler kon verwachten vanuit wat hij kon weten, in punten van het scoreformulier waar het spel daar telt (anders een kans); open kaarten: de waarde met alle kaarten bekend. Een fout: een verlies dat over veel gedeelde werelden duidelijk boven nul blijft.", anTrickN: "slag {n}", anUnit_points: "punten", anUnit_table_points: "tafelpunten", anUnit_rounds: "rondes", anUnit_contract: "contract",
    inviteHelp: "Stuur elke vriend zijn eigen link: wie een link heeft, speelt die plaats.",
    newHand: "Nieuwe gift", language: "Taal", seatsTaken: "plaatsen", open: "open",
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
    err_not_finished: "De partij is nog niet voorbij.", err_in_play: "Dit spel wordt nog gespeeld: het kan geanalyseerd worden als het voorbij is.", err_no_hand: "Die gift bestaat niet.",
    err_not_owner: "Alleen wie de tafel maakte kan dat.", err_not_away: "Die speler is er.",
    err_no_standin: "Er speelt geen computerspeler voor jou.",
    hintChance: "{action}: {n}% kans van slagen",
    decidingHand: "Beslissende gift {n}: {contract} ({names})",
    layAwayPick: "Kies {n} {n|kaart|kaarten} om weg te leggen", passOnPick: "Kies {n} {n|kaart|kaarten} om door te geven aan de volgende misèrespeler",
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
    // klaverjas
    preset_kraken: "Kraken (Amsterdams klaverjassen met kraken en kruisen)", preset_amsterdam: "Amsterdams klaverjassen", preset_rotterdam: "Rotterdams klaverjassen",
    sw_who_plays: "Wie speelt", sw_follow: "Bekennen en troeven", sw_packets: "Delen", sw_roem_counting: "Roem in slagen",
    sw_hand_roem: "Roem uit de hand melden (met afkeuren)", sw_kraak: "Kraak, rekraak, superkraak", sw_kraak_quota: "Kraken die elke partij moet",
    sw_nat_roem: "Roem van een partij die nat gaat", sw_match_end: "De partij eindigt na", sw_deals: "Spellen", sw_target: "Spelen tot punten",
    val_verplicht: "verplicht (de speler na de gever speelt)", val_vrij: "vrij (om de beurt spelen of passen)", val_amsterdam: "Amsterdams", val_rotterdam: "Rotterdams (altijd overtroeven)",
    "val_4-4": "vier en vier", "val_3-2-3": "drie, twee, drie", val_auto: "telt vanzelf", val_claim: "melden of kwijt",
    val_to_other: "gaat naar de tegenpartij", val_kept: "blijft", val_deals: "een aantal spellen", val_points: "een aantal punten",
    phase_choose: "Troef", phase_kraak: "Kraken", phase_claim: "Roem melden",
    kj_we: "wij", kj_they: "zij", kj_partner: "maat", kj_plays: "speelt", kj_player: "Speler", kj_cards: "Kaarten", kj_total: "Totaal",
    kj_kraak: "kraak", kj_rekraak: "rekraak", kj_superkraak: "superkraak", kj_no: "Nee", kj_none: "geen",
    kj_w_trump: "maak {suit} troef", kj_ev_trump: "{name} speelt, {suit} is troef", kj_ev_chain: "{name}: {word}!", kj_ev_no: "{name} zegt nee", kj_ev_claim: "{name} meldt de roem", kj_ev_turn: "{name} draait de slag om",
    kj_passPlay: "Passen", kj_vrijHelp: "Noem troef om dit spel te spelen, of pas naar de volgende.", kj_verplichtHelp: "Jij moet dit spel spelen: noem de troefkleur.",
    kj_chainAsk: "{name} speelt met {suit} als troef:", kj_mustKraak: "Jullie moeten nog kraken en dit is de laatste kans: je moet het zeggen.",
    kj_mayStill: "mag nog {word} zeggen: {names}", kj_owed: "nog te kraken: {a} {n}, {b} {m}", kj_owedShort: "Nog te kraken",
    kj_roemHelp: "(tot de eerste slag af is)", kj_claimAsk: "Er viel {n} roem in je slag:", kj_claim: "Roem melden", kj_turn: "Slag omdraaien",
    kj_afgekeurd: "afgekeurd", kj_cancelledOf: "{side}: handroem afgekeurd", kj_handRejected: "handroem afgekeurd", kj_handRejectedN: "handroem ({n}) afgekeurd", kj_roemFell: "{n} roem in de slag van {name}",
    kj_dealOf: "Spel {n} van {m}", kj_hand: "Spel {n}", kj_phase_done: "Spel voorbij", kj_captionDeal: "Spel {n} wordt gedeeld", playersN: "{n} {n|speler|spelers}", kj_crosses: "Kruisen", kj_crossesN: "{n} {n|kruis|kruisen}", kj_nat: "nat", kj_pit: "pit",
    kj_draw: "Gelijkspel!", kj_finalCrosses: "{side} kregen {n} kruisen voor de achterstand in punten.",
    kj_resHead: "Spel {n}: {name} speelde, {suit} troef", kj_resMade: "{side} haalden het", kj_resNat: "{side} gingen nat", kj_resPit: "{side} haalden alle slagen: pit!",
    kj_hintPoints: "{action}: ongeveer {n} punten",
    g_kj_troef: "troef", gd_kj_troef: "De kleur die de speler van het spel noemt. De troefboer (20) en de nel (troefnegen, 14) zijn de hoogste kaarten.",
    g_kj_verplicht: "verplicht", gd_kj_verplicht: "De speler na de gever moet spelen en noemt troef.",
    g_kj_vrij: "vrij", gd_kj_vrij: "Om de beurt mag ieder spelen (troef noemen) of passen.",
    g_kj_kraak: "kraak", gd_kj_kraak: "De tegenpartij zegt dat de spelers nat gaan: de kaartpunten tellen dubbel.",
    g_kj_rekraak: "rekraak", gd_kj_rekraak: "De spelers antwoorden van niet: de kaartpunten tellen vier keer.",
    g_kj_superkraak: "superkraak", gd_kj_superkraak: "Het laatste woord van de tegenpartij: de kaartpunten tellen acht keer.",
    g_kj_quota: "kraakplicht", gd_kj_quota: "Kraken: elke partij moet een aantal keer kraken in de partij; wie dat niet doet krijgt kruisen.",
    g_kj_roem: "roem", gd_kj_roem: "Extra punten voor reeksen, vier gelijke kaarten en stuk: in slagen, en bij Kraken uit de hand gemeld tijdens de eerste slag.",
    g_kj_stuk: "stuk", gd_kj_stuk: "Troefheer en troefvrouw in één hand: 20 roem als je het meldt.",
    g_kj_afkeuren: "afkeuren", gd_kj_afkeuren: "Kraken: na de eerste slag vervalt de handroem van een partij als de tegenpartij hogere roem in de hand had.",
    g_nat: "nat", gd_nat: "De spelende partij haalde niet meer dan de helft van punten en roem: de tegenpartij krijgt alle kaartpunten (en, behalve bij Kraken, de roem).",
    g_pit: "pit", gd_pit: "Eén partij haalde alle slagen: 100 extra.",
    g_kruisen: "kruisen", gd_kruisen: "Kraken: strafkruisen voor nat gaan, voor niet gekraakte kraken, en vier voor wie aan het eind achter staat in punten. De minste kruisen winnen.",
    g_quota: "nog te kraken", gd_quota: "Kraken: hoe vaak elke partij in deze partij nog moet kraken.",
  },
  de: {
    lobby: "Lobby", newTable: "Neuer Tisch", game: "Spiel", rules: "Regeln", players: "Spieler",
    variants: "Varianten",
    practice: "\u00DCbungstisch", practiceWhy: "Gegeben mit einem Seed, den der Ersteller des Tisches w\u00E4hlte: er kann alle Karten kennen.", seats: "Pl\u00E4tze",
    seat: "Platz {n}", me: "Ich", invite: "Freund einladen (Link)", openSeat: "Offener Platz (jeder aus der Lobby)",
    bot: "Computer ({level})", name: "Name", create: "Tisch er\u00F6ffnen", openTables: "Offene Tische",
    liveTables: "Laufende Partien", finishedMatches: "Beendete Partien", watch: "Zuschauen", takeSeat: "Platz {n} nehmen",
    replay: "Wiederholung", download: "Protokoll (JSON)", none: "keine", lobbyLink: "Lobby", refresh: "Aktualisieren",
    preset_nk: "NK (Stichting Bonaken Nederland)", preset_pagat: "Pagat (Hazerswoude-Rijndijk)",
    preset_hazerswoude: "Hazerswoude (Leuke kaartspelen)",
    sw_min_bid: "Niedrigstes Zahlengebot", sw_misere: "Mis\u00E8re", sw_zwabber: "Zwabber", sw_bonaak_with_roem: "Bonaak mit Roem",
    sw_misere_trump: "Ein einzelner Mis\u00E8re-Spieler bestimmt Trumpf", sw_undertrump: "Untertrumpfen",
    sw_overtrump_on_trump_lead: "\u00DCbertrumpfen Pflicht bei Trumpf-Ausspiel", sw_stop_when_decided: "Ein Spiel endet, sobald es entschieden ist",
    sw_roem_in_tricks: "Roem in gewonnenen Stichen z\u00E4hlt",
    val_none: "nein", val_single: "ja", val_allowed: "immer erlaubt", val_unless_forced: "nur wenn es sein muss",
    val_unless_only_trumps: "nur mit nichts als Trumpf",
    level_random: "zuf\u00E4llig", level_heuristic: "Vereinsspieler", level_pimc: "stark",
    level_beginner: "Anf\u00E4nger", level_club: "Vereinsspieler", level_strong: "stark",
    phase_bidding: "Reizen", phase_exchange: "Ablegen", phase_trump: "Trumpf bestimmen", phase_roem: "Roem",
    phase_play: "Spiel", phase_done: "Spiel beendet",
    hand: "Spiel {n}", contract: "Gebot", trump: "Trumpf", declarer: "Spieler", dealer: "Geber",
    yourTurn: "Du bist dran", waitingFor: "Warte auf {name}", spectating: "Du schaust zu",
    youAreOut: "Du spielst dieses Spiel nicht mit", pass: "Passe", bid: "Bieten", misere: "Mis\u00E8re", zwabber: "Zwabber",
    bonaak: "Bonaak", openBonaak: "Offener Bonaak", withRoem: "{bid} mit {n} Roem", six: "{bid} (Sechserfolge)",
    layAway: "{n} {n|Karte|Karten} ablegen: klicke sie an", passOn: "{n} {n|Karte|Karten} an den n\u00E4chsten Mis\u00E8re-Spieler weitergeben: klicke sie an",
    nameTrump: "Trumpf bestimmen", orLead: "oder spiele eine Karte aus: ihre Farbe wird Trumpf", declareRoem: "Melde deinen Roem",
    noRoem: "Kein Roem", roemN: "{n} Roem", stuk: "Stuk!", hint: "Tipp", hintFrom: "Tipp vom Computerspieler {bot}{extra}: {action}",
    hintNoSolver: " (noch keine L\u00F6ser-Tipps)", lastTrick: "Letzter Stich", sheet: "Spielliste",
    copy: "Kopieren", copied: "Kopiert", close: "Schlie\u00DFen", wonBy: "gewonnen von {name}", noTrickYet: "Noch kein Stich gespielt",
    centre: "Mitte", tricks: "Stiche", points: "Punkte", you: "du", cards: "Karten",
    status_suf: "suf", status_krom: "krom", status_recht: "recht", status_wip: "wip", status_eruit: "eruit", status_erin: "erin",
    reason_made: "geschafft", reason_short: "zu wenig", reason_all_tricks: "alle Stiche gemacht",
    reason_lost_a_trick: "einen Stich verloren", reason_no_trick: "keinen Stich gemacht", reason_took_a_trick: "einen Stich gemacht",
    reason_roem_short: "zu wenig Roem", reason_no_trump_misere: "ausgespielt ohne Trumpf zu bestimmen", reason_false_roem: "falscher Roem",
    handResult: "Spiel {n}: {contract} von {names}", allPassed: "Spiel {n}: alle haben gepasst, neu geben",
    cardPoints: "{n} Kartenpunkte", roemCounted: "{n} Roem",
    matchOver: "Partie beendet", buysRound: "{names} zahlt die Runde!", buyRound: "{names} zahlen die Runde!",
    standing: "Stand", tablePoints: "Tischpunkte", status: "Stand", plus: "+", minus: "\u2212",
    ev_pass: "{name} passt", ev_bid: "{name} bietet {bid}", ev_discard: "{name} legt eine Karte ab",
    ev_discard_own: "{name} legt {card} ab", ev_trump: "{name}: {suit} ist Trumpf", ev_roem: "{name} meldet {n} Roem",
    ev_stuk: "{name}: Stuk!", ev_play: "{name} spielt {card}",
    notAllowed: "Nicht erlaubt: {msg}", connLost: "Verbindung verloren; verbinde neu\u2026", unknownTable: "Diesen Tisch gibt es nicht.",
    badToken: "Dieser Einladungslink gilt nicht (mehr). Du kannst zuschauen.", watchInstead: "Zuschauen",
    step: "Schritt {i} von {n}", keysHelp: "Tasten: 1\u20139 (0 f\u00FCr die zehnte) w\u00E4hlt eine Karte deiner Hand, \u2190 \u2192 die n\u00E4chste, Enter spielt sie; Tab erreicht die Kn\u00F6pfe; Esc schlie\u00DFt ein Fenster.", trickTakenBy: "{name} macht den Stich", yourCards: "Deine Karten", onTable: "Auf dem Tisch", mySeatUnknown: "mein Platz", dialogTimer: "Du bist dran: noch {n} s", dialogClosedTimer: "Du bist dran: nur noch {n} s. Das Fenster wurde geschlossen, damit dein Platz nicht an einen Computerspieler geht.", perspective: "Gesehen von", spectatorView: "den Zuschauern", mySeat: "meinem Platz ({name})",
    loading: "L\u00E4dt\u2026", hands: "Spiele", created: "Er\u00F6ffnet", result: "Ergebnis", replayOf: "Wiederholung von Tisch {id}", analyse: "Analysieren", anDialog: "Analyse eines Spiels", anTitle: "Analyse: {deal}", anLoading: "Analysiere\u2026", anProgress: "{done} von {total} Entscheidungen bewertet", anCut: "die Analyse brach ab; bitte erneut anfordern", anSeat: "{name}: {m} Fehler, {u} Pech, Genauigkeit {a}", an_mistake: "Fehler", an_unlucky: "Pech", an_best: "beste", an_good: "gut", an_none: "nicht bewertet", anFair: "fair", anOpen: "offene Karten", anSheet: "auf dem Spielzettel", anWhy: "Fair: was der Spieler aus dem, was er wissen konnte, erwarten durfte, in Punkten des Spielzettels, wo das Spiel dort zählt (sonst eine Chance); offene Karten: der Wert mit allen Karten bekannt. Ein Fehler: ein Verlust, der über viele ausgeteilte Welten klar über null bleibt.", anTrickN: "Stich {n}", anUnit_points: "Punkte", anUnit_table_points: "Tischpunkte", anUnit_rounds: "Runden", anUnit_contract: "Kontrakt",
    inviteHelp: "Schicke jedem Freund seinen eigenen Link: wer einen Link hat, spielt diesen Platz.",
    newHand: "Neues Spiel", language: "Sprache", seatsTaken: "Pl\u00E4tze", open: "offen",
    computerN: "Computer {n}", dealerChip: "Geber", standinShort: "Computer spielt vorerst",
    dot_on: "da", dot_off: "abwesend", dot_unknown: "unbekannt: du bist offline",
    trickOne: "{n} Stich", trickMany: "{n} Stiche", trickN: "Stich {n}", moves: "Z\u00FCge ({n})",
    notConnected: "Keine Verbindung: dein Zug wurde nicht gesendet. Verbinde neu\u2026",
    hintSays: "Tipp vom Computerspieler: {action}",
    w_play: "{card} spielen", w_discard: "{card} ablegen", w_trump: "{suit} zu Trumpf machen", w_roem: "{n} Roem melden", w_bid: "{bid} bieten",
    rulesLink: "Regeln", invites: "Platz-Links", ownLink: "Dein eigener Platz", ownLinkHelp: "\u00D6ffne diesen Link auf einem anderen Ger\u00E4t (oder nach dem L\u00F6schen dieses Browsers), um deinen Platz zur\u00FCckzubekommen. Behalte ihn f\u00FCr dich.",
    inviteOthers: "Andere Spieler", timeLeft: "noch {n} s", standinMine: "Ein Computerspieler spielt deinen Platz.",
    reclaim: "Meinen Platz zur\u00FCcknehmen", replaceTitle: "Abwesenden Spieler ersetzen", replaceByBot: "Computer spielen lassen",
    nobodyAway: "Alle sind da.", winnerIs: "{names} gewinnt!", winnersAre: "{names} gewinnen!",
    rematch: "Noch eine Partie mit denselben Spielern", toRematch: "Zur neuen Partie",
    settings: "Einstellungen", set_anim: "Animation", set_sound: "Ton, wenn du dran bist", set_autoplay: "Eine erzwungene letzte Karte von selbst spielen",
    set_cards: "Kartengr\u00F6\u00DFe", fast: "schnell", normal: "normal", slow: "langsam", on: "an", off: "aus", small: "klein", large: "gro\u00DF",
    settingsHelp: "In diesem Browser gespeichert.", first: "Erster Schritt", previous: "Voriger Schritt", next: "N\u00E4chster Schritt", last: "Letzter Schritt",
    play: "Abspielen", pause: "Pause", openView: "offene Karten (alle H\u00E4nde)", captionDeal: "Spiel {n} wird gegeben",
    seed: "Seed (f\u00FCr Tester: derselbe Seed gibt dieselben Karten, und der Tisch wird als \u00DCbungstisch markiert)", turnTimer: "Zugzeit",
    turnTimerHelp: "L\u00E4uft die Zeit eines Spielers ab, \u00FCbernimmt ein Computerspieler den Platz, bis sein Besitzer ihn zur\u00FCcknimmt.",
    seconds: "{n} s", yourName: "Dein Name (f\u00FCr offene Pl\u00E4tze)",
    err_unknown_table: "Diesen Tisch gibt es nicht.", err_bad_token: "Dieser Platz-Link gilt nicht (mehr).",
    err_seat_taken: "Dieser Platz ist nicht (mehr) frei.", err_not_your_turn: "Du bist nicht am Zug.",
    err_stale: "Der Tisch war schon weiter; schau noch einmal.", err_match_over: "Die Partie ist vorbei.",
    err_storage: "Es konnte nicht gespeichert werden; nichts hat sich ge\u00E4ndert. Versuche es noch einmal.", err_internal: "Der Server hat einen Fehler gemacht; nichts hat sich ge\u00E4ndert.",
    err_rate_limited: "Zu viele Nachrichten: langsamer.", err_busy: "Keine Antwort rechtzeitig; versuche es noch einmal.",
    err_server_busy: "Der Server ist voll; versuche es sp\u00E4ter.", err_spectator: "Zuschauer spielen nicht mit.",
    err_not_finished: "Die Partie ist noch nicht vorbei.", err_in_play: "Dieses Spiel l\u00E4uft noch: es kann analysiert werden, sobald es vorbei ist.", err_no_hand: "Dieses Spiel gibt es nicht.",
    err_not_owner: "Das darf nur der Ersteller des Tisches.", err_not_away: "Dieser Spieler ist da.",
    err_no_standin: "Kein Computerspieler spielt deinen Platz.",
    hintChance: "{action}: {n}% Chance zu gewinnen",
    decidingHand: "Entscheidendes Spiel {n}: {contract} ({names})",
    layAwayPick: "W\u00E4hle {n} {n|Karte|Karten} zum Ablegen", passOnPick: "W\u00E4hle {n} {n|Karte|Karten} f\u00FCr den n\u00E4chsten Mis\u00E8re-Spieler",
    layAwayGo: "{cards} ablegen", passOnGo: "{cards} weitergeben", picked: "gew\u00E4hlt",
    confirmTitle: "Bist du sicher?", confirmGo: "Ja, bieten", cancel: "Abbrechen",
    warn_false_roem: "{bid} verlangt mehr Roem, als deine Karten schaffen k\u00F6nnen, was auch immer die verdeckte Karte ist: das ist falscher Roem, und du bist sofort erin.",
    rulesPreset: "Dieser Tisch spielt nach den Regeln von {preset}.", fullRules: "Die vollst\u00E4ndigen Regeln, wie troef sie spielt (Englisch)", fullRulesShort: "(lesen)",
    g_roem: "Roem", gd_roem: "Bonuspunkte f\u00FCr Kombinationen in der Hand: eine Folge von drei oder mehr in einer Farbe, vier Gleiche, Stuk. Z\u00E4hlt f\u00FCr ein Zahlengebot oder wird mit Bonaak geboten.",
    g_stuk: "Stuk", gd_stuk: "K\u00F6nig und Dame in Trumpf in einer Hand: 20 Roem.",
    g_nel: "Nel", gd_nel: "Die Trumpf-Neun, der zweith\u00F6chste Trumpf (nach dem Buben).",
    g_bonaak: "Bonaak", gd_bonaak: "Ein Gebot, alle Stiche zu machen, mit einem Trumpf nach Wahl.",
    g_zwabber: "Zwabber", gd_zwabber: "Ein Gebot, alle Stiche zu machen, ohne Trumpf.",
    g_misere: "Mis\u00E8re", gd_misere: "Ein Gebot, keinen einzigen Stich zu machen.",
    g_suf: "suf", gd_suf: "War noch nie Spieler: keine Striche.", g_krom: "krom", gd_krom: "Einmal verloren (ein Minus), noch nicht gewonnen.",
    g_recht: "recht", gd_recht: "Einmal gewonnen (ein Plus), noch nicht verloren.", g_wip: "wip", gd_wip: "Ein Plus und ein Minus.",
    g_eruit: "eruit", gd_eruit: "Zwei Plus: als Gewinner drau\u00DFen.", g_erin: "erin", gd_erin: "Zwei Minus: als Verlierer drau\u00DFen (der erste zahlt die Runde).",
    g_plusminus: "+ / \u2212", gd_plusminus: "Wer sein Gebot schafft, bekommt ein Plus, wer nicht, ein Minus.",
    g_tablepoints: "Tischpunkte", gd_tablepoints: "NK: nach der Reihenfolge des Ausscheidens 10, 8, 4 und 1 Punkt; erin bekommt 0.",
    // klaverjas
    preset_kraken: "Kraken (Amsterdamer Klaverjassen mit Kraak und Kreuzen)", preset_amsterdam: "Amsterdamer Klaverjassen", preset_rotterdam: "Rotterdamer Klaverjassen",
    sw_who_plays: "Wer spielt", sw_follow: "Bedienen und Trumpfen", sw_packets: "Geben", sw_roem_counting: "Roem in Stichen",
    sw_hand_roem: "Roem aus der Hand melden (mit Afkeuren)", sw_kraak: "Kraak, Rekraak, Superkraak", sw_kraak_quota: "Kraaks, die jede Partei schuldet",
    sw_nat_roem: "Roem einer Partei, die nat geht", sw_match_end: "Die Partie endet nach", sw_deals: "Spiele", sw_target: "Spielen bis Punkte",
    val_verplicht: "verplicht (der Spieler nach dem Geber spielt)", val_vrij: "vrij (reihum spielen oder passen)", val_amsterdam: "Amsterdamer", val_rotterdam: "Rotterdamer (immer \u00FCbertrumpfen)",
    "val_4-4": "vier und vier", "val_3-2-3": "drei, zwei, drei", val_auto: "z\u00E4hlt von selbst", val_claim: "melden oder verloren",
    val_to_other: "geht an die Gegenpartei", val_kept: "bleibt", val_deals: "einer Anzahl Spiele", val_points: "einer Anzahl Punkte",
    phase_choose: "Trumpf", phase_kraak: "Kraak", phase_claim: "Roem melden",
    kj_we: "wir", kj_they: "sie", kj_partner: "Partner", kj_plays: "spielt", kj_player: "Spieler", kj_cards: "Karten", kj_total: "Summe",
    kj_kraak: "Kraak", kj_rekraak: "Rekraak", kj_superkraak: "Superkraak", kj_no: "Nein", kj_none: "keiner",
    kj_w_trump: "{suit} zu Trumpf machen", kj_ev_trump: "{name} spielt, {suit} ist Trumpf", kj_ev_chain: "{name}: {word}!", kj_ev_no: "{name} sagt nein", kj_ev_claim: "{name} meldet den Roem", kj_ev_turn: "{name} dreht den Stich um",
    kj_passPlay: "Passen", kj_vrijHelp: "Bestimme Trumpf, um dieses Spiel zu spielen, oder passe zum N\u00E4chsten.", kj_verplichtHelp: "Du musst dieses Spiel spielen: bestimme die Trumpffarbe.",
    kj_chainAsk: "{name} spielt mit {suit} als Trumpf:", kj_mustKraak: "Deine Partei schuldet noch einen Kraak und dies ist die letzte Gelegenheit: du musst ihn sagen.",
    kj_mayStill: "darf noch {word} sagen: {names}", kj_owed: "geschuldete Kraaks: {a} {n}, {b} {m}", kj_owedShort: "Geschuldete Kraaks",
    kj_roemHelp: "(bis der erste Stich vorbei ist)", kj_claimAsk: "In deinem Stich fiel {n} Roem:", kj_claim: "Roem melden", kj_turn: "Stich umdrehen",
    kj_afgekeurd: "aberkannt", kj_cancelledOf: "{side}: Hand-Roem aberkannt", kj_handRejected: "Hand-Roem aberkannt", kj_handRejectedN: "Hand-Roem ({n}) aberkannt", kj_roemFell: "{n} Roem im Stich von {name}",
    kj_dealOf: "Spiel {n} von {m}", kj_hand: "Spiel {n}", kj_phase_done: "Spiel vorbei", kj_captionDeal: "Spiel {n} wird gegeben", playersN: "{n} Spieler", kj_crosses: "Kreuze", kj_crossesN: "{n} {n|Kreuz|Kreuze}", kj_nat: "nat", kj_pit: "pit",
    kj_draw: "Unentschieden!", kj_finalCrosses: "{side} bekamen {n} Kreuze f\u00FCr den R\u00FCckstand in Punkten.",
    kj_resHead: "Spiel {n}: {name} spielte, {suit} Trumpf", kj_resMade: "{side} haben es geschafft", kj_resNat: "{side} gingen nat", kj_resPit: "{side} machten alle Stiche: pit!",
    kj_hintPoints: "{action}: etwa {n} Punkte",
    g_kj_troef: "Troef (Trumpf)", gd_kj_troef: "Die Farbe, die der Spieler des Spiels bestimmt. Trumpf-Bube (20) und Nel (Trumpf-Neun, 14) sind die h\u00F6chsten Karten.",
    g_kj_verplicht: "verplicht", gd_kj_verplicht: "Der Spieler nach dem Geber muss spielen und bestimmt Trumpf.",
    g_kj_vrij: "vrij", gd_kj_vrij: "Reihum darf jeder spielen (Trumpf bestimmen) oder passen.",
    g_kj_kraak: "Kraak", gd_kj_kraak: "Die Gegenpartei sagt, dass die Spieler nat gehen: die Kartenpunkte z\u00E4hlen doppelt.",
    g_kj_rekraak: "Rekraak", gd_kj_rekraak: "Die Spieler antworten, dass sie es nicht tun: die Kartenpunkte z\u00E4hlen vierfach.",
    g_kj_superkraak: "Superkraak", gd_kj_superkraak: "Das letzte Wort der Gegenpartei: die Kartenpunkte z\u00E4hlen achtfach.",
    g_kj_quota: "Kraak-Pflicht", gd_kj_quota: "Kraken: jede Partei muss in der Partie eine Anzahl Male kraaken; wer es nicht tut, bekommt Kreuze.",
    g_kj_roem: "Roem", gd_kj_roem: "Bonuspunkte f\u00FCr Folgen, vier Gleiche und Stuk: in Stichen, und bei Kraken w\u00E4hrend des ersten Stichs aus der Hand gemeldet.",
    g_kj_stuk: "Stuk", gd_kj_stuk: "K\u00F6nig und Dame in Trumpf in einer Hand: 20 Roem, wenn gemeldet.",
    g_kj_afkeuren: "Afkeuren", gd_kj_afkeuren: "Kraken: nach dem ersten Stich verf\u00E4llt der Hand-Roem einer Partei, wenn die Gegenpartei h\u00F6heren Roem in der Hand hatte.",
    g_nat: "nat", gd_nat: "Die spielende Partei hat nicht mehr als die H\u00E4lfte von Punkten und Roem gemacht: die Gegenpartei bekommt alle Kartenpunkte (und, au\u00DFer bei Kraken, den Roem).",
    g_pit: "pit", gd_pit: "Eine Partei hat alle Stiche gemacht: 100 extra.",
    g_kruisen: "Kreuze", gd_kruisen: "Kraken: Strafkreuze f\u00FCrs Natgehen, f\u00FCr geschuldete Kraaks und vier f\u00FCr die Partei, die am Ende in Punkten zur\u00FCckliegt. Die wenigsten Kreuze gewinnen.",
    g_quota: "geschuldete Kraaks", gd_quota: "Kraken: wie oft jede Partei in dieser Partie noch kraaken muss.",
  },
};

// ---------------------------------------------------------------- Binokel (web/binokel.js)
// Binokel's own texts, one block per language (German first: the game's first language). They only fill
// keys the tables above lack, so the shared texts always win; Binokel's keys start with bk_ (bkm_: melds).
const BINOKEL_TEXTS = {
  // ------------------------------------------------ Binokel: de
  de: {
    preset_cardgames: "cardgames.io (Partnerspiel zu viert)", sw_target: "Gewonnen ab",
    phase_bidding: "Bieten", phase_trump: "Trumpf ansagen", phase_give: "Karten geben", phase_return: "Karten zur\u00FCckgeben",
    phase_play: "Stichphase", phase_done: "Runde vorbei", trump: "Trumpf", bk_roundN: "Runde {n}", bk_phase_done: "Runde vorbei", bk_captionDeal: "Runde {n} wird gegeben", yourTurn: "Du bist dran",
    waitingFor: "Warten auf {name}", spectating: "Du schaust zu", sheet: "Punkteliste", lastTrick: "Letzter Stich",
    hint: "Tipp", matchOver: "Spiel vorbei", wonBy: "Stich f\u00FCr {name}", noTrickYet: "Noch kein Stich gespielt",
    you: "du", close: "Schlie\u00DFen", hintChance: "{action}: {n}% Chance",
    bk_suit_h: "Herz", bk_suit_d: "Karo", bk_suit_c: "Kreuz", bk_suit_s: "Pik",
    bkm_sequence: "Sequenz", bkm_sequence_king: "Sequenz + K\u00F6nig", bkm_sequence_queen: "Sequenz + Dame",
    bkm_sequence_marriage: "Sequenz + Hochzeit", bkm_double_sequence: "Doppelte Sequenz", bkm_trump_nine: "Kleiner Trumpf",
    bkm_royal_marriage: "K\u00F6nigliche Hochzeit", bkm_marriage: "Einfache Hochzeit", bkm_binokel: "Binokel",
    bkm_double_binokel: "Doppel-Binokel", bkm_aces: "Ass-Runde", bkm_double_aces: "Doppel-Ass-Runde",
    bkm_kings: "K\u00F6nigs-Runde", bkm_double_kings: "Doppel-K\u00F6nigs-Runde", bkm_queens: "Damen-Runde",
    bkm_double_queens: "Doppel-Damen-Runde", bkm_jacks: "Buben-Runde", bkm_double_jacks: "Doppel-Buben-Runde",
    bk_pass: "Passen", bk_w_bid: "{n} bieten", bk_w_trump: "{suit} ist Trumpf", bk_w_give: "{card} geben",
    bk_concede: "Aufgeben", bk_w_play: "{card} spielen",
    bk_ev_bid: "{name} bietet {n}", bk_ev_pass: "{name} passt", bk_ev_trump: "{name} sagt {suit} als Trumpf an",
    bk_ev_give_own: "{name} gibt {card}", bk_ev_give: "{name} gibt eine Karte", bk_ev_concede: "{name} gibt die Runde auf",
    bk_ev_play: "{name} spielt {card}",
    g_bk_reizen: "Bieten", gd_bk_reizen: "Mit 250 anfangen, dann 10 oder 20 h\u00F6her oder passen; wer passt, ist drau\u00DFen. Wer zuletzt bleibt, spielt und sagt Trumpf an.",
    g_bk_druecken: "Geben", gd_bk_druecken: "Der Partner des Spielers gibt ihm vier Karten, dann gibt der Spieler vier zur\u00FCck. Die Gegner sehen nicht welche.",
    g_bk_melden: "Melden", gd_bk_melden: "Nach dem Geben meldet jeder von selbst die beste Kombination seiner Karten; alle Meldungen liegen offen.",
    g_bk_sequenz: "Sequenz", gd_bk_sequenz: "Ass, Zehn, K\u00F6nig, Dame, Bube in Trumpf: 150; beide: 1500.",
    g_bk_binokel: "Binokel", gd_bk_binokel: "Karo Bube und Pik Dame: 40; beide doppelt: 300.",
    g_bk_abgehen: "Aufgeben", gd_bk_abgehen: "Liegt das Gebot mehr als 250 \u00FCber der Meldung der eigenen Partei, darf der Spieler vor dem ersten Stich aufgeben: das Gebot wird abgezogen, die Gegner schreiben ihre Meldung.",
    g_bk_stechen: "Stechen", gd_bk_stechen: "Farbe bedienen, sonst trumpfen; wer kann, muss den Stich gewinnen, auch gegen den Partner.",
    g_bk_zaehlen: "Z\u00E4hlen", gd_bk_zaehlen: "Ass, Zehn und K\u00F6nig je 10, der letzte Stich 10: 250 in allem. Ohne Stichpunkte z\u00E4hlt auch die Meldung nicht.",
    bk_hintValue: "{action}: {n}", bk_hintChance: "{action}: {n}% Chance, das Gebot zu schaffen",
    bk_hintShare: "{action}: {n}% der restlichen Stichpunkte f\u00FCr euch", bk_hintGive: "Vorschlag zum Geben: {cards}",
    bk_bidWinner: "hat das Bieten gewonnen", bk_bidShort: "Spiel {n}", bk_meldTotal: "Meldung {n}",
    bk_giving: "gibt: {n}/4", bk_gave: "Gegeben:", bk_received: "Bekommen:",
    bk_contractTag: "Spiel: {n} ({name})", bk_roundTag: "Meldung {a} : {b} \u00B7 Stiche {c} : {d}",
    bk_targetHelp: "Gewonnen hat die Partei, die nach einer Runde {n} Punkte oder mehr hat.", bk_scoreTag: "{a} {x} \u00B7 {b} {y} / {n}",
    bk_highBid: "H\u00F6chstes Gebot: {n} ({name})", bk_firstBid: "Das erste Gebot ist {n}", bk_bidN: "{n} bieten",
    bk_nameTrump: "Sag Trumpf an", bk_givePick: "W\u00E4hle {n} Karten f\u00FCr {name}: klicke sie an",
    bk_returnPick: "W\u00E4hle {n} Karten, die du {name} zur\u00FCckgibst: klicke sie an", bk_giveGo: "Geben ({n}/{need}) {cards}",
    bk_concedeWhy: "Dein Gebot {bid} liegt mehr als 250 \u00FCber eurer Meldung {meld}: du darfst aufgeben oder eine Karte ausspielen.",
    bk_concedeGo: "Aufgeben (\u2212{n})",
    bk_game: "Spiel", bk_meld: "Meldung", bk_tricks: "Stiche", bk_round: "Runde", bk_total: "Stand",
    bk_conceded: "aufgegeben", bk_made: "gewonnen", bk_lost: "\u00FCberreizt", bk_target: "Ziel: {n}",
    bk_winners: "{names} gewinnen!", bk_rounds: "{n} Runden",
    bk_roundResult: "Runde {n}: {name} spielt {bid}, Trumpf {suit}", bk_resultConceded: "Aufgegeben: \u2212{bid}",
    bk_resultMade: "Gebot {bid} erreicht ({n})", bk_resultLost: "\u00DCberreizt: {n} statt {bid}, \u2212{bid}",
    bk_resultSide: "{names}: Meldung {meld}, Stiche {tricks}, Runde {delta}", bk_resultText: "{names} gewinnen ({a} : {b})",
  },
  // ------------------------------------------------ Binokel: nl
  nl: {
    preset_cardgames: "cardgames.io (met z'n vieren, twee teams)", sw_target: "Gewonnen vanaf",
    phase_give: "Kaarten geven", phase_return: "Kaarten teruggeven", bk_roundN: "Ronde {n}", bk_phase_done: "Ronde voorbij", bk_captionDeal: "Ronde {n} wordt gedeeld",
    bk_suit_h: "harten", bk_suit_d: "ruiten", bk_suit_c: "klaveren", bk_suit_s: "schoppen",
    bkm_sequence: "reeks", bkm_sequence_king: "reeks + heer", bkm_sequence_queen: "reeks + vrouw",
    bkm_sequence_marriage: "reeks + koninklijk huwelijk", bkm_double_sequence: "dubbele reeks", bkm_trump_nine: "troefnegen",
    bkm_royal_marriage: "koninklijk huwelijk", bkm_marriage: "huwelijk", bkm_binokel: "binokel",
    bkm_double_binokel: "dubbele binokel", bkm_aces: "vier azen", bkm_double_aces: "acht azen",
    bkm_kings: "vier heren", bkm_double_kings: "acht heren", bkm_queens: "vier vrouwen",
    bkm_double_queens: "acht vrouwen", bkm_jacks: "vier boeren", bkm_double_jacks: "acht boeren",
    bk_pass: "Passen", bk_w_bid: "{n} bieden", bk_w_trump: "{suit} troef", bk_w_give: "{card} geven",
    bk_concede: "Opgeven", bk_w_play: "{card} spelen",
    bk_ev_bid: "{name} biedt {n}", bk_ev_pass: "{name} past", bk_ev_trump: "{name} maakt {suit} troef",
    bk_ev_give_own: "{name} geeft {card}", bk_ev_give: "{name} geeft een kaart", bk_ev_concede: "{name} geeft de ronde op",
    bk_ev_play: "{name} speelt {card}",
    g_bk_reizen: "Bieden", gd_bk_reizen: "Beginnen bij 250, daarna 10 of 20 hoger of passen; wie past, is eruit. Wie als laatste overblijft, speelt en maakt troef.",
    g_bk_druecken: "Geven", gd_bk_druecken: "De maat van de speler geeft hem vier kaarten, daarna geeft de speler er vier terug. De tegenstanders zien niet welke.",
    g_bk_melden: "Melden", gd_bk_melden: "Na het geven meldt ieder vanzelf de beste combinatie van zijn kaarten; alle meldingen liggen open.",
    g_bk_sequenz: "Reeks", gd_bk_sequenz: "Aas, tien, heer, vrouw, boer in troef: 150; allebei: 1500.",
    g_bk_binokel: "Binokel", gd_bk_binokel: "Ruitenboer en schoppenvrouw: 40; beide dubbel: 300.",
    g_bk_abgehen: "Opgeven", gd_bk_abgehen: "Ligt het bod meer dan 250 boven de melding van de eigen partij, dan mag de speler voor de eerste slag opgeven: het bod gaat eraf, de tegenstanders schrijven hun melding.",
    g_bk_stechen: "Slagen", gd_bk_stechen: "Kleur bekennen, anders troeven; wie de slag kan winnen, moet dat, ook tegen de maat.",
    g_bk_zaehlen: "Tellen", gd_bk_zaehlen: "Aas, tien en heer elk 10, de laatste slag 10: samen 250. Zonder slagpunten telt ook de melding niet.",
    bk_hintValue: "{action}: {n}", bk_hintChance: "{action}: {n}% kans om het bod te halen",
    bk_hintShare: "{action}: {n}% van de overige slagpunten voor jullie", bk_hintGive: "Voorstel om te geven: {cards}",
    bk_bidWinner: "heeft het bieden gewonnen", bk_bidShort: "speelt {n}", bk_meldTotal: "melding {n}",
    bk_giving: "geeft: {n}/4", bk_gave: "Gegeven:", bk_received: "Gekregen:",
    bk_contractTag: "Bod: {n} ({name})", bk_roundTag: "Melding {a} : {b} \u00B7 slagen {c} : {d}",
    bk_targetHelp: "De partij die na een ronde {n} punten of meer heeft, wint.", bk_scoreTag: "{a} {x} \u00B7 {b} {y} / {n}",
    bk_highBid: "Hoogste bod: {n} ({name})", bk_firstBid: "Het eerste bod is {n}", bk_bidN: "{n} bieden",
    bk_nameTrump: "Maak troef", bk_givePick: "Kies {n} kaarten voor {name}: klik ze aan",
    bk_returnPick: "Kies {n} kaarten om aan {name} terug te geven: klik ze aan", bk_giveGo: "Geven ({n}/{need}) {cards}",
    bk_concedeWhy: "Je bod {bid} ligt meer dan 250 boven jullie melding {meld}: je mag opgeven of een kaart uitspelen.",
    bk_concedeGo: "Opgeven (\u2212{n})",
    bk_game: "Spel", bk_meld: "Melding", bk_tricks: "Slagen", bk_round: "Ronde", bk_total: "Stand",
    bk_conceded: "opgegeven", bk_made: "gehaald", bk_lost: "overboden", bk_target: "Doel: {n}",
    bk_winners: "{names} winnen!", bk_rounds: "{n} rondes",
    bk_roundResult: "Ronde {n}: {name} speelt {bid}, troef {suit}", bk_resultConceded: "Opgegeven: \u2212{bid}",
    bk_resultMade: "Bod {bid} gehaald ({n})", bk_resultLost: "Overboden: {n} in plaats van {bid}, \u2212{bid}",
    bk_resultSide: "{names}: melding {meld}, slagen {tricks}, ronde {delta}", bk_resultText: "{names} winnen ({a} : {b})",
  },
  // ------------------------------------------------ Binokel: en
  en: {
    preset_cardgames: "cardgames.io (four players, two sides)", sw_target: "Game to",
    phase_give: "Passing cards", phase_return: "Passing back", bk_roundN: "Round {n}", bk_phase_done: "Round over", bk_captionDeal: "Round {n} is dealt",
    bk_suit_h: "hearts", bk_suit_d: "diamonds", bk_suit_c: "clubs", bk_suit_s: "spades",
    bkm_sequence: "sequence", bkm_sequence_king: "sequence + king", bkm_sequence_queen: "sequence + queen",
    bkm_sequence_marriage: "sequence + royal marriage", bkm_double_sequence: "double sequence", bkm_trump_nine: "trump nine",
    bkm_royal_marriage: "royal marriage", bkm_marriage: "marriage", bkm_binokel: "binokel",
    bkm_double_binokel: "double binokel", bkm_aces: "aces around", bkm_double_aces: "all eight aces",
    bkm_kings: "kings around", bkm_double_kings: "all eight kings", bkm_queens: "queens around",
    bkm_double_queens: "all eight queens", bkm_jacks: "jacks around", bkm_double_jacks: "all eight jacks",
    bk_pass: "Pass", bk_w_bid: "bid {n}", bk_w_trump: "{suit} trump", bk_w_give: "pass {card}",
    bk_concede: "Concede", bk_w_play: "play {card}",
    bk_ev_bid: "{name} bids {n}", bk_ev_pass: "{name} passes", bk_ev_trump: "{name} names {suit} trump",
    bk_ev_give_own: "{name} passes {card}", bk_ev_give: "{name} passes a card", bk_ev_concede: "{name} concedes the round",
    bk_ev_play: "{name} plays {card}",
    g_bk_reizen: "Bidding", gd_bk_reizen: "Start at 250, then 10 or 20 higher or pass; a player who passed is out. The last one in plays and names trump.",
    g_bk_druecken: "Passing", gd_bk_druecken: "The bid winner's partner passes him four cards, then he passes four back. The other side does not see which.",
    g_bk_melden: "Melding", gd_bk_melden: "After the passing every hand melds its best combination by itself; all melds are open.",
    g_bk_sequenz: "Sequence", gd_bk_sequenz: "Ace, ten, king, queen, jack of trumps: 150; both: 1500.",
    g_bk_binokel: "Binokel", gd_bk_binokel: "Jack of diamonds and queen of spades: 40; both twice: 300.",
    g_bk_abgehen: "Conceding", gd_bk_abgehen: "When the bid is more than 250 above the side's meld, the bid winner may give up before the first trick: the bid is subtracted and the other side scores its meld.",
    g_bk_stechen: "Tricks", gd_bk_stechen: "Follow suit, else trump; whoever can win the trick must, even against the partner.",
    g_bk_zaehlen: "Counting", gd_bk_zaehlen: "Aces, tens and kings 10 each, the last trick 10: 250 in all. A side without trick points scores no meld either.",
    bk_hintValue: "{action}: {n}", bk_hintChance: "{action}: {n}% chance to make the bid",
    bk_hintShare: "{action}: {n}% of the trick points still out for your side", bk_hintGive: "Suggested to pass: {cards}",
    bk_bidWinner: "won the bidding", bk_bidShort: "plays {n}", bk_meldTotal: "meld {n}",
    bk_giving: "passing: {n}/4", bk_gave: "Passed:", bk_received: "Received:",
    bk_contractTag: "Bid: {n} ({name})", bk_roundTag: "Meld {a} : {b} \u00B7 tricks {c} : {d}",
    bk_targetHelp: "A side with {n} points or more at the end of a round wins.", bk_scoreTag: "{a} {x} \u00B7 {b} {y} / {n}",
    bk_highBid: "Highest bid: {n} ({name})", bk_firstBid: "The first bid is {n}", bk_bidN: "Bid {n}",
    bk_nameTrump: "Name trump", bk_givePick: "Pick {n} cards to pass to {name}: click them",
    bk_returnPick: "Pick {n} cards to pass back to {name}: click them", bk_giveGo: "Pass ({n}/{need}) {cards}",
    bk_concedeWhy: "Your bid {bid} is more than 250 above your side's meld {meld}: you may concede, or lead a card.",
    bk_concedeGo: "Concede (\u2212{n})",
    bk_game: "Game", bk_meld: "Meld", bk_tricks: "Tricks", bk_round: "Round", bk_total: "Total",
    bk_conceded: "conceded", bk_made: "made", bk_lost: "went back", bk_target: "Target: {n}",
    bk_winners: "{names} win!", bk_rounds: "{n} rounds",
    bk_roundResult: "Round {n}: {name} plays {bid}, {suit} trump", bk_resultConceded: "Conceded: \u2212{bid}",
    bk_resultMade: "Bid {bid} made ({n})", bk_resultLost: "Went back: {n} instead of {bid}, \u2212{bid}",
    bk_resultSide: "{names}: meld {meld}, tricks {tricks}, round {delta}", bk_resultText: "{names} win ({a} : {b})",
  },
};
for (const [language, texts] of Object.entries(BINOKEL_TEXTS)) {
  for (const [key, text] of Object.entries(texts)) if (!(key in TEXTS[language])) TEXTS[language][key] = text;
}
// ---------------------------------------------------------------- end of Binokel

// ---------------------------------------------------------------- the lobby's own tables and the table's settings
// (web/mytables.js, web/settings.js): filled in like Binokel's block, keys the tables above lack.
const TABLE_TEXTS = {
  en: {
    set_deck: "Deck colours", deckTwo: "two colours (\u2665 \u2666 red)", deckFour: "four colours (\u2666 blue, \u2663 green)",
    set_confirmPlay: "Confirm before playing a card", playGo: "Play {card}",
    confirmPlayHelp: "Click the card again or press Enter to play it; Esc puts it back.",
    myTables: "My tables", myTablesNone: "No table of yours is running in this browser.", rejoin: "Back to the table",
    tournamentsLink: "Tournaments", yourNameForm: "Your name", sidesLine: "{a} and {b} against {c} and {d}",
    partnerOf: "partner of seat {n}",
    val_last_resort: "only with nothing else to play", val_forced: "must trump, under if need be",
  },
  nl: {
    set_deck: "Kleuren van de kaarten", deckTwo: "twee kleuren (\u2665 \u2666 rood)", deckFour: "vier kleuren (\u2666 blauw, \u2663 groen)",
    set_confirmPlay: "Bevestigen voor je een kaart speelt", playGo: "Speel {card}",
    confirmPlayHelp: "Klik nog eens op de kaart of druk op Enter om hem te spelen; Esc legt hem terug.",
    myTables: "Mijn tafels", myTablesNone: "Er loopt in deze browser geen tafel van jou.", rejoin: "Terug naar de tafel",
    tournamentsLink: "Toernooien", yourNameForm: "Je naam", sidesLine: "{a} en {b} tegen {c} en {d}",
    partnerOf: "maat van plaats {n}",
    val_last_resort: "alleen als je niets anders hebt", val_forced: "moet troeven, zo nodig onder",
  },
  de: {
    set_deck: "Kartenfarben", deckTwo: "zwei Farben (\u2665 \u2666 rot)", deckFour: "vier Farben (\u2666 blau, \u2663 gr\u00FCn)",
    set_confirmPlay: "Vor dem Ausspielen best\u00E4tigen", playGo: "{card} spielen",
    confirmPlayHelp: "Klicke die Karte noch einmal an oder dr\u00FCcke Enter, um sie zu spielen; Esc legt sie zur\u00FCck.",
    myTables: "Meine Tische", myTablesNone: "In diesem Browser l\u00E4uft kein Tisch von dir.", rejoin: "Zur\u00FCck zum Tisch",
    tournamentsLink: "Turniere", yourNameForm: "Dein Name", sidesLine: "{a} und {b} gegen {c} und {d}",
    partnerOf: "Partner von Platz {n}",
    val_last_resort: "nur wenn nichts anderes bleibt", val_forced: "muss trumpfen, notfalls drunter",
  },
};
for (const [language, texts] of Object.entries(TABLE_TEXTS)) {
  for (const [key, text] of Object.entries(texts)) if (!(key in TEXTS[language])) TEXTS[language][key] = text;
}

// The keys a language lacks (a test asks: every language has every English key).
// Texts a module keeps beside its code (chat.js, guide.js, explain.js): merged in, checked by missingKeys alike.
export function addTexts(more) {
  for (const [language, texts] of Object.entries(more)) Object.assign(TEXTS[language], texts);
}

export function missingKeys(language) {
  return Object.keys(TEXTS.en).filter((key) => !(key in (TEXTS[language] || {})));
}

// ---------------------------------------------------------------- refusals
// An action the rules refuse comes with the engine's refusal: a code and its parameters. Each game keeps
// their texts in every language (troef/games/<game>/texts.py); the server serves them at
// /api/games/{game}/texts and the page words a refusal in its own language with them. A template has
// "{name}" (the parameter), "{name:suit}" (a suit's name), "{name:card}" (a card as the game writes it)
// and "{name|one|other}" (troef/core/refusals.py reads the same forms).
const GAME_TEXTS = {};
const SUIT_SYMBOLS = "\u2665\u2666\u2663\u2660";

// Fetch a game's texts once (a failed fetch is tried again the next time a page of the game opens).
export function loadGameTexts(game) {
  if (!game || GAME_TEXTS[game]) return GAME_TEXTS[game];
  GAME_TEXTS[game] = fetch(`/api/games/${encodeURIComponent(game)}/texts`)
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(res.statusText))))
    .then((texts) => (GAME_TEXTS[game] = texts))
    .catch(() => delete GAME_TEXTS[game]);
  return GAME_TEXTS[game];
}

function gameCard(texts, language, card) {
  const suit = (card >> 3) & 3;
  const parts = { rank: texts.ranks[language][card & 7], suit: texts.suits[language][suit], symbol: SUIT_SYMBOLS[suit], letter: "hdcs"[suit] };
  return texts.cards[language].replace(/\{(\w+)\}/g, (whole, k) => parts[k] ?? whole);
}

// A refusal ({code, params}) of ``game`` in ``language``, or null while its texts are not here (or the code
// is unknown: a server newer than this page).
export function refusalText(game, refusal, language = lang) {
  const texts = GAME_TEXTS[game];
  if (!texts || texts instanceof Promise || !refusal) return null;
  const entry = texts.refusals[refusal.code];
  return entry ? fillGameText(texts, entry, refusal.params || {}, language) : null;
}

// A game's own word (its catalogue's "words": deal, action_<verb>, phase_<phase>, preset_<name>,
// level_<kind>; troef.core.game.Game.word) in ``language``, or null where the game has none.
export function gameWord(game, key, params = {}, language = lang) {
  const texts = GAME_TEXTS[game];
  if (!texts || texts instanceof Promise || !texts.words || !texts.words[key]) return null;
  return fillGameText(texts, texts.words[key], params, language);
}

function fillGameText(texts, entry, params, language) {
  const use = entry[language] ? language : "en";
  return entry[use].replace(/\{(\w+)(?::(\w+)|\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, k, kind, one, other) => {
    if (!Object.hasOwn(params, k)) return whole;
    const value = params[k];
    if (one !== undefined) return Number(value) === 1 ? one : other;
    if (kind === "suit") return texts.suits[use][value];
    if (kind === "card") return gameCard(texts, use, value);
    return String(value);
  });
}

// The language: the one chosen in this browser (the switch in the header), else the browser's, on every
// page: a table never switches to its game's first language (a player who reads English reads Binokel in
// English too).
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

// A text's plural forms are written "{n|card|cards}": the form Intl.PluralRules of the page's language
// picks for the number n ("one" takes the first, every other category the second: nl, en and de have
// no more). "{n}" alone is the number itself.
const pluralRules = {};
export function plural(n, one, other, language = lang) {
  pluralRules[language] = pluralRules[language] || new Intl.PluralRules(language);
  return pluralRules[language].select(Number(n)) === "one" ? one : other;
}

export function t(key, vars = {}) {
  const table = TEXTS[lang] || TEXTS.en;
  const text = table[key] ?? TEXTS.en[key] ?? key;
  // one pass over the template: a value (a player's name, say) is never searched for placeholders itself
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, k, one, other) => {
    if (!Object.hasOwn(vars, k)) return whole;
    return one === undefined ? String(vars[k]) : plural(vars[k], one, other);
  });
}

// A server error in the UI's language: a refusal of the rules by its code and parameters (with the texts
// of ``game``), else a text per error code, else the server's (English) message.
export function errorMessage(message, code = "", refusal = null, game = null) {
  const worded = refusalText(game, refusal);
  if (worded !== null) return worded;
  if (lang === "en") return message;
  if (code && TEXTS[lang]?.[`err_${code}`]) return TEXTS[lang][`err_${code}`];
  return message;
}

setLang(lang, false);
