"""The kraak words of Kraken (Kraken 3.1) valued by a model learned from fair self-play.

**What is learned.** At every word of the kraak chain (kraak, rekraak,
superkraak) the speaker has two actions: the word or "no". For a seat's view
:func:`features` gives what that seat knows (its hand judged in the named
trump, its role at the table, the level of the chain, the quota's state and
the score sheet); the model predicts, for the speaker's side, the deal's
*sheet value* of "no" and how much more the word is worth. A deal's sheet
value for a side is the crosses the other side got less its own (Kraken 3.3),
plus its points less the other side's times ``lam``: the chance per point
that the four crosses for being behind in points at the end (Kraken 3.3)
change sides, from the spread of a deal's points and the deals still to
play (:func:`points_weight`).

**The data** (:func:`generate`). Matches of four seats of one generation's
players (the card play of the club or the strong level, the kraak words of
the generation's model, the club player's for generation 0), every seat
deciding from its own view only. At each word with a choice the deal is
copied and played on to its end once with each action (the others' words by
the same generation, the cards by the same card players): the true hands
decide what each action really brought, the features hold only what the
speaker saw. Nothing of the replays leaks into the features.

**The quota.** A kraak or rekraak said now pays a kraak of the quota, which
the engine otherwise forces on a defending deal later, on whatever hand
comes. So a word said by a side that owes kraaks is worth, on top of the
deal, the average price of a forced kraak (``header.quota_price``: the mean
loss of a first defender's kraak over "no" in the data) times the share of
its remaining defending deals it still owes.

>>> club = HeuristicBot(0)
>>> m = Match(preset("kraken"), seed=5, first_dealer=0)
>>> while word_of(deal_view(m, m.to_act)) is None:
...     m.apply(club.act(deal_view(m, m.to_act)))
>>> view = deal_view(m, m.to_act)
>>> len(features(view)) == len(FEATURES), set(value_of_bids(view)) == set(view.legal)
(True, True)
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from troef.core.bot import Bot
from troef.games.klaverjas.actions import NO, KlaverjasAction, Word, parse_action
from troef.games.klaverjas.game import GAME
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.heuristic_bid import chance, defender_quantile, hand_value
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.pimc import KlaverjasPimcBot, defending_left
from troef.games.klaverjas.roem import best_hand_roem
from troef.games.klaverjas.rules import preset
from troef.games.klaverjas.scoring import score_deal
from troef.games.klaverjas.state import DealState
from troef.games.klaverjas.view import KlaverjasView, deal_view, state_view
from troef.train.model import Mlp, load_packaged
from troef.train.selfplay import json_lines, run_matches

#: The inputs of the model, in order (see :func:`features`).
FEATURES: Final = (
    "level",
    "declarer",
    "partner",
    "first_defender",
    "second_defender",
    "value",
    "chance_declarer",
    "chance_partner",
    "chance_defender",
    "defender_quantile",
    "trumps",
    "trump_jack",
    "trump_nine",
    "trump_ace",
    "trump_ten",
    "side_aces",
    "side_tens",
    "voids",
    "roem",
    "stuk",
    "spades",
    "kraak_forced",
    "owed_mine",
    "owed_theirs",
    "defending_left_mine",
    "defending_left_theirs",
    "urgency",
    "deals_left",
    "points_diff",
    "crosses_diff",
)
#: The outputs: the deal's sheet value of "no" for the speaker's side, and how much more the word is worth.
OUTPUTS: Final = ("value_no", "word_gain")

#: Where the shipped model lives (package data).
MODEL_RESOURCE: Final = ("troef.games.klaverjas", "kraak_model.json")


def _hand_mask(view: KlaverjasView) -> int:
    mask = 0
    for card in view.hand or ():
        mask |= 1 << card
    return mask


def kraak_was_forced(view: KlaverjasView) -> bool:
    """Whether the kraak in the chain was the quota's last-moment kraak (the engine forces the first defender)."""
    if not view.chain or view.owed is None:
        return False
    kraakers = (view.declarer & 1) ^ 1
    first_defender = (view.declarer + 1) % 4
    owed = view.owed[kraakers]
    return owed > 0 and owed >= defending_left(view, kraakers) and view.chain[0][0] == first_defender


