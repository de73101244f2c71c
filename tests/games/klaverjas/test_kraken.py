"""Kraken (section 3 of "Leuke kaartspelen"): one test per rule, named after it, and every worked example of 3.3."""

from __future__ import annotations

import random

import pytest

from tests.games.klaverjas.helpers import act, cards, legal_texts, make_deal, phase, refused, result
from troef.core.chance import GameRandom
from troef.games.klaverjas.actions import NO
from troef.games.klaverjas.deal import deal_cards, shuffle32
from troef.games.klaverjas.kraak import Quota, playing_side
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.roem import hand_roem_options, trick_roem
from troef.games.klaverjas.rules import preset
from troef.games.klaverjas.scoring import goes_nat, score_deal, tenths
from troef.games.klaverjas.solver import position_from_deal, position_from_view
from troef.games.klaverjas.state import DealState, Phase
from troef.games.klaverjas.view import deal_view, state_view

KRAKEN = preset("kraken")
SPADES = 3

# A full deal: seat 0 holds the hearts run 10-J-Q-K (50, and stuk 20 with hearts trump), seat 1 four nines
# (150), seat 2 the diamonds run 10 to ace (100), seat 3 the spades run 10 to ace and Q-K-A of clubs.
FULL = {
    0: "10h Jh Qh Kh 7d 7c 7s 8s",
    1: "9h 9d 9c 9s 8h 8d 8c Ah",
    2: "10d Jd Qd Kd Ad 10c Jc 7h",
    3: "Qc Kc Ac As 10s Js Qs Ks",
}


# ---------------------------------------------------------------------- 3.1 the basic rules
def test_kraken_3_1_dealt_four_and_four() -> None:
    dealt = deal_cards(KRAKEN, 0, GameRandom(11))
    deck = shuffle32(GameRandom(11))
    for i, seat in enumerate((1, 2, 3, 0)):
        packets = deck[4 * i : 4 * i + 4] + deck[16 + 4 * i : 16 + 4 * i + 4]
        assert dealt.hands[seat] == sum(1 << c for c in packets)


def test_common_three_two_three_switch() -> None:
    dealt = deal_cards(preset("kraken", packets="3-2-3"), 0, GameRandom(11))
    deck = shuffle32(GameRandom(11))
    first = deck[0:3] + deck[12:14] + deck[20:23]  # seat 1 gets the first packet of each round
    assert dealt.hands[1] == sum(1 << c for c in first)


def test_kraken_3_1_player_after_dealer_must_play_and_names_trump() -> None:
    deal = make_deal(KRAKEN, FULL, dealer=3)
    assert deal.to_act == 0
    assert legal_texts(deal) == ["trump h", "trump d", "trump c", "trump s"]
    assert refused(deal, "pass") == "you must play: name the trump suit (verplicht)"


def test_kraken_3_1_chain_kraak_rekraak_superkraak() -> None:
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h")
    assert deal.phase == Phase.KRAAK and deal.to_act == 1  # the other side speaks first
    assert legal_texts(deal) == ["kraak", "no"]
    act(deal, "no")
    assert deal.to_act == 3  # then the partner of the first defender
    assert refused(deal, "rekraak") == "now the word is 'kraak' or 'no'"
    act(deal, "kraak")
    assert deal.level == 1 and deal.to_act == 0 and legal_texts(deal) == ["rekraak", "no"]
    act(deal, "rekraak")
    assert deal.level == 2 and deal.to_act == 1 and legal_texts(deal) == ["superkraak", "no"]
    act(deal, "superkraak")
    # nothing is higher than superkraak: play begins, the player after the dealer leads
    assert deal.level == 3 and phase(deal) == Phase.PLAY and deal.to_act == 0
    assert deal.chain == [(3, "kraak"), (0, "rekraak"), (1, "superkraak")]


def test_kraken_3_1_nobody_kraaks() -> None:
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no")
    assert deal.level == 0 and deal.phase == Phase.PLAY


def test_kraken_3_1_highest_bidder_must_take_more_than_half() -> None:
    # declarer seat 0 (side 0): after kraak the krakers (side 1) must make it, after rekraak side 0 again
    assert [playing_side(0, level) for level in range(4)] == [0, 1, 0, 1]
    assert goes_nat((81, 81), 0)  # exactly half is not more than half
    assert not goes_nat((82, 80), 0)


