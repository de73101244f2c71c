"""The heuristic club player (``games/klaverjas/heuristic*.py``): legal, sound, and playing as a club player.

Each behaviour test builds a deal where one card is the club player's card
and the obvious alternatives are wrong, so a bot that plays them fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.klaverjas.helpers import act, cards, make_deal
from troef.cards import card_str
from troef.core.bot import RandomBot
from troef.games import game
from troef.games.klaverjas.actions import DeclareRoem, KlaverjasAction, NameTrump, Play, Word, parse_action
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.heuristic_bid import best_trump, chance, defender_quantile, hand_value, quota_threshold
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.rules import PRESETS, preset
from troef.games.klaverjas.state import DealState
from troef.games.klaverjas.view import deal_view, state_view

KRAKEN = preset("kraken")
AMSTERDAM = preset("amsterdam")
ROTTERDAM = preset("rotterdam")


def _act(deal: DealState, **view: Any) -> KlaverjasAction:
    """The heuristic's action for the seat to act in ``deal``."""
    return HeuristicBot(1).act(state_view(deal, deal.to_act, **view))


def _card(deal: DealState) -> str:
    action = _act(deal)
    assert isinstance(action, Play), action
    return card_str(action.card)


# ------------------------------------------------------------------ whole matches


@pytest.mark.parametrize("name", PRESETS)
def test_every_action_is_legal_in_whole_matches(name: str) -> None:
    """Seeded whole matches, heuristic with random partners and opponents: every action is in the view's list."""
    for seed in range(3):
        match = Match(preset(name), seed=seed, first_dealer=seed)
        bots = [HeuristicBot(seed), RandomBot(seed + 1, parse=parse_action)] * 2
        if seed == 1:
            bots = [HeuristicBot(seed + s) for s in range(4)]
        while not match.is_over:
            seat = match.to_act
            view = deal_view(match, seat)
            action = bots[seat].act(view)
            assert action.text() in view.legal
            match.apply(action)


@pytest.mark.parametrize(
    "switches",
    [
        {"who_plays": "vrij"},
        {"roem_counting": "claim"},
        {"kraak": True, "hand_roem": True},
        {"who_plays": "vrij", "kraak": True, "roem_counting": "claim"},
    ],
)
def test_every_action_is_legal_with_switches(switches: dict[str, object]) -> None:
    match = Match(preset("amsterdam", **switches), seed=5, first_dealer=0)
    bots = [HeuristicBot(s) for s in range(4)]
    while not match.is_over:
        view = deal_view(match, match.to_act)
        action = bots[match.to_act].act(view)
        assert action.text() in view.legal
        match.apply(action)


def test_registered_as_heuristic() -> None:
    kj = game("klaverjas")
    assert isinstance(kj.make_bot("heuristic", seed=3), HeuristicBot)


# ------------------------------------------------------------------ card play

# seat 0 deals in every deal below, so seat 1 names trump (hearts) and leads the first trick
FULL = {
    1: "7s 8s 9s Ks Qc Kc 7c 8c",
    2: "As 10s Js Qs Jh 9h Ah 10h",
    3: "7h 8h Qh Kh Ad 10d Kd Qd",
    0: "Jc 9c Ac 10c 7d 8d 9d Jd",
}


def _amsterdam(hands: dict[int, str], *texts: str, rules: object = AMSTERDAM) -> DealState:
    return act(make_deal(rules, hands, dealer=0), *texts)  # type: ignore[arg-type]


def test_does_not_trump_partners_winning_trick_when_allowed_not_to() -> None:
    """Amsterdam: with the partner winning there is no duty to trump; the club player does not."""
    hands = {
        1: "7s 8s 9s Qc Kc 7c 8c 10c",
        2: "As 10s Qs Jh Ah 10h 9d Jc",
        3: "Ks Js 8h Qh Kh Ad 10d Kd",
        0: "Ac 9c 7d 8d Qd Jd 9h 7h",
    }
    deal = _amsterdam(hands, "trump h", "play 7s", "play As", "play Js")
    played = _card(deal)
    assert played[-1] != "h", played
    # Rotterdam obliges the trump over the partner; the bot then trumps as low as it can
    deal = _amsterdam(hands, "trump h", "play 7s", "play As", "play Js", rules=ROTTERDAM)
    assert _card(deal) == "7h"


