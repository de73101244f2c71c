"""``troef train``: self-play data and the models of the decisions before the play, one command per game."""

from __future__ import annotations

import importlib
import json
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from troef.train.model import Mlp

train_app = typer.Typer(
    help="Learn what the decisions before the play are worth from fair self-play (the train extra).",
    no_args_is_help=True,
)


@train_app.command("kraken")
def train_kraken(
    matches: Annotated[int, typer.Option(help="Self-play matches per generation.")] = 600,
    seed: Annotated[int, typer.Option(help="Seed of the run: the self-play matches and the fit.")] = 1,
    generations: Annotated[
        int, typer.Option(help="Generations: each plays its self-play with the model of the one before.")
    ] = 2,
    play: Annotated[str, typer.Option(help="The card play in self-play and replays: club or strong.")] = "club",
    repeats: Annotated[int, typer.Option(help="Replays of each action of each word.")] = 1,
    workers: Annotated[int, typer.Option(help="Processes to play in.")] = 1,
    out: Annotated[
        Path, typer.Option(help="Directory for each generation's data (JSON lines) and model (gen-N.json).")
    ] = Path("train-kraken"),
    hidden: Annotated[str, typer.Option(help="Hidden layer sizes, comma-separated.")] = "32,16",
    quota_credit: Annotated[
        float,
        typer.Option(
            help="The words while the side owes kraaks: negative the club player's (as the strong level's "
            "quota_credit), else the model's with the quota's credit times this."
        ),
    ] = -1.0,
    start: Annotated[
        Path | None,
        typer.Option(help="A model whose generation plays the first self-play here (numbering goes on from it)."),
    ] = None,
    write: Annotated[
        bool, typer.Option("--write", help="Store the last generation's model as the package's kraak_model.json.")
    ] = False,
) -> None:
    """Kraken's kraak words: self-play, every word replayed with both actions, a model of their sheet value.

    Measure each generation in the arena (``troef arena klaverjas --rules kraken --teams
    'strong:contracts=model,kraak_model=OUT/gen-N.json',club --duplicate``) before shipping it.
    """
    from troef.train import kraken

    if play not in ("club", "strong"):
        raise typer.BadParameter("choose club or strong", param_hint="--play")
    layers = _layers(hidden)

    def generate(n: int, run_seed: int, model: Mlp | None, progress: Callable[[int], None]) -> kraken.Data:
        return kraken.generate(
            n, run_seed, model, play, repeats=repeats, workers=workers, credit_scale=quota_credit, progress=progress
        )

    def fit(data: kraken.Data, generation: int, model_extra: dict[str, Any]) -> tuple[Mlp, str]:
        model, validation, baseline = kraken.train(
            data,
            seed=seed,
            command=_command("kraken"),
            generation=generation,
            hidden=layers,
            credit_scale=quota_credit,
            extra={"play": play, "repeats": repeats, **model_extra},
        )
        summary = f"{len(data.records)} words from {data.matches} matches; validation MSE " + ", ".join(
            f"{o} {v:.3f} (mean alone {b:.3f})" for o, v, b in zip(kraken.OUTPUTS, validation, baseline, strict=True)
        )
        return model, summary

    _generations(
        generate,
        kraken.save_data,
        fit,
        matches=matches,
        seed=seed,
        generations=generations,
        start=start,
        out=out,
        write=kraken.MODEL_RESOURCE if write else None,
    )


#: The options the bid trainers of Bonaken and Binokel share.
Seed = Annotated[int, typer.Option(help="Seed of the run: the self-play matches and the fit.")]
Generations = Annotated[
    int, typer.Option(help="Generations: each plays its self-play with the model of the one before.")
]
Play = Annotated[str, typer.Option(help="Everything but the bids in self-play and replays: club or strong.")]
Repeats = Annotated[int, typer.Option(help="Replays of each alternative of each bid.")]
Workers = Annotated[int, typer.Option(help="Processes to play in.")]
Hidden = Annotated[str, typer.Option(help="Hidden layer sizes, comma-separated.")]
Start = Annotated[
    Path | None,
    typer.Option(help="A model whose generation plays the first self-play here (numbering goes on from it)."),
]
EarlierData = Annotated[
    list[Path] | None,
    typer.Option(help="Data files (gen-N.jsonl) of earlier runs to fit on besides the new self-play."),
]
Write = Annotated[
    bool, typer.Option("--write", help="Store the last generation's model as the package's bids_model.json.")
]


