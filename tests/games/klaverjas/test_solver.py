"""The klaverjas solver is exact: it agrees with a plain exhaustive minimax over the engine's own deal.

The reference below knows nothing of the solver: it copies the engine's
:class:`DealState`, tries every legal action (cards, stuk, claim or turn) and
scores the finished deal by the engine's result (nat: common rules, Kraken
3.1/3.3 — the playing side must take more than the other side, roem included).
"""

from __future__ import annotations

import random

import pytest

from troef.core.chance import GameRandom
from troef.games.klaverjas.actions import TRUMPS
from troef.games.klaverjas.deal import deal_cards
from troef.games.klaverjas.kraak import playing_side
from troef.games.klaverjas.rules import PRESETS, preset
from troef.games.klaverjas.solver import Position, SolverError, best_difference, makes_pit, position_from_deal, solve
from troef.games.klaverjas.solver.search import Search
from troef.games.klaverjas.state import DealState, Phase


def _difference(deal: DealState) -> int:
    result = deal.result
    assert result is not None
    side = result.playing_side
    total = [result.card_points[s] + result.roem[s] for s in (0, 1)]
    return total[side] - total[side ^ 1]


def _copy(deal: DealState) -> DealState:
    """An independent copy by replaying the deal's actions (a mypyc-compiled DealState has no deepcopy)."""
    child = DealState(deal.rules, deal.deal, must_kraak=deal.must_kraak)
    for _, action in deal.history:
        child.apply(action)
    return child


def minimax(deal: DealState) -> int:
    """The final difference (playing side minus other) with best play, by trying every action."""
    if deal.phase == Phase.DONE:
        return _difference(deal)
    side = playing_side(deal.declarer, deal.level)
    seat = deal.to_act if deal.phase == Phase.PLAY else deal.tricks[-1][1]
    values = []
    for action in deal.legal_actions():
        child = _copy(deal)
        child.apply(action)
        values.append(minimax(child))
    return max(values) if (seat & 1) == side else min(values)


def pit_minimax(deal: DealState, side: int) -> bool:
    """Whether ``side`` can win every trick (the reference for :func:`makes_pit`)."""
    if deal.won[side ^ 1]:
        return False
    if deal.phase == Phase.DONE:
        return True
    seat = deal.to_act if deal.phase == Phase.PLAY else deal.tricks[-1][1]
    hits = []
    for action in deal.legal_actions():
        child = _copy(deal)
        child.apply(action)
        hits.append(pit_minimax(child, side))
    return any(hits) if (seat & 1) == side else all(hits)


def random_position(name: str, seed: int, tricks_left: int, switches: dict[str, object] | None = None) -> DealState:
    """A deal of ``name`` played at random (seeded) until ``tricks_left`` tricks remain, maybe mid-trick."""
    rules = preset(name, **(switches or {}))
    chooser = random.Random(seed)
    deal = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
    deal.apply(TRUMPS[chooser.randrange(4)])
    while deal.phase == Phase.KRAAK:
        legal = deal.legal_actions()
        deal.apply(legal[chooser.randrange(len(legal))])
    extra = chooser.randrange(4)
    while deal.phase != Phase.DONE and (8 - len(deal.tricks) > tricks_left or len(deal.trick) < extra):
        legal = deal.legal_actions()
        deal.apply(legal[chooser.randrange(len(legal))])
        if 8 - len(deal.tricks) < tricks_left:
            break
    return deal


CASES = [(name, seed, left) for name in PRESETS for seed in range(12) for left in (1, 2, 3)]


@pytest.mark.parametrize(("name", "seed", "left"), CASES)
def test_solver_matches_exhaustive_minimax(name: str, seed: int, left: int) -> None:
    deal = random_position(name, seed, left)
    if deal.phase == Phase.DONE:
        pytest.skip("the random play ended the deal")
    position = position_from_deal(deal)
    exact = minimax(deal)
    assert best_difference(position) == exact
    solution = solve(position, values=True)
    assert solution.exact
    assert solution.makes == (exact > 0)
    # every card's answer agrees with the reference after that card
    for card, made in solution.move_values.items():
        child = _copy(deal)
        if child.phase == Phase.CLAIM:
            child.apply(child.legal_actions()[0])
        from troef.games.klaverjas.actions import Play

        child.apply(Play(card))
        value = minimax(child)
        assert made == (value > 0), (card, value)
        assert solution.values[card] == value
    for side in (0, 1):
        assert makes_pit(position, side) == pit_minimax(deal, side)