def test_kraken_3_1_quota_each_side_four_kraaks_in_16_deals() -> None:
    quota = Quota(4, deals=16, first_dealer=0)
    # verplicht: seat j + 1 plays deal j (0-based, first dealer 0), so side 0 defends deals 0, 2, ..., 14
    assert quota.defending_left(0, 0) == 8 and quota.defending_left(1, 0) == 8
    assert not quota.must_kraak(0, 6)  # side 0 still defends deals 6, 8, 10, 12, 14: five for four owed
    assert quota.must_kraak(0, 8)  # deals 8, 10, 12, 14: four for four
    quota.said[0] = 3
    assert quota.owed(0) == 1 and not quota.must_kraak(0, 8) and quota.must_kraak(0, 14)


def test_kraken_3_1_quota_is_enforced_and_shown() -> None:
    # a match where every side lets every chance go unless the engine forbids it
    match = Match(KRAKEN, seed=4, first_dealer=0)
    chooser = random.Random(2)
    refusals = 0
    while not match.is_over:
        legal = match.legal_actions()
        if NO in legal:
            match.apply(NO)
        elif match.deal.phase == Phase.KRAAK and match.deal.level == 0:
            assert match.check(NO) == (
                "your side must kraak: it owes as many kraaks as the deals it still defends (Kraken 3.1)"
            )
            refusals += 1
            match.apply(legal[0])
        else:
            match.apply(legal[chooser.randrange(len(legal))])
    assert refusals == 8  # four forced kraaks per side, in its last four defending deals
    assert match.owed() == (0, 0)
    owed = [row.owed for row in match.sheet.rows]
    assert owed[0] == (4, 4) and owed[-1] == (0, 0)
    assert deal_view(match, 0).owed == (0, 0)


# ---------------------------------------------------------------------- 3.2 roem
def test_kraken_3_2_roem_table_2_3() -> None:
    assert trick_roem(cards("9h 10h Jh 7c"), KRAKEN) == 20
    assert trick_roem(cards("9h 10h Jh Qh"), KRAKEN) == 50
    assert trick_roem(cards("Qh Qd Qc Qs"), KRAKEN) == 100
    assert trick_roem(cards("9h 9d 9c 9s"), KRAKEN) == 150  # four nines, table 2.3
    assert trick_roem(cards("Jh Jd Jc Js"), KRAKEN) == 200
    assert trick_roem(cards("10h 10d 10c 10s"), KRAKEN) == 0  # no four tens in table 2.3
    assert max(hand_roem_options(cards("7h 8h 9h 10h Jh 7c 8d 9s"), -1, KRAKEN)) == 100  # five in sequence
    assert max(hand_roem_options(cards("7h 8h 9h 10h Jh Qh 8d 9s"), -1, KRAKEN)) == 100  # six in sequence


def test_kraken_3_2_card_in_one_combination_only() -> None:
    # table 2.3's example: hearts 9 and 10 with all jacks is 20 or 200, never 220
    options = hand_roem_options(cards("9h 10h Jh Jd Jc Js 7c 8c"), -1, KRAKEN)
    assert sorted(options) == [0, 20, 200]


def test_kraken_3_2_stuk_aside() -> None:
    # table 2.3's example: hearts 10, J, Q, K is 50, and 70 when hearts are trump
    hand = cards("10h Jh Qh Kh 7c 8d 9s 7s")
    assert max(hand_roem_options(hand, 1, KRAKEN)) == 50
    assert max(hand_roem_options(hand, 0, KRAKEN)) == 70


def test_kraken_3_2_hand_roem_until_the_first_trick_is_complete() -> None:
    # Kraken 3.2: roem from the hand is declared after the bidding and before the first trick is over, by
    # the leader and by anyone after his own card too
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no")
    assert [t for t in legal_texts(deal) if t.startswith("roem")] == ["roem 50", "roem 70"]
    act(deal, "play 7d")  # seat 0 leads without declaring: he still may, until the trick is complete
    assert deal.may_declare[0]
    assert [t for t in legal_texts(deal) if t.startswith("roem")] == ["roem 150"]  # seat 1: four nines
    assert refused(deal, "roem 100") == "you do not hold 100 roem; you may declare: 150"
    act(deal, "roem 150", "play 8d", "play Ad", "play As")
    # the four cards are down, the trick is not taken: who has not declared is asked, from the leader on
    assert phase(deal) == Phase.ROEM and deal.to_act == 0 and not deal.tricks
    assert legal_texts(deal) == ["roem 50", "roem 70", "roem 0"]
    assert refused(deal, "play 7c").startswith("the first trick is not taken yet")
    act(deal, "roem 50")
    assert deal.to_act == 2  # seat 1 declared already
    assert legal_texts(deal) == ["roem 100", "roem 0"]  # the diamonds run, ace played or not
    act(deal, "roem 0", "roem 120")  # seat 2 lets it go; seat 3: spades 10 to ace and Q-K-A of clubs
    # seat 2 won the trick: it is complete, nobody may declare from the hand any more
    assert phase(deal) == Phase.PLAY and deal.to_act == 2 and len(deal.tricks) == 1
    assert refused(deal, "roem 100") == "roem from the hand is declared before the first trick is complete (Kraken 3.2)"
    assert deal.declared == [50, 150, -1, 120]
    assert deal.hand_cancelled == [True, False] and deal.hand_counted == [0, 270]


