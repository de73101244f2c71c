"""The rule text ``shared/rules/binokel-de.txt``, one test per rule, named after its section.

Seats are clockwise: the player left of seat s is s + 1; partners are s and
s + 2. In the text's play example Bill is seat 0, Lisa 1, "you" 2 (Bill's
partner, as the conceding example says) and Mike 3.
"""

from __future__ import annotations

import random

import pytest

from tests.games.binokel.helpers import RULES, act, cards, legal_texts, playing_round, random_round, refused
from troef.cards import BINOKEL_DECK, parse_card
from troef.core.chance import GameRandom
from troef.core.errors import IllegalActionError
from troef.games.binokel.actions import parse_action
from troef.games.binokel.deal import deal_cards
from troef.games.binokel.match import Match
from troef.games.binokel.rules import preset
from troef.games.binokel.state import DealState, Phase

HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3


def new_round(dealer: int = 0, seed: int = 1) -> DealState:
    return DealState(RULES, deal_cards(dealer, GameRandom(seed)))


# ---------------------------------------------------------------------- the deck (introduction)
def test_einleitung_48_cards_each_twice_nine_to_ace() -> None:
    deal = deal_cards(0, GameRandom(3))
    union = 0
    for hand in deal.hands:
        assert union & hand == 0
        union |= hand
    assert union == BINOKEL_DECK and BINOKEL_DECK.bit_count() == 48


# ---------------------------------------------------------------------- Austeilen
def test_austeilen_twelve_cards_each_and_left_of_dealer_bids_first() -> None:
    for dealer in range(4):
        r = new_round(dealer)
        assert [h.bit_count() for h in r.hands] == [12] * 4
        assert r.to_act == (dealer + 1) % 4 and r.phase == Phase.BIDDING


