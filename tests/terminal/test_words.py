"""The frame's words: every key in every language, none given again by a game's table."""

from __future__ import annotations

import pytest

from troef.core.words import LANGS
from troef.games.bonaken.i18n import WORDS as BONAKEN_WORDS
from troef.terminal import binokel, klaverjas
from troef.terminal.words import WORDS


@pytest.mark.parametrize("lang", LANGS)
def test_the_frames_words_exist_in_every_language(lang: str) -> None:
    assert WORDS.keys() and WORDS.missing(lang) == []


def test_a_tables_words_stand_on_the_frames_and_bonakens_stay_apart() -> None:
    for table in (klaverjas, binokel):
        assert table.t("quit", "nl") == "Gestopt."  # the frame's word, through the table's own
    assert not set(BONAKEN_WORDS.keys()) & set(WORDS.keys())
