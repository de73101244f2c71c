"""A tournament in memory: players, rounds, results with their corrections, standings, the final.

Game-agnostic: the game's :class:`~troef.tournament.scoring.GameScoring`
says how big a table is, which scores a table can give and the tie-break
chain. The NK format (nk rules 60-61): a number of rounds at tables drawn by
lot, each table playing a number of games a round; the standings rank by
total table points, then by how often a player scored each place value (10,
then 8, ...); after the last round the top four play the final.

Players left over when the entrants do not fill whole tables sit the round
out (a *bye*, see ``docs/tournament.md``): for each game of that round they
score the average of what the players at the tables scored in that game, and
no place counts for the tie-break.

Every method checks first and changes nothing when it raises
:class:`TournamentError`.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any, Final

from troef.tournament.draw import choose_byes, deal_secret, draw_tables, meetings, round_rng
from troef.tournament.scoring import GameScoring, default_tournament, scoring_for

#: Longest player or tournament name.
MAX_NAME: Final = 64
#: Most players a tournament takes.
MAX_PLAYERS: Final = 1000


class TournamentError(ValueError):
    """An organiser action that cannot be done; ``code`` is stable, the message says why."""

    def __init__(self, message: str, code: str = "bad_request") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def clean_name(raw: object, what: str = "name") -> str:
    """A name in NFKC form, without control characters and surrounding space; TournamentError if empty or too long.

    >>> clean_name("  Ｊａｎ\u200b  de Vries ")
    'Jan de Vries'
    """
    if not isinstance(raw, str):
        raise TournamentError(f"the {what} must be text", "bad_name")
    raw = unicodedata.normalize("NFKC", raw)  # one spelling of each letter: full-width Ｊ is J, the ligature ﬁ is fi
    text = " ".join("".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").split())
    if not text:
        raise TournamentError(f"the {what} is empty", "bad_name")
    if len(text) > MAX_NAME:
        raise TournamentError(f"the {what} {text[:20]!r}... is longer than {MAX_NAME} characters", "bad_name")
    return text


@functools.cache
def _lookalikes() -> dict[int, str]:
    """Each character of Unicode TR39's confusables table to the one its class of lookalikes is written as.

    The table is the one ``confusable_homoglyphs`` ships (Unicode's ``confusables.txt``): characters
    that it says look alike form one class (Latin ``i``, Turkish dotless ``ı``, Cyrillic ``і``, ...),
    written as its ASCII lower-case letter where it has one, else its ASCII letter (the class of
    ``l``, ``I``, ``1`` and ``|`` is ``l``, that of ``O`` and ``0`` is ``O``). Mappings to more
    than one character (``rn`` for ``m``) are left to :func:`skeleton`.
    """
    from confusable_homoglyphs.utils import load

    table: dict[str, list[dict[str, str]]] = load("confusables.json")
    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for char, homoglyphs in table.items():
        if len(char) != 1:
            continue
        for entry in homoglyphs:
            other = entry["c"]
            if len(other) == 1 and find(char) != find(other):
                parent[find(char)] = find(other)
    classes: dict[str, list[str]] = {}
    for ch in {*parent, *parent.values()}:
        classes.setdefault(find(ch), []).append(ch)
    out: dict[int, str] = {}
    for members in classes.values():
        lower = sorted(m for m in members if m.isascii() and m.islower())
        letters = sorted(m for m in members if m.isascii() and m.isalpha())
        ascii_ = sorted(m for m in members if m.isascii())
        written = (lower or letters or ascii_ or sorted(members))[0]
        for m in members:
            if m != written:
                out[ord(m)] = written
    return out


def skeleton(name: str) -> str:
    """What a name looks like: two names with the same skeleton cannot be told apart on a table list.

    Case, accents, spaces and lookalike characters of Unicode TR39's confusables (Cyrillic ``А``
    for Latin ``A``, Turkish ``ı`` for ``i``) do not count, nor ``rn`` for ``m``.

    >>> skeleton("\u0410nna") == skeleton("Anna") == skeleton("anna ") == skeleton("Änna")
    True
    >>> skeleton("D\u0131rk") == skeleton("Dirk"), skeleton("Anna") == skeleton("Hanna")
    (True, False)
    """
    lookalikes = _lookalikes()
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).translate(lookalikes))
    text = "".join(ch for ch in text if not unicodedata.combining(ch) and not ch.isspace())
    return text.casefold().translate(lookalikes).replace("rn", "m")


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 6


@dataclass(slots=True)
class Player:
    """An entrant: ``number`` is the start number (1, 2, ...), ``joined`` the first round he can be drawn for."""

    number: int
    name: str
    active: bool = True
    joined: int = 1


@dataclass(slots=True)
class Round:
    """A drawn round: tables (start numbers in seat order), byes; the final is one round too."""

    number: int
    tables: list[tuple[int, ...]]
    byes: tuple[int, ...] = ()
    final: bool = False
    #: Online games: ``"table/game"`` -> the server table id.
    online: dict[str, str] = field(default_factory=dict)
    #: The secret each game is dealt from if it is played online: ``"table/game"`` -> hex
    #: (:func:`troef.tournament.draw.deal_secret`; public only once the game's result is in).
    deals: dict[str, str] = field(default_factory=dict)

    def draw_deals(self, games: int) -> None:
        """Draw the secret of every game of every table that has none yet."""
        for table in range(1, len(self.tables) + 1):
            for game in range(1, games + 1):
                self.deals.setdefault(f"{table}/{game}", deal_secret())


@dataclass(frozen=True, slots=True)
class GameResult:
    """The scores of one game at one table, in seat order."""

    round: int
    table: int
    game: int
    points: tuple[int, ...]
    source: str = "paper"
    entered_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """A result replaced: what it was, what it became, when, and why."""

    round: int
    table: int
    game: int
    old: tuple[int, ...]
    new: tuple[int, ...]
    source: str
    note: str
    at: datetime


@dataclass(slots=True)
class Standing:
    """One line of the standings."""

    place: int
    shared: bool
    number: int
    name: str
    total: Fraction
    #: How often the player scored each place value (the scoring's ``place_values``).
    counts: tuple[int, ...]
    games: int
    byes: int
    active: bool

    def key(self) -> tuple[Any, ...]:
        """What the rank is decided on (nk rule 60): total, then the counts of the best scores in turn."""
        return (-self.total, *(-c for c in self.counts[:-1]))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready line."""
        return {
            "place": self.place,
            "shared": self.shared,
            "number": self.number,
            "name": self.name,
            "total": fmt_points(self.total),
            "counts": list(self.counts),
            "games": self.games,
            "byes": self.byes,
            "active": self.active,
        }


