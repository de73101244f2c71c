"""``troef bench``: the benchmarks, fixed seeded workloads that print their figures (the ``troef`` command line)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from troef.core.errors import TroefError

bench_app = typer.Typer(help="Benchmarks: fixed seeded workloads that print their figures.", no_args_is_help=True)


@bench_app.command("engine")
def bench_engine(
    hands: Annotated[int, typer.Option(help="Random deals per rule set.")] = 20000,
    players: Annotated[int, typer.Option(help="Players per deal, where the rule set allows it.")] = 4,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random full deals per second of every game and preset (and pyspiel euchre/bridge, if installed)."""
    from troef.bench.engine import run

    result = run(hands=hands, players=players)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    typer.echo(f"engine build: {result['engine']}")
    for row in result["troef"]:
        typer.echo(
            f"{row['game']:<22} {row['hands_per_s']:>10.1f} deals/s  "
            f"({row['players']} players, {row['hands']} deals, {row['actions_per_hand']} actions/deal)"
        )
    if result["pyspiel"] is None:
        typer.echo("pyspiel                not installed: pip install 'troef[bench]' for the comparison")
        return
    for row in result["pyspiel"].values():
        typer.echo(f"{row['game']:<22} {row['games_per_s']:>10.1f} games/s")
    for game, ratio in result["ratio"].items():
        typer.echo(f"ratio {game} : {result['reference'][game]} = {ratio:.3f}")