def test_kraken_3_2_stuk_counted_once() -> None:
    # stuk is one combination of 20 (table 2.3), declared at one moment (Kraken 3.2): after 'stuk' with a
    # card, only totals without stuk may be declared from the hand
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no", "stuk")
    assert [t for t in legal_texts(deal) if t.startswith("roem")] == ["roem 50"]
    assert refused(deal, "roem 70") == "you do not hold 70 roem; you may declare: 50"
    act(deal, "play Kh", "play 9h", "play 7h", "play Qc")  # seat 1 overtrumps with the nel
    assert phase(deal) == Phase.ROEM and deal.to_act == 0
    assert legal_texts(deal) == ["roem 50", "roem 0"]
    assert refused(deal, "roem 70") == "you do not hold 70 roem; you may declare: 50"
    act(deal, "roem 50", "roem 0", "roem 0", "roem 0")
    assert deal.stuk_counted == [20, 0] and deal.hand_counted == [50, 0]
    assert deal.roem == [70, 0]  # 50 from the hand and 20 for stuk, stuk once


STUK_ONLY_ROEM = {
    0: "10h Jh Qh Kh 7d 7c 7s 8s",  # 50, and stuk with hearts trump
    1: "9h 8h Ah 9d 8d Jc 9s Js",
    2: "7h 10d Jd Ad 8c 10c Qc As",
    3: "Qd Kd 9c Kc Ac 10s Qs Ks",
}


def test_kraken_3_2_stuk_counted_once_by_the_solver() -> None:
    # the solver's sure score and the one it reads from a seat's view (a sampled world) count stuk once too:
    # stuk declared with the king (20), and seat 0's hand roem still to come without it (50)
    deal = act(make_deal(KRAKEN, STUK_ONLY_ROEM, dealer=3), "trump h", "no", "no", "stuk", "play Kh")
    assert position_from_deal(deal).score == (70, 0)
    world = (deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3])
    assert position_from_view(state_view(deal, 1), world).score == (70, 0)
    act(deal, "play 9h", "play 7h", "play 9c", "roem 50", "roem 0", "roem 0", "roem 0")
    assert deal.roem == [70, 0] and deal.stuk_counted == [20, 0] and deal.hand_counted == [50, 0]


def test_kraken_3_2_higher_roem_of_the_other_side_cancels() -> None:
    # seat 0 declares 70 (50 and stuk), seat 1 four nines 150: side 0's hand roem is cancelled (afgekeurd)
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no", "roem 70", "play 7d", "roem 150")
    act(deal, "play 8d", "play Ad", "play As", "roem 0", "roem 0")  # seats 2 and 3 declare nothing
    assert deal.hand_cancelled == [True, False]
    assert deal.hand_counted == [0, 150]
    assert deal.roem == [0, 150]
    assert deal.stuk_counted == [0, 0]  # stuk declared with the hand roem shares its fate


TIE_BREAK = {
    0: "10h Jh Qh 7d 7c 8c 8s 9s",
    1: "7h 8h 9h 8d Ad Ac 10s Ks",
    2: "Kh Ah 9d Jd Kd 7s Js As",
    3: "10d Qd 9c 10c Jc Qc Kc Qs",
}
FULL_TIE = {
    0: "10h Jh Qh 7d 7c 8c 8s 9s",
    1: "10d Jd Qd 7h 8h Ac 10s Ks",
    2: "Kh Ah 9d 8d Kd 7s Js As",
    3: "9h Ad 9c 10c Jc Qc Kc Qs",
}


