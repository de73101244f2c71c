// A guided first deal per game: from the lobby ("Learn to play"), a practice table with a fixed seed and
// computer players where the table explains each step, one explanation at a time, each dismissable.
//
// The guide is data: per game a list of STEPS, each keyed on the phase (and whether it is the player's turn)
// or on what has happened (a trick taken, a kraak said, melds shown). At every redraw the first step not yet
// dismissed whose condition holds is shown; so the guide follows whatever the deal does, and a step that no
// longer applies (the bidding is over) gives way to the next. Everything it says comes from this seat's view.

import { addTexts, t } from "./i18n.js";
import { parseCard, suitName } from "./cards.js";
import { api, errorText, h, seatName, store, toast } from "./dom.js";

addTexts({
  en: {
    learn: "Learn to play", learnHelp: "A practice deal with computer players; the table explains each step.", learnGame: "Learn {game}",
    gu_title: "Guide", gu_next: "Got it", gu_stop: "Stop the guide", gu_step: "Tip {n}",
    gu_welcome: "A practice deal: you sit at the bottom, the computer plays the other seats. The table explains each step here; press \u201CGot it\u201D to go on.",
    gu_lead: "You lead this trick: any card of your hand may go. The others must follow its suit.",
    gu_follow: "{suit} was led and you have {suit}: you must follow suit, so only those cards are lit.",
    gu_followHigher: "{suit} was led: you must follow suit and go higher if you can, so only the lit cards may go.",
    gu_mustTrump: "You have no {suit}: you must play a trump ({trump}).",
    gu_mustOvertrump: "You have no {suit}: you must trump, higher than the trump in the trick if you can.",
    gu_followOrTrump: "{suit} was led: follow suit or play a trump; the lit cards are those the rules allow.",
    gu_free: "You have no {suit} and need not trump: any card may go.",
    gu_legal: "The lit cards are the ones the rules allow now.",
    gu_trick: "{name} took the trick: the highest trump, or else the highest card of the suit led, takes it, and its taker leads next.",
    gu_bo_bid: "Bidding: bid the points you expect to take in tricks (and roem), or pass. The highest bidder takes the centre cards and names trump.",
    gu_bo_exchange: "You took the centre cards: they are marked in your hand. Pick as many cards to lay away, then confirm.",
    gu_bo_trump: "Name trump: the suit whose cards beat all others in this hand.",
    gu_bo_roem: "Roem: declare the bonus points your cards show (sequences, four of a kind, stuk) or none.",
    gu_bo_done: "The hand is over: whoever played the contract gets a plus if they made it, a minus if not. The score sheet explains every row.",
    gu_kj_choose: "Choose trump or pass. The side that names trump plays and must take more than half of the points (roem included), or it goes nat.",
    gu_kj_kraak: "Kraak: say it if you think the players will go nat. It doubles the card points (\u00D72); they may answer rekraak (\u00D74) and you superkraak (\u00D78). The side that speaks last must take more than half.",
    gu_kj_chooseMust: "Choose trump: here the first player must play (verplicht), so passing is not possible. Your side then must take more than half of the points (roem included), or it goes nat.",
    gu_kj_rekraak: "Your side was kraaked: the others think you will go nat, and the card points count \u00D72. Answer rekraak (\u00D74) if you are sure your side takes more than half; \u201CNo\u201D keeps it at \u00D72.",
    gu_kj_superkraak: "They answered with rekraak (\u00D74): superkraak (\u00D78) if you are sure they still go nat; \u201CNo\u201D keeps it at \u00D74.",
    gu_end: "That was the practice deal, and the guide ends here. The table plays on as a whole match if you like, or go back to the lobby.",
    gu_kj_kraakSaid: "A {word} was said: the card points of this deal count \u00D7{n}, and the side that spoke last must take more than half.",
    gu_kj_roem: "Roem from the hand: during the first trick you may declare sequences and four of a kind you hold; later higher roem of the others can cancel it.",
    gu_kj_done: "The deal is over: the playing side made it, went nat or took every trick (pit). The score sheet explains the row, multiplier included.",
    gu_bi_bid: "Bidding: say how many points your side will make with melds and tricks, or pass. The highest bidder names trump.",
    gu_bi_trump: "You won the bidding: name trump.",
    gu_bi_give: "Partners swap four cards: the bidder's partner gives four, the bidder gives four back.",
    gu_bi_meld: "The melds are shown: your side's count {n}. They count only if your side takes trick points: a side without any loses its meld.",
    gu_bi_done: "The round is over: each side adds meld and trick points; a bidder short of the bid loses it. The score sheet explains the row.",
  },
  nl: {
    learn: "Leer spelen", learnHelp: "Een oefenspel met computerspelers; de tafel legt elke stap uit.", learnGame: "Leer {game}",
    gu_title: "Uitleg", gu_next: "Begrepen", gu_stop: "Stop de uitleg", gu_step: "Tip {n}",
    gu_welcome: "Een oefenspel: jij zit onderaan, de computer speelt de andere plaatsen. De tafel legt hier elke stap uit; druk op \u201CBegrepen\u201D om verder te gaan.",
    gu_lead: "Jij komt uit in deze slag: elke kaart uit je hand mag. De anderen moeten die kleur bekennen.",
    gu_follow: "Er is {suit} gevraagd en je hebt {suit}: je moet bekennen, dus alleen die kaarten zijn verlicht.",
    gu_followHigher: "Er is {suit} gevraagd: je moet bekennen en hoger gaan als je kunt, dus alleen de verlichte kaarten mogen.",
    gu_mustTrump: "Je hebt geen {suit}: je moet troeven ({trump}).",
    gu_mustOvertrump: "Je hebt geen {suit}: je moet troeven, hoger dan de troef in de slag als je kunt.",
    gu_followOrTrump: "Er is {suit} gevraagd: bekennen of troeven; de verlichte kaarten zijn wat de regels toestaan.",
    gu_free: "Je hebt geen {suit} en hoeft niet te troeven: elke kaart mag.",
    gu_legal: "De verlichte kaarten zijn wat de regels nu toestaan.",
    gu_trick: "{name} haalde de slag: de hoogste troef, of anders de hoogste kaart van de gevraagde kleur, wint, en wie hem haalt komt uit.",
    gu_bo_bid: "Bieden: bied de punten die je denkt te halen in slagen (en roem), of pas. De hoogste bieder pakt de kaarten uit het midden en noemt troef.",
    gu_bo_exchange: "Jij pakte de kaarten uit het midden: ze zijn gemarkeerd in je hand. Kies evenveel kaarten om weg te leggen en bevestig.",
    gu_bo_trump: "Noem troef: de kleur die in deze gift alle andere slaat.",
    gu_bo_roem: "Roem: meld de extra punten die je kaarten tonen (reeksen, vier gelijke, stuk) of geen.",
    gu_bo_done: "De gift is voorbij: wie speelde krijgt een plus als het gehaald is, anders een min. Het scoreformulier legt elke rij uit.",
    gu_kj_choose: "Kies troef of pas. De partij die troef noemt speelt en moet meer dan de helft van de punten halen (roem meegeteld), anders gaat ze nat.",
    gu_kj_kraak: "Kraak: zeg het als je denkt dat de spelers nat gaan. Het verdubbelt de kaartpunten (\u00D72); zij kunnen rekraak zeggen (\u00D74) en jij superkraak (\u00D78). De partij die het laatst spreekt moet meer dan de helft halen.",
    gu_kj_chooseMust: "Kies troef: hier moet de eerste speler spelen (verplicht), dus passen kan niet. Jouw partij moet dan meer dan de helft van de punten halen (roem meegeteld), anders gaat ze nat.",
    gu_kj_rekraak: "Jouw partij is gekraakt: de anderen denken dat jullie nat gaan, en de kaartpunten tellen \u00D72. Zeg rekraak (\u00D74) als je zeker weet dat jullie meer dan de helft halen; \u201CNee\u201D houdt het op \u00D72.",
    gu_kj_superkraak: "Zij antwoordden met rekraak (\u00D74): zeg superkraak (\u00D78) als je zeker weet dat ze toch nat gaan; \u201CNee\u201D houdt het op \u00D74.",
    gu_end: "Dat was het oefenspel, en hier stopt de uitleg. De tafel speelt verder als een hele partij als je wilt, of ga terug naar de lobby.",
    gu_kj_kraakSaid: "Er is {word} gezegd: de kaartpunten van dit spel tellen \u00D7{n}, en de partij die het laatst sprak moet meer dan de helft halen.",
    gu_kj_roem: "Roem uit de hand: tijdens de eerste slag mag je reeksen en vier gelijke uit je hand melden; later kan hogere roem van de anderen die wegstrepen.",
    gu_kj_done: "Het spel is voorbij: de spelende partij haalde het, ging nat of haalde alle slagen (pit). Het scoreformulier legt de rij uit, de vermenigvuldiging ook.",
    gu_bi_bid: "Bieden: zeg hoeveel punten jouw partij haalt met roem en slagen, of pas. De hoogste bieder noemt troef.",
    gu_bi_trump: "Jij won het bieden: noem troef.",
    gu_bi_give: "Partners ruilen vier kaarten: de partner van de bieder geeft er vier, de bieder geeft er vier terug.",
    gu_bi_meld: "De roem ligt open: die van jouw partij telt {n}. Ze telt alleen als jouw partij slagpunten haalt: een partij zonder slagpunten verliest haar roem.",
    gu_bi_done: "De ronde is voorbij: elke partij telt roem en slagpunten; een bieder die zijn bod niet haalt verliest het. Het scoreformulier legt de rij uit.",
  },
  de: {
    learn: "Spielen lernen", learnHelp: "Ein \u00DCbungsspiel mit Computerspielern; der Tisch erkl\u00E4rt jeden Schritt.", learnGame: "{game} lernen",
    gu_title: "Erkl\u00E4rung", gu_next: "Verstanden", gu_stop: "Erkl\u00E4rung beenden", gu_step: "Tipp {n}",
    gu_welcome: "Ein \u00DCbungsspiel: du sitzt unten, der Computer spielt die anderen Pl\u00E4tze. Der Tisch erkl\u00E4rt hier jeden Schritt; dr\u00FCcke \u201EVerstanden\u201C, um weiterzumachen.",
    gu_lead: "Du spielst zu diesem Stich aus: jede Karte deiner Hand ist erlaubt. Die anderen m\u00FCssen die Farbe bedienen.",
    gu_follow: "{suit} wurde ausgespielt und du hast {suit}: du musst bedienen, deshalb leuchten nur diese Karten.",
    gu_followHigher: "{suit} wurde ausgespielt: du musst bedienen und h\u00F6her gehen, wenn du kannst; nur die leuchtenden Karten sind erlaubt.",
    gu_mustTrump: "Du hast kein {suit}: du musst trumpfen ({trump}).",
    gu_mustOvertrump: "Du hast kein {suit}: du musst trumpfen, h\u00F6her als der Trumpf im Stich, wenn du kannst.",
    gu_followOrTrump: "{suit} wurde ausgespielt: bedienen oder trumpfen; die leuchtenden Karten sind, was die Regeln erlauben.",
    gu_free: "Du hast kein {suit} und musst nicht trumpfen: jede Karte ist erlaubt.",
    gu_legal: "Die leuchtenden Karten sind, was die Regeln jetzt erlauben.",
    gu_trick: "{name} bekam den Stich: der h\u00F6chste Trumpf, sonst die h\u00F6chste Karte der ausgespielten Farbe, gewinnt, und wer ihn bekommt, spielt aus.",
    gu_bo_bid: "Bieten: biete die Punkte, die du in Stichen (und Roem) erwartest, oder passe. Der H\u00F6chstbietende nimmt die Karten aus der Mitte und bestimmt Trumpf.",
    gu_bo_exchange: "Du hast die Karten aus der Mitte genommen: sie sind in deiner Hand markiert. W\u00E4hle ebenso viele Karten zum Ablegen und best\u00E4tige.",
    gu_bo_trump: "Bestimme Trumpf: die Farbe, die in diesem Spiel alle anderen sticht.",
    gu_bo_roem: "Roem: melde die Extrapunkte deiner Karten (Folgen, vier Gleiche, Stuk) oder keine.",
    gu_bo_done: "Das Spiel ist vorbei: wer gespielt hat, bekommt ein Plus, wenn es geschafft ist, sonst ein Minus. Der Spielzettel erkl\u00E4rt jede Zeile.",
    gu_kj_choose: "W\u00E4hle Trumpf oder passe. Die Partei, die Trumpf bestimmt, spielt und muss mehr als die H\u00E4lfte der Punkte (mit Roem) bekommen, sonst geht sie nat.",
    gu_kj_kraak: "Kraak: sag es, wenn du glaubst, dass die Spieler nat gehen. Es verdoppelt die Kartenpunkte (\u00D72); sie k\u00F6nnen Rekraak antworten (\u00D74) und du Superkraak (\u00D78). Die Partei, die zuletzt spricht, muss mehr als die H\u00E4lfte bekommen.",
    gu_kj_chooseMust: "W\u00E4hle Trumpf: hier muss der erste Spieler spielen (verplicht), Passen geht also nicht. Deine Partei muss dann mehr als die H\u00E4lfte der Punkte (mit Roem) bekommen, sonst geht sie nat.",
    gu_kj_rekraak: "Deine Partei wurde gekraakt: die anderen glauben, dass ihr nat geht, und die Kartenpunkte z\u00E4hlen \u00D72. Antworte mit Rekraak (\u00D74), wenn du sicher bist, dass ihr mehr als die H\u00E4lfte bekommt; \u201ENein\u201C l\u00E4sst es bei \u00D72.",
    gu_kj_superkraak: "Sie haben mit Rekraak geantwortet (\u00D74): Superkraak (\u00D78), wenn du sicher bist, dass sie trotzdem nat gehen; \u201ENein\u201C l\u00E4sst es bei \u00D74.",
    gu_end: "Das war das \u00DCbungsspiel, und die Erkl\u00E4rung endet hier. Der Tisch spielt als ganze Partie weiter, wenn du willst, oder geh zur\u00FCck zur Lobby.",
    gu_kj_kraakSaid: "Es wurde {word} gesagt: die Kartenpunkte dieses Spiels z\u00E4hlen \u00D7{n}, und die Partei, die zuletzt sprach, muss mehr als die H\u00E4lfte bekommen.",
    gu_kj_roem: "Roem aus der Hand: w\u00E4hrend des ersten Stichs darfst du Folgen und vier Gleiche aus deiner Hand melden; sp\u00E4ter kann h\u00F6herer Roem der anderen ihn streichen.",
    gu_kj_done: "Das Spiel ist vorbei: die spielende Partei hat es geschafft, ist nat gegangen oder hat alle Stiche (Pit). Der Spielzettel erkl\u00E4rt die Zeile mit dem Faktor.",
    gu_bi_bid: "Reizen: sag, wie viele Punkte deine Partei mit Meldungen und Stichen macht, oder passe. Der H\u00F6chstbietende bestimmt Trumpf.",
    gu_bi_trump: "Du hast das Reizen gewonnen: bestimme Trumpf.",
    gu_bi_give: "Partner tauschen vier Karten: der Partner des Spielers gibt vier, der Spieler gibt vier zur\u00FCck.",
    gu_bi_meld: "Die Meldungen liegen offen: die deiner Partei z\u00E4hlen {n}. Sie z\u00E4hlen nur, wenn deine Partei Stichpunkte bekommt: eine Partei ohne Stichpunkte verliert ihre Meldung.",
    gu_bi_done: "Die Runde ist vorbei: jede Partei z\u00E4hlt Meldung und Stichpunkte; wer sein Gebot nicht schafft, verliert es. Der Spielzettel erkl\u00E4rt die Zeile.",
  },
});

