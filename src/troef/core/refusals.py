"""Why an action is refused, as data: a :class:`Refusal` is a stable code with parameters, worded by its game's texts.

An engine never hands a player a finished sentence. It refuses with a code
(``"follow"``) and the facts the sentence needs (``{"suit": 0}``); each game
keeps one catalogue, a :class:`Texts`, with the sentence of every code in
Dutch, English and German (``troef/games/<game>/texts.py``). The terminal
words a refusal in its table's language with :meth:`Refusal.text`, the server
sends code and parameters to the browser, which words them with the same
catalogue (served as JSON by :meth:`Texts.to_json`). ``str(refusal)`` is the
English sentence: what ``check()`` returns and an ``IllegalActionError`` says.

A template is plain text with placeholders: ``{name}`` is the parameter as it
is, ``{name:suit}`` a suit (0-3) by its name in the language, ``{name:card}``
a card (an ``int`` of :mod:`troef.cards`) as the game writes it in that
language (:attr:`Texts.cards`), and ``{name|one|other}`` the plural form for
the number ``name`` (1 is singular in all three languages).

>>> follow = {"nl": "je moet {suit:suit} bekennen", "en": "you must follow {suit:suit}"}
>>> from troef.cards import SUIT_NAMES
>>> texts = Texts("demo", {"follow": follow}, suits=SUIT_NAMES)
>>> refused = texts.refusal("follow", suit=0)
>>> str(refused), refused.text("nl"), refused.text("de")  # no German text: English
('you must follow hearts', 'je moet harten bekennen', 'you must follow hearts')
>>> refused.to_json()
{'code': 'follow', 'params': {'suit': 0}}
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from troef.cards import RANK_TEXT, SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS

__all__ = ["LANGS", "PLACEHOLDER", "UNWORDED", "Refusal", "Texts"]

#: The languages every catalogue has a text in.
LANGS: Final = ("nl", "en", "de")

#: A placeholder: ``{name}``, ``{name:kind}`` or ``{name|one|other}`` (web/i18n.js reads the same forms).
PLACEHOLDER: Final = re.compile(r"\{(\w+)(?::(\w+)|\|([^|{}]*)\|([^|{}]*))?\}")

Param = str | int


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action refused: a stable ``code``, the ``params`` its sentence needs, and the game's ``texts``.

    Two refusals are equal when code and parameters are; the catalogue only words them.
    """

    code: str
    params: Mapping[str, Param]
    texts: Texts = field(compare=False, repr=False)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``nl``, ``en`` or ``de``)."""
        return self.texts.render(self.code, self.params, lang)

    def __str__(self) -> str:
        return self.text("en")

    def to_json(self) -> dict[str, Any]:
        """Code and parameters as JSON-ready data (what the server sends the browser)."""
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True)
class Texts:
    """One game's catalogue of refusal texts in every language of :data:`LANGS`.

    ``refusals`` maps a code to its template per language. ``suits`` are the
    suit names per language; ``ranks`` the rank labels per language (indexed by
    ``card & 7``) and ``cards`` per language how a card is written from
    ``{rank}``, ``{suit}`` (its name), ``{symbol}`` (♥) and ``{letter}`` (h).
    """

    game: str
    refusals: Mapping[str, Mapping[str, str]]
    suits: Mapping[str, Sequence[str]]
    ranks: Mapping[str, Sequence[str]] = field(default_factory=lambda: dict.fromkeys(LANGS, RANK_TEXT))
    cards: Mapping[str, str] = field(default_factory=lambda: dict.fromkeys(LANGS, "{rank}{letter}"))
    #: The game's other words by key, per language, with the same placeholders: what a plain table shows in
    #: the reader's language (``deal``: its name of a deal, ``action_<verb>``: an action, ``phase_<phase>``,
    #: ``preset_<name>``, ``level_<kind>``, ``switch_<name>``; see :meth:`troef.core.game.Game.word`).
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def refusal(self, code: str, **params: Param) -> Refusal:
        """A refusal of this game; ``code`` must be in the catalogue (a missing one is a bug: ``KeyError``)."""
        if code not in self.refusals:
            raise KeyError(f"{self.game} has no text for the refusal {code!r}")
        return Refusal(code, params, self)

    def codes(self) -> tuple[str, ...]:
        """Every refusal code of the game."""
        return tuple(self.refusals)

    def card(self, card: int, lang: str) -> str:
        """A card as the game writes it in ``lang``."""
        suit = (card >> 3) & 3
        return self.cards[lang].format(
            rank=self.ranks[lang][card & 7],
            suit=self.suits[lang][suit],
            symbol=SUIT_SYMBOLS[suit],
            letter=SUIT_LETTERS[suit],
        )

    def render(self, code: str, params: Mapping[str, Param], lang: str) -> str:
        """The template of ``code`` in ``lang`` (English for another language) with ``params`` filled in."""
        return self._fill(code, self.refusals[code], params, lang)

    def word(self, key: str, lang: str, **params: Param) -> str | None:
        """The game's word ``key`` in ``lang`` (English for another language) with ``params``, or None."""
        entry = self.words.get(key)
        return None if entry is None else self._fill(key, entry, params, lang)

    def _fill(self, code: str, entry: Mapping[str, str], params: Mapping[str, Param], lang: str) -> str:
        template = entry.get(lang)
        if template is None:
            lang, template = "en", entry["en"]

        def fill(m: re.Match[str]) -> str:
            name, kind, one, other = m.groups()
            value = params[name]
            if one is not None:
                return one if value == 1 else other
            if kind == "suit":
                return self.suits[lang][int(value)]
            if kind == "card":
                return self.card(int(value), lang)
            if kind is not None:
                raise ValueError(f"unknown placeholder kind {kind!r} in {self.game}'s text of {code!r}")
            return str(value)

        return PLACEHOLDER.sub(fill, template)

    def to_json(self) -> dict[str, Any]:
        """The catalogue as JSON-ready data (the browser words refusals with it)."""
        return {
            "game": self.game,
            "refusals": {code: dict(entry) for code, entry in self.refusals.items()},
            "suits": {lang: list(names) for lang, names in self.suits.items()},
            "ranks": {lang: list(labels) for lang, labels in self.ranks.items()},
            "cards": dict(self.cards),
            "words": {key: dict(entry) for key, entry in self.words.items()},
        }


#: The catalogue of a game that has none of its own (a game registered from outside troef): its refusal
#: is its English sentence, ``illegal`` with the parameter ``reason``, in every language.
UNWORDED: Final = Texts("", {"illegal": dict.fromkeys(LANGS, "{reason}")}, suits=SUIT_NAMES)