@pytest.mark.parametrize("name", PRESETS)
def test_solver_with_claimed_roem_and_pit(name: str) -> None:
    # the claim switch: roem is claimed by the winner; positions with pit still open (few tricks played)
    for seed in range(6):
        deal = random_position(name, 100 + seed, 2, {"roem_counting": "claim"})
        if deal.phase == Phase.DONE:
            continue
        assert best_difference(position_from_deal(deal)) == minimax(deal)


def test_node_limit_gives_a_clean_guess() -> None:
    deal = random_position("kraken", 5, 8)
    solution = solve(position_from_deal(deal), node_limit=50)
    assert not solution.exact
    assert solution.best_move in [c for c in range(32) if deal.play_mask(deal.to_act) >> c & 1]


def test_inconsistent_position_is_refused() -> None:
    deal = random_position("amsterdam", 1, 3)
    good = position_from_deal(deal)
    with pytest.raises(SolverError):
        Position(**{**{f: getattr(good, f) for f in good.__slots__}, "hands": (1, 1, 0, 0)})


def test_a_horizon_beyond_the_last_trick_is_the_full_search() -> None:
    for seed in range(4):
        deal = random_position("rotterdam", 30 + seed, 3)
        if deal.phase != Phase.PLAY:
            continue
        position = position_from_deal(deal)
        full = solve(position)
        assert solve(position, horizon=3) == full and full.exact
        cut = solve(position, horizon=1)
        assert not cut.exact and set(cut.move_values) == set(full.move_values)


def _best_split_roem(hands: list[int], sequences: tuple[int, ...], fours: tuple[int, ...]) -> int:
    """The most trick roem of any way to play ``hands`` out, one card of each hand per trick (exhaustive)."""
    from itertools import permutations

    from troef.games.klaverjas.roem import trick_roem_of

    cards = [[c for c in range(32) if hand >> c & 1] for hand in hands]
    best = 0
    # trick i takes the first hand's card i and the other hands' cards in every order
    for p1 in permutations(cards[1]):
        for p2 in permutations(cards[2]):
            for p3 in permutations(cards[3]):
                total = 0
                for i, c0 in enumerate(cards[0]):
                    total += trick_roem_of(1 << c0 | 1 << p1[i] | 1 << p2[i] | 1 << p3[i], sequences, fours)
                best = max(best, total)
    return best


@pytest.mark.parametrize("name", PRESETS)
def test_roem_bound_of_the_hands_is_an_upper_bound(name: str) -> None:
    # the boundary's roem bound (a sequence needs its cards in different hands) never undercuts the roem the
    # tricks can really hold: exhaustive over every way to play out random three-card hands, clustered in two
    # suits so sequences and fours are frequent
    from troef.games.klaverjas.roem import sequence_values
    from troef.games.klaverjas.solver.search import SCORE, Search

    rules = preset(name)
    sequences = sequence_values(rules)
    fours = rules.fours
    chooser = random.Random(77)
    tight = 0
    for _ in range(60):
        pool = chooser.sample([c for c in range(32) if c >> 3 in (0, 1) or c & 7 in (4, 5)], 12)
        hands = [sum(1 << c for c in pool[3 * s : 3 * s + 3]) for s in range(4)]
        search = Search(hands, 2, False, 0, 3, sequences, fours, 0, SCORE, 10**9)
        bound = search.hand_roem_bound(*hands)
        real = _best_split_roem(hands, sequences, fours)
        assert bound >= real, (hands, bound, real)
        assert bound <= search.roem_bound(hands[0] | hands[1] | hands[2] | hands[3])
        tight += bound == real
    assert tight >= 30  # the bound is mostly exact, so it cuts


