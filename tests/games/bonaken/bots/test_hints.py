"""Hints: every legal action of a human seat with the strongest bot's estimate of its chance.

The hints here are measured over a fixed number of worlds without a clock
(``budget=None``), so they do not depend on the machine's speed.
"""

from __future__ import annotations

import random

import pytest

from tests.games.bonaken.common import choose
from troef.bots.registry import make_bot
from troef.games.bonaken.actions import Bid, BidKind, Discard, Pass, Play
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.hints import Hint, format_hints, hints
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState, Phase
from troef.games.bonaken.view import BonakenView, hand_view


def view_at(phase: Phase, name: str = "nk", seed: int = 0, tricks: int = 0) -> tuple[DealState, BonakenView]:
    """The first view of seeded heuristic games in ``phase`` (after ``tricks`` tricks in play)."""
    rules = preset(name)
    for s in range(seed, seed + 60):
        hand = DealState.new(rules, 4, dealer=s % 4, seed=s)
        bots = {seat: make_bot("bonaken", "heuristic", s * 4 + seat) for seat in range(4)}
        while not hand.is_over:
            view = hand_view(hand, hand.to_act)
            if hand.phase == phase and len(view.legal) > 1 and len(hand.tricks) >= tricks:
                return hand, view
            hand.apply(bots[hand.to_act].act(view))
    raise AssertionError(f"no seeded hand reaches {phase.name}")


def check_complete(found: list[Hint], view: BonakenView) -> None:
    assert sorted(h.text for h in found) == sorted(view.legal)
    for hint in found:
        if isinstance(hint.action, (Bid, Play, Discard)):
            assert hint.value is not None and 0.0 <= hint.value <= 1.0, hint
            assert hint.worlds >= 0
        if isinstance(hint.action, Pass):
            assert hint.value is None
    best = [h for h in found if h.best]
    assert len(best) == 1 and best[0].value == max(h.value for h in found if h.value is not None)


def test_every_legal_bid_gets_a_chance_to_make() -> None:
    _, view = view_at(Phase.BIDDING, seed=3)
    found = hints(view, preset("nk"), budget=None, samples=2)
    check_complete(found, view)
    numbers = sorted(
        (h for h in found if isinstance(h.action, Bid) and h.action.kind == BidKind.NUMBER),
        key=lambda h: h.action.value if isinstance(h.action, Bid) else 0,
    )
    # far too high a bid cannot be made
    assert numbers[-1].value == 0.0


@pytest.mark.parametrize("tricks", [2, 4])
def test_every_legal_card_gets_a_value(tricks: int) -> None:
    _, view = view_at(Phase.PLAY, seed=1, tricks=tricks)
    found = hints(view, preset("nk"), budget=None, samples=3)
    check_complete(found, view)
    for hint in found:
        if isinstance(hint.action, Play) and hint.make_rate is not None and hint.value is not None:
            # the player's side succeeds when the declarer makes it (declarer) or fails (defender)
            mine = view.viewer in view.declarers
            assert hint.value == pytest.approx(hint.make_rate if mine else 1 - hint.make_rate)


@pytest.mark.slow
def test_every_card_to_lay_away_gets_a_value() -> None:
    _, view = view_at(Phase.EXCHANGE, seed=2)
    found = hints(view, preset("nk"), budget=None, samples=2)
    check_complete(found, view)


@pytest.mark.slow
def test_hints_in_the_trump_and_roem_phases_cover_every_action() -> None:
    for phase in (Phase.TRUMP, Phase.ROEM):
        _, view = view_at(phase, seed=2)
        found = hints(view, preset("nk"), budget=None, samples=2)
        assert sorted(h.text for h in found) == sorted(view.legal)
        assert all(h.value is None or 0.0 <= h.value <= 1.0 for h in found)


def test_hints_work_for_the_other_presets() -> None:
    for name in ("pagat", "hazerswoude"):
        match = Match(preset(name), 4, 7)
        rng = random.Random(7)
        for _ in range(40):
            hand = match.hand
            view = hand_view(hand, hand.to_act)
            if hand.phase == Phase.PLAY and len(view.legal) > 1 and len(hand.tricks) >= 3:
                found = hints(view, preset(name), budget=None, samples=2)
                check_complete(found, view)
                break
            match.apply(choose(hand, rng))


