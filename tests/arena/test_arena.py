"""The arena: statistics computed right, seats rotated, duplicate deals identical."""

from __future__ import annotations

from statistics import stdev

import pytest

from troef.arena import (
    ArenaError,
    MatchOutcome,
    describe,
    match_seed,
    parse_seat,
    parse_seats,
    run_arena,
    seat_of,
    summarize,
)
from troef.arena.bonaken import declarer
from troef.bench.bots import phase_of, situations
from troef.bench.bots import run as bench_bots
from troef.core.game import UnknownBotError
from troef.stats import t_quantile, wilson_interval


# ---------------------------------------------------------------------------- seats and seeds
def test_seats_rotate_so_every_bot_sits_at_every_seat() -> None:
    result = run_arena(["heuristic", "random", "random", "random"], matches=8, seed=3, rules="nk")
    for bot in result.bots:
        assert bot.matches == 8
        assert bot.seats == {0: 2, 1: 2, 2: 2, 3: 2}
    assert [seat_of(0, i, 4) for i in range(5)] == [0, 1, 2, 3, 0]


def test_duplicate_mode_plays_the_same_deals_with_the_bots_rotated() -> None:
    result = run_arena(["heuristic", "random", "random"], matches=6, seed=5, rules="pagat", duplicate=True)
    groups = [result.outcomes[0:3], result.outcomes[3:6]]
    for group in groups:
        assert len({o.seed for o in group}) == 1
        assert len({o.first_deal for o in group}) == 1  # identical cards, seat by seat
        for entry in range(3):
            assert sorted(o.seat_of[entry] for o in group) == [0, 1, 2]
    assert groups[0][0].first_deal != groups[1][0].first_deal
    assert match_seed(5, 0, 3, True) == match_seed(5, 2, 3, True) != match_seed(5, 3, 3, True)


def test_without_duplicate_every_match_has_its_own_deal() -> None:
    result = run_arena(["heuristic", "random", "random", "random"], matches=4, seed=2, rules="nk")
    assert len({o.seed for o in result.outcomes}) == 4
    assert len({o.first_deal for o in result.outcomes}) == 4


def test_workers_give_the_same_figures_as_one_process() -> None:
    seats = ["heuristic", "random", "random", "random"]
    one = run_arena(seats, matches=6, seed=9, rules="nk", workers=1)
    two = run_arena(seats, matches=6, seed=9, rules="nk", workers=2)
    strip = [{k: v for k, v in b.to_json().items() if k != "decision_time"} for b in one.bots]
    assert strip == [{k: v for k, v in b.to_json().items() if k != "decision_time"} for b in two.bots]


def test_progress_is_reported_after_every_match() -> None:
    seen: list[tuple[int, int]] = []
    run_arena(["random", "random"], matches=3, seed=1, rules="pagat", progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


# ---------------------------------------------------------------------------- statistics
def outcome(
    index: int,
    buyer: int | None,
    first: tuple[int, ...],
    contracts: list[tuple[int, str, bool]],
    scores: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0),
) -> MatchOutcome:
    return MatchOutcome(
        index=index,
        seed=index,
        seat_of=tuple((j + index) % 4 for j in range(4)),
        scores=dict(enumerate(scores)),
        hands=5,
        times={j: [0.01] for j in range(4)},
        fallbacks={},
        first_deal=(),
        extra={
            "buyer": buyer,
            "erin": [] if buyer is None else [buyer],
            "first_out": list(first),
            "table_points": {},
            "contracts": contracts,
        },
    )


def test_buyers_leavers_and_contracts_are_counted_per_bot_and_per_kind() -> None:
    outcomes = [
        outcome(0, 0, (1,), [(0, "number", False), (1, "number", True), (1, "misere", True)]),
        outcome(1, 2, (1,), [(0, "number", True), (2, "bonaak", False)]),
        outcome(2, None, (0, 3), [(3, "misere", True)]),
        outcome(3, 0, (3,), []),
    ]
    result = summarize(["pimc", "heuristic", "heuristic", "heuristic"], outcomes, "nk", 1, False, 0.0)
    pimc = result.bots[0]
    assert (pimc.stats["buys"], pimc.stats["first_out"], pimc.matches) == (2, 1, 4)
    assert declarer(pimc.stats) == (2, 1)
    assert pimc.stats["contracts"] == {"number": [2, 1]}
    assert result.summary["matches_without_buyer"] == 1
    heuristic = result.kinds["heuristic"]
    assert heuristic.matches == 12 and heuristic.stats["buys"] == 1 and heuristic.stats["first_out"] == 4
    assert heuristic.stats["contracts"] == {"number": [1, 1], "misere": [2, 2], "bonaak": [1, 0]}
    data = result.to_json()["bots"][0]
    assert data["buys_the_round"]["share"] == 0.5
    assert data["buys_the_round"]["ci95"] == [round(x, 4) for x in wilson_interval(2, 4)]


