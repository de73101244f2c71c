"""Binokel in the terminal (``troef play binokel``): you, a computer partner and two computer opponents.

German is the table's first language (``--lang nl`` and ``--lang en`` too).
The table shows the bidding, trump, the cards passed to you and by you,
everyone's meld with its parts and value, the trick, the last trick, the
running score of both sides and the target. Everything shown comes from the
human seat's view (:func:`troef.games.binokel.view.view_of_round`); the bots
get their own seats' views from the frame.

Input: a number from the list shown (cards are numbered in your hand), a card
(``Ah``, ``10s``, with the table's rank letters: German ``Dh`` = Dame Herz, ``Bp`` =
Bube Pik; or in words, ``Herz Dame``), a bid (``260``,
``biete 260``), ``passe``, a suit to name trump (``Herz``, ``h``),
``aufgeben`` to concede; Enter takes the suggestion shown. A refused action
is explained in the table's language and asked again.
"""

from __future__ import annotations

from typing import Any, Final

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from troef.cards import SUIT_SYMBOLS, NotationError, rank_of, suit_of
from troef.core.errors import IllegalActionError
from troef.core.words import Words
from troef.games.binokel.actions import PASS, Bid, BinokelAction, Concede, Give, NameTrump, Pass, Play, parse_action
from troef.games.binokel.game import GAME
from troef.games.binokel.heuristic import HeuristicBot
from troef.games.binokel.match import Match
from troef.games.binokel.names import MELD_NAMES, RANK_WORDS, SUIT_WORDS
from troef.games.binokel.state import DealState
from troef.games.binokel.view import BinokelView, round_view, view_of_round
from troef.terminal.frame import HINT_WORDS, Frame, Quit
from troef.terminal.words import WORDS as FRAME_WORDS

#: Letters of the ranks as written on German, Dutch and English cards (9 10 J/B Q/D/V K/H A).
_RANK_LETTERS: Final = {
    "de": ("", "", "9", "10", "B", "D", "K", "A"),
    "nl": ("", "", "9", "10", "B", "V", "H", "A"),
    "en": ("", "", "9", "10", "J", "Q", "K", "A"),
}
_RED: Final = (0, 1)

