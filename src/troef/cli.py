"""The ``troef`` command line."""

from __future__ import annotations

import inspect
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from troef.bench.cli import bench_app
from troef.core.errors import RecordError, ReplayError, TroefError
from troef.core.game import AnyGame, Switch, SwitchValue

app = typer.Typer(
    help="troef: Dutch and German café card games of the Jass family (Bonaken first).",
    no_args_is_help=True,
    add_completion=False,
)
arena_app = typer.Typer(help="Computer players against each other: whole matches, statistics.", no_args_is_help=True)
play_app = typer.Typer(help="Play a game in the terminal against computer players.", no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(bench_app, name="bench")  # troef.bench.cli
app.add_typer(arena_app, name="arena")

from troef.tournament.cli import tournament_app  # noqa: E402  (the commands live with the tournament code)

app.add_typer(tournament_app, name="tournament")
db_app = typer.Typer(
    help="The web app's database: what it holds and whether this troef can serve it.", no_args_is_help=True
)
app.add_typer(db_app, name="db")

ratings_app = typer.Typer(
    help="Ratings of people and computer players (OpenSkill, docs/deploy.md).", no_args_is_help=True
)
app.add_typer(ratings_app, name="ratings")


@ratings_app.command("calibrate")
def ratings_calibrate(
    game: Annotated[str | None, typer.Option(help="The game (default: the game of --rules).")] = None,
    preset: Annotated[str, typer.Option("--rules", "--preset", help="The rule set (its family is rated).")] = "kraken",
    matches: Annotated[int, typer.Option(help="Arena matches to play and rate.")] = 60,
    levels: Annotated[str, typer.Option(help="Computer levels, comma-separated.")] = "beginner,club,strong",
    db: Annotated[str | None, typer.Option(help="The server's database URL (default: its SQLite file).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the seatings and deals.")] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(help="Write the levels' ratings to this file (the package's: src/troef/server/bot_ratings.tsv)."),
    ] = None,
) -> None:
    """Rate the computer levels against each other in the arena, on the scale of the people's ratings."""
    from troef.games import with_preset
    from troef.server.calibrate import calibrate, write_defaults
    from troef.server.storage import default_url

    try:
        result = calibrate(
            db or default_url(),
            game or with_preset(preset),
            preset,
            matches,
            [x.strip() for x in levels.split(",") if x.strip()],
            seed,
            workers,
        )
    except ValueError as exc:
        typer.echo(f"troef ratings calibrate: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{result['game']} ({result['family']}), {result['matches']} matches in {result['seconds']} s:")
    for level, shown in sorted(result["levels"].items(), key=lambda kv: -kv[1]["rating"]):
        mark = " (provisional)" if shown["provisional"] else ""
        typer.echo(f"  {level:10s} {shown['rating']:5d} \u00b1 {shown['sigma']}{mark}")
    if out is not None:
        command = (
            f"troef ratings calibrate --game {game} --rules {preset} --matches {matches}"
            f" --levels {levels} --seed {seed} --out {out.name}"
        )
        write_defaults(out, result, command)
        typer.echo(f"written to {out}")


from troef.train.cli import train_app  # noqa: E402  (the commands live with the training code)

app.add_typer(train_app, name="train")


