"""``troef train``: self-play data and the models of the decisions before the play, one command per game."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

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
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskID,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from troef.train import kraken
    from troef.train.model import Mlp

    if play not in ("club", "strong"):
        raise typer.BadParameter("choose club or strong", param_hint="--play")
    try:
        layers = tuple(int(v) for v in hidden.split(",") if v.strip())
    except ValueError:
        raise typer.BadParameter("sizes like 32,16", param_hint="--hidden") from None
    out.mkdir(parents=True, exist_ok=True)
    command = "troef train kraken " + " ".join(shlex.quote(a) for a in sys.argv[3:] if a != "--write")
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
            data = kraken.generate(
                matches,
                seed * 1000 + generation,
                model,
                play,
                repeats=repeats,
                workers=workers,
                credit_scale=quota_credit,
                progress=advance,
            )
            kraken.save_data(data, out / f"gen-{generation}.jsonl")
            model, validation, baseline = kraken.train(
                data,
                seed=seed,
                command=command,
                generation=generation,
                hidden=layers,
                credit_scale=quota_credit,
                extra={"play": play, "repeats": repeats, "cpu_seconds": round(time.process_time() - started, 1)},
            )
            model.save(out / f"gen-{generation}.json")
            typer.echo(
                f"generation {generation}: {len(data.records)} words from {data.matches} matches; validation MSE "
                + ", ".join(
                    f"{o} {v:.3f} (mean alone {b:.3f})"
                    for o, v, b in zip(kraken.OUTPUTS, validation, baseline, strict=True)
                )
                + f"; written {out / f'gen-{generation}.json'}"
            )
    if write and model is not None:
        from importlib import resources

        package, name = kraken.MODEL_RESOURCE
        target = Path(str(resources.files(package).joinpath(name)))
        model.save(target)
        typer.echo(f"written {target}")
    if model is not None:
        typer.echo(json.dumps(model.header, indent=1))


@train_app.command("bonaken")
def train_bonaken() -> None:
    """Bonaken's bids: not learned yet; the strong level bids by its calibrated curve (``troef bench bid-model``)."""
    typer.echo(
        "no learned bid model for Bonaken yet: the strong level bids by the score sheet on the chance of its "
        "calibrated curve (troef bench bid-model, docs/bots.md)",
        err=True,
    )
    raise typer.Exit(2)


@train_app.command("binokel")
def train_binokel() -> None:
    """Binokel's bids: not learned yet; the strong level bids as documented in docs/bots.md."""
    typer.echo("no learned bid model for Binokel yet: the strong level bids as docs/bots.md describes", err=True)
    raise typer.Exit(2)
