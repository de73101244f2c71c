"""The tournament logic: the draw, byes, results and corrections, the rule-60 standings, the final."""

from __future__ import annotations

import copy
import itertools
from fractions import Fraction

import pytest

from troef.tournament.draw import meetings
from troef.tournament.model import Tournament, TournamentError


def make(players: int, seed: int = 11, **kw: object) -> Tournament:
    t = Tournament(id="t", name="test", seed=seed, **kw)  # type: ignore[arg-type]
    t.add_players([f"Speler {i:03d}" for i in range(1, players + 1)])
    return t


def fill_round(t: Tournament, points: list[int] | None = None) -> None:
    rnd = t.drawn[-1]
    for table in range(1, len(rnd.tables) + 1):
        for game in range(1, t.games_per_round + 1):
            t.enter_result(rnd.number, table, game, points=points or [10, 8, 4, 1])


def test_the_draw_is_reproduced_by_its_seed() -> None:
    a, b, c = make(100, seed=2026), make(100, seed=2026), make(100, seed=2027)
    for _ in range(5):
        for t in (a, b, c):
            t.draw_round()
            fill_round(t)
    assert [r.tables for r in a.drawn] == [r.tables for r in b.drawn]
    assert [r.tables for r in a.drawn] != [r.tables for r in c.drawn]


def test_the_draw_avoids_repeat_meetings_where_the_lot_allows() -> None:
    t = make(100)
    for _ in range(5):
        t.draw_round()
        fill_round(t)
    pairs = [frozenset(p) for r in t.drawn for table in r.tables for p in itertools.combinations(table, 2)]
    assert len(pairs) == len(set(pairs)), "two players met twice"
    assert all(len(table) == 4 for r in t.drawn for table in r.tables)
    # without the option a plain lot is drawn: over 5 rounds of 100 some pair meets again for this seed
    loose = make(100, avoid_repeats=False)
    for _ in range(5):
        loose.draw_round()
        fill_round(loose)
    pairs = [frozenset(p) for r in loose.drawn for table in r.tables for p in itertools.combinations(table, 2)]
    assert len(pairs) > len(set(pairs))


def test_87_players_give_three_byes_a_round_and_nobody_two() -> None:
    t = make(87)
    for _ in range(5):
        rnd = t.draw_round()
        assert len(rnd.byes) == 3 and len(rnd.tables) == 21
        assert sorted(rnd.byes + tuple(p for table in rnd.tables for p in table)) == list(range(1, 88))
        fill_round(t)
    byes = [p for r in t.drawn for p in r.byes]
    assert len(byes) == len(set(byes)) == 15


def test_a_bye_scores_the_average_of_the_players_at_the_tables() -> None:
    t = make(9)  # two tables and one bye
    rnd = t.draw_round()
    (bye,) = rnd.byes
    t.enter_result(1, 1, 1, points=[10, 8, 4, 1])
    assert t.bye_points(1, 1) is None  # not all tables are in yet
    t.enter_result(1, 2, 1, points=[10, 0, 0, 0])
    assert t.bye_points(1, 1) == Fraction(23 + 10, 8)
    line = next(s for s in t.standings() if s.number == bye)
    assert line.total == Fraction(33, 8) and line.games == 0 and line.byes == 1
    assert line.counts == (0, 0, 0, 0, 0)  # a bye is no place: it counts for no tie-break


def _lines(t: Tournament) -> dict[int, tuple[int, bool, Fraction]]:
    return {s.number: (s.place, s.shared, s.total) for s in t.standings()}


def test_rule_60_shared_places_and_second_places() -> None:
    t = make(8, rounds=1)
    a, b = t.draw_round().tables
    t.enter_result(1, 1, 1, points=[10, 8, 4, 1])
    t.enter_result(1, 1, 2, points=[8, 10, 4, 1])  # a0 18 (10, 8), a1 18 (8, 10), a2 8 (4, 4), a3 2
    t.enter_result(1, 2, 1, points=[10, 8, 0, 0])
    t.enter_result(1, 2, 2, points=[8, 0, 10, 0])  # b0 18 (10, 8), b1 8 (8, 0), b2 10 (0, 10), b3 0
    lines = _lines(t)
    # a0, a1 and b0 tie on points and on every count: one shared first place, and the next place is 4th
    assert lines[a[0]][:2] == lines[a[1]][:2] == lines[b[0]][:2] == (1, True)
    assert lines[b[2]][:2] == (4, False)
    # a2 and b1 both have 8 points and no game won: b1's second place decides (nk rule 60)
    assert lines[b[1]][:2] == (5, False) and lines[a[2]][:2] == (6, False)
    assert lines[a[3]][0] == 7 and lines[b[3]][0] == 8


def test_rule_60_games_won_decide_before_second_places() -> None:
    t = make(8, rounds=1, games_per_round=3)
    c, d = t.draw_round().tables
    t.enter_result(1, 1, 1, points=[10, 8, 4, 1])
    t.enter_result(1, 1, 2, points=[0, 10, 8, 4])
    t.enter_result(1, 1, 3, points=[10, 0, 8, 4])  # c0 20 (two 10s), c1 18, c2 20 (two 8s), c3 9
    t.enter_result(1, 2, 1, points=[10, 8, 4, 1])
    t.enter_result(1, 2, 2, points=[1, 8, 4, 10])
    t.enter_result(1, 2, 3, points=[8, 10, 4, 1])  # d0 19, d1 26, d2 12 (three 4s), d3 12 (a 10, two 1s)
    lines = _lines(t)
    order = [d[1], c[0], c[2], d[0], c[1], d[3], d[2], c[3]]
    assert [lines[p][0] for p in order] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert not any(lines[p][1] for p in order)
    assert lines[c[0]][2] == lines[c[2]][2] == 20 and lines[d[2]][2] == lines[d[3]][2] == 12


