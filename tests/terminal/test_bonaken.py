"""The terminal game: whole matches from piped input, mistakes explained, records saved and replayable."""

from __future__ import annotations

import builtins
import io
import os
import random
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from troef.analysis.report import WORDS as ANALYSIS_WORDS
from troef.cards import card_str, parse_card
from troef.core.words import LANGS, Words
from troef.games.bonaken.actions import MISERE, PASS, Bid, BidKind, DeclareRoem, Discard, NameTrump, Pass, Play
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.i18n import card_label, keys, missing, parse_card_text, t
from troef.games.bonaken.record import load, replay
from troef.games.bonaken.state import Phase
from troef.games.bonaken.texts import TEXTS
from troef.games.bonaken.view import hand_view
from troef.terminal import binokel as binokel_terminal
from troef.terminal import klaverjas as klaverjas_terminal
from troef.terminal.bonaken import BOT_NAMES, TerminalGame, UsageError, play_match


def make_game(
    tmp_path: Path, lang: str = "en", rules: str = "pagat", seed: int = 3, players: int = 4
) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False, color_system=None)
    game = TerminalGame(
        rules=rules,
        players=players,
        seed=seed,
        lang=lang,
        bots="heuristic",
        seat=0,
        save=tmp_path / "match.json",
        console=console,
    )
    return game, out


