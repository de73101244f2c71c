"""Bonaken's part of the analysis: under nk scoring a decision that turns the contract says what it turns on
the score sheet (nk rules 52-53); other scorings say nothing of the sheet."""

from __future__ import annotations

import json

from tests.analysis.conftest import play_first_deal
from troef.analysis import Settings, analyse
from troef.games import game


def _turning(preset: str, seed: int) -> tuple[list[tuple[int, str | None]], tuple[int, ...]]:
    g = game("bonaken")
    match = play_first_deal("bonaken", preset, seed)
    found = analyse(g.record(match), deals=[0], settings=Settings(fair=False))
    turning = [(d.seat, d.consequence) for d in found.deals[0].decisions if d.open is not None and d.open_cost >= 1]
    assert json.loads(json.dumps(found.to_json()))  # the consequence travels in the JSON
    return turning, tuple(match.hands[0].declarers)


def test_under_nk_each_turn_of_the_contract_says_which_mark_it_turns() -> None:
    seen = 0
    for seed in range(1, 30):
        turning, declarers = _turning("nk", seed)
        for seat, consequence in turning:
            assert consequence is not None
            # every declarer is named, with the mark the contract's turn gives it on a fresh sheet
            for d in declarers:
                assert f"seat {d}: " in consequence
            if seat in declarers:  # the declarer's own card lost the contract
                assert "a minus instead of a plus" in consequence
            else:  # a defender's card let the contract be made
                assert "a plus instead of a minus" in consequence
            seen += 1
        if seen >= 3:
            break
    assert seen >= 3


def test_other_scorings_say_nothing_of_the_sheet() -> None:
    for seed in range(1, 30):
        turning, _ = _turning("pagat", seed)
        if turning:
            assert all(consequence is None for _, consequence in turning)
            return
    raise AssertionError("no decision turned a contract in 29 deals")
