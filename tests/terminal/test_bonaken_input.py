"""Reading a line at the Bonaken terminal table (:mod:`troef.terminal.bonaken_input`), in each language."""

from __future__ import annotations

import pytest

from troef.games.bonaken.actions import MISERE, PASS, Bid, BidKind, Play
from troef.games.bonaken.game import GAME
from troef.games.bonaken.view import BonakenView
from troef.terminal.bonaken_input import LineReader


def _bidding_view() -> BonakenView:
    match = GAME.new_match("pagat", 4, seed=7, first_dealer=0)
    view = GAME.view(match, match.to_act)
    assert view.phase == "bidding"
    return view


@pytest.mark.parametrize("lang", ["nl", "en", "de"])
def test_bids_passes_and_commands_in_every_language(lang: str) -> None:
    reader = LineReader(lang, lambda view: "e.g. 75")
    view = _bidding_view()
    assert reader.parse("75", view, []).actions == [Bid(BidKind.NUMBER, 75)]
    assert reader.parse("bied 80", view, []).actions == [Bid(BidKind.NUMBER, 80)]
    assert reader.parse("pas", view, []).actions == [PASS]
    assert reader.parse("misère", view, []).actions == [MISERE]
    assert reader.parse("bonaak 50 zes", view, []).actions == [Bid(BidKind.BONAAK, 50, True)]
    assert reader.parse("hint", view, []).command == "hint" and reader.parse("stoppen", view, []).command == "quit"
    assert reader.parse("", view, []).default
    assert reader.parse("bid 90", view, []).actions == [Bid(BidKind.NUMBER, 90)]  # the record notation


def test_a_line_not_understood_says_what_may_be_typed_and_a_card_number_its_range() -> None:
    reader = LineReader("en", lambda view: "EXAMPLES")
    view = _bidding_view()
    not_understood = reader.parse("fly away", view, [])
    assert not not_understood.actions and not_understood.error is not None and "EXAMPLES" in not_understood.error
    cards = [3, 5, 9]
    assert reader._card_of("2", cards) == 5
    assert isinstance(reader._card_of("4", cards), str)  # out of range: the reason, not a card
    parsed = reader._parse_cards(["play", "1"], cards, Play, ("play",), single=True)
    assert parsed.actions == [Play(3)]