// The practice deal of each game: its rules, and the seed that deals it (the same deal every time).
export const LESSONS = {
  bonaken: { players: 4, seed: 37001 }, // the lobby's default rules (the server's first preset)
  klaverjas: { preset: "kraken", players: 4, seed: 37002 },
  binokel: { players: 4, seed: 37003 },
};

const suitOf = (card) => parseCard(card).suit;
const cardsOf = (legal, verb = "play") => legal.filter((a) => a.startsWith(`${verb} `)).map((a) => a.split(" ")[1]);
const FACTOR = { kraak: 2, rekraak: 4, superkraak: 8 };

// Why the lit cards are the legal ones, from this seat's hand, the trick and the legal plays alone.
function legalWhy(c) {
  const v = c.view;
  if (!v.trick.length) return ["gu_lead", {}];
  const lead = suitOf(v.trick[0][1]);
  const trump = v.trump;
  const hand = v.hand || [];
  const legal = cardsOf(v.legal).map(suitOf);
  const mine = (suit) => hand.filter((card) => suitOf(card) === suit).length;
  const vars = { suit: suitName(lead), trump: trump ? suitName(trump) : "" };
  if (mine(lead)) {
    if (legal.every((s) => s === lead)) return [legal.length < mine(lead) ? "gu_followHigher" : "gu_follow", vars];
    if (trump && legal.every((s) => s === lead || s === trump)) return ["gu_followOrTrump", vars];
    return ["gu_legal", vars];
  }
  if (trump && legal.length && legal.every((s) => s === trump)) return [legal.length < mine(trump) ? "gu_mustOvertrump" : "gu_mustTrump", vars];
  if (legal.length === hand.length) return ["gu_free", vars];
  return ["gu_legal", vars];
}

