"""Property tests over random Bonaken hands and matches of every rule set and player count.

Games are played by :func:`tests.games.bonaken.common.choose`, a random policy that passes
often and bids low, so that every contract kind occurs (see
:func:`test_every_contract_kind_occurs`). Each property is checked at every
step of every game Hypothesis draws (rule set, players, seed).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.bonaken.common import (
    CONTRACT_KINDS,
    GAME_CONFIGS,
    HAND_FIELDS,
    MAX_HAND_ACTIONS,
    MAX_MATCH_HANDS,
    RULE_SETS,
    card_places,
    choose,
    contract_kind,
    play_match,
    play_out,
    snapshot,
)
from troef.cards import PIQUET_DECK, cards_of, mask_of, rank_of, suit_of
from troef.core.actions import SPECTATOR
from troef.core.errors import IllegalActionError
from troef.games.bonaken.actions import (
    BONAAK,
    DISCARDS,
    MISERE,
    OPEN_BONAAK,
    PASS,
    PLAYS,
    STUK,
    TRUMPS,
    ZWABBER,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    Discard,
    Play,
)
from troef.games.bonaken.bidding import bid_ladder
from troef.games.bonaken.match import Match
from troef.games.bonaken.play import points_of
from troef.games.bonaken.record import dumps, loads, record_of_hand, record_of_match, replay
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState, Phase
from troef.games.bonaken.view import hand_view

configs = st.sampled_from(GAME_CONFIGS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def new_hand(config: tuple[str, int], seed: int) -> DealState:
    name, players = config
    return DealState.new(RULE_SETS[name], players, dealer=seed % players, seed=seed)


# ---------------------------------------------------------------------- cards


def assert_cards_accounted(hand: DealState) -> None:
    union = 0
    for name, mask in card_places(hand):
        assert not union & mask, f"{name} shares a card with another place: {cards_of(union & mask)}"
        union |= mask
    assert union == PIQUET_DECK, f"cards in no place: {cards_of(PIQUET_DECK & ~union)}"
    trick_cards = mask_of(c for _, c in hand.trick)
    assert trick_cards & hand.played == trick_cards
    assert len(hand.trick) < hand.players
    tricks_cards = mask_of(c for trick, _ in hand.tricks for _, c in trick)
    assert tricks_cards | trick_cards == hand.played
    assert not tricks_cards & trick_cards
    for seat in range(hand.table):
        if seat not in hand.seats:
            assert hand.hands[seat] == 0


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_every_card_is_in_exactly_one_place(config: tuple[str, int], seed: int) -> None:
    hand = new_hand(config, seed)
    play_out(hand, random.Random(seed), assert_cards_accounted)


def test_card_points_of_the_deck_are_141_with_any_trump() -> None:
    for trump in range(4):
        assert points_of(PIQUET_DECK, trump) == 141
    assert points_of(PIQUET_DECK, -1) == 108  # no trump: no nel, no trump jack


#: Trump order J 9 A K Q 10 8 7 (nk rule 25) as a power per rank 7 8 9 10 J Q K A, written out independently.
TRUMP_ORDER = {rank: 7 - "J9AKQT87".index(text) for rank, text in enumerate("789TJQKA")}


def trick_winner(trick: tuple[tuple[int, int], ...], trump: int) -> int:
    """The highest trump wins, else the highest card of the suit led (nk rules 24-25)."""
    led = suit_of(trick[0][1])
    trumps = [(s, c) for s, c in trick if suit_of(c) == trump]
    if trumps:
        return max(trumps, key=lambda sc: TRUMP_ORDER[rank_of(sc[1])])[0]
    return max(((s, c) for s, c in trick if suit_of(c) == led), key=lambda sc: rank_of(sc[1]))[0]


def assert_points_conserved(hand: DealState) -> None:
    """Points won in tricks plus the points of every card not yet won are the deck's points."""
    trump = hand.trump
    deck_points = points_of(PIQUET_DECK, trump)
    in_tricks = 0
    for trick, winner in hand.tricks:
        in_tricks += points_of(mask_of(c for _, c in trick), trump)
        assert winner == trick_winner(trick, trump), f"trick {trick} with trump {trump} won by {winner}"
    assert sum(hand.points) == in_tricks
    for seat in hand.seats:
        won = [t for t, w in hand.tricks if w == seat]
        assert hand.points[seat] == sum(points_of(mask_of(c for _, c in t), trump) for t in won)
        assert hand.won[seat] == len(won)
    unwon = PIQUET_DECK & ~(hand.played & ~mask_of(c for _, c in hand.trick))
    assert in_tricks + points_of(unwon, trump) == deck_points


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_card_points_add_up_to_141(config: tuple[str, int], seed: int) -> None:
    hand = new_hand(config, seed)
    for trump in range(4):
        assert sum(points_of(mask, trump) for _, mask in card_places(hand)) == 141
    play_out(hand, random.Random(seed), assert_points_conserved)
    rules = hand.rules
    if not rules.stop_when_decided and len(hand.tricks) == hand.n_tricks:
        # a fully played pagat/hazerswoude hand: every card is won or out of play
        total = sum(hand.points) + points_of(hand.out, hand.trump)
        assert total == (141 if hand.trump >= 0 else 108)
        assert hand.out | hand.played == PIQUET_DECK


