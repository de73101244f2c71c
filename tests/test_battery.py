"""The consistency battery: the same checks over every game and preset, through the game protocol alone.

In the spirit of OpenSpiel's random-simulation tests, seeded random matches of
every registered game and preset (``troef.games``) must satisfy:

* random matches end (within a bound), and every unfinished state has a legal action;
* ``check`` accepts exactly the legal list: every legal action passes, and every
  other action seen in the game (a pool gathered from its legal lists) is refused;
* an illegal action raises, gives a reason, and leaves the state unchanged
  (every viewer's view and the record are the same before and after);
* a seed and the action list reproduce the match (same record);
* records round-trip: the record replays to a finished outcome whose JSON is
  stable, and a tampered action is refused with ``ReplayError``;
* hidden cards stay hidden: no view holds a card of another seat's hand that
  its viewer has not seen, and redealing the cards the viewer has not seen
  (``shuffle_unseen``) leaves the viewer's view unchanged.

A new game passes this battery by registering itself; nothing here names a game
but the test suite's own, Tiny (:mod:`tests.games.tiny`), registered around each test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.games.tiny import registered
from tests.games.tiny.game import GAME as TINY
from troef.core.errors import IllegalActionError, ReplayError
from troef.core.game import SPECTATOR, AnyGame
from troef.games import game, names

#: (game, preset, players) of every preset of every game, at its default and its extreme table sizes.
CASES = [
    (g.name, preset.name, players)
    for g in (*map(game, names()), TINY)
    for preset in g.presets().values()
    for players in sorted({preset.default_players, min(preset.players), max(preset.players)})
]
IDS = [f"{g}-{p}-{n}" for g, p, n in CASES]


@pytest.fixture(autouse=True)
def _tiny() -> Iterator[None]:
    """The test suite's own game is a game of troef while a battery test runs (and only then)."""
    with registered():
        yield


#: Actions in one match before it counts as never ending.
MAX_ACTIONS = 20_000


def _play(g: AnyGame, preset: str, players: int, seed: int) -> tuple[Any, list[str]]:
    """A seeded random match to its end; the action texts in order."""
    match = g.new_match(preset, players, seed=seed)
    chooser = random.Random(seed)
    texts: list[str] = []
    for _ in range(MAX_ACTIONS):
        if match.is_over:
            return match, texts
        legal = g.view(match, match.to_act).legal
        assert legal, f"seat {match.to_act} is to act but has no legal action"
        text = legal[chooser.randrange(len(legal))]
        g.apply(match, g.parse_action(text))
        texts.append(text)
    raise AssertionError(f"the match did not end within {MAX_ACTIONS} actions")


def _fingerprint(g: AnyGame, match: Any) -> tuple[str, ...]:
    """Everything observable of a match: every viewer's view and the record."""
    views = [json.dumps(g.view(match, v).to_json(), sort_keys=True) for v in (SPECTATOR, *range(g.players(match)))]
    return (*views, g.record(match))


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_random_matches_end_and_every_state_offers_a_legal_action(name: str, preset: str, players: int) -> None:
    g = game(name)
    for seed in range(3):
        match, texts = _play(g, preset, players, seed)
        assert match.is_over and match.to_act == -1
        assert texts and g.deals(match) >= 1
        assert set(g.scores(match)) == set(range(players))
        assert len(g.standing(match)) == players


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_check_accepts_exactly_the_legal_list(name: str, preset: str, players: int) -> None:
    g = game(name)
    _, pool_texts = _play(g, preset, players, 100)
    pool = {g.parse_action(t).text(): g.parse_action(t) for t in pool_texts}
    checked = 0
    for seed in range(101, 111):
        if checked > 50:
            break
        checked += _check_along_a_match(g, preset, players, seed, pool)
    assert checked > 50


def _check_along_a_match(g: AnyGame, preset: str, players: int, seed: int, pool: dict[str, Any]) -> int:
    """Play a random match comparing ``check`` with the legal list at every step; the pool actions checked."""
    match = g.new_match(preset, players, seed=seed)
    chooser = random.Random(seed)
    checked = 0
    while not match.is_over:
        legal = {a.text() for a in match.legal_actions()}
        assert legal == set(g.view(match, match.to_act).legal)
        for text in legal:
            assert g.check(match, g.parse_action(text)) is None, text
        for text in chooser.sample(sorted(pool), min(12, len(pool))):
            reason = g.check(match, pool[text])
            assert (reason is None) == (text in legal), (text, reason)
            checked += 1
        g.apply(match, g.parse_action(sorted(legal)[chooser.randrange(len(legal))]))
    return checked


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str, preset: str, players: int) -> None:
    g = game(name)
    _, pool_texts = _play(g, preset, players, 200)
    pool = sorted(set(pool_texts))
    refused = 0
    for seed in range(201, 211):
        if refused > 3:
            break
        refused += _refuse_along_a_match(g, preset, players, seed, pool)
    assert refused > 3