// Steps every game shares: welcome first, then how to play a card (the first tricks), the first trick taken.
const playing = (c) => c.myTurn && cardsOf(c.view.legal).length > 0 && c.view.phase === "play";
const COMMON_START = [{ id: "welcome", when: () => true, say: () => ["gu_welcome", {}] }];
const COMMON_PLAY = [
  { id: (c) => `play-${c.view.tricks.length}`, when: (c) => playing(c) && c.view.tricks.length < 3, say: legalWhy },
  { id: "trick", when: (c) => c.view.tricks.length > 0 && c.view.phase === "play", say: (c) => ["gu_trick", { name: seatName(c.seats, c.view.tricks[c.view.tricks.length - 1].winner, c.seat) }] },
];

export const STEPS = {
  bonaken: [
    ...COMMON_START,
    { id: "bid", when: (c) => c.myTurn && c.view.phase === "bidding", say: () => ["gu_bo_bid", {}] },
    { id: "exchange", when: (c) => c.myTurn && c.view.phase === "exchange", say: () => ["gu_bo_exchange", {}] },
    { id: "trump", when: (c) => c.myTurn && c.view.phase === "trump", say: () => ["gu_bo_trump", {}] },
    { id: "roem", when: (c) => c.myTurn && c.view.phase === "roem", say: () => ["gu_bo_roem", {}] },
    ...COMMON_PLAY,
    { id: "done", when: (c) => !!c.view.result, say: () => ["gu_bo_done", {}] },
  ],
  klaverjas: [
    ...COMMON_START,
    // verplicht (Kraken): the first player must play, no "pass" on offer
    { id: "choose", when: (c) => c.myTurn && c.view.phase === "choose", say: (c) => [c.view.legal.includes("pass") ? "gu_kj_choose" : "gu_kj_chooseMust", {}] },
    // the word on offer says which side is asked (Kraken 3.1): kraak to the other side, rekraak to the kraaked
    // side, superkraak to the kraakers again
    { id: (c) => `kraak-${chainWord(c)}`, when: (c) => c.myTurn && c.view.phase === "kraak", say: (c) => [{ kraak: "gu_kj_kraak", rekraak: "gu_kj_rekraak", superkraak: "gu_kj_superkraak" }[chainWord(c)], {}] },
    // Kraken 3.1 and 3.3: each word of the chain doubles the card points
    { id: "kraak-said", when: (c) => FACTOR[c.view.kraak] && c.view.phase !== "kraak", say: (c) => ["gu_kj_kraakSaid", { word: c.view.kraak, n: FACTOR[c.view.kraak] }] },
    { id: "roem", when: (c) => c.myTurn && c.view.phase === "roem", say: () => ["gu_kj_roem", {}] },
    ...COMMON_PLAY,
    { id: "done", when: (c) => c.view.phase === "done", say: () => ["gu_kj_done", {}] },
  ],
  binokel: [
    ...COMMON_START,
    { id: "bid", when: (c) => c.myTurn && c.view.phase === "bidding", say: () => ["gu_bi_bid", {}] },
    { id: "trump", when: (c) => c.myTurn && c.view.phase === "trump", say: () => ["gu_bi_trump", {}] },
    { id: "give", when: (c) => ["give", "return"].includes(c.view.phase), say: () => ["gu_bi_give", {}] },
    // "Punktewertung": the meld counts only for a side that takes trick points
    { id: "meld", when: (c) => c.view.phase === "play" && (c.view.melds || []).some((m) => m && m.length), say: (c) => ["gu_bi_meld", { n: sideMeld(c) }] },
    ...COMMON_PLAY,
    { id: "done", when: (c) => c.view.phase === "done", say: () => ["gu_bi_done", {}] },
  ],
};