def feed(monkeypatch: pytest.MonkeyPatch, answer: object) -> None:
    """Answer every prompt with ``answer(...)`` (stdin is not a terminal: no pauses)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(builtins, "input", answer)


def test_a_whole_match_with_default_answers_ends_with_who_buys_the_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, out = make_game(tmp_path)
    feed(monkeypatch, lambda *_: "")
    game.run()
    text = out.getvalue()
    assert game.match.is_over
    assert "End of the match" in text
    (loser,) = game.match.sheet.losers()
    expected = "You are erin and buy the round!" if loser == 0 else f"{BOT_NAMES[loser]} is erin and buys the round!"
    assert expected in text
    # the record was written and replays to the same standing
    path = tmp_path / "match.json"
    assert f"Match saved to {path}" in text.replace("\n", "")
    with path.open(encoding="utf-8") as fp:
        outcome = replay(load(fp))
    assert outcome.finished
    assert outcome.standing == game.match.standing()
    assert outcome.losers == game.match.sheet.losers()


def test_nk_match_ends_with_table_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, lang="nl", rules="nk", seed=3)
    feed(monkeypatch, lambda *_: "")
    game.run()
    text = out.getvalue()
    assert "Einde van de partij" in text
    assert "Tafelpunten:" in text
    points = game.match.sheet.table_points()
    assert sorted(points.values(), reverse=True)[0] == 10


def test_mistakes_are_explained_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, seed=5)
    asked = {"bid": 0, "card": 0, "number": 0}

    def answer(*_: object) -> str:
        hand = game.match.hand
        if hand.phase == Phase.BIDDING and asked["bid"] < 2:
            asked["bid"] += 1
            return "bid 3" if asked["bid"] == 1 else "zwabber please"
        if hand.phase == Phase.PLAY and asked["card"] == 0:
            asked["card"] += 1
            foreign = next(c for c in range(32) if not hand.hands[0] >> c & 1 and not hand.played >> c & 1)
            return card_label(foreign, "en").replace("♥", "h").replace("♦", "d").replace("♣", "c").replace("♠", "s")
        if hand.phase == Phase.PLAY and asked["number"] == 0:
            asked["number"] += 1
            return "42"
        return ""

    feed(monkeypatch, answer)
    game.run()
    text = out.getvalue()
    assert "Not now: a number bid must be a multiple of 5." in text
    assert "I do not understand 'zwabber please'" in text
    assert "Not now: you do not hold" in text
    assert "There is no card number 42" in text
    assert game.match.is_over and "End of the match" in text


def test_dutch_reasons_for_dutch_players(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, lang="nl", rules="nk")
    lines = iter(["bid 3", "bid 20"])
    feed(monkeypatch, lambda *_: next(lines, "stop"))
    game.run()
    text = out.getvalue()
    assert "Dat kan nu niet: een puntenbod moet een veelvoud van 5 zijn." in text
    assert "Dat kan nu niet: het laagste puntenbod is 25." in text
    assert "Gestopt." in text


def test_end_of_input_stops_cleanly_with_the_record_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path)
    lines = iter(["", "", ""])

    def answer(*_: object) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    feed(monkeypatch, answer)
    game.run()
    text = out.getvalue()
    assert "Stopped." in text
    with (tmp_path / "match.json").open(encoding="utf-8") as fp:
        outcome = replay(load(fp))
    assert not outcome.finished


def test_quit_command_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path)
    feed(monkeypatch, lambda *_: "quit")
    game.run()
    assert "Stopped." in out.getvalue()
    assert (tmp_path / "match.json").exists()


def test_help_hand_sheet_and_hint_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path)
    lines = iter(["help", "hand", "sheet", "hint", "quit"])
    feed(monkeypatch, lambda *_: next(lines))
    game.run()
    text = out.getvalue()
    assert "How to play" in text and "erin" in text
    assert "Score sheet" in text
    assert "Hint: " in text
    assert text.count("Your cards:") >= 2


def test_the_player_only_sees_his_own_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = make_game(tmp_path, seed=11)
    feed(monkeypatch, lambda *_: "quit")
    game.run()
    hand = game.match.hands[0]
    shown = out.getvalue().split("Your cards:")[1].splitlines()[0]
    for seat in (1, 2, 3):
        for card in range(32):
            if hand.deal.hands[seat] >> card & 1:
                assert card_label(card, "en") not in shown


def test_cli_plays_a_match_from_piped_input_and_saves_to_the_data_folder(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), COLUMNS="100")
    proc = subprocess.run(
        [sys.executable, "-m", "troef.cli", "play", "bonaken", "--seed", "3", "--lang", "en"],
        input="\n" * 3000,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "End of the match" in proc.stdout
    assert "buys the round" in proc.stdout or "Nobody is erin" in proc.stdout
    assert "Table points: " in proc.stdout
    saved = list((tmp_path / "troef" / "bonaken").glob("*.json"))
    assert len(saved) == 1
    assert str(saved[0]) in proc.stdout.replace("\n", "")
    with saved[0].open(encoding="utf-8") as fp:
        assert replay(load(fp)).finished


def test_cli_rejects_a_bad_language() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "troef.cli", "play", "bonaken", "--lang", "fr"],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert "unknown language 'fr'" in proc.stderr


def test_bad_options_raise_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="seat"):
        play_match(rules="nk", players=4, seed=1, lang="en", bots="heuristic", seat=4, save=tmp_path / "x.json")
    with pytest.raises(UsageError, match="language"):
        play_match(rules="nk", players=4, seed=1, lang="xx", bots="heuristic", seat=0, save=tmp_path / "x.json")


# ---------------------------------------------------------------------- reading input
def game_at(tmp_path: Path, phase: Phase, lang: str = "en") -> TerminalGame:
    """A game advanced by its bots (the human's seat too) until the human must act in ``phase``."""
    for seed in range(200):
        game, _ = make_game(tmp_path, lang=lang, seed=seed)
        game.bots[0] = game.advisor
        for _ in range(400):
            hand = game.match.hand
            if game.match.is_over:
                break
            if hand.to_act == 0 and hand.phase == phase:
                return game
            seat = hand.to_act
            game.match.apply(game.bots[seat].act(hand_view(hand, seat)))
    raise AssertionError(f"no game reaches {phase.name} for the human")


def parse(game: TerminalGame, line: str) -> list[object]:
    view = hand_view(game.match.hand, 0)
    parsed = game._parse(line, view, game._display_order(view))
    assert parsed.error is None, parsed.error
    return list(parsed.actions)


def test_bids_in_words_and_numbers(tmp_path: Path) -> None:
    game = game_at(tmp_path, Phase.BIDDING, lang="nl")
    assert parse(game, "pas") == [PASS]
    assert parse(game, "Misère") == [MISERE]
    assert parse(game, "75") == [Bid(BidKind.NUMBER, 75)]
    assert parse(game, "bied 80") == [Bid(BidKind.NUMBER, 80)]
    assert parse(game, "bonaak 50") == [Bid(BidKind.BONAAK, 50)]
    assert parse(game, "bonaak 100 zes") == [Bid(BidKind.BONAAK, 100, True)]
    assert parse(game, "bid zwabber") == [Bid(BidKind.ZWABBER)]
    assert parse(game, "") == []


def test_cards_by_number_notation_and_dutch_letters(tmp_path: Path) -> None:
    game = game_at(tmp_path, Phase.PLAY, lang="nl")
    view = hand_view(game.match.hand, 0)
    order = game._display_order(view)
    assert parse(game, "1") == [Play(order[0])]
    card = order[-1]
    assert parse(
        game, card_label(card, "en").replace("♥", "h").replace("♦", "d").replace("♣", "c").replace("♠", "s")
    ) == [Play(card)]
    assert parse(game, card_label(card, "nl")) == [Play(card)]
    assert parse(game, "speel 1") == [Play(order[0])]


def test_trump_roem_and_discards(tmp_path: Path) -> None:
    game = game_at(tmp_path, Phase.EXCHANGE)
    view = hand_view(game.match.hand, 0)
    order = game._display_order(view)
    assert parse(game, "1 2") == [Discard(order[0]), Discard(order[1])]
    game = game_at(tmp_path, Phase.TRUMP, lang="nl")
    assert parse(game, "troef h") == [NameTrump(0)]
    assert parse(game, "ruiten") == [NameTrump(1)]
    assert parse(game, "k") == [NameTrump(2)]
    assert parse(game, "♠") == [NameTrump(3)]
    view = hand_view(game.match.hand, 0)
    hint = game._parse("1", view, game._display_order(view))
    assert hint.error is not None and "troef" in hint.error
    game = game_at(tmp_path, Phase.ROEM, lang="de")
    assert parse(game, "roem 0") == [DeclareRoem(0)]
    assert parse(game, "kein") == [DeclareRoem(0)]


# ---------------------------------------------------------------------- the words
def test_every_text_exists_in_every_language_with_the_same_placeholders() -> None:
    assert set(LANGS) == {"nl", "en", "de"}
    for lang in LANGS:
        assert missing(lang) == []
    for key in keys():
        # a plural "{n|kaart|kaarten}" is the placeholder n with its forms, which differ by language
        fields = {
            lang: {f.split("|")[0] for _, f, _, _ in string.Formatter().parse(t(key, lang)) if f} for lang in LANGS
        }
        assert fields["nl"] == fields["en"] == fields["de"], key


@pytest.mark.parametrize("words", [klaverjas_terminal.t, binokel_terminal.t, ANALYSIS_WORDS.t])
def test_each_parts_own_words_exist_in_every_language_and_leave_the_shared_catalogue_alone(words: object) -> None:
    own = getattr(words, "__self__", None)
    assert isinstance(own, Words) and own.keys()
    for lang in LANGS:
        assert own.missing(lang) == []
    for key in own.words:
        fields = {
            lang: {f.split("|")[0] for _, f, _, _ in string.Formatter().parse(own.t(key, lang)) if f} for lang in LANGS
        }
        assert fields["nl"] == fields["en"] == fields["de"], key
    # importing a terminal table added nothing to the shared catalogue (no import-time changes)
    assert not set(own.keys()) & set(keys())


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("nl", "Je legt 1 kaart weg", "Je legt 3 kaarten weg"),
        ("en", "You lay away 1 card", "You lay away 3 cards"),
        ("de", "Du legst 1 Karte weg", "Du legst 3 Karten weg"),
    ],
)
def test_plurals_come_from_the_catalogue(lang: str, one: str, three: str) -> None:
    """Issue 37, bug 3: real plurals ("kaarten"), never "kaart(en)"."""
    assert t("lays_away_you", lang, n=1) == one
    assert t("lays_away_you", lang, n=3) == three
    assert t("lays_away_you", lang, n=0) == three.replace("3", "0")
    for key in keys():
        assert not re.search(r"[a-z]\((?:en|s|n|e|es)\)", t(key, lang)), key