def features(view: KlaverjasView) -> list[float]:
    """What the speaker of a kraak word knows, as numbers in the order of :data:`FEATURES`."""
    if view.trump < 0 or view.hand is None:
        raise ValueError("a kraak word's features need a seat's view with trump named")
    rules = view.rules
    me, declarer, trump = view.viewer, view.declarer, view.trump
    hand = _hand_mask(view)
    side = me & 1
    value = hand_value(hand, trump, rules)
    trumps = (hand >> (8 * trump)) & 0xFF
    aces = tens = voids = 0
    for suit in range(4):
        if suit == trump:
            continue
        byte = (hand >> (8 * suit)) & 0xFF
        aces += byte >> 7 & 1
        tens += byte >> 3 & 1
        voids += byte == 0
    plain, with_stuk = best_hand_roem(hand, trump, rules)
    owed = view.owed or (0, 0)
    left_mine = defending_left(view, side)
    left_theirs = defending_left(view, side ^ 1)
    return [
        float(view.level),
        float(me == declarer),
        float(me == (declarer + 2) % 4),
        float(me == (declarer + 1) % 4),
        float(me == (declarer + 3) % 4),
        value,
        chance(value, "declarer"),
        chance(value, "partner"),
        chance(value, "defender"),
        defender_quantile(value, rules),
        float(trumps.bit_count()),
        float(trumps >> 4 & 1),
        float(trumps >> 2 & 1),
        float(trumps >> 7 & 1),
        float(trumps >> 3 & 1),
        float(aces),
        float(tens),
        float(voids),
        float(plain),
        float(with_stuk - plain),
        float(trump == 3),
        float(kraak_was_forced(view)),
        float(owed[side]),
        float(owed[side ^ 1]),
        float(left_mine),
        float(left_theirs),
        owed[side] / max(1, left_mine),
        float(rules.deals - view.deal_number),
        float(view.points[side] - view.points[side ^ 1]),
        float(view.crosses[side] - view.crosses[side ^ 1]),
    ]


def points_weight(points_diff: float, deals_left: int, deal_spread: float, crosses: int = 4) -> float:
    """Crosses a point of a deal is worth: ``crosses`` times the density of the final points difference at 0.

    The final difference is taken as normal about today's (``points_diff``, before this deal) with the
    spread of ``deals_left + 1`` deals of ``deal_spread`` each (this deal and those after it).
    """
    sigma = max(1.0, deal_spread * math.sqrt(deals_left + 1))
    return crosses * math.exp(-0.5 * (points_diff / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))


def credit(level: int, owed: float, left: float, price: float) -> float:
    """``price`` times the share of ``left`` defending deals whose kraaks are ``owed`` (none at superkraak)."""
    if level >= 2 or owed <= 0:
        return 0.0  # superkraak adds no deal to the quota (Kraken 3.1)
    return price * min(1.0, owed / max(1.0, left))


def quota_credit(view: KlaverjasView, price: float) -> float:
    """What saying kraak or rekraak now is worth for the quota: ``price`` times the share still owed."""
    if view.owed is None:
        return 0.0
    side = view.viewer & 1
    return credit(view.level, view.owed[side], defending_left(view, side), price)


def word_of(view: KlaverjasView) -> str | None:
    """The chain word the speaker may say here, or None when the view is no choice of a word."""
    if view.phase != "kraak" or NO.text() not in view.legal:
        return None
    return next((t for t in view.legal if t != NO.text()), None)


def value_of_words(view: KlaverjasView, model: Mlp, credit_scale: float = 1.0) -> dict[str, float]:
    """The expected sheet value, for the speaker's side, of each legal action of a kraak word (crosses).

    The word's value includes the quota's credit (:func:`quota_credit`) times ``credit_scale``.
    """
    word = word_of(view)
    if word is None:
        raise ValueError("not a choice of a kraak word")
    value_no, gain = model.predict(features(view))
    price = float(model.header.get("quota_price", 0.0)) * credit_scale
    return {NO.text(): value_no, word: value_no + gain + quota_credit(view, price)}