function chainWord(c) {
  return ["superkraak", "rekraak", "kraak"].find((w) => c.view.legal.includes(w)) || "kraak";
}

function sideMeld(c) {
  const melds = c.view.melds || [];
  return [c.seat, (c.seat + 2) % 4].reduce((sum, s) => sum + (melds[s] || []).reduce((a, m) => a + m.value, 0), 0);
}

// After the lesson's last step: the guide's goodbye (the table may play on as a whole match).
const END = { id: "end", when: (c) => c.view.phase === "done" || (c.hand || 1) > 1, say: () => ["gu_end", {}] };

// ---------------------------------------------------------------- the table's side
const key = (id) => `troef.guide.${id}`;

// Whether table `id` is guided: opened from "Learn to play" (the link's "#guide", then kept for this tab).
export function guideFlag(id, hash) {
  if (hash.has("guide")) {
    sessionStorage.setItem(key(id), "[]");
    history.replaceState(null, "", `/t/${id}`);
  }
  return sessionStorage.getItem(key(id)) !== null;
}

function dismissed(id) {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(key(id)) || "[]"));
  } catch (e) {
    return new Set();
  }
}

// The one explanation to show now, or null. c: { id, game, view (the frame's terms), seat, seats, myTurn, redraw }
export function guidePanel(c) {
  if (sessionStorage.getItem(key(c.id)) === null || c.seat === null) return null;
  // the lesson is the table's first deal: once the next one has started, its end is explained (the next
  // deal starts at once, so "done" would never be seen), then the guide says goodbye and is silent
  const later = (c.hand || 1) > 1;
  const steps = later ? [{ id: "done", when: () => true, say: () => (STEPS[c.game] || []).find((s) => s.id === "done")?.say(c) || ["gu_end", {}] }, END] : [...(STEPS[c.game] || []), END];
  const done = dismissed(c.id);
  let shown = null;
  let index = 0;
  for (const step of steps) {
    index += 1;
    const id = typeof step.id === "function" ? step.id(c) : step.id;
    if (!done.has(id) && step.when(c)) {
      shown = { id, say: step.say(c), index };
      break;
    }
  }
  if (!shown) return null;
  const [text, vars] = shown.say;
  const next = () => {
    done.add(shown.id);
    sessionStorage.setItem(key(c.id), JSON.stringify([...done]));
    c.redraw();
  };
  const stop = () => {
    sessionStorage.removeItem(key(c.id));
    c.redraw();
  };
  return h(
    "aside",
    { class: "guide", id: "guide", role: "status", "aria-label": t("gu_title"), dataset: { step: shown.id } },
    h("p", { id: "guide-text" }, h("strong", {}, `${t("gu_title")}: `), t(text, vars)),
    h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "guide-next", onclick: next }, t("gu_next")), h("button", { type: "button", id: "guide-stop", onclick: stop }, t("gu_stop"))),
  );
}