def _bid_command(game: str, unit: str, matches_help: str, default_matches: int) -> Callable[..., None]:
    """The ``troef train GAME`` command of a bid trainer (:mod:`troef.train.bonaken`, :mod:`troef.train.binokel`)."""

    def command(
        matches: int = typer.Option(default_matches, help=matches_help),
        seed: Seed = 1,
        generations: Generations = 1,
        play: Play = "club",
        repeats: Repeats = 1,
        workers: Workers = 1,
        out: Path = typer.Option(  # noqa: B008 (the default is the game's: an option made once per command)
            Path(f"train-{game}"), help="Directory for each generation's data (JSON lines) and model (gen-N.json)."
        ),
        hidden: Hidden = "32,16",
        start: Start = None,
        data: EarlierData = None,
        write: Write = False,
    ) -> None:
        _train_bids(importlib.import_module(f"troef.train.{game}"), game, unit, locals())

    return command


train_app.command(
    "bonaken",
    help="Bonaken's bids (nk): self-play by the strong level, every bid's alternatives replayed, a model of "
    "their value on the score sheet.\n\nMeasure each generation in the arena (troef arena bonaken --rules nk "
    "--seats 'strong:bids=model,bids_file=OUT/gen-N.json',club,club,club --duplicate) before shipping it.",
)(_bid_command("bonaken", "table points", "Self-play matches (nk, four seats) per generation.", 40))
train_app.command(
    "binokel",
    help="Binokel's bids: self-play with the strong level's bids at every seat, each bid decision's pass and "
    "valued bids replayed to the round's end, a model of what a bid gains over passing on the round's score."
    "\n\nMeasure each generation in the arena (troef arena binokel --teams "
    "'strong:bids=model,bids_file=OUT/gen-N.json',club --duplicate) before shipping it.",
)(_bid_command("binokel", "points", "Self-play matches (to 1500) per generation.", 20))


def _train_bids(module: Any, game: str, unit: str, options: dict[str, Any]) -> None:
    """A bid trainer's run (:mod:`troef.train.bonaken`, :mod:`troef.train.binokel`) from its command's options."""
    play, repeats, workers = options["play"], options["repeats"], options["workers"]
    if play not in ("club", "strong"):
        raise typer.BadParameter("choose club or strong", param_hint="--play")
    earlier = module.Data()
    for path in options["data"] or ():
        try:
            earlier.extend(module.load_data(path))
        except (OSError, ValueError, KeyError) as exc:
            raise typer.BadParameter(f"{path}: {exc}", param_hint="--data") from None

    def generate(n: int, run_seed: int, model: Mlp | None, progress: Callable[[int], None]) -> Any:
        found = module.generate(n, run_seed, model, play, repeats=repeats, workers=workers, progress=progress)
        if n:
            found.commands.append(_command(game))
        return found

    def fit(found: Any, generation: int, model_extra: dict[str, Any]) -> tuple[Mlp, str]:
        found.extend(earlier)
        model, validation, baseline = module.train(
            found,
            seed=options["seed"],
            command=_command(game),
            generation=generation,
            hidden=_layers(options["hidden"]),
            extra={"play": play, "repeats": repeats, **model_extra},
        )
        gain = model.header.get("validation_gain", {})
        summary = (
            f"{len(found.records)} bids from {found.matches} matches; validation MSE "
            + ", ".join(
                f"{o} {v:.4f} (mean alone {b:.4f})"
                for o, v, b in zip(module.OUTPUTS, validation, baseline, strict=True)
            )
            + f"; on the validation bids the model's choice gains {gain.get(module.GAIN_UNIT, 0.0):+.4f} "
            f"{unit} a bid over the self-play's ({gain.get('bids_changed', 0)} of {gain.get('bids', 0)} changed)"
        )
        return model, summary

    _generations(
        generate,
        module.save_data,
        fit,
        matches=options["matches"],
        seed=options["seed"],
        generations=options["generations"],
        start=options["start"],
        out=options["out"],
        write=module.MODEL_RESOURCE if options["write"] else None,
    )


#: The games ``troef train all`` retrains, in order (each its own command above).
GAMES = ("kraken", "bonaken", "binokel")
#: The arguments of the game's command while ``troef train all`` runs it (its header names them, not ``all``'s).
_run_args: list[str] | None = None


