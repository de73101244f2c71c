"""The analysis engine: honest by construction (solver play costs nothing, the fair best is never a mistake),
reproducible, and never about a deal still in play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.analysis.conftest import PRESETS, play_first_deal, play_until_cards
from troef.analysis import AnalysisError, Settings, analyse
from troef.analysis.binokel import OPEN_TRICKS
from troef.analysis.core import Worlds, decision_seed, judge_in_worlds, part_of
from troef.core.game import AnyGame
from troef.games import game
from troef.games.binokel.solver import position_of, solve_moves
from troef.games.bonaken.solver import solve as solve_bonaken
from troef.games.klaverjas.game import GAME as KLAVERJAS
from troef.games.klaverjas.solver import position_from_deal
from troef.games.klaverjas.solver import solve as solve_klaverjas


def solver_choice(g: AnyGame, match: Any, seat: int, view: Any) -> Any | None:
    """The card the game's own open-card solver plays (None outside the card play or where it gives up)."""
    plays = [t for t in view.legal if t.startswith("play ")]
    if len(plays) < 2:
        return None
    if g.name == "bonaken":
        hand = match.hand
        if hand.phase.name != "PLAY":
            return None
        solution = solve_bonaken(hand, node_limit=200_000)
        if not solution.exact:
            return None
        card = solution.best_move
    elif g.name == "klaverjas":
        deal = match.deal
        if deal.phase.name != "PLAY":
            return None
        solution_k = solve_klaverjas(position_from_deal(deal), values=True, node_limit=200_000)
        if not solution_k.exact:
            return None
        card = solution_k.best_move
    else:
        r = match.round
        position = position_of(r)
        # every card the analysis judges (the last OPEN_TRICKS tricks) is the solver's
        if r.phase.name != "PLAY" or position.tricks_left > OPEN_TRICKS:
            return None
        values = solve_moves(position, seat & 1)
        card = max(values, key=lambda k: values[k])
    text = next((t for t in plays if g.parse_action(t).card & 31 == card & 31), None)
    return None if text is None else g.parse_action(text)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_a_deal_played_by_the_open_card_solver_costs_nothing_with_open_cards(name: str, preset: str) -> None:
    judged = 0
    for seed in range(1, 40):
        match = play_first_deal(name, preset, seed, solver_choice)
        found = analyse(game(name).record(match), deals=[0], settings=Settings(fair=False))
        for summary in found.deals[0].seats:
            assert summary.open_cost == 0, (seed, summary)
        judged += sum(s.open_judged for s in found.deals[0].seats)
        if judged >= 8:
            return
    raise AssertionError(f"only {judged} decisions had open-card values")


def test_a_bad_card_costs_with_open_cards() -> None:
    """The opposite of the test above: a random player's cards do cost, so a zero is not the only answer."""
    for seed in range(1, 30):
        match = play_first_deal("klaverjas", "amsterdam", seed, bots="random")
        found = analyse(game("klaverjas").record(match), deals=[0], settings=Settings(fair=False))
        if any(d.open_cost > 0 for d in found.deals[0].decisions):
            return
    raise AssertionError("random play never cost a point with open cards")


def fair_best_choice(seat_of_interest: int, chosen: set[int]) -> Any:
    """A chooser playing ``seat_of_interest``'s decisions by the fair judgement the analysis will make.

    The worlds drawn depend on the action judged (more where it is close), so the chooser looks for an
    action that the judgement of that very action rates best; the positions where it found one go to
    ``chosen`` (elsewhere the bot plays).
    """
    part = part_of("klaverjas")
    assert isinstance(part, Worlds)
    settings = Settings(open=False, samples=6, seed=3)

    def choose(g: AnyGame, match: Any, seat: int, view: Any) -> Any | None:
        if seat != seat_of_interest or len(view.legal) < 2:
            return None
        index = len(match.deal.history)
        draw = part.world_values(g, view)
        if draw is None:
            return None
        seed = decision_seed(settings.seed, 0, index)
        action = view.legal[0]
        for _ in range(6):
            judged = judge_in_worlds(draw, action, settings.samples, seed, part.sheet_unit(view), part.mistake(view))
            if judged is None or judged.cost is None:
                return None
            if action in judged.best:
                chosen.add(index)
                return g.parse_action(action)
            action = judged.best[0]
        return None

    return choose


def test_an_action_the_fair_judgement_rates_best_is_never_a_mistake() -> None:
    settings = Settings(open=False, samples=6, seed=3)
    chosen: set[int] = set()
    match = play_first_deal("klaverjas", "rotterdam", 4, fair_best_choice(1, chosen), bots="random")
    found = analyse(game("klaverjas").record(match), deals=[0], settings=settings)
    decisions = found.deals[0].decisions
    mine = [d for d in decisions if d.seat == 1 and d.index in chosen]
    assert len(mine) >= 4, "seat 1 had too few judged decisions"
    for d in mine:
        assert d.fair is not None and d.action in d.fair.best
        assert d.mark != "mistake"
    # and the marks follow the costs: a mistake exactly where the fair cost is significant and large enough
    for d in decisions:
        if d.fair is not None and d.fair.cost is not None:
            assert d.fair.interval is not None
            significant = d.fair.cost >= d.fair.mistake and d.fair.interval[0] > 0
            assert (d.mark == "mistake") == significant