def test_kraken_3_2_equal_roem_the_higher_top_card_wins() -> None:
    # 2.3: of two runs of three (20 each) Q-J-10 beats 9-8-7
    deal = act(make_deal(KRAKEN, TIE_BREAK, dealer=3), "trump s", "no", "no")
    act(deal, "roem 20", "play 7d", "roem 20", "play Ad", "play 9d", "play 10d", "roem 0", "roem 0")
    assert deal.hand_cancelled == [False, True] and deal.hand_counted == [20, 0]


@pytest.mark.parametrize(
    ("chain", "goes"),
    [(("no", "no"), 0), (("kraak", "no", "no"), 1), (("kraak", "rekraak", "no", "no"), 0)],
    ids=["no_kraak", "kraak", "rekraak"],
)
def test_kraken_3_2_full_tie_the_side_that_goes_wins(chain: tuple[str, ...], goes: int) -> None:
    # Kraken 3.2: afkeuren as in Bonaken, where a full tie goes to degene-die-gaat (2.3); after a kraak the
    # side with the last word of the chain goes. Q-J-10 of hearts against Q-J-10 of diamonds is a full tie
    deal = act(make_deal(KRAKEN, FULL_TIE, dealer=3), "trump s", *chain)
    assert playing_side(deal.declarer, deal.level) == goes
    act(deal, "roem 20", "play 7d", "roem 20", "play 10d", "play 8d", "play Ad", "roem 0", "roem 0")
    kept = [20, 20]
    kept[goes ^ 1] = 0
    assert deal.hand_counted == kept
    assert deal.hand_cancelled == [goes == 1, goes == 0]


def test_kraken_3_2_stuk_with_the_hand_roem() -> None:
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no", "roem 70")
    assert deal.stuk_declared  # 70 needs stuk: declared with the hand roem
    assert "stuk" not in legal_texts(deal)


def test_kraken_3_2_stuk_with_the_first_card() -> None:
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no")
    act(deal, "roem 50")  # the run without stuk
    assert "stuk" in legal_texts(deal)
    act(deal, "stuk")
    assert legal_texts(deal) == ["play Qh", "play Kh"]  # the next card must be a stuk card
    assert refused(deal, "play 7d") == "you declared stuk: play the king or queen of trumps"
    act(deal, "play Kh")
    assert deal.stuk_counted == [20, 0]


def test_kraken_3_2_stuk_with_the_second_card() -> None:
    deal = act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no")
    act(deal, "play Kh", "play 9h", "play 7h", "play Qc")  # the king without stuk; seat 1 wins with the nel
    act(deal, *["roem 0"] * 4)  # nobody declares roem from the hand
    assert deal.stuk_counted == [0, 0] and deal.to_act == 1
    act(deal, "play 8h", "play 10c", "play Kc")
    assert "stuk" in legal_texts(deal)
    act(deal, "stuk", "play Qh")
    assert deal.stuk_counted == [20, 0]


def _play_out(deal: DealState) -> DealState:
    """Play the first legal card until the deal ends, declaring nothing."""
    while not deal.is_over:
        deal.apply(next(a for a in deal.legal_actions() if a.text().startswith("play") or a.text() == "roem 0"))
    return deal


def test_kraken_3_2_forgotten_stuk_is_lost() -> None:
    deal = _play_out(act(make_deal(KRAKEN, FULL, dealer=3), "trump h", "no", "no"))
    assert deal.stuk_counted == [0, 0]
    # common rules (counted automatically): the same play gives stuk to its holder's side
    auto = _play_out(act(make_deal(preset("amsterdam"), FULL, dealer=3), "trump h"))
    assert auto.stuk_counted == [20, 0]


def test_kraken_3_2_pit_is_100_roem() -> None:
    hands = {
        0: "Jh 9h Ah 10h Kh Qh 8h 7h",
        1: "7d 8d 9d 10d Jd Qd Kd Ad",
        2: "7c 8c 9c 10c Jc Qc Kc Ac",
        3: "7s 8s 9s 10s Js Qs Ks As",
    }
    deal = _play_out(act(make_deal(KRAKEN, hands, dealer=3), "trump h", "no", "no"))
    assert deal.result is not None
    assert deal.result.pit == 0 and deal.result.card_points == (162, 0)
    # every trick holds four equal cards: nines 150, jacks 200, queens, kings, aces 100 each (table 2.3)
    assert deal.result.trick_roem == (650, 0)
    assert deal.result.roem == (650 + 100, 0)
    assert not deal.result.nat


