"""What a seat reads from its view (``games/klaverjas/reading.py``): sound and as sharp as the following rules.

Sound: over seeded random matches of every preset, no seat ever rules out a
card another seat really holds. Sharp: each inference the following rules
allow (Amsterdam as Kraken 3 plays it, Rotterdam; docs/rules/klaverjas.md
section 5) is drawn in a small deal built for it.
"""

from __future__ import annotations

import random

import pytest

from tests.games.klaverjas.helpers import act, cards, make_deal
from troef.cards import parse_card
from troef.games.klaverjas.actions import Play
from troef.games.klaverjas.kraak import Quota
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.play import SUIT_BITS, legal_mask
from troef.games.klaverjas.reading import Reading, read, trick_winner
from troef.games.klaverjas.roem import stuk_mask
from troef.games.klaverjas.rules import PRESETS, preset
from troef.games.klaverjas.state import Phase
from troef.games.klaverjas.view import deal_view, state_view

HEARTS, DIAMONDS, CLUBS, SPADES = range(4)

# seat 0 deals, so seat 1 names trump and leads; every test names hearts trump
HANDS = {
    1: "As Ks 7d 8d Qc Kc 7c 8c",
    2: "7s 8s 9s 10s Jh 9h Ah 10h",
    3: "Qs Js 7h 8h Ad 10d Kd Qd",
    0: "Jc 9c Ac 10c Kh Qh 9d Jd",
}


def _reading_after(rules_name: str, hands: dict[int, str], *plays: str, seat: int = 0) -> Reading:
    chain = ["no", "no"] if rules_name == "kraken" else []
    deal = act(make_deal(preset(rules_name), hands, dealer=0), "trump h", *chain)
    act(deal, *plays)
    return read(state_view(deal, seat))


@pytest.mark.parametrize("name", PRESETS)
def test_reading_never_rules_out_a_card_a_seat_holds(name: str) -> None:
    """Soundness over random matches: every other seat's real hand lies within what it may hold."""
    for seed in range(3):
        match = Match(preset(name), seed=seed, first_dealer=seed % 4)
        chooser = random.Random(seed)
        checked = 0
        while not match.is_over:
            deal = match.deal
            seat = match.to_act
            if deal.phase == Phase.PLAY:
                reading = read(deal_view(match, seat))
                for other in range(4):
                    assert deal.hands[other] & ~reading.may_hold(other) == 0, (seed, other)
                    assert reading.declaration_fits(other, deal.hands[other])
                assert reading.hand == deal.hands[seat]
                assert reading.unseen == sum(deal.hands[s] for s in range(4) if s != seat)
                checked += 1
            legal = match.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
        assert checked > 16 * 20


@pytest.mark.parametrize("name", ["amsterdam", "rotterdam", "kraken"])
def test_reading_draws_every_inference_the_following_rules_allow(name: str) -> None:
    """Sharp: a card is ruled out for a seat exactly when holding it would have made one of its plays illegal.

    The exact set is worked out here from the real hands with :func:`legal_mask`, card by card; Kraken's
    stuk declarations may place a card besides (so there the reading may know more, never less).
    """
    for seed in range(6):
        match = Match(preset(name), seed=seed + 10, first_dealer=seed % 4)
        chooser = random.Random(seed)
        exact = [0, 0, 0, 0]
        deal_seen = match.deal
        while not match.is_over:
            deal = match.deal
            if deal is not deal_seen:
                exact, deal_seen = [0, 0, 0, 0], deal
            seat = match.to_act
            if deal.phase == Phase.PLAY:
                r = read(deal_view(match, seat))
                for other in range(4):
                    if other != seat:
                        mine, theirs = r.excluded[other] & r.unseen, exact[other] & r.unseen
                        if name == "kraken":
                            assert mine & theirs == theirs
                        else:
                            assert mine == theirs, (seed, other)
            legal = match.legal_actions()
            action = legal[chooser.randrange(len(legal))]
            if isinstance(action, Play) and deal.trick:
                hand = deal.hands[seat]
                partner_wins = deal.best_seat == seat ^ 2
                for x in range(32):
                    if not hand >> x & 1:
                        with_x = legal_mask(
                            hand | 1 << x, deal.led, deal.trump, deal.high_trump, partner_wins, deal.rotterdam
                        )
                        if not with_x >> action.card & 1:
                            exact[seat] |= 1 << x
            match.apply(action)


