"""Binokel's part of the analysis: a decision's open-card value does not depend on what else is analysed."""

from __future__ import annotations

from tests.analysis.conftest import play_first_deal
from troef.analysis import Settings, analyse
from troef.games import game


def test_a_decisions_open_value_is_the_same_whichever_seats_are_analysed() -> None:
    """The solver's work for one decision starts afresh: with a node limit that a solve reaches only without
    what earlier decisions of the deal found, analysing one seat or all four gives each decision the same
    values (``troef analyse --seat``)."""
    text = game("binokel").record(play_first_deal("binokel", "cardgames", 1))
    settings = Settings(fair=False, nodes=20_000)
    every = {d.index: d.open for d in analyse(text, deals=[0], settings=settings).deals[0].decisions}
    assert any(judged is not None for judged in every.values())
    compared = 0
    for seat in range(4):
        for d in analyse(text, deals=[0], seats=[seat], settings=settings).deals[0].decisions:
            assert d.open == every[d.index], (seat, d.index)
            compared += 1
    assert compared == len(every)