# ---------------------------------------------------------------------- legality


def action_universe(rules: Rules, players: int) -> list[BonakenAction]:
    """Every action of every kind (and some malformed bids), to compare with the legal list."""
    out: list[BonakenAction] = [PASS, STUK, MISERE, ZWABBER, BONAAK, OPEN_BONAAK, *PLAYS, *DISCARDS, *TRUMPS]
    out += list(bid_ladder(rules, players).bids)
    out += [
        Bid(BidKind.NUMBER, 0),
        Bid(BidKind.NUMBER, 27),
        Bid(BidKind.NUMBER, rules.min_bid - 5),
        Bid(BidKind.NUMBER, rules.max_number_bid + 5),
        Bid(BidKind.ZWABBER, 20),
        Bid(BidKind.BONAAK, 25),
        Bid(BidKind.BONAAK, 20, six=True),
    ]
    out += [DeclareRoem(v) for v in range(0, 600, 10)]
    return list(dict.fromkeys(out))


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_legal_actions_exist_and_agree_with_check(config: tuple[str, int], seed: int) -> None:
    hand = new_hand(config, seed)
    universe = action_universe(hand.rules, hand.players)

    def step(h: DealState) -> None:
        legal = h.legal_actions()
        if h.is_over:
            assert legal == []
            assert all(h.check(a) == "the hand is over" for a in universe[:8])
            return
        assert legal, f"no legal action in phase {h.phase.name}"
        assert len(set(legal)) == len(legal), "an action is listed twice"
        assert h.to_act in h.seats
        for action in legal:
            assert h.check(action) is None, f"{action.text()} is listed but check says {h.check(action)!r}"
            assert h.is_legal(action)
        allowed = {a for a in universe if h.check(a) is None}
        assert set(legal) <= set(universe)
        assert allowed == set(legal), (
            f"check allows {sorted(a.text() for a in allowed - set(legal))}, "
            f"legal lists {sorted(a.text() for a in set(legal) - allowed)} that check refuses"
        )

    play_out(hand, random.Random(seed), step)


def wrong_type_actions(hand: DealState) -> list[BonakenAction]:
    """Actions of a type that does not belong to the current phase."""
    held = cards_of(hand.hands[hand.to_act]) if hand.to_act >= 0 else []
    card = held[0] if held else 0
    by_phase: dict[Phase, list[BonakenAction]] = {
        Phase.BIDDING: [DISCARDS[card], PLAYS[card], TRUMPS[0], DeclareRoem(0), STUK],
        Phase.EXCHANGE: [PLAYS[card], PASS, Bid(BidKind.NUMBER, 300), TRUMPS[1], DeclareRoem(0)],
        Phase.TRUMP: [PASS, DeclareRoem(0), DISCARDS[card], STUK],
        Phase.ROEM: [PLAYS[card], PASS, DISCARDS[card], TRUMPS[2]],
        Phase.PLAY: [PASS, Bid(BidKind.NUMBER, 300), DISCARDS[card], DeclareRoem(0), TRUMPS[3]],
        Phase.DONE: [PLAYS[card], PASS, DeclareRoem(0)],
    }
    return by_phase[hand.phase]


def assert_refused_unchanged(hand: DealState, action: BonakenAction) -> None:
    reason = hand.check(action)
    assert reason is not None, f"{action.text()} should be illegal in phase {hand.phase.name}"
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(action)
    assert str(info.value) == reason
    assert info.value.code and info.value.code != "illegal"
    after = snapshot(hand)
    changed = [name for name in before if before[name] != after[name]]
    assert not changed, f"refused {action.text()} changed {changed}"