def test_roem_bound_knows_a_run_in_one_hand_cannot_fall() -> None:
    # hearts 7 8 9 (ranks 0-2, suit 0): in three hands a trick can hold the sequence; with 7 and 8 in one hand not
    from troef.games.klaverjas.roem import sequence_values
    from troef.games.klaverjas.solver.search import SCORE, Search

    rules = preset("amsterdam")
    sequences = sequence_values(rules)
    filler = [1 << 24, 1 << 26, 1 << 28, 1 << 30]  # one spade each, no two adjacent
    apart = [1 << 0 | filler[0], 1 << 1 | filler[1], 1 << 2 | filler[2], 1 << 8 | filler[3]]
    together = [1 << 0 | 1 << 1, 1 << 2 | filler[1], 1 << 8 | filler[2], 1 << 9 | filler[3]]
    for hands, expected in ((apart, sequences[3]), (together, 0)):
        search = Search(hands, 2, False, 0, 2, sequences, rules.fours, 0, SCORE, 10**9)
        assert search.hand_roem_bound(*hands) == expected
        assert _best_split_roem(hands, sequences, rules.fours) == expected


ROEM_CASES = [(name, seed, keep) for name in PRESETS for seed in range(200, 206) for keep in ("suits", "ranks")]


@pytest.mark.parametrize(("name", "seed", "keep"), ROEM_CASES)
def test_solver_exact_with_three_tricks_of_roem_rich_hands(name: str, seed: int, keep: str) -> None:
    # cards merged only when no roem can fall with them (sequence partners in one hand, or two cards of a rank in
    # one hand, cannot share a trick) and the roem bound by hands: positions of three tricks where hearts and
    # clubs ("suits": runs are common) or jacks to aces ("ranks": fours are common) were kept back
    rules = preset(name)
    chooser = random.Random(seed)
    deal = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
    deal.apply(TRUMPS[chooser.randrange(4)])
    while deal.phase == Phase.KRAAK:
        legal = deal.legal_actions()
        deal.apply(legal[chooser.randrange(len(legal))])
    # play the first five tricks keeping those cards back where the rules allow
    while deal.phase != Phase.DONE and len(deal.tricks) < 5:
        legal = deal.legal_actions()
        if keep == "suits":
            plain = [a for a in legal if getattr(a, "card", 0) >> 3 not in (0, 1)]
        else:
            plain = [a for a in legal if getattr(a, "card", 4) & 7 < 4]
        deal.apply(chooser.choice(plain or legal))
    if deal.phase == Phase.DONE:
        pytest.skip("the deal ended early")
    position = position_from_deal(deal)
    assert best_difference(position) == minimax(deal)
    assert solve(position).makes == (minimax(deal) > 0)


def _two_trick_deals(name: str, seed: int) -> DealState | None:
    """A deal of ``name`` played at random (seeded) to the boundary before its last two tricks.

    Odd seeds keep hearts and clubs back and even seeds jacks to aces, where
    the rules allow, so sequences and fours can fall in the last two tricks.
    """
    rules = preset(name)
    chooser = random.Random(seed)
    deal = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
    deal.apply(TRUMPS[chooser.randrange(4)])
    while deal.phase == Phase.KRAAK:
        legal = deal.legal_actions()
        deal.apply(legal[chooser.randrange(len(legal))])
    while deal.phase != Phase.DONE and (len(deal.tricks) < 6 or deal.trick):
        legal = deal.legal_actions()
        if seed % 2:
            kept = [a for a in legal if getattr(a, "card", 0) >> 3 not in (0, 1)]
        else:
            kept = [a for a in legal if getattr(a, "card", 4) & 7 < 4]
        deal.apply(chooser.choice(kept or legal))
    return deal if deal.phase == Phase.PLAY else None


