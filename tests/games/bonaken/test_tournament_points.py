"""Bonaken's tournament scores: which table points a game can give (nk rules 54-58), and the refusals."""

from __future__ import annotations

import itertools

import pytest

from tests.tournament.engine import bot
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import preset
from troef.games.bonaken.tournament import (
    FORM_COLUMNS,
    ResultError,
    check_points,
    points_from_order,
    possible_outcomes,
)
from troef.games.bonaken.view import hand_view

# Written out by hand from the rule texts, apart from the enumeration in the module:
# (a) one after the other: 10, 8, 4 and the one left over 1 (nk rules 54-57);
# (b) two jointly first by misère, then 4 and 1 (nk rules 54, 56-57); three jointly first, then 1 (nk rule 54);
# (c) two jointly second, the last left 1 (nk rule 55);
# (d) erin players score 0 and shift the one left over up (nk rule 57: 4, 8 or 10);
# (e) a hand can end several players' game at once (misère, nk rule 38), so nobody may be left (nk rule 58).
RULE_54_58 = {
    (10, 8, 4, 1),  # a
    (10, 8, 4, 0),  # a, the last two decided together (third out, fourth erin), or 3rd out after an erin
    (10, 10, 4, 1),  # b
    (10, 10, 10, 1),  # b
    (10, 10, 4, 0),  # b + d
    (10, 10, 10, 0),  # four misère players: three win, one takes a trick
    (10, 10, 0, 0),  # b, then both others erin in one hand
    (10, 8, 8, 1),  # c
    (10, 8, 8, 0),  # c, with the last one erin in the same hand
    (10, 8, 0, 0),  # d: one out first, two erin, the one left over 8
    (10, 0, 0, 0),  # d: three erin, the one left over 10; or one out and three erin together
    (0, 0, 0, 0),  # e: four misère players all take a trick, all of them krom
}


def test_the_possible_outcomes_are_those_of_rules_54_to_58() -> None:
    assert set(possible_outcomes(4)) == RULE_54_58


def test_every_engine_match_ends_in_a_possible_outcome() -> None:
    """The enumeration agrees with the engine: seeded nk matches of computer players."""
    seen = set()
    for seed in range(40):
        match = Match(preset("nk"), 4, seed=seed)
        levels = ("heuristic", "random", "heuristic", "random") if seed % 2 else ("random",) * 4
        bots = [bot(level, seed * 10 + i) for i, level in enumerate(levels)]
        while not match.is_over:
            seat = match.to_act
            match.apply(bots[seat].act(hand_view(match.hand, seat)))
        points = list(match.sheet.table_points().values())
        check_points(points)
        seen.add(tuple(sorted(points, reverse=True)))
    assert len(seen) >= 3  # the games did not all end alike


@pytest.mark.parametrize(
    ("points", "reason"),
    [
        ([10, 10, 10, 10], "not everybody can go out first"),
        ([10, 10, 8, 1], "after two players share first place"),
        ([10, 10, 10, 4], "after three players share first place only 1 point is left"),
        ([10, 8, 8, 4], "after two players share second place the last one scores 1"),
        ([10, 8, 1, 1], "only the one player left over scores 1"),
        ([10, 8, 1, 0], "the player left over scores 1 only when all others went out as winners"),
        ([8, 8, 4, 1], "somebody goes out first and scores 10"),
        ([10, 4, 4, 0], "a 4 needs a second place before it"),
        ([10, 8, 4, 2], "2 is no table score"),
        ([10, 8, 4], None),  # three players are a possible table (after withdrawals) and 10, 8, 4 a result
        ([10, 8, 4, 1, 0], "a table has 2 to 4 players"),
    ],
)
def test_impossible_points_are_refused_with_their_reason(points: list[int], reason: str | None) -> None:
    if reason is None:
        check_points(points)
        return
    with pytest.raises(ResultError, match=reason):
        check_points(points)


def test_every_combination_is_either_possible_or_refused() -> None:
    for combo in itertools.product((10, 8, 4, 1, 0), repeat=4):
        if tuple(sorted(combo, reverse=True)) in RULE_54_58:
            check_points(combo)
        else:
            with pytest.raises(ResultError, match="is not possible"):
                check_points(combo)


@pytest.mark.parametrize(
    ("order", "points"),
    [
        (["1", "2", "3", "rest"], [10, 8, 4, 1]),
        (["rest", "3", "2", "1"], [1, 4, 8, 10]),
        (["1", "1", "3", "rest"], [10, 10, 4, 1]),  # nk rule 56: after a joint first the next one out is third
        (["1", "2", "2", "rest"], [10, 8, 8, 1]),  # nk rule 55
        (["1", "erin", "erin", "rest"], [10, 0, 0, 8]),  # nk rule 57
        (["erin", "erin", "rest", "erin"], [0, 0, 10, 0]),  # nk rule 57
        (["1", "2", "erin", "rest"], [10, 8, 0, 4]),  # nk rule 57
        (["1", "1", "1", "rest"], [10, 10, 10, 1]),  # nk rule 54
    ],
)
def test_points_from_the_order_of_going_out(order: list[str], points: list[int]) -> None:
    assert points_from_order(order) == points


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        (["1", "2", "rest", "rest"], "only one player can be left over"),
        (["1", "1", "2", "rest"], "place 2 out cannot follow places 1, 1"),
        (["2", "3", "erin", "rest"], "place 2 out cannot follow places none"),
        (["1", "2", "3", "4"], "'4' is no way of going out"),
        (["1", "1", "1", "1"], "not everybody can go out first"),
    ],
)
def test_impossible_orders_are_refused(order: list[str], reason: str) -> None:
    with pytest.raises(ResultError, match=reason):
        points_from_order(order)


def test_the_score_form_has_the_columns_of_rule_59() -> None:
    assert FORM_COLUMNS == ("suf", "krom", "recht", "wip", "eruit", "erin")
