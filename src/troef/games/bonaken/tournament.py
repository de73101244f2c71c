"""What a Bonaken tournament needs from the game: table points, their checks, the score form.

A tournament game (in Dutch a *spel*, nk rule 51) is one whole match at a
table of four (nk rule 1). The table points it gives (nk rules 54-57) follow
from the order in which players go out; this module says which combinations
of 10/8/4/1/0 a table can score (:func:`possible_outcomes`), turns an order
of going out into table points (:func:`points_from_order`), checks entered
points with a readable reason (:meth:`BonakenScoring.check`), and names the
columns of the score form (nk rule 59).

Nothing here imports the tournament package: :mod:`troef.tournament` looks
the game up and uses :class:`BonakenScoring` through its own protocol.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from troef.games.bonaken.match import TABLE_POINTS, Status

#: nk rule 59: the columns of the score form, in the order of the form.
FORM_COLUMNS: Final = tuple(status.value for status in Status)

#: What a player scores by his place; erin scores nothing (nk rules 52, 54-57).
PLACE_VALUES: Final = (*TABLE_POINTS, 0)

#: How an order of going out is written per player: a place out (1-3), erin, or the one left over.
ORDER_WORDS: Final = ("1", "2", "3", "erin", "rest")


class ResultError(ValueError):
    """Entered table points or an order of going out that a game cannot produce; ``str()`` says why."""


@cache
def possible_outcomes(players: int = 4) -> frozenset[tuple[int, ...]]:
    """Every combination of table points one game at a table of ``players`` can end with, sorted high to low.

    Derived from the rules, not listed by hand: in each hand some players go
    out; those who win their second time go out together and share one place
    (several only by misère, nk rules 21 and 54-55; somebody always takes a
    trick, so at least one player of the hand stays or goes erin), the losers
    go erin and score 0 (nk rule 52); the next place skips the shared ones
    (nk rule 56); the game ends when at most one player is left (nk rule 58),
    who takes the next place (nk rule 57).

    >>> sorted(possible_outcomes(4), reverse=True)[:3]
    [(10, 10, 10, 1), (10, 10, 10, 0), (10, 10, 4, 1)]
    >>> (10, 8, 4, 1) in possible_outcomes(4), (10, 8, 4, 4) in possible_outcomes(4)
    (True, False)
    """
    found: set[tuple[int, ...]] = set()

    def walk(left: int, place: int, scored: tuple[int, ...]) -> None:
        if left <= 1:
            rest = (TABLE_POINTS[place],) if left == 1 else ()
            found.add(tuple(sorted(scored + rest, reverse=True)))
            return
        for eruit in range(left):  # at most left - 1 go out as winners together
            for erin in range(left - eruit + 1):
                if eruit + erin == 0:
                    continue
                walk(left - eruit - erin, place + eruit, scored + (TABLE_POINTS[place],) * eruit + (0,) * erin)

    walk(players, 0, ())
    return frozenset(found)


def check_points(points: Sequence[int]) -> None:
    """Raise :class:`ResultError` if a table cannot score ``points`` (one value per player, in any order).

    >>> check_points([10, 8, 4, 1])
    >>> check_points([10, 10, 8, 1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    troef.games.bonaken.tournament.ResultError: 10, 10, 8, 1 is not possible: after two players share first place...
    """
    if len(points) not in (2, 3, 4):
        raise ResultError(f"a table has 2 to 4 players, not {len(points)}")
    for value in points:
        if value not in PLACE_VALUES:
            raise ResultError(f"{value} is no table score: a player scores 10, 8, 4, 1 or 0 (nk rules 54-57)")
    ordered = tuple(sorted(points, reverse=True))
    if ordered in possible_outcomes(len(points)):
        return
    text = ", ".join(map(str, points))
    raise ResultError(f"{text} is not possible: {_why(ordered)}")


def _why(ordered: tuple[int, ...]) -> str:
    """The first rule an impossible combination (sorted high to low) breaks."""
    count = {v: ordered.count(v) for v in PLACE_VALUES}
    n = len(ordered)
    if count[10] == n:
        return "not everybody can go out first: somebody takes a trick (nk rule 54)"
    if count[10] == 0 and count[0] < n - 1:
        return "somebody goes out first and scores 10, unless the others all went erin (nk rules 54, 57)"
    if count[10] >= 2 and count[8]:
        return "after two players share first place (misère, nk rule 54) the next one out scores 4, not 8 (nk rule 56)"
    if count[10] == 3 and count[4]:
        return "after three players share first place only 1 point is left (nk rule 57)"
    if count[8] >= 2 and count[4]:
        return "after two players share second place the last one scores 1, not 4 (nk rules 55, 57)"
    if count[1] > 1:
        return "only the one player left over scores 1 (nk rule 57)"
    if count[10] == 1 and count[8] == 0 and count[4]:
        return "a 4 needs a second place before it, shared or not (nk rules 55-56)"
    if count[1] and count[0]:
        return "the player left over scores 1 only when all others went out as winners (nk rule 57)"
    if count[4] > 1 and count[10] < 2:
        return "4 points go to one player, or to the one left over after a shared first place (nk rules 56-57)"
    return "no game ends with these table points (nk rules 54-58)"


def points_from_order(order: Sequence[str]) -> list[int]:
    """Table points from each player's way of leaving the game: a place out ``1``-``3``, ``erin`` or ``rest``.

    Players who share a place went out together by misère (nk rules 54-55);
    the next place out counts the shared ones (nk rule 56: after two joint
    firsts the next one out is third). ``rest`` is the player left over, who
    takes the next place (nk rule 57).

    >>> points_from_order(["2", "1", "erin", "rest"])
    [8, 10, 0, 4]
    >>> points_from_order(["1", "1", "3", "rest"])
    [10, 10, 4, 1]
    """
    words = [str(word).strip().lower() for word in order]
    for word in words:
        if word not in ORDER_WORDS:
            raise ResultError(f"{word!r} is no way of going out: write 1, 2, 3, erin or rest")
    if words.count("rest") > 1:
        raise ResultError("only one player can be left over (nk rule 58)")
    places = sorted(int(w) for w in words if w.isdigit())
    expected = 1
    index = 0
    while index < len(places):
        place = places[index]
        if place != expected:
            raise ResultError(
                f"place {place} out cannot follow places {', '.join(map(str, places[:index])) or 'none'}: "
                f"the next one out is place {expected} (nk rules 54-56)"
            )
        shared = places.count(place)
        index += shared
        expected += shared
    eruit = len(places)
    points: list[int] = []
    for word in words:
        if word.isdigit():
            points.append(TABLE_POINTS[int(word) - 1])
        elif word == "erin":
            points.append(0)
        else:
            points.append(TABLE_POINTS[eruit] if eruit < len(TABLE_POINTS) else 0)
    check_points(points)
    return points


class BonakenScoring:
    """Bonaken's part of a tournament under the nk rules (rules 1, 54-60)."""

    game = "bonaken"
    ruleset = "nk"
    #: nk rule 1.
    table_size = 4
    #: The tie-break chain of nk rule 60: counts of these scores, highest first.
    place_values: tuple[int, ...] = PLACE_VALUES
    form_columns: tuple[str, ...] = FORM_COLUMNS
    order_words: tuple[str, ...] = ORDER_WORDS

    def check(self, points: Sequence[int]) -> None:
        """Raise :class:`ResultError` (a ValueError) with the reason if ``points`` are impossible."""
        check_points(points)

    def points_from_order(self, order: Sequence[str]) -> list[int]:
        """See :func:`points_from_order`."""
        return points_from_order(order)

    def points_from_result(self, result: Mapping[str, Any]) -> list[int]:
        """The table points per seat of a finished match's stored result (the server's ``result``)."""
        standing = result.get("standing") or []
        by_seat = {int(row["seat"]): int(row["table_points"]) for row in standing}
        return [by_seat[seat] for seat in range(len(by_seat))]

    def match_config(self) -> dict[str, Any]:
        """The server configuration of one tournament game."""
        return {"preset": self.ruleset, "players": self.table_size}
