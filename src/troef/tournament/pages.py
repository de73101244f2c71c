"""Print pages of a tournament (A4 from a browser): table lists, score forms, standings.

Plain server-made HTML with the print style sheet ``/static/tournament.css``
(no script needed). Text in Dutch, English or German (``?lang=``).
"""

from __future__ import annotations

from html import escape
from typing import Final

from troef.tournament.model import Round, Tournament, fmt_points

TEXT: Final[dict[str, dict[str, str]]] = {
    "nl": {
        "round": "Ronde",
        "final": "Finale",
        "table": "Tafel",
        "tables": "Tafelindeling",
        "game": "Spel",
        "seat": "Plaats",
        "nr": "Nr",
        "name": "Naam",
        "player": "Speler",
        "bye": "Vrij (bye)",
        "form": "Wedstrijdformulier",
        "points": "Tafelpunten",
        "order": "Volgorde eruit",
        "standings": "Klassement",
        "place": "Pl.",
        "total": "Totaal",
        "games": "Spellen",
        "withdrawn": "teruggetrokken",
        "champion": "Kampioen",
        "legend": "Tafelpunten: als eerste eruit 10, als tweede 8, als derde 4, wie overblijft 1; erin 0. "
        "Samen eruit met misère: ieder de punten van die plaats, de volgende plaats vervalt. "
        "Blijft er één over na erin-spelers, dan krijgt hij de eerstvolgende plaats (nk regels 54-58).",
        "status": "Streep per gift de stand van elke speler aan (nk regel 59).",
        "signature": "Paraaf spelers",
        "find": "Zoek je tafel",
        "not_drawn": "Deze ronde is nog niet geloot.",
        "seed": "Loting met seed",
    },
    "en": {
        "round": "Round",
        "final": "Final",
        "table": "Table",
        "tables": "Table list",
        "game": "Game",
        "seat": "Seat",
        "nr": "No",
        "name": "Name",
        "player": "Player",
        "bye": "Bye",
        "form": "Score form",
        "points": "Table points",
        "order": "Order out",
        "standings": "Standings",
        "place": "Pl.",
        "total": "Total",
        "games": "Games",
        "withdrawn": "withdrawn",
        "champion": "Champion",
        "legend": "Table points: first out 10, second 8, third 4, the one left over 1; erin 0. "
        "Out together by misère: each the points of that place, the next place is skipped. "
        "One player left after others went erin takes the next place (nk rules 54-58).",
        "status": "Mark each player's status after every hand (nk rule 59).",
        "signature": "Players' initials",
        "find": "Find your table",
        "not_drawn": "This round has not been drawn yet.",
        "seed": "Drawn with seed",
    },
    "de": {
        "round": "Runde",
        "final": "Finale",
        "table": "Tisch",
        "tables": "Tischeinteilung",
        "game": "Spiel",
        "seat": "Platz",
        "nr": "Nr",
        "name": "Name",
        "player": "Spieler",
        "bye": "Spielfrei",
        "form": "Spielformular",
        "points": "Punkte",
        "order": "Raus als",
        "standings": "Rangliste",
        "place": "Pl.",
        "total": "Summe",
        "games": "Spiele",
        "withdrawn": "zurückgezogen",
        "champion": "Meister",
        "legend": "Tischpunkte: zuerst raus 10, als zweiter 8, als dritter 4, wer übrig bleibt 1; erin 0. "
        "Gemeinsam raus mit Misère: jeder die Punkte dieses Platzes, der nächste Platz entfällt. "
        "Bleibt einer übrig, nachdem andere erin sind, erhält er den nächsten Platz (nk Regeln 54-58).",
        "status": "Den Stand jedes Spielers nach jeder Hand ankreuzen (nk Regel 59).",
        "signature": "Kürzel der Spieler",
        "find": "Finde deinen Tisch",
        "not_drawn": "Diese Runde ist noch nicht ausgelost.",
        "seed": "Ausgelost mit Seed",
    },
}


def texts(lang: str | None) -> dict[str, str]:
    """The texts of ``lang`` (Dutch when unknown)."""
    return TEXT.get(lang or "nl", TEXT["nl"])


def _page(t: Tournament, title: str, body: str, lang: str, extra_class: str = "") -> str:
    head = escape(f"{title} - {t.name}")
    return (
        f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{head}</title>"
        '<link rel="stylesheet" href="/static/tournament.css"></head>'
        f'<body class="print {extra_class}">{body}</body></html>'
    )


def _heading(t: Tournament, title: str) -> str:
    facts = " · ".join(escape(x) for x in (t.date, t.place) if x)
    line = escape(t.name) + (" · " + facts if facts else "")
    return f'<header class="print-head"><h1>{escape(title)}</h1><p>{line}</p></header>'


def _round_title(rnd: Round, tx: dict[str, str]) -> str:
    return tx["final"] if rnd.final else f"{tx['round']} {rnd.number}"