def test_not_following_shows_a_void() -> None:
    # seat 1 leads spades; seat 2 follows, seat 3 follows; seat 0 has no spades and seat 1 wins: it must trump
    r = _reading_after("amsterdam", HANDS, "play As", "play 7s", "play Qs", seat=2)
    assert not r.void(3, SPADES)
    r = _reading_after("amsterdam", HANDS, "play As", "play 7s", "play Qs", "play Kh", seat=2)
    assert r.void(0, SPADES)


def test_amsterdam_discard_against_an_opponent_shows_no_higher_trump() -> None:
    """Amsterdam (Kraken 3): an opponent wins and you cannot follow: trump, and overtrump if you can."""
    hands = {
        1: "As Ks 7d 8d Qc Kc 7c 8c",
        2: "9h Jh 10h Ah 7s 8s 9s 10s",
        3: "Qh Kh 7h 8h Ad 10d Kd Qd",
        0: "Jc 9c Ac 10c Qs Js 9d Jd",
    }
    # seat 2 trumps seat 1's king with the ace; seat 3 holds only lower trumps and may not undertrump: it discards
    deal = act(make_deal(preset("amsterdam"), hands, dealer=0), "trump h", "play Kc", "play Ah", "play Ad")
    r = read(state_view(deal, 0))
    assert r.void(3, CLUBS)
    assert r.may_hold(3) & cards("Jh 9h") == 0  # no trump above the ace
    assert r.may_hold(3) & cards("10h")  # a lower trump may still be there
    assert r.may_hold(2) & cards("Jh 9h 10h") == cards("Jh 9h 10h")  # trumping first shows nothing more


ROTTERDAM_HANDS = {
    1: "As Ks 7d 8d Qc Kc 7c 8c",
    2: "9h Jh 10h Ah 7s 8s 9s 10s",
    3: "Qs Js 9d Jd Ad 10d Kd Qd",
    0: "Jc 9c Ac 10c Kh Qh 7h 8h",
}


def test_rotterdam_discard_shows_no_higher_trump() -> None:
    """Rotterdam by the troefplicht: a discard over a trump shows no higher trump; lower ones may be there."""
    deal = act(make_deal(preset("rotterdam"), ROTTERDAM_HANDS, dealer=0), "trump h", "play Kc", "play Ah", "play Ad")
    r = read(state_view(deal, 0))
    assert r.void(3, CLUBS) and not r.void(3, HEARTS)
    assert not r.may_hold(3) & cards("Jh 9h")  # the trumps above the ace (seat 2 played it)


def test_rotterdam_undertrump_forced_discard_shows_no_trump_at_all() -> None:
    """Switch undertrump="forced": unable to overtrump a Rotterdam player must undertrump, so a discard shows no
    trump at all."""
    rules = preset("rotterdam", undertrump="forced")
    deal = act(make_deal(rules, ROTTERDAM_HANDS, dealer=0), "trump h", "play Kc", "play Ah", "play Ad")
    r = read(state_view(deal, 0))
    assert r.void(3, CLUBS) and r.void(3, HEARTS)
    # the same cards in Amsterdam show only that seat 3 holds no trump above the ace
    deal = act(make_deal(preset("amsterdam"), ROTTERDAM_HANDS, dealer=0), "trump h", "play Kc", "play Ah", "play Ad")
    r = read(state_view(deal, 0))
    assert r.void(3, CLUBS) and not r.void(3, HEARTS)


def test_amsterdam_discard_on_partners_trick_shows_only_the_void() -> None:
    """Amsterdam: no duty to trump over a partner who wins, so a discard there leaves the trumps open."""
    hands = {
        1: "Ad 7d As Ks Qc Kc 7c 8c",
        2: "8d 9d Jh 10h 7s 8s 9s 10s",
        3: "Qs Js 7h 8h 10c 9c Ac Jc",
        0: "10d Kd Qd Jd Ah Kh Qh 9h",
    }
    deal = act(make_deal(preset("amsterdam"), hands, dealer=0), "trump h", "play Ad", "play 8d", "play 9c")
    r = read(state_view(deal, 0))
    assert r.void(3, DIAMONDS)
    assert not r.void(3, HEARTS)


