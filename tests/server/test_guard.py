"""The edge's checks on their own: host names, origins, client keys, connection counts."""

from __future__ import annotations

from typing import Any

import pytest

from troef.server.guard import PROBATION_PER_CLIENT, Guard, Limits, client_key, host_name


def test_host_names_and_client_keys() -> None:
    assert host_name("LocalHost:8000") == "localhost"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("::1") == "::1"
    assert client_key("2001:db8:1:2:3:4:5:6") == client_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert client_key("::ffff:10.0.0.7") == "10.0.0.7"
    assert client_key("10.0.0.7") != client_key("10.0.0.8")


def test_hosts_and_origins() -> None:
    guard = Guard(Limits(allowed_hosts=("localhost", "127.0.0.1", "troef.example")))
    assert guard.host_ok("troef.example") and guard.host_ok("localhost:8000") and guard.host_ok("[::1]:80")
    assert guard.host_ok("10.1.2.3:8000")  # an address: nothing to rebind
    assert not guard.host_ok("evil.example:8000") and not guard.host_ok(None)
    assert guard.origin_ok(None, "localhost:8000")  # not a browser
    assert guard.origin_ok("http://localhost:8000", "localhost:8000")
    assert not guard.origin_ok("http://localhost:8001", "localhost:8000")  # another server on this machine
    assert not guard.origin_ok("http://evil.example", "localhost:8000")
    assert not guard.origin_ok("null", "localhost:8000")  # a sandboxed frame or a file
    assert not guard.origin_ok("http://evil.example", "evil.example")  # a name that is not allowed


class _Transport:
    def __init__(self, host: str) -> None:
        self.host = host
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True

    def get_extra_info(self, name: str) -> Any:
        return (self.host, 1234) if name == "peername" else None


def test_connection_caps_count_per_client_and_in_total() -> None:
    guard = Guard(Limits(max_connections=3, max_connections_per_client=2, reserved_connections=0))
    a1, a2, a3, b1, c1, d1 = (
        _Transport(h) for h in ("10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4")
    )
    assert guard.opened(a1) and guard.opened(a2) and not guard.opened(a3)  # two from one client
    assert guard.opened(b1)  # three in all
    # full: a newcomer takes the place of the oldest connection of the client holding the most
    assert guard.opened(c1) and a1.aborted and not a2.aborted and guard.evicted == 1
    assert guard.per_client == {"10.0.0.1": 1, "10.0.0.2": 1, "10.0.0.3": 1}
    assert not guard.opened(d1)  # nobody holds two more than it: refused
    guard.closed(a1)  # its end, when it comes, is not counted again
    guard.closed(b1)
    guard.closed(b1)  # counted once
    assert guard.opened(a3) is True
    assert guard.per_client == {"10.0.0.1": 2, "10.0.0.3": 1}


def test_a_seated_players_connection_goes_last_and_a_trusted_proxy_is_never_evicted() -> None:
    guard = Guard(
        Limits(max_connections=4, max_connections_per_client=4, reserved_connections=0, trusted_proxies=("10.9.9.9",))
    )
    seated, idle = _Transport("10.0.0.1"), _Transport("10.0.0.1")
    third = _Transport("10.0.0.1")
    assert guard.opened(seated) and guard.opened(idle) and guard.opened(third)
    guard.seat_taken(seated)
    assert guard.opened(_Transport("10.0.0.2"))
    assert guard.opened(_Transport("10.0.0.3"))  # the unseated go first, the oldest first
    assert idle.aborted and not seated.aborted
    assert guard.opened(_Transport("10.0.0.4")) and third.aborted and not seated.aborted
    proxy = Guard(
        Limits(max_connections=2, max_connections_per_client=2, reserved_connections=0, trusted_proxies=("10.9.9.9",))
    )
    p1, p2 = _Transport("10.9.9.9"), _Transport("10.9.9.9")
    assert proxy.opened(p1) and proxy.opened(p2)
    assert not proxy.opened(_Transport("10.0.0.5")) and not p1.aborted  # the proxy is everybody's


