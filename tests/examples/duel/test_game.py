"""Duel, the game written outside troef (``examples/duel``), installed by pip and found by its entry point, goes
through troef's layers with no part of its own in any of them: ``troef replay`` and ``troef arena`` in
processes of their own (their defaults taken from the game), the arena's workers, and the terminal's plain
table in Dutch, its first language (cards, actions, refusals and hints in the game's own words)."""

from __future__ import annotations

import builtins
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from troef.arena.core import run_arena
from troef.core.game import TableView
from troef.games import ENTRY_POINT_GROUP, game, names

pytestmark = pytest.mark.usefixtures("duel")

TROEF = [sys.executable, "-c", "from troef.cli import main; main()"]
BATTERY = Path(__file__).resolve().parents[2] / "test_battery.py"
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "duel"


def _random_record(seed: int) -> tuple[str, list[int]]:
    g = game("duel")
    match = g.new_match("standard", seed=seed)
    bots = {s: g.make_bot("random", seed + s) for s in (0, 1)}
    while not match.is_over:
        g.apply(match, bots[match.to_act].act(g.view(match, match.to_act)))
    return g.record(match), [int(row["tricks"]) for row in g.standing(match)]


def test_it_is_found_by_its_entry_point() -> None:
    from importlib.metadata import entry_points

    (point,) = [p for p in entry_points(group=ENTRY_POINT_GROUP) if p.name == "duel"]
    assert point.value == "troef_duel.game:GAME" and point.dist is not None and point.dist.name == "troef-duel"
    assert names()[-1] == "duel" and game("duel").title == "Duel"


def test_its_table_view_holds_only_what_the_seat_knows() -> None:
    g = game("duel")
    match = g.new_match("standard", seed=5, first_dealer=0)
    g.apply(match, g.parse_action(g.view(match, 1).legal[0]))  # seat 1 leads (the dealer's left)
    own = g.table_view(g.view(match, 0))
    assert isinstance(own, TableView) and own.seats == 2 and own.to_act == 0 and len(own.hand) == 6
    assert own.hand_sizes == (6, 5) and len(own.trick) == 1 and own.trump == own.open_cards[0] // 8 % 4
    watcher = g.table_view(g.view(match, -1))
    assert watcher is not None and watcher.hand == () and watcher.legal == ()
    data = own.to_json()
    assert data["trick"][0][0] == 1 and all(isinstance(card, str) for card in data["hand"])


def test_troef_replay_reads_its_records_in_a_process_of_its_own(tmp_path: Path) -> None:
    text, tricks = _random_record(seed=11)
    path = tmp_path / "duel.json"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([*TROEF, "replay", str(path), "--json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"finished": True, "deals": 3, "tricks": tricks} and sum(tricks) == 18
    data = json.loads(text)
    data["deals"][1][0] = data["deals"][1][1]  # the leader plays the other seat's card
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([*TROEF, "replay", str(path), "--json"], capture_output=True, text=True)
    assert run.returncode == 1 and json.loads(run.stdout)["hand"] == 2


def test_the_arena_plays_it_on_duplicate_deals_in_worker_processes() -> None:
    result = run_arena(["club", "random"], matches=8, seed=5, rules="free", game="duel", duplicate=True, workers=2)
    assert result.matches == 8 and all(sum(o.scores.values()) == 18 for o in result.outcomes)
    again = run_arena(["club", "random"], matches=8, seed=5, rules="free", game="duel", duplicate=True)
    assert [o.scores for o in again.outcomes] == [o.scores for o in result.outcomes]


def test_the_arena_command_seats_what_the_game_offers() -> None:
    run = subprocess.run([*TROEF, "arena", "duel", "--matches", "2", "--json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["matches"] == 2 and [b["name"] for b in report["bots"]] == ["club#0", "club#1"]
    run = subprocess.run([*TROEF, "arena", "duel", "--teams", "club,random"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.startswith("troef: duel is not played in partnerships")


def test_troef_play_speaks_dutch_with_the_games_own_words(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    run = subprocess.run(
        [*TROEF, "play", "duel", "--seed", "4", "--save", str(save)],
        input="1\n" * 40,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "-- spel 1 · troef: " in run.stdout and "-- spel 3 · troef: " in run.stdout
    assert "Jouw kaarten: " in run.stdout and "1) speel " in run.stdout and " play " not in run.stdout
    assert game("duel").replay(save.read_text(encoding="utf-8")).finished


def test_the_plain_table_words_refusals_and_hints_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from troef.terminal.frame import PlainTable, frame_class

    out = io.StringIO()
    table = frame_class("duel")
    assert issubclass(table, PlainTable)
    frame = table(
        rules="standard",
        players=None,
        seed=4,
        lang="nl",
        bots="club",
        seat=0,
        save=tmp_path / "m.json",
        console=Console(file=out, width=200, force_terminal=False),
    )
    said: dict[str, str] = {}

    def answer(_prompt: object = "") -> str:
        """A card that does not follow while one does (once), a hint (once), else the first legal action."""
        deal = frame.match.deal
        if "hint" not in said:
            said["hint"] = "tip"
            return "tip"
        if "refused" not in said and deal.trick:
            led = deal.trick[0][1] // 8
            held = [c for c in range(64) if deal.hands[0] >> c & 1]
            other = [c for c in held if c // 8 != led]
            if other and any(c // 8 == led for c in held):
                said["refused"] = game("duel").texts().refusal("follow", suit=led).text("nl")
                return f"play {'JQKA'[other[0] % 8 - 4]}{'hdcs'[other[0] // 8]}"
        return "1"

    monkeypatch.setattr(builtins, "input", answer)
    frame.run()
    printed = out.getvalue()
    assert frame.match.is_over and "refused" in said
    assert said["refused"] in printed and said["refused"].startswith("je moet ")
    assert "Tip: speel " in printed
    assert "Afgelopen. Stand: jij " in printed


@pytest.mark.slow  # a pytest process of its own collecting the whole battery
@pytest.mark.parametrize("how", ["entry point", "TROEF_GAMES"])
def test_the_consistency_battery_takes_it_however_it_is_registered(duel: Path, how: str) -> None:
    """The battery (tests/test_battery.py) runs its checks over every registered game: Duel too, found by its
    entry point or named in TROEF_GAMES (beside Tiny, which the battery registers around each test)."""
    env = dict(os.environ)
    if how == "TROEF_GAMES":  # not installed: its sources on the path, named by the variable
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, (str(EXAMPLE / "src"), os.environ.get("PYTHONPATH", "").replace(str(duel), "")))
        )
        env["TROEF_GAMES"] = "duel=troef_duel.game:GAME"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(BATTERY), "-q", "-k", "duel", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        env=env,
        cwd=BATTERY.parent.parent,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:]  # 5 when no test was collected: Duel unseen
    assert run.stdout.count(".") >= 14  # every check of the battery, over both presets


def test_a_match_from_its_record_after_n_actions_is_the_match_those_actions_make() -> None:
    g = game("duel")
    text, _ = _random_record(5)
    record = json.loads(text)
    actions = [a for deal in g.recorded_deals(record) for a in deal]
    assert [a.text() for a in actions] == [t for deal in record["deals"] for t in deal]
    for n in (0, 1, 7, len(actions) - 1):
        again = g.new_match("standard", seed=5)
        for action in actions[:n]:
            g.apply(again, action)
        rebuilt = g.match_from_record(record, n)
        assert g.record(rebuilt) == g.record(again)
        assert g.deal_in_play(rebuilt).to_act == again.to_act
    assert g.record(g.match_from_record(record)) == text