def test_smears_a_ten_on_partners_sure_trick() -> None:
    """The partner's ace cannot be beaten by the last player: add the ten whose ace is still out."""
    hands = {
        1: "7s 8s 9s Ks Qc Kc 10c 8c",
        2: "As 10s Qs Jh 9h Ah 10h 7c",
        3: "Js 7h 8h Qh Kh Ad Kd Qd",
        0: "Jc 9c Ac 10d 7d 8d 9d Jd",
    }
    deal = _amsterdam(hands, "trump h", "play 7s", "play As", "play Js")
    assert _card(deal) == "10d"


def test_smears_an_ace_on_partners_sure_trick_at_the_end() -> None:
    """Two cards left, the partner wins this trick and leads the last: an ace kept now never makes its points."""
    hands = {1: "7s Qc", 2: "As Kc", 3: "8s 9d", 0: "Ad 7c"}
    deal = _amsterdam(hands, "trump h", "play 7s", "play As", "play 8s")
    assert _card(deal) == "Ad"


def test_plays_low_when_an_opponent_wins_for_sure() -> None:
    """An opponent's trump jack wins the trick whatever follows: follow with no points, not the ten or ace."""
    hands = {
        1: "7c 8c 7s 8s 9s Ks Qd Kd",
        2: "Qc Kc As 10s Js Qs 9h Ah",
        3: "Jh 10h 8h Qh Kh Ad 10d 7h",
        0: "Jc 9c Ac 10c 7d 8d 9d Jd",
    }
    deal = _amsterdam(hands, "trump h", "play 7c", "play Qc", "play Jh")
    assert _card(deal) == "9c"


def test_smears_the_ace_on_partners_trump_jack() -> None:
    """The partner's trump jack cannot be beaten: add the ace of clubs (the ten stays, as the new master)."""
    deal = _amsterdam(FULL, "trump h", "play 7c", "play Jh", "play Qd")
    assert _card(deal) == "Ac"


def test_does_not_give_the_opponents_roem() -> None:
    """Last to play on an opponent's trick: the ten rather than the queen that would make A-K-Q roem for them."""
    hands = {1: "Kh 7c", 2: "8h 8c", 3: "Ah 9c", 0: "Qh 10h"}
    deal = _amsterdam(hands, "trump s", "play Kh", "play 8h", "play Ah")
    assert _card(deal) == "10h"
    # without the roem the queen (fewer points, not the master ten) is the card to give
    hands = {1: "Kh 7c", 2: "8h 8c", 3: "Ah 9c", 0: "Jh 10h"}
    deal = _amsterdam(hands, "trump s", "play Kh", "play 8h", "play Ah")
    assert _card(deal) == "Jh"


def test_playing_side_draws_trumps_with_jack_and_nine() -> None:
    hands = dict(FULL)
    hands[1] = "Jh 9h 7h Ks Qc Kc 7c 8c"
    hands[2] = "As 10s Js Qs 7s 8s Ah 10h"
    hands[3] = "9s 8h Qh Kh Ad 10d Kd Qd"
    deal = _amsterdam(hands, "trump h")
    assert _card(deal) == "Jh"


def test_defender_leads_an_ace() -> None:
    """A defender on lead cashes a side ace rather than leading a low card or into the trumps."""
    hands = {
        1: "7s 8s 9s Qc Kc 7c 8c 10c",
        2: "As 10s Qs Ac 9d Jc 9c Kd",
        3: "Ks Js 8h Qh Kh Ad 10d Qd",
        0: "Jh Ah 10h 9h 7h 7d 8d Jd",
    }
    deal = _amsterdam(hands, "trump h", "play 7s", "play As", "play Js", "play 7d")
    assert deal.to_act == 2
    assert _card(deal) == "Ac"


