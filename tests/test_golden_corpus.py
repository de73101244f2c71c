"""The golden corpus of records (``tests/golden/records``): every record replays to its stored outcome, forever.

Each record was written by the troef named in ``corpus.json`` (how: its
README), and its outcome is the one that troef's ``troef replay --json``
gave. A change to an engine that alters the outcome of any of them fails
here: a change of a rule reading or default raises the game's rules revision,
keeps the old reading as a switch value (a ``RuleChange``), and adds records
of the new revision (docs/records.md, "Changing a rule").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from troef.core.records import record_game
from troef.core.revisions import read, upgrade
from troef.games import game, names

HERE = Path(__file__).parent / "golden" / "records"
CORPUS: list[dict[str, Any]] = json.loads((HERE / "corpus.json").read_text(encoding="utf-8"))
BUILT_IN = ("bonaken", "klaverjas", "binokel")


def agrees(stored: Any, now: Any, where: str = "outcome") -> list[str]:
    """Where today's outcome differs from the stored one; fields the stored one does not have are new, not
    different."""
    if isinstance(stored, dict):
        if not isinstance(now, dict):
            return [where]
        return [d for key, value in stored.items() for d in agrees(value, now.get(key, object()), f"{where}.{key}")]
    if isinstance(stored, list):
        if not isinstance(now, list) or len(now) != len(stored):
            return [where]
        return [d for i, (a, b) in enumerate(zip(stored, now, strict=True)) for d in agrees(a, b, f"{where}[{i}]")]
    return [] if stored == now else [f"{where}: {stored!r} then, {now!r} now"]


@pytest.mark.parametrize("entry", CORPUS, ids=[e["file"] for e in CORPUS])
def test_every_corpus_record_replays_to_its_stored_outcome(entry: dict[str, Any]) -> None:
    text = (HERE / entry["file"]).read_text(encoding="utf-8")
    played = game(record_game(text))
    assert played.name == entry["game"]
    assert agrees(entry["outcome"], played.replay(text).to_json()) == []


@pytest.mark.parametrize("entry", CORPUS, ids=[e["file"] for e in CORPUS])
def test_every_corpus_record_upgrades_to_today_with_its_outcome(entry: dict[str, Any]) -> None:
    text = (HERE / entry["file"]).read_text(encoding="utf-8")
    played = game(entry["game"])
    done = upgrade(played, text)
    again = read(played, done.text)
    assert again.revision == played.rules_revision() and not again.inferred
    assert json.loads(done.text)["rules"]["revision"] == played.rules_revision()
    assert agrees(entry["outcome"], played.replay(done.text).to_json()) == []


def test_the_corpus_holds_every_game_and_preset_of_every_revision() -> None:
    for name in BUILT_IN:
        played = game(name)
        for revision in range(1, played.rules_revision() + 1):
            presets = {e["preset"] for e in CORPUS if e["game"] == name and e["revision"] == revision}
            assert presets == set(played.presets()), (name, revision)


def test_every_rule_change_is_a_revision_with_its_source() -> None:
    for name in names():
        rules_type = game(name).rules_type
        if rules_type is None:
            continue
        assert sorted({c.revision for c in rules_type.CHANGES}) == list(range(2, rules_type.REVISION + 1)), name
        assert rules_type.UNMARKED[-1] == 1 and rules_type.UNMARKED[0] <= rules_type.REVISION
        for change in rules_type.CHANGES:
            assert change.source and change.summary
            today = rules_type.of_preset(next(iter(game(name).presets())))
            assert getattr(today, change.switch) != change.before, change.switch


@pytest.mark.parametrize(
    ("file", "revision", "kept"),
    [
        ("klaverjas/r1-kraken-a.json", 1, {}),
        ("klaverjas/r1-kraken-16-deals.json", 1, {"hand_roem_tie": "both"}),
        ("klaverjas/r1-kraken-tie.json", 1, {"hand_roem_tie": "both"}),
        ("klaverjas/r1-kraken-stuk-twice.json", 1, {"stuk_once": False}),
        ("klaverjas/r1-rotterdam-undertrump.json", 1, {"undertrump": "forced"}),
        ("klaverjas/r2-kraken-a.json", 2, {}),
    ],
)
def test_records_without_a_revision_are_told_apart_by_their_readings(
    file: str, revision: int, kept: dict[str, Any]
) -> None:
    """Records written before revisions were named: the readings under which they replay say which they are;
    an upgrade keeps an old reading only where today's gives another outcome."""
    text = (HERE / file).read_text(encoding="utf-8")
    played = game("klaverjas")
    record = read(played, text)
    assert (record.revision, record.inferred) == (revision, True)
    done = upgrade(played, text)
    assert done.kept == kept
    if file.startswith("klaverjas/r1-kraken"):  # the first trick's roem call that revision 1 left implicit
        assert done.replaced["hand_roem_until"] == "troef.games.klaverjas.record:roem_answers"
        assert json.loads(done.text)["rules"]["switches"]["hand_roem_until"] == "first_trick"
