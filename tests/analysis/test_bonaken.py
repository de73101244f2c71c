"""Bonaken's part of the analysis: under nk scoring a decision that turns the contract says what it turns on
the score sheet (nk rules 52-53); other scorings say nothing of the sheet."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from tests.analysis.conftest import play_first_deal
from troef.analysis import Settings, analyse
from troef.analysis.bonaken import PART, sheet_outcomes
from troef.analysis.core import judge_in_worlds
from troef.core.game import AnyGame
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


def _sheet_turns(seeds: Iterable[int]) -> Iterator[tuple[Any, str, str, float, float]]:
    """Late card decisions of nk first deals where one card reaches the seat's side's goal in every fair world
    and another misses it in every one: (view, the card that reaches it, the one that misses, W, L), with W
    and L the declarer's match result after a plus or a minus, read from the sheet's table."""
    g = game("bonaken")
    found: list[tuple[Any, str, str, float, float]] = []

    def look(_g: AnyGame, _match: Any, seat: int, view: Any) -> None:
        plays = [t for t in view.legal if t.startswith("play ")]
        if view.phase != "play" or len(plays) < 2 or len(view.hand) > 3 or len(view.declarers) != 1:
            return None
        draw = PART.world_values(g, view)
        assert draw is not None  # a deal of a match, one declarer: valued on the sheet
        rng = random.Random(seed)
        rows = [row for row in (draw(rng) for _ in range(8)) if row is not None]
        if len(rows) < 4:  # few worlds fit what the seat saw
            return None
        always = {t for t in plays if len({row[t] for row in rows}) == 1}
        values = {t: rows[0][t] for t in always}
        if len(set(values.values())) == 2:
            good = max(values, key=lambda t: values[t])
            bad = min(values, key=lambda t: values[t])
            outcomes = sheet_outcomes(view.rules, view.table, view.standing, view.declarers[0])
            assert outcomes is not None
            found.append((view, good, bad, outcomes[0], outcomes[1]))
        return None

    for seed in seeds:
        play_first_deal("bonaken", "nk", seed, look)
        yield from found
        found.clear()


def test_a_card_that_turns_the_contract_costs_the_declarers_sheet_difference_whichever_side_plays_it() -> None:
    part = PART
    sides: set[str] = set()
    # seeds whose first deal has such a card: a declarer's (18), a defender's (259), found by _sheet_turns
    for view, good, bad, won, lost in _sheet_turns((18, 259)):
        assert won > lost  # a plus is worth more than a minus on a fresh sheet
        draw = part.world_values(game("bonaken"), view)
        assert draw is not None
        unit, size = part.sheet_unit(view), part.mistake(view)
        assert unit == "table points"
        wrong = judge_in_worlds(draw, bad, 8, 3, unit, size)
        right = judge_in_worlds(draw, good, 8, 3, unit, size)
        assert wrong is not None and right is not None
        declarer = view.viewer in view.declarers
        # the values are the declarer's match results (a defender's with the sign turned)
        assert wrong.values[good] == pytest.approx(won if declarer else -lost)
        assert wrong.values[bad] == pytest.approx(lost if declarer else -won)
        assert wrong.cost == pytest.approx(won - lost) and wrong.significant  # the whole sheet difference: a mistake
        assert right.cost == 0 and not right.significant
        sides.add("declarer" if declarer else "defender")
        if sides == {"declarer", "defender"}:
            return
    raise AssertionError(f"only {sides} found a card that turns the contract in every world")
