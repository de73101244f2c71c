"""Card order, points and the play obligations: Amsterdam (and Kraken) and Rotterdam, common klaverjas rules.

The obligations are checked exhaustively against :func:`may_play`, a small
legality function written here from the rule text, card by card, with its
own card order (no engine table): every hand drawn from a universe of six
cards that covers every distinction (cards of the led suit, trumps above and
below those in the trick, other cards) against every trick of one to three
cards from a pool, in both rule sets; and over random situations of real
deals.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests.games.klaverjas.helpers import act, cards, legal_texts, make_deal, refused
from troef.cards import card_str, parse_card
from troef.core.errors import RecordError
from troef.games.klaverjas.actions import Play
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.play import TOTAL_POINTS, points_of
from troef.games.klaverjas.rules import Rules, preset
from troef.games.klaverjas.state import DealState, Phase

AMSTERDAM = preset("amsterdam")
ROTTERDAM = preset("rotterdam")
ROTTERDAM_FORCED = preset("rotterdam", undertrump="forced")

# written from the rules, low to high
TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]


_TEXT = [card_str(c) for c in range(32)]


def _rank(card: int) -> str:
    return _TEXT[card][:-1]


def _suit(card: int) -> str:
    return _TEXT[card][-1]


def winner_so_far(trick: list[tuple[int, int]], trump: str) -> tuple[int, int | None]:
    """The seat winning the trick and its highest trump (None if no trump fell)."""
    led = _suit(trick[0][1])

    def key(card: int) -> tuple[int, int]:
        if _suit(card) == trump:
            return (2, TRUMP_ORDER.index(_rank(card)))
        if _suit(card) == led:
            return (1, PLAIN_ORDER.index(_rank(card)))
        return (0, 0)

    seat, _ = max(trick, key=lambda sc: key(sc[1]))
    trumps = [c for _, c in trick if _suit(c) == trump]
    high = max(trumps, key=lambda c: TRUMP_ORDER.index(_rank(c))) if trumps else None
    return seat, high


def may_play(hand: list[int], card: int, trick: list[tuple[int, int]], me: int, trump: str, rotterdam: int) -> bool:
    """Whether ``me`` may play ``card`` from ``hand`` to ``trick``: the rules, read plainly.

    ``rotterdam``: 0 Amsterdam, 1 Rotterdam, 2 Rotterdam with the switch ``undertrump="forced"``.
    """
    if card not in hand:
        return False
    if not trick:
        return True
    led = _suit(trick[0][1])
    winner, high = winner_so_far(trick, trump)
    my_trumps = [c for c in hand if _suit(c) == trump]
    higher = [t for t in my_trumps if high is None or TRUMP_ORDER.index(_rank(t)) > TRUMP_ORDER.index(_rank(high))]
    if led == trump:  # follow trump, and beat the highest trump if you can
        if not my_trumps:
            return True
        return card in higher if higher else _suit(card) == trump
    if any(_suit(c) == led for c in hand):  # follow suit
        return _suit(card) == led
    if not my_trumps:
        return True
    partner_wins = winner == (me + 2) % 4
    if partner_wins and not rotterdam:
        # Amsterdam: free, but a trump must beat the highest trump unless you hold nothing else
        if _suit(card) != trump or card in higher:
            return True
        return all(_suit(c) == trump and c not in higher for c in hand)
    if higher:  # must trump, and overtrump
        return card in higher
    if rotterdam == 2:  # switch undertrump="forced": must undertrump when you cannot overtrump
        return _suit(card) == trump
    # troefplicht (Amsterdam, and Rotterdam by default): no undertrumping unless you hold only (lower) trumps
    return _suit(card) != trump or all(_suit(c) == trump for c in hand)


def _situation(rules: Rules, trick: list[int], hand: list[int], trump: int) -> DealState:
    """A deal where seat 0 is to play ``hand`` after the seats before it played ``trick``."""
    leader = (4 - len(trick)) % 4
    masks = [0, 0, 0, 0]
    masks[0] = sum(1 << c for c in hand)
    for i, c in enumerate(trick):
        masks[(leader + i) % 4] |= 1 << c
    deal = DealState(rules, Deal((leader + 3) % 4, (masks[0], masks[1], masks[2], masks[3])))
    deal.apply(deal.legal_actions()[trump])  # the leader names trump ...
    for c in trick:
        deal.apply(Play(c))  # ... and the others hold one card each, so each plays it
    assert deal.to_act == 0 and deal.phase == Phase.PLAY
    return deal


# one card of the led suit, one of another suit, and trumps between and around those of the pool (all that
# matters to the rules is which of these kinds a hand holds)
UNIVERSE = [parse_card(c) for c in ["7h", "8c", "Qc", "10c", "9c", "7d"]]
POOL = [parse_card(c) for c in ["8h", "Kh", "7c", "Ac", "Jc", "8d"]]
CLUBS = 2


@pytest.mark.parametrize(
    "rules", [AMSTERDAM, ROTTERDAM, ROTTERDAM_FORCED], ids=["amsterdam", "rotterdam", "rotterdam_undertrump_forced"]
)
def test_common_obligations_exhaustive_against_the_rule_text(rules: Rules) -> None:
    checked = 0
    for n in (1, 2, 3):
        for trick in itertools.permutations(POOL, n):
            for size in range(1, len(UNIVERSE) + 1):
                for hand in itertools.combinations(UNIVERSE, size):
                    deal = _situation(rules, list(trick), list(hand), CLUBS)
                    engine = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
                    seats = [((4 - n + i) % 4, c) for i, c in enumerate(trick)]
                    expected = {c for c in hand if may_play(list(hand), c, seats, 0, "c", rules.follow_mode)}
                    assert engine == expected, (rules.preset, [card_str(c) for c in trick], hand)
                    checked += 1
    assert checked == 156 * 63


@pytest.mark.parametrize("name", ["kraken", "amsterdam", "rotterdam"])
def test_common_obligations_in_random_deals(name: str) -> None:
    rules = preset(name)
    chooser = random.Random(7)
    situations = 0
    for seed in range(60):
        match = Match(rules, seed=seed)
        deal = match.deal
        while not deal.is_over:
            legal = deal.legal_actions()
            if deal.phase == Phase.PLAY:
                seat = deal.to_act
                hand = [c for c in range(32) if deal.hands[seat] >> c & 1]
                engine = {a.card for a in legal if isinstance(a, Play)}
                expected = {
                    c for c in hand if may_play(hand, c, list(deal.trick), seat, "hdcs"[deal.trump], rules.follow_mode)
                }
                if not deal.stuk_pending:
                    assert engine == expected
                    situations += 1
            deal.apply(legal[chooser.randrange(len(legal))])
    # every card of every deal was checked, but for at most one card after a stuk declaration per deal
    assert situations >= 60 * 31


def test_kraken_3_follows_amsterdam() -> None:
    assert preset("kraken").follow == "amsterdam"


# ---------------------------------------------------------------------- named rules, with their refusals
def test_common_card_points_make_162() -> None:
    every = (1 << 32) - 1
    assert all(points_of(every, trump) + 10 == TOTAL_POINTS for trump in range(4))
    assert points_of(cards("Jh 9h Ah 10h Kh Qh 8h 7h"), 0) == 20 + 14 + 11 + 10 + 4 + 3
    assert points_of(cards("Ad 10d Kd Qd Jd 9d 8d 7d"), 0) == 11 + 10 + 4 + 3 + 2


def _amsterdam_after(trick: str, hand: str, rules: Rules = AMSTERDAM, trump: int = CLUBS) -> DealState:
    return _situation(rules, [parse_card(c) for c in trick.split()], [parse_card(c) for c in hand.split()], trump)


def test_common_follow_suit() -> None:
    deal = _amsterdam_after("Ah", "7h 9c 7d")
    assert legal_texts(deal) == ["play 7h"]
    assert refused(deal, "play 9c") == "you must follow hearts"


def test_amsterdam_partner_wins_no_duty_to_trump() -> None:
    # partner (seat 2) led the ace of hearts, seat 3 followed low; seat 0 has no hearts
    deal = _amsterdam_after("Ah 8h", "7d Kd 9c 8c")
    assert set(legal_texts(deal)) == {"play 7d", "play Kd", "play 9c", "play 8c"}


def test_amsterdam_partner_wins_no_undertrump() -> None:
    # partner trumped with the ace of clubs; a lower trump may not be added while other cards are held
    deal = _amsterdam_after("Kh Ac 8h", "7d 8c 9c")
    assert set(legal_texts(deal)) == {"play 7d", "play 9c"}
    assert refused(deal, "play 8c") == "you may not undertrump: your partner wins the trick, play another card"


def test_amsterdam_partner_wins_only_lower_trumps_may_be_played() -> None:
    deal = _amsterdam_after("Kh Ac 8h", "7c 8c")
    assert set(legal_texts(deal)) == {"play 7c", "play 8c"}


def test_amsterdam_opponent_wins_must_trump() -> None:
    deal = _amsterdam_after("Ah", "7d 8c")
    assert legal_texts(deal) == ["play 8c"]
    assert refused(deal, "play 7d") == "you must trump: an opponent wins the trick"


def test_amsterdam_opponent_wins_must_overtrump() -> None:
    deal = _amsterdam_after("8h Qc", "7d 7c Kc")
    assert legal_texts(deal) == ["play Kc"]
    assert refused(deal, "play 7c") == "you must overtrump: an opponent wins the trick"
    assert refused(deal, "play 7d") == "you must overtrump: an opponent wins the trick"


def test_amsterdam_no_undertrump_when_other_cards_are_held() -> None:
    deal = _amsterdam_after("8h Jc", "7d 7c")
    assert legal_texts(deal) == ["play 7d"]
    assert refused(deal, "play 7c") == "you may not undertrump while you hold a card of another suit"
    deal = _amsterdam_after("8h Jc", "7c 8c")  # only lower trumps: undertrumping is allowed
    assert set(legal_texts(deal)) == {"play 7c", "play 8c"}


def test_common_trump_led_follow_and_overtrump() -> None:
    deal = _amsterdam_after("Kc", "7c Ac 7d")
    assert legal_texts(deal) == ["play Ac"]
    assert refused(deal, "play 7c") == "you must overtrump: trump was led and you hold a higher trump"
    assert refused(deal, "play 7d") == "you must follow trumps (clubs)"
    # the duty holds over the partner too, in both rule sets
    deal = _amsterdam_after("Kc 7h", "7c Ac 7d")
    assert legal_texts(deal) == ["play Ac"]


def test_rotterdam_must_trump_over_partner() -> None:
    deal = _amsterdam_after("Ah 8h", "7d 8c", ROTTERDAM)
    assert legal_texts(deal) == ["play 8c"]
    assert refused(deal, "play 7d") == "you must trump over your partner (Rotterdam)"


def test_rotterdam_must_overtrump_over_partner() -> None:
    deal = _amsterdam_after("Kh Qc 8h", "7d 7c Kc", ROTTERDAM)
    assert legal_texts(deal) == ["play Kc"]
    assert refused(deal, "play 7d") == "you must overtrump over your partner (Rotterdam)"


def test_rotterdam_troefplicht_no_undertrump_while_holding_another_suit() -> None:
    # the troefplicht of the KNKB/NKU page and Wikipedia NL: unable to overtrump, a player who holds a card of
    # another suit may not undertrump (the default of the rotterdam preset, docs/rules/klaverjas.md section 5)
    assert ROTTERDAM.undertrump == "last_resort"
    deal = _amsterdam_after("8h Jc", "7d 7c", ROTTERDAM)
    assert legal_texts(deal) == ["play 7d"]
    assert refused(deal, "play 7c") == "you may not undertrump while you hold a card of another suit"
    deal = _amsterdam_after("8h Jc", "7c 8c", ROTTERDAM)  # only lower trumps: undertrumping is allowed
    assert set(legal_texts(deal)) == {"play 7c", "play 8c"}


def test_rotterdam_undertrump_forced_switch() -> None:
    # switch undertrump="forced" (online Rotterdam rooms): trump even under, unable to follow or overtrump
    deal = _amsterdam_after("8h Jc", "7d 7c", ROTTERDAM_FORCED)
    assert legal_texts(deal) == ["play 7c"]
    assert refused(deal, "play 7d") == "you must undertrump: you can neither follow nor overtrump (Rotterdam)"
    with pytest.raises(RecordError, match="needs 'follow: rotterdam'"):
        preset("amsterdam", undertrump="forced")


def test_common_lead_any_card() -> None:
    deal = act(make_deal(AMSTERDAM, {0: "7h Ah Jc 7s"}, dealer=3), "trump c")
    assert set(legal_texts(deal)) == {"play 7h", "play Ah", "play Jc", "play 7s"}
    assert refused(deal, "play Kd") == "you do not hold Kd"