def test_snapshots_see_every_change() -> None:
    """The "state unchanged" checks are only as good as :func:`snapshot`: it must notice any change."""
    hand = new_hand(("nk", 4), 1)
    assert set(HAND_FIELDS) >= {"hands", "history", "phase", "to_act", "trick", "played", "out", "pending", "took"}
    before = snapshot(hand)
    assert snapshot(new_hand(("nk", 4), 1)) == before
    hand.apply(hand.legal_actions()[-1])
    assert snapshot(hand) != before
    before = snapshot(hand)
    hand.hands[0] ^= 1  # an in-place change of a list field
    assert snapshot(hand) != before
    hand.hands[0] ^= 1
    hand.reachable[99] = 0  # and of a dict field
    assert snapshot(hand) != before


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_illegal_actions_raise_and_leave_the_state_unchanged(config: tuple[str, int], seed: int) -> None:
    hand = new_hand(config, seed)
    picker = random.Random(seed ^ 0x5EED)
    universe = action_universe(hand.rules, hand.players)

    def step(h: DealState) -> None:
        seat = h.to_act
        held = h.hands[seat] if seat >= 0 else 0
        not_held = [c for c in range(32) if not held >> c & 1]
        assert_refused_unchanged(h, PLAYS[picker.choice(not_held)])
        for action in wrong_type_actions(h):
            assert_refused_unchanged(h, action)
        if h.phase == Phase.PLAY:
            legal_cards = {a.card for a in h.legal_actions() if isinstance(a, Play)}
            held_illegal = [c for c in cards_of(held) if c not in legal_cards]
            if held_illegal:  # held but not allowed (follow suit, trump, undertrump, stuk)
                assert_refused_unchanged(h, PLAYS[picker.choice(held_illegal)])
        illegal = [a for a in universe if h.check(a) is not None]
        for action in picker.sample(illegal, min(2, len(illegal))):
            assert_refused_unchanged(h, action)

    play_out(hand, random.Random(seed), step)


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=seeds, split=st.integers(min_value=0, max_value=60))
def test_copy_is_equal_and_independent(config: tuple[str, int], seed: int, split: int) -> None:
    hand = new_hand(config, seed)
    rng = random.Random(seed)
    for _ in range(split):
        if hand.is_over:
            break
        hand.apply(choose(hand, rng))
    twin = hand.copy()
    assert snapshot(twin) == snapshot(hand)
    before = snapshot(hand)
    play_out(twin, random.Random(seed + 1))
    assert snapshot(hand) == before, "playing on a copy changed the original"


# ---------------------------------------------------------------------- termination


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_random_hands_end_within_a_bound(config: tuple[str, int], seed: int) -> None:
    hand = new_hand(config, seed)
    actions = play_out(hand, random.Random(seed))
    assert hand.is_over and hand.result is not None and hand.to_act == -1
    assert actions <= MAX_HAND_ACTIONS
    if not hand.result.redeal:
        assert len(hand.tricks) <= hand.n_tricks
        assert set(hand.result.won) == set(hand.result.declarers)


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=seeds)
def test_random_matches_end_within_a_bound(config: tuple[str, int], seed: int) -> None:
    name, players = config
    match = Match(RULE_SETS[name], players, seed=seed)
    play_match(match, random.Random(seed))
    assert match.is_over and match.to_act == -1 and match.legal_actions() == []
    assert len(match.hands) <= MAX_MATCH_HANDS
    assert match.check(PASS) == "the match is over"
    if match.rules.scoring != "nk":
        # pagat: "any player with two minuses is the loser"; two misère players can get
        # their second minus in the same hand, so there may be more than one
        assert match.sheet.losers(), "a pagat or hazerswoude match ends with a loser"


