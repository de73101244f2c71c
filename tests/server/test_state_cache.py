"""``LiveTable.state_texts``: cached per version, score sheet reused within a hand, never stale."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.games.bonaken.common import pick_text
from troef.core.actions import SPECTATOR
from troef.server.adapter import GameAdapter, games
from troef.server.projection import encode, project
from troef.server.tables import LiveTable, Seat


class CountingGame:
    """A game adapter that counts ``public`` calls and passes everything else through."""

    def __init__(self, game: GameAdapter) -> None:
        self._game = game
        self.public_calls = 0

    def public(self, match: Any) -> dict[str, Any]:
        self.public_calls += 1
        return self._game.public(match)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _table(game: Any, preset: str, players: int, seed: int) -> LiveTable:
    config = game.normalize_config({"preset": preset, "players": players})
    return LiveTable(
        id=f"t{seed}",
        game=game,
        config=config,
        seed=seed,
        first_dealer=None,
        created_at=datetime.now(UTC),
        seats=[Seat(i, "human", None, f"p{i}", False, None) for i in range(players)],
        match=game.new_match(config, seed, None),
        actions=[],
    )


def _fresh(game: GameAdapter, table: LiveTable, viewers: list[int]) -> list[bytes]:
    return [encode(project(game, table.match, v, table=table.id, version=table.version)) for v in viewers]


@pytest.mark.parametrize(("preset", "players"), [("pagat", 4), ("nk", 4), ("hazerswoude", 4), ("hazerswoude", 2)])
def test_cached_state_texts_equal_fresh_projections_through_whole_matches(preset: str, players: int) -> None:
    """After every action, the (partly) cached texts for every viewer equal a fresh projection, text for text."""
    game = games()["bonaken"]
    viewers = [*range(players), SPECTATOR]
    hands_ended = 0
    for seed in range(5):
        table = _table(game, preset, players, seed)
        rng = random.Random(seed)
        fill = random.Random(-seed)
        for step in range(2000):
            fresh = _fresh(game, table, viewers)
            # vary how the cache is filled: one viewer first, the rest later, repeats
            if step % 3 == 1:
                first = fill.choice(viewers)
                assert table.state_text(first) == fresh[viewers.index(first)]
            elif step % 3 == 2:
                assert table.state_texts([SPECTATOR, SPECTATOR]) == [fresh[-1], fresh[-1]]
            assert table.state_texts(viewers) == fresh
            assert table.state_texts(viewers[::-1]) == fresh[::-1]
            if game.is_over(table.match):
                break
            before = game.hand_count(table.match)
            legal = game.legal(game.view(table.match, game.to_act(table.match)))
            text = pick_text(rng, legal, careful=seed % 2 == 1)
            game.apply(table.match, text)
            table.actions.append(text)
            hands_ended += game.hand_count(table.match) - before
        assert game.is_over(table.match), "the match did not finish"
        assert table.version == len(table.actions) > 0
    assert hands_ended >= 5


def test_texts_are_cached_per_version_and_the_score_sheet_is_worked_out_once_per_hand() -> None:
    """One text object per viewer and version; ``public`` is called again only when a hand ends or the match does."""
    game = games()["bonaken"]
    counting = CountingGame(game)
    table = _table(counting, "pagat", 4, 3)
    viewers = [*range(4), SPECTATOR]
    rng = random.Random(3)
    keys: list[tuple[int, bool]] = []
    while True:
        texts = table.state_texts(viewers)
        assert all(a is b for a, b in zip(table.state_texts(viewers), texts, strict=True))  # the cached objects
        assert table.state_text(2) is texts[2]
        assert texts == _fresh(game, table, viewers)
        key = (game.hand_count(table.match), game.is_over(table.match))
        if not keys or keys[-1] != key:
            keys.append(key)
        assert counting.public_calls == len(keys)
        if game.is_over(table.match):
            break
        text = pick_text(rng, game.legal(game.view(table.match, game.to_act(table.match))), careful=True)
        game.apply(table.match, text)
        table.actions.append(text)
    assert table.version > 2 * len(keys)  # many actions, few score sheets
    assert len(keys) >= 3  # at least two hands and the end of the match
