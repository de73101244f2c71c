"""The server's defences at its edge: which hosts and origins it answers, per-client limits, connection caps.

Everything here is about the HTTP and WebSocket plumbing, none of it about a
game. :class:`Limits` holds the configurable numbers (``troef serve --help``
lists them); :class:`Guard` applies them:

- **Host and Origin** (DNS rebinding, cross-site requests): every request's
  ``Host`` must name this server (loopback names by default; ``--allowed-host``
  adds the public ones; an IP address is always fine, as no DNS answer can
  have been rebound for it), and a request that changes something (``POST``) or
  opens the game socket must come from a page of this server when it carries
  an ``Origin`` (a browser always sends one there; other clients send none).
- **Owners and per-owner limits**: every resource a client can make the server
  hold (a table, a connection, a tournament, a queued computation) counts
  against an *owner* (:meth:`Guard.owner_of`): the account of a valid
  session cookie, with :attr:`Limits.account_allowance` times a guest's
  allowance, else a guest's network
  (:meth:`Guard.client_key`: an IPv4 address, or its /24 with
  ``--ipv4-prefix 24``; an IPv6 address's /64, since one host has a whole /64
  to choose from, or its /56 with ``--ipv6-prefix 56``, as many providers give
  a customer a /56). How many tables and tournaments one owner may create a
  minute, and how many replays and analyses it may ask for, are token buckets
  keyed by the owner; the resource table of ``docs/deploy.md`` lists every
  resource with its owner, its price and its end.
- **Connections**: at most so many open at once in total and per client, a
  request head must arrive whole within ``header_timeout`` seconds (a client
  that trickles its headers is cut off), and an idle keep-alive connection is
  closed after ``idle_timeout`` (uvicorn's keep-alive timeout). The caps count
  a connection from its first byte to its end, as HTTP and then, if upgraded,
  as the game socket. The last ``reserved_connections`` places are kept for
  clients (networks) that have a player seated at a table. When the places a
  newcomer may take are full, it takes the place of a connection of the
  owner that holds the most (:meth:`Guard.opened`; connections that are
  not a seated player's go first), as long as that owner holds at least two
  more than the newcomer: however many addresses hold sockets open, each
  can keep only its fair share, and a player reconnecting, its partner or a
  new visitor still gets in. A signed-in player's seated socket counts against
  its account, and a connection over the caps waits on probation for its
  first request head: if that carries the session of a signed-in player
  seated at a table, it is let in (:meth:`Guard.headed`).
- **Behind a reverse proxy**: every connection comes from the proxy, so the
  client's address is in its ``X-Forwarded-For`` header; the server believes
  that header only from the addresses given as ``trusted_proxies``
  (``--trusted-proxy``; none by default, so no client can pick its own
  address). Connections from a trusted proxy are not capped per client (the
  proxy is one client for all); the rate limits count the forwarded address.

:func:`guarded_http` makes the uvicorn HTTP protocol that does the connection
part; :func:`lock_database` keeps a second server off the same SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import ipaddress
import logging
import os
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final
from urllib.parse import urlsplit

from starlette.requests import cookie_parser

from troef.server.protocol import TokenBucket

log = logging.getLogger("troef.server")

#: The key of the lifespan state under which the app gives its :class:`Guard` to the protocols.
GUARD: Final = "troef.guard"

#: Host names a server on loopback answers to by default.
LOOPBACK_HOSTS: Final = ("localhost", "127.0.0.1", "::1")

#: The addresses an operator asks ``/api/health`` from by default (the machine itself).
LOOPBACK_OPERATORS: Final = ("127.0.0.1", "::1")

#: Connections let in over the caps until their first request head, in all and from one network
#: (:meth:`Guard.headed`; the header timeout ends them).
PROBATION: Final = 64
PROBATION_PER_CLIENT: Final = 8
#: Seconds a connection on probation has to send its whole first request head.
PROBATION_SECONDS: Final = 2.0

#: Seconds a signed-in player's session is still vouched for after its last seated socket closed.
SEATED_GRACE: Final = 3600.0

#: Bytes a request head on probation may have (uvicorn's parser takes any head; a cookie fits in 8 KiB).
MAX_EARLY_HEAD: Final = 65536

#: The name of the session cookie (``troef.server.accounts.COOKIE``).
SESSION_COOKIE: Final = "troef_session"

#: How an owner that is an account is written (an address or network never starts so).
ACCOUNT_OWNER: Final = "account:"

#: Clients whose rate-limit buckets are remembered at once (the least recently seen are forgotten first).
MAX_CLIENTS: Final = 10000

_TOO_MANY: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: 21\r\nretry-after: 5\r\n\r\ntoo many connections\n"
)


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's configurable limits (the defaults suit one server for a club or a café)."""

    #: Host names (``Host`` header, without port) the server answers; ``*`` answers any.
    allowed_hosts: tuple[str, ...] = LOOPBACK_HOSTS
    #: Tables one client may create a minute (and at once, after a pause); 0: no limit.
    create_per_minute: float = 10.0
    #: Replays and records one client may fetch a minute (and at once); 0: no limit.
    replays_per_minute: float = 60.0
    #: Tournaments one client may create a minute (and at once); 0: no limit.
    tournaments_per_minute: float = 5.0
    #: Addresses whose ``/api/health`` shows the counts of tables (an operator's); the token in
    #: ``x-troef-operator`` shows them from anywhere, when one is set.
    operator_addresses: tuple[str, ...] = LOOPBACK_OPERATORS
    operator_token: str | None = None
    #: Tables one owner may hold at once, made in the lobby or opened for a tournament (None: a tenth of
    #: ``--max-tables``, at least 4).
    max_tables_per_owner: int | None = None
    #: Worker processes for analyses and open-card replays, and computations that may wait for one (in all,
    #: and from one owner); more get 503 with Retry-After.
    analysis_workers: int = 1
    analysis_queue: int = 8
    analysis_queue_per_owner: int = 2
    #: Seconds a client has to send a whole request head.
    header_timeout: float = 10.0
    #: Seconds an idle keep-alive connection, or a game socket that has joined no table, stays open.
    idle_timeout: float = 20.0
    #: Connections open at once, in total and from one client.
    max_connections: int = 1000
    max_connections_per_client: int = 100
    #: Of ``max_connections``, the places only clients with a seated player may take (None: a tenth).
    reserved_connections: int | None = None
    #: The network prefix one client is counted by: IPv4 /32 (one address) or e.g. /24; IPv6 /64 or e.g. /56.
    ipv4_prefix: int = 32
    ipv6_prefix: int = 64
    #: Addresses of reverse proxies whose ``X-Forwarded-For`` is believed; none by default.
    trusted_proxies: tuple[str, ...] = ()
    #: A signed-in player's allowances (tables held, new tables, replays and analyses a minute) as a multiple of
    #: a guest network's; each account has its own, whatever network it plays from.
    account_allowance: int = 2

    def tables_per_owner(self, max_tables: int) -> int:
        """Tables one owner may hold at once on a server of ``max_tables`` tables in play."""
        if self.max_tables_per_owner is not None:
            return self.max_tables_per_owner
        return max(4, max_tables // 10)

    def __post_init__(self) -> None:
        if self.account_allowance < 1:
            raise ValueError("the account allowance must be at least 1")
        if self.analysis_workers < 1 or self.analysis_queue < 1 or self.analysis_queue_per_owner < 1:
            raise ValueError("the analysis workers and queues must be at least 1")
        if not 8 <= self.ipv4_prefix <= 32 or not 16 <= self.ipv6_prefix <= 128:
            raise ValueError("the IPv4 prefix must be from 8 to 32, the IPv6 prefix from 16 to 128")
        if not 0 <= self.reserve < max(1, self.max_connections):
            raise ValueError("the reserved connections must be fewer than the connections")

    @property
    def reserve(self) -> int:
        """The places kept for clients with a seated player."""
        return self.max_connections // 10 if self.reserved_connections is None else self.reserved_connections


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """The limits as options of ``python -m troef.server`` (the same as ``troef serve``'s)."""
    d = Limits()
    parser.add_argument("--allowed-host", action="append", default=[], help="a host name to answer besides loopback")
    parser.add_argument("--max-tables", type=int, default=1000)
    parser.add_argument("--create-rate", type=float, default=d.create_per_minute)
    parser.add_argument("--replay-rate", type=float, default=d.replays_per_minute)
    parser.add_argument("--tournament-rate", type=float, default=d.tournaments_per_minute)
    parser.add_argument("--max-tables-per-owner", type=int, default=None)
    parser.add_argument("--analysis-workers", type=int, default=1)
    parser.add_argument("--analysis-queue", type=int, default=8)
    parser.add_argument("--operator-address", action="append", default=None)
    parser.add_argument("--expire-after", type=float, default=180.0)
    parser.add_argument("--header-timeout", type=float, default=d.header_timeout)
    parser.add_argument("--idle-timeout", type=float, default=d.idle_timeout)
    parser.add_argument("--max-connections", type=int, default=d.max_connections)
    parser.add_argument("--max-connections-per-client", type=int, default=d.max_connections_per_client)
    parser.add_argument("--reserved-connections", type=int, default=None)
    parser.add_argument("--ipv4-prefix", type=int, default=d.ipv4_prefix)
    parser.add_argument("--ipv6-prefix", type=int, default=d.ipv6_prefix)
    parser.add_argument("--trusted-proxy", action="append", default=[])
    parser.add_argument("--max-unjoined-tables", type=int, default=1000)
    parser.add_argument(
        "--account-allowance",
        type=int,
        default=d.account_allowance,
        help="a signed-in player's allowances (tables held, new tables, replays, analyses) as a multiple of a "
        "guest network's (default %(default)s)",
    )


def limits_from_arguments(args: argparse.Namespace) -> Limits:
    """The :class:`Limits` of parsed :func:`add_limit_arguments` options."""
    return Limits(
        allowed_hosts=tuple(args.allowed_host),
        create_per_minute=args.create_rate,
        replays_per_minute=args.replay_rate,
        tournaments_per_minute=args.tournament_rate,
        operator_addresses=tuple(args.operator_address or LOOPBACK_OPERATORS),
        max_tables_per_owner=args.max_tables_per_owner,
        analysis_workers=args.analysis_workers,
        analysis_queue=args.analysis_queue,
        header_timeout=args.header_timeout,
        idle_timeout=args.idle_timeout,
        max_connections=args.max_connections,
        max_connections_per_client=args.max_connections_per_client,
        reserved_connections=args.reserved_connections,
        ipv4_prefix=args.ipv4_prefix,
        ipv6_prefix=args.ipv6_prefix,
        trusted_proxies=tuple(args.trusted_proxy),
        account_allowance=args.account_allowance,
    )


def client_key(host: str | None, ipv4_prefix: int = 32, ipv6_prefix: int = 64) -> str:
    """What the limits count a client by: the network of its address (an IPv4 address or /24, an IPv6 /64 or /56).

    >>> client_key("192.0.2.7"), client_key("192.0.2.7", ipv4_prefix=24), client_key("::ffff:192.0.2.7")
    ('192.0.2.7', '192.0.2.0/24', '192.0.2.7')
    >>> client_key("2001:db8:0:12ab::1"), client_key("2001:db8:0:12ab::1", ipv6_prefix=56)
    ('2001:db8:0:12ab::/64', '2001:db8:0:1200::/56')
    """
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        else:
            return str(ipaddress.ip_network(f"{address}/{ipv6_prefix}", strict=False))
    if ipv4_prefix >= 32:
        return str(address)
    return str(ipaddress.ip_network(f"{address}/{ipv4_prefix}", strict=False))


def host_name(value: str) -> str:
    """The name of a ``Host`` header or an origin's authority, without its port, in lower case."""
    value = value.strip().lower()
    if value.startswith("["):  # [::1]:8000
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        return value.partition(":")[0]
    return value


class RateLimiter:
    """One token bucket per client: ``per_minute`` events a minute, as many at once."""

    def __init__(self, per_minute: float) -> None:
        self.per_minute = per_minute
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, client: str, scale: float = 1.0) -> bool:
        """Whether ``client`` may do it now (and spend the allowance if so); ``scale``: its allowance is this
        many times the others' (a signed-in player's, :meth:`Guard.allowance`)."""
        if self.per_minute <= 0:
            return True
        bucket = self._buckets.get(client)
        if bucket is None:
            rate = self.per_minute * scale
            bucket = self._buckets[client] = TokenBucket(rate / 60.0, max(1.0, rate))
            if len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        return bucket.take()