def load_model(path: str | None = None) -> Mlp:
    """The model in file ``path``, or without one the model shipped in the package (``kraak_model.json``)."""
    return load_packaged(*MODEL_RESOURCE, path or None)


def value_of_bids(view: KlaverjasView, model: Mlp | None = None, credit_scale: float = 1.0) -> dict[str, float]:
    """Each legal action of a kraak word with its expected sheet value (crosses, for the speaker's side).

    The function the hints and the analysis call: the best action is the strong level's choice
    (:func:`choose_word`); the difference to it is what another action costs on the sheet.
    """
    return value_of_words(view, model or load_model(), credit_scale)


def choose_word(view: KlaverjasView, model: Mlp | None = None, credit_scale: float = 1.0) -> KlaverjasAction:
    """The action of the higher value (a tie goes to "no")."""
    values = value_of_bids(view, model, credit_scale)
    word = next(t for t in values if t != NO.text())
    return Word(word) if values[word] > values[NO.text()] else NO


def owing(view: KlaverjasView) -> bool:
    """Whether the speaker's side owes kraaks of the quota and the word would pay one (not superkraak)."""
    return view.owed is not None and view.level < 2 and view.owed[view.viewer & 1] > 0


def model_word(view: KlaverjasView, model: Mlp, credit_scale: float, club: Bot) -> KlaverjasAction:
    """The strong level's word: the model's, but ``club``'s while the side owes kraaks if ``credit_scale`` < 0."""
    if credit_scale < 0 and owing(view):
        action: KlaverjasAction = club.act(view)
        return action
    return choose_word(view, model, max(0.0, credit_scale))


class WordsBot(Bot):
    """A player whose kraak words come from a model and everything else from ``inner`` (one generation).

    The words are said as the strong level says them (:func:`model_word`, the club player's while the
    side owes kraaks with the default ``credit_scale``).
    """

    kind = "trained"

    def __init__(self, inner: Bot, model: Mlp | None, seed: int | None = None, credit_scale: float = -1.0) -> None:
        super().__init__(seed)
        self.inner = inner
        self.model = model
        self.credit_scale = credit_scale
        self.club = HeuristicBot(seed)

    def act(self, view: KlaverjasView) -> KlaverjasAction:
        if self.model is not None and word_of(view) is not None:
            return model_word(view, self.model, self.credit_scale, self.club)
        action: KlaverjasAction = self.inner.act(view)
        return action


def card_player(play: str, seed: int) -> Bot:
    """The card play of a generation: ``club`` (the heuristic) or ``strong`` (pimc, its words the club's)."""
    if play == "club":
        return HeuristicBot(seed)
    if play == "strong":
        return KlaverjasPimcBot(seed)
    raise ValueError(f"unknown card play {play!r}: choose club or strong")


@dataclass(slots=True)
class Record:
    """One word with a choice: the speaker's features and what each action brought in its replays."""

    x: list[float]
    #: Per action ("no", then the word): (crosses of the other side less the speaker's, the speaker's points
    #: less the other side's) of each replay.
    outcomes: list[list[tuple[int, int]]]
    #: The points difference before the deal and the deals after it, for :func:`points_weight`.
    points_diff: int
    deals_left: int
    first_defender_kraak: bool
    #: The action the self-play's player took (0 "no", 1 the word).
    taken: int = -1


@dataclass(slots=True)
class Data:
    """The records of a self-play run and what the sheet's weighting needs."""

    records: list[Record] = field(default_factory=list)
    #: Each played deal's points difference (side 0 less side 1), for the spread of a deal.
    deal_diffs: list[int] = field(default_factory=list)
    matches: int = 0

    def deal_spread(self) -> float:
        """The standard deviation of a deal's points difference."""
        n = len(self.deal_diffs)
        if n < 2:
            return 30.0
        mean = sum(self.deal_diffs) / n
        return math.sqrt(sum((d - mean) ** 2 for d in self.deal_diffs) / (n - 1))

    def extend(self, other: Data) -> None:
        self.records += other.records
        self.deal_diffs += other.deal_diffs
        self.matches += other.matches


