"""The edge's checks on their own: host names, origins, client keys, connection counts."""

from __future__ import annotations

from typing import Any

from troef.server.guard import Guard, Limits, client_key, host_name


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