@pytest.mark.slow
def test_the_hint_line_names_the_best_options_with_their_chances() -> None:
    _, view = view_at(Phase.PLAY, seed=1, tricks=3)
    found = hints(view, preset("nk"), budget=None, samples=2)
    line = format_hints(found, lambda a: a.text())
    assert line.startswith(found[0].text) and "%" in line
    _, view = view_at(Phase.BIDDING, seed=3)
    found = hints(view, preset("nk"), budget=None, samples=2)
    line = format_hints(found, lambda a: a.text())
    assert "bid " in line and "%" in line


def test_a_time_budget_still_lists_every_legal_action() -> None:
    _, view = view_at(Phase.BIDDING, seed=4)
    found = hints(view, preset("nk"), budget=0.3)
    assert sorted(h.text for h in found) == sorted(view.legal)
    assert all(h.value is None or 0.0 <= h.value <= 1.0 for h in found)


def _first_bid_view(name: str = "pagat", seed: int = 3) -> BonakenView:
    """The first seat to bid in the first hand of a seeded match (the sheet still empty)."""
    match = Match(preset(name), players=4, seed=seed)
    view = hand_view(match.hand, match.hand.to_act)
    assert view.phase == "bidding" and view.standing is not None
    return view


def test_the_strong_level_passes_when_no_bid_is_worth_its_risk() -> None:
    from troef.games.bonaken.pimc import STRONG, PimcBot

    view = _first_bid_view()
    actions = legal_actions(view)
    bids = [a for a in actions if isinstance(a, Bid)]
    numbers = [b for b in bids if b.kind == BidKind.NUMBER]
    bot = PimcBot(seed=1, strength=STRONG, rules=preset("pagat"))
    # a long shot has the highest chance of all, yet nothing clears the sheet's bar (0.33 at the start)
    long_shot = {b: (0.0, 8) for b in bids} | {numbers[0]: (0.05, 8)}
    assert bot.pick_bid(view, actions, long_shot) == Pass()
    # a sure bid is made; among sure bids the likeliest
    sure = {b: (0.0, 8) for b in bids} | {numbers[0]: (1.0, 8), numbers[1]: (0.75, 8)}
    assert bot.pick_bid(view, actions, sure) == numbers[0]
    # too few worlds for any bid: no choice (the hint then falls back to the highest chance)
    assert bot.pick_bid(view, actions, {b: (1.0, 1) for b in bids}) is None


def test_the_hint_suggests_passing_where_the_strong_level_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    import troef.games.bonaken.hints as hints_module

    view = _first_bid_view()
    bids = [a for a in legal_actions(view) if isinstance(a, Bid)]

    def measured(*_args: object, **_kw: object) -> dict[object, tuple[float | None, float | None, int]]:
        # every bid measured in 8 worlds, the lowest the likeliest at 5%
        out: dict[object, tuple[float | None, float | None, int]] = {b: (0.0, 0.0, 8) for b in bids}
        out[bids[0]] = (0.05, 0.05, 8)
        out[Pass()] = (None, None, 0)
        return out

    monkeypatch.setattr(hints_module, "_bid_values", measured)
    found = hints(view, preset("pagat"), budget=None, samples=4)
    best = [h for h in found if h.best]
    assert len(best) == 1 and isinstance(best[0].action, Pass)
    assert format_hints(found, lambda a: a.text()).startswith("pass · ")


@pytest.mark.slow
def test_the_hint_suggests_the_strong_levels_bid_on_its_own_measurements() -> None:
    from troef.games.bonaken.pimc import STRONG, PimcBot

    view = _first_bid_view()
    found = hints(view, preset("pagat"), budget=None, samples=4, seed=2)
    best = [h for h in found if h.best]
    rates = {h.action: (h.make_rate, h.worlds) for h in found if isinstance(h.action, Bid)}
    pick = PimcBot(seed=1, strength=STRONG, rules=preset("pagat")).pick_bid(view, legal_actions(view), rates)
    assert pick is not None and len(best) == 1 and best[0].action == pick