def test_austeilen_first_dealer_at_random_then_clockwise() -> None:
    firsts = {Match(RULES, seed=s).first_dealer for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    m = Match(RULES, seed=5, first_dealer=2)
    rng = random.Random(1)
    while len(m.rounds) < 3:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    assert [r.dealer for r in m.rounds] == [2, 3, 0]


# ---------------------------------------------------------------------- Bieten
def test_bieten_lowest_bid_250() -> None:
    r = new_round()
    assert legal_texts(r) == ["pass", "bid 250"]
    assert refused(r, "bid 240") == "the first bid is 250"
    assert refused(r, "bid 260") == "the first bid is 250"


def test_bieten_raise_by_10_or_20() -> None:
    r = new_round()
    act(r, "bid 250")
    assert legal_texts(r) == ["pass", "bid 260", "bid 270"]
    assert "10/20 above 250" in refused(r, "bid 280")
    act(r, "bid 270")
    assert legal_texts(r) == ["pass", "bid 280", "bid 290"]


def test_bieten_passing_is_final() -> None:
    r = new_round(dealer=0)
    act(r, "pass", "bid 250", "bid 260", "bid 270")  # seat 1 passed; seats 2, 3, 0 bid
    assert r.to_act == 2  # seat 1 is skipped for good
    act(r, "pass", "bid 280")
    assert r.to_act == 0


def test_bieten_last_player_in_wins_with_his_last_bid() -> None:
    r = new_round(dealer=0)
    act(r, "bid 250", "bid 260", "pass", "pass", "bid 280", "pass")
    assert (r.declarer, r.bid, r.phase) == (1, 280, Phase.TRUMP)
    assert r.to_act == 1


def test_bieten_all_pass_dealer_plays_250() -> None:
    r = new_round(dealer=3)
    act(r, "pass", "pass", "pass")
    assert (r.declarer, r.bid, r.to_act) == (3, 250, 3)


# ---------------------------------------------------------------------- Das Bieten gewinnen
def test_das_bieten_gewinnen_trump_then_four_cards_each_way() -> None:
    r = new_round(dealer=0, seed=4)
    act(r, "bid 250", "pass", "pass", "pass")  # seat 1 wins
    assert legal_texts(r) == ["trump h", "trump d", "trump c", "trump s"]
    assert refused(r, "give Ah") == "the bid winner must name trump first"
    act(r, "trump c")
    assert r.to_act == 3  # the partner passes first
    before = list(r.hands)
    for _ in range(4):
        assert r.to_act == 3
        r.apply(r.legal_actions()[0])
    assert (r.phase, r.to_act) == (Phase.RETURN, 1)
    # he may pass back what he just received
    received = list(r.given)
    for card in received:
        r.apply(parse_action(f"give {['9', '10', 'J', 'Q', 'K', 'A'][(card & 7) - 2]}{'hdcs'[(card >> 3) & 3]}"))
    assert r.phase == Phase.PLAY and r.to_act == 1
    assert r.hands[1] == before[1] and r.hands[3] == before[3]
    # the other side exchanges nothing
    assert r.hands[0] == before[0] and r.hands[2] == before[2]


def test_das_bieten_gewinnen_exchange_is_four_cards_exactly() -> None:
    r = new_round(dealer=0, seed=5)
    act(r, "bid 250", "pass", "pass", "pass", "trump h")
    for _ in range(3):
        r.apply(r.legal_actions()[0])
    assert r.phase.name == "GIVE"  # three are not enough
    r.apply(r.legal_actions()[0])
    assert r.phase == Phase.RETURN
    assert [h.bit_count() for h in r.hands] == [12, 16, 12, 8]
    with pytest.raises(IllegalActionError, match="must pass four cards back first"):
        r.apply(parse_action("play Ah"))


# ---------------------------------------------------------------------- Stichphase
def test_stichphase_bid_winner_leads_the_first_trick() -> None:
    r = new_round(dealer=0, seed=6)
    act(r, "pass", "bid 250", "pass", "pass", "trump s")
    while r.phase != Phase.PLAY:
        r.apply(r.legal_actions()[0])
    assert r.to_act == 2 and r.lead_seat == 2


def test_stichphase_leader_may_play_anything() -> None:
    r = playing_round({0: "9h Ah Qs Jd"}, trump=SPADES, leader=0)
    assert legal_texts(r) == ["play 9h", "play Ah", "play Jd", "play Qs"]


def test_stichphase_follow_suit() -> None:
    r = playing_round({0: "Jh", 1: "9h Ac As"}, trump=SPADES, leader=0)
    act(r, "play Jh")
    assert legal_texts(r) == ["play 9h"]
    assert refused(r, "play Ac") == "you must follow hearts"


def test_stichphase_must_trump_when_void() -> None:
    r = playing_round({0: "Jh", 1: "Ac 9s Ks"}, trump=SPADES, leader=0)
    act(r, "play Jh")
    assert legal_texts(r) == ["play 9s", "play Ks"]
    assert refused(r, "play Ac") == "you must trump"


def test_stichphase_any_card_without_suit_or_trump() -> None:
    r = playing_round({0: "Jh", 1: "Ac 9d"}, trump=SPADES, leader=0)
    act(r, "play Jh")
    assert legal_texts(r) == ["play 9d", "play Ac"]


def test_stichphase_must_win_when_following() -> None:
    r = playing_round({0: "10h", 1: "9h Ah Kh"}, trump=SPADES, leader=0)
    act(r, "play 10h")
    assert legal_texts(r) == ["play Ah"]
    assert refused(r, "play Kh") == "you must beat the ten of hearts"


def test_stichphase_must_overtrump() -> None:
    r = playing_round({0: "10h", 1: "Qs", 2: "9s Ks Ac"}, trump=SPADES, leader=0)
    act(r, "play 10h", "play Qs")
    assert legal_texts(r) == ["play Ks"]
    assert refused(r, "play 9s") == "you must beat the queen of spades"
    assert refused(r, "play Ac") == "you must trump"


def test_stichphase_must_trump_even_when_it_cannot_win() -> None:
    r = playing_round({0: "10h", 1: "As", 2: "9s Ks Ac"}, trump=SPADES, leader=0)
    act(r, "play 10h", "play As")
    assert legal_texts(r) == ["play 9s", "play Ks"]


def test_stichphase_following_after_a_trump_need_not_beat() -> None:
    # the trick is trumped: no heart can win it, so any heart will do
    r = playing_round({0: "10h", 1: "9s", 2: "9h Ah"}, trump=SPADES, leader=0)
    act(r, "play 10h", "play 9s")
    assert legal_texts(r) == ["play 9h", "play Ah"]


def test_stichphase_must_win_even_over_the_partner() -> None:
    r = playing_round({0: "Kh", 1: "9c", 2: "Qh Ah"}, trump=SPADES, leader=0)
    act(r, "play Kh", "play 9c")
    assert legal_texts(r) == ["play Ah"]  # seat 2 must overtake his partner's king


def test_stichphase_the_texts_example() -> None:
    """Trump spades; Bill leads the queen of hearts; Lisa has neither; you must beat; Mike trumps and wins."""
    bill, lisa, you, mike = 0, 1, 2, 3
    r = playing_round({bill: "Qh", lisa: "9d Ac", you: "9h 10h Ah", mike: "Qs 9c"}, trump=SPADES, leader=bill)
    act(r, "play Qh")
    assert legal_texts(r) == ["play 9d", "play Ac"]  # Lisa: any card
    act(r, "play 9d")
    assert legal_texts(r) == ["play 10h", "play Ah"]  # you: follow and beat the queen, partner or not
    assert refused(r, "play 9h") == "you must beat the queen of hearts"
    act(r, "play 10h")
    assert legal_texts(r) == ["play Qs"]  # Mike: must trump
    act(r, "play Qs")
    assert r.tricks[-1][2] == mike


def test_stichphase_first_of_two_identical_cards_wins() -> None:
    r = playing_round({0: "Ah", 1: "Ah'", 2: "9h", 3: "10h"}, trump=SPADES, leader=0)
    act(r, "play Ah")
    assert legal_texts(r) == ["play Ah"]  # the other ace cannot beat it: following is enough
    act(r, "play Ah", "play 9h", "play 10h")
    assert r.tricks[-1][2] == 0
    assert [c for _, c in r.tricks[-1][1]][:2] == [parse_card("Ah"), parse_card("Ah'")]


def test_stichphase_twelve_tricks() -> None:
    r = random_round(7)
    assert r.conceded or len(r.tricks) == 12


# ---------------------------------------------------------------------- Punktewertung
def test_punktewertung_aces_tens_kings_and_last_trick_250_in_all() -> None:
    for seed in range(30):
        r = random_round(seed)
        if not r.conceded:
            assert sum(r.trick_points) == 250


def test_punktewertung_last_trick_counts_10() -> None:
    r = playing_round({0: "9h", 1: "Jh", 2: "9c", 3: "Jc"}, trump=SPADES, leader=0)
    r.played = [(0, (), 0)] * 11
    act(r, "play 9h", "play Jh", "play 9c", "play Jc")
    assert r.trick_points == [0, 10] and r.is_over


# ---------------------------------------------------------------------- Sich freiwillig überreizen
def test_ueberreizen_concede_only_before_the_first_card_when_bid_exceeds_meld_by_more_than_250() -> None:
    r = playing_round({0: "9h", 1: "Jh"}, trump=SPADES, leader=0)
    r.played = []
    r.bid, r.meld_total = 330, (60, 0)
    assert legal_texts(r)[0] == "concede"
    r.bid = 310
    assert "concede" not in legal_texts(r)
    assert "you must play" in refused(r, "concede")
    r.bid = 330
    act(r, "play 9h")
    assert "before the first card" in refused(r, "concede")


# ---------------------------------------------------------------------- the target switch
@pytest.mark.parametrize("target", [1000, 1500, 2000])
def test_das_spiel_gewinnen_target_switch(target: int) -> None:
    rules = preset("cardgames", target=target)
    m = Match(rules, seed=2, first_dealer=0)
    rng = random.Random(target)
    while not m.is_over:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    if len(m.rounds) == rules.max_rounds:
        return  # ended by troef's round limit (tested below)
    assert max(m.totals) >= target
    before = m.sheet[-2] if len(m.sheet) > 1 else (0, 0)
    assert max(before) < target
    assert m.totals[m.winner] >= target  # type: ignore[index]


def test_cards_helper_reads_second_copies() -> None:
    assert cards("Ah Ah'") == (1 << 7) | (1 << 39)


def test_troef_round_limit_ends_a_game_with_the_side_ahead_winning() -> None:
    assert preset("cardgames").max_rounds == 100
    for seed in range(5):
        m = Match(preset("cardgames", max_rounds=1), seed=seed, first_dealer=0)
        m.totals = [-900, -1000]
        rng = random.Random(seed)
        while not m.is_over:
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
        assert len(m.rounds) == 1 and max(m.totals) < 1500
        assert m.totals[0] != m.totals[1]
        assert m.winner == (0 if m.totals[0] > m.totals[1] else 1)