def _replay(
    deal: DealState, action: KlaverjasAction, players: list[Bot], context: dict[str, Any], side: int
) -> tuple[int, int]:
    """Play a copy of ``deal`` on from ``action`` to its end; the deal's crosses and points for ``side``."""
    copied = copy.deepcopy(deal)
    copied.apply(action)
    while copied.result is None:
        seat = copied.to_act
        copied.apply(players[seat].act(state_view(copied, seat, **context)))
    score = score_deal(copied.result, copied.rules)
    return (score.crosses[side ^ 1] - score.crosses[side], score.points[side] - score.points[side ^ 1])


def play_match(seed: int, model: Mlp | None, play: str, repeats: int = 1, credit_scale: float = -1.0) -> Data:
    """One match of self-play (four seats of one generation) with every word's alternatives replayed."""
    rules = preset("kraken")
    match = Match(rules, seed=seed)
    players: list[Bot] = [
        WordsBot(card_player(play, seed * 4 + s), model, seed * 4 + s, credit_scale) for s in range(4)
    ]
    data = Data(matches=1)
    while not match.is_over:
        seat = match.to_act
        view = deal_view(match, seat)
        word = word_of(view)
        action = players[seat].act(view)
        if word is not None:
            side = seat & 1
            context = {
                "deal_number": view.deal_number,
                "sheet": view.sheet,
                "points": view.points,
                "crosses": view.crosses,
                "owed": view.owed,
            }
            outcomes: list[list[tuple[int, int]]] = []
            for index, text in enumerate((NO.text(), word)):
                runs = []
                for k in range(repeats):
                    replayers: list[Bot] = []
                    for s in range(4):
                        bot_seed = hash((seed, len(match.deals), seat, index, k, s)) & 0xFFFFFF
                        replayers.append(WordsBot(card_player(play, bot_seed), model, bot_seed, credit_scale))
                    runs.append(_replay(match.deal, parse_action(text), replayers, context, side))
                outcomes.append(runs)
            data.records.append(
                Record(
                    features(view),
                    outcomes,
                    view.points[side] - view.points[side ^ 1],
                    rules.deals - view.deal_number,
                    view.level == 0 and seat == (view.declarer + 1) % 4,
                    0 if action == NO else 1,
                )
            )
        rows = len(match.sheet.rows)
        match.apply(action)
        for row in match.sheet.rows[rows:]:
            data.deal_diffs.append(row.score.points[0] - row.score.points[1])
    return data


def _one(args: tuple[int, Mlp | None, str, int, float]) -> Data:
    return play_match(*args)


def generate(
    matches: int,
    seed: int,
    model: Mlp | None,
    play: str = "club",
    *,
    repeats: int = 1,
    workers: int = 1,
    credit_scale: float = -1.0,
    progress: Callable[[int], None] | None = None,
) -> Data:
    """Self-play data of ``matches`` matches from ``seed`` (match ``i`` has seed ``seed * 100_003 + i``)."""
    jobs = [(seed * 100_003 + i, model, play, repeats, credit_scale) for i in range(matches)]
    return run_matches(_one, jobs, Data(), workers, progress)


def table(data: Data, deal_spread: float | None = None) -> tuple[list[list[float]], list[list[float]], float]:
    """The rows and outcomes to fit (:data:`OUTPUTS`), and the quota's price (see the module docstring)."""
    spread = deal_spread or data.deal_spread()
    x: list[list[float]] = []
    y: list[list[float]] = []
    prices: list[float] = []
    for record in data.records:
        lam = points_weight(record.points_diff, record.deals_left, spread)
        values = [sum(c + lam * p for c, p in runs) / len(runs) for runs in record.outcomes]
        x.append(record.x)
        y.append([values[0], values[1] - values[0]])
        if record.first_defender_kraak:
            prices.append(values[0] - values[1])
    price = max(0.0, sum(prices) / len(prices)) if prices else 0.0
    return x, y, price


