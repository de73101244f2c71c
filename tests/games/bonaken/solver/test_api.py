"""The solver's interface: stuk, limits, solving from masks, and the errors it raises."""

from __future__ import annotations

import dataclasses

import pytest

from tests.games.bonaken.solver.positions import brute_card_points, brute_card_values, dealt_hand, positions, reach_play
from troef.cards import CardSet
from troef.games.bonaken.actions import Bid, BidKind, Play, parse_action
from troef.games.bonaken.bench_solver import build_position
from troef.games.bonaken.rules import preset
from troef.games.bonaken.solver import (
    Goal,
    Position,
    SolverError,
    best_points,
    position_from_hand,
    solve,
    solve_position,
)
from troef.games.bonaken.solver.search import _CLOCK_EVERY
from troef.games.bonaken.state import DealState, Phase


def _stuk_hand() -> DealState:
    """nk, two players: the declarer (seat 1) bid 25 and holds stuk; without it he cannot make 25."""
    hand = dealt_hand(preset("nk"), {0: "Ac Ad As 7s 8s 9s", 1: "Kh Qh 7c 8c 7d 9d"}, "10s Js", "Qs")
    for text in ("bid 25", "pass", "discard 10s", "discard Js", "discard Qs", "trump h", "roem 0"):
        hand.apply(parse_action(text))
    assert hand.phase == Phase.PLAY and hand.to_act == 1
    return hand


@pytest.mark.slow
def test_stuk_declared_with_its_first_card_counts() -> None:
    """nk rule 46: stuk may be declared when its first card is played; the solver counts it."""
    hand = _stuk_hand()
    solution = solve(hand, values=True)
    assert solution.makes
    assert solution.move_values == brute_card_values(hand, 1)
    assert solution.move_points == brute_card_points(hand, 1)
    pos = position_from_hand(hand)
    assert pos.stuk == 20
    assert not solve_position(dataclasses.replace(pos, stuk=0)).makes
    king = CardSet.parse("Kh").mask.bit_length() - 1
    queen = CardSet.parse("Qh").mask.bit_length() - 1
    assert solution.declare_stuk == (solution.best_move in (king, queen))


def test_stuk_follows_the_cards_in_other_deals() -> None:
    """One position serves deals in which the declarer holds stuk and deals in which he does not."""
    hand = _stuk_hand()
    pos = position_from_hand(hand)
    swapped = hand.copy()
    swapped.hands[0], swapped.hands[1] = hand.hands[1], hand.hands[0]
    expected = brute_card_values(swapped, 1)
    assert solve_position(pos, hands=swapped.hands).move_values == expected == solve(swapped).move_values
    assert solve_position(pos, hands=hand.hands).move_values == brute_card_values(hand, 1)


def test_stuk_once_declared_is_not_counted_again() -> None:
    hand = _stuk_hand()
    hand.apply(parse_action("stuk"))
    pos = position_from_hand(hand)
    assert pos.stuk == 0
    assert pos.need == 5  # 25 minus the 20 of stuk
    solution = solve(hand)
    assert set(solution.move_values) == {a.card for a in hand.legal_actions() if isinstance(a, Play)}
    assert solution.move_values == brute_card_values(hand, 1)


def _full_hand() -> DealState:
    hand = reach_play(preset("nk"), 4, "number60", seed=4)
    assert hand is not None
    return hand


def _hard_hand() -> DealState:
    """A full four-player hand that takes the solver well over a thousand nodes."""
    hand = build_position((Bid(BidKind.NUMBER, 40),), 2027)
    assert hand is not None
    return hand


def test_node_limit_gives_a_legal_best_guess() -> None:
    hand = _full_hand()
    legal = {a.card for a in hand.legal_actions() if isinstance(a, Play)}
    solution = solve(hand, node_limit=5)
    assert not solution.exact
    assert solution.best_move in legal
    assert solution.nodes <= 6
    assert set(solution.move_values) <= legal


def test_time_limit_gives_a_legal_best_guess() -> None:
    """A spent time limit stops the search at its first look at the clock, counted in nodes, not seconds."""
    hand = _hard_hand()
    legal = {a.card for a in hand.legal_actions() if isinstance(a, Play)}
    solution = solve(hand, time_limit=0.0)
    assert solution.nodes <= _CLOCK_EVERY + 1
    assert not solution.exact
    assert solution.best_move in legal


def test_a_generous_limit_changes_nothing() -> None:
    hand = next(iter(positions("nk", 4, "number40", 3, count=1, seed=2)))
    assert solve(hand, node_limit=10**9, time_limit=600.0) == solve(hand)


def test_first_winning_card_is_enough_for_the_answer() -> None:
    for hand in positions("pagat", 4, "number40", 3, count=5, seed=8):
        full = solve(hand)
        quick = solve(hand, all_moves=False)
        assert quick.exact and quick.makes == full.makes
        if full.winning_moves:
            assert quick.best_move in full.winning_moves


def test_solving_other_hands_from_masks() -> None:
    """A sampling player swaps the hidden cards between two opponents and solves again."""
    for hand in positions("nk", 4, "number40", 3, count=4, seed=6):
        pos = position_from_hand(hand)
        a, b = [s for s in pos.order if s not in (pos.to_move, pos.declarer)][:2]
        swapped = list(pos.hands)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        if any(seat in (a, b) for seat, _ in pos.trick):
            continue  # the seats already in the trick hold one card fewer
        other = hand.copy()
        other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
        assert solve_position(pos, hands=swapped).move_values == solve(other).move_values


def test_the_position_of_a_hand() -> None:
    hand = _full_hand()
    pos = position_from_hand(hand)
    assert pos.goal == Goal.POINTS
    assert pos.declarer == hand.declarers[0] == pos.to_move
    assert pos.need == 60 - hand.roem_counted
    assert pos.order == (0, 1, 2, 3)
    pos.check()


def test_bad_positions_are_refused() -> None:
    fresh = DealState.new(preset("nk"), 4, dealer=0, seed=1)
    with pytest.raises(SolverError, match="in play"):
        solve(fresh)
    pos = position_from_hand(_full_hand())
    with pytest.raises(SolverError, match="two hands"):
        solve_position(dataclasses.replace(pos, hands=(pos.hands[0],) * 4))
    with pytest.raises(SolverError, match="equally many"):
        solve_position(dataclasses.replace(pos, hands=(pos.hands[0] & (pos.hands[0] - 1), *pos.hands[1:])))
    with pytest.raises(SolverError, match="not a declarer"):
        position_from_hand(_full_hand(), declarer=(pos.declarer + 1) % 4)


def test_best_points_is_for_number_bids() -> None:
    hand = reach_play(preset("nk"), 4, "bonaak", seed=1)
    assert hand is not None
    with pytest.raises(SolverError, match="number bid"):
        best_points(hand)


def test_a_lost_contract_stays_lost() -> None:
    """nk rule 34: a misère player who took a trick has lost, whatever follows."""
    for hand in positions("pagat", 3, "misere", 2, count=20, seed=4):
        declarer = hand.declarers[0]
        if hand.won[declarer]:
            solution = solve(hand)
            assert not solution.makes and all(v is False for v in solution.move_values.values())
            return
    pytest.skip("no misère position with a trick taken")


def test_position_is_a_plain_value() -> None:
    pos = position_from_hand(_full_hand())
    assert isinstance(pos, Position)
    assert dataclasses.replace(pos) == pos
    assert hash(pos) == hash(dataclasses.replace(pos))
