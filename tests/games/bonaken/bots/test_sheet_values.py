"""The bid bar by the score sheet: the standing a hand carries, the bar's sum, and the shipped tables.

A hand of a match knows every seat's status on the sheet when it was dealt
(public: the sheet lies on the table), its views carry it to bots, and the
server's frames stay as they were (they carry the whole sheet beside the
view). The pimc bot raises its bid bar where a minus costs more than a plus
brings (:mod:`troef.games.bonaken.sheetvalue`).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from troef.bench.sheetvalues import collect_all, play_match
from troef.games.bonaken.actions import PASS, Bid, BidKind
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import PimcBot, Strength
from troef.games.bonaken.pimc_eval import Tally
from troef.games.bonaken.rules import preset
from troef.games.bonaken.sheetvalue import (
    BAR_RANGE,
    MIN_DECLARED,
    VALUES_FILE,
    load_values,
    sheet_bar,
    state_key,
    table_for,
)
from troef.games.bonaken.view import hand_view


def _play_hand(match: Match) -> None:
    """Play the current hand out: the first seat bids 40 (the lowest), everything else is the first legal action."""
    hand = match.hand
    while not hand.is_over:
        legal = match.legal_actions()
        bid = next((a for a in legal if isinstance(a, Bid) and a.kind == BidKind.NUMBER), None)
        if hand.phase == 0 and not hand.bids and bid is not None:
            match.apply(bid)
        elif hand.phase == 0:
            match.apply(PASS)
        else:
            match.apply(legal[0])


def test_a_hand_of_a_match_carries_the_sheet_as_it_stood_when_dealt() -> None:
    match = Match(preset("nk"), players=4, seed=5)
    first = match.hand
    assert first.standing == ("suf",) * 4
    assert hand_view(first, first.to_act).standing == ("suf",) * 4
    while len([h for h in match.hands if h.result is not None and not h.result.redeal]) < 1:
        _play_hand(match)
    played = next(h for h in match.hands if h.result is not None and not h.result.redeal)
    declarer = played.result.declarers[0] if played.result is not None else -1
    expected = ["suf"] * 4
    expected[declarer] = "recht" if played.result is not None and played.result.won[declarer] else "krom"
    hand = match.hand
    assert hand.standing == tuple(expected)
    for viewer in (-1, 0, 1, 2, 3):
        view = hand_view(hand, viewer)
        assert view.standing == tuple(expected)
        assert "standing" not in view.to_json()  # the server's frames send the sheet beside the view
    assert hand.copy().standing == hand.standing


def test_a_hand_on_its_own_has_no_standing_and_no_sheet_bar() -> None:
    from troef.core.chance import GameRandom
    from troef.games.bonaken.deal import deal_cards
    from troef.games.bonaken.state import DealState

    rules = preset("nk")
    hand = DealState(rules, deal_cards(rules, 4, (0, 1, 2, 3), 0, GameRandom(3)))
    view = hand_view(hand, hand.to_act)
    assert view.standing is None
    assert PimcBot(seed=1).sheet_bar(view, rules) is None


def test_the_bar_is_where_a_bid_is_worth_as_much_as_a_pass() -> None:
    # made: 8 points, failed: 2, not declared: 5 -> p * 8 + (1 - p) * 2 = 5 at p = 0.5
    tally = {"suf|recht,suf": [8.0 * 200, 200, 2.0 * 200, 200, 5.0 * 400, 400]}
    assert sheet_bar(tally, ("recht", "suf", "suf"), 1) == 0.5
    # the standing seen too rarely: the seat's own status decides
    tally["suf|recht,suf"] = [9.0, 1, 0.0, 1, 1.0, 1]
    tally["suf|"] = [6.0 * 300, 300, 3.0 * 300, 300, 5.4 * 900, 900]
    assert sheet_bar(tally, ("recht", "suf", "suf"), 1) == pytest.approx(0.8)
    # outside the range it is clipped; out players and unknown standings have no bar
    tally["krom|"] = [4.0 * 200, 200, 0.0, 200, 4.5 * 300, 300]
    assert sheet_bar(tally, ("krom", "suf"), 0) == BAR_RANGE[1]
    assert sheet_bar(tally, ("eruit", "suf"), 0) is None
    assert sheet_bar(tally, ("wip", "suf"), 0) is None
    assert state_key(("wip", "eruit", "krom"), 0) == "wip|eruit,krom"


def test_a_tallied_match_counts_every_seat_still_in_once_per_hand() -> None:
    rules = preset("pagat")
    tally = play_match(rules, 4, seed=8)
    match = Match(rules, 4, seed=8)  # the same match, to count its hands
    own_rows = {key: row for key, row in tally.items() if key.endswith("|")}
    full_rows = {key: row for key, row in tally.items() if not key.endswith("|")}
    counted = sum(row[1] + row[3] + row[5] for row in own_rows.values())
    assert counted == sum(row[1] + row[3] + row[5] for row in full_rows.values()) > 0
    # results are 0 or 1 in pagat (1: not buying the round) and every sum is within its count
    for row in tally.values():
        for total, count in ((row[0], row[1]), (row[2], row[3]), (row[4], row[5])):
            assert 0 <= total <= count
    assert match.rules.scoring == "plusminus"


def test_collecting_is_reproducible_and_the_same_in_one_process_or_two() -> None:
    one = collect_all([("nk", 4)], matches=6, seed=3, workers=1)
    two = collect_all([("nk", 4)], matches=6, seed=3, workers=2)
    assert one == two and one["nk/4"]["suf|"][1] > 0


def test_the_shipped_tables_say_a_minus_costs_most_with_one_minus_already() -> None:
    data = json.loads(VALUES_FILE.read_text(encoding="utf-8"))
    assert set(data["trained_on"]) == set(data["tables"]) >= {"nk/3", "nk/4", "pagat/4", "pagat/5"}
    assert all(command.startswith("troef bench sheet-values") for command in data["trained_on"].values())
    assert load_values() == data["tables"]
    for name in ("nk", "pagat"):
        tally = table_for(preset(name), 4)
        assert tally is not None
        suf, krom, wip = (sheet_bar(tally, (status,), 0) for status in ("suf", "krom", "wip"))
        assert suf is not None and krom is not None and wip is not None
        # krom: a second minus puts the seat erin (nk rule 52; pagat: buys the round)
        assert krom > suf + 0.2 and wip > suf + 0.1
        assert min(tally["suf|"][1], tally["suf|"][3]) >= MIN_DECLARED
    assert table_for(preset("pagat", scoring="points5"), 4) is None


def test_the_strong_level_bids_by_the_sheet_low_at_the_start_high_with_one_minus() -> None:
    match = Match(preset("nk"), players=4, seed=2)
    view = hand_view(match.hand, match.hand.to_act)
    bot = PimcBot(seed=1)
    rules = preset("nk")
    base = Strength().threshold
    seat = view.viewer
    at_start = bot.sheet_bar(view, rules)
    krom = list(view.standing or ())
    krom[seat] = "krom"
    view.standing = tuple(krom)
    with_minus = bot.sheet_bar(view, rules)
    # nk: a plus at the start is worth a long shot (the others go out first otherwise), a second minus is not
    assert at_start is not None and with_minus is not None and with_minus > base > at_start > 0
    assert PimcBot(seed=1, strength=Strength(by_sheet=False)).sheet_bar(view, rules) is None


def test_written_tables_keep_the_other_sizes_and_say_how_they_were_collected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from troef.bench import sheetvalues

    path = tmp_path / "sheet_values.json"
    path.write_text(json.dumps({"version": 1, "tables": {"nk/3": {"suf|": [1.0] * 6}}, "trained_on": {"nk/3": "a"}}))
    monkeypatch.setattr(sheetvalues, "VALUES_FILE", path)
    sheetvalues.write({"nk/4": {"suf|": [2.0] * 6}}, "troef bench sheet-values --matches 1")
    data = json.loads(path.read_text())
    assert data["tables"] == {"nk/3": {"suf|": [1.0] * 6}, "nk/4": {"suf|": [2.0] * 6}}
    assert data["trained_on"] == {"nk/3": "a", "nk/4": "troef bench sheet-values --matches 1"}


class _FixedRates:
    """Stands in for the world sampling only: every candidate bid gets a fixed make-rate over 12 worlds."""

    def __init__(self, rates: dict[BidKind, float]) -> None:
        self.rates = rates

    def bid_tally(self, bids: list[Bid], budget: object, threshold: object) -> Tally:
        tally = Tally()
        for bid in bids:
            for i in range(12):
                tally.add(bid, 1.0 if i < round(12 * self.rates.get(bid.kind, 0.0)) else 0.0)
        tally.worlds = 12
        return tally


@pytest.mark.parametrize(("likeliest", "kind"), [(True, BidKind.MISERE), (False, BidKind.NUMBER)])
def test_with_plus_and_minus_marks_the_likeliest_contract_worth_its_risk_is_bid(likeliest: bool, kind: BidKind) -> None:
    # a number contract made in all worlds (a chance of about 0.92 on the curve, far above the
    # sheet's bar of about 0.19) against misère made in 11 of 12 (0.917 > 0.85, but barely): a plus is
    # a plus, so the likelier contract is the better bid, though the number bid clears its bar by more
    match = Match(preset("nk"), players=4, seed=2)
    view = hand_view(match.hand, match.hand.to_act)
    bot = PimcBot(seed=1, strength=Strength(likeliest=likeliest))
    bot.prune_bids = False
    number = next(a for a in legal_actions(view) if isinstance(a, Bid) and a.kind == BidKind.NUMBER)
    assert bot.chance(number, 1.0) < 11 / 12
    evaluator = _FixedRates({BidKind.NUMBER: 1.0, BidKind.MISERE: 11 / 12})
    choice = bot._bid(view, legal_actions(view), evaluator, Strength().budget_for("bidding"))  # type: ignore[arg-type]
    assert isinstance(choice, Bid) and choice.kind == kind
