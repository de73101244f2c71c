"""``python -m troef.server``: the same as ``troef serve``, with test-only knobs.

``--bot-delay 0`` makes computer players act at once (tests, benchmarks).
"""

from __future__ import annotations

import argparse

from troef.server.app import run
from troef.server.guard import add_limit_arguments, limits_from_arguments


def main(argv: list[str] | None = None) -> None:
    """Parse the options and serve."""
    parser = argparse.ArgumentParser(prog="python -m troef.server", description="Serve troef in the browser.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in the user data folder)")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="seconds a computer player waits before acting")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    parser.add_argument(
        "--rate-limit", type=float, default=20.0, help="messages a second one connection may send (load tests raise it)"
    )
    add_limit_arguments(parser)
    args = parser.parse_args(argv)
    try:
        limits = limits_from_arguments(args)
    except ValueError as exc:
        parser.error(str(exc))
    run(
        args.host,
        args.port,
        args.db,
        bot_delay=args.bot_delay,
        log_level=args.log_level,
        rate_limit=args.rate_limit,
        limits=limits,
        max_tables=args.max_tables,
        expire_seconds=args.expire_after,
        max_unjoined=args.max_unjoined_tables,
    )


if __name__ == "__main__":
    main()