def test_bonaken_words_stay_dutch_in_english() -> None:
    help_en = t("help", "en")
    for word in ("roem", "stuk", "misère", "zwabber", "bonaak", "eruit", "erin", "suf", "krom", "recht", "wip"):
        assert word in help_en


def test_engine_refusals_are_worded_in_the_tables_language() -> None:
    assert TEXTS.refusal("follow_or_trump", suit=0).text("nl") == "je moet harten bekennen (of troeven)"
    assert TEXTS.refusal("not_held", card=parse_card("Jh")).text("nl") == "je hebt B♥ niet"
    assert str(TEXTS.refusal("not_held", card=parse_card("Jh"))) == "you do not hold Jh"
    assert TEXTS.refusal("too_low", high="75").text("de") == "das Gebot muss höher sein als 75"


def test_dutch_card_letters() -> None:
    assert parse_card_text("Vr", "nl") == parse_card("Qd")
    assert parse_card_text("Hk", "nl") == parse_card("Kc")
    assert parse_card_text("As", "nl") == parse_card("As")
    assert card_label(parse_card("Qd"), "nl") == "V♦"


def typed(action: object, rng: random.Random, order: list[int], lang: str) -> str:
    """What a player types for ``action``, in one of the forms the game accepts."""
    if isinstance(action, Pass):
        return rng.choice(["pas", "pass", "p"])
    if isinstance(action, Bid):
        if action.kind == BidKind.NUMBER:
            return rng.choice([str(action.value), f"bid {action.value}"])
        word = {BidKind.MISERE: "misère", BidKind.ZWABBER: "zwabber", BidKind.BONAAK: "bonaak"}.get(action.kind)
        if word is None:
            return action.text()
        return " ".join([word, *([str(action.value)] if action.value else []), *(["zes"] if action.six else [])])
    if isinstance(action, (Play, Discard)):
        if rng.random() < 0.5:
            return str(order.index(action.card) + 1)
        return card_label(action.card, lang) if lang == "nl" and rng.random() < 0.5 else card_str(action.card)
    if isinstance(action, NameTrump):
        return rng.choice([f"troef {'hdcs'[action.suit]}", f"trump {'hdcs'[action.suit]}", "♥♦♣♠"[action.suit]])
    if isinstance(action, DeclareRoem):
        return rng.choice([f"roem {action.value}", str(action.value)])
    return "stuk"