@pytest.mark.parametrize("name", PRESETS)
def test_two_trick_endgame_answers_every_question_like_the_reference(name: str) -> None:
    # the search's own loop for the last two tricks (Search.two_tricks): for every need around the exact value
    # its answer is right and its fail-soft result a true bound, for the score and for pit
    from troef.games.klaverjas.solver.search import PIT, SCORE, Search

    checked = 0
    for seed in range(150):
        deal = _two_trick_deals(name, 300 + seed)
        if deal is None:
            continue
        position = position_from_deal(deal)
        exact = minimax(deal) - position.base_difference
        pit = (1 if position.won[1] == 0 else 0) | (2 if position.won[0] == 0 else 0)
        for need in (exact - 40, exact - 9, exact - 1, exact, exact + 1, exact + 9, exact + 40):
            search = Search(
                list(position.hands), position.trump, position.rotterdam, position.playing_side, 2,
                position.sequences, position.fours, position.pit, SCORE, 10**9,
            )  # fmt: skip
            result = search.two_tricks(position.to_move, pit, need)
            assert (result >= need) == (exact >= need), (seed, need, result, exact)
            assert exact >= result if result >= need else exact <= result, (seed, need, result, exact)
        for side in (0, 1):
            search = Search(
                list(position.hands), position.trump, position.rotterdam, side, 2,
                position.sequences, position.fours, position.pit, PIT, 10**9,
            )  # fmt: skip
            makes = search.two_tricks(position.to_move, pit, 0) >= 0 and not position.won[side ^ 1]
            assert makes == pit_minimax(deal, side)
        checked += 1
    assert checked >= 100


def _boundary_value(search: Search, leader: int, pit: int) -> int:
    """The exact value of the tricks left from a trick boundary, by bisecting the search's yes/no questions."""
    lo, hi = -600, 600
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if search.boundary(leader, pit, mid) >= mid:
            lo = mid
        else:
            hi = mid - 1
    return lo


@pytest.mark.parametrize("name", PRESETS)
def test_table_tells_leaders_and_open_pits_apart(name: str) -> None:
    # the table is keyed by the cards left (they tell the hands apart: no card changes hands), the leader and the
    # open pits: one search asked about every leader and pit in turn agrees with a fresh search for each
    from troef.games.klaverjas.roem import sequence_values
    from troef.games.klaverjas.solver.search import SCORE

    rules = preset(name)
    chooser = random.Random(41)
    differ = 0
    for _ in range(8):
        cards = chooser.sample(range(32), 16)
        hands = [sum(1 << c for c in cards[4 * s : 4 * s + 4]) for s in range(4)]
        trump = chooser.randrange(4)
        args = (trump, rules.rotterdam, 0, 4, sequence_values(rules), rules.fours, rules.pit, SCORE, 10**9)
        shared = Search(list(hands), *args)
        values = set()
        for leader in range(4):
            for pit in (0, 1, 2):
                value = _boundary_value(shared, leader, pit)
                assert value == _boundary_value(Search(list(hands), *args), leader, pit), (leader, pit)
                values.add(value)
        differ += len(values) > 1
    assert differ >= 4  # the leader and the pits do change the value


def _fours_only_deal(name: str, seed: int) -> DealState | None:
    """A deal played at random (seeded) to three tricks left, the four jacks kept back where the rules allow.

    Kept only if the jacks are in four hands (so a trick can take all four) and
    no three adjacent cards of a suit are left (no sequence can fall): the
    only roem still possible is the four.
    """
    rules = preset(name)
    chooser = random.Random(seed)
    deal = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
    deal.apply(TRUMPS[chooser.randrange(4)])
    while deal.phase == Phase.KRAAK:
        legal = deal.legal_actions()
        deal.apply(legal[chooser.randrange(len(legal))])
    while deal.phase != Phase.DONE and (len(deal.tricks) < 5 or deal.trick):
        legal = deal.legal_actions()
        others = [a for a in legal if getattr(a, "card", 4) & 7 != 4]
        deal.apply(chooser.choice(others or legal))
    if deal.phase != Phase.PLAY:
        return None
    jacks = [(deal.hands[s] >> 4) & 0x01010101 for s in range(4)]
    left = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
    runs = any(((left >> (8 * suit + r)) & 7) == 7 for suit in range(4) for r in range(6))
    if any(j.bit_count() != 1 for j in jacks) or runs:
        return None
    return deal


@pytest.mark.parametrize("name", PRESETS)
def test_solver_exact_when_only_a_four_can_still_fall(name: str) -> None:
    # below a boundary where no roem can fall the search drops its roem tests; a four of jacks, one in each hand,
    # must keep them on although no sequence is left
    checked = 0
    for seed in range(1500):
        deal = _fours_only_deal(name, 500 + seed)
        if deal is None:
            continue
        position = position_from_deal(deal)
        exact = minimax(deal)
        assert best_difference(position) == exact
        assert solve(position).makes == (exact > 0)
        checked += 1
        if checked == 6:
            break
    assert checked >= 4