def policy_gain(
    model: Mlp, data: Data, rows: list[int] | None = None, credit_scale: float = -1.0
) -> tuple[float, int, int]:
    """What the strong level's choices by the model would have brought over the self-play's, on the deal.

    Over the records ``rows`` (all without) that note the action taken: the mean, per word, of the
    sheet value of the model's action less that of the action taken (both replayed on the same deal,
    crosses), the number of words where the two differ, and the number of words compared. The quota's
    credit (times ``credit_scale``; negative: the words while owing are the club player's, as
    :func:`model_word` says them, and count as the action taken) is left out of the sum: it is not paid
    in the deal.
    """
    spread = data.deal_spread()
    price = float(model.header.get("quota_price", 0.0)) * max(0.0, credit_scale)
    total, changed, count = 0.0, 0, 0
    for index in range(len(data.records)) if rows is None else rows:
        record = data.records[index]
        if record.taken < 0:
            continue
        lam = points_weight(record.points_diff, record.deals_left, spread)
        values = [sum(c + lam * p for c, p in runs) / len(runs) for runs in record.outcomes]
        gain = model.predict(record.x)[1]
        owed, left = record.x[FEATURES.index("owed_mine")], record.x[FEATURES.index("defending_left_mine")]
        quota = credit(int(record.x[0]), owed, left, price)
        if credit_scale < 0 and record.x[0] < 2 and owed > 0:
            choice = record.taken
        else:
            choice = 1 if gain + quota > 0 else 0
        total += values[choice] - values[record.taken]
        changed += choice != record.taken
        count += 1
    return (total / count if count else 0.0), changed, count


def train(
    data: Data,
    *,
    seed: int,
    command: str,
    generation: int,
    hidden: tuple[int, ...] = (32, 16),
    credit_scale: float = -1.0,
    extra: dict[str, Any] | None = None,
) -> tuple[Mlp, list[float], list[float]]:
    """Fit the model of a generation on ``data``; its header says how it was made.

    The header also notes :func:`policy_gain` on the validation words (``validation_gain``).
    """
    from troef.train.fit import fit

    x, y, price = table(data)
    header = {
        "game": GAME.name,
        "preset": "kraken",
        "decision": "kraak words",
        "command": command,
        "seed": seed,
        "generation": generation,
        "matches": data.matches,
        "records": len(data.records),
        "deal_spread": round(data.deal_spread(), 3),
        "quota_price": round(price, 4),
        **(extra or {}),
    }
    fitted = fit(x, y, list(FEATURES), list(OUTPUTS), seed=seed, hidden=hidden, header=header)
    gain, changed, count = policy_gain(fitted.model, data, fitted.validation_index, credit_scale)
    if count:
        fitted.model.header["validation_gain"] = {
            "crosses_per_word": round(gain, 4),
            "credit_scale": credit_scale,
            "words_changed": changed,
            "words": count,
        }
    return fitted.model, fitted.validation, fitted.baseline


def save_data(data: Data, path: Path) -> None:
    """Write the records as JSON lines (one record a line, then one line of deal differences)."""
    with path.open("w", encoding="utf-8") as out:
        for r in data.records:
            out.write(
                json.dumps(
                    {
                        "x": r.x,
                        "o": r.outcomes,
                        "d": r.points_diff,
                        "l": r.deals_left,
                        "f": r.first_defender_kraak,
                        "t": r.taken,
                    }
                )
                + "\n"
            )
        out.write(json.dumps({"deal_diffs": data.deal_diffs, "matches": data.matches}) + "\n")


def load_data(path: Path) -> Data:
    """Read what :func:`save_data` wrote."""
    data = Data()
    for item in json_lines(path):
        if "deal_diffs" in item:
            data.deal_diffs += item["deal_diffs"]
            data.matches += item["matches"]
        else:
            outcomes = [[(int(c), int(p)) for c, p in runs] for runs in item["o"]]
            data.records.append(Record(item["x"], outcomes, item["d"], item["l"], item["f"], item.get("t", -1)))
    return data


def sample_seed(seed: int) -> int:
    """A generation's self-play seed, apart from the arena's seeds (which are below 10**8)."""
    return random.Random(seed).randrange(10**9, 2 * 10**9)
