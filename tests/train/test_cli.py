"""``troef train``: one command per game, a run that writes its data and a model naming its command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from troef.cli import app
from troef.train.model import Mlp

runner = CliRunner()


def test_every_game_has_a_train_command() -> None:
    result = runner.invoke(app, ["train", "--help"])
    assert result.exit_code == 0
    for game in ("kraken", "bonaken", "binokel"):
        assert game in result.output
    binokel = runner.invoke(app, ["train", "binokel", "--help"])
    assert binokel.exit_code == 0 and "--repeats" in binokel.output and "--write" in binokel.output
    for game in ("bonaken", "binokel"):
        bad = runner.invoke(app, ["train", game, "--play", "cheat"])
        assert bad.exit_code == 2 and "choose club or strong" in bad.output


def test_a_run_writes_each_generations_data_and_model(tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    out = tmp_path / "run"
    args = ["train", "kraken", "--matches", "5", "--generations", "2", "--seed", "5", "--hidden", "8"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    first, second = Mlp.load(out / "gen-1.json"), Mlp.load(out / "gen-2.json")
    assert first.header["generation"] == 1 and second.header["generation"] == 2
    assert first.header["seed"] == 5 and first.header["matches"] == 5
    rows = (out / "gen-2.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(rows) == second.header["records"] + 1  # one line a word, then the deals' differences
    assert json.loads(rows[-1])["matches"] == 5
    # a run goes on from a generation's model
    more = runner.invoke(
        app,
        [
            "train",
            "kraken",
            "--matches",
            "5",
            "--generations",
            "1",
            "--hidden",
            "8",
            "--start",
            str(out / "gen-2.json"),
            "--out",
            str(out),
        ],
    )
    assert more.exit_code == 0, more.output
    assert Mlp.load(out / "gen-3.json").header["generation"] == 3


def test_a_bad_start_model_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"header": {}}', encoding="utf-8")
    result = runner.invoke(app, ["train", "kraken", "--start", str(bad), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "not a model file" in result.output


def test_all_retrains_every_game_from_one_seed(tmp_path: Path) -> None:
    """``troef train all`` runs each game's own command; each header names that command and the seed."""
    pytest.importorskip("sklearn")
    out = tmp_path / "all"
    result = runner.invoke(
        app, ["train", "all", "--games", "kraken", "--matches", "4", "--seed", "7", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    model = Mlp.load(out / "kraken" / "gen-2.json")  # Kraken's own default: two generations
    assert model.header["seed"] == 7 and model.header["matches"] == 4
    assert model.header["command"].startswith("troef train kraken --seed 7 --workers 1 --out ")
    bad = runner.invoke(app, ["train", "all", "--games", "kraken,skat"])
    assert bad.exit_code == 2 and "choose from kraken, bonaken, binokel" in bad.output
