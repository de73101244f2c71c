"""The body of ``troef analyse`` (the command itself is declared in :mod:`troef.cli`)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from troef.analysis.core import AnalysisError, Settings, analyse
from troef.analysis.report import describe
from troef.core.errors import RecordError, ReplayError, TroefError

__all__ = ["run"]


def run(
    file: Path,
    seat: int | None,
    deal: int | None,
    as_json: bool,
    fair_only: bool,
    open_only: bool,
    samples: int,
    seed: int,
) -> int:
    """Run ``troef analyse``; returns the exit code (2: bad input, with a message on stderr)."""
    if fair_only and open_only:
        typer.echo("troef: --fair and --open exclude each other (neither: both judgements)", err=True)
        return 2
    if samples < 1:
        typer.echo("troef: --samples must be at least 1", err=True)
        return 2
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        typer.echo(f"troef: cannot read {file}: {exc.strerror}", err=True)
        return 2
    settings = Settings(open=not fair_only, fair=not open_only, samples=samples, seed=seed)
    try:
        result = analyse(
            text,
            deals=None if deal is None else [deal - 1],
            seats=None if seat is None else [seat],
            settings=settings,
        )
    except AnalysisError as exc:
        typer.echo(f"troef: {exc}", err=True)
        return 2
    except ReplayError as exc:
        typer.echo(f"troef: illegal action in the record: {exc}", err=True)
        return 2
    except (RecordError, TroefError) as exc:
        typer.echo(f"troef: bad record: {exc}", err=True)
        return 2
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1, ensure_ascii=False))
    else:
        typer.echo(describe(result, every=deal is not None))
    return 0
