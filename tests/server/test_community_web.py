"""The community routes' pieces that need no server: the WebAuthn relying party of a request."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from troef.server.community_web import relying_party


def request(host: str, scheme: str = "http") -> Request:
    scope: dict[str, Any] = {
        "type": "http",
        "method": "GET",
        "scheme": scheme,
        "path": "/",
        "headers": [(b"host", host.encode())],
    }
    scope["server"] = ("127.0.0.1", 8000)
    return Request(scope)


def test_the_relying_party_is_the_host_name_the_page_came_from() -> None:
    assert relying_party(request("localhost:8000")) == ("localhost", "http://localhost:8000")
    assert relying_party(request("Troef.Example.org", "https")) == ("troef.example.org", "https://troef.example.org")
    assert relying_party(request("[::1]:8000")) == ("::1", "http://[::1]:8000")