@bench_app.command("research")
def bench_research(
    games: Annotated[int, typer.Option(help="Random one-deal games per game and wrapper.")] = 200,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random-play steps/s through the OpenSpiel registration and the PettingZoo env, beside pyspiel euchre."""
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        typer.echo("troef bench research needs the research extra: pip install 'troef[research]'", err=True)
        raise typer.Exit(1) from None
    from troef.bench.research import run

    result = run(games=games)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    typer.echo(f"{'euchre (pyspiel, C++)':<24} {result['euchre_steps_per_s']:>10.1f} steps/s")
    for row in result["rows"]:
        typer.echo(f"{row['wrapper']:<24} {row['steps_per_s']:>10.1f} steps/s  {row['ratio']:.3f}x euchre")
    # the no-op env is PettingZoo's own ceiling, not a wrapper of troef's: it is not held to the target
    short = [
        r["wrapper"] for r in result["rows"] if r["ratio"] < result["target"] and not r["wrapper"].startswith("no-op")
    ]
    typer.echo(
        f"target {result['target']}x euchre: " + (f"not met by {', '.join(short)}" if short else "met by every wrapper")
    )
    typer.echo(f"{'euchre (pyspiel, C++)':<24} {result['euchre_decisions_per_s']:>10.1f} decisions/s")
    for row in result["batched"]:
        typer.echo(f"{row['wrapper']:<24} {row['decisions_per_s']:>10.1f} decisions/s  {row['ratio']:.3f}x euchre")
    slow = [r["wrapper"] for r in result["batched"] if r["ratio"] < result["batched_target"]]
    typer.echo(
        f"batched target {result['batched_target']}x euchre's decisions/s: "
        + (f"not met by {', '.join(slow)}" if slow else "met by every game")
    )


@bench_app.command("solver")
def bench_solver(
    positions: Annotated[
        int | None, typer.Option(help="Positions to solve (default: 160 Bonaken hands, 150 klaverjas deals).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first deal.")] = 2026,
    values: Annotated[bool, typer.Option("--values", help="Also solve number bids for exact points per card.")] = False,
    game_name: Annotated[
        str | None, typer.Option("--game", help="The game (default: the first with a solver benchmark).")
    ] = None,
    every_card: Annotated[
        bool, typer.Option("--every-card", help="klaverjas: also answer the question after every first card.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Perfect-information solves of full hands: solves/s, median and p99 time, nodes per contract kind or preset."""
    from troef.bench.solver import bench_of, benched

    games = benched()
    name = game_name or games[0]
    try:
        bench = bench_of(name)
    except TroefError:
        bench = None
    if bench is None:
        typer.echo(f"troef: the solver bench knows {' and '.join(games)}, not {name!r}", err=True)
        raise typer.Exit(2)
    counted = {"positions": positions} if positions else {}
    result = bench.run(**counted, seed=seed, values=values, every_card=every_card)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    for line in bench.lines(result):
        typer.echo(line)


@bench_app.command("analysis")
def bench_analysis(
    deals: Annotated[int, typer.Option(help="Whole deals per game for the open-card analysis.")] = 10,
    fair_deals: Annotated[int, typer.Option(help="Whole deals per game for the fair analysis.")] = 3,
    seed: Annotated[int, typer.Option(help="Seed of the deals.")] = 2026,
    game: Annotated[str | None, typer.Option(help="Only this game: bonaken, klaverjas, binokel.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Seconds to analyse a whole finished deal of each game: open cards (median, p99) and fair (median)."""
    from troef.bench.analysis import GAMES, run

    if game is not None and game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}: one of {', '.join(GAMES)}", param_hint="--game")
    result = run(deals=deals, fair_deals=fair_deals, seed=seed, games=GAMES if game is None else (game,))
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    build = "compiled (mypyc)" if result["compiled"] else "pure Python"
    typer.echo(f"analysis of whole deals (seed {seed}, {build}), {result['clock']}:")
    for name, row in result["games"].items():
        typer.echo(
            f"{name:<10} open median {row.get('open_median_s')} s p99 {row.get('open_p99_s')} s "
            f"({row['deals']} deals, {row['decisions']} decisions); fair median {row.get('fair_median_s')} s "
            f"({row['fair_deals']} deals); wall clock medians {row.get('open_median_wall_s')} s, "
            f"{row.get('fair_median_wall_s')} s"
        )


@bench_app.command("analysis-marks")
def bench_analysis_marks(
    records: Annotated[list[Path], typer.Argument(help="Records to analyse (every finished deal).")],
    seeds: Annotated[str, typer.Option(help="The seeds, comma-separated.")] = "0,1,2",
    samples: Annotated[int, typer.Option(help="Worlds per fair judgement (more where it is close).")] = 16,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """How stable the marked mistakes are: each record analysed under each seed, the marks kept by all."""
    from troef.bench.analysis import marks

    try:
        chosen = tuple(int(x) for x in seeds.split(","))
        texts = {str(path): path.read_text(encoding="utf-8") for path in records}
    except ValueError as exc:
        raise typer.BadParameter(f"seeds are whole numbers, comma-separated: {exc}", param_hint="--seeds") from exc
    except OSError as exc:
        raise typer.BadParameter(f"cannot read a record: {exc}", param_hint="RECORDS") from exc
    result = marks(texts, chosen, samples)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    for name, row in result["records"].items():
        typer.echo(f"{name}: per seed {row['per_seed']}, kept {row['kept']} of {row['marked']} ({row['overlap']})")
    typer.echo(f"all: kept {result['kept']} of {result['marked']} marked mistakes ({result['overlap']})")


@bench_app.command("bots")
def bench_bots(
    count: Annotated[int, typer.Option(help="Seeded game situations to decide.")] = 300,
    seed: Annotated[int, typer.Option(help="Seed of the situations.")] = 2026,
    game: Annotated[str | None, typer.Option(help="The game (default: the first registered).")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots to time, comma separated (default: Bonaken's levels, or every bot of the game); "
            "settings as in the arena: strong:nodes=60000,samples=48."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Decision time of each bot (median, p99, max) over a fixed seeded set of game situations, per phase."""
    from troef.arena.seating import parse_seats
    from troef.bench.bots import GAME, run

    game = game or GAME
    kinds = parse_seats(bots) if bots is not None else None
    try:
        result = run(count=count, seed=seed, bots=kinds, game=game)
    except TroefError as exc:
        typer.echo(f"troef: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    typer.echo(
        f"{result['situations']} situations ({game}/{result['rules']}, {result['players']} players, "
        f"seed {seed}): {result['mix']}; clock: {result['clock']}"
    )
    for kind, row in result["bots"].items():
        typer.echo(
            f"{kind:<10} {row['decisions']:>5} decisions  median {row['median_ms']:>8} ms  "
            f"p99 {row['p99_ms']:>8} ms  max {row['max_ms']:>8} ms  "
            f"(wall clock: median {row['wall']['median_ms']} ms, p99 {row['wall']['p99_ms']} ms)"
        )
        for phase, part in row.get("phases", {}).items():
            typer.echo(
                f"  {phase:<9} {part['decisions']:>5} decisions  median {part['median_ms']:>8} ms  "
                f"p99 {part['p99_ms']:>8} ms  max {part['max_ms']:>8} ms"
            )


@bench_app.command("bid-model")
def bench_bid_model(
    matches: Annotated[int, typer.Option(help="Matches per rule set (nk and pagat, 4 players).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the matches.")] = 1,
    workers: Annotated[int, typer.Option(help="Processes to play in.")] = 2,
    write: Annotated[bool, typer.Option("--write", help="Store the curves in the package's bidmodel.json.")] = False,
    policy: Annotated[
        str, typer.Option(help="How the pimc bot bids while collecting: bold (low bars) or strong (the strong level).")
    ] = "bold",
) -> None:
    """Fit the curves that turn the pimc bot's sampled make-rates into real chances (its bidding)."""
    from troef.bench.bidmodel import POLICIES, collect, train
    from troef.bench.bidmodel import write as write_model

    if policy not in POLICIES:
        raise typer.BadParameter(f"choose from {', '.join(POLICIES)}", param_hint="--policy")
    model = train(collect(matches, seed=seed, workers=workers, policy=policy))
    model["trained_on"] = (
        f"troef bench bid-model --policy {policy} --matches {matches} --seed {seed}"
        " (nk and pagat, 4 players, pimc against three heuristic bots)"
    )
    typer.echo(json.dumps(model, indent=1))
    if write:
        write_model(model)


@bench_app.command("sheet-values")
def bench_sheet_values(
    matches: Annotated[int, typer.Option(help="Matches of club players per rule set and table size.")] = 4000,
    seed: Annotated[int, typer.Option(help="Seed of the matches.")] = 1,
    workers: Annotated[int, typer.Option(help="Processes to play in.")] = 2,
    players: Annotated[
        str, typer.Option(help="Table sizes, comma-separated (each rule set's own sizes among them).")
    ] = "3,4,5",
    write: Annotated[
        bool, typer.Option("--write", help="Store the tables in the package's sheet_values.json.")
    ] = False,
) -> None:
    """Tally what a plus and a minus are worth by the score sheet (the pimc bot's bid bar by the standing)."""
    from troef.bench.sheetvalues import collect_all
    from troef.bench.sheetvalues import write as write_values
    from troef.games.bonaken.rules import PRESETS, preset
    from troef.games.bonaken.sheetvalue import SCORINGS, sheet_bar

    try:
        sizes = [int(p) for p in players.split(",") if p.strip()]
    except ValueError:
        raise typer.BadParameter("give table sizes as numbers, e.g. 3,4,5", param_hint="--players") from None
    tables = [
        (name, size)
        for name in PRESETS
        if preset(name).scoring in SCORINGS
        for size in sizes
        if size in preset(name).players
    ]
    if not tables:
        raise typer.BadParameter("no rule set is played at these table sizes", param_hint="--players")
    command = f"troef bench sheet-values --matches {matches} --seed {seed} --players {players}"
    tallies = collect_all(tables, matches, seed=seed, workers=workers)
    for table, tally in tallies.items():
        own = {status: sheet_bar(tally, (status,), 0) for status in ("suf", "recht", "krom", "wip")}
        typer.echo(f"{table:<16} bar by own status: " + "  ".join(f"{k} {v}" for k, v in own.items()))
    if write:
        write_values(tallies, command)


@bench_app.command("server")
def bench_server(
    tables: Annotated[int, typer.Option(help="Concurrent tables, each with one WebSocket client per seat.")] = 200,
    seconds: Annotated[float, typer.Option(help="How long to measure.")] = 20.0,
    game: Annotated[str | None, typer.Option(help="The game of the tables (default: the game of --rules).")] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--rules", "--preset", help="Rule set of the tables (default: pagat for Bonaken, else the game's first)."
        ),
    ] = None,
    players: Annotated[int | None, typer.Option(help="Players (clients) per table (default: the rule set's).")] = None,
    timeout: Annotated[
        float | None, typer.Option(help="Stop with an error after this many seconds (default: from the load).")
    ] = None,
    processes: Annotated[
        int, typer.Option(help="Server processes sharing the tables (above 1: on a throwaway PostgreSQL).")
    ] = 1,
    postgres: Annotated[
        bool, typer.Option("--postgres", help="A throwaway PostgreSQL even for one process (to compare).")
    ] = False,
    think: Annotated[
        float, typer.Option(help="Seconds each player thinks before acting (0: flat out, the server saturated).")
    ] = 0.0,
    spread: Annotated[
        str,
        typer.Option(
            help="With several processes: 'seats' (each table's seats over the processes) or 'tables' "
            "(each table's seats on one process, as the proxy's routing by table does)."
        ),
    ] = "seats",
    compare: Annotated[
        bool,
        typer.Option(
            "--compare", help="Run the same tables on one process first, then on --processes; print both and the ratio."
        ),
    ] = False,
    failover: Annotated[
        bool,
        typer.Option(
            "--failover",
            help="Kill the last of --processes halfway through; its players rejoin through the others. "
            "Prints how long until each had its table again.",
        ),
    ] = False,
    bots: Annotated[
        int, typer.Option(help="Seats of each table played by the server's computer players (the last ones).")
    ] = 0,
    max_p99: Annotated[
        float | None, typer.Option(help="Fail (exit 1) if a run's p99 is above this many milliseconds.")
    ] = None,
    matchmaking: Annotated[
        int | None,
        typer.Option(
            help="Then N players press 'Play now' at once (the same game and rules, the same processes): "
            "queue wait p50/p99 and actions/s, printed after the load's figures."
        ),
    ] = None,
    matchmaking_wait: Annotated[
        int, typer.Option(help="With --matchmaking: seconds before computer players fill a table.")
    ] = 30,
    attack: Annotated[
        bool,
        typer.Option(
            "--attack",
            help="Live tables (8, or --tables) at a person's pace: their ping p99 quiet, then under the attacks "
            "of docs/deploy.md's resource table, in one run; exit 1 above 2x the quiet p99 or if a player is refused.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Load test: a real server on loopback, N tables played flat out (or at --think); actions/s, p50/p99 latency,
    errors."""
    if attack:
        from troef.bench.attack import attack as attack_run
        from troef.bench.attack import describe_attack
        from troef.bench.server import BenchError as AttackError

        try:
            found = attack_run(tables=8 if tables == 200 else tables, seconds=seconds, timeout=timeout)
        except AttackError as exc:
            typer.echo(f"troef bench server: {exc}", err=True)
            raise typer.Exit(2) from None
        typer.echo(json.dumps(found, indent=1) if as_json else describe_attack(found))
        ratio = found["p99_ratio"]
        if ratio is None or ratio > 2.0 or found["attack"]["players_refused"]:
            typer.echo("troef bench server: the target (p99 <= 2x quiet, no player refused) is missed", err=True)
            raise typer.Exit(1)
        return
    from troef.bench.server import BenchError, describe, describe_comparison, over_target, run
    from troef.bench.server import compare as compare_runs

    options: dict[str, Any] = {
        "tables": tables,
        "seconds": seconds,
        "preset": preset,
        "players": players,
        "game": game,
        "timeout": timeout,
        "think": think,
        "spread": spread,
        "failover": failover,
        "bots": bots,
    }
    try:
        if compare:
            result = compare_runs(processes, **options)
        else:
            result = run(processes=processes, postgres=postgres, **options)
    except BenchError as exc:
        typer.echo(f"troef bench server: {exc}", err=True)
        raise typer.Exit(2) from None
    queue: dict[str, Any] | None = None
    if matchmaking is not None:
        from troef.bench.matchmaking import describe_matchmaking, run_matchmaking
        from troef.bench.server import tables_of

        try:
            queue = run_matchmaking(matchmaking, *tables_of(game, preset), matchmaking_wait, seconds, processes)
        except (BenchError, TroefError) as exc:
            typer.echo(f"troef bench server: {exc}", err=True)
            raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result if queue is None else {**result, "matchmaking": queue}, indent=1))
    else:
        typer.echo(describe_comparison(result) if compare else describe(result))
        if queue is not None:
            typer.echo(describe_matchmaking(queue))
    missed = over_target(result, max_p99)
    if missed:
        typer.echo("troef bench server: the target is missed: " + "; ".join(missed), err=True)
        raise typer.Exit(1)
