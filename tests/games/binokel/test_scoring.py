"""Scoring ("Punktewertung", "Sich freiwillig überreizen", "Das Spiel gewinnen"), with the text's worked examples."""

from __future__ import annotations

import random

from tests.games.binokel.helpers import RULES, act, playing_round
from troef.games.binokel.match import Match
from troef.games.binokel.scoring import score_round, winner_of_match
from troef.games.binokel.state import Phase

SPADES = 3


def test_punktewertung_no_trick_points_scores_nothing_meld_included() -> None:
    # the other side melded 200 but took no trick point: nothing; the bidders made their bid
    s = score_round(bid=300, bidder=0, meld=(100, 200), tricks=(250, 0), conceded=False)
    assert s.delta == (350, 0) and s.made


def test_punktewertung_bidding_side_without_trick_points_loses_its_bid_whatever_its_meld() -> None:
    s = score_round(bid=250, bidder=0, meld=(400, 0), tricks=(0, 250), conceded=False)
    assert s.delta == (-250, 250) and not s.made


def test_punktewertung_other_side_with_ten_points_scores_meld_and_tricks() -> None:
    s = score_round(bid=250, bidder=1, meld=(80, 200), tricks=(10, 240), conceded=False)
    assert s.delta == (90, 440)


def test_punktewertung_bid_made_exactly() -> None:
    s = score_round(bid=330, bidder=1, meld=(60, 150), tricks=(70, 180), conceded=False)
    assert s.made and s.delta == (130, 330)


def test_punktewertung_bid_lost_subtracts_the_bid() -> None:
    s = score_round(bid=340, bidder=1, meld=(60, 150), tricks=(70, 180), conceded=False)
    assert not s.made and s.delta == (130, -340)


def test_ueberreizen_the_texts_example_concede() -> None:
    """Bill bid 330, Bill's side melded 60: conceding costs 330, Mike and Lisa score their meld."""
    s = score_round(bid=330, bidder=0, meld=(60, 90), tricks=(0, 0), conceded=True)
    assert s.delta == (-330, 90) and s.conceded and not s.made


def test_ueberreizen_concede_through_the_round() -> None:
    r = playing_round({0: "9h", 1: "Jh"}, trump=SPADES, leader=0)
    r.played = []
    r.bid, r.meld_total = 330, (60, 90)
    act(r, "concede")
    assert r.phase == Phase.DONE and r.score is not None and r.score.delta == (-330, 90)


def test_das_spiel_gewinnen_example_1() -> None:
    """You and Bill 1500, Mike and Lisa 1200: you and Bill win."""
    assert winner_of_match((1500, 1200), bidder=1, target=1500) == 0
    assert winner_of_match((1500, 1200), bidder=0, target=1500) == 0


def test_das_spiel_gewinnen_example_2_both_past_the_target_bidding_side_wins() -> None:
    """You and Bill 1700, Mike and Lisa 1600, Mike won the bidding: Mike and Lisa win."""
    assert winner_of_match((1700, 1600), bidder=1, target=1500) == 1
    assert winner_of_match((1490, 1499), bidder=1, target=1500) is None


def test_das_spiel_gewinnen_through_a_match_with_both_sides_near_the_target() -> None:
    seen_both = False
    for seed in range(60):
        m = Match(RULES, seed=seed, first_dealer=0)
        m.totals = [1400, 1400]
        rng = random.Random(seed)
        while len(m.rounds) == 1 and not m.is_over:
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
        score = m.rounds[0].score
        assert score is not None
        totals = m.sheet[0]
        if totals[0] >= 1500 and totals[1] >= 1500:
            seen_both = True
            assert m.winner == score.bidder
        elif max(totals) >= 1500:
            assert m.winner == (0 if totals[0] >= 1500 else 1)
        else:
            assert m.winner is None and len(m.rounds) == 2
    assert seen_both
