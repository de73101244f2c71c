"""``troef tournament ...``: run a tournament from the command line, on the web app's database.

Whoever can open the database can manage its tournaments, so these commands
ask no organiser token; ``new`` prints the token and the organiser link for
the web app.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from troef.tournament.model import Tournament, TournamentError, clean_name, fmt_points

if TYPE_CHECKING:  # the database layer loads only when a command runs
    from troef.tournament.store import TournamentStore

tournament_app = typer.Typer(
    help="Tournaments (NK format, nk rules 60-61): players, the draw, results, standings, CSV export.",
    no_args_is_help=True,
)

DbOption = Annotated[
    str | None,
    typer.Option(help="Database URL, as for 'troef serve' (default: the SQLite file in the user data folder)."),
]


def _store(db: str | None) -> TournamentStore:
    from troef.server.storage import default_url
    from troef.tournament.store import TournamentStore

    return TournamentStore(db or default_url())


def _fail(message: str) -> typer.Exit:
    typer.echo(f"troef: {message}", err=True)
    return typer.Exit(2)


def _open(db: str | None, tournament_id: str) -> tuple[TournamentStore, Tournament]:
    store = _store(db)
    t = store.load(tournament_id)
    if t is None:
        raise _fail(f"no tournament {tournament_id!r} in this database")
    return store, t


def _change(db: str | None, tournament_id: str, fn: Callable[[Tournament], Any]) -> Any:
    store = _store(db)
    try:
        return store.change(tournament_id, fn)
    except TournamentError as exc:
        raise _fail(exc.message) from None


@tournament_app.command("new")
def new(
    name: Annotated[str, typer.Option(help="Name, e.g. 'NK Bonaken 2026'.")],
    date: Annotated[str, typer.Option(help="Date, e.g. 2026-11-28.")] = "",
    place: Annotated[str, typer.Option(help="Place, e.g. Leimuiden.")] = "",
    rounds: Annotated[int, typer.Option(help="Qualifying rounds (nk rule 60: 5).")] = 5,
    games: Annotated[int, typer.Option(help="Games per table per round (nk rule 60: 2).")] = 2,
    final: Annotated[bool, typer.Option("--final/--no-final", help="A final of the top four (nk rule 61).")] = True,
    seed: Annotated[int | None, typer.Option(help="Seed of the draw (published, it reproduces every round).")] = None,
    avoid_repeats: Annotated[
        bool, typer.Option("--avoid-repeats/--allow-repeats", help="Avoid players meeting again where the lot allows.")
    ] = True,
    db: DbOption = None,
) -> None:
    """Create a tournament: prints its id, seed and the secret organiser token."""
    try:
        t = Tournament(
            id=secrets.token_urlsafe(8),
            name=clean_name(name, "tournament name"),
            date=date[:32],
            place=place[:64],
            rounds=rounds,
            games_per_round=games,
            final=final,
            seed=secrets.randbits(48) if seed is None else seed,
            avoid_repeats=avoid_repeats,
        )
    except TournamentError as exc:
        raise _fail(exc.message) from None
    token = _store(db).create(t)
    typer.echo(f"tournament {t.id}: {t.name}")
    typer.echo(f"seed {t.seed}")
    typer.echo(f"organiser token {token}")
    typer.echo(f"organiser page /toernooi/{t.id}/beheer#o={token}  (keep it secret)")
    typer.echo(f"public page /toernooi/{t.id}")


@tournament_app.command("players")
def players(
    tournament: Annotated[str, typer.Argument(help="Tournament id.")],
    add: Annotated[list[str] | None, typer.Option(help="A player's name (repeat the option for more).")] = None,
    file: Annotated[Path | None, typer.Option(help="A list: one name a line, or CSV with a name column.")] = None,
    withdraw: Annotated[list[int] | None, typer.Option(help="Start number of a player who withdraws.")] = None,
    db: DbOption = None,
) -> None:
    """Register players (late entries between rounds too), withdraw players, and list them."""
    from troef.tournament.export import read_names

    names = list(add or [])
    if file is not None:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8-sig")
        names += read_names(text)
    if names:
        _change(db, tournament, lambda t: t.add_players(names))
    for number in withdraw or []:

        def leave(t: Tournament, n: int = number) -> None:
            t.withdraw(n)

        _change(db, tournament, leave)
    _, t = _open(db, tournament)
    for p in t.players.values():
        flags = "" if p.active else "  (withdrawn)"
        late = f"  (from round {p.joined})" if p.joined > 1 else ""
        typer.echo(f"{p.number:>4}  {p.name}{late}{flags}")
    typer.echo(f"{sum(p.active for p in t.players.values())} players")


@tournament_app.command("draw")
def draw(
    tournament: Annotated[str, typer.Argument(help="Tournament id.")],
    final: Annotated[bool, typer.Option("--final", help="Draw the final of the top four (after the last round).")] = (
        False
    ),
    db: DbOption = None,
) -> None:
    """Draw the next round by lot (or the final) and print its table list."""
    rnd = _change(db, tournament, lambda t: t.draw_final() if final else t.draw_round())
    _, t = _open(db, tournament)
    number = getattr(rnd, "number", 0)
    _print_round(t, number)


def _print_round(t: Tournament, number: int) -> None:
    rnd = t.round(number)
    typer.echo(("final" if rnd.final else f"round {rnd.number}") + f" (seed {t.seed})")
    for i, table in enumerate(rnd.tables, start=1):
        typer.echo(f"table {i:>3}: " + ", ".join(f"{p} {t.players[p].name}" for p in table))
    if rnd.byes:
        typer.echo("bye: " + ", ".join(f"{p} {t.players[p].name}" for p in rnd.byes))


@tournament_app.command("results")
def results(
    tournament: Annotated[str, typer.Argument(help="Tournament id.")],
    round_no: Annotated[int | None, typer.Option("--round", help="Round (the final is the round after the last).")] = (
        None
    ),
    table: Annotated[int | None, typer.Option(help="Table number.")] = None,
    game: Annotated[int | None, typer.Option(help="Game of the round (1, 2, ...).")] = None,
    points: Annotated[str | None, typer.Option(help="Table points in seat order, e.g. 10,8,4,1.")] = None,
    order: Annotated[
        str | None, typer.Option(help="Or how each seat finished, in seat order: 1, 2, 3, erin or rest.")
    ] = None,
    note: Annotated[str, typer.Option(help="Why (for a correction).")] = "",
    db: DbOption = None,
) -> None:
    """Enter a game's result from the score form (a second entry is a logged correction), or list a round."""
    if round_no is None:
        _, t = _open(db, tournament)
        round_no = len(t.drawn)
        if not round_no:
            raise _fail("no round has been drawn yet")
    if points is not None or order is not None:
        if table is None or game is None:
            raise _fail("give --table and --game with the result")
        given = [v.strip() for v in (points if points is not None else order or "").split(",")]
        r, tb, g = round_no, table, game
        out = _change(
            db,
            tournament,
            lambda t: t.enter_result(
                r,
                tb,
                g,
                points=given if points is not None else None,
                order=given if order is not None else None,
                note=note,
            ),
        )
        if out[1] is not None:
            typer.echo(f"corrected: {' '.join(map(str, out[1].old))} -> {' '.join(map(str, out[1].new))}")
    _, t = _open(db, tournament)
    try:
        rnd = t.round(round_no)
    except TournamentError as exc:
        raise _fail(exc.message) from None
    for i, seats in enumerate(rnd.tables, start=1):
        cells = []
        for g in range(1, t.games_per_round + 1):
            res = t.results.get((rnd.number, i, g))
            cells.append(" ".join(f"{x:>2}" for x in res.points) if res else "  -" * len(seats))
        typer.echo(f"table {i:>3}: " + " | ".join(cells))


