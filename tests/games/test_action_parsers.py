"""Every game's action parser, fuzzed: any text is an action or a :class:`NotationError`, never another error.

docs/protocol.md: numbers in actions are ASCII digits; ``str.isdigit()`` also
takes superscripts (``"²⁰"``, which ``int()`` then refuses) and other scripts'
digits (``"٢٥٠"``, which ``int()`` reads as 250).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from troef.core.errors import NotationError
from troef.games import game, names

HEADS = [
    "bid",
    "roem",
    "play",
    "give",
    "discard",
    "trump",
    "pass",
    "stuk",
    "concede",
    "kraak",
    "bid bonaak",
    "bid misere",
]

#: Numbers spelt in other digits: each must be refused, by every game that reads a number there.
OTHER_DIGITS = ["\u00b2\u2070", "\u0662\u0665\u0660", "\u0663\u0660", "\uff12\uff10", "\u2460", "\U0001d7d0\U0001d7ce"]


def _parse_or_notation_error(name: str, text: str) -> None:
    parse = game(name).parse_action
    try:
        action = parse(text)
    except NotationError:
        return
    # an accepted action has one spelling, which reads back as itself
    assert parse(action.text()).text() == action.text()


@pytest.mark.parametrize("name", names())
@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=40))
def test_any_text_is_an_action_or_a_notation_error(name: str, text: str) -> None:
    _parse_or_notation_error(name, text)


@pytest.mark.parametrize("name", names())
@settings(max_examples=300, deadline=None)
@given(head=st.sampled_from(HEADS), arg=st.text(min_size=1, max_size=12))
def test_any_argument_of_a_known_word_is_an_action_or_a_notation_error(name: str, head: str, arg: str) -> None:
    _parse_or_notation_error(name, f"{head} {arg}")


@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize("digits", OTHER_DIGITS)
@pytest.mark.parametrize("head", ["bid", "roem", "bid bonaak"])
def test_numbers_in_other_digits_are_refused(name: str, digits: str, head: str) -> None:
    with pytest.raises(NotationError):
        game(name).parse_action(f"{head} {digits}")


@pytest.mark.parametrize("name", names())
def test_a_number_too_long_for_int_is_a_notation_error(name: str) -> None:
    for head in ("bid", "roem"):
        with pytest.raises(NotationError):
            game(name).parse_action(f"{head} {'9' * 5000}")