# ---------------------------------------------------------------------- records


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=seeds, cap=st.integers(min_value=0, max_value=400))
def test_match_records_round_trip_and_replay_to_the_same_outcome(config: tuple[str, int], seed: int, cap: int) -> None:
    name, players = config
    match = Match(RULE_SETS[name], players, seed=seed)
    play_match(match, random.Random(seed), max_actions=cap)
    record = record_of_match(match)
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text
    assert json.loads(text)["hands"][0]["actions"] == [[s, a.text()] for s, a in match.hands[0].history]
    outcome = replay(again)
    finished = [h for h in match.hands if h.result is not None]
    assert [o.result for o in outcome.hands] == [h.result for h in finished]
    assert [o.index for o in outcome.hands] == [i for i, h in enumerate(match.hands) if h.result is not None]
    assert outcome.finished == match.is_over
    assert outcome.standing == match.standing()
    assert outcome.losers == match.sheet.losers()


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds, cap=st.integers(min_value=0, max_value=80))
def test_hand_records_round_trip_and_replay_to_the_same_outcome(config: tuple[str, int], seed: int, cap: int) -> None:
    hand = new_hand(config, seed)
    rng = random.Random(seed)
    for _ in range(cap):
        if hand.is_over:
            break
        hand.apply(choose(hand, rng))
    record = record_of_hand(hand)
    again = loads(dumps(record))
    assert again == record
    outcome = replay(again)
    assert outcome.finished == hand.is_over
    assert [o.result for o in outcome.hands] == ([hand.result] if hand.result is not None else [])


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=seeds)
def test_same_seed_and_choices_give_identical_records(config: tuple[str, int], seed: int) -> None:
    name, players = config
    texts = []
    for _ in range(2):
        match = Match(RULE_SETS[name], players, seed=seed)
        play_match(match, random.Random(seed))
        texts.append(dumps(record_of_match(match)))
    assert texts[0] == texts[1]
    assert new_hand(config, seed).deal == new_hand(config, seed).deal
    deals = {new_hand(config, seed + k).deal for k in range(4)}
    assert len(deals) > 1, "different seeds should deal differently"


# ---------------------------------------------------------------------- views


def knowable(hand: DealState, viewer: int) -> int:
    """The cards ``viewer`` may know, computed from the deal's public part and the action history.

    Everybody: the open centre cards and every card played (an open-bonaak
    declarer's hand once the bidding is over). A seat besides: its own hand, the
    cards it laid away or passed on, the whole centre if it was the (first
    misère) declarer who picked it up, and what the previous misère player
    passed to it.
    """
    rules, deal, history = hand.rules, hand.deal, hand.history
    allowed = deal.open | mask_of(a.card for _, a in history if isinstance(a, Play))
    seated = viewer in hand.seats
    if seated:
        allowed |= hand.hands[viewer]
        allowed |= mask_of(a.card for s, a in history if s == viewer and isinstance(a, Discard))
    if hand.phase == Phase.BIDDING or (hand.result is not None and hand.result.redeal):
        return allowed
    high: Bid | None = None
    high_seat = -1
    group: list[int] = []
    for seat, action in history:
        if isinstance(action, Bid):
            if action.kind == BidKind.MISERE and high is not None and high.kind == BidKind.MISERE:
                group.append(seat)
            else:
                high, high_seat = action, seat
                group = [seat] if action.kind == BidKind.MISERE else []
    assert high is not None
    declarers = group if high.kind == BidKind.MISERE else [high_seat]
    assert tuple(declarers) == hand.declarers, "the declarers do not follow from the bids"
    centre = deal.open | deal.closed
    no_centre = rules.bonaak_no_centre and high.kind in (BidKind.BONAAK, BidKind.OPEN_BONAAK)
    if seated and viewer == declarers[0] and not no_centre and declarers[0] not in hand.false_roem:
        allowed |= centre
    if seated and viewer in declarers[1:]:
        giver = declarers[declarers.index(viewer) - 1]
        given = [a.card for s, a in history if s == giver and isinstance(a, Discard)]
        if len(given) == centre.bit_count():
            allowed |= mask_of(given)
    if high.kind == BidKind.OPEN_BONAAK:
        allowed |= hand.hands[declarers[0]]
    return allowed


def assert_views_leak_nothing(hand: DealState) -> None:
    for viewer in (SPECTATOR, *range(hand.table)):
        view = hand_view(hand, viewer)
        leaked = view.known_cards() & ~knowable(hand, viewer)
        assert not leaked, f"viewer {viewer} sees {[cards_of(leaked)]} in phase {hand.phase.name}"
        if viewer in hand.seats:
            assert view.hand is not None and mask_of(view.hand) == hand.hands[viewer]
        else:
            assert view.hand is None
        assert bool(view.legal) == (viewer == hand.to_act and not hand.is_over)
        if hand.is_over:
            json.dumps(view.to_json())


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_views_hold_only_cards_the_viewer_may_know(config: tuple[str, int], seed: int) -> None:
    hand = new_hand(config, seed)
    play_out(hand, random.Random(seed), assert_views_leak_nothing)