WORDS: Final[dict[str, dict[str, str]]] = {
    "binokel_title": {
        "de": "Binokel · Ziel {target} · du und {partner} gegen {left} und {right}",
        "nl": "Binokel · doel {target} · jij en {partner} tegen {left} en {right}",
        "en": "Binokel · target {target} · you and {partner} against {left} and {right}",
    },
    "binokel_round": {
        "de": "Runde {n} · Geber: {dealer}",
        "nl": "Ronde {n} · gever: {dealer}",
        "en": "Round {n} · dealer: {dealer}",
    },
    "binokel_bids": {"de": "{name} bietet {bid}", "nl": "{name} biedt {bid}", "en": "{name} bids {bid}"},
    "binokel_bids_you": {"de": "Du bietest {bid}", "nl": "Jij biedt {bid}", "en": "You bid {bid}"},
    "binokel_passes": {"de": "{name} passt", "nl": "{name} past", "en": "{name} passes"},
    "binokel_passes_you": {"de": "Du passt", "nl": "Jij past", "en": "You pass"},
    "binokel_won_bid": {
        "de": "{name} gewinnt das Bieten mit {bid}",
        "nl": "{name} wint het bieden met {bid}",
        "en": "{name} wins the bidding with {bid}",
    },
    "binokel_dealer_250": {
        "de": "Alle passen: {name} (Geber) spielt für {bid}",
        "nl": "Iedereen past: {name} (gever) speelt voor {bid}",
        "en": "Everybody passes: {name} (the dealer) plays for {bid}",
    },
    "binokel_trump": {"de": "Trumpf: {suit}", "nl": "Troef: {suit}", "en": "Trump: {suit}"},
    "binokel_gave4": {
        "de": "{giver} gibt {taker} vier Karten",
        "nl": "{giver} geeft {taker} vier kaarten",
        "en": "{giver} passes four cards to {taker}",
    },
    "binokel_gave4_you": {
        "de": "Du gibst {taker} vier Karten",
        "nl": "Jij geeft {taker} vier kaarten",
        "en": "You pass four cards to {taker}",
    },
    "binokel_gave4_to_you": {
        "de": "{giver} gibt dir vier Karten",
        "nl": "{giver} geeft jou vier kaarten",
        "en": "{giver} passes four cards to you",
    },
    "binokel_you_got": {"de": "Du bekommst: {cards}", "nl": "Jij krijgt: {cards}", "en": "You receive: {cards}"},
    "binokel_you_gave": {"de": "Du gibst: {cards}", "nl": "Jij geeft: {cards}", "en": "You pass: {cards}"},
    "binokel_meld_title": {"de": "Meldungen", "nl": "Meldingen", "en": "Melds"},
    "binokel_no_meld": {"de": "keine", "nl": "geen", "en": "none"},
    "binokel_side_meld": {
        "de": "Meldung: {us} für euch, {them} für {left}/{right}",
        "nl": "Melding: {us} voor jullie, {them} voor {left}/{right}",
        "en": "Meld: {us} for your side, {them} for {left}/{right}",
    },
    "binokel_plays": {"de": "{name}: {card}", "nl": "{name}: {card}", "en": "{name}: {card}"},
    "binokel_trick_to": {
        "de": "Stich an {name} (+{points})",
        "nl": "Slag voor {name} (+{points})",
        "en": "Trick to {name} (+{points})",
    },
    "binokel_trick_to_you": {
        "de": "Stich an dich (+{points})",
        "nl": "Slag voor jou (+{points})",
        "en": "Trick to you (+{points})",
    },
    "binokel_last_trick": {"de": "Letzter Stich", "nl": "Laatste slag", "en": "Last trick"},
    "binokel_trick": {"de": "Stich", "nl": "Slag", "en": "Trick"},
    "binokel_your_hand": {"de": "Deine Karten", "nl": "Jouw kaarten", "en": "Your cards"},
    "binokel_score": {
        "de": "Stand: ihr {us}, {left}/{right} {them} · Ziel {target}",
        "nl": "Stand: jullie {us}, {left}/{right} {them} · doel {target}",
        "en": "Score: your side {us}, {left}/{right} {them} · target {target}",
    },
    "binokel_contract": {
        "de": "{name} spielt für {bid}, Trumpf {suit}",
        "nl": "{name} speelt voor {bid}, troef {suit}",
        "en": "{name} plays for {bid}, trump {suit}",
    },
    "binokel_tricks_now": {
        "de": "Stichpunkte: ihr {us}, sie {them}",
        "nl": "Slagpunten: jullie {us}, zij {them}",
        "en": "Trick points: your side {us}, theirs {them}",
    },
    "binokel_conceded": {
        "de": "{name} gibt auf: {bid} abgezogen, die Gegner schreiben ihre Meldung",
        "nl": "{name} geeft op: {bid} eraf, de tegenpartij schrijft haar melding",
        "en": "{name} concedes: {bid} off, the other side scores its meld",
    },
    "binokel_made": {
        "de": "Gebot {bid} erfüllt: Meldung {meld} + Stiche {tricks}",
        "nl": "Bod {bid} gehaald: melding {meld} + slagen {tricks}",
        "en": "Bid {bid} made: meld {meld} + tricks {tricks}",
    },
    "binokel_lost": {
        "de": "Überreizt: {meld} + {tricks} reicht nicht für {bid}",
        "nl": "Overboden: {meld} + {tricks} is te weinig voor {bid}",
        "en": "Bid lost: {meld} + {tricks} is short of {bid}",
    },
    "binokel_round_score": {
        "de": "Runde: ihr {us:+d}, {left}/{right} {them:+d}",
        "nl": "Ronde: jullie {us:+d}, {left}/{right} {them:+d}",
        "en": "Round: your side {us:+d}, {left}/{right} {them:+d}",
    },
    "binokel_you_win": {
        "de": "Ihr habt gewonnen, {us} zu {them}!",
        "nl": "Jullie hebben gewonnen, {us} tegen {them}!",
        "en": "Your side wins, {us} to {them}!",
    },
    "binokel_they_win": {
        "de": "{left} und {right} gewinnen, {them} zu {us}.",
        "nl": "{left} en {right} winnen, {them} tegen {us}.",
        "en": "{left} and {right} win, {them} to {us}.",
    },
    "binokel_prompt": {"de": "Dein Zug", "nl": "Jouw beurt", "en": "Your turn"},
    "binokel_suggest": {"de": "Enter = {action}", "nl": "Enter = {action}", "en": "Enter = {action}"},
    "binokel_pass": {"de": "passen", "nl": "passen", "en": "pass"},
    "binokel_bid": {"de": "{bid} bieten", "nl": "{bid} bieden", "en": "bid {bid}"},
    "binokel_name_trump": {"de": "Trumpf {suit}", "nl": "troef {suit}", "en": "trump {suit}"},
    "binokel_give": {"de": "{card} geben", "nl": "{card} geven", "en": "pass {card}"},
    "binokel_concede": {"de": "aufgeben", "nl": "opgeven", "en": "concede"},
    "binokel_or_concede": {
        "de": "Oder 'aufgeben': das Gebot liegt mehr als 250 über eurer Meldung.",
        "nl": "Of 'opgeven': het bod ligt meer dan 250 boven jullie melding.",
        "en": "Or 'concede': the bid is more than 250 above your side's meld.",
    },
    "binokel_play": {"de": "{card} spielen", "nl": "{card} spelen", "en": "play {card}"},
    "binokel_ask_give": {
        "de": "Gib deinem Partner eine Karte ({n} von 4)",
        "nl": "Geef je partner een kaart ({n} van 4)",
        "en": "Pass your partner a card ({n} of 4)",
    },
    "binokel_unknown": {
        "de": "Das verstehe ich nicht: {text}. "
        "Gib eine Nummer, eine Karte (Ah, Dp), ein Gebot, 'passe' oder 'hilfe' ein.",
        "nl": "Dat begrijp ik niet: {text}. Geef een nummer, een kaart (Ah, Vs), een bod, 'pas' of 'help'.",
        "en": "I do not understand {text}. Type a number, a card (Ah, 10s), a bid, 'pass' or 'help'.",
    },
    "binokel_help": {
        "de": "Nummer aus der Liste oder Karte (Ah = Herz Ass, 10p = Pik Zehn, Bd = Karo Bube, oder 'Herz Dame'), "
        "Gebot als Zahl, 'passe', Trumpf als Farbe ('Herz'), 'aufgeben'; 'tipp' zeigt den Wert jeder Wahl; "
        "Enter nimmt den Vorschlag; 'ende' beendet.",
        "nl": "Nummer uit de lijst of kaart (Ah = harten aas, 10s = schoppen tien, Bd = ruiten boer), "
        "bod als getal, 'pas', troef als kleur ('harten'), 'opgeven'; 'tip' toont de waarde van elke keuze; "
        "Enter neemt de suggestie; 'stop' stopt.",
        "en": "A number from the list or a card (Ah, 10s), a bid as a number, 'pass', trump as a suit "
        "('hearts'), 'concede'; 'hint' shows the value of each choice; Enter takes the suggestion; 'quit' stops.",
    },
}
#: The table's lookup: its own words, else the shared catalogue's.
t = Words(WORDS, base=FRAME_WORDS).t

