"""Binokel at the terminal: whole games from scripted input, German by default, refusals explained, records saved."""

from __future__ import annotations

import builtins
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from troef.games import game
from troef.games.binokel.heuristic import HeuristicBot
from troef.games.binokel.record import loads, replay
from troef.games.binokel.view import round_view
from troef.terminal.binokel import BinokelTable

BINOKEL = game("binokel")


def make_table(
    tmp_path: Path, lang: str | None = None, seed: int = 3, target: int = 1000
) -> tuple[BinokelTable, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    table = BinokelTable(
        rules="cardgames",
        players=None,
        seed=seed,
        lang=lang,
        bots="heuristic",
        seat=0,
        save=tmp_path / "game.json",
        console=console,
        switches={"target": target},
    )
    return table, out


def feed(monkeypatch: pytest.MonkeyPatch, answer: Callable[..., str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(builtins, "input", answer)


def test_a_whole_game_in_german_by_default_shows_the_table_and_saves_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, out = make_table(tmp_path)
    feed(monkeypatch, lambda *_: "")
    table.run()
    text = out.getvalue()
    assert table.lang == "de" and table.match.is_over
    for word in (
        "Runde 1",
        "Trumpf:",
        "Meldungen",
        "Stand: ihr",
        "Ziel 1000",
        "Stich an",
        "Letzter Stich",
        "Deine Karten",
    ):
        assert word in text, word
    assert "gewinnen" in text or "gewonnen" in text
    record = (tmp_path / "game.json").read_text(encoding="utf-8")
    outcome = replay(loads(record))
    assert outcome.finished and outcome.winner == table.match.winner
    assert json.loads(record)["meta"]["program"] == "troef play binokel"


def test_a_refused_card_is_explained_in_german_and_asked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, out = make_table(tmp_path, seed=5)
    tried: list[str] = []

    def answer(*_: object) -> str:
        view = round_view(table.match, 0)
        if view.phase == "play" and view.trick and not tried:
            legal = {text.split()[1] for text in view.legal if text.startswith("play")}
            wrong = [c for c in view.hand or () if _notation(c) not in legal]
            if wrong:
                tried.append(_notation(wrong[0]))
                return tried[-1]
        if len(table.match.rounds) > 1:
            raise EOFError  # stop after the first round: the record is saved
        return ""

    feed(monkeypatch, answer)
    table.run()
    text = out.getvalue()
    assert tried, "no refusable card came up"
    assert any(phrase in text for phrase in ("du musst", "du hast")), text[-2000:]
    assert "Beendet." in text and (tmp_path / "game.json").exists()


def test_input_by_words_numbers_and_german_card_letters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, out = make_table(tmp_path, seed=11)
    advisor = HeuristicBot(seed=1)
    used: set[str] = set()

    def answer(*_: object) -> str:
        view = round_view(table.match, 0)
        if len(table.match.rounds) > 4:
            raise EOFError
        action = advisor.act(view).text()
        if action == "pass":
            used.add("passe")
            return "passe"
        if action.startswith("bid "):
            used.add("number")
            return action.split()[1]
        if action.startswith("trump "):
            used.add("suit word")
            return {"h": "Herz", "d": "Karo", "c": "Kreuz", "s": "Pik"}[action.split()[1]]
        if action.startswith("give "):
            used.add("hand number")
            card = action.split()[1]
            return str([_notation(c) for c in view.hand or ()].index(card) + 1)
        if action.startswith("play "):
            used.add("German letters")
            card = action.split()[1]
            rank = {"J": "B", "Q": "D"}.get(card[:-1], card[:-1])
            return rank + {"h": "h", "d": "d", "c": "c", "s": "p"}[card[-1]]
        return ""

    feed(monkeypatch, answer)
    table.run()
    text = out.getvalue()
    assert "Das verstehe ich nicht" not in text
    assert {"passe", "German letters", "hand number"} <= used
    assert len(table.match.rounds) >= 2


@pytest.mark.parametrize(
    ("lang", "words"), [("en", ("Round 1", "Melds", "target 1000")), ("nl", ("Ronde 1", "Meldingen", "doel 1000"))]
)
def test_dutch_and_english_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, words: tuple[str, ...]
) -> None:
    table, out = make_table(tmp_path, lang=lang, seed=4)

    def answer(*_: object) -> str:
        if len(table.match.rounds) > 1:
            raise EOFError
        return ""

    feed(monkeypatch, answer)
    table.run()
    text = out.getvalue()
    for word in words:
        assert word in text, word


def _notation(card: int) -> str:
    return ("9", "10", "J", "Q", "K", "A")[(card & 7) - 2] + "hdcs"[(card >> 3) & 3]


def test_troef_play_binokel_takes_the_target_and_troef_replay_reads_the_record(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from troef.cli import app

    runner = CliRunner()
    path = tmp_path / "cli.json"
    result = runner.invoke(
        app, ["play", "binokel", "--target", "2000", "--seed", "9", "--save", str(path)], input="\n" * 30
    )
    assert result.exit_code == 0, result.output
    assert "Ziel 2000" in result.output and "Runde 1" in result.output  # German by default
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"]["switches"]["target"] == 2000 and data["rules"]["revision"] == 1  # every switch named
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    bad = runner.invoke(app, ["play", "binokel", "--target", "1200", "--save", str(tmp_path / "x.json")], input="")
    assert bad.exit_code == 2 and "target must be one of 1000, 1500, 2000" in bad.output


def test_tipp_lists_every_legal_action_with_one_best_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, out = make_table(tmp_path)
    answers = iter(["tipp", "ende"])
    feed(monkeypatch, lambda *_: next(answers))
    table.run()
    text = out.getvalue()
    assert "Tipp (* = die beste Wahl" in text
    after = round_view(table.match, table.human)
    plain, _ = make_table(tmp_path)  # the same seed, quitting at once: a hint only looks
    feed(monkeypatch, lambda *_: "ende")
    plain.run()
    assert after.to_json() == round_view(plain.match, plain.human).to_json() and after.legal
    heading = text.index("Tipp (*")
    lines = text[heading:].splitlines()[1 : 1 + len(after.legal)]
    assert len(lines) == len(after.legal)
    assert sum(line.startswith("* ") for line in lines) == 1
    assert all(line[:2] in ("* ", "  ") for line in lines)


def test_digits_of_other_scripts_are_not_understood(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'²' passes str.isdigit(), then int() refused it and the game stopped: now it is asked again."""
    table, out = make_table(tmp_path, seed=11)
    answers = iter(["\u00b2", "\u0662\u0665\u0660"])

    def answer(*_: object) -> str:
        for line in answers:
            return line
        raise EOFError

    feed(monkeypatch, answer)
    table.run()
    assert out.getvalue().count("Das verstehe ich nicht") == 2