def test_wins_an_opponents_trick_cheaply_when_last() -> None:
    hands = {1: "Qs 7c", 2: "7s 8c", 3: "Ks 9c", 0: "As 10s"}
    deal = _amsterdam(hands, "trump h", "play Qs", "play 7s", "play Ks")
    assert _card(deal) in ("10s", "As")
    hands = {1: "10d 7c", 2: "8d 8c", 3: "Kd 9c", 0: "7h Ac"}
    deal = _amsterdam(hands, "trump h", "play 10d", "play 8d", "play Kd")
    assert _card(deal) == "7h"  # Amsterdam: an opponent wins, so trump (here the only trump is the seven)


# ------------------------------------------------------------------ trump, kraak, roem


def test_names_trump_where_jack_and_nine_are() -> None:
    deal = make_deal(AMSTERDAM, {1: "Jh 9h 7h As Ks 7d 8c Ac"}, dealer=0)
    assert _act(deal) == NameTrump(0)
    assert best_trump(cards("Jh 9h 7h As Ks 7d 8c Ac"), AMSTERDAM) == 0
    assert hand_value(cards("Jh 9h 7h As Ks 7d 8c Ac"), 0, AMSTERDAM) > hand_value(
        cards("Jh 9h 7h As Ks 7d 8c Ac"), 3, AMSTERDAM
    )


def test_vrij_passes_a_weak_hand_and_plays_a_strong_one() -> None:
    """vrij (common klaverjas rules): each in turn may play or pass."""
    vrij = preset("amsterdam", who_plays="vrij")
    assert _act(make_deal(vrij, {1: "7h 8d 10c 7s 8s Qd Kc 8h"}, dealer=0)) == Word("pass")
    assert _act(make_deal(vrij, {1: "Jh 9h Ah 10h As Ks 7d 8c"}, dealer=0)) == NameTrump(0)


# seat 2 is the first defender after seat 1 names hearts: a good hand (better than 8 in 10 defenders get),
# yet not one to kraak for its own sake
FAIR = "Ah 10h Kh As 10s 7d 8c 9c"


def test_fair_hand_premise() -> None:
    value = hand_value(cards(FAIR), 0, KRAKEN)
    assert 0.8 < defender_quantile(value, KRAKEN) < 0.9
    assert chance(value, "defender") < 0.5
    assert quota_threshold(2, 3, second=False) < defender_quantile(value, KRAKEN) < quota_threshold(1, 3, False)


@pytest.mark.parametrize(("owed", "word"), [((0, 0), "no"), ((1, 1), "no"), ((2, 2), "kraak")])
def test_kraaks_when_owing_kraaks_and_few_deals_remain(owed: tuple[int, int], word: str) -> None:
    """Kraken 3.1: a side owing kraaks spends them on its best chances before its defending deals run out.

    Deal 11 of 16, seat 0 dealt: side 0 defends deals 11, 13 and 15. Owing two of three, a fair hand is
    among the best it will get; owing one, or none, it waits for a better one.
    """
    deal = act(make_deal(KRAKEN, {1: "Jh 9h 7h As Ks 7d 8c Ac", 2: FAIR}, dealer=0), "trump h")
    assert deal.to_act == 2
    assert _act(deal, deal_number=11, owed=owed) == Word(word)


def test_rekraaks_a_forced_kraak_with_a_strong_hand() -> None:
    """Kraken 3.1: the kraak the quota forced tells nothing; the declarer with jack, nine and length rekraaks."""
    strong = {1: "Jh 9h Ah 10h As Ks 7d 8c", 2: "7h 8h Qh 7s 8s 9s 9d 10d"}
    deal = act(make_deal(KRAKEN, strong, dealer=0, must_kraak=(True, False)), "trump h", "kraak")
    assert deal.to_act == 1
    assert _act(deal, deal_number=15, owed=(1, 0)) == Word("rekraak")
    weak = {1: "7h 8h Qh As 7d 8c 9c Qd", 2: "Jh 9h Ah 7s 8s 9s 9d 10d"}
    deal = act(make_deal(KRAKEN, weak, dealer=0, must_kraak=(True, False)), "trump h", "kraak")
    assert _act(deal, deal_number=15, owed=(1, 0)) == Word("no")