@train_app.command("all")
def train_all(
    seed: Annotated[int, typer.Option(help="Seed of every game's run.")] = 1,
    workers: Annotated[int, typer.Option(help="Processes to play in.")] = 1,
    matches: Annotated[
        int | None, typer.Option(help="Self-play matches per generation for every game (default: each game's own).")
    ] = None,
    games: Annotated[str, typer.Option(help="The games, comma-separated.")] = ",".join(GAMES),
    out: Annotated[Path, typer.Option(help="Directory with one directory per game.")] = Path("train"),
    write: Annotated[
        bool, typer.Option("--write", help="Store each game's last model as the package's model file.")
    ] = False,
) -> None:
    """Every game's model from one seed: each game's command in turn with its own defaults.

    About 45 minutes of CPU on a mypyc build with the defaults (Kraken two generations of 600 matches
    about 9, Bonaken 40 matches about 27, Binokel 20 matches about 6): ``--workers 2`` halves the wall
    time on two cores. Each model's header names its game's command, as if it had been run alone.
    """
    global _run_args
    chosen = [g.strip() for g in games.split(",") if g.strip()]
    unknown = [g for g in chosen if g not in GAMES]
    if unknown or not chosen:
        raise typer.BadParameter(f"choose from {', '.join(GAMES)}", param_hint="--games")
    command = typer.main.get_command(train_app)
    for game in chosen:
        args = ["--seed", str(seed), "--workers", str(workers), "--out", str(out / game)]
        args += ["--matches", str(matches)] if matches is not None else []
        typer.echo(f"troef train {game} {shlex.join(args)}")
        _run_args = args
        try:
            command.main(args=[game, *args, *(["--write"] if write else [])], standalone_mode=False)
        finally:
            _run_args = None


def _command(game: str) -> str:
    """The command line that made a model (without ``--write``), for its header."""
    args = _run_args if _run_args is not None else sys.argv[3:]
    return f"troef train {game} " + " ".join(shlex.quote(a) for a in args if a != "--write")


def _layers(hidden: str) -> tuple[int, ...]:
    try:
        return tuple(int(v) for v in hidden.split(",") if v.strip())
    except ValueError:
        raise typer.BadParameter("sizes like 32,16", param_hint="--hidden") from None


def _generations(
    generate: Callable[[int, int, Mlp | None, Callable[[int], None]], Any],
    save: Callable[[Any, Path], None],
    fit: Callable[[Any, int, dict[str, Any]], tuple[Mlp, str]],
    *,
    matches: int,
    seed: int,
    generations: int,
    start: Path | None,
    out: Path,
    write: tuple[str, str] | None,
) -> None:
    """Expert iteration with progress bars: each generation's self-play (by the model of the one before),
    its data and model written to ``out``; with ``write`` the last model becomes the package's file."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TimeElapsedColumn, TimeRemainingColumn

    from troef.core.parallel import WorkerLost

    out.mkdir(parents=True, exist_ok=True)
    model: Mlp | None = None
    first = 1
    if start is not None:
        try:
            model = Mlp.load(start)
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(str(exc), param_hint="--start") from None
        first = int(model.header.get("generation", 0)) + 1
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        disable=not sys.stderr.isatty(),
    ) as bar:
        for generation in range(first, first + generations):
            task = bar.add_task(f"generation {generation}: self-play", total=matches)

            def advance(n: int, task: TaskID = task) -> None:
                bar.advance(task, n)

            started = time.process_time()
            try:
                data = generate(matches, seed * 1000 + generation, model, advance)
            except WorkerLost as exc:  # a dead worker ends the run with a line, not a hang or a traceback
                typer.echo(f"troef train: {exc}", err=True)
                raise typer.Exit(1) from None
            save(data, out / f"gen-{generation}.jsonl")
            model, summary = fit(data, generation, {"cpu_seconds": round(time.process_time() - started, 1)})
            model.save(out / f"gen-{generation}.json")
            typer.echo(f"generation {generation}: {summary}; written {out / f'gen-{generation}.json'}")
    if write is not None and model is not None:
        from importlib import resources

        package, name = write
        target = Path(str(resources.files(package).joinpath(name)))
        model.save(target)
        typer.echo(f"written {target}")
    if model is not None:
        typer.echo(json.dumps(model.header, indent=1))