@tournament_app.command("standings")
def standings(
    tournament: Annotated[str, typer.Argument(help="Tournament id.")],
    db: DbOption = None,
) -> None:
    """The standings (nk rule 60: points, then games won, second places, ...), and the final when drawn."""
    _, t = _open(db, tournament)
    values = t.scoring.place_values
    typer.echo(f"{'place':>6}  {'nr':>4}  {'name':<28} {'total':>7}  " + " ".join(f"{v:>3}x" for v in values))
    for s in t.standings():
        place = f"{s.place}{'=' if s.shared else ''}"
        mark = "" if s.active else " (withdrawn)"
        line = f"{place:>6}  {s.number:>4}  {(s.name + mark)[:28]:<28} {fmt_points(s.total):>7}  "
        typer.echo(line + " ".join(f"{c:>4}" for c in s.counts))
    final = t.final_standings()
    if final is not None:
        typer.echo("final:")
        for s in final:
            typer.echo(f"{s.place:>6}  {s.number:>4}  {s.name[:28]:<28} {fmt_points(s.total):>7}")
        champion = t.champion()
        if champion is not None:
            typer.echo(f"champion: {champion.name}")


@tournament_app.command("export")
def export(
    tournament: Annotated[str, typer.Argument(help="Tournament id.")],
    what: Annotated[str, typer.Option(help="standings, results or corrections.")] = "standings",
    out: Annotated[Path | None, typer.Option(help="File to write (default: print).")] = None,
    db: DbOption = None,
) -> None:
    """CSV of the standings, of all results, or of the correction log."""
    from troef.tournament.export import corrections_csv, results_csv, standings_csv

    makers = {"standings": standings_csv, "results": results_csv, "corrections": corrections_csv}
    if what not in makers:
        raise _fail("--what must be standings, results or corrections")
    _, t = _open(db, tournament)
    text = makers[what](t)
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}")


