"""Per-seat views: each seat sees its own cards and what is public, nothing else."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.games.bonaken.common import RULE_SETS, build_hand, play_out
from troef.cards import CardSet, card_str, cards_of, mask_of, parse_card
from troef.core.actions import SPECTATOR
from troef.games.bonaken.actions import parse_action
from troef.games.bonaken.state import DealState, Phase
from troef.games.bonaken.view import BonakenView, hand_view

NK_DEAL = {
    0: "Jh 9h Ah Kh Qh 10h",
    1: "7c 8c 9c 10c Jc Qc",
    2: "7d 8d 9d 10d Jd Qd",
    3: "7s 8s 9s 10s Js Qs",
}


def cs(text: str) -> int:
    return CardSet.parse(text).mask


def act(hand: DealState, *texts: str) -> DealState:
    for text in texts:
        hand.apply(parse_action(text))
    return hand


def nk_hand() -> DealState:
    """nk, four players, dealer 3 (seat 0 bids first); Kc Ac open, Kd blind; 7h 8h Ad Ks As sleep."""
    return build_hand(RULE_SETS["nk"], NK_DEAL, open="Kc Ac", closed="Kd", dealer=3)


def views(hand: DealState) -> dict[int, BonakenView]:
    return {viewer: hand_view(hand, viewer) for viewer in (SPECTATOR, *hand.seats)}


def test_the_spectator_sees_no_hand() -> None:
    hand = nk_hand()
    for h in (hand, act(nk_hand(), "bid 25", "pass", "pass", "pass", "discard Kd")):
        view = hand_view(h, SPECTATOR)
        assert view.viewer == SPECTATOR
        assert view.hand is None and view.blind == () and view.laid_away == () and view.received == ()
        assert view.open_hand is None and view.legal == ()
        assert view.known_cards() == cs("Kc Ac")
        assert view.hand_sizes == {s: len(h.hand_of(s)) for s in h.seats}
    assert hand_view(hand).viewer == SPECTATOR  # the default viewer


def test_a_seat_sees_exactly_its_own_hand() -> None:
    hand = nk_hand()
    for seat, text in NK_DEAL.items():
        view = hand_view(hand, seat)
        assert view.hand is not None and mask_of(view.hand) == cs(text)
        assert view.known_cards() == cs(text) | cs("Kc Ac")
        assert view.hand_sizes == dict.fromkeys(range(4), 6)
        assert view.centre_open == tuple(cards_of(cs("Kc Ac")))
        assert view.centre_closed == 1 and view.sleepers == 5


def test_a_seat_out_of_the_table_sees_what_a_spectator_sees() -> None:
    hand = nk_hand()
    assert hand_view(hand, 7).to_json() | {"viewer": SPECTATOR} == hand_view(hand, SPECTATOR).to_json()


def test_the_blind_card_is_seen_only_by_the_declarer_who_took_it() -> None:
    hand = nk_hand()
    blind = cs("Kd")
    act(hand, "bid 25", "pass", "pass")
    for view in views(hand).values():
        assert view.blind == () and not view.known_cards() & blind
    act(hand, "pass")  # seat 0 declares and takes the centre
    assert hand.phase == Phase.EXCHANGE
    seen = views(hand)
    assert seen[0].blind == (cards_of(blind)[0],)
    assert seen[0].hand is not None and mask_of(seen[0].hand) == cs(NK_DEAL[0]) | cs("Kc Ac Kd")
    for viewer in (SPECTATOR, 1, 2, 3):
        assert seen[viewer].blind == ()
        assert not seen[viewer].known_cards() & blind
        assert seen[viewer].centre_closed == 1
    assert seen[1].hand_sizes[0] == 9
    # the declarer keeps seeing the blind card after laying it away
    act(hand, "discard Kd", "discard 10h", "discard Ac")
    assert hand_view(hand, 0).blind == (cards_of(blind)[0],)
    assert not hand_view(hand, 2).known_cards() & blind


def test_laid_away_cards_are_seen_only_by_the_one_who_laid_them_away() -> None:
    hand = act(nk_hand(), "bid 25", "pass", "pass", "pass", "discard Kd", "discard 10h", "discard Ac")
    laid = cs("Kd 10h Ac")
    assert hand.phase == Phase.TRUMP
    seen = views(hand)
    assert mask_of(seen[0].laid_away) == laid
    assert seen[0].events[-3:] == ((0, "discard Kd"), (0, "discard 10h"), (0, "discard Ac"))
    for viewer in (SPECTATOR, 1, 2, 3):
        view = seen[viewer]
        assert view.laid_away == ()
        assert view.events[-3:] == ((0, "discard"),) * 3
        assert view.known_cards() & laid == cs("Ac")  # Ac was open: everybody saw it
        assert "10h" not in json.dumps(view.to_json())
        assert "Kd" not in json.dumps(view.to_json())
    assert seen[1].events[:4] == ((0, "bid 25"), (1, "pass"), (2, "pass"), (3, "pass"))


def pagat_misere_chain() -> DealState:
    """pagat, three players, seats 0 and 1 bid misère (two misères lock the bidding), seat 2 passes."""
    hand = build_hand(
        RULE_SETS["pagat"],
        {0: "7h 8h 9h 7d 8d 9d", 1: "7c 8c 9c 7s 8s 9s", 2: "Ah Kh Ad Kd Ac Kc"},
        open="As Ks",
        closed="Qh Qd",
        dealer=2,
    )
    return act(hand, "bid misere", "bid misere", "pass")


def test_misere_passed_cards_are_seen_by_giver_and_receiver_only() -> None:
    hand = pagat_misere_chain()
    assert hand.phase == Phase.EXCHANGE and hand.declarers == (0, 1) and hand.to_act == 0
    assert hand_view(hand, 0).blind == tuple(cards_of(cs("Qh Qd")))
    act(hand, "discard Qh", "discard As", "discard 9h", "discard Qd")
    passed = cs("Qh As 9h Qd")
    assert hand.to_act == 1
    seen = views(hand)
    assert mask_of(seen[0].laid_away) == passed
    assert mask_of(seen[1].received) == passed
    assert seen[1].hand is not None and mask_of(seen[1].hand) & passed == passed
    assert seen[1].blind == ()  # seat 1 never saw the centre as such, only what seat 0 passed
    for viewer in (SPECTATOR, 2):
        assert not seen[viewer].known_cards() & (passed & ~cs("As"))
        assert seen[viewer].received == () and seen[viewer].laid_away == ()
    assert seen[2].events[-4:] == ((0, "discard"),) * 4
    assert seen[1].events[-4:] == ((0, "discard"),) * 4  # the receiver sees them as 'received'
    # the second misère player passes four cards on (out of play): only he knows which
    act(hand, "discard Qh", "discard 7c", "discard 8c", "discard 9c")
    out = cs("Qh 7c 8c 9c")
    seen = views(hand)
    assert mask_of(seen[1].laid_away) == out
    assert not seen[0].known_cards() & cs("7c 8c 9c")
    assert not seen[2].known_cards() & out
    assert seen[0].events[-4:] == ((1, "discard"),) * 4


def test_open_bonaak_makes_the_declarers_hand_public() -> None:
    rules = RULE_SETS["limpt_bogmans"]
    deal = {0: "Jh 9h Ah Kh Qh", 1: "7c 8c 9c 10c Jc", 2: "7d 8d 9d 10d Jd"}
    hand = build_hand(rules, deal, open="Kc Ac", dealer=2)
    act(hand, "bid open-bonaak", "pass")
    assert all(v.open_hand is None for v in views(hand).values())
    act(hand, "pass")
    assert hand.contract is not None and hand.phase == Phase.TRUMP
    for viewer, view in views(hand).items():
        assert view.open_hand is not None and mask_of(view.open_hand) == cs(deal[0]), viewer
        assert view.contract == "open bonaak"
        assert view.blind == ()  # no centre cards in any bonaak (Limpt-Bogmans)
    act(hand, "trump h", "play Jh")
    spectator = hand_view(hand, SPECTATOR)
    assert spectator.open_hand is not None and mask_of(spectator.open_hand) == cs("9h Ah Kh Qh")
    assert [card_str(c) for c in spectator.open_hand] == ["Ah", "Kh", "Qh", "9h"]  # display order
    # plain bonaak keeps the declarer's hand hidden
    plain = act(build_hand(rules, deal, open="Kc Ac", dealer=2), "bid bonaak", "pass", "pass")
    assert plain.phase == Phase.TRUMP
    assert all(v.open_hand is None for v in views(plain).values())
    assert not hand_view(plain, 1).known_cards() & cs(deal[0])


def test_legal_is_filled_only_for_the_seat_to_act() -> None:
    hand = nk_hand()
    rng = random.Random(3)

    def check(h: DealState) -> None:
        for viewer, view in views(h).items():
            if viewer == h.to_act and not h.is_over:  # to_act is -1 (== SPECTATOR) once the hand is over
                assert view.legal == tuple(a.text() for a in h.legal_actions())
                assert view.legal
            else:
                assert view.legal == ()

    play_out(hand, rng, check)
    assert hand.is_over and all(v.legal == () for v in views(hand).values())


def _all_card_texts(data: Any) -> list[str]:
    keys = ("hand", "centre_open", "blind", "laid_away", "received", "open_hand")
    out: list[str] = []
    for key in keys:
        out += data[key] or []
    out += [c for _, c in data["trick"]]
    for trick in data["tricks"]:
        out += [c for _, c in trick["cards"]]
    return out


def test_to_json_is_json_and_uses_card_notation() -> None:
    hand = act(nk_hand(), "bid 25", "pass", "pass", "pass", "discard Kd", "discard 10h", "discard Ac")
    act(hand, "trump h", "roem 0", "play Jh", "play 7c", "play 7d", "play 7s", "play Ah")
    assert len(hand.tricks) == 1 and len(hand.trick) == 1
    for viewer in (SPECTATOR, 0, 1):
        data = hand_view(hand, viewer).to_json()
        text = json.dumps(data)
        assert json.dumps(json.loads(text)) == text  # plain JSON types only (tuples dump as lists)
        texts = _all_card_texts(data)
        assert texts and all(isinstance(t, str) for t in texts)
        assert all(card_str(parse_card(t)) == t for t in texts)
        assert data["trick"] == [[0, "Ah"]]
        assert data["tricks"] == [{"cards": [[0, "Jh"], [1, "7c"], [2, "7d"], [3, "7s"]], "winner": 0}]
        assert data["centre_open"] == ["Kc", "Ac"]
        assert data["trump"] == 0 and data["contract"] == "25"
    mine = hand_view(hand, 0).to_json()
    assert mine["hand"] == ["Kh", "Qh", "9h", "Kc"]  # trumps first, then by suit, high to low
    assert mine["laid_away"] == ["10h", "Kd", "Ac"]
    assert mine["blind"] == ["Kd"]
    assert hand_view(hand, 1).to_json()["hand"] == ["Qc", "Jc", "10c", "9c", "8c"]


def test_finished_hand_views_show_the_result_but_no_hidden_cards() -> None:
    hand = act(nk_hand(), "bid 25", "pass", "pass", "pass", "discard Kd", "discard 10h", "discard Ac")
    rng = random.Random(1)
    play_out(hand, rng)
    for viewer, view in views(hand).items():
        assert view.result is not None and view.result["contract"] == "25"
        assert view.phase == "done" and view.to_act == -1
        hidden = cs("Kd 10h 7h 8h Ad Ks As") if viewer != 0 else cs("7h 8h Ad Ks As")
        assert not view.known_cards() & hidden & ~hand.played


def test_a_view_survives_pickling() -> None:
    """The server hands views to computer players in other processes."""
    import pickle

    from troef.games.bonaken.match import Match
    from troef.games.bonaken.rules import preset
    from troef.games.bonaken.view import hand_view

    match = Match(preset("pagat"), 4, seed=3)
    view = hand_view(match.hand, 1)
    assert pickle.loads(pickle.dumps(view)) == view
