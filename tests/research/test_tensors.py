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

from .cases import CASES  # noqa: E402
from .cases import deal as deal_episode  # noqa: E402


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


@pytest.mark.parametrize(("name", "preset"), [("klaverjas", "kraken"), ("binokel", "cardgames")])
def test_two_match_histories_with_the_same_current_deal_give_different_tensors(name: str, preset: str) -> None:
    """Perfect recall in a match: the score the deal is played for is in the tensor, not only in the string."""
    lay = layout(name, 4)
    second: list[int] | None = None
    found: list[Any] = []
    for seed in range(40):
        e = deal_episode(Episode(Config(name, preset, 4, "match")), 0)  # the same first deal, other play
        chooser = random.Random(seed)
        while e.game.deals(e.match) == 1 and not e.over:
            e.apply(chooser.choice(list(e.legal())))
        if e.over:
            continue
        if second is None:
            deal_episode(e, 99)
            second = e.history[e.deal_start :]
        else:
            for card in second:  # the same second deal, card for card
                e.apply_chance(card)
        seat = e.to_act
        view = e.view(seat)
        tensor = np.zeros(lay.information_state_size, np.float32)
        lay.write(view, tensor, True)
        found.append(tensor)
    match = slice(lay.observation_size - lay.context_size, lay.observation_size)
    # group by the deal's own part (Bonaken's next dealer follows the result, nk rule 7): within a group the
    # deal is the same to the seat, and the match around it tells the groups' members apart
    groups: dict[tuple[float, ...], set[tuple[float, ...]]] = {}
    for t in found:
        deal_part = tuple(np.concatenate([t[: match.start], t[lay.observation_size :]]).tolist())
        groups.setdefault(deal_part, set()).add(tuple(t[match].tolist()))
    assert max(len(members) for members in groups.values()) > 1


def test_a_bonaken_tensor_holds_every_seats_standing_on_the_sheet() -> None:
    lay = layout("bonaken", 4)
    for seed in range(60):  # random play mostly ends a match at once (false roem, nk rule 66): find one that goes on
        e = deal_episode(Episode(Config("bonaken", "nk", 4, "match")), seed)
        chooser = random.Random(seed)
        view = e.view(e.to_act)
        while not e.over and all(s == "suf" for s in view.standing):
            e.apply(chooser.choice(list(e.legal())))
            deal_episode(e, len(e.history))
            if not e.over:
                view = e.view(e.to_act)
        if not e.over:
            break
    assert not e.over and any(s != "suf" for s in view.standing)
    tensor = np.zeros(lay.observation_size, np.float32)
    lay.write(view, tensor, False)
    part = tensor[lay.observation_size - lay.context_size :].reshape(4, 6)
    statuses = ["suf", "krom", "recht", "wip", "eruit", "erin"]  # nk rule 59
    expected = [statuses.index(view.standing[(view.viewer + k) % 4]) for k in range(4)]
    assert [int(row.argmax()) for row in part] == expected and part.sum() == 4
