"""Hidden cards stay hidden in the research tensors and strings.

At every other step of random deals, each seat's observation and
information-state tensors and strings are compared with those of the same
state in which the cards that seat has not seen are dealt differently (the
game's ``shuffle_unseen``, as tests/test_battery.py checks the views): they
must be equal, while another seat's tensor does change (so the comparison had
something to catch).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from troef.research.episode import Config, Episode  # noqa: E402
from troef.research.strings import view_string  # noqa: E402
from troef.research.tensors import layout  # noqa: E402

from .cases import CASES, deal as deal_episode  # noqa: E402


def _tensors(e: Episode, seat: int) -> tuple[Any, Any, str, str]:
    lay = layout(e.config.game, e.config.players)
    obs = np.zeros(lay.observation_size, np.float32)
    info = np.zeros(lay.information_state_size, np.float32)
    view = e.view(seat)
    assert view is not None
    lay.write(view, obs, False)
    lay.write(view, info, True)
    return obs, info, view_string(e, seat, False), view_string(e, seat, True)


#: shuffle_unseen swaps cards between two other seats: a table of three players at least.
SHUFFLED = [(g, p, n) for g, p, n in CASES if n >= 3]


@pytest.mark.parametrize(("name", "preset", "players"), SHUFFLED, ids=[f"{g}-{p}-{n}" for g, p, n in SHUFFLED])
def test_tensors_do_not_change_when_unseen_cards_are_dealt_differently(name: str, preset: str, players: int) -> None:
    chooser = random.Random(5)
    compared = 0
    for deal in range(3):
        e = Episode(Config(name, preset, players))
        deal_episode(e, deal)
        step = 0
        while not e.over:
            if step % 2 == 0:
                for seat in range(players):
                    shuffled = e.game.shuffle_unseen(e.match, seat, seed=step * 7 + seat)
                    if shuffled is None:
                        continue
                    other = e.with_match(shuffled)
                    mine, theirs = _tensors(e, seat), _tensors(other, seat)
                    for a, b in zip(mine, theirs, strict=True):
                        assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
                    assert any(
                        not np.array_equal(_tensors(e, s)[0], _tensors(other, s)[0])
                        for s in range(players)
                        if s != seat
                    )
                    compared += 1
            e.apply(chooser.choice(list(e.legal())))
            step += 1
    assert compared > 0


def test_the_observation_holds_the_seats_own_hand() -> None:
    e = Episode(Config("klaverjas", "kraken", 4))
    deal_episode(e, 1)
    obs = _tensors(e, 2)[0]
    view = e.view_json(2)
    assert view is not None
    from troef.cards import parse_card

    assert {i for i in range(32) if obs[i]} == {parse_card(c) for c in view["hand"]}


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=[f"{g}-{p}-{n}" for g, p, n in CASES])
def test_a_tensor_written_from_the_last_steps_memo_is_the_one_written_afresh(
    name: str, preset: str, players: int
) -> None:
    lay = layout(name, players)
    chooser = random.Random(3)
    memos: list[dict[str, Any]] = [{} for _ in range(players)]
    shared: dict[str, Any] = {}  # one memo passed between seats and deals: it must start afresh each time
    written = 0
    for episode in ("deal", "match"):
        e = Episode(Config(name, preset, players, episode))
        deal_episode(e, 4)
        while not e.over and e.game.deals(e.match) <= 3:
            for seat in range(players):
                view = e.view(seat)
                assert view is not None
                fresh, kept, passed = (np.zeros(lay.observation_size, np.float32) for _ in range(3))
                lay.write(view, fresh, False)
                lay.write(view, kept, False, memos[seat])
                lay.write(view, passed, False, shared)
                assert np.array_equal(fresh, kept) and np.array_equal(fresh, passed)
                written += 1
            e.apply(chooser.choice(list(e.legal())))
            deal_episode(e, written)  # a match episode's next deal
    assert written > 20
