"""The solver against a plain minimax over the public rules, on end-game positions of every preset.

Positions come from seeded deals bid into each kind of contract and played
with random legal cards until a few cards per seat remain (sometimes in the
middle of a trick). For each, the solver's answer, its value of every legal
card and (number bids) its exact best totals must equal the brute force.
"""

from __future__ import annotations

import dataclasses

import pytest

from tests.games.bonaken.solver.positions import (
    PLANS,
    PRESET_NAMES,
    brute_card_points,
    brute_card_values,
    brute_makes,
    brute_points,
    play_all,
    positions,
)
from troef.games.bonaken.solver import best_points, position_from_hand, solve, solve_position
from troef.games.bonaken.state import DealState

# Every preset and number of players up to four, with every contract plan.
#: Every plan in every preset and table size where it occurs: in nk bonaak with roem is bid only over plain
#: bonaak (nk rule 19), which a plan that opens with it never reaches.
CASES = [
    (name, players, plan)
    for name in PRESET_NAMES
    for players in (2, 3, 4)
    for plan in PLANS
    if not (name == "nk" and plan == "bonaak_roem")
]


def _cards_left(players: int, small: bool) -> int:
    """Cards per seat for the comparison: the brute force grows fast with four players."""
    if small:
        return 2 if players == 4 else 3
    return 3 if players == 4 else 4


def _assert_yes_no(hand: DealState, declarer: int | None = None) -> None:
    solution = solve(hand, declarer=declarer)
    brute = brute_card_values(hand, solution.declarer)
    assert solution.exact
    assert solution.move_values == brute
    mover_is_declarer = hand.to_act == solution.declarer
    expected = any(brute.values()) if mover_is_declarer else all(brute.values())
    assert solution.makes == expected == brute_makes(hand.copy(), solution.declarer)
    assert solution.winning_moves == {c for c, v in brute.items() if v == mover_is_declarer}
    if solution.winning_moves:
        assert solution.best_move in solution.winning_moves
    else:
        assert solution.best_move in brute


@pytest.mark.parametrize(("preset_name", "players", "plan"), CASES)
@pytest.mark.parametrize("small", [True, False])
def test_yes_no_and_winning_cards_match_brute_force(preset_name: str, players: int, plan: str, small: bool) -> None:
    count = 0
    for hand in positions(preset_name, players, plan, _cards_left(players, small), count=3, seed=11):
        _assert_yes_no(hand)
        count += 1
    if count == 0:
        pytest.skip(f"{plan} does not occur in {preset_name} with {players} players")


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_every_misere_player_is_solved_on_his_own(preset_name: str, players: int) -> None:
    """nk rule 38: each misère player is a separate question, all other seats against him."""
    seen = 0
    for plan in ("misere2", "misere3"):
        for hand in positions(preset_name, players, plan, _cards_left(players, small=True), count=3, seed=5):
            assert len(hand.declarers) >= 2
            for declarer in hand.declarers:
                _assert_yes_no(hand, declarer)
                seen += 1
    if seen == 0:
        pytest.skip("no multi-misère position")


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_exact_points_match_brute_force(preset_name: str, players: int) -> None:
    count = 0
    for plan in ("number25", "number40", "number60", "number80"):
        for hand in positions(preset_name, players, plan, _cards_left(players, small=True), count=2, seed=7):
            solution = solve(hand, values=True)
            declarer = solution.declarer
            brute = brute_card_points(hand, declarer)
            assert solution.move_points == brute
            best = max(brute.values()) if hand.to_act == declarer else min(brute.values())
            assert solution.points == best == best_points(hand) == brute_points(play_all(hand), declarer)
            count += 1
    assert count > 0


@pytest.mark.parametrize(("preset_name", "players"), [("nk", 4), ("pagat", 3), ("hazerswoude", 4)])
def test_larger_end_games(preset_name: str, players: int) -> None:
    """A few positions with four (four players) or five (three players) cards per seat."""
    cards = 4 if players == 4 else 5
    for plan in ("number40", "misere", "bonaak"):
        for hand in positions(preset_name, players, plan, cards, count=1, seed=3):
            _assert_yes_no(hand)


def test_roem_in_tricks_is_counted() -> None:
    """hazerswoude 2.3: where roem falling in the declarer's tricks decides a card, the solver counts it."""
    decided_by_roem = 0
    for plan in ("number25", "number40", "number60", "number80", "bonaak_roem"):
        for players in (2, 3, 4):
            for hand in positions("hazerswoude", players, plan, _cards_left(players, small=True), count=12, seed=21):
                _assert_yes_no(hand)
                pos = position_from_hand(hand)
                assert pos.trick_roem
                if solve_position(dataclasses.replace(pos, trick_roem=False)).move_values != solve(hand).move_values:
                    decided_by_roem += 1
    assert decided_by_roem > 0