def test_random_play_makes_mistakes_and_each_has_a_better_action() -> None:
    match = play_first_deal("klaverjas", "amsterdam", 2, bots="random")
    found = analyse(game("klaverjas").record(match), deals=[0], settings=Settings(open=False, samples=6))
    mistakes = [d for d in found.deals[0].decisions if d.mark == "mistake"]
    assert mistakes
    for d in mistakes:
        assert d.fair is not None and d.action not in d.fair.best and d.fair.cost is not None
        assert d.fair.values[d.fair.best[0]] - d.fair.values[d.action] == pytest.approx(d.fair.cost)


def test_the_analysis_of_a_record_is_the_same_on_every_run() -> None:
    text = game("klaverjas").record(play_first_deal("klaverjas", "kraken", 5))
    settings = Settings(samples=4, seed=9)
    first = json.dumps(analyse(text, settings=settings).to_json())
    assert first == json.dumps(analyse(text, settings=settings).to_json())
    other = json.dumps(analyse(text, settings=Settings(samples=4, seed=10)).to_json())
    assert json.loads(other)["settings"]["seed"] == 10


@pytest.mark.parametrize("name", ["bonaken", "klaverjas", "binokel"])
def test_a_deal_still_in_play_is_refused(name: str) -> None:
    g = game(name)
    match = play_until_cards(name, g.default_preset, 1)
    text = g.record(match)
    with pytest.raises(AnalysisError, match="still in play"):
        analyse(text, deals=[0], settings=Settings(fair=False))
    found = analyse(text, settings=Settings(fair=False))
    assert found.deals == () and found.in_play == (0,)


def test_a_deal_or_seat_the_record_does_not_have_is_refused() -> None:
    text = game("klaverjas").record(play_first_deal("klaverjas", "kraken", 5))
    with pytest.raises(AnalysisError, match="deals 1 to 2, not 7"):
        analyse(text, deals=[6])
    with pytest.raises(AnalysisError, match="seats 0 to 3, not 4"):
        analyse(text, seats=[4])


def test_the_fair_judgement_sees_only_the_seats_view() -> None:
    """Dealing the cards the seat has not seen differently changes nothing in its fair values."""
    g = game("klaverjas")
    part = part_of("klaverjas")
    match = play_until_cards("klaverjas", "amsterdam", 3)
    seat = match.to_act
    other = g.shuffle_unseen(match, seat, 11)
    assert other is not None
    assert KLAVERJAS.deal_in_play(other).hands != KLAVERJAS.deal_in_play(match).hands
    assert part.fair_values(g, g.view(match, seat), 4, 5) == part.fair_values(g, g.view(other, seat), 4, 5)


RECORDS = Path(__file__).with_name("records")


@pytest.mark.slow
@pytest.mark.parametrize("record", ["klaverjas-amsterdam-2-random.json"])
def test_the_marked_mistakes_are_the_same_under_every_seed(record: str) -> None:
    """A fixed set of decisions (a deal played by random players: clear and close costs alike): the
    mistakes marked with three seeds, each drawing other worlds, are the same ones. A cost counts only when
    its interval over paired worlds excludes zero, and more worlds are drawn where that is close."""
    text = (RECORDS / record).read_text(encoding="utf-8")
    found = []
    for seed in (0, 1, 2):
        result = analyse(text, settings=Settings(open=False, samples=16, seed=seed))
        found.append({(d.deal, d.index) for deal in result.deals for d in deal.decisions if d.mark == "mistake"})
    assert found[0], "no mistake was marked"
    assert found[0] == found[1] == found[2]


def test_progress_is_told_every_decision_as_it_is_judged_in_the_order_of_the_result() -> None:
    text = (RECORDS / "klaverjas-amsterdam-2-random.json").read_text(encoding="utf-8")
    told: list[tuple[int, int, Any]] = []
    settings = Settings(fair=False)
    result = analyse(text, seats=[0, 2], settings=settings, progress=lambda d, n, x: told.append((d, n, x)))
    decisions = [d for deal in result.deals for d in deal.decisions]
    assert len(decisions) > 3
    total = len(decisions)
    assert told[0] == (0, total, None)  # how many there are, before any is judged
    assert [(d, n) for d, n, _ in told[1:]] == [(k, total) for k in range(1, total + 1)]
    assert [x for _, _, x in told[1:]] == decisions  # each as judged, the same as in the result
    assert result == analyse(text, seats=[0, 2], settings=settings)  # being told changes nothing
