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

    def get_extra_info(self, name: str) -> Any:
        return (self.host, 1234) if name == "peername" else None


def test_connection_caps_count_per_client_and_in_total() -> None:
    guard = Guard(Limits(max_connections=3, max_connections_per_client=2))
    a1, a2, a3, b1, c1 = (_Transport(h) for h in ("10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.3"))
    assert guard.opened(a1) and guard.opened(a2) and not guard.opened(a3)
    assert guard.opened(b1) and not guard.opened(c1)  # three in all
    guard.closed(a1)
    guard.closed(a1)  # counted once
    assert guard.opened(c1) and not guard.opened(a3)
    guard.closed(b1)
    assert guard.opened(a3) is True
    assert guard.per_client == {"10.0.0.1": 2, "10.0.0.3": 1}
