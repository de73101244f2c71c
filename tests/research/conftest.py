"""Fixtures of the research tests: Tiny, the game written outside troef's packages, registered while asked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games.tiny import registered


@pytest.fixture
def tiny() -> Iterator[None]:
    with registered():
        yield
