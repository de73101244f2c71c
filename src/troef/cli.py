"""The ``troef`` command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from troef.core.errors import RecordError, ReplayError, TroefError

app = typer.Typer(
    help="troef: Dutch and German café card games of the Jass family (Bonaken first).",
    no_args_is_help=True,
    add_completion=False,
)
arena_app = typer.Typer(help="Computer players against each other: whole matches, statistics.", no_args_is_help=True)
play_app = typer.Typer(help="Play a game in the terminal against computer players.", no_args_is_help=True)
bench_app = typer.Typer(help="Benchmarks: fixed seeded workloads that print their figures.", no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(bench_app, name="bench")
app.add_typer(arena_app, name="arena")


@arena_app.command("bonaken")
def arena_bonaken(
    seats: Annotated[str, typer.Option(help="Bots per seat, comma separated: random, heuristic, pimc, cheat.")] = (
        "pimc,heuristic,heuristic,heuristic"
    ),
    matches: Annotated[int, typer.Option(help="Whole matches to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first match.")] = 1,
    rules: Annotated[str, typer.Option(help="Rule set: nk, pagat or hazerswoude.")] = "nk",
    workers: Annotated[int, typer.Option(help="Processes to play in (this machine has 2 cores).")] = 1,
    duplicate: Annotated[bool, typer.Option("--duplicate", help="Play the same deals with the bots rotated.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play matches between bots, rotating seats; per bot: buys the round (95% interval), declarer results."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from troef.arena import ArenaError, describe, parse_seats, run_arena

    try:
        seat_list = parse_seats(seats)
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            transient=True,
            disable=as_json or not sys.stderr.isatty(),
        ) as bar:
            task = bar.add_task("matches", total=matches)
            result = run_arena(
                seat_list,
                matches=matches,
                seed=seed,
                rules=rules,
                workers=workers,
                duplicate=duplicate,
                progress=lambda done, total: bar.update(task, completed=done),
            )
    except ArenaError as exc:
        typer.echo(f"troef: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(result.to_json(), indent=1) if as_json else describe(result))


@play_app.command("bonaken")
def play_bonaken(
    rules: Annotated[str, typer.Option(help="Rule set: nk, pagat or hazerswoude.")] = "nk",
    players: Annotated[int, typer.Option(help="Number of players (the rule set decides which are allowed).")] = 4,
    seed: Annotated[int | None, typer.Option(help="Seed: the same seed deals the same cards.")] = None,
    lang: Annotated[str, typer.Option(help="Language of the table: nl, en or de.")] = "nl",
    bots: Annotated[str, typer.Option(help="Computer players: heuristic or random.")] = "heuristic",
    seat: Annotated[int, typer.Option(help="Your seat (0 is the first).")] = 0,
    save: Annotated[
        Path | None, typer.Option(help="Where to save the record (default: a file in the data folder).")
    ] = None,
) -> None:
    """Play a match of Bonaken: one seat is yours, the others are computer players."""
    from troef.terminal.bonaken import play_match

    try:
        play_match(rules=rules, players=players, seed=seed, lang=lang, bots=bots, seat=seat, save=save)
    except TroefError as exc:
        typer.echo(f"troef: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A troef record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")] = False,
) -> None:
    """Replay a record through the engine and print each hand's outcome and the standing."""
    from troef.games.bonaken import record as bonaken_record

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        typer.echo(f"troef: cannot read {file}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    try:
        rec = bonaken_record.loads(text)
        outcome = bonaken_record.replay(rec)
    except ReplayError as exc:
        if as_json:
            err = {"error": "illegal_action", "hand": exc.hand + 1, "position": exc.position + 1}
            err |= {"action": exc.action, "reason": exc.reason}
            typer.echo(json.dumps(err))
        else:
            typer.echo(f"troef: illegal action in the record: {exc}", err=True)
        raise typer.Exit(1) from None
    except RecordError as exc:
        typer.echo(f"troef: bad record: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(outcome.to_json(), indent=1, ensure_ascii=False))
    else:
        typer.echo(bonaken_record.describe(outcome))


@bench_app.command("engine")
def bench_engine(
    hands: Annotated[int, typer.Option(help="Random hands per rule set.")] = 20000,
    players: Annotated[int, typer.Option(help="Players per hand.")] = 4,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random full hands per second through the public API (and pyspiel euchre, if installed)."""
    from troef.bench.engine import run

    result = run(hands=hands, players=players)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    typer.echo(f"engine build: {result['engine']}")
    for row in result["troef"]:
        typer.echo(
            f"{row['game']:<22} {row['hands_per_s']:>10.1f} hands/s  "
            f"({row['hands']} hands, {row['actions_per_hand']} actions/hand)"
        )
    euchre = result["euchre"]
    if euchre is None:
        typer.echo("euchre (pyspiel)       not installed: pip install 'troef[bench]' for the comparison")
        return
    typer.echo(f"{euchre['game']:<22} {euchre['games_per_s']:>10.1f} games/s")
    for game, ratio in result["ratio"].items():
        typer.echo(f"ratio {game} : euchre = {ratio:.3f}")


@bench_app.command("solver")
def bench_solver(
    positions: Annotated[int, typer.Option(help="Full four-player hands to solve, over the contract kinds.")] = 160,
    seed: Annotated[int, typer.Option(help="Seed of the first deal.")] = 2026,
    values: Annotated[bool, typer.Option("--values", help="Also solve number bids for exact points per card.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Perfect-information solves of full hands: solves/s, median and p99 time, nodes per contract kind."""
    from troef.bench.solver import run

    result = run(positions=positions, seed=seed, values=values)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return

    def line(name: str, row: dict[str, object]) -> None:
        typer.echo(
            f"{name:<20} {row['solves_per_s']:>9} solves/s  median {row['median_ms']:>9} ms  "
            f"p99 {row['p99_ms']:>9} ms  {row['mean_nodes']:>9} nodes  ({row['solves']} solves)"
        )

    typer.echo(f"{result['positions']} positions (nk, 4 players, 6 cards each), seed {result['seed']}")
    line("every card valued", result["every_card"])
    line("first winning card", result["first_winning_card"])
    for kind, row in result["kinds"].items():
        line(f"  {kind}", row)
    if result["exact_points"] is not None:
        line("exact points", result["exact_points"])


@bench_app.command("bots")
def bench_bots(
    count: Annotated[int, typer.Option(help="Seeded game situations to decide.")] = 300,
    seed: Annotated[int, typer.Option(help="Seed of the situations.")] = 2026,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Decision time of each bot (median and p99) over a fixed seeded set of game situations."""
    from troef.bench.bots import run

    result = run(count=count, seed=seed)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    typer.echo(f"{result['situations']} situations (nk, 4 players, seed {seed}): {result['mix']}")
    for kind, row in result["bots"].items():
        typer.echo(
            f"{kind:<10} {row['decisions']:>5} decisions  median {row['median_ms']:>8} ms  "
            f"p99 {row['p99_ms']:>8} ms  max {row['max_ms']:>8} ms"
        )
        for phase, part in row.get("phases", {}).items():
            typer.echo(
                f"  {phase:<9} {part['decisions']:>5} decisions  median {part['median_ms']:>8} ms  "
                f"p99 {part['p99_ms']:>8} ms"
            )


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///path/troef.db or postgresql+psycopg://user:password@host/dbname "
            "(default: a SQLite file in the user data folder)."
        ),
    ] = None,
    # the server's limits (troef.server.guard.Limits; defaults there and in docs/architecture.md)
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(help="A host name the server answers to besides loopback (repeat; * for any): its public name."),
    ] = None,
    max_tables: Annotated[int, typer.Option(help="Tables in play at once.")] = 1000,
    create_rate: Annotated[float, typer.Option(help="New tables one client may create a minute (0: no limit).")] = 10,
    replay_rate: Annotated[
        float, typer.Option(help="Replays and records one client may fetch a minute (0: no limit).")
    ] = 60,
    expire_after: Annotated[float, typer.Option(help="Seconds until a table nobody has joined is deleted.")] = 900,
    header_timeout: Annotated[float, typer.Option(help="Seconds a client has to send a request's headers.")] = 10,
    idle_timeout: Annotated[
        float, typer.Option(help="Seconds an idle HTTP connection, or a WebSocket that joined no table, stays open.")
    ] = 20,
    max_connections: Annotated[int, typer.Option(help="Connections open at once, in total.")] = 1000,
    max_connections_per_client: Annotated[int, typer.Option(help="Connections open at once from one client.")] = 100,
) -> None:
    """Play Bonaken in the browser: tables with computer players and friends, kept in a database."""
    from troef.server import run
    from troef.server.guard import Limits

    limits = Limits(
        allowed_hosts=tuple(allowed_host or ()),
        create_per_minute=create_rate,
        replays_per_minute=replay_rate,
        header_timeout=header_timeout,
        idle_timeout=idle_timeout,
        max_connections=max_connections,
        max_connections_per_client=max_connections_per_client,
    )
    typer.echo(f"troef: open http://{host}:{port}/ in a browser (Ctrl+C stops the server)")
    run(host, port, db, limits=limits, max_tables=max_tables, expire_seconds=expire_after)


@bench_app.command("server")
def bench_server(
    tables: Annotated[int, typer.Option(help="Concurrent tables, each with one WebSocket client per seat.")] = 200,
    seconds: Annotated[float, typer.Option(help="How long to measure.")] = 20.0,
    preset: Annotated[str, typer.Option(help="Rule set of the tables: nk, pagat or hazerswoude.")] = "pagat",
    players: Annotated[int, typer.Option(help="Players (clients) per table.")] = 4,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Load test: a real server on loopback, N tables played flat out; actions/s, p50/p99 latency, errors."""
    from troef.bench.server import describe, run

    result = run(tables=tables, seconds=seconds, preset=preset, players=players)
    typer.echo(json.dumps(result, indent=1) if as_json else describe(result))
    if result["errors"]:
        raise typer.Exit(1)


def main() -> None:
    """Entry point of the ``troef`` command."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
