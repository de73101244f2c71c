"""Klaverjas at the terminal: whole matches from scripted input, mistakes explained, the record saved and replayable."""

from __future__ import annotations

import builtins
import dataclasses
import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from troef.cards import RANK_TEXT, SUIT_SYMBOLS, NotationError, card_str
from troef.games.klaverjas.game import GAME
from troef.games.klaverjas.view import KlaverjasView
from troef.terminal.klaverjas import TerminalGame


def make_game(
    tmp_path: Path, lang: str = "en", rules: str = "kraken", seed: int = 3
) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    game = TerminalGame(
        rules=rules,
        players=None,
        seed=seed,
        lang=lang,
        bots="heuristic",
        seat=0,
        save=tmp_path / "match.json",
        console=console,
    )
    return game, out


def feed(monkeypatch: pytest.MonkeyPatch, lines: Iterator[str]) -> None:
    """Answer the prompts with ``lines`` (stdin is not a terminal: no pauses); end of input when they run out."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))

    def answer(*_: object) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", answer)


def _always(text: str) -> Iterator[str]:
    while True:
        yield text


@pytest.mark.parametrize(("rules", "lang"), [("kraken", "en"), ("amsterdam", "nl"), ("rotterdam", "de")])
def test_a_whole_match_with_the_suggestions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rules: str, lang: str
) -> None:
    game, out = make_game(tmp_path, lang=lang, rules=rules)
    feed(monkeypatch, _always(""))
    game.run()
    text = out.getvalue()
    assert game.match.is_over and len(game.match.sheet.rows) == 16
    assert {"en": "Score sheet", "nl": "Scorebriefje", "de": "Schreibzettel"}[lang] in text
    assert {"en": "wins the trick", "nl": "haalt de slag", "de": "macht den Stich"}[lang] in text
    if rules == "kraken":
        assert "kraaks owed 0-0" in text  # the quota is on the sheet, and fulfilled at the end
    outcome = GAME.replay((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert outcome.finished and outcome.standing == game.match.standing()


def test_mistakes_are_explained_and_asked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, rules="amsterdam", seed=5)
    game.match = GAME.new_match("amsterdam", seed=5, first_dealer=3)  # the human (seat 0) names trump first
    feed(monkeypatch, iter(["pass", "Zz", "harten", "quit"]))
    game.run()
    text = out.getvalue()
    assert "Not allowed: you must play: name the trump suit (verplicht)" in text
    assert "Not understood" in text
    assert game.match.deal.trump == 0 and game.match.deal.declarer == 0  # "harten" named hearts
    assert "Stopped." in text and (tmp_path / "match.json").exists()


def test_input_reads_numbers_notation_and_words(tmp_path: Path) -> None:
    game, _ = make_game(tmp_path, lang="nl")
    view = GAME.view(game.match, 0)
    assert isinstance(view, KlaverjasView) and view.hand
    assert game.read("1", view).text() == f"play {card_str(view.hand[0])}"
    assert game.read("Bh", view).text() == "play Jh"  # Dutch: boer
    assert game.read("Vs", view).text() == "play Qs"
    assert game.read("schoppen", view).text() == "trump s"
    assert game.read("troef h", view).text() == "trump h"
    assert game.read("nee", view).text() == "no"
    assert game.read("kraak", view).text() == "kraak"
    assert game.read("roem 50", view).text() == "roem 50"
    # the first trick's roem call (Kraken 3.2): "nee" declares nothing
    call = dataclasses.replace(view, phase="roem")
    assert game.read("nee", call).text() == "roem 0"
    assert game.read("roem 0", call).text() == "roem 0"


def test_the_view_shows_no_other_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, rules="rotterdam", seed=8)
    feed(monkeypatch, iter(["", "", ""]))
    game.run()
    shown = out.getvalue()
    first_deal = game.match.deals[0]
    played = {c for _, a in first_deal.history for c in ([a.card] if hasattr(a, "card") else [])}
    # every card printed on the "your cards" lines is the human's own
    for line in shown.splitlines():
        if "your cards" in line:
            for c in range(32):
                if first_deal.deal.hands[0] >> c & 1 or c in played:
                    continue
                assert f"]{RANK_TEXT[c & 7]}{SUIT_SYMBOLS[c >> 3]}" not in line


def test_tip_values_each_trump_suit_and_only_looks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, lang="nl", rules="amsterdam", seed=5)
    game.match = GAME.new_match("amsterdam", seed=5, first_dealer=3)  # the human (seat 0) names trump first
    feed(monkeypatch, iter(["tip", "quit"]))
    game.run()
    text = out.getvalue()
    view = GAME.view(game.match, 0)
    assert game.match.deal.trump == -1 and len(view.legal) == 4  # still naming trump: the hint changed nothing
    heading = text.index("Tip (* = de beste keuze")
    lines = text[heading:].splitlines()[1:5]
    assert sum(line.startswith("* ") for line in lines) == 1 and lines[0].startswith("* ")  # best first
    values = [int(line.rsplit(" ", 1)[1].rstrip("%")) for line in lines]
    assert all(0 <= v <= 100 for v in values) and values[1:] == sorted(values[1:], reverse=True)


def test_digits_of_other_scripts_are_not_a_card_number(tmp_path: Path) -> None:
    """'²' passes str.isdigit(), then int() refused it: now it is not understood, like any other text."""
    game, _ = make_game(tmp_path, lang="nl")
    view = GAME.view(game.match, 0)
    assert isinstance(view, KlaverjasView)
    for line in ("\u00b2", "\u0661"):
        with pytest.raises(NotationError):
            game.read(line, view)


def test_the_dutch_table_speaks_the_games_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word of the Dutch table comes from klaverjas's catalogue: its name of a deal (never Bonaken's
    "giffie"), the actions (trump, the kraak answers, roem, card plays) and the cards' Dutch letters."""
    game, out = make_game(tmp_path, lang="nl", rules="kraken", seed=3)
    feed(monkeypatch, iter([""] * 40))
    game.run()
    text = out.getvalue()
    assert "Spel 1 van 16, " in text and "iffie" not in text
    assert "troef ruiten" in text and ": nee" in text and "geen roem" in text
    assert "mogelijk: speel B♦" in text and "Enter = speel " in text
    for english in ("play ", ": no\n", "roem 0", "trump ", "Q♦", "J♦"):
        assert english not in text