def test_scores_their_interval_and_the_paired_difference_with_the_field() -> None:
    # entry 0 scores 10, 8, 4, 10; the field (the mean of the other three) 4, 4.33, 5.33, 3
    table = [(10.0, 4.0, 4.0, 4.0), (8.0, 10.0, 1.0, 2.0), (4.0, 8.0, 8.0, 0.0), (10.0, 8.0, 1.0, 0.0)]
    outcomes = [outcome(i, None, (), [], scores) for i, scores in enumerate(table)]
    result = summarize(["pimc", "heuristic", "heuristic", "heuristic"], outcomes, "nk", 1, True, 0.0)
    data = result.to_json()["bots"][0]
    assert data["score"]["mean"] == 8.0
    # Student's t with 3 degrees of freedom, not a normal z: four matches are few
    assert data["score"]["ci95"] == [
        round(8.0 - t_quantile(3) * stdev([10, 8, 4, 10]) / 2, 4),
        round(8.0 + t_quantile(3) * stdev([10, 8, 4, 10]) / 2, 4),
    ]
    assert data["score"]["n"] == 4
    diffs = [10 - 4, 8 - 13 / 3, 4 - 16 / 3, 10 - 3]
    assert data["versus_field"]["mean"] == round(sum(diffs) / 4, 4)
    low, high = data["versus_field"]["ci95"]
    assert low < sum(diffs) / 4 < high
    assert data["best_at_table"] == 0.5  # best at its table in matches 0 and 3 (alone), not in 1 and 2
    one = summarize(["pimc", "heuristic", "heuristic", "heuristic"], outcomes[:1], "nk", 1, False, 0.0)
    assert one.to_json()["bots"][0]["score"]["ci95"] == [None, None]  # one match bounds nothing
    assert "10.000 [   -inf     inf]" in describe(one)


def test_in_nk_the_first_player_to_go_erin_buys_the_round() -> None:
    result = run_arena(["heuristic", "random", "random", "random"], matches=8, seed=4, rules="nk")
    for o in result.outcomes:
        if o.extra["buyer"] is not None:
            assert o.extra["buyer"] in o.extra["erin"]
        else:
            assert not o.extra["erin"]
    assert sum(b.stats["buys"] for b in result.bots) == 8 - result.summary["matches_without_buyer"]
    # nk scores are the table points of rules 54-57
    for o in result.outcomes:
        assert o.scores == {e: float(p) for e, p in o.extra["table_points"].items()}


# ---------------------------------------------------------------------------- seat names
def test_seat_names_take_settings_and_bad_names_are_refused() -> None:
    assert parse_seat("pimc:budget=0.5,samples=8") == ("pimc", {"budget": "0.5", "samples": "8"})
    assert parse_seat("heuristic") == ("heuristic", {})
    assert parse_seat("pimc:budget=1;samples=8") == ("pimc", {"budget": "1", "samples": "8"})
    assert parse_seats("pimc:budget=1,samples=8,heuristic, random") == [
        "pimc:budget=1,samples=8",
        "heuristic",
        "random",
    ]
    with pytest.raises(ArenaError, match="budget"):
        run_arena(["pimc:budget=fast", "random"], matches=1, rules="pagat")
    with pytest.raises(ArenaError, match="unknown pimc setting"):
        run_arena(["pimc:speed=1", "random"], matches=1, rules="pagat")
    with pytest.raises(UnknownBotError):
        run_arena(["grandmaster", "random"], matches=1, rules="pagat")
    with pytest.raises(ArenaError):
        run_arena(["random"] * 5, matches=1, rules="nk")
    with pytest.raises(ArenaError):
        parse_seat("pimc:budget")


def test_pimc_and_the_cheat_take_a_seat_with_settings() -> None:
    quick = "pimc:budget=0.01,bid_budget=0.02,plan_budget=0.02,samples=2,min_worlds=1"
    result = run_arena([quick, "cheat:node_limit=5000", "random"], matches=1, seed=2, rules="pagat")
    assert [b.matches for b in result.bots] == [1, 1, 1]
    assert result.bots[0].name.startswith("pimc")
    partly = "cheat:sees=bidding+defending,node_limit=5000"
    result = run_arena([partly, "random", "random"], matches=1, seed=2, rules="pagat")
    assert result.bots[0].name.startswith(partly) and result.bots[0].matches == 1
    with pytest.raises(ArenaError, match="cannot see the cards in peeking"):
        run_arena(["cheat:sees=bidding+peeking", "random", "random"], matches=1, rules="pagat")


# ---------------------------------------------------------------------------- the bots bench
def test_the_bots_bench_times_every_bot_on_the_same_situations() -> None:
    views = situations(40, seed=3)
    assert len(views) == 40 and all(len(v.legal) > 1 for v in views)
    assert {phase_of(v) for v in views} >= {"bidding", "play"}
    result = bench_bots(40, seed=3, bots=("random", "heuristic"))
    assert set(result["bots"]) == {"random", "heuristic"}
    assert sum(result["mix"].values()) == 40
    for figures in result["bots"].values():
        assert figures["decisions"] == 40
        assert figures["median_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_in_pagat_the_round_bought_as_the_last_one_left_is_told_apart() -> None:
    # pagat "Die Anschrift": two minuses lose, and so does the last player left in when all others went out
    result = run_arena(["heuristic", "heuristic", "heuristic", "heuristic"], matches=16, seed=3, rules="pagat")
    kinds = set()
    for o in result.outcomes:
        buyer = o.extra["buyer"]
        assert buyer is not None  # pagat always finds one loser
        failed = sum(1 for who, _kind, made in o.extra["contracts"] if who == buyer and not made)
        left_last = o.extra["buyer_left_last"]
        assert failed < 2 if left_last else failed >= 2
        kinds.add(left_last)
    assert kinds == {True, False}  # both ways of losing occur in these matches
    counted = sum(b.stats["buys_left_last"] for b in result.bots)
    assert counted == sum(o.extra["buyer_left_last"] for o in result.outcomes)
    assert sum(b["buys_left_last"] for b in result.to_json()["bots"]) == counted
    assert "rounds as the last one left in" in describe(result)
