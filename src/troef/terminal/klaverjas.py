"""Klaverjas in the terminal (``troef play klaverjas``): your seat, a computer partner and two computer opponents.

The table shows only what :func:`~troef.games.klaverjas.view.deal_view` gives
your seat: your cards, whose turn it is, the cards played to the trick, trump
and who plays, the kraak level, the roem declared, the last trick, and
between deals the score sheet (points, roem, nat and pit, crosses and the
kraak quota per side). The bots get their own seat's view.

Input is forgiving: a card's number in your hand or its notation (``Jh``,
``10s``; Dutch ``Bh`` for the jack, ``Vh`` queen, ``Hh`` king; German ``Dh``
queen), a suit name or letter to name trump (``harten``, ``troef h``),
``kraak``, ``rekraak``, ``superkraak``, ``nee``/``no``, ``pas``, ``roem 50``,
``stuk``, ``claim``; when the first trick's four cards are down and you may
still declare roem from the hand (Kraken 3.2), ``roem 50`` or ``roem 0``
(``nee``/``no``/``geen`` say the same); Enter takes the suggestion shown. A refused action is
explained with the engine's reason and asked again.
"""

from __future__ import annotations

from typing import Any, Final

from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from troef.cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card, suit_of
from troef.core.errors import NotationError
from troef.core.words import Words
from troef.games.klaverjas.actions import PLAYS, TRUMPS, KlaverjasAction, Play, declare_roem, parse_action
from troef.games.klaverjas.game import GAME
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.kraak import LEVELS
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.view import KlaverjasView
from troef.terminal.frame import HINT_WORDS, Frame, Quit
from troef.terminal.words import WORDS as FRAME_WORDS

#: The words of the klaverjas table, on the frame's (:mod:`troef.terminal.words`).
WORDS: Final[dict[str, dict[str, str]]] = {
    "kj_title": {
        "nl": "Klaverjassen ({rules}): jij en {partner} tegen {left} en {right}",
        "en": "Klaverjas ({rules}): you and {partner} against {left} and {right}",
        "de": "Klaverjas ({rules}): du und {partner} gegen {left} und {right}",
    },
    "kj_deal": {
        "nl": "Spel {n} van {of}, {dealer} deelt",
        "en": "Deal {n} of {of}, {dealer} deals",
        "de": "Spiel {n} von {of}, {dealer} gibt",
    },
    "kj_plays": {
        "nl": "{name} gaat, troef {suit}",
        "en": "{name} plays, trump {suit}",
        "de": "{name} spielt, Trumpf {suit}",
    },
    "kj_turn": {"nl": "aan de beurt: {name}", "en": "to act: {name}", "de": "am Zug: {name}"},
    "kj_trick": {"nl": "slag", "en": "trick", "de": "Stich"},
    "kj_last": {"nl": "vorige slag", "en": "last trick", "de": "letzter Stich"},
    "kj_wins": {"nl": "{name} haalt de slag", "en": "{name} wins the trick", "de": "{name} macht den Stich"},
    "kj_hand": {"nl": "je kaarten", "en": "your cards", "de": "deine Karten"},
    "kj_roem": {"nl": "roem gemeld", "en": "roem declared", "de": "Roem gemeldet"},
    "kj_points": {
        "nl": "wij {us} + {us_roem} roem, zij {them} + {them_roem} roem",
        "en": "us {us} + {us_roem} roem, them {them} + {them_roem} roem",
        "de": "wir {us} + {us_roem} Roem, sie {them} + {them_roem} Roem",
    },
    "kj_legal": {"nl": "mogelijk", "en": "legal", "de": "möglich"},
    "kj_prompt": {
        "nl": "Jouw beurt [Enter = {hint}, tip = waarde van elke keuze]: ",
        "en": "Your turn [Enter = {hint}, hint = value of each choice]: ",
        "de": "Du bist dran [Enter = {hint}, tipp = Wert jeder Wahl]: ",
    },
    "kj_not_understood": {
        "nl": "Niet begrepen: {text}",
        "en": "Not understood: {text}",
        "de": "Nicht verstanden: {text}",
    },
    "kj_refused": {"nl": "Niet toegestaan: {reason}", "en": "Not allowed: {reason}", "de": "Nicht erlaubt: {reason}"},
    "kj_sheet": {"nl": "Scorebriefje", "en": "Score sheet", "de": "Schreibzettel"},
    "kj_us": {"nl": "wij", "en": "us", "de": "wir"},
    "kj_them": {"nl": "zij", "en": "them", "de": "sie"},
    "kj_crosses": {"nl": "kruizen", "en": "crosses", "de": "Kreuze"},
    "kj_owed": {"nl": "nog te kraken", "en": "kraaks owed", "de": "noch zu kraken"},
    "kj_nat": {"nl": "nat", "en": "nat", "de": "nass"},
    "kj_pit": {"nl": "pit", "en": "pit", "de": "Pit"},
    "kj_won": {"nl": "Gewonnen!", "en": "You win!", "de": "Gewonnen!"},
    "kj_lost": {"nl": "Verloren.", "en": "You lose.", "de": "Verloren."},
    "kj_draw": {"nl": "Gelijkspel.", "en": "A draw.", "de": "Unentschieden."},
}
#: The table's lookup: its own words, else the shared catalogue's.
t = Words(WORDS, base=FRAME_WORDS).t