def _arena_command(name: str) -> None:
    """Register ``troef arena <name>``: computer players of one game against each other."""
    from troef.games import game

    played = game(name)
    presets = played.presets()
    # the game's strongest offered level in the first seat against its club players (or its strongest again),
    # as many seats as its first preset seats by default
    field = _default_level(played)
    seated = played.preset(played.default_preset).default_players
    default_seats = ",".join([played.offered_levels()[-1]] + [field] * (seated - 1))
    measuring = ", cheat" if played.cheat_bot else ""

    # the options' help names this game's presets and bots: see _play_command
    def arena(
        seats: str | None = typer.Option(
            None,
            help=f"Bots per seat, comma separated: {', '.join(played.bot_kinds())}{measuring} "
            f"(default {default_seats}).",
        ),
        teams: str | None = typer.Option(
            None,
            help="The bot of each team, comma separated (seats 0 and 2 against 1 and 3).",
            hidden=not played.partnerships,
        ),
        matches: int = typer.Option(100, help="Whole matches to play (with --duplicate and --teams: an even number)."),
        seed: int = typer.Option(1, help="Seed of the first match."),
        rules: str = typer.Option(played.default_preset, help=f"Rule set: {', '.join(presets)}."),
        workers: int = typer.Option(1, help=f"Processes to play in (this machine has {os.cpu_count() or 1} cores)."),
        cluster: str | None = typer.Option(
            None,
            help="Play the matches as Ray tasks: auto (a running or a new local Ray) or ray://HOST:PORT "
            "(pip install 'troef[cluster]'); the results are those of --workers.",
        ),
        duplicate: bool = typer.Option(
            False, "--duplicate", help="Play the same deals with the bots rotated (teams: swapped)."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    ) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

        from troef.arena import ArenaError, describe, parse_seats, run_arena
        from troef.arena.teams import describe_teams, run_teams

        try:
            if teams is not None and seats is not None:
                raise ArenaError("give the bots per seat (--seats) or per team (--teams), not both")
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
                common: dict[str, Any] = {
                    "matches": matches,
                    "seed": seed,
                    "rules": rules,
                    "workers": workers,
                    "cluster": cluster,
                    "duplicate": duplicate,
                    "progress": lambda done, total: bar.update(task, completed=done),
                    "game": name,
                }
                if teams is not None:
                    team_result = run_teams(parse_seats(teams), **common)
                    report = team_result.to_json() if as_json else describe_teams(team_result)
                else:
                    result = run_arena(parse_seats(seats if seats is not None else default_seats), **common)
                    report = result.to_json() if as_json else describe(result)
        except (ArenaError, TroefError) as exc:
            typer.echo(f"troef: {exc}", err=True)
            raise typer.Exit(2) from None
        typer.echo(json.dumps(report, indent=1) if isinstance(report, dict) else report)

    arena.__doc__ = (
        f"Play matches of {played.title} between bots, seats rotated (or duplicate deals): per bot the score "
        "with a 95% interval, the paired difference with the field, and the game's own counts."
        + (
            " With --teams, two teams of partners: matches won, the game's figures per team and their paired "
            "difference (--duplicate: each pair of matches on the same deals, the teams swapped)."
            if played.partnerships
            else ""
        )
    )
    arena_app.command(name)(arena)


@arena_app.command("compare")
def arena_compare(
    first: Annotated[Path, typer.Argument(help="JSON of a duplicate arena run (--duplicate --json): a new setting.")],
    second: Annotated[Path, typer.Argument(help="JSON of the same run with another bot or setting in the seat.")],
    more: Annotated[
        list[Path] | None,
        typer.Argument(help="More pairs, new setting first (e.g. the same two runs on other seeds): pooled by deal."),
    ] = None,
    entry: Annotated[int, typer.Option(help="The seat list's entry to compare (0: the first bot).")] = 0,
) -> None:
    """Compare one entry of duplicate arena runs on the same deals: the difference of its paired differences."""
    from troef.arena import ArenaError, compare_pooled

    paths = [first, second, *(more or [])]
    if len(paths) % 2:
        typer.echo(f"troef: give the runs in pairs (new setting, then the other); {paths[-1]} has no partner", err=True)
        raise typer.Exit(2)
    try:
        runs = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
        estimate = compare_pooled(list(zip(runs[::2], runs[1::2], strict=True)), entry)
        names = [run["seats"][entry] for run in runs[:2]]
        if len(runs) == 2:
            played = f"{runs[0]['matches']} matches of {runs[0]['game']}/{runs[0]['rules']}, seed {runs[0]['seed']}"
        else:
            seeds = ", ".join(str(run["seed"]) for run in runs[::2])
            played = f"{len(runs) // 2} pairs of runs of {runs[0]['game']}/{runs[0]['rules']} (seeds {seeds})"
    except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        reason = str(exc) if isinstance(exc, (ArenaError, OSError)) else f"not an arena run's JSON ({exc!r})"
        typer.echo(f"troef: {reason}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{names[0]} against {names[1]} (entry {entry}), {played}, {estimate.n} deals:")
    typer.echo(f"  paired difference with the field, first run less second, per deal: {estimate.text(3)}")


def _switch_parser(switch: Switch) -> Callable[[str], SwitchValue]:
    """A command-line option's parser for a rule switch: its value, or the switch's own complaint."""

    def parse(text: str) -> SwitchValue:
        try:
            return switch.parse(text)
        except TroefError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


def _play_command(name: str) -> None:
    """Register ``troef play <name>``: the terminal table of one game (one human seat, computer players)."""
    from troef.games import game

    played = game(name)
    presets = played.presets()
    languages = played.languages

    # the options' help names this game's presets and languages: defaults (unlike annotations, which this
    # module's ``from __future__ import annotations`` leaves as strings) are evaluated here
    def play(
        rules: str = typer.Option(played.default_preset, help=f"Rule set: {', '.join(presets)}."),
        players: int | None = typer.Option(None, help="Number of players (the rule set decides which are allowed)."),
        seed: int | None = typer.Option(None, help="Seed: the same seed deals the same cards."),
        lang: str = typer.Option(languages[0], help=f"Language of the table: {', '.join(languages)}."),
        bots: str = typer.Option(
            _default_level(played),
            help=f"Computer players: the levels {', '.join(played.offered_levels())}, or any of "
            f"{', '.join(played.bot_kinds())}.",
        ),
        seat: int = typer.Option(0, help="Your seat (0 is the first)."),
        save: Path | None = typer.Option(None, help="Where to save the record (default: a file in the data folder)."),
        **switch_values: Any,
    ) -> None:
        from troef.terminal.frame import play as play_game

        try:
            switches = {key: value for key, value in switch_values.items() if value is not None} or None
            play_game(
                name,
                rules=rules,
                players=players,
                seed=seed,
                lang=lang,
                bots=bots,
                seat=seat,
                save=save,
                switches=switches,
            )
        except TroefError as exc:
            typer.echo(f"troef: {exc}", err=True)
            raise typer.Exit(2) from None

    # the game's rule switches as options (e.g. binokel's --target), added to the signature typer reads;
    # each value is checked against the switch's choices before the match is made
    signature = inspect.signature(play, eval_str=True)
    params = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    for switch in played.switches():
        choices = ", ".join(str(c).lower() for c in switch.choices)
        option = typer.Option(
            None,
            f"--{switch.name.replace('_', '-')}",
            help=f"{switch.text} One of: {choices}.",
            parser=_switch_parser(switch),
        )
        params.append(
            inspect.Parameter(switch.name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=str | None)
        )
    play.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    play.__doc__ = f"Play a match of {played.title}: one seat is yours, the others are computer players."
    play_app.command(name)(play)


def _default_level(played: AnyGame) -> str:
    """The computer players a game's table gets unless told: its ``club`` level, else its strongest offered."""
    levels = played.offered_levels()
    return "club" if "club" in levels else levels[-1]


def _register_game_commands() -> None:
    """``troef play <game>`` and ``troef arena <game>`` for every game; a registration that cannot be loaded
    is named in one line (the other games' commands work)."""
    from troef.games import game, names, problems

    for problem in problems():
        typer.echo(f"troef: {problem}", err=True)
    for name in names():
        try:
            game(name)
        except TroefError as exc:
            typer.echo(f"troef: {exc}", err=True)
            continue
        _arena_command(name)
        _play_command(name)


_register_game_commands()


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A troef record (JSON) of any game.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")] = False,
    upgrade: Annotated[
        Path | None,
        typer.Option(
            help="Also write the record in today's rules revision to this file (its outcome checked unchanged)."
        ),
    ] = None,
) -> None:
    """Replay a record through its game's engine and print each deal's outcome and the standing.

    The first line (``rules`` in JSON) says which rules revision the record was read as (docs/records.md).
    """
    from troef.core.records import record_game
    from troef.core.revisions import UpgradeError, read
    from troef.core.revisions import upgrade as upgraded
    from troef.games import game

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        typer.echo(f"troef: cannot read {file}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    try:
        played = game(record_game(text))
        revision = read(played, text) if played.record_format is not None else None
        outcome = played.replay(text)
        done = upgraded(played, text) if upgrade is not None else None
    except UpgradeError as exc:
        typer.echo(f"troef: cannot upgrade the record: {exc}", err=True)
        raise typer.Exit(1) from None
    except ReplayError as exc:
        if as_json:
            err = {"error": "illegal_action", "hand": exc.hand + 1, "position": exc.position + 1}
            err |= {"action": exc.action, "reason": exc.reason}
            typer.echo(json.dumps(err))
        else:
            typer.echo(f"troef: illegal action in the record: {exc}", err=True)
        raise typer.Exit(1) from None
    except (RecordError, TroefError) as exc:
        typer.echo(f"troef: bad record: {exc}", err=True)
        raise typer.Exit(2) from None
    rules: dict[str, Any] = {}
    if revision is not None:
        rules = {"revision": revision.revision, "inferred": revision.inferred, "current": played.rules_revision()}
    if done is not None and upgrade is not None:
        upgrade.write_text(done.text + "\n", encoding="utf-8")
        rules["upgraded"] = {"file": str(upgrade), "kept": done.kept, "replaced": sorted(done.replaced)}
    if as_json:
        shown = {"rules": rules, **outcome.to_json()} if rules else outcome.to_json()
        typer.echo(json.dumps(shown, indent=1, ensure_ascii=False))
        return
    if rules:
        how = " (inferred: the record names no revision)" if rules["inferred"] else ""
        typer.echo(f"read as {played.name} rules revision {rules['revision']} of {rules['current']}{how}")
    typer.echo(played.describe(outcome))
    if done is not None:
        kept = ", ".join(f"{k}={v}" for k, v in done.kept.items()) or "none"
        typer.echo(f"upgraded to revision {rules['current']} in {upgrade}; old readings kept: {kept}")


@app.command()
def analyse(
    file: Annotated[Path, typer.Argument(help="A troef record (JSON) of any game.")],
    seat: Annotated[int | None, typer.Option(help="Only this seat's decisions (0 is the first seat).")] = None,
    deal: Annotated[int | None, typer.Option(help="Only this deal (1 is the first), every decision shown.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON (docs/analysis.md).")] = False,
    fair: Annotated[bool, typer.Option("--fair", help="Only the fair judgement (from each seat's view).")] = False,
    open_cards: Annotated[bool, typer.Option("--open", help="Only the open-card solver (fast).")] = False,
    samples: Annotated[int, typer.Option(help="Sampled worlds per fair judgement.")] = 16,
    seed: Annotated[int, typer.Option(help="Seed of the fair judgements.")] = 0,
) -> None:
    """Analyse the finished deals of a record: each decision's cost with open cards and from the seat's own view."""
    from troef.analysis.cli import run

    raise typer.Exit(run(file, seat, deal, as_json, fair, open_cards, samples, seed))


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
    max_tables: Annotated[int, typer.Option(help="Tables in play (somebody joined them) at once.")] = 1000,
    max_unjoined_tables: Annotated[
        int, typer.Option(help="Tables nobody joined yet, at once; a new one beyond them pushes out the oldest.")
    ] = 1000,
    create_rate: Annotated[float, typer.Option(help="New tables one client may create a minute (0: no limit).")] = 10,
    replay_rate: Annotated[
        float, typer.Option(help="Replays and records one client may fetch a minute (0: no limit).")
    ] = 60,
    tournament_rate: Annotated[
        float, typer.Option(help="Tournaments one client may create a minute (0: no limit).")
    ] = 5,
    max_tables_per_owner: Annotated[
        int | None,
        typer.Option(help="Tables one client (network) may hold at once (default: a tenth of --max-tables)."),
    ] = None,
    analysis_workers: Annotated[int, typer.Option(help="Worker processes for analyses and open-card replays.")] = 1,
    analysis_queue: Annotated[int, typer.Option(help="Analyses that may wait for a worker; more get 503.")] = 8,
    operator_address: Annotated[
        list[str] | None,
        typer.Option(help="An address whose /api/health shows the counts (repeat; default this machine's)."),
    ] = None,
    expire_after: Annotated[float, typer.Option(help="Seconds until a table nobody has joined is deleted.")] = 180,
    header_timeout: Annotated[float, typer.Option(help="Seconds a client has to send a request's headers.")] = 10,
    idle_timeout: Annotated[
        float, typer.Option(help="Seconds an idle HTTP connection, or a WebSocket that joined no table, stays open.")
    ] = 20,
    max_connections: Annotated[int, typer.Option(help="Connections open at once, in total.")] = 1000,
    max_connections_per_client: Annotated[int, typer.Option(help="Connections open at once from one client.")] = 100,
    reserved_connections: Annotated[
        int | None,
        typer.Option(help="Of --max-connections, places only clients with a seated player get (default: a tenth)."),
    ] = None,
    ipv4_prefix: Annotated[int, typer.Option(help="One client is an IPv4 network of this prefix: 32 or e.g. 24.")] = 32,
    ipv6_prefix: Annotated[int, typer.Option(help="One client is an IPv6 network of this prefix: 64 or e.g. 56.")] = 64,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="Address of a reverse proxy in front (repeat): its X-Forwarded-For header is believed "
            "(none by default). See docs/protocol.md, 'Behind a reverse proxy'."
        ),
    ] = None,
    account_allowance: Annotated[
        int,
        typer.Option(
            help="A signed-in player's allowances (tables held, new tables, replays and analyses a minute) as a "
            "multiple of a guest network's; each account has its own (docs/deploy.md, Resources)."
        ),
    ] = 2,
) -> None:
    """Play Bonaken, klaverjassen and Binokel in the browser.

    Tables with computer players and friends, kept in a database. Behind a reverse proxy:
    --host 127.0.0.1 --trusted-proxy 127.0.0.1 --allowed-host your.name, and have the proxy set
    X-Forwarded-For and pass WebSocket upgrades on /ws (docs/protocol.md).
    """
    from troef.server import run
    from troef.server.guard import LOOPBACK_OPERATORS, Limits

    try:
        limits = Limits(
            allowed_hosts=tuple(allowed_host or ()),
            create_per_minute=create_rate,
            replays_per_minute=replay_rate,
            tournaments_per_minute=tournament_rate,
            max_tables_per_owner=max_tables_per_owner,
            analysis_workers=analysis_workers,
            analysis_queue=analysis_queue,
            operator_addresses=tuple(operator_address or LOOPBACK_OPERATORS),
            header_timeout=header_timeout,
            idle_timeout=idle_timeout,
            max_connections=max_connections,
            max_connections_per_client=max_connections_per_client,
            reserved_connections=reserved_connections,
            ipv4_prefix=ipv4_prefix,
            ipv6_prefix=ipv6_prefix,
            trusted_proxies=tuple(trusted_proxy or ()),
            account_allowance=account_allowance,
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    typer.echo(f"troef: open http://{host}:{port}/ in a browser (Ctrl+C stops the server)")
    run(
        host,
        port,
        db,
        limits=limits,
        max_tables=max_tables,
        expire_seconds=expire_after,
        max_unjoined=max_unjoined_tables,
    )


def main() -> None:
    """Entry point of the ``troef`` command."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()


@db_app.command("check")
def db_check(
    db: Annotated[
        str | None, typer.Option(help="Database URL (default: the SQLite file troef serve uses).", show_default=False)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print every table as JSON.")] = False,
) -> None:
    """List every stored table and match this troef would not rebuild (run it before an upgrade; exit 1 if any).

    Read only: nothing is migrated or written. Each table is replayed under its rules revision
    (docs/records.md), as the server does at its start.
    """
    from troef.server.dbcheck import check
    from troef.server.schema import default_url

    url = db or default_url()
    try:
        checked = list(check(url))
    except Exception as exc:  # a database that cannot be read at all
        typer.echo(f"troef: cannot read the database {url}: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(2) from None
    bad = [c for c in checked if c.problem is not None]
    if as_json:
        typer.echo(json.dumps([_checked_json(c) for c in checked], indent=1))
    else:
        for c in bad:
            typer.echo(f"table {c.id} ({c.game}, {c.state}) would not rebuild: {c.problem}")
        back = [c for c in checked if c.problem is None and c.set_aside]
        for c in back:
            typer.echo(f"table {c.id} ({c.game}) was set aside ({c.set_aside}); it rebuilds now and comes back")
        typer.echo(f"{len(checked)} stored tables and matches; {len(checked) - len(bad)} rebuild, {len(bad)} do not")
    raise typer.Exit(1 if bad else 0)


def _checked_json(c: Any) -> dict[str, Any]:
    return {f: getattr(c, f) for f in ("id", "game", "state", "revision", "problem", "set_aside")}
