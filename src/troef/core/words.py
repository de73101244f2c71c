"""Words of a user interface in Dutch, English and German, by key: :class:`Words`.

Every part with words of its own (a game's terminal table, the terminal's
frame, the analysis) keeps them in its own module as a :class:`Words` and
looks them up with ``words.t(key, lang, **params)``. A key missing in a
language falls back to English; an unknown key is a bug and raises
``KeyError``. Why an action is refused is worded by the game's own catalogue
(``troef/games/<game>/texts.py``, :mod:`troef.core.refusals`).

>>> base = Words({"quit": {"nl": "Gestopt.", "en": "Stopped.", "de": "Beendet."}})
>>> words = Words({"trick": {"nl": "slag", "en": "trick", "de": "Stich"}}, base=base)
>>> words.t("trick", "de"), words.t("quit", "nl")
('Stich', 'Gestopt.')
>>> Words({"n_cards": {"nl": "{n} {n|kaart|kaarten}", "en": "{n} {n|card|cards}"}}).t("n_cards", "nl", n=3)
'3 kaarten'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

#: The languages of the user interfaces; the first is the default of the terminal game.
LANGS: Final = ("nl", "en", "de")

#: A plural in a text: ``{n|kaart|kaarten}`` is the first form for one of ``n``, else the second.
_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def plural(n: object, one: str, other: str, lang: str = "en") -> str:
    """``one`` or ``other`` for the number ``n``: the plural rule of Dutch, English and German (1 is singular)."""
    del lang  # the three languages share the rule; a language with more forms would need its own
    return one if n == 1 else other


def fill(entry: Mapping[str, str], lang: str, params: Mapping[str, object]) -> str:
    """The text of ``entry`` in ``lang`` (English where missing) with ``params`` filled in.

    ``{n|card|cards}`` in a text is the plural form for the parameter ``n`` (:func:`plural`).
    """
    text = entry.get(lang) or entry["en"]
    if not params:
        return text
    text = _PLURAL.sub(lambda m: plural(params.get(m[1]), m[2], m[3], lang) if m[1] in params else m[0], text)
    return text.format(**params)


class Words:
    """A part's own words, on top of the words of the part it stands on (``base``), if any.

    The base is never changed. A key of the part's own that the base has too is
    a bug (two meanings for one key) and raises ``KeyError``.
    """

    def __init__(self, words: Mapping[str, Mapping[str, str]], base: Words | None = None) -> None:
        if base is not None:
            clash = sorted(key for key in words if base.has(key))
            if clash:
                raise KeyError(f"the words {clash} are in the shared catalogue already")
        self.words: Final = dict(words)
        self.base: Final = base

    def has(self, key: str) -> bool:
        """Whether ``key`` is the part's own or its base's."""
        return key in self.words or (self.base is not None and self.base.has(key))

    def t(self, key: str, lang: str = "en", **params: object) -> str:
        """The text of ``key`` (the part's own, else its base's) in ``lang``, with ``params`` filled in."""
        entry = self.words.get(key)
        if entry is None:
            if self.base is None:
                raise KeyError(key)
            return self.base.t(key, lang, **params)
        return fill(entry, lang, params)

    def keys(self) -> tuple[str, ...]:
        """The part's own keys."""
        return tuple(self.words)

    def missing(self, lang: str) -> list[str]:
        """The part's own keys that have no text in ``lang`` (they fall back to English)."""
        return [key for key, texts in self.words.items() if lang not in texts]