@settings(max_examples=15, deadline=None)
@given(config=configs, seed=seeds)
def test_views_in_matches_hold_only_cards_the_viewer_may_know(config: tuple[str, int], seed: int) -> None:
    """Matches add seats that are out of the match: they see what a spectator sees."""
    name, players = config
    match = Match(RULE_SETS[name], players, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        assert_views_leak_nothing(match.hand)
        match.apply(choose(match.hand, rng))
    assert_views_leak_nothing(match.hand)


def hidden_places(hand: DealState, viewer: int) -> dict[str, int]:
    """Before any action: where the cards ``viewer`` cannot know are (name -> mask)."""
    deal = hand.deal
    places = {f"hand {s}": deal.hands[s] for s in deal.seats if s != viewer}
    places["closed"] = deal.closed
    places["sleepers"] = deal.sleepers
    return {k: v for k, v in places.items() if v}


def with_cards_swapped(hand: DealState, a: tuple[str, int], b: tuple[str, int]) -> DealState:
    """A fresh hand of the same deal with card ``a[1]`` (in place ``a[0]``) and ``b[1]`` swapped."""
    deal = hand.deal
    hands = list(deal.hands)
    fields = {"open": deal.open, "closed": deal.closed, "sleepers": deal.sleepers}
    swap = (1 << a[1]) | (1 << b[1])
    for place in (a[0], b[0]):
        if place.startswith("hand "):
            hands[int(place[5:])] ^= swap
        else:
            fields[place] ^= swap
    new = dataclasses.replace(
        deal, hands=tuple(hands), open=fields["open"], closed=fields["closed"], sleepers=fields["sleepers"]
    )
    return DealState(hand.rules, new)


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds, data=st.data())
def test_views_do_not_depend_on_cards_the_viewer_cannot_know(
    config: tuple[str, int], seed: int, data: st.DataObject
) -> None:
    hand = new_hand(config, seed)
    viewer = data.draw(st.sampled_from([SPECTATOR, *hand.seats]), label="viewer")
    places = hidden_places(hand, viewer)
    first, second = data.draw(st.permutations(sorted(places)), label="places")[:2]
    card_a = data.draw(st.sampled_from(cards_of(places[first])), label="card a")
    card_b = data.draw(st.sampled_from(cards_of(places[second])), label="card b")
    other = with_cards_swapped(hand, (first, card_a), (second, card_b))
    assert other.deal != hand.deal
    assert hand_view(other, viewer).to_json() == hand_view(hand, viewer).to_json()
    # the bids do not depend on the cards: the views stay equal through the bidding
    rng = random.Random(seed)
    while hand.phase == Phase.BIDDING:
        action = choose(hand, rng)
        hand.apply(action)
        other.apply(action)
        if hand.phase != Phase.BIDDING or other.phase != Phase.BIDDING:
            break
        assert hand_view(other, viewer).to_json() == hand_view(hand, viewer).to_json()
    # control: swapping a card the viewer knows (an open centre card) with a hidden one shows
    fresh = new_hand(config, seed)
    known = cards_of(fresh.deal.open)[0]
    changed = with_cards_swapped(fresh, ("open", known), (first, card_a))
    assert hand_view(changed, viewer).to_json() != hand_view(fresh, viewer).to_json()


# ---------------------------------------------------------------------- coverage


def test_every_contract_kind_occurs() -> None:
    """The random policy reaches every contract kind each rule set allows, over a fixed set of seeds."""
    expected = {
        "nk": {"number", "misere", "multi_misere", "zwabber", "bonaak", "bonaak_roem"},
        "pagat": {"number", "misere", "multi_misere", "zwabber", "bonaak", "bonaak_roem"},
        "hazerswoude": {"number", "misere", "multi_misere", "zwabber", "bonaak", "bonaak_roem"},
        "limpt_bogmans": {"number", "bonaak", "bonaak_roem", "open_bonaak"},
    }
    seen: dict[str, Counter[str]] = {name: Counter() for name in RULE_SETS}
    for name, players in GAME_CONFIGS:
        for seed in range(80):
            hand = new_hand((name, players), seed)
            play_out(hand, random.Random(seed))
            assert hand.result is not None
            seen[name][contract_kind(hand.result)] += 1
    for name, kinds in expected.items():
        missing = kinds - set(seen[name])
        assert not missing, f"{name}: no {sorted(missing)} in {dict(seen[name])}"
        assert seen[name]["redeal"] > 0
    assert set().union(*seen.values()) >= set(CONTRACT_KINDS)
