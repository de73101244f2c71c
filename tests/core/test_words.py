"""Words by key: a part's own on top of its base, English where a language is missing, clashes refused."""

from __future__ import annotations

import pytest

from troef.core.words import Words

BASE = Words({"quit": {"nl": "Gestopt.", "en": "Stopped.", "de": "Beendet."}})


def test_a_part_finds_its_own_words_then_its_bases() -> None:
    own = Words({"trick": {"nl": "slag", "en": "trick"}}, base=BASE)
    assert own.t("trick", "nl") == "slag"
    assert own.t("trick", "de") == "trick"  # no German text: English
    assert own.t("quit", "de") == "Beendet."
    assert own.keys() == ("trick",) and own.missing("de") == ["trick"]


def test_a_key_of_the_base_given_again_is_refused() -> None:
    with pytest.raises(KeyError, match="quit"):
        Words({"quit": {"en": "Bye."}}, base=BASE)


def test_an_unknown_key_is_a_key_error_even_with_a_base() -> None:
    with pytest.raises(KeyError, match="nothing"):
        Words({}, base=BASE).t("nothing", "en")


def test_a_plural_form_follows_the_number() -> None:
    words = Words({"laid": {"nl": "{n} {n|kaart|kaarten} weg", "en": "{n} {n|card|cards} away"}})
    assert words.t("laid", "nl", n=1) == "1 kaart weg"
    assert words.t("laid", "en", n=3) == "3 cards away"
