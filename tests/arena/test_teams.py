"""The team arena of the partnership games (klaverjas, Binokel): duplicate pairs swap the teams over the same deals,
the counts agree with the score sheet, the JSON has its shape, and bad settings are refused with a clear reason."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from troef.arena.core import MatchOutcome
from troef.arena.klaverjas import WORDS, _KlaverjasWatcher
from troef.arena.part import ArenaPart
from troef.arena.seating import parse_seats
from troef.arena.teams import describe_teams, run_teams, side_of, summarize_teams, team_seats
from troef.bots.registry import make_bot
from troef.cli import app
from troef.core.bot import Bot
from troef.core.errors import TroefError
from troef.core.game import UnknownBotError
from troef.games import game
from troef.games.klaverjas.state import DealState
from troef.stats import mean_interval


# ---------------------------------------------------------------------------- seating and duplicate pairs
def test_teams_sit_on_opposite_sides_and_change_sides_every_match() -> None:
    for index in range(4):
        seats = team_seats(["pimc", "heuristic"], index)
        assert seats[0] == seats[2] != seats[1] == seats[3]  # partners opposite each other
        assert seats[side_of(0, index)] == "pimc" and seats[side_of(1, index)] == "heuristic"
    assert [side_of(0, i) for i in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize(("name", "rules"), [("klaverjas", "kraken"), ("binokel", "cardgames")])
def test_duplicate_pairs_play_the_same_deals_with_the_teams_swapped(name: str, rules: str) -> None:
    result = run_teams(["heuristic", "random"], matches=4, seed=6, rules=rules, game=name, duplicate=True)
    for pair in (result.outcomes[0:2], result.outcomes[2:4]):
        first, second = pair
        assert first.seed == second.seed
        # every deal both matches reached has the same cards, seat by seat (Binokel games may differ in length)
        shared = min(len(first.deals), len(second.deals))
        assert shared >= 1 and first.deals[:shared] == second.deals[:shared]
        # each team once on each side: the cards one team held in the first match the other holds in the second
        assert {side_of(0, first.index), side_of(0, second.index)} == {0, 1}
        assert side_of(0, first.index) == side_of(1, second.index)
    assert result.outcomes[0].deals[0] != result.outcomes[2].deals[0]  # another pair, other cards
    for team in result.teams:
        assert team.sides == {0: 2, 1: 2}


# two random Binokel teams rarely reach the target: their games are long (a slow test)
@pytest.mark.parametrize(
    ("name", "kind"),
    [("klaverjas", "random"), pytest.param("binokel", "random", marks=pytest.mark.slow), ("binokel", "heuristic")],
)
def test_two_teams_of_one_kind_play_each_pair_as_mirror_images(name: str, kind: str) -> None:
    # the same deals, the same chances at each seat, the teams swapped: what one team did in the first match
    # the other does in the second, so the paired difference is exactly zero, pair by pair
    result = run_teams([kind, kind], matches=4, seed=8, game=name, duplicate=True)
    for first, second in (result.outcomes[0:2], result.outcomes[2:4]):
        assert first.deals == second.deals
        assert first.scores == second.scores and first.extra == second.extra
    a, b = result.teams
    assert a.scores == [b.scores[1], b.scores[0], b.scores[3], b.scores[2]]
    assert all(e.mean == 0 == e.low == e.high for e in a.difference.values())
    without = run_teams([kind, kind], matches=4, seed=8, game=name)
    assert without.outcomes[0].deals != without.outcomes[1].deals


def test_klaverjas_seats_see_the_dealt_hands_so_the_pairs_hold_the_same_cards() -> None:
    result = run_teams(["random", "heuristic"], matches=2, seed=3, rules="kraken", game="klaverjas", duplicate=True)
    rebuilt = game("klaverjas").new_match("kraken", 4, seed=result.outcomes[0].seed)
    assert result.outcomes[0].deals[0] == rebuilt.deal.deal.hands
    assert len(result.outcomes[0].deals) == len(result.outcomes[1].deals) == 16  # Kraken: 16 deals


def test_without_duplicate_every_match_has_its_own_deals() -> None:
    result = run_teams(["heuristic", "random"], matches=3, seed=2, game="klaverjas")
    assert len({o.seed for o in result.outcomes}) == 3
    assert result.to_json()["difference_per"] == "match"
    assert result.teams[0].difference["score"].n == 3


def test_workers_give_the_same_figures_as_one_process() -> None:
    one = run_teams(["heuristic", "random"], matches=2, seed=9, game="binokel", duplicate=True)
    two = run_teams(["heuristic", "random"], matches=2, seed=9, game="binokel", duplicate=True, workers=2)
    strip = [{k: v for k, v in t.to_json().items() if k != "decision_time"} for t in one.teams]
    assert strip == [{k: v for k, v in t.to_json().items() if k != "decision_time"} for t in two.teams]


# ---------------------------------------------------------------------------- counts
def _kraak_said_by(declarer_side: int, level: int) -> list[tuple[str, int]]:
    """Kraken 3.1: the other side says kraak, the players rekraak, the other side superkraak."""
    return [(WORDS[w], declarer_side ^ (1 if w % 2 == 0 else 0)) for w in range(level)]


def test_the_klaverjas_watcher_counts_what_the_score_sheet_says() -> None:
    kj = game("klaverjas")
    for seed in (1, 2):
        match = kj.new_match("kraken", 4, seed=seed)
        bots = {s: make_bot("klaverjas", "heuristic" if s & 1 else "random", seed * 10 + s) for s in range(4)}
        watcher = _KlaverjasWatcher()
        while not match.is_over:
            kj.apply(match, bots[match.to_act].act(kj.view(match, match.to_act)))
            watcher.after(match, {s: s for s in range(4)})
        extra = watcher.extra(match, {s: s for s in range(4)})
        rows = [row.to_json() for row in match.sheet.rows]
        assert len(rows) == 16
        for side in (0, 1):
            mine = extra["sides"][side]
            played = [r for r in rows if r["playing_side"] == side]
            defended = [r for r in rows if r["playing_side"] != side]
            assert mine["played"] == len(played) and mine["defended"] == len(defended)
            assert mine["played_nat"] == sum(r["nat"] for r in played)
            assert mine["defended_nat"] == sum(r["nat"] for r in defended)
            assert mine["played_pit"] == sum(r["pit"] == side for r in played)
            assert mine["defended_pit"] == sum(r["pit"] == side for r in defended)
            for word in WORDS:
                said = [
                    r
                    for r in rows
                    for w, who in _kraak_said_by(r["declarer"] & 1, ["none", *WORDS].index(r["kraak"]))
                    if w == word and who == side
                ]
                # the word succeeded when its side won the deal: not nat as the playing side, or the players nat
                won = [r for r in said if (r["playing_side"] == side) != r["nat"]]
                assert mine["words"][word] == [len(said), len(won)]
        assert extra["crosses"] == list(match.sheet.crosses) and extra["winner_side"] == match.sheet.winner()


def test_team_reports_count_seeded_kraken_matches_between_random_and_heuristic() -> None:
    result = run_teams(["random", "heuristic"], matches=4, seed=11, rules="kraken", game="klaverjas", duplicate=True)
    rand, heur = result.teams
    assert result.deals == 64 and rand.matches == heur.matches == 4
    assert rand.won + heur.won + rand.drawn == 4 and rand.drawn == heur.drawn
    assert heur.won > rand.won  # the club player beats random play
    for one, other in ((rand, heur), (heur, rand)):
        # every deal has one playing side: one team's playing deals are the other's defended ones
        assert one.stats["played"] + one.stats["defended"] == 64
        assert one.stats["played"] == other.stats["defended"]
        assert one.stats["played_nat"] == other.stats["defended_nat"]
        for said, succeeded in one.stats["words"].values():
            assert 0 <= succeeded <= said
        # Kraken's score is minus the crosses
        assert one.scores == [-c for c in one.measures["crosses"]]
        assert len(one.times) > 0
    for t, team in enumerate(result.teams):
        # each team's counts are those of the side it sat on, match by match
        for key in ("played", "played_nat", "defended_pit"):
            assert team.stats[key] == sum(o.extra["sides"][side_of(t, o.index)][key] for o in result.outcomes)
    # the club player goes nat less often when it plays than random play does
    assert heur.stats["played_nat"] / heur.stats["played"] < rand.stats["played_nat"] / rand.stats["played"]
    words = [sum(t.stats["words"][w][0] for t in result.teams) for w in WORDS]
    assert words[0] >= words[1] >= words[2]  # a rekraak answers a kraak, a superkraak a rekraak
    # the paired difference is one observation per pair, and the two teams see it from either side
    crosses = heur.difference["crosses"]
    assert crosses.n == 2 and rand.difference["crosses"].mean == pytest.approx(-crosses.mean)
    per_pair = []
    for k in range(2):
        pair = result.outcomes[2 * k : 2 * k + 2]
        per_pair.append(
            sum(o.extra["crosses"][side_of(1, o.index)] - o.extra["crosses"][side_of(0, o.index)] for o in pair) / 2
        )
    assert crosses.mean == pytest.approx(sum(per_pair) / 2)
    assert crosses.mean < 0  # fewer crosses for the heuristic team
    text = describe_teams(result)
    assert "kraak words said" in text and "per duplicate pair" in text


def test_binokel_reports_rounds_contracts_and_concessions() -> None:
    result = run_teams(["heuristic", "random"], matches=4, seed=5, game="binokel", duplicate=True)
    heur, rand = result.teams
    for team in result.teams:
        assert team.stats["rounds"] == result.deals  # both sides play every round
        contracts = team.stats["contracts"]
        assert all(0 <= made <= played for played, made in contracts.values())
        assert team.stats["conceded"] <= sum(p for p, _ in contracts.values())
    # every round has one bidding side
    assert sum(p for t in result.teams for p, _ in t.stats["contracts"].values()) == result.deals
    assert heur.won > rand.won
    ppr = heur.measures["points_per_round"]
    for value, o in zip(ppr, result.outcomes, strict=True):
        assert value == o.extra["totals"][side_of(0, o.index)] / o.extra["rounds"]
    assert heur.difference["points_per_round"].mean > 0
    assert "contracts made by bid level" in describe_teams(result)


def test_summaries_pair_the_teams_per_duplicate_pair_and_count_wins_and_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    # a game whose part counts nothing of its own: only the shared team figures are summed
    monkeypatch.setattr("troef.arena.teams.part_of", lambda game: ArenaPart())

    def outcome(index: int, score: tuple[float, float], winner: int | None) -> MatchOutcome:
        return MatchOutcome(
            index=index,
            seed=index // 2,
            seat_of=(0, 1, 2, 3),
            scores={0: score[0], 1: score[1], 2: score[0], 3: score[1]},
            hands=16,
            times={s: [0.001 * (s + 1)] for s in range(4)},
            fallbacks={},
            first_deal=(),
            extra={"winner_side": winner},
        )

    # by side (0, 1): team 0 sits on side 0 in matches 0 and 2, on side 1 in 1 and 3
    outcomes = [outcome(0, (5, 1), 0), outcome(1, (4, 4), None), outcome(2, (1, 3), 1), outcome(3, (2, 6), 1)]
    result = summarize_teams(["a", "b"], outcomes, "x", 1, True, 0.0, "plain")
    a, b = result.teams
    assert a.scores == [5, 4, 1, 6] and b.scores == [1, 4, 3, 2]
    assert (a.won, b.won, a.drawn) == (2, 1, 1)  # matches 0 and 3: the winning side is team a
    assert a.times == [0.001, 0.003, 0.002, 0.004, 0.001, 0.003, 0.002, 0.004]
    # per pair: (4 + 0) / 2 = 2 and (-2 + 4) / 2 = 1
    expected = mean_interval([2.0, 1.0])
    assert a.difference["score"] == expected
    assert b.difference["score"].mean == -expected.mean and b.difference["score"].low == -expected.high
    assert a.to_json()["won"]["count"] == 2 and a.to_json()["drawn"] == 1


# ---------------------------------------------------------------------------- JSON and the command
def test_the_json_report_has_its_shape() -> None:
    result = run_teams(["heuristic", "random"], matches=2, seed=1, rules="kraken", game="klaverjas", duplicate=True)
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) == {
        "game", "rules", "teams", "matches", "seed", "duplicate", "difference_per", "seconds", "deals", "by_team",
    }  # fmt: skip
    assert data["teams"] == ["heuristic", "random"] and data["difference_per"] == "pair"
    for team in data["by_team"]:
        assert set(team["won"]) == {"count", "n", "share", "ci95"}
        assert set(team["measures"]) == {"crosses", "points"}
        assert set(team["difference"]) == {"score", "crosses", "points"}
        assert team["difference"]["crosses"]["n"] == 1
        for role in ("as_playing_side", "as_defending_side"):
            assert set(team[role]) == {"deals", "nat", "pit"}
        assert set(team["kraak_words"]) == set(WORDS)
        assert set(team["decision_time"]) == {"decisions", "median_ms", "p99_ms", "max_ms"}
        assert team["sides"] == {"0": 1, "1": 1}
    binokel = run_teams(["heuristic", "random"], matches=2, seed=1, game="binokel").to_json()
    for team in binokel["by_team"]:
        assert set(team["measures"]) == {"points_per_round", "points"}
        assert set(team["contracts"]) == {"played", "made", "by_level"} and "conceded" in team


def _cli(*args: str) -> Any:
    return CliRunner().invoke(app, ["arena", *args])


def test_the_command_plays_teams_and_prints_json() -> None:
    got = _cli("klaverjas", "--teams", "heuristic,random", "--matches", "2", "--duplicate", "--json")
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    assert data["matches"] == 2 and [t["name"] for t in data["by_team"]] == ["heuristic", "random"]
    text = _cli("binokel", "--teams", "heuristic,random", "--matches", "2")
    assert text.exit_code == 0 and "contracts made by bid level" in text.output


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["klaverjas", "--teams", "heuristic,grandmaster"], "no computer player 'grandmaster'"),
        (["bonaken", "--teams", "heuristic,random"], "not played in partnerships"),
        (["klaverjas", "--teams", "heuristic,random,random"], "name two teams"),
        (["binokel", "--teams", "heuristic"], "not 1"),
        (["klaverjas", "--teams", "heuristic,random", "--duplicate", "--matches", "3"], "even number"),
        (["klaverjas", "--teams", "heuristic,random", "--seats", "random,random,random,random"], "not both"),
        (["klaverjas", "--teams", "heuristic:depth=3,random"], "takes no settings"),
        (["klaverjas", "--teams", "heuristic,random", "--rules", "nk"], "no rule set 'nk'"),
    ],
)
def test_bad_team_settings_are_refused_with_the_reason(args: list[str], reason: str) -> None:
    got = _cli(*args, "--matches", "2") if "--matches" not in args else _cli(*args)
    assert got.exit_code == 2
    assert reason in got.output


def test_bad_teams_raise_before_any_match_is_played() -> None:
    with pytest.raises(UnknownBotError):
        run_teams(["heuristic", "grandmaster"], matches=2, game="klaverjas")
    with pytest.raises(TroefError, match="partnerships"):
        run_teams(["heuristic", "random"], matches=2, rules="nk", game="bonaken")


# ---------------------------------------------------------------------------- the cheat's seat
class _FakeCheat(Bot):
    """Stands in for a game's cheat: it must be shown the deal in play of the very match it plays in."""

    kind = "cheat"
    game = "klaverjas"
    seen: ClassVar[list[Any]] = []

    def __init__(self, state_of: Any, seed: int | None = None) -> None:
        super().__init__(seed)
        self.state_of = state_of

    def act(self, view: Any) -> Any:
        deal = self.state_of()
        assert deal.to_act == view.viewer and not deal.is_over  # the true deal in play, at this decision
        _FakeCheat.seen.append(deal)
        return game(self.game).parse_action(view.legal[0])