def test_declares_hand_roem_without_stuk_and_stuk_with_its_card() -> None:
    """Kraken 3.2: roem from the hand is declared (20 for K-Q-J), stuk kept for its card so afkeuren cannot take it."""
    hands = {1: "Jh 9h 7h As Ks 7d 8c Ac", 2: "Kd Qd Jd 7s 8s Ah 7c 10c"}
    deal = act(make_deal(KRAKEN, hands, dealer=0), "trump d", "no", "no")
    first = _act(deal)  # seat 1 holds nothing to declare: it leads
    assert isinstance(first, Play)
    act(deal, first.text())
    assert _act(deal) == DeclareRoem(20)
    act(deal, "roem 20")
    action = _act(deal)
    assert action == Word("stuk") or (isinstance(action, Play) and card_str(action.card) not in ("Kd", "Qd"))


def test_stuk_said_just_before_a_stuk_card() -> None:
    """Following the trump jack with only the trump king and queen: stuk first (Kraken 3.2), then the card."""
    hands = {1: "Jh 9h 7h As Ks 7d 8c Ac", 2: "Kh Qh 7c 8s 10s 9d Jd Ad"}
    deal = act(make_deal(KRAKEN, hands, dealer=0), "trump h", "no", "no", "play Jh")
    assert _act(deal) == Word("stuk")
    act(deal, "stuk")
    assert card_str(_act(deal).card) in ("Kh", "Qh")  # type: ignore[union-attr]
    # Amsterdam counts stuk by itself: the card is played straight away
    deal = act(make_deal(AMSTERDAM, hands, dealer=0), "trump h", "play Jh")
    assert isinstance(_act(deal), Play)


def test_does_not_cash_an_ace_an_opponent_showed_it_can_trump() -> None:
    """Seat 3 showed no diamonds (it trumped the first trick): seat 0 does not lead its diamond ace into it."""
    hands = {
        1: "7d 8s Jh 9h Qc Kc 7c 8c",
        2: "8d 9s 10s Js Qs Ks Jc Jd",
        3: "7h 8h Qh Kh 7s Ac 10c Ah",
        0: "9d Ad 10d Kd Qd 9c As 10h",
    }
    deal = _amsterdam(hands, "trump h", "play 7d", "play 8d", "play 7h", "play 9d")
    act(deal, "play 7s", "play As", "play 8s", "play 9s")
    assert deal.to_act == 0
    assert _card(deal) != "Ad"


def test_partner_of_the_declarer_returns_a_trump() -> None:
    """Common club rule: the partner named trump, so lead a trump back to it (rather than cash the ace)."""
    hands = {
        1: "Jh 9h Ah 7c 8c 9c Qs Ks",
        2: "As 10s 7d 8d 9d Jc Qc Kc",
        3: "7h 10h 8s 9s Ad 10d Kd Qd",
        0: "8h Qh Kh Ac 10c Js 7s Jd",
    }
    # seat 3, without clubs, must trump seat 2's jack and wins the trick
    deal = _amsterdam(hands, "trump h", "play 7c", "play Jc", "play 7h", "play Ac")
    assert deal.to_act == 3
    assert _card(deal) == "10h"


def test_puts_stuk_into_the_declaration_when_that_beats_the_other_side() -> None:
    """Kraken 3.2: higher roem of the other side cancels a side's hand roem; 40 loses to 50, 40 and stuk wins."""
    hands = {1: "7s 8s 9s 10s Jh 9h 7d 8d", 2: "Kd Qd Jd 7c 8c 9c As Ah"}
    deal = act(make_deal(KRAKEN, hands, dealer=0), "trump d", "no", "no", "roem 50", "play 7s")
    assert _act(deal) == DeclareRoem(60)
    deal = act(make_deal(KRAKEN, hands, dealer=0), "trump d", "no", "no", "play 7s")
    assert _act(deal) == DeclareRoem(40)