def _refuse_along_a_match(g: AnyGame, preset: str, players: int, seed: int, pool: list[str]) -> int:
    """Play a random match, trying an illegal action now and then; the number refused."""
    match = g.new_match(preset, players, seed=seed)
    chooser = random.Random(seed)
    refused = 0
    while not match.is_over:
        legal = set(g.view(match, match.to_act).legal)
        illegal = [t for t in pool if t not in legal]
        if illegal and chooser.random() < 0.3:
            text = chooser.choice(illegal)
            before = _fingerprint(g, match)
            reason = g.check(match, g.parse_action(text))
            assert isinstance(reason, str) and reason
            with pytest.raises(IllegalActionError):
                g.apply(match, g.parse_action(text))
            assert _fingerprint(g, match) == before
            refused += 1
        g.apply(match, g.parse_action(sorted(legal)[chooser.randrange(len(legal))]))
    return refused


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_a_seed_and_the_actions_reproduce_the_match(name: str, preset: str, players: int) -> None:
    g = game(name)
    match, texts = _play(g, preset, players, 300)
    again = g.new_match(preset, players, seed=match.seed)
    for text in texts:
        g.apply(again, g.parse_action(text))
    assert again.is_over
    assert g.record(again) == g.record(match)
    assert g.scores(again) == g.scores(match)
    other = g.new_match(preset, players, seed=match.seed + 1)
    assert g.view(other, SPECTATOR).to_json() != g.view(match, SPECTATOR).to_json() or g.record(other) != g.record(
        match
    )


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_records_round_trip_and_replay_to_the_same_result(name: str, preset: str, players: int) -> None:
    g = game(name)
    match, texts = _play(g, preset, players, 400)
    seats = [{"name": f"player {s}", "kind": "human"} for s in range(players)]
    text = g.record(match, seats)
    data = json.loads(text)
    assert (data["format"], data["game"]) == ("troef-record", name)
    outcome = g.replay(text)
    assert outcome.finished
    assert outcome.to_json() == g.replay(json.dumps(data)).to_json()
    assert g.describe(outcome)
    # the last action of the record made illegal: replaying stops there with a reason
    before_last = g.new_match(preset, players, seed=match.seed)
    for t in texts[:-1]:
        g.apply(before_last, g.parse_action(t))
    legal = set(g.view(before_last, before_last.to_act).legal)
    wrong = next(t for t in sorted(set(texts)) if t not in legal)
    last = f'"{texts[-1]}"'
    at = text.rindex(last)
    with pytest.raises(ReplayError):
        g.replay(text[:at] + f'"{wrong}"' + text[at + len(last) :])


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_views_hold_no_hidden_card_and_do_not_change_with_unseen_cards(name: str, preset: str, players: int) -> None:
    g = game(name)
    compared = 0
    for seed in range(500, 510):
        if compared > 5:
            break
        compared += _compare_along_a_match(g, preset, players, seed)
    assert compared > 5


def _compare_along_a_match(g: AnyGame, preset: str, players: int, seed: int) -> int:
    """Play a random match, redealing unseen cards for every viewer now and then; the comparisons made."""
    match = g.new_match(preset, players, seed=seed)
    chooser = random.Random(seed)
    compared = 0
    step = 0
    while not match.is_over:
        if step % 2 == 0:
            for viewer in (SPECTATOR, *range(players)):
                view = g.view(match, viewer)
                shuffled = g.shuffle_unseen(match, viewer, seed=step * 7 + viewer)
                if shuffled is None:
                    continue
                assert g.view(shuffled, viewer).to_json() == view.to_json(), f"viewer {viewer} at step {step}"
                # the redeal did change what others hold: the check above had something to catch
                assert any(
                    g.view(shuffled, s).to_json() != g.view(match, s).to_json() for s in range(players) if s != viewer
                )
                compared += 1
        legal = g.view(match, match.to_act).legal
        g.apply(match, g.parse_action(legal[chooser.randrange(len(legal))]))
        step += 1
    return compared


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_a_clone_plays_on_alone_and_as_the_original_would(name: str, preset: str, players: int) -> None:
    """Game.clone: the copy shares no state with the match (play on in it, the original stays as it was),
    and the same actions in both give the same match."""
    g = game(name)
    _, texts = _play(g, preset, players, seed=31)
    match = g.new_match(preset, players, seed=31)
    middle = len(texts) // 2
    for text in texts[:middle]:
        g.apply(match, g.parse_action(text))
    before = _fingerprint(g, match)
    twin = g.clone(match)
    for text in texts[middle:]:
        g.apply(twin, g.parse_action(text))
    assert _fingerprint(g, match) == before
    for text in texts[middle:]:
        g.apply(match, g.parse_action(text))
    assert _fingerprint(g, twin) == _fingerprint(g, match)
