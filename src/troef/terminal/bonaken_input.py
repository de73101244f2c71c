"""Reading a line of the Bonaken terminal table: a card's number or notation, bids, trump, roem, commands.

Input is forgiving: a card's number in the hand as shown or its notation
(``Jh``, ``10s``, Dutch ``Bh``), bids as ``75``, ``pas``, ``misère``,
``bonaak 50``, trump as ``troef h`` or ``harten``, roem as ``roem 20``, the
words of every language of the table; the record notation always works.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from troef.cards import SUIT_LETTERS, NotationError, suit_of
from troef.games.bonaken.actions import (
    MISERE,
    OPEN_BONAAK,
    PASS,
    STUK,
    TRUMPS,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    Discard,
    Play,
    parse_action,
)
from troef.games.bonaken.i18n import SUIT_WORDS, parse_card_text, t
from troef.games.bonaken.view import BonakenView

COMMANDS: Final = {
    **dict.fromkeys(("help", "hulp", "hilfe", "?", "uitleg"), "help"),
    **dict.fromkeys(("hand", "tafel", "table", "tisch", "kaarten", "cards"), "hand"),
    **dict.fromkeys(("sheet", "stand", "lijst", "score", "zettel", "formulier"), "sheet"),
    **dict.fromkeys(("tip", "hint", "tipp", "advies"), "hint"),
    **dict.fromkeys(("quit", "stop", "exit", "q", "stoppen", "ende", "beenden"), "quit"),
}
_PASS_WORDS: Final = ("pas", "pass", "passe", "p")
_BID_VERBS: Final = ("bid", "bied", "bod", "biete", "biede")
_PLAY_VERBS: Final = ("play", "speel", "spiel", "spiele", "speel", "kaart")
_DISCARD_VERBS: Final = ("discard", "weg", "leg", "legweg", "lay", "away", "door", "geef", "pass-on", "lege")
_TRUMP_VERBS: Final = ("trump", "troef", "trumpf", "maak", "make")
_ROEM_VERBS: Final = ("roem", "meld", "melde", "declare")
_NONE_WORDS: Final = ("geen", "none", "kein", "keins", "no", "0")
_SIX_WORDS: Final = ("six", "zes", "sechs")


@dataclass
class Parsed:
    """What one line of input asks for."""

    actions: list[BonakenAction] = field(default_factory=list)
    command: str | None = None
    error: str | None = None
    default: bool = False


class LineReader:
    """Reads the player's lines in one language; ``examples(view)`` says what may be typed now."""

    def __init__(self, lang: str, examples: Callable[[BonakenView], str]) -> None:
        self.lang = lang
        self.examples = examples

    def parse(self, line: str, view: BonakenView, order: list[int]) -> Parsed:
        """What ``line`` asks for at ``view``, whose cards are numbered in ``order``."""
        raw = line.strip()
        if not raw:
            return Parsed(default=True)
        words = raw.lower().split()
        if len(words) == 1 and words[0] in COMMANDS:
            return Parsed(command=COMMANDS[words[0]])
        phase = view.phase
        if phase == "bidding":
            parsed = self._parse_bid(words)
        elif phase == "exchange":
            parsed = self._parse_cards(raw.split(), order, Discard, _DISCARD_VERBS, single=False)
        elif phase == "trump":
            parsed = self._parse_trump(raw.split(), order)
        elif phase == "roem":
            parsed = self._parse_roem(words)
        elif words == ["stuk"]:
            parsed = Parsed([STUK])
        else:
            parsed = self._parse_cards(raw.split(), order, Play, _PLAY_VERBS, single=True)
        if parsed.actions or parsed.command:
            return parsed
        try:
            return Parsed([parse_action(raw)])  # the record notation: 'bid 75', 'discard Jh', 'play Jh'
        except NotationError:
            pass
        if parsed.error is not None:
            return parsed
        return Parsed(error=t("not_understood", self.lang, text=raw, examples=self.examples(view)))

    def _parse_bid(self, words: list[str]) -> Parsed:
        if words[0] in _BID_VERBS:
            words = words[1:]
        if not words:
            return Parsed()
        head, rest = words[0], words[1:]
        if head in _PASS_WORDS and not rest:
            return Parsed([PASS])
        if head in ("misere", "misère", "mis") and not rest:
            return Parsed([MISERE])
        if (head == "open" and rest == ["bonaak"]) or (head == "open-bonaak" and not rest):
            return Parsed([OPEN_BONAAK])
        if head in ("zwabber", "bonaak", "boonaak"):
            six = bool(rest) and rest[-1] in _SIX_WORDS
            if six:
                rest = rest[:-1]
            if len(rest) > 1 or (rest and not (rest[0].isascii() and rest[0].isdigit())):
                return Parsed()
            value = int(rest[0]) if rest else 0
            kind = BidKind.ZWABBER if head == "zwabber" else BidKind.BONAAK
            return Parsed([Bid(kind, value, six)])
        if head.isascii() and head.isdigit() and not rest:
            return Parsed([Bid(BidKind.NUMBER, int(head))])
        return Parsed()

    def _parse_cards(
        self,
        tokens: list[str],
        order: list[int],
        kind: type[Play] | type[Discard],
        verbs: tuple[str, ...],
        single: bool,
    ) -> Parsed:
        if tokens and tokens[0].lower() in verbs:
            tokens = tokens[1:]
        tokens = [tok for part in tokens for tok in part.split(",") if tok]
        if not tokens or (single and len(tokens) > 1):
            return Parsed()
        actions: list[BonakenAction] = []
        for token in tokens:
            card = self._card_of(token, order)
            if isinstance(card, str):
                return Parsed(error=card)
            if card is None:
                return Parsed()
            actions.append(kind(card))
        return Parsed(actions)

    def _card_of(self, token: str, order: list[int]) -> int | str | None:
        """The card a token names (its number in the hand or its notation), an error text, or None."""
        if token.isascii() and token.isdigit():
            index = int(token)
            if 1 <= index <= len(order):
                return order[index - 1]
            return t("card_number_range", self.lang, n=index, max=len(order))
        try:
            return parse_card_text(token, self.lang)
        except NotationError:
            return None

    def _parse_trump(self, tokens: list[str], order: list[int]) -> Parsed:
        words = [w.lower() for w in tokens]
        if words and words[0] in _PLAY_VERBS:
            return self._parse_cards(tokens, order, Play, _PLAY_VERBS, single=True)
        if words and words[0] in _TRUMP_VERBS:
            words, tokens = words[1:], tokens[1:]
        if len(words) == 1:
            suit = SUIT_WORDS.get(words[0], SUIT_WORDS.get(tokens[0]))
            if suit is not None:
                return Parsed([TRUMPS[suit]])
            card = self._card_of(tokens[0], order)
            if isinstance(card, int):
                letter = "hrks"[suit_of(card)] if self.lang == "nl" else SUIT_LETTERS[suit_of(card)]
                return Parsed(error=t("card_for_trump", self.lang, suit=letter, card=tokens[0]))
        return Parsed()

    def _parse_roem(self, words: list[str]) -> Parsed:
        if words[0] in _ROEM_VERBS:
            words = words[1:]
        if len(words) != 1:
            return Parsed()
        if words[0] in _NONE_WORDS:
            return Parsed([DeclareRoem(0)])
        if words[0].isascii() and words[0].isdigit():
            return Parsed([DeclareRoem(int(words[0]))])
        return Parsed()