_PASS_WORDS: Final = ("pass", "passe", "passen", "pas", "p", "weiter")
_CONCEDE_WORDS: Final = ("concede", "aufgeben", "opgeven", "give-up")
_VERBS: Final = ("bid", "biete", "bieten", "bied", "bieden", "play", "spiel", "spiele", "speel", "give", "gib", "geef")
_TRUMP_VERBS: Final = ("trump", "trumpf", "troef")
_COMMANDS: Final = {
    **dict.fromkeys(("help", "hilfe", "hulp", "?"), "help"),
    **dict.fromkeys(("quit", "ende", "stop", "exit", "q", "beenden", "stoppen"), "quit"),
}
#: Suit words of every language (and the letters the cards show).
_SUITS: Final = {
    **{w.lower(): s for words in SUIT_WORDS.values() for s, w in enumerate(words)},
    **{ch: s for s, ch in enumerate("hdcs")},
    **{ch: s for s, ch in enumerate(SUIT_SYMBOLS)},
    "p": 3,  # Pik
}


class BinokelTable(Frame):
    """One game of Binokel at the terminal, on the frame every game shares."""

    game_name = GAME.name
    match: Match

    def prepare(self) -> None:
        self.advisor = HeuristicBot(seed=self.match.seed % 2**31, name="advisor")
        self._index = 0  # the round being narrated
        self._last: BinokelView | None = None

    # ------------------------------------------------------------------ words
    def _say(self, key: str, seat: int, **params: object) -> str:
        if seat == self.human:
            return t(f"{key}_you", self.lang, **params)
        return t(key, self.lang, name=self.name(seat), **params)

    def card(self, card: int) -> Text:
        """A card as written on it, red or black."""
        label = _RANK_LETTERS[self.lang][rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]
        return Text(label, style="red" if suit_of(card) in _RED else "")

    def cards(self, cards: tuple[int, ...] | list[int]) -> Text:
        return Text(" ").join(self.card(c) for c in cards)

    def card_name(self, card: int) -> str:
        suit, rank = SUIT_WORDS[self.lang][suit_of(card)], RANK_WORDS[self.lang][rank_of(card)]
        return f"{rank} of {suit}" if self.lang == "en" else f"{suit} {rank}"

    def suit_name(self, suit: int) -> str:
        return f"{SUIT_SYMBOLS[suit]} {SUIT_WORDS[self.lang][suit]}"

    def action_label(self, action: BinokelAction) -> str:
        if isinstance(action, Pass):
            return t("binokel_pass", self.lang)
        if isinstance(action, Bid):
            return t("binokel_bid", self.lang, bid=action.value)
        if isinstance(action, NameTrump):
            return t("binokel_name_trump", self.lang, suit=self.suit_name(action.suit))
        if isinstance(action, Give):
            return t("binokel_give", self.lang, card=self.card(action.card).plain)
        if isinstance(action, Concede):
            return t("binokel_concede", self.lang)
        return t("binokel_play", self.lang, card=self.card(action.card).plain)

    def _sides(self) -> dict[str, Any]:
        me = self.human
        return {"partner": self.name((me + 2) % 4), "left": self.name((me + 1) % 4), "right": self.name((me + 3) % 4)}

    def _us_them(self, pair: tuple[int, int] | list[int]) -> dict[str, int]:
        side = self.human & 1
        return {"us": pair[side], "them": pair[1 - side]}

    # ------------------------------------------------------------------ views
    def _round_view(self, index: int) -> BinokelView:
        m = self.match
        totals = m.sheet[index - 1] if index > 0 else (0, 0)
        return view_of_round(m.rounds[index], self.human, preset=m.rules.preset, index=index, totals=totals)

    # ------------------------------------------------------------------ the frame's hooks
    def intro(self) -> None:
        self.print(Text(t("binokel_title", self.lang, target=self.match.rules.target, **self._sides()), style="bold"))
        self._start_round()

    def _start_round(self) -> None:
        r: DealState = self.match.rounds[self._index]
        self.print()
        self.print(Text(t("binokel_round", self.lang, n=self._index + 1, dealer=self.name(r.dealer)), style="bold"))
        view = self._round_view(self._index)
        self.print(Text(t("binokel_your_hand", self.lang) + ": ").append(self.cards(view.hand or ())))
        self._last = view

    def after_action(self) -> None:
        while self._index < len(self.match.rounds):
            view = self._round_view(self._index)
            self._narrate(self._last, view)
            if view.result is None:
                self._last = view
                return
            self._end_round(view)
            self._index += 1
            self._last = None
            if self._index < len(self.match.rounds):
                self._start_round()

    def end_match(self) -> None:
        m = self.match
        params = {**self._us_them(m.totals), **self._sides()}
        won = m.winner == self.human & 1
        self.print(Text(t("binokel_you_win" if won else "binokel_they_win", self.lang, **params), style="bold"))

    def human_turn(self) -> None:
        view = round_view(self.match, self.human)
        self._show_table(view)
        suggestion = self.advisor.act(view)
        legal = [parse_action(text) for text in view.legal]
        order = list(view.hand or ())
        while True:
            self._show_options(view, legal, order)
            hint = t("binokel_suggest", self.lang, action=self.action_label(suggestion))
            line = self.ask(f"{t('binokel_prompt', self.lang)} ({hint}): ")
            words = line.strip().lower().split()
            if words and words[0] in HINT_WORDS:
                if not self.show_hints(view, lambda text: self.action_label(parse_action(text))):
                    self.print(hint)
                continue
            if words and words[0] in _COMMANDS:
                if _COMMANDS[words[0]] == "quit":
                    raise Quit
                self.print(t("binokel_help", self.lang))
                continue
            action = suggestion if not words else self._parse(words, view, legal, order)
            if action is None:
                self.print(Text(t("binokel_unknown", self.lang, text=line.strip()), style="yellow"))
                continue
            try:
                self.match.apply(action)
            except IllegalActionError as exc:  # worded in the table's language (troef.games.binokel.texts)
                self.print(Text(exc.refusal.text(self.lang) if exc.refusal else str(exc), style="yellow"))
                continue
            self.after_action()
            return

    # ------------------------------------------------------------------ input
    def _parse(
        self, words: list[str], view: BinokelView, legal: list[BinokelAction], order: list[int]
    ) -> BinokelAction | None:
        head = words[0]
        if head in _VERBS and len(words) > 1:
            words = words[1:]
            head = words[0]
        if head in _TRUMP_VERBS and len(words) > 1:
            words = words[1:]
            head = words[0]
        if head in _PASS_WORDS and len(words) == 1:
            return PASS
        if head in _CONCEDE_WORDS:
            return parse_action("concede")
        phase = view.phase
        if head.isascii() and head.isdigit():
            number = int(head)
            if phase == "bidding" and number >= 100:
                return parse_action(f"bid {number}")
            if phase in ("give", "return", "play") and 1 <= number <= len(order):
                card = order[number - 1] & 31
                return parse_action(f"{'play' if phase == 'play' else 'give'} {self._notation(card)}")
            if 1 <= number <= len(legal):
                return legal[number - 1]
            return None
        if phase == "trump" and " ".join(words) in _SUITS:
            return parse_action(f"trump {'hdcs'[_SUITS[' '.join(words)]]}")
        named = self._card_of(words)
        if named is not None and phase in ("give", "return", "play"):
            return parse_action(f"{'play' if phase == 'play' else 'give'} {self._notation(named)}")
        try:
            return parse_action(" ".join(words))
        except NotationError:
            return None

    @staticmethod
    def _notation(card: int) -> str:
        return ("9", "10", "J", "Q", "K", "A")[rank_of(card) - 2] + "hdcs"[suit_of(card)]

    def _card_of(self, words: list[str]) -> int | None:
        """A card from ``AH``/``10s``/``DH`` (the table's letters, rank first or suit first) or ``Herz Dame``."""
        if len(words) == 2 and words[0] in _SUITS:
            ranks = {w.lower(): r for names in RANK_WORDS.values() for r, w in enumerate(names) if w}
            rank = ranks.get(words[1])
            return None if rank is None else _SUITS[words[0]] * 8 + rank
        if len(words) != 1:
            return None
        token = words[0].rstrip("'")
        tables = (_RANK_LETTERS[self.lang], _RANK_LETTERS["en"])
        letters = {text.lower(): r for table in tables for r, text in enumerate(table) if text}
        for rank_text, suit_text in ((token[:-1], token[-1:]), (token[1:], token[:1])):
            rank, suit = letters.get(rank_text), _SUITS.get(suit_text)
            if rank is not None and suit is not None:
                return suit * 8 + rank
        return None

    # ------------------------------------------------------------------ showing the table
    def _show_table(self, view: BinokelView) -> None:
        params = {**self._us_them(view.totals), **self._sides(), "target": view.target}
        self.print(Text(t("binokel_score", self.lang, **params), style="dim"))
        if view.declarer >= 0 and view.trump >= 0:
            self.print(
                t(
                    "binokel_contract",
                    self.lang,
                    name=self.name(view.declarer),
                    bid=view.bid,
                    suit=self.suit_name(view.trump),
                )
            )
        if view.phase == "play":
            self.print(t("binokel_tricks_now", self.lang, **self._us_them(view.trick_points)))
            last = view.last_trick
            if last is not None:
                line = Text(t("binokel_last_trick", self.lang) + ": ")
                line.append(Text(", ").join(Text(f"{self.name(s)} ").append(self.card(c)) for s, c in last[1]))
                self.print(line)
            if view.trick:
                line = Text(t("binokel_trick", self.lang) + ": ")
                line.append(Text(", ").join(Text(f"{self.name(s)} ").append(self.card(c)) for s, c in view.trick))
                self.print(line)
        if (view.gave or view.received) and (view.phase in ("give", "return") or not view.tricks):
            if view.received:
                self.print(Text(t("binokel_you_got", self.lang, cards="")).append(self.cards(view.received)))
            if view.gave:
                self.print(Text(t("binokel_you_gave", self.lang, cards="")).append(self.cards(view.gave)))

    def _show_options(self, view: BinokelView, legal: list[BinokelAction], order: list[int]) -> None:
        if view.phase in ("give", "return", "play"):
            allowed = {a.card for a in legal if isinstance(a, (Play, Give))}
            line = Text(t("binokel_your_hand", self.lang) + ": ")
            for i, card in enumerate(order, 1):
                style = "bold" if card & 31 in allowed else "dim"
                line.append(f"{i}:", style=style).append(self.card(card)).append(" ")
            self.print(line)
            if view.phase != "play":
                self.print(t("binokel_ask_give", self.lang, n=len(view.gave) + 1))
            if any(isinstance(a, Concede) for a in legal):
                self.print(t("binokel_or_concede", self.lang))
            return
        self.print(Text(t("binokel_your_hand", self.lang) + ": ").append(self.cards(order)))
        self.print("  ".join(f"{i}: {escape(self.action_label(a))}" for i, a in enumerate(legal, 1)))

    def _narrate(self, before: BinokelView | None, now: BinokelView) -> None:
        old_bids = len(before.bids) if before else 0
        for seat, value in now.bids[old_bids:]:
            key = "binokel_bids" if value else "binokel_passes"
            self.print(self._say(key, seat, bid=value))
        if now.declarer >= 0 and (before is None or before.declarer < 0):
            if all(value == 0 for _, value in now.bids):
                self.print(t("binokel_dealer_250", self.lang, name=self.name(now.declarer), bid=now.bid))
            else:
                self.print(t("binokel_won_bid", self.lang, name=self.name(now.declarer), bid=now.bid))
        if now.trump >= 0 and (before is None or before.trump < 0):
            self.print(Text(t("binokel_trump", self.lang, suit=self.suit_name(now.trump)), style="bold"))
        was = before.exchanged if before else 0
        partner = (now.declarer + 2) % 4
        for mark, giver, taker in ((4, partner, now.declarer), (8, now.declarer, partner)):
            if was < mark <= now.exchanged:
                if self.human == giver:
                    self.print(t("binokel_gave4_you", self.lang, taker=self.name(taker)))
                elif self.human == taker:
                    self.print(t("binokel_gave4_to_you", self.lang, giver=self.name(giver)))
                else:
                    self.print(t("binokel_gave4", self.lang, giver=self.name(giver), taker=self.name(taker)))
                if self.human == taker:
                    cards = now.received
                    self.print(Text(t("binokel_you_got", self.lang, cards="")).append(self.cards(cards)))
                elif self.human == giver:
                    self.print(Text(t("binokel_you_gave", self.lang, cards="")).append(self.cards(now.gave[:4])))
        if now.melds and (before is None or not before.melds):
            self._show_melds(now)
        old_plays = self._plays(before) if before else []
        new_plays = self._plays(now)
        for seat, card in new_plays[len(old_plays) :]:
            self.print(Text(f"{self.name(seat)}: ").append(self.card(card)))
        done = len(before.tricks) if before else 0
        for lead, trick, winner in now.tricks[done:]:
            points = sum(10 for _, c in trick if rank_of(c) in (3, 6, 7))
            if len(now.tricks) == 12 and (lead, trick, winner) == now.tricks[-1]:
                points += 10
            self.print(Text(self._say("binokel_trick_to", winner, points=points), style="cyan"))

    @staticmethod
    def _plays(view: BinokelView) -> list[tuple[int, int]]:
        return [p for _, trick, _ in view.tricks for p in trick] + list(view.trick)

    def _show_melds(self, view: BinokelView) -> None:
        table = Table(title=t("binokel_meld_title", self.lang), show_header=False, box=None, padding=(0, 1))
        for seat in range(4):
            melds = view.melds[seat]
            if not melds:
                table.add_row(self.name(seat), t("binokel_no_meld", self.lang), "0")
                continue
            parts = Text("; ").join(
                Text(f"{MELD_NAMES[self.lang][m.name]} {m.value} (").append(self.cards(m.cards)).append(")")
                for m in melds
            )
            table.add_row(self.name(seat), parts, str(sum(m.value for m in melds)))
        self.print(table)
        self.print(t("binokel_side_meld", self.lang, **self._us_them(view.meld_total), **self._sides()))

    def _end_round(self, view: BinokelView) -> None:
        result = view.result
        assert result is not None
        side = result["bidder_side"]
        bid = result["bid"]
        if result["conceded"]:
            self.print(Text(t("binokel_conceded", self.lang, name=self.name(view.declarer), bid=bid), style="bold"))
        else:
            key = "binokel_made" if result["made"] else "binokel_lost"
            meld, tricks = result["meld"][side], result["tricks"][side]
            self.print(Text(t(key, self.lang, bid=bid, meld=meld, tricks=tricks), style="bold"))
        self.print(t("binokel_round_score", self.lang, **self._us_them(result["delta"]), **self._sides()))
        totals = self.match.sheet[view.round]
        params = {**self._us_them(totals), **self._sides(), "target": view.target}
        self.print(Text(t("binokel_score", self.lang, **params), style="bold"))