# ---------------------------------------------------------------------- 3.3 scoring: the ten worked examples
EX1 = {"cards": (138, 24), "roem": (40, 20)}
EX2 = {"cards": (41, 121), "roem": (40, 20), "nat": True}


@pytest.mark.parametrize(
    ("level", "trump", "example", "expected"),
    [
        pytest.param(0, 0, EX1, (18, 4), id="plain_example_1"),
        pytest.param(0, 0, EX2, (4, 18), id="plain_example_2"),
        pytest.param(1, 0, EX1, (32, 6), id="kraak_example_1"),
        pytest.param(1, 0, EX2, (4, 34), id="kraak_example_2"),
        pytest.param(2, 0, EX1, (60, 10), id="rekraak_example_1"),
        pytest.param(2, 0, EX2, (4, 66), id="rekraak_example_2"),
        pytest.param(3, 0, EX1, (116, 18), id="superkraak_example_1"),
        pytest.param(3, 0, EX2, (4, 130), id="superkraak_example_2"),
        pytest.param(3, SPADES, EX1, (228, 34), id="superkraak_spades_example_1"),
        pytest.param(3, SPADES, EX2, (4, 258), id="superkraak_spades_example_2"),
    ],
)
def test_kraken_3_3_worked_examples(
    level: int, trump: int, example: dict[str, object], expected: tuple[int, int]
) -> None:
    # "ze" (the side that goes, or that kraaked highest) is side 0 in every example
    deal_result = result(level=level, trump=trump, playing=0, **example)  # type: ignore[arg-type]
    assert (
        goes_nat(
            (deal_result.card_points[0] + deal_result.roem[0], deal_result.card_points[1] + deal_result.roem[1]), 0
        )
        == deal_result.nat
    )
    assert score_deal(deal_result, KRAKEN).points == expected


def test_kraken_3_3_superkraak_spades_example_2() -> None:
    score = score_deal(result(level=3, trump=SPADES, playing=0, cards=(41, 121), roem=(40, 20), nat=True), KRAKEN)
    assert score.points == (4, 258)
    assert score.card_part == (0, 256) and score.roem_part == (4, 2)  # roem is never multiplied
    assert score.crosses == (16, 0)  # 8 crosses, doubled with spades, for the superkrakers who went nat


def test_kraken_3_3_halves_round_up() -> None:
    assert [tenths(p) for p in (84, 85, 86, 77, 75, 4, 5, 0)] == [8, 9, 9, 8, 8, 0, 1, 0]
    # the card parts of a deal make 16 or 17 (two fractions of .5 or more, e.g. 85 and 77)
    assert {tenths(p) + tenths(162 - p) for p in range(163)} == {16, 17}


def test_kraken_3_3_nat_side_keeps_its_roem() -> None:
    score = score_deal(result(cards=(41, 121), roem=(40, 20), nat=True), KRAKEN)
    assert score.roem_part == (4, 2)


def test_kraken_3_3_crosses_per_level_and_spades() -> None:
    made = {"cards": (138, 24), "roem": (40, 20)}
    assert score_deal(result(level=0, **made), KRAKEN).crosses == (0, 0)  # type: ignore[arg-type]
    assert score_deal(result(level=1, **made), KRAKEN).crosses == (0, 2)  # type: ignore[arg-type]
    assert score_deal(result(level=2, **made), KRAKEN).crosses == (0, 4)  # type: ignore[arg-type]
    assert score_deal(result(level=3, **made), KRAKEN).crosses == (0, 8)  # type: ignore[arg-type]
    assert score_deal(result(level=1, trump=SPADES, **made), KRAKEN).crosses == (0, 4)  # type: ignore[arg-type]
    lost = {"cards": (41, 121), "roem": (40, 20), "nat": True}
    assert score_deal(result(level=2, **lost), KRAKEN).crosses == (4, 0)  # type: ignore[arg-type]


def test_kraken_3_3_pit_one_cross_two_with_spades() -> None:
    assert score_deal(result(cards=(162, 0), roem=(100, 0), pit=0), KRAKEN).crosses == (0, 1)
    assert score_deal(result(cards=(162, 0), roem=(100, 0), pit=0, trump=SPADES), KRAKEN).crosses == (0, 2)