@dataclass
class Guard:
    """The limits of one app, and the state they need (rate buckets, open connections)."""

    limits: Limits = field(default_factory=Limits)
    creations: RateLimiter = field(init=False)
    replays: RateLimiter = field(init=False)
    tournaments: RateLimiter = field(init=False)
    #: Open connections by transport, with the client each counts against.
    open: dict[int, str] = field(default_factory=dict)
    #: The transports of the open connections (a newcomer may take the place of one: :meth:`opened`).
    transports: dict[int, Any] = field(default_factory=dict)
    #: Connections closed to make room for a newcomer (for the log and the tests).
    evicted: int = 0
    per_client: dict[str, int] = field(default_factory=dict)
    #: Game sockets with a seat at a table (by transport), and how many each client has.
    seated: set[int] = field(default_factory=set)
    seated_per_client: dict[str, int] = field(default_factory=dict)
    #: Connections let in over the caps on probation (by transport, with their network): their first request
    #: head must carry the session of a signed-in player seated at a table (:meth:`headed`), or they get 503.
    probation: dict[int, str] = field(default_factory=dict)
    #: The session cookie the first request of each counted connection carried (by transport).
    cookies: dict[int, str] = field(default_factory=dict)
    #: Sessions of signed-in players with a seat at a table: the account, and when it last held or left a seat
    #: (``time.monotonic``); a session is vouched for while it sits, and for :data:`SEATED_GRACE` after.
    seated_sessions: OrderedDict[str, tuple[str, float]] = field(default_factory=OrderedDict)

    def __post_init__(self) -> None:
        self.creations = RateLimiter(self.limits.create_per_minute)
        self.replays = RateLimiter(self.limits.replays_per_minute)
        self.tournaments = RateLimiter(self.limits.tournaments_per_minute)
        self._hosts = frozenset(host_name(h) for h in self.limits.allowed_hosts)
        self._proxies = frozenset(self.limits.trusted_proxies)
        self._proxy_keys = frozenset(self.client_key(p) for p in self._proxies)

    def client_key(self, host: str | None) -> str:
        """The network a client is counted by, with this server's prefixes (:func:`client_key`)."""
        return client_key(host, self.limits.ipv4_prefix, self.limits.ipv6_prefix)

    def owner_of(self, host: str | None, account: str | None = None) -> str:
        """The owner a client's resources count against: the account a valid session cookie signs in
        (``account``: its id), else the client's network (:meth:`client_key`).

        The one place that decides it: guests on one network share one
        allowance, while each signed-in player has its own
        (:meth:`allowance` times a guest network's), wherever it plays from.
        """
        if account is not None:
            return ACCOUNT_OWNER + account
        return self.client_key(host)

    def allowance(self, owner: str) -> int:
        """How many times a guest network's allowance ``owner`` has (:attr:`Limits.account_allowance` for an
        account, 1 for a network)."""
        return self.limits.account_allowance if owner.startswith(ACCOUNT_OWNER) else 1

    def allow(self, limiter: RateLimiter, owner: str) -> bool:
        """Whether ``owner`` may spend one of ``limiter``'s allowance now (an account's is the larger)."""
        return limiter.allow(owner, self.allowance(owner))

    def is_operator(self, host: str | None, token: str | None) -> bool:
        """Whether a request comes from an operator: one of ``operator_addresses``, or with the operator token."""
        wanted = self.limits.operator_token or os.environ.get("TROEF_OPERATOR_TOKEN")
        if wanted and token and hmac.compare_digest(wanted.encode(), token.encode()):
            return True
        return host is not None and host in self.limits.operator_addresses

    # ------------------------------------------------------------------ hosts and origins
    def host_ok(self, host: str | None) -> bool:
        """Whether a request's ``Host`` header names this server."""
        if host is None:
            return False
        name = host_name(host)
        if "*" in self._hosts or name in self._hosts:
            return True
        # an address, not a name: no DNS answer is involved, so no rebinding (a page at http://192.168.1.5:8000
        # is this server's own); this keeps `--host 0.0.0.0` usable on a LAN without --allowed-host
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """Whether a request with this ``Origin`` may change something: none, or a page of this very server.

        The origin must name the host the request was sent to (so a page of
        another site, or of another port's server, is refused), and that host
        must be one of the allowed ones.
        """
        if origin is None:
            return True
        parts = urlsplit(origin.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc or host is None:
            return False
        return parts.netloc.lower() == host.strip().lower() and self.host_ok(host)

    # ------------------------------------------------------------------ connections
    def opened(self, transport: Any) -> bool:
        """Count a new connection; False (and it is not counted) if a cap is reached.

        The last :attr:`Limits.reserve` places go only to clients
        with a player seated at a table (a player reconnecting, or loading
        the page again); a trusted proxy is not capped per client. When the
        places this client may take are full, it takes the place of a
        connection of the client holding the most (:meth:`_make_room`).
        """
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else None
        client = self.client_key(host)
        limits = self.limits
        count = self.per_client.get(client, 0)
        if count >= limits.max_connections_per_client and host not in self._proxies:
            return False
        room = limits.max_connections
        if not self.seated_per_client.get(client):
            room -= limits.reserve
        if len(self.open) >= room and (host in self._proxies or not self._make_room(client, count)):
            return False
        self.open[id(transport)] = client
        self.transports[id(transport)] = transport
        self.per_client[client] = count + 1
        return True

    def on_probation(self, transport: Any) -> bool:
        """Let a connection that :meth:`opened` refused in until its first request head (:meth:`headed`), if few
        are waiting so: a signed-in player seated at a table may be behind it, and only its request says so.
        Not from a trusted proxy (its caps are everybody's)."""
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else None
        client = self.client_key(host)
        if not self.seated_sessions or host in self._proxies or len(self.probation) >= PROBATION:
            return False  # (with no signed-in player seated, nobody could be vouched for)
        if sum(1 for c in self.probation.values() if c == client) >= PROBATION_PER_CLIENT:
            return False
        self.probation[id(transport)] = client
        self.transports[id(transport)] = transport
        return True

    def headed(self, transport: Any, cookie: str | None) -> bool:
        """A connection's request head has come, with the session cookie it carries: False if it may not be served.

        A connection on probation is served only if the cookie is the session
        of a signed-in player seated at a table: it counts against the
        account, and takes a free place (the reserve too) or that of a
        connection of the owner holding the most (not a seated player's, where
        there is another). Every other connection is served as it was let in.
        """
        key = id(transport)
        network = self.probation.pop(key, None)
        if network is None:
            if cookie and key in self.open and key not in self.cookies:
                self.cookies[key] = cookie
            return True
        account = self.seated_account(cookie)
        if account is None:
            self.transports.pop(key, None)
            return False
        owner = ACCOUNT_OWNER + account
        count = self.per_client.get(owner, 0)
        if count >= self.limits.max_connections_per_client * self.allowance(owner):
            self.transports.pop(key, None)
            return False
        if len(self.open) >= self.limits.max_connections and not self._make_room(owner, count, player=True):
            self.transports.pop(key, None)
            return False
        assert cookie is not None
        self.open[key] = owner
        self.per_client[owner] = count + 1
        self.cookies[key] = cookie
        return True

    def seated_account(self, cookie: str | None) -> str | None:
        """The account of a session known to have a seat at a table (now, or within :data:`SEATED_GRACE`)."""
        known = self.seated_sessions.get(cookie) if cookie else None
        if known is None:
            return None
        account, since = known
        if time.monotonic() - since > SEATED_GRACE and not self._sits(account):
            return None
        return account

    def _sits(self, account: str) -> bool:
        return bool(self.seated_per_client.get(ACCOUNT_OWNER + account))

    def signed_in_seat(self, transport: Any, account: str) -> None:
        """A seated game socket's session is ``account``'s (checked by the app): it counts against the account,
        not its network, and the session is vouched for when it reconnects (:meth:`headed`)."""
        key = id(transport)
        cookie, client = self.cookies.get(key), self.open.get(key)
        if cookie is None or client is None or key not in self.seated:
            return
        self.seated_sessions[cookie] = (account, time.monotonic())
        self.seated_sessions.move_to_end(cookie)
        if len(self.seated_sessions) > MAX_CLIENTS:
            self.seated_sessions.popitem(last=False)
        owner = ACCOUNT_OWNER + account
        if client == owner:
            return
        _drop(self.per_client, client)
        _drop(self.seated_per_client, client)
        self.open[key] = owner
        self.per_client[owner] = self.per_client.get(owner, 0) + 1
        self.seated_per_client[owner] = self.seated_per_client.get(owner, 0) + 1

    def forget_sessions(self, cookie: str | None = None, account: str | None = None) -> None:
        """Vouch no more for a session (signed out), or for every session of an account (signed out everywhere)."""
        if cookie is not None:
            self.seated_sessions.pop(cookie, None)
        if account is not None:
            for gone in [c for c, (a, _) in self.seated_sessions.items() if a == account]:
                del self.seated_sessions[gone]

    def _make_room(self, client: str, count: int, *, player: bool = False) -> bool:
        """Close a connection of the client that holds the most, if it holds at least two more than ``client``
        (for a seated signed-in ``player``: if it holds any).

        Its connections that are not a seated player's go first, the oldest
        first; a trusted proxy's are never taken (they are everybody's).
        """
        proxies = self._proxy_keys
        if player:  # the owner with the most connections that are not a seated player's
            spare: dict[str, int] = {}
            for key, other in self.open.items():
                if key not in self.seated and other != client and other not in proxies:
                    spare[other] = spare.get(other, 0) + 1
            heaviest = max(spare, key=spare.__getitem__, default=None)
        else:
            heaviest, most = None, count + 1
            for other, held in self.per_client.items():
                if held > most and other != client and other not in proxies:
                    heaviest, most = other, held
        if heaviest is None:
            return False
        mine = [key for key, owner in self.open.items() if owner == heaviest]
        victim = next((key for key in mine if key not in self.seated), mine[0])
        transport = self.transports.get(victim)
        self.closed(transport, key=victim)
        self.evicted += 1
        if transport is not None:
            log.debug("a connection of %s was closed to make room for %s", heaviest, client)
            transport.abort()
        return True

    def seat_taken(self, transport: Any) -> None:
        """A counted game socket has joined a table as a seat: its client may use the reserved places."""
        key = id(transport)
        client = self.open.get(key)
        if client is None or key in self.seated:
            return
        self.seated.add(key)
        self.seated_per_client[client] = self.seated_per_client.get(client, 0) + 1

    def closed(self, transport: Any, key: int | None = None) -> None:
        """A counted connection has ended (once is enough: later calls do nothing)."""
        key = id(transport) if key is None else key
        self.transports.pop(key, None)
        self.probation.pop(key, None)
        cookie = self.cookies.pop(key, None)
        client = self.open.pop(key, None)
        if client is None:
            return
        _drop(self.per_client, client)
        if key in self.seated:
            self.seated.discard(key)
            _drop(self.seated_per_client, client)
            known = self.seated_sessions.get(cookie) if cookie else None
            if cookie and known is not None:  # the grace of a player who lost its connection starts now
                self.seated_sessions[cookie] = (known[0], time.monotonic())


def _drop(counts: dict[str, int], client: str) -> None:
    left = counts[client] - 1
    if left:
        counts[client] = left
    else:
        del counts[client]


def _session_cookie(headers: list[tuple[bytes, bytes]]) -> str | None:
    """The session cookie (``troef.server.accounts.COOKIE``) of a request's headers, if it has one."""
    for name, value in headers:
        if name == b"cookie":
            found = cookie_parser(value.decode("latin-1")).get(SESSION_COOKIE)
            if found:
                return found
    return None


def guarded_http(base: type[Any]) -> type[Any]:
    """uvicorn's HTTP protocol ``base`` with the connection caps and the header timeout of the app's :class:`Guard`.

    ``base`` is uvicorn's httptools protocol, whose parser calls
    ``on_message_begin`` at the first byte of a request and
    ``on_headers_complete`` at the end of its head: the head must get from
    one to the other (or from the connection's start to the end of its first
    head) within the header timeout.
    """

    class GuardedHttp(base):  # type: ignore[misc]
        _guard: Guard | None = None
        _head_timer: asyncio.TimerHandle | None = None
        #: The bytes of a first request head on probation, until it is whole.
        _early: bytearray = bytearray()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            guard = self.app_state.get(GUARD)
            if guard is None:
                return
            if not guard.opened(transport) and not guard.on_probation(transport):
                transport.write(_TOO_MANY)
                transport.close()
                return
            self._guard = guard
            self._early = bytearray()
            self._start_head_timer()

        def _start_head_timer(self) -> None:
            guard = self._guard
            if self._head_timer is None and guard is not None:
                if id(self.transport) in guard.probation:  # a seated player's browser sends its head at once
                    self._head_timer = self.loop.call_later(PROBATION_SECONDS, self._refuse)
                else:
                    self._head_timer = self.loop.call_later(guard.limits.header_timeout, self._head_too_slow)

        def _refuse(self) -> None:
            """503 to a connection on probation, which is not counted (any more)."""
            self._stop_head_timer()
            if self._guard is not None:
                self._guard.closed(self.transport)
                self._guard = None
            if not self.transport.is_closing():
                self.transport.write(_TOO_MANY)
                self.transport.close()

        def _stop_head_timer(self) -> None:
            timer, self._head_timer = self._head_timer, None
            if timer is not None:
                timer.cancel()

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if not self.transport.is_closing():
                log.debug("a request head took too long; connection closed")
                self.transport.abort()  # not close(): a client that does not read would keep it open

        def on_message_begin(self) -> None:
            self._start_head_timer()
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._stop_head_timer()
            if self._guard is not None:  # remembers the session of a counted connection (a seat may vouch for it)
                self._guard.headed(self.transport, _session_cookie(self.headers))
            super().on_headers_complete()

        def data_received(self, data: bytes) -> None:
            guard = self._guard
            if guard is not None and id(self.transport) in guard.probation:
                # on probation: read the whole first head before anything is parsed, and serve it only if its
                # session is a seated signed-in player's (Guard.headed)
                self._early += data
                end = self._early.find(b"\r\n\r\n")
                if end < 0:
                    if len(self._early) > MAX_EARLY_HEAD:
                        self.transport.abort()
                    return
                data, self._early = bytes(self._early), bytearray()
                lines = data[:end].split(b"\r\n")[1:]
                heads = [(n.strip().lower(), v.strip()) for n, _, v in (line.partition(b":") for line in lines)]
                if not guard.headed(self.transport, _session_cookie(heads)):
                    self._refuse()
                    return
                self._stop_head_timer()  # counted now: the ordinary header timeout from here
                self._start_head_timer()
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_head_timer()
            if self._guard is not None:
                self._guard.closed(self.transport)
            super().connection_lost(exc)

    GuardedHttp.__name__ = GuardedHttp.__qualname__ = f"Guarded{base.__name__}"
    return GuardedHttp


def lock_database(url: str) -> IO[bytes] | None:
    """Hold an exclusive lock beside a SQLite database file for as long as the returned file stays open.

    Two servers on one SQLite file would each think they own its tables (and
    each replay the other's actions on a restart): the second is refused with
    :class:`RuntimeError`. The lock is the operating system's (``flock``), so a
    server killed with SIGKILL leaves none behind. Other databases (and
    in-memory SQLite) need none and get None.
    """
    if not url.startswith("sqlite") or ":memory:" in url or "/" not in url:
        return None
    path = url.split(":///", 1)[-1].partition("?")[0]
    if not path:
        return None
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system: no lock
        return None
    lock_path = Path(path + ".lock")
    handle = open(lock_path, "ab")  # noqa: SIM115 - held open for the server's life
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise RuntimeError(
            f"another troef server is already using the database {path} (it holds {lock_path}); "
            "stop it first, or give this one another --db"
        ) from None
    return handle