@tournament_app.command("verify")
def verify(
    tournament: Annotated[str, typer.Argument(help="Tournament id.")],
    url: Annotated[
        str | None,
        typer.Option(help="The server's address, e.g. https://troef.example: check from its public answers alone."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Check every revealed deal: the secret against its commitment, and the record dealt from it.

    With --url anybody can check a tournament from its public pages; without, the
    database (as the other commands) is read. Exit status 1 if any game does not match.
    """
    from troef.tournament.verify import verify as check

    if url is not None:
        import urllib.error
        import urllib.request

        base = url.rstrip("/")

        def get(path: str) -> bytes | None:
            try:
                with urllib.request.urlopen(base + path, timeout=60) as resp:
                    body: bytes = resp.read()
                    return body
            except urllib.error.HTTPError:
                return None

        raw = get(f"/api/tournaments/{tournament}")
        if raw is None:
            raise _fail(f"no tournament {tournament!r} at {base}")
        public = json.loads(raw)

        def table_config(table_id: str) -> dict[str, Any] | None:
            info = get(f"/api/tables/{table_id}")
            return None if info is None else dict(json.loads(info)["config"])

        def record(table_id: str) -> str | None:
            text = get(f"/api/tables/{table_id}/record")
            return None if text is None else text.decode()

        checks = check(public, table_config, record)
    else:
        from troef.server.adapter import games, rebuild
        from troef.server.storage import Store, default_url
        from troef.tournament.web import public_json

        _, t = _open(db, tournament)
        tables = Store(db or default_url())

        def stored_config(table_id: str) -> dict[str, Any] | None:
            row = tables.load(table_id)
            return None if row is None else dict(row.config)

        def stored_record(table_id: str) -> str | None:
            row = tables.load(table_id)
            if row is None or row.finished_at is None:
                return None
            game = games()[row.game]
            seats = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]
            return game.record(rebuild(game, row.config, row.seed, row.first_dealer, row.actions), seats)

        checks = check(public_json(t), stored_config, stored_record)
    for item in checks:
        typer.echo(item.line())
    bad = sum(1 for item in checks if item.status == "MISMATCH")
    shown = sum(1 for item in checks if item.status == "ok")
    typer.echo(f"{shown} games checked, {bad} mismatches, {len(checks) - shown - bad} not revealed yet")
    if bad:
        raise typer.Exit(1)
