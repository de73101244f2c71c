"""Views (``view.py``): each seat and the spectator see what they may, and nothing else."""

from __future__ import annotations

import random

from troef.cards import cards_of as mask_to_cards
from troef.games import game
from troef.games.binokel.match import Match
from troef.games.binokel.rules import preset
from troef.games.binokel.state import Phase
from troef.games.binokel.view import round_view

BINOKEL = game("binokel")


def to_play_phase(seed: int) -> Match:
    m = Match(preset("cardgames"), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while m.round.phase != Phase.PLAY:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    return m


def test_views_exchanged_cards_seen_by_the_two_partners_only() -> None:
    m = to_play_phase(1)
    r = m.round
    declarer, partner = r.declarer, r.partner
    given, returned = _kinds(r.given), _kinds(r.returned)
    assert _kinds(round_view(m, declarer).received) == given and _kinds(round_view(m, declarer).gave) == returned
    assert _kinds(round_view(m, partner).gave) == given and _kinds(round_view(m, partner).received) == returned
    for seat in ((declarer + 1) % 4, (declarer + 3) % 4, -1):
        v = round_view(m, seat)
        assert v.gave == () and v.received == () and v.exchanged == 8
        # the passed cards show nowhere, unless they are melded (public) or the viewer's own
        public = _kinds(mask_to_cards(v.known_cards()))
        own = _kinds(v.hand or ())
        for card in given | returned:
            melded = any(card in _kinds(meld.cards) for melds in v.melds for meld in melds)
            assert (card in public) == (melded or card in own)


def test_views_melds_are_public_hands_are_not() -> None:
    m = to_play_phase(2)
    spectator = round_view(m, -1)
    assert spectator.hand is None and spectator.legal == ()
    assert len(spectator.melds) == 4
    for seat in range(4):
        assert round_view(m, seat).melds == spectator.melds
        assert (
            sum(meld.value for meld in spectator.melds[seat])
            == [m.round.meld_total[seat & 1] - sum(x.value for x in spectator.melds[(seat + 2) % 4])][0]
        )


def _kinds(cards: object) -> set[int]:
    return {c & 31 for c in cards}  # type: ignore[attr-defined]


def test_views_hold_no_card_of_another_hand() -> None:
    for seed in range(10):
        m = to_play_phase(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(30)):
            if m.round.phase != Phase.PLAY:
                break
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
        r = m.round
        played = _kinds(c for _, c in r.plays())
        melded = _kinds(c for s in range(4) for meld in r.meld_of(s) for c in meld.cards)
        for viewer in (-1, 0, 1, 2, 3):
            v = round_view(m, viewer)
            own = _kinds(mask_to_cards(r.hands[viewer])) if viewer >= 0 else set()
            exchanged = _kinds(r.given + r.returned) if viewer in (r.declarer, r.partner) else set()
            assert _kinds(v.hand or ()) == own
            assert _kinds(v.gave + v.received) == exchanged
            assert _kinds(c for _, t, _ in v.tricks for _, c in t) | _kinds(c for _, c in v.trick) == played
            assert _kinds(c for melds in v.melds for meld in melds for c in meld.cards) == melded
            assert _kinds(mask_to_cards(v.known_cards())) <= own | exchanged | played | melded


def test_views_shuffle_unseen_leaves_the_view_unchanged() -> None:
    checked = 0
    for seed in range(8):
        m = to_play_phase(seed)
        for viewer in (0, 1, -1):
            other = BINOKEL.shuffle_unseen(m, viewer, seed)
            if other is None:
                continue
            checked += 1
            assert BINOKEL.view(other, viewer).to_json() == BINOKEL.view(m, viewer).to_json()
            assert other.round.deal.hands != m.round.deal.hands
    assert checked >= 10


def test_views_only_the_seat_to_act_has_legal_actions() -> None:
    m = Match(preset("cardgames"), seed=4, first_dealer=0)
    assert round_view(m, 1).legal == ("pass", "bid 250")
    assert all(round_view(m, s).legal == () for s in (0, 2, 3, -1))


def test_views_public_events_hide_the_passed_cards() -> None:
    m = to_play_phase(3)
    r = m.round
    for viewer in (-1, 0, 1, 2, 3):
        events = round_view(m, viewer).events
        assert [e for e in events if e[1].startswith("give")] == [(r.partner, "give")] * 4 + [(r.declarer, "give")] * 4
        assert len(events) == len(r.history)