def test_kraken_3_3_four_crosses_for_the_points_and_fewest_crosses_win() -> None:
    match = Match(KRAKEN, seed=9, first_dealer=0)
    chooser = random.Random(9)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[chooser.randrange(len(legal))])
    sheet = match.sheet
    deal_crosses = [sum(row.score.crosses[s] for row in sheet.rows) for s in (0, 1)]
    behind = 0 if sheet.points[0] < sheet.points[1] else 1
    assert sheet.final_crosses[behind] == 4 and sheet.final_crosses[behind ^ 1] == 0
    assert sheet.crosses[behind] == deal_crosses[behind] + 4
    assert len(sheet.rows) == 16
    fewer = 0 if sheet.crosses[0] < sheet.crosses[1] else 1
    if sheet.crosses[0] != sheet.crosses[1]:
        assert sheet.winner() == fewer


def test_common_shuffle_is_uniform() -> None:
    # every card reaches every place about equally often (32 x 32 cells, 16000 shuffles: 500 each)
    counts = [[0] * 32 for _ in range(32)]
    rng = GameRandom(1)
    for _ in range(16000):
        for place, c in enumerate(shuffle32(rng)):
            counts[c][place] += 1
    chi2 = sum((n - 500) ** 2 / 500 for row in counts for n in row)
    assert sorted(shuffle32(GameRandom(3))) == list(range(32))
    assert 800 < chi2 < 1300  # 961 degrees of freedom: a biased shuffle lands far outside


# ---------------------------------------------------------------------- rules revision 1's readings
#: Kraken as klaverjas rules revision 1 read it (docs/records.md, "Rules revisions"): kept as switch values.
KRAKEN_R1 = preset("kraken", hand_roem_until="first_card", stuk_once=False, hand_roem_tie="both")


def test_revision_1_hand_roem_before_ones_first_card_and_no_roem_call() -> None:
    deal = act(make_deal(KRAKEN_R1, FULL, dealer=3), "trump h", "no", "no", "play 7d")
    assert not deal.may_declare[0]  # seat 0 led without declaring: his chance is gone
    act(deal, "roem 150", "play 8d", "play Ad")
    act(
        deal, "play As"
    )  # seat 3 plays without declaring his 120  # the fourth card: the trick is taken at once, nobody is asked
    assert phase(deal) == Phase.PLAY and len(deal.tricks) == 1 and deal.to_act == 2
    assert deal.declared == [-1, 150, -1, -1] and deal.hand_counted == [0, 150]


def test_revision_1_a_seat_that_played_may_not_declare() -> None:
    deal = act(make_deal(KRAKEN_R1, FULL, dealer=3), "trump h", "no", "no", "play 7d", "play 8d")
    deal.to_act = 0  # ask for seat 0's declaration as if it were his turn again
    assert refused(deal, "roem 50").startswith("roem from the hand is declared before your first card")


def test_revision_1_stuk_and_then_hand_roem_with_stuk_counts_stuk_twice() -> None:
    deal = act(make_deal(KRAKEN_R1, FULL, dealer=3), "trump h", "no", "no", "stuk")
    assert [t for t in legal_texts(deal) if t.startswith("roem")] == ["roem 50", "roem 70"]
    act(deal, "roem 70", "play Kh", "play 9h", "play 7h", "play Qc")
    assert phase(deal) == Phase.PLAY and deal.hand_counted == [70, 0] and deal.stuk_counted == [20, 0]
    assert deal.roem == [90, 0]  # 70 with stuk from the hand and stuk again


def test_revision_1_full_tie_cancels_neither() -> None:
    deal = act(make_deal(KRAKEN_R1, FULL_TIE, dealer=3), "trump s", "no", "no")
    act(deal, "roem 20", "play 7d", "roem 20", "play 10d", "play 8d", "play Ad")
    assert deal.hand_counted == [20, 20] and deal.hand_cancelled == [False, False]


def test_revision_1_is_what_a_record_without_a_revision_may_mean() -> None:
    from troef.games.klaverjas.rules import Rules

    assert Rules.at_revision("kraken", {}, 1) == KRAKEN_R1
    assert Rules.at_revision("kraken", {}, 2) == KRAKEN
    assert Rules.at_revision("rotterdam", {}, 1).undertrump == "forced"
    assert Rules.at_revision("amsterdam", {}, 1) == preset("amsterdam")  # no reading of Amsterdam changed
    assert Rules.at_revision("kraken", {"stuk_once": True}, 1).stuk_once  # a switch the record names wins
