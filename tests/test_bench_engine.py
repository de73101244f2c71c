"""troef bench engine: every preset measured on the same seeded deals, timed in CPU time, with the ratios."""

from __future__ import annotations

import importlib.util
import random

from troef.bench import engine
from troef.games import game


def test_every_preset_is_measured_with_its_ratio() -> None:
    result = engine.run(hands=8, rounds=2)
    assert result["clock"] == "process CPU time" and engine.CLOCK is not None
    rows = {row["game"]: row for row in result["troef"]}
    assert set(rows) == {f"{name}/{p}" for name in ("bonaken", "klaverjas", "binokel") for p in game(name).presets()}
    for row in rows.values():
        assert row["hands"] == 8 and row["hands_per_s"] > 0 and row["actions_per_hand"] >= 1
    if importlib.util.find_spec("pyspiel") is None:
        assert result["pyspiel"] is None
    else:
        assert set(result["ratio"]) == set(rows)
        assert result["reference"]["binokel/cardgames"].startswith("bridge")
        assert result["reference"]["klaverjas/kraken"] == "euchre"


def test_the_workload_is_the_same_deals_every_run() -> None:
    # the same seeds and chooser: the same actions, so runs (and builds) are compared on the same work
    kraken = game("klaverjas")
    first = engine.troef_hands(kraken, "kraken", 4, 30, seed=11)
    again = engine.troef_hands(kraken, "kraken", 4, 30, seed=11)
    assert first["actions_per_hand"] == again["actions_per_hand"]
    chooser = random.Random(11)
    total = sum(kraken.random_deal("kraken", 4, 11 + i, chooser, i % 4) for i in range(30))
    assert first["actions_per_hand"] == round(total / 30, 1)


def test_each_game_is_compared_with_the_pyspiel_game_its_research_part_names() -> None:
    from tests.games.tiny import registered
    from troef.bench.engine import reference_of

    assert reference_of("binokel") == "bridge(use_double_dummy_result=false)"  # 48 cards: bridge, played out
    assert reference_of("bonaken") == reference_of("klaverjas") == "euchre"
    with registered():
        assert reference_of("tiny") == "euchre"  # a research part that names none
