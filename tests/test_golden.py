"""Every game's records and server frames are unchanged, byte for byte (golden files in ``tests/golden``).

Bonaken's were written before the shared game layer was lifted out of it;
klaverjas's and Binokel's guard their games against a refactor. Each
module's docstring gives the command that writes its files again after a
change of the rules that is meant.
"""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from tests.golden import binokel, bonaken, klaverjas


def test_bonaken_records_match_the_golden_file() -> None:
    expected = json.loads(bonaken.RECORDS.read_text(encoding="utf-8"))
    actual = json.loads(bonaken.records())
    assert len(actual) == len(expected) > 10
    for got, want in zip(actual, expected, strict=True):
        assert got == want


def test_bonaken_frames_match_the_golden_file() -> None:
    expected = json.loads(bonaken.FRAMES.read_text(encoding="utf-8"))
    actual = json.loads(bonaken.frames())
    assert sorted(actual) == sorted(expected) == ["hazerswoude-5", "nk-4", "pagat-4"]
    for table, viewers in expected.items():
        assert actual[table].keys() == viewers.keys()
        for viewer, texts in viewers.items():
            assert actual[table][viewer] == texts, f"{table}, viewer {viewer}"


@pytest.mark.parametrize("golden", [klaverjas, binokel], ids=["klaverjas", "binokel"])
def test_records_and_replays_match_the_golden_file(golden: ModuleType) -> None:
    text = golden.RECORDS.read_text(encoding="utf-8")
    assert golden.records() + "\n" == text, f"regenerate on purpose only: python -m {golden.__name__}"
    matches = json.loads(text)
    assert len(matches) == len(golden.MATCHES)
    assert all(golden.replay_agrees(match) for match in matches)


@pytest.mark.parametrize("golden", [klaverjas, binokel], ids=["klaverjas", "binokel"])
def test_frames_match_the_golden_file(golden: ModuleType) -> None:
    expected = json.loads(golden.FRAMES.read_text(encoding="utf-8"))
    actual = json.loads(golden.frames())
    assert sorted(actual) == sorted(f"{name}-{seed}" for name, _, seed in golden.TABLES)
    for table, viewers in expected.items():
        assert actual[table].keys() == viewers.keys() == {"-1", "0", "1", "2", "3", "refusals"}
        assert any(viewers["refusals"]), "the table refused something (out of turn, not an action)"
        for viewer, texts in viewers.items():
            assert actual[table][viewer] == texts, f"{table}, viewer {viewer}"