@pytest.mark.parametrize(("rules", "players"), [("nk", 4), ("pagat", 4), ("pagat", 5), ("hazerswoude", 3), ("nk", 2)])
def test_a_player_typing_every_kind_of_action_finishes_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rules: str, players: int
) -> None:
    rng = random.Random(f"{rules}{players}")
    game, out = make_game(tmp_path, lang="nl", rules=rules, seed=players * 7, players=players)

    def answer(*_: object) -> str:
        hand = game.match.hand
        view = hand_view(hand, 0)
        actions = legal_actions(view)
        if hand.phase == Phase.BIDDING and PASS in actions and rng.random() < 0.7:
            return "pas"
        bids = [a for a in actions if isinstance(a, Bid)]
        action = rng.choice(bids[:3] if bids and hand.phase == Phase.BIDDING else actions)
        return typed(action, rng, game._display_order(view), "nl")

    feed(monkeypatch, answer)
    game.run()
    text = out.getvalue()
    assert game.match.is_over, text[-2000:]
    assert "Dat kan nu niet" not in text and "begrijp ik niet" not in text
    with (tmp_path / "match.json").open(encoding="utf-8") as fp:
        assert replay(load(fp)).standing == game.match.standing()


@pytest.mark.parametrize("line", ["\u00b2", "\u0667\u0665", "bonaak \u00b2\u2070", "\u00b9 2"])
def test_digits_of_other_scripts_are_not_understood(tmp_path: Path, line: str) -> None:
    """Typed numbers are ASCII digits (docs/protocol.md): '²' passes str.isdigit(), then int() refused it."""
    game = game_at(tmp_path, Phase.BIDDING, lang="nl")
    view = hand_view(game.match.hand, 0)
    parsed = game._parse(line, view, game._display_order(view))
    assert parsed.error is not None and not parsed.actions
