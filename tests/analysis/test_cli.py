"""``troef analyse`` on records of every game and preset, its text and JSON, and its refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.analysis.conftest import PRESETS, play_first_deal, play_until_cards
from troef.cli import app
from troef.games import game

runner = CliRunner()


def record_file(tmp_path: Path, name: str, preset: str, seed: int = 2) -> Path:
    path = tmp_path / f"{name}-{preset}.json"
    path.write_text(game(name).record(play_first_deal(name, preset, seed)), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_open_card_analysis_of_a_record_of_every_game_and_preset(tmp_path: Path, name: str, preset: str) -> None:
    path = record_file(tmp_path, name, preset)
    result = runner.invoke(app, ["analyse", str(path), "--open", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["format"] == "troef-analysis" and data["game"] == name
    assert data["settings"]["fair"] is False
    deal = data["deals"][0]
    assert deal["deal"] == 0 and len(deal["seats"]) == data["players"]
    for d in deal["decisions"]:
        assert d["fair"] is None and d["action"] in d["legal"]
        if d["open"] is not None:
            assert set(d["open"]["best"]) <= set(d["open"]["values"])
    text = runner.invoke(app, ["analyse", str(path), "--open", "--deal", "1"])
    assert text.exit_code == 0 and "Deal 1" in text.output and "Whole record" in text.output


def test_fair_analysis_of_one_seat_in_klaverjas(tmp_path: Path) -> None:
    path = record_file(tmp_path, "klaverjas", "kraken")
    result = runner.invoke(app, ["analyse", str(path), "--fair", "--seat", "2", "--samples", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    decisions = data["deals"][0]["decisions"]
    assert decisions and {d["seat"] for d in decisions} == {2}
    assert all(d["open"] is None for d in decisions)
    assert any(d["fair"] is not None for d in decisions)
    assert [s["seat"] for s in data["seats"]] == [2]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bonaken", "binokel"])
def test_fair_and_open_analysis_of_bonaken_and_binokel(tmp_path: Path, name: str) -> None:
    path = record_file(tmp_path, name, game(name).default_preset)
    result = runner.invoke(app, ["analyse", str(path), "--samples", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    decisions = data["deals"][0]["decisions"]
    assert any(d["fair"] is not None for d in decisions)
    assert any(d["open"] is not None for d in decisions)


def test_a_deal_in_play_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "live.json"
    path.write_text(game("bonaken").record(play_until_cards("bonaken", "nk", 1)), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--deal", "1"])
    assert result.exit_code == 2
    assert "deal 1 is still in play" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fair", "--open"], "exclude each other"),
        (["--deal", "9"], "not 9"),
        (["--seat", "7"], "not 7"),
        (["--samples", "0"], "at least 1"),
    ],
)
def test_bad_options_get_a_specific_error(tmp_path: Path, args: list[str], message: str) -> None:
    path = record_file(tmp_path, "klaverjas", "amsterdam")
    result = runner.invoke(
        app, ["analyse", str(path), "--open", *args] if "--open" not in args else ["analyse", str(path), *args]
    )
    assert result.exit_code == 2
    assert message in result.output


def test_a_file_that_is_not_a_record_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "nonsense"}', encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2 and "troef:" in result.output
    missing = runner.invoke(app, ["analyse", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_a_bonaken_hand_record_is_analysed_too(tmp_path: Path) -> None:
    from troef.games.bonaken.record import dumps, record_of_hand

    match = play_first_deal("bonaken", "pagat", 3)
    path = tmp_path / "hand.json"
    path.write_text(dumps(record_of_hand(match.hands[0])), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--open", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["deals"]) == 1 and data["in_play"] == []
    assert data["deals"][0]["decisions"], "a hand with a choice has decisions"
    same = runner.invoke(app, ["analyse", str(path), "--open", "--json"])
    assert same.output == result.output


def test_the_same_analysis_in_separate_processes(tmp_path: Path) -> None:
    """Two processes with different hash seeds (so different set and dict orders) print the same JSON."""
    path = record_file(tmp_path, "klaverjas", "rotterdam", seed=6)
    outputs = []
    for hash_seed in ("1", "2"):
        env = os.environ | {"PYTHONHASHSEED": hash_seed, "PYTHONIOENCODING": "utf-8"}
        command = [sys.executable, "-m", "troef.cli", "analyse", str(path), "--samples", "3", "--seed", "5", "--json"]
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["settings"]["seed"] == 5
