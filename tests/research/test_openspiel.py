"""The OpenSpiel registration, checked by OpenSpiel's own random-simulation test and its ISMCTS."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import troef.research.openspiel  # noqa: E402  (registers the games)
from tests.games.tiny.game import DECK  # noqa: E402
from troef.core.errors import TroefError  # noqa: E402

from .cases import CASES, IDS, deal_state  # noqa: E402


def _name(game: str, preset: str, players: int, episode: str = "deal") -> str:
    if game == "bonaken":
        return f"troef_bonaken(preset={preset},players={players},episode={episode})"
    if game == "klaverjas":
        return f"troef_klaverjas(preset={preset},episode={episode})"
    return f"troef_binokel(target=1500,episode={episode})"


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_random_sim_test_passes_with_serialization(game: str, preset: str, players: int) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(_name(game, preset, players)), num_sims=3, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset", "players"), [("bonaken", "nk", 4), ("klaverjas", "kraken", 4)])
def test_random_sim_test_passes_for_a_whole_match(game: str, preset: str, players: int) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(_name(game, preset, players, "match")), num_sims=1, serialize=False, verbose=False
    )


def test_a_deal_of_the_two_side_games_is_zero_sum_and_partners_share() -> None:
    for name in ("troef_klaverjas(preset=amsterdam)", "troef_binokel"):
        game = pyspiel.load_game(name)
        rng = np.random.RandomState(4)
        s = game.new_initial_state()
        while not s.is_terminal():
            outcomes = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(int(rng.choice(outcomes)))
        r = s.returns()
        assert sum(r) == 0 and r[0] == r[2] and r[1] == r[3]


def test_action_to_string_is_the_engines_notation() -> None:
    game = pyspiel.load_game("troef_klaverjas(preset=kraken)")
    s = game.new_initial_state()
    deal_state(s, 1)
    texts = [s.action_to_string(s.current_player(), a) for a in s.legal_actions()]
    assert texts == ["trump h", "trump d", "trump c", "trump s"] or all(t.startswith(("trump", "pass")) for t in texts)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game = pyspiel.load_game("troef_klaverjas(preset=kraken)")
    s = game.new_initial_state()
    deal_state(s, 1)
    before = s.information_state_string(s.current_player())
    with pytest.raises(Exception, match="not legal now"):
        s.apply_action(4)  # play Jh: trump is named first
    assert s.information_state_string(s.current_player()) == before


@pytest.mark.parametrize(
    "name",
    [
        "troef_klaverjas(preset=kraken)",
        "troef_bonaken(preset=nk,players=4)",
        "troef_binokel",
        "troef_bonaken(preset=pagat,players=6)",
    ],
)
def test_resample_from_infostate_keeps_the_players_information_and_moves_the_rest(name: str) -> None:
    import random

    from troef.research.worlds import redeal

    game = pyspiel.load_game(name)
    rng = random.Random(8)
    moved = 0
    for deal in range(4):
        s = game.new_initial_state()
        deal_state(s, deal)
        while not s.is_terminal():
            player = s.current_player()
            other = s.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.information_state_string(player) == s.information_state_string(player)
            assert other.information_state_tensor(player) == s.information_state_tensor(player)
            assert other.legal_actions() == s.legal_actions()
            others = range(game.num_players())
            moved += any(other.information_state_string(p) != s.information_state_string(p) for p in others)
            assert redeal(s.episode.config.game, s.episode.match, player, rng) is not None  # the game's sampler
            s.apply_action(rng.choice(s.legal_actions()))
    assert moved > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["troef_klaverjas(preset=kraken)", "troef_bonaken(preset=nk,players=4)", "troef_binokel"]
)
def test_openspiels_ismcts_plays_a_deal(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(7)), 2.0, 8, random_state=np.random.RandomState(3)
    )
    s = game.new_initial_state()
    rng = np.random.RandomState(1)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, chances = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(int(rng.choice(outcomes, p=chances)))
        else:
            action = bot.step(s)
            assert action in s.legal_actions()
            s.apply_action(action)
            steps += 1
    assert steps > 0


@pytest.mark.parametrize("params", ["", "(preset=plain,players=2)", "(preset=duel,episode=match)", "(deals=3)"])
def test_a_game_written_outside_troef_is_registered_from_its_declarations(tiny: None, params: str) -> None:
    assert "tiny" in troef.research.openspiel.register() + troef.research.openspiel.registered()
    game = pyspiel.load_game(f"troef_tiny{params}")
    state = game.new_initial_state()
    assert game.num_distinct_actions() == 12  # Tiny's twelve cards, as its research part declares
    seats = game.num_players()
    assert state.chance_outcomes() == [(s, pytest.approx(1 / seats)) for s in range(seats)]  # the first dealer
    state.apply_action(0)
    assert state.chance_outcomes() == [(c, pytest.approx(1 / 12)) for c in sorted(DECK)]  # a card of the twelve
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_an_outside_games_switches_are_its_parameters(tiny: None) -> None:
    troef.research.openspiel.register()
    assert pyspiel.load_game("troef_tiny").get_parameters()["deals"] == 2  # the plain preset's default
    three = pyspiel.load_game("troef_tiny(preset=plain,episode=match,deals=3)")
    assert three.config.switches == {"deals": 3} and three.max_utility() == 9.0  # three tricks a deal, three deals
    state = three.new_initial_state()
    while not state.is_terminal():
        outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(outcomes[0])
    assert state.episode.game.deals(state.episode.match) == 3
    with pytest.raises(TroefError, match="deals must be one of 1, 2, 3"):
        pyspiel.load_game("troef_tiny(deals=5)")


@pytest.mark.parametrize(
    "name", ["troef_klaverjas(preset=kraken)", "troef_bonaken(preset=nk,players=4)", "troef_binokel"]
)
def test_a_resampled_states_history_rebuilds_the_resampled_world(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(2)
    moved = 0
    for deal in range(3):
        s = deal_state(game.new_initial_state(), deal)
        while not s.is_terminal():
            player = s.current_player()
            other = s.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            rebuilt = game.new_initial_state()
            for action in other.history():
                rebuilt.apply_action(action)
            for seat in range(game.num_players()):  # the sampled world, not the real one
                assert rebuilt.information_state_string(seat) == other.information_state_string(seat)
            assert other.information_state_string(player) == s.information_state_string(player)
            moved += other.history() != s.history()
            s.apply_action(int(rng.choice(s.legal_actions())))
    assert moved > 10


def test_serialize_is_the_history_and_nothing_is_unpickled() -> None:
    import pickletools

    game = pyspiel.load_game("troef_klaverjas(preset=kraken)")
    s = deal_state(game.new_initial_state(), 4)
    s.apply_action(s.legal_actions()[0])
    text = s.serialize()
    assert [int(line) for line in text.splitlines()] == s.history()
    again = game.deserialize_state(text)
    assert again.history() == s.history() and again.information_state_string(1) == s.information_state_string(1)
    for bad in ("1\n2\nos.system('x')", "1\n1\n1", "9"):  # not a number; card 1 twice; no seat 9
        with pytest.raises(TroefError):
            game.deserialize_state(bad)
    # OpenSpiel's own form pickles the state's attributes: ours are the game and the history, a call that replays
    whole = pyspiel.serialize_game_and_state(game, s)
    assert len(whole) < 1500
    import base64

    payload = base64.b64decode(whole.split("__dict__=")[1].strip())
    names = {arg for op, arg, _ in pickletools.genops(payload) if op.name in ("SHORT_BINUNICODE", "BINUNICODE")}
    assert {"troef.research.episode", "replayed"} <= names and not any("match" in str(n).lower() for n in names)
    _, back = pyspiel.deserialize_game_and_state(whole)
    assert back.history() == s.history()


def test_the_bounds_of_the_returns_are_the_rules_not_a_guess() -> None:
    expected = {
        "troef_bonaken(preset=nk,players=4)": (-2.0, 1.0),  # erin by false roem, a plus (nk rule 66)
        "troef_bonaken(preset=hazerswoude,players=2)": (-2.0, 1.0),  # a plus or a minus; erin by false roem
        "troef_klaverjas(preset=kraken)": (-438.0, 438.0),  # 16 x 8 x 2 card points, roem / 10 (Kraken 3.3)
        "troef_klaverjas(preset=amsterdam)": (-982.0, 982.0),  # 162 + every roem of the tricks, stuk and pit
        "troef_binokel": (-12100.0, 12100.0),  # a side's lost bid of at most 6050 and the other's score
    }
    for name, bounds in expected.items():
        game = pyspiel.load_game(name)
        assert (game.min_utility(), game.max_utility()) == bounds, name
        rng = np.random.RandomState(0)
        for _ in range(5):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, chances = zip(*s.chance_outcomes(), strict=True)
                    s.apply_action(int(rng.choice(outcomes, p=chances)))
                else:
                    s.apply_action(int(rng.choice(s.legal_actions())))
            assert all(bounds[0] <= r <= bounds[1] for r in s.returns())
