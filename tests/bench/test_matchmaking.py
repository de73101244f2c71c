"""``troef bench server --matchmaking``: players queue through a real server, are seated and play."""

from __future__ import annotations

import pytest

from troef.bench.matchmaking import describe_matchmaking, run_matchmaking
from troef.bench.server import BenchError

pytestmark = pytest.mark.slow  # a server process and whole tables


def test_six_players_make_a_full_table_and_one_filled_with_computer_players() -> None:
    result = run_matchmaking(6, "bonaken", "nk", wait=1, seconds=3)
    assert result["seated"] == 6 and result["unseated"] == 0 and result["errors"] == 0
    assert result["tables"] == 2  # four together; the two left over with two computer players after the wait
    assert result["actions"] > 0
    assert result["queue_wait_max_ms"] >= 1000  # the two left over waited their second
    text = describe_matchmaking(result)
    assert "seated           6 of 6 at 2 tables" in text and "queue wait" in text


def test_a_run_that_cannot_be_made_says_why() -> None:
    with pytest.raises(BenchError):
        run_matchmaking(0)