def fmt_points(value: Fraction) -> str:
    """Points as written on the standings: whole, or with two decimals (byes may give fractions).

    >>> fmt_points(Fraction(23)), fmt_points(Fraction(23, 4))
    ('23', '5.75')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


@dataclass
class Tournament:
    """One tournament, whole: what the store loads and saves."""

    id: str
    name: str
    #: The game and its rule set; empty: the first game troef runs tournaments of, and its first rule set
    #: (:func:`troef.tournament.scoring.default_tournament`: the NK's Bonaken).
    game: str = ""
    ruleset: str = ""
    date: str = ""
    place: str = ""
    rounds: int = 5
    games_per_round: int = 2
    final: bool = True
    seed: int = 0
    avoid_repeats: bool = True
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    players: dict[int, Player] = field(default_factory=dict)
    drawn: list[Round] = field(default_factory=list)
    results: dict[tuple[int, int, int], GameResult] = field(default_factory=dict)
    corrections: list[Correction] = field(default_factory=list)

    def __post_init__(self) -> None:
        try:
            if not self.game or not self.ruleset:
                self.game, self.ruleset = default_tournament(self.game or None)
            self.scoring: GameScoring = scoring_for(self.game, self.ruleset)
        except ValueError as exc:
            raise TournamentError(str(exc), "bad_game") from None
        if not 1 <= self.rounds <= 20:
            raise TournamentError("a tournament has 1 to 20 rounds", "bad_rounds")
        if not 1 <= self.games_per_round <= 6:
            raise TournamentError("a round has 1 to 6 games per table", "bad_games")
        if not 0 <= self.seed < 2**63:
            raise TournamentError("the seed must be a number from 0 to 2^63 - 1", "bad_seed")

    # ------------------------------------------------------------------ players
    def add_players(self, names: Sequence[object]) -> list[Player]:
        """Register players (late entries too, before the final): they join from the next round drawn."""
        if self.final_round is not None:
            raise TournamentError("the final has been drawn: no more entries", "closed")
        cleaned = [clean_name(n, "player name") for n in names]
        if not cleaned:
            raise TournamentError("no player names given", "bad_name")
        if len(self.players) + len(cleaned) > MAX_PLAYERS:
            raise TournamentError(f"a tournament takes at most {MAX_PLAYERS} players", "too_many")
        taken = {skeleton(p.name): p.name for p in self.players.values()}
        for name in cleaned:
            other = taken.get(skeleton(name))
            if other is not None:
                same = "is registered already" if other == name else f"looks the same as {other!r}, registered already"
                raise TournamentError(f"{name!r} {same}: add something to tell them apart", "duplicate")
            taken[skeleton(name)] = name
        start = max(self.players, default=0) + 1
        joined = len(self.drawn) + 1
        added = [Player(start + i, name, True, joined) for i, name in enumerate(cleaned)]
        for p in added:
            self.players[p.number] = p
        return added

    def withdraw(self, number: int) -> Player:
        """Withdraw a player: he is not drawn again; his results so far stay."""
        player = self.players.get(number)
        if player is None:
            raise TournamentError(f"there is no player number {number}", "unknown_player")
        if not player.active:
            raise TournamentError(f"{player.name} has withdrawn already", "withdrawn")
        player.active = False
        return player

    # ------------------------------------------------------------------ rounds
    @property
    def final_round(self) -> Round | None:
        """The final, once drawn."""
        return next((r for r in self.drawn if r.final), None)

    def round(self, number: int) -> Round:
        """A drawn round by number; TournamentError if it has not been drawn."""
        for r in self.drawn:
            if r.number == number:
                return r
        raise TournamentError(f"round {number} has not been drawn", "unknown_round")

    def round_complete(self, rnd: Round) -> bool:
        """Whether every game of every table of ``rnd`` has a result."""
        return all(
            (rnd.number, t, g) in self.results
            for t in range(1, len(rnd.tables) + 1)
            for g in range(1, self.games_per_round + 1)
        )

    def draw_round(self) -> Round:
        """Draw the next qualifying round by lot (nk rule 60), byes first (``docs/tournament.md``)."""
        number = len(self.drawn) + 1
        if number > self.rounds:
            raise TournamentError(f"all {self.rounds} rounds have been drawn", "rounds_done")
        if self.drawn and not self.round_complete(self.drawn[-1]):
            raise TournamentError(f"round {self.drawn[-1].number} is not complete yet", "round_open")
        active = sorted(p.number for p in self.players.values() if p.active)
        size = self.scoring.table_size
        if len(active) < size:
            raise TournamentError(f"a round needs at least {size} players, there are {len(active)}", "too_few")
        rng = round_rng(self.seed, number)
        byes_so_far: dict[int, int] = {}
        for r in self.drawn:
            for p in r.byes:
                byes_so_far[p] = byes_so_far.get(p, 0) + 1
        byes = choose_byes(active, len(active) % size, byes_so_far, rng)
        seated = [p for p in active if p not in byes]
        met = meetings(t for r in self.drawn for t in r.tables) if self.avoid_repeats else None
        rnd = Round(number, draw_tables(seated, size, rng, met), tuple(byes))
        rnd.draw_deals(self.games_per_round)  # not from rng: the deals must not follow from the public seed
        self.drawn.append(rnd)
        return rnd

    def draw_final(self) -> Round:
        """The final of the top four after the last round (nk rule 61); a tie for fourth place by lot."""
        if not self.final:
            raise TournamentError("this tournament has no final", "no_final")
        if self.final_round is not None:
            raise TournamentError("the final has been drawn already", "final_drawn")
        if len(self.drawn) < self.rounds or not self.round_complete(self.drawn[-1]):
            raise TournamentError(f"the final follows the {self.rounds} rounds, which are not all played", "round_open")
        size = self.scoring.table_size
        lines = [s for s in self.standings() if s.active]
        if len(lines) < size:
            raise TournamentError(f"the final needs {size} players who have not withdrawn", "too_few")
        cut = lines[size - 1].key()
        sure = [s.number for s in lines if s.key() < cut]
        tied = [s.number for s in lines if s.key() == cut]
        rng = round_rng(self.seed, self.rounds + 1)
        rng.shuffle(tied)  # a tie for the last final seat that rule 60 leaves open is decided by lot
        finalists = sure + tied[: size - len(sure)]
        seats = list(finalists)
        rng.shuffle(seats)
        rnd = Round(self.rounds + 1, [tuple(seats)], (), final=True)
        rnd.draw_deals(self.games_per_round)
        self.drawn.append(rnd)
        return rnd

    # ------------------------------------------------------------------ results
    def enter_result(
        self,
        round_no: int,
        table_no: int,
        game_no: int,
        *,
        points: Sequence[object] | None = None,
        order: Sequence[object] | None = None,
        source: str = "paper",
        note: str = "",
        now: datetime | None = None,
    ) -> tuple[GameResult, Correction | None]:
        """Enter (or correct) one game's result: ``points`` per seat, or each seat's ``order`` of going out.

        A result that replaces another is logged as a :class:`Correction`. A game opened online
        takes its first result from its online table (``source="online"``); any other is refused
        until then (``online_in_play``).
        """
        rnd = self.round(round_no)
        if not 1 <= table_no <= len(rnd.tables):
            raise TournamentError(f"round {round_no} has tables 1 to {len(rnd.tables)}, not {table_no}", "bad_table")
        if not 1 <= game_no <= self.games_per_round:
            raise TournamentError(f"a round has games 1 to {self.games_per_round}, not {game_no}", "bad_game_no")
        seats = len(rnd.tables[table_no - 1])
        given = points if points is not None else order
        if given is None or (points is not None and order is not None):
            raise TournamentError("give either the table points or the order of going out", "bad_result")
        if isinstance(given, (str, bytes)) or len(given) != seats:
            raise TournamentError(f"give one value for each of the {seats} players of the table", "bad_result")
        try:
            if points is not None:
                values = []
                for v in points:
                    if isinstance(v, bool) or not isinstance(v, (int, str)) or not _ascii_digits(str(v).strip()):
                        raise TournamentError(f"{v!r} is not a number of table points", "bad_result")
                    values.append(int(v))
                self.scoring.check(values)
            else:
                values = self.scoring.points_from_order([str(v) for v in given])
        except TournamentError:
            raise
        except ValueError as exc:
            raise TournamentError(str(exc), "impossible_result") from None
        when = now or datetime.now(UTC)
        key = (round_no, table_no, game_no)
        if source != "online" and f"{table_no}/{game_no}" in rnd.online and key not in self.results:
            # the game is played online: its result is that match's, which goes in when it ends (a paper
            # result now would keep it out, and keep the deal's secret hidden for good); correct it after
            raise TournamentError(
                f"table {table_no}, game {game_no} is being played online: its result goes in when that match "
                "ends, and can be corrected then",
                "online_in_play",
            )
        result = GameResult(round_no, table_no, game_no, tuple(values), source, when)
        old = self.results.get(key)
        correction = None
        if old is not None:
            if old.points == result.points:
                return old, None
            correction = Correction(round_no, table_no, game_no, old.points, result.points, source, note[:200], when)
            self.corrections.append(correction)
        self.results[key] = result
        return result, correction

    # ------------------------------------------------------------------ standings
    def bye_points(self, round_no: int, game_no: int) -> Fraction | None:
        """What a bye scores for one game: the average of the players at the tables then (None until all are in)."""
        rnd = self.round(round_no)
        total = Fraction(0)
        count = 0
        for t in range(1, len(rnd.tables) + 1):
            result = self.results.get((round_no, t, game_no))
            if result is None:
                return None
            total += sum(result.points)
            count += len(result.points)
        return total / count if count else None

    def standings(self, qualifying_only: bool = True) -> list[Standing]:
        """The standings (nk rule 60), with shared places when the whole chain ties.

        ``qualifying_only`` leaves the final out (the final has its own ranking, :meth:`final_standings`).
        """
        values = self.scoring.place_values
        totals: dict[int, Fraction] = {n: Fraction(0) for n in self.players}
        counts: dict[int, list[int]] = {n: [0] * len(values) for n in self.players}
        games: dict[int, int] = dict.fromkeys(self.players, 0)
        byes: dict[int, int] = dict.fromkeys(self.players, 0)
        for rnd in self.drawn:
            if rnd.final and qualifying_only:
                continue
            for t, table in enumerate(rnd.tables, start=1):
                for g in range(1, self.games_per_round + 1):
                    result = self.results.get((rnd.number, t, g))
                    if result is None:
                        continue
                    for p, pts in zip(table, result.points, strict=True):
                        totals[p] += pts
                        counts[p][values.index(pts)] += 1
                        games[p] += 1
            for p in rnd.byes:
                byes[p] += 1
                for g in range(1, self.games_per_round + 1):
                    share = self.bye_points(rnd.number, g)
                    if share is not None:
                        totals[p] += share
        lines = [
            Standing(0, False, n, p.name, totals[n], tuple(counts[n]), games[n], byes[n], p.active)
            for n, p in self.players.items()
        ]
        return _rank(lines)

    def final_standings(self) -> list[Standing] | None:
        """The final's ranking (nk rule 61): its table points, then the chain, then the place before the final."""
        rnd = self.final_round
        if rnd is None:
            return None
        values = self.scoring.place_values
        before = {s.number: s.place for s in self.standings()}
        lines = []
        for p in rnd.tables[0]:
            pts = [
                r.points[rnd.tables[0].index(p)]
                for g in range(1, self.games_per_round + 1)
                if (r := self.results.get((rnd.number, 1, g))) is not None
            ]
            counts = tuple(pts.count(v) for v in values)
            player = self.players[p]
            lines.append(Standing(0, False, p, player.name, Fraction(sum(pts)), counts, len(pts), 0, player.active))
        lines.sort(key=lambda s: (s.key(), before[s.number]))
        for i, line in enumerate(lines, start=1):
            line.place = i  # the qualifying rank breaks what the final leaves tied
        return lines

    def champion(self) -> Player | None:
        """The winner of the final, once all its games are in."""
        rnd = self.final_round
        lines = self.final_standings()
        if rnd is None or lines is None or not self.round_complete(rnd):
            return None
        return self.players[lines[0].number]

    def table_of(self, round_no: int, player: int) -> int | None:
        """The table number of ``player`` in a round (None for a bye)."""
        for t, table in enumerate(self.round(round_no).tables, start=1):
            if player in table:
                return t
        return None


def _rank(lines: list[Standing]) -> list[Standing]:
    """Sort by the rule-60 key (then by start number for display) and give places, shared when the keys tie."""
    lines.sort(key=lambda s: (s.key(), s.number))
    for i, line in enumerate(lines):
        if i and line.key() == lines[i - 1].key():
            line.place = lines[i - 1].place
            line.shared = lines[i - 1].shared = True
        else:
            line.place = i + 1
    return lines