def test_amsterdam_undertrumping_partner_shows_only_trumps() -> None:
    """Amsterdam: a trump under the partner's winning trump only from a hand of nothing but trumps."""
    hands = {  # six cards each: enough for one trick
        1: "7c 8c 9c Kc As Ks",
        2: "Jh 10h 7s 8s 9s 10s",
        3: "Qc 10c Ac Jc Kd Qd",
        0: "9h 8h 7h Qh Kh Ah",
    }
    deal = act(make_deal(preset("amsterdam"), hands, dealer=0), "trump h", "play 7c", "play Jh", "play Qc", "play 7h")
    r = read(state_view(deal, 1))
    assert r.may_hold(0) & ~SUIT_BITS[HEARTS] == 0
    assert r.may_hold(0) & cards("9h 8h")
    # under the partner's nine: a lower trump also shows that the jack is elsewhere (it would have to be played)
    hands = {1: "7c 8c 9c Kc As", 2: "9h 10h 7s 8s 9s", 3: "Qc 10c Ac Jc Jh", 0: "8h 7h Qh Kh Ah"}
    deal = act(make_deal(preset("amsterdam"), hands, dealer=0), "trump h", "play 7c", "play 9h", "play Qc", "play 7h")
    r = read(state_view(deal, 1))
    assert r.may_hold(0) & ~SUIT_BITS[HEARTS] == 0
    assert not r.may_hold(0) & cards("Jh")
    assert r.may_hold(3) & cards("Jh")
    # seat 2 trumped an opponent's card: only its clubs are known gone
    assert r.void(2, CLUBS) and not r.void(2, SPADES)


def test_trump_lead_not_overtrumped_shows_no_higher_trump() -> None:
    """Common rules: on a trump lead, beat the highest trump if you can."""
    hands = {
        1: "9h 7d 8d Ad Qc Kc 7c 8c",
        2: "8h 10h Ah Kh 7s 8s 9s 10s",
        3: "Qh As Ks Qs Js 10c 9c Kd",
        0: "Jh 7h 10d Jc Ac 9d Jd Qd",
    }
    deal = act(make_deal(preset("kraken"), hands, dealer=0), "trump h", "no", "no", "play 9h", "play 10h")
    r = read(state_view(deal, 3))
    assert not r.may_hold(2) & cards("Jh")
    assert r.may_hold(0) & cards("Jh")


def test_kraken_stuk_declared_with_its_first_card_places_the_second() -> None:
    hands = {
        1: "Kh Qh 8d Ad Qc Kc 7c 8c",
        2: "Jh 10h Ah 9h 7s 8s 9s 10s",
        3: "7h As Ks Qs Js 10c 9c Kd",
        0: "8h 7d 10d Jc Ac 9d Jd Qd",
    }
    deal = act(make_deal(preset("kraken"), hands, dealer=0), "trump h", "no", "no", "stuk", "play Kh")
    for seat in (0, 2, 3):
        r = read(state_view(deal, seat))
        for other in range(4):
            if other not in (1, seat):
                assert not r.may_hold(other) & stuk_mask(HEARTS)
        assert r.may_hold(1) & cards("Qh")


def test_trick_winner_and_masters() -> None:
    trick = ((1, parse_card("As")), (2, parse_card("7h")), (3, parse_card("Ks")))
    assert trick_winner(trick, HEARTS)[0] == 2
    assert trick_winner(trick, CLUBS)[0] == 1
    r = _reading_after("amsterdam", HANDS, seat=0)
    assert r.is_master(parse_card("Jc")) is False  # clubs are not trump: the ace is out
    assert r.is_master(parse_card("Ac"))
    assert r.playing_side == 1 and not r.playing and r.to_play() == (1, 2, 3)


@pytest.mark.parametrize("first_dealer", range(4))
def test_defends_left_agrees_with_the_quota(first_dealer: int) -> None:
    """Kraken 3.1: the deals a side still defends, as the engine's quota counts them."""
    match = Match(preset("kraken"), seed=first_dealer, first_dealer=first_dealer)
    quota = Quota(4, 16, first_dealer)
    chooser = random.Random(first_dealer)
    seen = 0
    while not match.is_over:
        index = len(match.deals) - 1
        if match.deal.phase == Phase.CHOOSE:
            r = read(deal_view(match, match.to_act))
            assert (r.defends_left(0), r.defends_left(1)) == (
                quota.defending_left(0, index),
                quota.defending_left(1, index),
            )
            assert r.owed == match.owed()
            seen += 1
        legal = match.legal_actions()
        match.apply(legal[chooser.randrange(len(legal))])
    assert seen == 16


def test_a_spectator_has_no_reading() -> None:
    match = Match(preset("kraken"), seed=1, first_dealer=0)
    with pytest.raises(ValueError, match="spectator"):
        read(deal_view(match))