// ---------------------------------------------------------------- the lobby's side
// "Learn to play": one button per game the server offers, each making that game's practice table.
export function learnPanel(games, offered) {
  const buttons = offered.filter((name) => LESSONS[name]).map((name) => h("button", { type: "button", class: "learn", dataset: { game: name }, onclick: () => learn(games, name) }, t("learnGame", { game: games.games[name].title || name })));
  if (!buttons.length) return null;
  return h("section", { class: "panel learn-panel", id: "learn" }, h("h2", {}, t("learn")), h("p", { class: "muted" }, t("learnHelp")), h("div", { class: "buttons" }, buttons));
}

async function learn(games, name) {
  const lesson = LESSONS[name];
  const opts = games.games[name];
  const preset = lesson.preset && opts.presets[lesson.preset] ? lesson.preset : Object.keys(opts.presets)[0];
  const players = opts.presets[preset].players.includes(lesson.players) ? lesson.players : opts.presets[preset].default_players;
  const levels = opts.levels || opts.bots;
  const level = ["heuristic", "club"].find((l) => levels.includes(l)) || levels[levels.length - 1];
  const me = (localStorage.getItem("troef.name") || "").trim() || undefined;
  const seats = Array.from({ length: players }, (_, i) => (i === 0 ? { kind: "human", name: me } : { kind: "bot", level }));
  const body = { game: name, config: { preset, players, switches: {} }, seats, seed: lesson.seed, owner: 0 };
  try {
    const res = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    store.setToken(res.id, res.invites[0].token);
    location.assign(`/t/${res.id}#guide`);
  } catch (e) {
    toast(errorText(e), "error");
  }
}