def test_a_games_cheat_is_seated_with_the_match_it_plays_in(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("troef.games.klaverjas.cheat")
    module.CheatBot = _FakeCheat  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "troef.games.klaverjas.cheat", module)
    _FakeCheat.seen = []
    result = run_teams(["cheat", "random"], matches=2, seed=4, game="klaverjas", duplicate=True)
    assert result.teams[0].matches == 2 and _FakeCheat.seen
    kj = game("klaverjas")
    deals = kj.switch_default(kj.default_preset, "deals")
    assert isinstance(deals, int) and deals > 1
    # every deal of both matches, each followed as it is played (the match's own deal objects)
    assert len({id(d) for d in _FakeCheat.seen}) == 2 * deals
    assert all(isinstance(d, DealState) for d in _FakeCheat.seen)


class _SeeingCheat(_FakeCheat):
    """A cheat that is shown the match by a hook after it is made."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(None, seed)

    def see(self, state_of: Any) -> None:
        self.state_of = state_of


def test_a_cheat_with_a_see_hook_is_shown_the_match_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("troef.games.binokel.cheat")
    module.CheatBot = _SeeingCheat  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "troef.games.binokel.cheat", module)
    monkeypatch.setattr(_FakeCheat, "game", "binokel")
    _FakeCheat.seen = []
    result = run_teams(["random", "cheat"], matches=2, seed=4, game="binokel", duplicate=True)
    assert result.teams[1].matches == 2 and len({id(d) for d in _FakeCheat.seen}) > 2  # deal after deal


def test_a_game_without_a_cheat_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from troef.games import game

    monkeypatch.setattr(type(game("binokel")), "cheat_bot", None)  # every game has one: Binokel names none here
    got = _cli("binokel", "--teams", "cheat,random", "--matches", "2")
    assert got.exit_code == 2 and "has no cheat bot" in got.output
    # one it names but cannot load fails as loudly, naming what is missing
    monkeypatch.setattr(type(game("binokel")), "cheat_bot", "troef.games.binokel.nowhere:CheatBot")
    got = _cli("binokel", "--teams", "cheat,random", "--matches", "2")
    assert got.exit_code == 2 and "cannot be loaded" in got.output and "nowhere" in got.output


# ---------------------------------------------------------------------------- settings of a registry bot
@dataclasses.dataclass(frozen=True)
class _Strength:
    samples: int = 20
    budget: float = 0.5
    node_limit: int | None = None


class _TunedBot(Bot):
    """A registry bot that takes ``strength=`` (as the search players do)."""

    kind = "tuned"
    made: ClassVar[list[_Strength]] = []

    def __init__(self, seed: int | None = None, name: str | None = None, *, strength: _Strength | None = None) -> None:
        super().__init__(seed, name)
        self.strength = strength or _Strength()
        _TunedBot.made.append(self.strength)

    def act(self, view: Any) -> Any:
        return game("klaverjas").parse_action(view.legal[-1])


def test_a_registry_bot_with_a_strength_takes_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("troef_test_tuned")
    module.Strength = _Strength  # type: ignore[attr-defined]
    module.TunedBot = _TunedBot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "troef_test_tuned", module)
    kj = game("klaverjas")
    monkeypatch.setattr(type(kj), "bots", {**kj.bots, "tuned": "troef_test_tuned:TunedBot"})
    _TunedBot.made = []
    result = run_teams(parse_seats("tuned:samples=3,node_limit=500,heuristic"), matches=1, game="klaverjas")
    assert result.specs == ("tuned:samples=3,node_limit=500", "heuristic")
    assert _TunedBot.made and all(s == _Strength(3, 0.5, 500) for s in _TunedBot.made)
    with pytest.raises(TroefError, match="bad value 'many'"):
        run_teams(["tuned:samples=many", "heuristic"], matches=1, game="klaverjas")
    with pytest.raises(TroefError, match="unknown tuned setting 'depth'; choose from budget, node_limit, samples"):
        run_teams(["tuned:depth=3", "heuristic"], matches=1, game="klaverjas")
