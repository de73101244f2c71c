"""``troef train``: self-play data and the models of the decisions before the play, one command per game."""

from __future__ import annotations

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


@train_app.command("bonaken")
def train_bonaken(
    matches: Annotated[int, typer.Option(help="Self-play matches (nk, four seats) per generation.")] = 40,
    seed: Annotated[int, typer.Option(help="Seed of the run: the self-play matches and the fit.")] = 1,
    generations: Annotated[
        int, typer.Option(help="Generations: each plays its self-play with the model of the one before.")
    ] = 1,
    play: Annotated[str, typer.Option(help="The exchange and card play in self-play and replays: club or strong.")] = (
        "club"
    ),
    repeats: Annotated[int, typer.Option(help="Replays of each alternative of each bid.")] = 1,
    workers: Annotated[int, typer.Option(help="Processes to play in.")] = 1,
    out: Annotated[
        Path, typer.Option(help="Directory for each generation's data (JSON lines) and model (gen-N.json).")
    ] = Path("train-bonaken"),
    hidden: Annotated[str, typer.Option(help="Hidden layer sizes, comma-separated.")] = "32,16",
    start: Annotated[
        Path | None,
        typer.Option(help="A model whose generation plays the first self-play here (numbering goes on from it)."),
    ] = None,
    data: Annotated[
        list[Path] | None,
        typer.Option(help="Data files (gen-N.jsonl) of earlier runs to fit on besides the new self-play."),
    ] = None,
    write: Annotated[
        bool, typer.Option("--write", help="Store the last generation's model as the package's bids_model.json.")
    ] = False,
) -> None:
    """Bonaken's bids (nk): self-play by the strong level, every bid's alternatives replayed, a model of
    their value on the score sheet.

    Measure each generation in the arena (``troef arena bonaken --rules nk --seats
    'strong:bids=model,bids_file=OUT/gen-N.json',club,club,club --duplicate``) before shipping it.
    """
    from troef.train import bonaken

    if play not in ("club", "strong"):
        raise typer.BadParameter("choose club or strong", param_hint="--play")
    earlier = bonaken.Data()
    for path in data or ():
        try:
            earlier.extend(bonaken.load_data(path))
        except (OSError, ValueError, KeyError) as exc:
            raise typer.BadParameter(f"{path}: {exc}", param_hint="--data") from None

    def generate(n: int, run_seed: int, model: Mlp | None, progress: Callable[[int], None]) -> bonaken.Data:
        found = bonaken.generate(n, run_seed, model, play, repeats=repeats, workers=workers, progress=progress)
        if n:
            found.commands.append(_command("bonaken"))
        return found

    def fit(found: bonaken.Data, generation: int, model_extra: dict[str, Any]) -> tuple[Mlp, str]:
        found.extend(earlier)
        model, validation, baseline = bonaken.train(
            found,
            seed=seed,
            command=_command("bonaken"),
            generation=generation,
            hidden=_layers(hidden),
            extra={"play": play, "repeats": repeats, **model_extra},
        )
        gain = model.header.get("validation_gain", {})
        summary = (
            f"{len(found.records)} bids from {found.matches} matches; validation MSE "
            + ", ".join(
                f"{o} {v:.4f} (mean alone {b:.4f})"
                for o, v, b in zip(bonaken.OUTPUTS, validation, baseline, strict=True)
            )
            + f"; on the validation bids the model's choice gains {gain.get('table_points_per_bid', 0.0):+.4f} "
            f"table points a bid over the self-play's ({gain.get('bids_changed', 0)} of {gain.get('bids', 0)} changed)"
        )
        return model, summary

    _generations(
        generate,
        bonaken.save_data,
        fit,
        matches=matches,
        seed=seed,
        generations=generations,
        start=start,
        out=out,
        write=bonaken.MODEL_RESOURCE if write else None,
    )


@train_app.command("binokel")
def train_binokel() -> None:
    """Binokel's bids: not learned yet; the strong level bids as documented in docs/bots.md."""
    typer.echo("no learned bid model for Binokel yet: the strong level bids as docs/bots.md describes", err=True)
    raise typer.Exit(2)


def _command(game: str) -> str:
    """The command line that made a model (without ``--write``), for its header."""
    return f"troef train {game} " + " ".join(shlex.quote(a) for a in sys.argv[3:] if a != "--write")


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
