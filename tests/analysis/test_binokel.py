"""Binokel's part of the analysis: a decision's open-card value does not depend on what else is analysed."""

from __future__ import annotations

from tests.analysis.conftest import play_first_deal
from troef.analysis import Settings, analyse
from troef.analysis.core import Worlds, judge_in_worlds, part_of
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


def test_bids_are_valued_by_the_rounds_score_and_an_overbid_is_a_mistake() -> None:
    """A seat that raises every time: its bids get values in points of the score over fair worlds (the
    same worlds for every bid and for passing), and raising far beyond its hand is marked, passing best."""
    g = game("binokel")
    part = part_of("binokel")
    assert isinstance(part, Worlds)
    marked = passing_best = 0
    for seed in (4, 5):
        match = g.new_match("cardgames", None, seed=seed)
        bots = {s: g.make_bot("heuristic", s) for s in range(4)}
        while (view := g.view(match, match.to_act)).phase == "bidding":
            bids = [t for t in view.legal if t.startswith("bid ")]
            if view.viewer != 1 or not bids:
                g.apply(match, bots[match.to_act].act(view))
                continue
            draw = part.world_values(g, view)
            assert draw is not None
            judged = judge_in_worlds(draw, bids[-1], 16, seed, part.sheet_unit(view), part.mistake(view))
            assert judged is not None and set(judged.values) == {*bids, "pass"}
            if judged.significant:
                marked += 1
                assert bids[-1] not in judged.best and judged.interval is not None and judged.interval[0] > 0
                passing_best += judged.best == ("pass",)
            g.apply(match, g.parse_action(bids[-1]))
    assert marked >= 2 and passing_best >= 1
