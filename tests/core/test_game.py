"""The protocol's deal in play and match from a record (:class:`troef.core.game.Game`), for every game: a match
rebuilt from a record after N actions is the match those N actions make, under the record's rules revision."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.games.tiny import registered
from troef.core.errors import RecordError, ReplayError, TroefError
from troef.core.game import AnyGame, Game
from troef.games import game, names

CORPUS = Path(__file__).resolve().parents[1] / "golden" / "records"
ENTRIES: list[dict[str, Any]] = json.loads((CORPUS / "corpus.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def tiny() -> Iterator[None]:
    with registered():
        yield


def _tables() -> list[tuple[str, str]]:
    with registered():
        return [(name, preset) for name in names() for preset in game(name).presets()]


def _played(g: AnyGame, preset: str, seed: int, most: int) -> tuple[Any, list[Any]]:
    """A match of ``preset`` played by random choices for at most ``most`` actions, and the actions taken."""
    match = g.new_match(preset, seed=seed)
    rng = random.Random(seed)
    taken: list[Any] = []
    while not match.is_over and len(taken) < most:
        action = rng.choice(list(match.legal_actions()))
        g.apply(match, action)
        taken.append(action)
    return match, taken


@pytest.mark.parametrize(("name", "preset"), _tables())
def test_a_match_from_a_record_after_n_actions_is_the_match_those_actions_make(name: str, preset: str) -> None:
    g = game(name)
    match, taken = _played(g, preset, seed=11, most=160)
    record = json.loads(g.record(match))
    deals = g.recorded_deals(record)
    assert [a.text() for deal in deals for a in deal] == [a.text() for a in taken]
    assert len(deals) == g.deals(match)
    for n in sorted({0, 1, len(taken) // 3, len(taken) // 2 + 1, len(taken) - 1, len(taken)}):
        again = g.new_match(preset, seed=11)
        for action in taken[:n]:
            g.apply(again, action)
        rebuilt = g.match_from_record(record, n)
        assert json.loads(g.record(rebuilt)) == json.loads(g.record(again)), n
        assert rebuilt.to_act == again.to_act
        seats = range(g.players(again))
        assert [g.view(rebuilt, s).to_json() for s in seats] == [g.view(again, s).to_json() for s in seats]
        # the deal in play is the current deal's state: its turn is the match's, while the match goes on
        deal = g.deal_in_play(rebuilt)
        assert deal is g.deal_in_play(rebuilt) and deal is not g.deal_in_play(again)
        if not rebuilt.is_over:
            assert not deal.is_over and deal.to_act == rebuilt.to_act
        # the record's next actions play on from it as they did
        for action in taken[n:]:
            g.apply(rebuilt, action)
        assert json.loads(g.record(rebuilt)) == json.loads(g.record(match))
    assert json.loads(g.record(g.match_from_record(record))) == record


@pytest.mark.parametrize("name", ["bonaken", "klaverjas", "binokel", "tiny"])
def test_a_record_with_fewer_actions_or_an_illegal_one_is_refused(name: str) -> None:
    g = game(name)
    match, taken = _played(g, g.default_preset, seed=3, most=12)
    record = json.loads(g.record(match))
    with pytest.raises(RecordError, match=f"holds {len(taken)} actions, not {len(taken) + 1}"):
        g.match_from_record(record, len(taken) + 1)
    with pytest.raises(RecordError):
        g.match_from_record(record, -1)
    # the sixth action played again in the seventh's place: refused there, not before
    key = next(k for k in ("hands", "deals", "rounds") if k in record)
    actions = record[key][0] if name == "tiny" else record[key][0]["actions"]
    actions[6] = actions[5]
    assert g.match_from_record(record, 6) is not None
    with pytest.raises(ReplayError) as error:
        g.match_from_record(record, 7)
    assert error.value.position == 6
    with pytest.raises(RecordError):
        g.match_from_record({**record, "game": "something else"})


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_a_match_from_a_corpus_record_keeps_the_records_rules_revision(entry: dict[str, Any]) -> None:
    """Old-revision records (klaverjas revision 1 among them) rebuild under their own reading: the rebuilt
    match, recorded again, replays to the outcome stored when the record was written."""
    from tests.test_golden_corpus import agrees

    g = game(entry["game"])
    record = json.loads((CORPUS / entry["file"]).read_text(encoding="utf-8"))
    match = g.match_from_record(record)
    assert agrees(entry["outcome"], g.replay(g.record(match)).to_json()) == []
    if match.is_over:
        assert g.deal_in_play(match).is_over


def test_an_old_klaverjas_record_needs_its_own_reading() -> None:
    """r1-kraken-tie names no revision and replays only as revision 1 (nobody answers the first trick's roem
    call): read as today's revision, its first deal stops at that call."""
    g = game("klaverjas")
    record = json.loads((CORPUS / "klaverjas" / "r1-kraken-tie.json").read_text(encoding="utf-8"))
    assert "revision" not in record["rules"]
    rules = g.match_from_record(record).rules
    assert (rules.hand_roem_tie, rules.hand_roem_until) == ("both", "first_card")
    today = {**record, "rules": {**record["rules"], "revision": g.rules_revision()}}
    with pytest.raises(ReplayError):
        g.match_from_record(today)


def test_a_game_without_them_says_so() -> None:
    class Bare(type(game("tiny"))):  # type: ignore[misc]
        name = "bare"

    for method in ("deal_in_play", "recorded_deals", "match_from_record"):
        setattr(Bare, method, getattr(Game, method))
    bare = Bare()
    with pytest.raises(TroefError, match="bare"):
        bare.deal_in_play(bare.new_match("plain"))
    with pytest.raises(TroefError, match="bare"):
        bare.match_from_record({})
    with pytest.raises(TroefError, match="bare"):
        bare.recorded_deals({})