def test_an_account_is_an_owner_of_its_own_with_the_larger_allowance() -> None:
    guard = Guard(Limits(account_allowance=3, create_per_minute=2))
    assert guard.owner_of("10.0.0.7") == "10.0.0.7"
    ans, bert = guard.owner_of("10.0.0.7", "ans-id"), guard.owner_of("10.0.0.7", "bert-id")
    assert len({ans, bert, "10.0.0.7"}) == 3  # one address, three owners
    assert (guard.allowance("10.0.0.7"), guard.allowance(ans)) == (1, 3)
    made = {owner: sum(guard.allow(guard.creations, owner) for _ in range(10)) for owner in ("10.0.0.7", ans, bert)}
    assert made == {"10.0.0.7": 2, ans: 6, bert: 6}
    for wrong in (0, -1):
        with pytest.raises(ValueError, match="account allowance"):
            Limits(account_allowance=wrong)


def _seated_signed_in(guard: Guard, host: str, cookie: str, account: str) -> _Transport:
    """A game socket from ``host`` whose upgrade carried ``cookie``, seated, its session ``account``'s."""
    socket = _Transport(host)
    assert guard.opened(socket) and guard.headed(socket, cookie)
    guard.seat_taken(socket)
    guard.signed_in_seat(socket, account)
    return socket


def test_a_seated_signed_in_player_is_let_in_over_the_caps_and_nobody_else() -> None:
    guard = Guard(Limits(max_connections=4, max_connections_per_client=2, reserved_connections=0))
    player = _seated_signed_in(guard, "10.0.0.1", "ans-session", "ans")
    assert guard.per_client == {"account:ans": 1} and guard.seated_per_client == {"account:ans": 1}
    guests = [_Transport("10.0.0.1") for _ in range(2)] + [_Transport("10.0.0.2")]
    assert all(guard.opened(g) and guard.headed(g, None) for g in guests)  # the player's network has both places
    guard.closed(player)  # its connection drops: the server is full, and so is its network
    late = _Transport("10.0.0.2")
    assert guard.opened(late) and guard.headed(late, None)
    back, guest, forged = _Transport("10.0.0.1"), _Transport("10.0.0.1"), _Transport("10.0.0.1")
    for waiting in (back, guest, forged):
        assert not guard.opened(waiting) and guard.on_probation(waiting)
    assert not guard.headed(guest, None) and not guard.headed(forged, "ans-sessio")
    assert guard.headed(back, "ans-session")  # the seated player, within its grace: an idle guest makes room
    assert guard.evicted == 1 and sum(g.aborted for g in [*guests, late]) == 1
    assert guard.open[id(back)] == "account:ans" and len(guard.open) == 4 and not guard.probation
    guard.forget_sessions(account="ans")  # signed out everywhere
    again = _Transport("10.0.0.1")
    assert not guard.opened(again) and not guard.on_probation(again)  # nobody left to vouch for


def test_probation_is_bounded_per_network_and_never_for_a_trusted_proxy() -> None:
    guard = Guard(Limits(max_connections=2, max_connections_per_client=1, reserved_connections=0))
    guard.seated_sessions["s"] = ("ans", 0.0)
    first = _Transport("10.0.0.1")
    assert guard.opened(first)
    waiting = [_Transport("10.0.0.1") for _ in range(PROBATION_PER_CLIENT + 1)]
    assert [guard.on_probation(w) for w in waiting] == [True] * PROBATION_PER_CLIENT + [False]
    for w in waiting:
        guard.closed(w)
    assert not guard.probation
    proxied = Guard(Limits(max_connections=1, reserved_connections=0, trusted_proxies=("10.0.0.9",)))
    proxied.seated_sessions["s"] = ("ans", 0.0)
    assert proxied.opened(_Transport("10.0.0.9")) and not proxied.on_probation(_Transport("10.0.0.9"))
