"""The one-line analysis after each deal of ``troef play`` (terminal/frame.py), written once for every game."""

from __future__ import annotations

import builtins
import io
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from troef.cli import app
from troef.terminal.frame import Frame, frame_class, play


def make_frame(tmp_path: Path, name: str, rules: str, lang: str = "en") -> tuple[Frame, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    frame = frame_class(name)(
        rules=rules,
        players=None,
        seed=3,
        lang=lang,
        bots="heuristic",
        seat=0,
        save=tmp_path / "match.json",
        console=console,
    )
    frame.analysis = True
    return frame, out


@pytest.mark.parametrize(("name", "rules", "lang"), [("klaverjas", "kraken", "en"), ("bonaken", "nk", "nl")])
def test_a_summary_follows_each_deal_once_it_is_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, rules: str, lang: str
) -> None:
    frame, out = make_frame(tmp_path, name, rules, lang)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(builtins, "input", lambda *_: "")  # the default answer at every prompt
    summarised: list[int] = []
    original = frame.summarise_deal

    def summarise(deal: int) -> None:
        finished = frame.match.hands[deal] if name == "bonaken" else frame.match.deals[deal]
        assert finished.is_over, "a summary was asked for a deal still in play"
        original(deal)
        summarised.append(deal)
        if len(summarised) == 2:
            raise KeyboardInterrupt  # stop the match: two deals are enough

    monkeypatch.setattr(frame, "summarise_deal", summarise)
    frame.run()
    text = out.getvalue()
    assert summarised == [0, 1]
    word = "Analysis" if lang == "en" else "Analyse"
    assert text.count(f"{word}: ") == 2
    assert f"troef analyse {tmp_path / 'match.json'} --deal 2 --seat 0" in text
    # the command shown works on the record saved after the deal
    shown = CliRunner().invoke(app, ["analyse", str(tmp_path / "match.json"), "--deal", "1", "--open"])
    assert shown.exit_code == 0, shown.output


def test_troef_play_turns_the_summary_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(Frame, "run", lambda self: seen.append(self.analysis))
    common: dict[str, Any] = {"rules": "kraken", "players": None, "seed": 1, "lang": "en", "bots": "random", "seat": 0}
    play("klaverjas", save=tmp_path / "a.json", **common)
    play("klaverjas", analysis=False, save=tmp_path / "b.json", **common)
    assert seen == [True, False]
