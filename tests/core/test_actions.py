"""The actions every game shares and the reader of an action's text (troef.core.actions)."""

from __future__ import annotations

import pytest

from troef.cards import parse_card
from troef.core.actions import PASS, PLAYS, TRUMPS, Forms, Pass, Play, play_of, trump_of, word_of
from troef.core.errors import NotationError
from troef.games import game

FORMS = Forms[Pass | Play]({"pass": word_of(PASS), "play": lambda args: play_of(args, "Tiny")}, "'pass', 'play Jh'")


def test_a_text_is_read_by_its_first_word_in_any_case_to_the_interned_action() -> None:
    assert FORMS.read("  PLAY jH ") is PLAYS[parse_card("Jh")]
    assert FORMS.read("Pass") is PASS


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("pass now", "'pass now' is not an action; examples: 'pass', 'play Jh'"),
        ("fold", "'fold' is not an action"),
        ("play Jh'", '"play Jh\'": Tiny has one copy of each card'),
        ("play Xh", "'play Xh': 'xh': unknown rank"),
    ],
)
def test_a_text_of_no_form_is_refused_naming_it(text: str, message: str) -> None:
    with pytest.raises(NotationError) as refused:
        FORMS.read(text)
    assert str(refused.value).startswith(message)


def test_trump_is_one_suit_letter_and_nothing_else() -> None:
    assert trump_of(["S"]) is TRUMPS[3]
    assert trump_of(["hd"]) is None and trump_of([""]) is None and trump_of(["h", "d"]) is None


@pytest.mark.parametrize("name", ["bonaken", "klaverjas", "binokel"])
def test_every_game_names_trump_with_the_same_action(name: str) -> None:
    assert game(name).parse_action("trump d") is TRUMPS[1]
    with pytest.raises(NotationError):
        game(name).parse_action("trump hd")


def test_binokel_quotes_a_refused_card_as_written() -> None:
    with pytest.raises(NotationError, match="'play Zz': 'Zz'"):
        game("binokel").parse_action("play Zz")