def table_list(t: Tournament, rnd: Round, lang: str = "nl", large: bool = False) -> str:
    """The table list of a round; ``large`` also lists every player with his table in big type, to hang up."""
    tx = texts(lang)
    title = f"{tx['tables']} {_round_title(rnd, tx)}"
    rows = []
    for i, table in enumerate(rnd.tables, start=1):
        cells = "".join(f'<td><span class="nr">{p}</span> {escape(t.players[p].name)}</td>' for p in table)
        rows.append(f'<tr><th scope="row">{tx["table"]} {i}</th>{cells}</tr>')
    seats = "".join(f"<th>{tx['seat']} {i}</th>" for i in range(1, t.scoring.table_size + 1))
    body = _heading(t, title)
    body += (
        f'<table class="tables"><thead><tr><th>{tx["table"]}</th>{seats}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    if rnd.byes:
        names = ", ".join(f"{p} {escape(t.players[p].name)}" for p in rnd.byes)
        body += f'<p class="byes"><strong>{tx["bye"]}:</strong> {names}</p>'
    body += f'<p class="seed">{tx["seed"]} {t.seed}</p>'
    if large:
        where = {p: i for i, table in enumerate(rnd.tables, start=1) for p in table}
        for p in rnd.byes:
            where[p] = 0
        entries = sorted(where, key=lambda p: t.players[p].name.casefold())
        items = "".join(
            f'<li><span class="who">{escape(t.players[p].name)}</span>'
            f'<span class="at">{tx["table"] + " " + str(where[p]) if where[p] else tx["bye"]}</span></li>'
            for p in entries
        )
        body += f'<section class="find"><h2>{tx["find"]}</h2><ol class="find-list">{items}</ol></section>'
    return _page(t, title, body, lang, "large" if large else "")


def score_forms(t: Tournament, rnd: Round, lang: str = "nl") -> str:
    """One score form per table per game (nk rule 59 columns, then the order out and the table points)."""
    tx = texts(lang)
    columns = t.scoring.form_columns
    forms = []
    for i, table in enumerate(rnd.tables, start=1):
        for g in range(1, t.games_per_round + 1):
            head = (
                f"<th>#</th><th>{tx['nr']}</th><th>{tx['player']}</th>"
                + "".join(f'<th class="status">{escape(c)}</th>' for c in columns)
                + f'<th class="order">{tx["order"]}</th><th class="pts">{tx["points"]}</th>'
            )
            rows = "".join(
                f'<tr><td class="seatno">{s}</td><td>{p}</td><td class="name">{escape(t.players[p].name)}</td>'
                + '<td class="box"></td>' * len(columns)
                + '<td class="box"></td><td class="box"></td></tr>'
                for s, p in enumerate(table, start=1)
            )
            title = f"{tx['form']} · {_round_title(rnd, tx)} · {tx['table']} {i} · {tx['game']} {g}"
            forms.append(
                f'<section class="form-page">{_heading(t, title)}'
                f'<table class="form"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
                f'<p class="hint">{tx["status"]}</p><p class="legend">{tx["legend"]}</p>'
                f'<p class="signature">{tx["signature"]}: ' + "<span></span>" * len(table) + "</p></section>"
            )
    title = f"{tx['form']} {_round_title(rnd, tx)}"
    return _page(t, title, "".join(forms), lang, "forms")


def standings_page(t: Tournament, lang: str = "nl") -> str:
    """The standings (nk rule 60) and, once drawn, the final (nk rule 61)."""
    tx = texts(lang)
    values = t.scoring.place_values[:-1]
    head = (
        f"<th>{tx['place']}</th><th>{tx['nr']}</th><th>{tx['name']}</th><th>{tx['total']}</th>"
        + "".join(f"<th>{v}×</th>" for v in values)
        + f"<th>{tx['games']}</th>"
    )
    rows = []
    for s in t.standings():
        place = f"{s.place}{'=' if s.shared else ''}"
        name = escape(s.name) + ("" if s.active else f" <em>({tx['withdrawn']})</em>")
        counts = "".join(f"<td>{c}</td>" for c in s.counts[: len(values)])
        rows.append(
            f'<tr><td>{place}</td><td>{s.number}</td><td class="name">{name}</td>'
            f'<td class="total">{fmt_points(s.total)}</td>{counts}<td>{s.games}</td></tr>'
        )
    played = sum(1 for r in t.drawn if not r.final)
    title = f"{tx['standings']} ({tx['round']} {played}/{t.rounds})"
    body = _heading(t, title)
    final = t.final_standings()
    if final is not None:
        champion = t.champion()
        lines = "".join(
            f'<tr><td>{s.place}</td><td>{s.number}</td><td class="name">{escape(s.name)}</td>'
            f'<td class="total">{fmt_points(s.total)}</td></tr>'
            for s in final
        )
        body += f'<section class="final"><h2>{tx["final"]}</h2>'
        if champion is not None:
            body += f'<p class="champion">{tx["champion"]}: <strong>{escape(champion.name)}</strong></p>'
        body += f'<table class="standings"><tbody>{lines}</tbody></table></section>'
    body += f'<table class="standings"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    return _page(t, title, body, lang)
