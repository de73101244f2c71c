"""The ``troef`` command line: ``replay`` on good, tampered, malformed and missing records, and the help pages."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.games.bonaken.common import RULE_SETS, play_match, play_out
from troef.cards import card_str
from troef.cli import app
from troef.games.bonaken.actions import Play
from troef.games.bonaken.match import Match
from troef.games.bonaken.record import describe, dumps, record_of_hand, record_of_match, replay
from troef.games.bonaken.state import DealState

runner = CliRunner()


def finished_match() -> Match:
    """A finished nk match of several hands, its second hand with card play."""
    for seed in range(100):
        match = Match(RULE_SETS["nk"], 4, seed=seed)
        play_match(match, random.Random(seed))
        if len(match.hands) >= 3 and sum(isinstance(a, Play) for _, a in match.hands[1].history) >= 3:
            return match
    raise AssertionError("no seed gives a suitable match")


@pytest.fixture(scope="module")
def match() -> Match:
    return finished_match()


@pytest.fixture
def record_file(tmp_path: Path, match: Match) -> Path:
    path = tmp_path / "match.json"
    path.write_text(dumps(record_of_match(match)), encoding="utf-8")
    return path


def tampered(match: Match, tmp_path: Path) -> tuple[Path, int, str]:
    """A record whose second hand plays a card its player does not hold: (file, 1-based position, card)."""
    data: dict[str, Any] = json.loads(dumps(record_of_match(match)))
    hand = match.hands[1]
    probe = DealState(match.rules, hand.deal)
    for pos, (seat, action) in enumerate(hand.history):
        if isinstance(action, Play) and pos > 0:
            card = card_str(next(c for c in range(32) if not probe.hands[seat] >> c & 1))
            data["hands"][1]["actions"][pos][1] = f"play {card}"
            path = tmp_path / "tampered.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            return path, pos + 1, card
        probe.apply(action)
    raise AssertionError("the second hand has no card play")


# ---------------------------------------------------------------------- good records


def test_replay_prints_each_hand_and_the_final_standing(record_file: Path, match: Match) -> None:
    result = runner.invoke(app, ["replay", str(record_file)])
    assert result.exit_code == 0, result.output
    outcome = replay(record_of_match(match))
    assert result.stdout == "read as bonaken rules revision 1 of 1\n" + describe(outcome) + "\n"
    lines = result.stdout.splitlines()
    for index, hand in enumerate(match.hands):
        assert hand.result is not None
        if hand.result.redeal:
            expected = f"hand {index + 1} (dealer {hand.deal.dealer}): everybody passed, redeal"
        else:
            expected = f"hand {index + 1} (dealer {hand.deal.dealer}): {hand.result.contract_name} by "
        assert any(line.startswith(expected) for line in lines), expected
    assert "final standing:" in lines
    for row in match.standing():
        assert any(line.startswith(f"  seat {row['seat']}: {row['status']}") for line in lines)


def test_replay_of_a_hand_record(tmp_path: Path) -> None:
    hand = DealState.new(RULE_SETS["pagat"], 3, dealer=0, seed=12)
    play_out(hand, random.Random(12))
    assert hand.result is not None
    path = tmp_path / "hand.json"
    path.write_text(dumps(record_of_hand(hand)), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("read as bonaken rules revision 1 of 1\nhand 1 (dealer 0): ")
    assert hand.result.contract_name in result.stdout


def test_replay_json_matches_the_engine(record_file: Path, match: Match) -> None:
    result = runner.invoke(app, ["replay", str(record_file), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = replay(record_of_match(match)).to_json()
    assert data.pop("rules") == {"revision": 1, "inferred": False, "current": 1}
    assert data == json.loads(json.dumps(expected))
    assert data["finished"] is True
    assert len(data["hands"]) == len(match.hands)
    assert data["standing"] == match.standing()
    assert data["losers"] == list(match.sheet.losers())


# ---------------------------------------------------------------------- bad records


def test_an_illegal_action_exits_1_naming_hand_position_and_reason(tmp_path: Path, match: Match) -> None:
    path, position, card = tampered(match, tmp_path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        f"troef: illegal action in the record: hand 2, action {position} (play {card}): you do not hold {card}"
    )


def test_an_illegal_action_with_json_reports_it_as_json(tmp_path: Path, match: Match) -> None:
    path, position, card = tampered(match, tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "error": "illegal_action",
        "hand": 2,
        "position": position,
        "action": f"play {card}",
        "reason": f"you do not hold {card}",
    }


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("this is not a record", "troef: bad record: not valid JSON: Expecting value at line 1, column 1"),
        ('{"format": "troef-record", "version": 1, "game": "skat"}', "unknown game 'skat'"),
        ('{"format": "troef-record", "version": 9, "game": "bonaken"}', "record version 9 is newer than"),
        ('{"format": "pbn"}', "troef: bad record: not a troef record"),
    ],
    ids=["not JSON", "wrong game", "newer version", "wrong format"],
)
def test_a_malformed_file_exits_2_with_a_clear_message(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.startswith("troef: bad record: ")
    assert "Traceback" not in result.output


def test_a_malformed_deal_exits_2(tmp_path: Path, match: Match) -> None:
    data: dict[str, Any] = json.loads(dumps(record_of_match(match)))
    data["hands"][0]["deal"]["open"] = ""
    path = tmp_path / "bad-deal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == "troef: bad record: hand 1: the deal does not account for all 32 cards"


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"troef: cannot read {path}: No such file or directory"


def test_a_directory_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"troef: cannot read {tmp_path}: ")


# ---------------------------------------------------------------------- help


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--help"], ["Usage:", "replay", "play", "bench"]),
        (["replay", "--help"], ["Usage:", "A troef record", "--json"]),
        (["play", "--help"], ["Usage:", "bonaken"]),
        (["play", "bonaken", "--help"], ["Usage:", "--rules", "--players", "--seed"]),
        (["bench", "--help"], ["Usage:", "engine"]),
        (["bench", "engine", "--help"], ["Usage:", "--hands", "--json"]),
        (["serve", "--help"], ["Usage:", "Bonaken, klaverjassen and Binokel in the browser"]),
    ],
)
def test_help_pages(args: list[str], words: list[str]) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.stdout


def test_serve_help_names_every_game_it_serves() -> None:
    """Issue 37, bug 10: ``troef serve`` serves every game, and its help says so (not "Play Bonaken")."""
    from troef.games import names

    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "Play Bonaken in the browser" not in result.stdout
    for game in names():
        assert game.lower() in result.stdout.lower(), game


# ---------------------------------------------------------------------- real processes


def run_troef(*args: str, console_script: bool = False) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"COLUMNS": "120", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    if console_script:
        command = [str(Path(sys.executable).with_name("troef")), *args]
    else:
        command = [sys.executable, "-m", "troef.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)


def test_replay_as_a_real_process(record_file: Path, match: Match) -> None:
    done = run_troef("replay", str(record_file))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "read as bonaken rules revision 1 of 1\n" + describe(replay(record_of_match(match))) + "\n"
    as_json = run_troef("replay", str(record_file), "--json")
    assert as_json.returncode == 0
    assert json.loads(as_json.stdout)["standing"] == match.standing()


def test_an_illegal_action_as_a_real_process(tmp_path: Path, match: Match) -> None:
    path, position, card = tampered(match, tmp_path)
    done = run_troef("replay", str(path))
    assert done.returncode == 1
    assert f"hand 2, action {position} (play {card}): you do not hold {card}" in done.stderr
    missing = run_troef("replay", str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


@pytest.mark.skipif(not Path(sys.executable).with_name("troef").exists(), reason="no troef console script")
def test_the_console_script(record_file: Path) -> None:
    done = run_troef("replay", str(record_file), console_script=True)
    assert done.returncode == 0, done.stderr
    assert "final standing:" in done.stdout
    assert run_troef("--help", console_script=True).returncode == 0
