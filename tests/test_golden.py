"""Bonaken's records and server frames are unchanged by the shared game layer (golden files)."""

from __future__ import annotations

import json

from tests.golden import bonaken


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
