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

from troef.core.errors import RecordError, ReplayError, TroefError
from troef.core.game import AnyGame, Switch, SwitchValue

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
    game: Annotated[str, typer.Option(help="The game: bonaken, klaverjas or binokel.")] = "klaverjas",
    preset: Annotated[str, typer.Option("--rules", "--preset", help="The rule set (its family is rated).")] = "kraken",
    matches: Annotated[int, typer.Option(help="Arena matches to play and rate.")] = 60,
    levels: Annotated[str, typer.Option(help="Computer levels, comma-separated.")] = "beginner,club,strong",
    db: Annotated[str | None, typer.Option(help="The server's database URL (default: its SQLite file).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the seatings and deals.")] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
) -> None:
    """Rate the computer levels against each other in the arena, on the scale of the people's ratings."""
    from troef.server.calibrate import calibrate
    from troef.server.storage import default_url

    try:
        result = calibrate(
            db or default_url(),
            game,
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
    game_name: Annotated[str, typer.Option("--game", help="The game: bonaken or klaverjas.")] = "bonaken",
    every_card: Annotated[
        bool, typer.Option("--every-card", help="klaverjas: also answer the question after every first card.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Perfect-information solves of full hands: solves/s, median and p99 time, nodes per contract kind or preset."""
    if game_name == "klaverjas":
        _bench_solver_klaverjas(positions or 150, seed, every_card, as_json)
        return
    if game_name != "bonaken":
        typer.echo(f"troef: the solver bench knows bonaken and klaverjas, not {game_name!r}", err=True)
        raise typer.Exit(2)
    from troef.bench.solver import run

    result = run(positions=positions or 160, seed=seed, values=values)
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


def _bench_solver_klaverjas(positions: int, seed: int, every_card: bool, as_json: bool) -> None:
    """``troef bench solver --game klaverjas``: full deals right after trump, "does the playing side make it"."""
    from troef.bench.solver import run_klaverjas
    from troef.games.klaverjas.solver import search

    result = run_klaverjas(positions=positions, seed=seed, every_card=every_card)
    result["compiled"] = not search.__file__.endswith(".py")
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return

    def line(name: str, row: dict[str, object]) -> None:
        typer.echo(
            f"{name:<18} median {row['median_ms']:>9} ms  p99 {row['p99_ms']:>9} ms  max {row['max_ms']:>9} ms  "
            f"nodes median {row['median_nodes']:>8} max {row['max_nodes']:>8}  ({row['solves']} solves)"
        )

    build = "compiled (mypyc)" if result["compiled"] else "pure Python"
    typer.echo(f"{positions} klaverjas deals after trump (8 tricks, seed {seed}), solver {build}")
    line(f"makes it ({result['makes']['made']})", result["makes"])
    line("  in CPU time", result["makes_cpu"])
    for name, row in result["presets"].items():
        line(f"  {name} ({row['made']})", row)
    if result["every_card"] is not None:
        line("every first card", result["every_card"])


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
    game: Annotated[str, typer.Option(help="The game: bonaken, klaverjas, binokel.")] = "bonaken",
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
    from troef.bench.bots import run

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


@bench_app.command("server")
def bench_server(
    tables: Annotated[int, typer.Option(help="Concurrent tables, each with one WebSocket client per seat.")] = 200,
    seconds: Annotated[float, typer.Option(help="How long to measure.")] = 20.0,
    game: Annotated[str, typer.Option(help="The game of the tables: bonaken, klaverjas or binokel.")] = "bonaken",
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
        from troef.games import game as find_game

        try:
            queue = run_matchmaking(
                matchmaking,
                game,
                preset or ("pagat" if game == "bonaken" else find_game(game).default_preset),
                matchmaking_wait,
                seconds,
                processes,
            )
        except BenchError as exc:
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