_RED: Final = (0, 1)
#: Dutch and German picture letters, read in the player's language (boer/vrouw/heer, Bube/Dame/König).
_RANK_LETTERS: Final = {"nl": {"B": "J", "V": "Q", "H": "K"}, "de": {"B": "J", "D": "Q"}}
_WORD_ALIASES: Final = {
    "nee": "no",
    "nein": "no",
    "pas": "pass",
    "passe": "pass",
    "weiter": "pass",
    "omdraaien": "turn",
    "claimen": "claim",
}


class TerminalGame(Frame):
    """One match of klaverjas at the terminal, on the frame every game shares."""

    game_name = GAME.name
    match: Match

    def prepare(self) -> None:
        self.advisor = HeuristicBot(seed=self.match.seed % 2**31, name="advisor")
        self._shown_deal = 0
        self._seen = (0, 0)
        self._rows = 0

    # ------------------------------------------------------------------ words
    def card(self, card: int, style: str = "") -> Text:
        """A card as rank and suit symbol, hearts and diamonds in red."""
        colour = "red" if suit_of(card) in _RED else "default"
        rank = self.game.texts().ranks[self.lang][card & 7]  # the game's letters in the table's language
        return Text(rank + SUIT_SYMBOLS[card >> 3], style=f"{style} {colour}".strip())

    def suit(self, suit: int) -> str:
        return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[self.lang][suit]}"

    # ------------------------------------------------------------------ the table
    def intro(self) -> None:
        h = self.human
        self.print(
            Panel(
                t(
                    "kj_title",
                    self.lang,
                    rules=self.rules_name,
                    partner=self.name((h + 2) % 4),
                    left=self.name((h + 1) % 4),
                    right=self.name((h + 3) % 4),
                ),
                expand=False,
            )
        )

    def before_action(self) -> None:
        if len(self.match.deals) != self._shown_deal:
            self._shown_deal = len(self.match.deals)
            deal = self.match.deal
            self.print(
                Text(
                    t(
                        "kj_deal",
                        self.lang,
                        n=self._shown_deal,
                        of=self.match.rules.deals,
                        dealer=self.name(deal.dealer),
                    ),
                    style="bold",
                )
            )

    def after_action(self) -> None:
        """Narrate every action since the last call, the end of each trick, and the sheet after a deal."""
        deal_index, seen = self._seen
        deals = self.match.deals
        while deal_index < len(deals):
            deal = deals[deal_index]
            tricks_before = self._tricks_at(deal, seen)
            for seat, action in deal.history[seen:]:
                self.print(Text(f"  {self.name(seat)}: ") + self._action_text(action))
            if len(deal.tricks) > tricks_before:
                for cards, winner in deal.tricks[tricks_before:]:
                    line = Text("  ")
                    line.append_text(Text(" ").join(self.card(c) for _, c in cards))
                    line.append(f"  -> {t('kj_wins', self.lang, name=self.name(winner))}")
                    self.print(line)
            if deal.is_over:
                deal_index += 1
                seen = 0
                continue
            seen = len(deal.history)
            break
        self._seen = (min(deal_index, len(deals) - 1), seen)
        if len(self.match.sheet.rows) != self._rows:
            self._rows = len(self.match.sheet.rows)
            self.print(self.sheet())

    @staticmethod
    def _tricks_at(deal: Any, actions: int) -> int:
        """How many tricks were complete after the first ``actions`` actions of a deal."""
        plays = sum(1 for _, a in deal.history[:actions] if isinstance(a, Play))
        return plays // 4

    def _action_text(self, action: KlaverjasAction) -> Text:
        if isinstance(action, Play):
            return self.card(action.card, "bold")
        return Text(self.words(action.text()))

    def words(self, text: str) -> str:
        """An action's text in the table's language (the game's catalogue: ``trump c`` -> ``troef klaveren``)."""
        return self.game.action_words(text, self.lang)

    def table_view(self, view: KlaverjasView) -> Panel:
        """The table as the human's seat sees it."""
        lines: list[Text] = []
        if view.trump >= 0:
            head = t("kj_plays", self.lang, name=self.name(view.declarer), suit=self.suit(view.trump))
            if view.level:
                head += f" · {LEVELS[view.level]}"
            lines.append(Text(head, style="bold"))
        lines.append(Text(t("kj_turn", self.lang, name=self.name(view.to_act))))
        declared = [f"{self.name(s)} {v}" for s, v in enumerate(view.declared) if v > 0]
        if declared:
            lines.append(Text(f"{t('kj_roem', self.lang)}: {', '.join(declared)}"))
        trick = Text(f"{t('kj_trick', self.lang)}: ")
        for seat, c in view.trick:
            trick.append(f"{self.name(seat)} ")
            trick.append_text(self.card(c, "bold"))
            trick.append("  ")
        lines.append(trick)
        if view.last_trick is not None:
            cards, winner = view.last_trick
            last = Text(f"{t('kj_last', self.lang)}: ")
            last.append_text(Text(" ").join(self.card(c) for _, c in cards))
            last.append(f" ({self.name(winner)})")
            lines.append(last)
        us, them = self.human & 1, (self.human & 1) ^ 1
        lines.append(
            Text(
                t(
                    "kj_points",
                    self.lang,
                    us=view.card_points[us],
                    us_roem=view.roem[us],
                    them=view.card_points[them],
                    them_roem=view.roem[them],
                )
            )
        )
        hand = Text(f"{t('kj_hand', self.lang)}: ")
        for i, c in enumerate(view.hand or ()):
            hand.append(f"[{i + 1}]")
            hand.append_text(self.card(c, "bold"))
            hand.append(" ")
        lines.append(hand)
        lines.append(Text(f"{t('kj_legal', self.lang)}: {', '.join(map(self.words, view.legal))}", style="dim"))
        return Panel(Text("\n").join(lines), expand=False)

    def sheet(self) -> Table:
        """The score sheet, per side: "us" is the human's side."""
        us, them = self.human & 1, (self.human & 1) ^ 1
        lang = self.lang
        table = Table(title=t("kj_sheet", lang))
        for column in ("#", "troef", "kraak", t("kj_us", lang), t("kj_them", lang), "", t("kj_crosses", lang)):
            table.add_column(column)
        for row in self.match.sheet.rows:
            r = row.result
            flags = []
            if r.nat:
                flags.append(t("kj_nat", lang))
            if r.pit >= 0:
                flags.append(t("kj_pit", lang))
            table.add_row(
                str(row.deal + 1),
                f"{SUIT_SYMBOLS[r.trump]} {self.name(r.declarer)}",
                LEVELS[r.level] if r.level else "",
                f"{row.score.points[us]} ({r.card_points[us]}+{r.roem[us]})",
                f"{row.score.points[them]} ({r.card_points[them]}+{r.roem[them]})",
                " ".join(flags),
                f"{row.score.crosses[us]}-{row.score.crosses[them]}",
            )
        sheet = self.match.sheet
        owed = self.match.owed()
        total = f"{sheet.points[us]}-{sheet.points[them]}"
        extra = f"{t('kj_crosses', lang)} {sheet.crosses[us]}-{sheet.crosses[them]}"
        if owed is not None:
            extra += f", {t('kj_owed', lang)} {owed[us]}-{owed[them]}"
        table.caption = f"{total}; {extra}"
        return table

    # ------------------------------------------------------------------ the human's turn
    def read(self, line: str, view: KlaverjasView) -> KlaverjasAction:
        """An action from what the player typed; :class:`NotationError` if it is not one."""
        text = line.strip()
        words = text.lower().split()
        hand = view.hand or ()
        if view.phase == "roem" and words in (["nee"], ["no"], ["nein"], ["geen"], ["none"]):
            return declare_roem(0)  # the first trick's roem call (Kraken 3.2): nothing to declare
        if text.isascii() and text.isdigit():
            index = int(text) - 1
            if not 0 <= index < len(hand):
                raise NotationError(f"{text}: choose 1 to {len(hand)}")
            return PLAYS[hand[index]]
        if len(words) == 1 or (len(words) == 2 and words[0] in ("troef", "trump", "trumpf")):
            word = words[-1]
            for suit in range(4):
                names = {SUIT_NAMES[lang][suit].lower() for lang in SUIT_NAMES} | {"hdcs"[suit]}
                if word in names and (len(words) == 2 or len(word) > 1):
                    return TRUMPS[suit]
            if len(words) == 1 and word in _WORD_ALIASES:
                return parse_action(_WORD_ALIASES[word])
        try:
            return parse_action(text)
        except NotationError:
            pass
        card_text = words[-1] if words and words[0] in ("play", "speel", "spiel") else text
        letters = _RANK_LETTERS.get(self.lang, {})
        if card_text and card_text[0].upper() in letters:
            card_text = letters[card_text[0].upper()] + card_text[1:]
        card = parse_card(card_text)
        if card >= 32:
            raise NotationError(f"{text}: no such card")
        return PLAYS[card]

    def human_turn(self) -> None:
        view = self.game.view(self.match, self.human)
        assert isinstance(view, KlaverjasView)
        self.print(self.table_view(view))
        hint = self.advisor.act(view)
        while True:
            line = self.ask(t("kj_prompt", self.lang, hint=self.words(hint.text())))
            if line.strip().lower() in ("quit", "stop", "q"):
                raise Quit
            if line.strip().lower() in HINT_WORDS:
                self.hint(view, self.words, fallback=hint.text())
                continue
            if not line.strip():
                action = hint
            else:
                try:
                    action = self.read(line, view)
                except NotationError as exc:
                    self.print(f"[red]{escape(t('kj_not_understood', self.lang, text=exc))}[/red]")
                    continue
            refused = self.match.refusal(action)
            if refused is not None:
                self.print(f"[red]{escape(t('kj_refused', self.lang, reason=refused.text(self.lang)))}[/red]")
                continue
            self.match.apply(action)
            self.after_action()
            return

    def end_match(self) -> None:
        self.print(self.sheet())
        winner = self.match.sheet.winner()
        if winner is None:
            self.print(Text(t("kj_draw", self.lang), style="bold"))
        else:
            self.print(Text(t("kj_won" if winner == self.human & 1 else "kj_lost", self.lang), style="bold"))