def test_impossible_entries_are_refused_and_change_nothing() -> None:
    t = make(8)
    t.draw_round()
    before = copy.deepcopy((t.results, t.corrections))
    cases = [
        ({"points": [10, 10, 8, 1]}, "after two players share first place"),
        ({"points": [10, 8, 4]}, "one value for each of the 4 players"),
        ({"points": [10, 8, 4, "x"]}, "'x' is not a number of table points"),
        ({"order": ["1", "2", "rest", "rest"]}, "only one player can be left over"),
        ({}, "give either the table points or the order"),
    ]
    for kwargs, message in cases:
        with pytest.raises(TournamentError, match=message):
            t.enter_result(1, 1, 1, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="round 1 has tables 1 to 2, not 3"):
        t.enter_result(1, 3, 1, points=[10, 8, 4, 1])
    with pytest.raises(TournamentError, match="a round has games 1 to 2, not 3"):
        t.enter_result(1, 1, 3, points=[10, 8, 4, 1])
    with pytest.raises(TournamentError, match="round 2 has not been drawn"):
        t.enter_result(2, 1, 1, points=[10, 8, 4, 1])
    with pytest.raises(TournamentError, match="round 1 is not complete yet"):
        t.draw_round()
    assert (t.results, t.corrections) == before
    assert len(t.drawn) == 1


def test_a_correction_after_the_standings_were_shown_is_logged() -> None:
    t = make(8, rounds=1)
    t.draw_round()
    fill_round(t)
    shown = [(s.number, s.total, s.place) for s in t.standings()]
    table = t.drawn[0].tables[0]
    _, correction = t.enter_result(1, 1, 2, points=[1, 4, 8, 10], note="form misread")
    assert correction is not None and correction.old == (10, 8, 4, 1) and correction.new == (1, 4, 8, 10)
    assert correction.note == "form misread" and t.corrections == [correction]
    after = {s.number: s for s in t.standings()}
    assert after[table[0]].total == 11 and after[table[3]].total == 11
    assert [(s.number, s.total, s.place) for s in t.standings()] != shown
    # the same result again is no correction
    assert t.enter_result(1, 1, 2, points=[1, 4, 8, 10])[1] is None and len(t.corrections) == 1


def test_late_entries_and_withdrawals() -> None:
    t = make(8)
    t.draw_round()
    fill_round(t)
    (late,) = t.add_players(["Laatkomer"])
    assert late.joined == 2
    with pytest.raises(TournamentError, match="registered already"):
        t.add_players(["laatkomer"])
    t.withdraw(3)
    with pytest.raises(TournamentError, match="has withdrawn already"):
        t.withdraw(3)
    rnd = t.draw_round()
    drawn = {p for table in rnd.tables for p in table} | set(rnd.byes)
    assert late.number in drawn and 3 not in drawn and len(drawn) == 8
    assert next(s for s in t.standings() if s.number == 3).games == 2  # his results stay


def test_the_final_of_the_top_four_and_the_champion() -> None:
    t = make(12, rounds=2, games_per_round=1)
    with pytest.raises(TournamentError, match="the final follows the 2 rounds"):
        t.draw_final()
    for _ in range(2):
        rnd = t.draw_round()
        for table in range(1, len(rnd.tables) + 1):
            t.enter_result(rnd.number, table, 1, points=[10, 8, 4, 1])
    with pytest.raises(TournamentError, match="all 2 rounds have been drawn"):
        t.draw_round()
    top = [s for s in t.standings()]
    final = t.draw_final()
    assert final.final and final.number == 3
    sure = {s.number for s in top if s.place < top[3].place}
    assert sure <= set(final.tables[0]) and all(
        next(s for s in top if s.number == p).place <= top[3].place for p in final.tables[0]
    )
    assert t.champion() is None
    t.enter_result(3, 1, 1, points=[4, 10, 8, 1])
    champion = t.champion()
    assert champion is not None and champion.number == final.tables[0][1]
    assert t.final_standings()[0].number == champion.number  # type: ignore[index]
    with pytest.raises(TournamentError, match="no more entries"):
        t.add_players(["Te laat"])


def test_meetings_are_symmetric() -> None:
    met = meetings([(1, 2, 3, 4)])
    assert met[1] == {2, 3, 4} and met[4] == {1, 2, 3}


def test_a_game_names_its_own_tournament_scoring() -> None:
    """The tournament layer asks the game (Game.tournaments), never a game's name: nk Bonaken has one."""
    from troef.tournament.scoring import scoring_for

    assert scoring_for("bonaken", "nk").table_size == 4
    with pytest.raises(ValueError, match=r"bonaken \(nk\), not klaverjas with 'kraken'"):
        scoring_for("klaverjas", "kraken")


def test_a_tournament_that_names_no_game_is_of_the_first_game_with_tournaments() -> None:
    t = Tournament(id="t", name="test")
    assert (t.game, t.ruleset) == ("bonaken", "nk")  # the NK's Bonaken: the first game declaring tournaments
    assert Tournament(id="t", name="test", game="bonaken").ruleset == "nk"
    with pytest.raises(TournamentError, match="no tournaments of klaverjas"):
        Tournament(id="t", name="test", game="klaverjas")
