"""The heuristic bot: rule-of-thumb Bonaken as a sensible club player plays it.

Bidding: the bot values its hand per trump suit with the open centre cards
in (:func:`estimate`: the points it can expect to take with trump jack, nel
and ace, side aces, length, plus the roem it holds) and bids a number up to
that value; a low, safe hand of sevens and eights with short suits bids
misère (:func:`misere_danger`); zwabber and bonaak only when every card is a
sure winner (:func:`sure_of_every_trick`). Otherwise it passes.

In the exchange it lays away the cards that add least (keeping trumps, aces
and roem), or in misère passes on its most dangerous high cards. It names
the trump where it is strongest and declares the highest roem allowed.

In play the declarer draws trumps and cashes winners; defenders follow low
when the declarer wins, win tricks cheaply, smear points on a trick a fellow
defender is sure to win, and against misère lead low cards of suits the
misère player must follow. Every decision is a handful of mask operations:
well under a millisecond.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from troef.cards import Rank, cards_of
from troef.core.bot import Bot
from troef.games.bonaken.actions import (
    STUK,
    TRUMPS,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    Discard,
    Pass,
    Play,
)
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.play import PLAIN_POINTS, SUIT32, TRUMP_POINTS, TRUMP_POWER
from troef.games.bonaken.reading import (
    ABOVE_BYTE,
    ALL32,
    STRONGEST_FIRST,
    Reading,
    above,
    below,
    by_strength,
    mask_points,
    points,
    power,
    read,
    rules_of,
    strength,
)
from troef.games.bonaken.roem import roem_options
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.view import BonakenView

#: Share of its estimate the bot dares to bid, and what each blind centre card is worth to it.
BID_SHARE = 1.2
BLIND_BONUS = 5.0
#: Most misère danger (about: expected tricks taken) the bot accepts to open misère / to join one.
MISERE_OPEN = 0.6
MISERE_JOIN = 0.3
#: The lowest number the bot opens the bidding with (pagat allows 5, nobody sensible bids it).
OPENING = 25
#: Chance that a master side card wins in the first, second, third... round of its suit, trumps drawn.
_SURVIVE: Final = (0.97, 0.92, 0.85, 0.75, 0.6, 0.5, 0.4, 0.3)


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


# ---------------------------------------------------------------------- valuing a hand
def keep_score(card: int, hand: int, trump: int) -> float:
    """How much a card is worth keeping for a number game with ``trump`` (higher: keep)."""
    suit, rank = card >> 3, card & 7
    if suit == trump:
        return 60.0 + 6 * TRUMP_POWER[rank] + TRUMP_POINTS[rank]
    mine = (hand >> (8 * suit)) & 0xFF
    higher_missing = (~mine & ABOVE_BYTE[0][rank]).bit_count()
    if higher_missing == 0:
        return 40.0 + PLAIN_POINTS[rank]  # ace, or a card under one's own aces
    if rank == Rank.TEN and higher_missing == 1:
        return 14.0  # 10 under a missing ace: often lost
    score = 2.0 + rank * 0.3 + PLAIN_POINTS[rank] * 0.2
    if mine.bit_count() == 1:
        score -= 1.5  # laying away a singleton makes a void to trump in
    return score


def _keep(pool: int, keep: int, trump: int) -> int:
    """The ``keep`` cards of ``pool`` worth most for a number game with ``trump``."""
    if pool.bit_count() <= keep:
        return pool
    ranked = sorted(cards_of(pool), key=lambda c: keep_score(c, pool, trump), reverse=True)
    return _mask(ranked[:keep])


def _roem_value(hand: int, trump: int, rules: Rules, below_bid: int | None, players: int) -> float:
    """The roem the hand can declare (below ``below_bid`` where the rules want that), discounted
    where an opponent may cancel it (pagat, hazerswoude)."""
    options = roem_options(hand, trump, rules.roem)
    best = max(v for v in options if below_bid is None or not rules.roem_below_bid or v < below_bid)
    if rules.roem_contest == "none" or best == 0:
        return float(best)
    # pagat, hazerswoude: an opponent with as much roem cancels it; small roem is easily matched
    risk = (0.12 if best <= 20 else 0.06 if best <= 50 else 0.02) * (players - 1)
    return best * max(0.3, 1 - risk)


def play_points(hand: int, trump: int, players: int, unseen: int, in_play: int) -> float:
    """The card points a declarer with ``hand`` can expect to take in tricks.

    ``unseen``: cards that may be in other hands; ``in_play``: how many of them are.
    Side aces only count once the others' trumps are drawn: in Bonaken a player
    may trump even when he can follow suit (nk rule 27), so an ace led while the
    others hold trumps is as good as lost.
    """
    out_n = unseen.bit_count()
    if not out_n:
        return float(mask_points(hand, trump))
    share = min(1.0, in_play / out_n)
    opponents = players - 1
    # what the others add to a trick the declarer wins: they throw low when they can
    trick_extra = opponents * 0.7 * mask_points(unseen, trump) / out_n
    total = 0.0
    ruff = 0.0
    if trump >= 0:
        mine = (hand >> (8 * trump)) & 0xFF
        out = (unseen >> (8 * trump)) & 0xFF
        n_trumps = mine.bit_count()
        opp_trumps = out.bit_count() * share
        above_t = ABOVE_BYTE[1]
        rounds = 0.0
        for i, rank in enumerate(STRONGEST_FIRST[1][mine]):
            missing = (out & above_t[rank]).bit_count() * share
            if missing < 0.5:
                p = 0.97
            elif missing <= i:
                p = 0.75  # the trumps above it fall under one's own higher trumps
            elif n_trumps >= 4 and n_trumps - i > opp_trumps:
                p = 0.6  # length: the last trumps win once the others are gone
            else:
                p = max(0.05, 0.45 - 0.2 * (missing - i))
            rounds += p
            total += p * (TRUMP_POINTS[rank] + trick_extra * 1.1)
        # each round of trumps the declarer wins draws about one trump from most opponents
        left = max(0.0, opp_trumps - rounds * min(float(opponents), opp_trumps) * 0.7)
        ruff = min(0.95, 0.75 * left)
    for suit in range(4):
        if suit == trump:
            continue
        mine = (hand >> (8 * suit)) & 0xFF
        if not mine:
            continue
        out = (unseen >> (8 * suit)) & 0xFF
        length = mine.bit_count()
        for i, rank in enumerate(STRONGEST_FIRST[0][mine]):
            missing = (out >> (rank + 1)).bit_count() * share
            survive = (1 - ruff) * _SURVIVE[i]
            if missing < 0.5:
                p = survive
            elif missing < 1.5 and i >= 1:
                p = 0.4 * survive
            elif missing < 1.5 and length >= 2:
                p = 0.25 * (1 - ruff)
            else:
                continue
            total += p * (PLAIN_POINTS[rank] + trick_extra)
    return total


@lru_cache(maxsize=8192)
def _kept_play(pool: int, trump: int, keep: int, players: int, gone: int) -> tuple[int, float]:
    hand = _keep(pool, keep, trump)
    unseen = ALL32 & ~pool & ~gone
    return hand, play_points(hand, trump, players, unseen, keep * (players - 1))


def estimate(
    pool: int,
    trump: int,
    keep: int,
    players: int,
    rules: Rules,
    gone: int = 0,
    bid: int | None = None,
) -> float:
    """Points (cards and roem) a declarer can expect with the best ``keep`` cards of ``pool``
    and ``trump``; ``gone``: cards known to be out of the other hands; ``bid``: the roem must be
    lower than this bid (nk rule 49)."""
    hand, play = _kept_play(pool, trump, keep, players, gone)
    return play + _roem_value(hand, trump, rules, bid, players)


def best_trump(
    pool: int, keep: int, players: int, rules: Rules, gone: int = 0, bid: int | None = None
) -> tuple[int, float]:
    """The trump suit with the highest :func:`estimate`, and that estimate."""
    best = (0, -1.0)
    for suit in range(4):
        value = estimate(pool, suit, keep, players, rules, gone, bid)
        if value > best[1]:
            best = (suit, value)
    return best


@lru_cache(maxsize=8192)
def sure_of_every_trick(pool: int, keep: int, trump: int, gone: int = 0) -> bool:
    """Whether ``keep`` cards of ``pool`` take every trick for sure (zwabber: ``trump`` -1).

    Every card must be a master of its suit (nothing above it outside the pool),
    and with a trump suit the declarer needs enough trumps to draw every trump
    the others may hold before cashing the side masters.
    """
    unseen = ALL32 & ~pool & ~gone
    masters = [c for c in cards_of(pool) if not above(c, trump) & unseen]
    if len(masters) < keep:
        return False
    if trump < 0:
        return True
    masters.sort(key=lambda c: (c >> 3 != trump, -strength(c, trump)))
    hand = _mask(masters[:keep])
    return (hand & SUIT32[trump]).bit_count() >= (unseen & SUIT32[trump]).bit_count()


def _card_dangers(hand: int, trump: int, unseen: int, players: int, share: float) -> list[tuple[float, int]]:
    """Per card of a misère hand, about how likely it is to be forced to take a trick.

    A card is forced when somebody leads a lower card of its suit that one
    cannot go under (one's own lower cards each absorb one such lead) and no
    other player has to go over it.
    """
    out = []
    per_player = share / (players - 1)
    for suit in range(4):
        mine = hand & SUIT32[suit]
        for i, card in enumerate(by_strength(mine, trump, strongest_first=False)):
            lower = (below(card, trump) & unseen).bit_count() - i
            if lower <= 0:
                out.append((0.0, card))
                continue
            led_under = 1 - (1 - share) ** lower
            higher = (above(card, trump) & unseen).bit_count()
            # each other player holding a higher card of the suit (and nothing lower) must go over
            uncovered = (1 - 0.6 * (1 - (1 - per_player) ** higher)) ** (players - 2)
            out.append((led_under * uncovered, card))
    return out


def _share(unseen: int, players: int, keep: int) -> float:
    """The chance that an unseen card is in another player's hand (not sleeping)."""
    n = unseen.bit_count()
    return min(1.0, (players - 1) * keep / n) if n else 0.0


def _danger_of(hand: int, trump: int, unseen: int, players: int, share: float) -> float:
    dangers = _card_dangers(hand, trump, unseen, players, share)
    total = sum(d for d, _ in dangers)
    if trump >= 0:
        # a trump takes any trick of another suit: once only trumps are left, one must win
        total += 0.3 * (hand & SUIT32[trump]).bit_count()
    lead = 1.0
    for _, card in dangers:
        higher = (above(card, trump) & unseen).bit_count()
        lower = (below(card, trump) & unseen).bit_count()
        # nobody follows (every higher card sleeps), or the others all go under
        lead = min(lead, (1 - share) ** higher + (1 - (1 - share) ** lower) * 0.3)
    voids = sum(1 for suit in range(4) if not hand & SUIT32[suit])
    return (total + lead) * (1 - 0.12 * min(voids, 2))


@lru_cache(maxsize=8192)
def misere_danger(hand: int, trump: int, unseen: int, players: int, keep: int | None = None) -> float:
    """About how many tricks a misère player with ``hand`` risks taking (0: a safe hand).

    A card is safe when the cards below it that others may lead are no more
    than one's own lower cards of the suit (7 9 J K is safe, a lone 9 is not).
    Short suits help: a void lets one throw away a dangerous card. With
    ``keep``, the cards beyond ``keep`` whose loss leaves the safest hand are
    passed on first. The misère player leads the first trick, so he needs one
    card that somebody must go over.
    """
    size = keep if keep is not None else hand.bit_count()
    share = _share(unseen, players, size)
    while hand.bit_count() > size:
        hand &= ~(1 << _misere_pass(hand, trump, unseen, players, share))
    return _danger_of(hand, trump, unseen, players, share)


def _misere_pass(hand: int, trump: int, unseen: int, players: int, share: float) -> int:
    """The card whose passing on leaves the safest misère hand."""
    best = (2.0**31, -1)
    for card in cards_of(hand):
        value = _danger_of(hand & ~(1 << card), trump, unseen, players, share) - 0.001 * strength(card, trump)
        if value < best[0]:
            best = (value, card)
    return best[1]


# ---------------------------------------------------------------------- the bot
class HeuristicBot(Bot):
    """A rule-based player: see the module docstring.

    >>> from troef.games.bonaken.match import Match
    >>> from troef.games.bonaken.rules import preset
    >>> from troef.games.bonaken.view import hand_view
    >>> m = Match(preset("pagat"), players=4, seed=2, first_dealer=0)
    >>> view = hand_view(m.hand, m.hand.to_act)
    >>> HeuristicBot(seed=5).act(view).text() in view.legal
    True
    """

    kind = "heuristic"

    def act(self, view: BonakenView) -> BonakenAction:
        actions = legal_actions(view)
        if not actions:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(actions) == 1:
            return actions[0]
        r = read(view)
        phase = view.phase
        if phase == "bidding":
            choice = self._bid(view, r, actions)
        elif phase == "exchange":
            choice = self._exchange(view, r, actions)
        elif phase == "trump":
            choice = self._name_trump(view, r)
        elif phase == "roem":
            choice = max(actions, key=lambda a: a.value if isinstance(a, DeclareRoem) else -1)
        else:
            choice = self._play(r, actions)
        if choice not in actions:
            return actions[0]  # never illegal, whatever the reasoning
        return choice

    # ------------------------------------------------------------------ bidding
    def _bid(self, view: BonakenView, r: Reading, actions: list[BonakenAction]) -> BonakenAction:
        rules = rules_of(view)
        keep = r.hand.bit_count()
        pool = r.hand | _mask(view.centre_open)
        players = r.players
        bids = [a for a in actions if isinstance(a, Bid)]
        # legal bids come lowest first: the first number bid is the one to consider
        numbers = [a for a in bids[:40] if a.kind == BidKind.NUMBER]
        first = numbers[0] if numbers else None
        misere = next((a for a in bids if a.kind == BidKind.MISERE), None)
        pass_ = next((a for a in actions if isinstance(a, Pass)), None)
        high = r.contract  # the highest bid so far
        joining = high is not None and high.kind == BidKind.MISERE

        number: Bid | None = None
        margin = -1.0
        candidates = [first] if first is not None else []
        if first is not None and high is None and first.value < OPENING:
            # nobody has bid yet: open at a club player's level, not with the lowest bid
            # allowed, unless everybody else passed and it is that or a new deal
            candidates = [a for a in numbers if a.value >= OPENING][:1]
            if self._last_to_bid(r):
                candidates.append(first)
        for bid in candidates:
            _, value = best_trump(pool, keep, players, rules, bid=bid.value)
            limit = value * BID_SHARE + BLIND_BONUS * view.centre_closed
            if limit >= bid.value:
                number, margin = bid, limit - bid.value
                break

        if misere is not None and (number is None or margin < 15):
            unseen = ALL32 & ~pool
            if joining:
                # the others take the centre; we pass on what we receive
                danger = misere_danger(r.hand, -1, ALL32 & ~r.hand, players)
                misere_ok = danger <= MISERE_JOIN
            else:
                trumps = [-1]
                if rules.misere_trump == "single":
                    # a lone misère player names trump (nk rule 15): best a suit he (nearly) lacks
                    short = min((pool & SUIT32[t]).bit_count() for t in range(4))
                    trumps = [t for t in range(4) if (pool & SUIT32[t]).bit_count() == short]
                danger = min(misere_danger(pool, t, unseen, players, keep) for t in trumps)
                misere_ok = danger <= MISERE_OPEN
            if misere_ok and (number is None or danger <= 0.15):
                return misere
        if number is not None:
            return number
        # all tricks: only with a hand of sure winners
        zwabber = next((b for b in bids if b.kind == BidKind.ZWABBER and not b.value), None)
        if zwabber is not None and sure_of_every_trick(pool, keep, -1):
            return zwabber
        bonaak = [b for b in bids if b.kind == BidKind.BONAAK and not b.six]
        if bonaak:
            for t in range(4):
                if not sure_of_every_trick(pool, keep, t):
                    continue
                roem = max(roem_options(_keep(pool, keep, t), t, rules.roem))
                for bid in bonaak:  # lowest first
                    if bid.value <= roem:
                        return bid
        return pass_ if pass_ is not None else actions[0]

    @staticmethod
    def _last_to_bid(r: Reading) -> bool:
        passed = {seat for seat, bid in r.bids if bid is None}
        return len(passed) == r.players - 1 and r.me not in passed

    # ------------------------------------------------------------------ exchange
    def _exchange(self, view: BonakenView, r: Reading, actions: list[BonakenAction]) -> BonakenAction:
        rules = rules_of(view)
        others = [view.hand_sizes[s] for s in view.seats if s != r.me]
        keep = min(others) if others else rules.layout(r.players).hand
        contract = r.contract
        hand = r.hand
        discards = {a.card: a for a in actions if isinstance(a, Discard)}
        gone = _mask(view.laid_away)
        unseen = ALL32 & ~hand & ~gone
        if contract is not None and contract.kind == BidKind.MISERE:
            trump = -1
            if rules.misere_trump == "single" and len(r.declarers) == 1:
                trump = min(range(4), key=lambda t: misere_danger(hand, t, unseen, r.players, keep))
            card = _misere_pass(hand, trump, unseen, r.players, _share(unseen, r.players, keep))
            return discards.get(card, actions[0])
        if contract is not None and contract.kind in (BidKind.BONAAK, BidKind.ZWABBER, BidKind.OPEN_BONAAK):
            trumps = [-1] if contract.kind == BidKind.ZWABBER else [0, 1, 2, 3]
            for t in trumps:
                if sure_of_every_trick(hand, keep, t, gone):
                    masters = [c for c in cards_of(hand) if not above(c, t) & unseen]
                    losers = [c for c in cards_of(hand) if c not in masters]
                    order = losers + sorted(masters, key=lambda c: (c >> 3 == t, strength(c, t)))
                    return discards.get(order[0], actions[0])
            t = best_trump(hand, keep, r.players, rules, gone)[0] if trumps != [-1] else -1
            worst = min(cards_of(hand), key=lambda c: (not above(c, t) & unseen, c >> 3 == t, strength(c, t)))
            return discards.get(worst, actions[0])
        bid = contract.value if contract is not None else None
        trump, _ = best_trump(hand, keep, r.players, rules, gone, bid)
        # weigh laying away each of the least useful cards (roem may make a weak card worth keeping)
        need = hand.bit_count() - keep
        candidates = sorted(discards, key=lambda c: keep_score(c, hand, trump))[: need + 2]
        best: tuple[float, int] | None = None
        for card in candidates:
            rest = hand & ~(1 << card)
            value = estimate(rest, trump, keep, r.players, rules, gone | (1 << card), bid)
            if best is None or value > best[0]:
                best = (value, card)
        assert best is not None
        return discards[best[1]]

    # ------------------------------------------------------------------ trump
    def _name_trump(self, view: BonakenView, r: Reading) -> BonakenAction:
        rules = rules_of(view)
        keep = r.hand.bit_count()
        contract = r.contract
        gone = _mask(view.laid_away)
        if contract is not None and contract.kind == BidKind.MISERE:
            unseen = ALL32 & ~r.hand & ~gone
            return TRUMPS[min(range(4), key=lambda t: misere_danger(r.hand, t, unseen, r.players))]
        if contract is not None and contract.kind in (BidKind.BONAAK, BidKind.OPEN_BONAAK):
            for t in range(4):
                if sure_of_every_trick(r.hand, keep, t, gone):
                    return TRUMPS[t]
        bid = contract.value if contract is not None and contract.kind == BidKind.NUMBER else None
        return TRUMPS[best_trump(r.hand, keep, r.players, rules, gone, bid)[0]]

    # ------------------------------------------------------------------ play
    def _play(self, r: Reading, actions: list[BonakenAction]) -> BonakenAction:
        cards = [a.card for a in actions if isinstance(a, Play)]
        if not cards:
            return actions[0]
        card = self.card_choice(r, cards)
        trump = r.trump
        if STUK in actions and trump >= 0 and card >> 3 == trump and card & 7 in (Rank.KING, Rank.QUEEN):
            return STUK  # nk rule 46: stuk counts when declared with its first card
        return Play(card) if Play(card) in actions else actions[0]

    def card_choice(self, r: Reading, cards: list[int]) -> int:
        """The card this player plays of the legal ``cards`` (ascending) in the table ``r`` reads.

        Deterministic: the pimc bot's sampler asks it what each other seat
        would have played with the cards a world gives it
        (:func:`~troef.games.bonaken.pimc_infer.play_weight`).
        """
        contract = r.contract
        kind = contract.kind if contract is not None else BidKind.NUMBER
        if kind == BidKind.MISERE:
            if r.me in r.declarers:
                return self._misere_declarer(r, cards)
            return self._misere_defender(r, cards)
        if r.me in r.declarers:
            return self._declarer(r, cards, every_trick=kind != BidKind.NUMBER)
        return self._defender(r, cards, every_trick=kind != BidKind.NUMBER)

    # -- helpers
    def _is_master(self, r: Reading, card: int) -> bool:
        """Nobody else can hold a higher card of its suit."""
        return not above(card, r.trump) & r.unseen

    def _safe_from(self, r: Reading, card: int, seats: list[int]) -> bool:
        """Whether ``card``, played now, cannot be beaten by any of ``seats``."""
        trump, led = r.trump, r.led if r.led >= 0 else card >> 3
        suit = card >> 3
        for seat in seats:
            if suit == trump:
                if above(card, trump) & r.unseen and r.may_hold(seat, trump):
                    return False
                continue
            if trump >= 0 and r.may_hold(seat, trump):
                return False  # trumping is allowed even when one can follow (nk rule 27)
            if suit == led and above(card, trump) & r.unseen and r.may_hold(seat, led):
                return False
        return True

    @staticmethod
    def _cheapest(cards: list[int], trump: int) -> int:
        """The card that gives away least: fewest points, then weakest."""
        return min(cards, key=lambda c: (points(c, trump), c >> 3 == trump, strength(c, trump)))

    # -- number / bonaak / zwabber declarer
    def _declarer(self, r: Reading, cards: list[int], every_trick: bool) -> int:
        trump = r.trump
        opponents = [s for s in r.seats if s != r.me]
        if not r.trick:
            return self._declarer_lead(r, cards, opponents, every_trick)
        _, _, best = r.winning()
        led = r.led
        rest = r.still_to_play()
        winners = [c for c in cards if power(c, led, trump) > best]
        if winners:
            safe = [c for c in winners if self._safe_from(r, c, rest)]
            if safe:
                return min(safe, key=lambda c: (power(c, led, trump), -points(c, trump)))
            at_stake = sum(points(c, trump) for _, c in r.trick)
            if every_trick or at_stake >= 10:
                return max(winners, key=lambda c: power(c, led, trump))
        return self._cheapest(cards, trump)

    def _declarer_lead(self, r: Reading, cards: list[int], opponents: list[int], every_trick: bool) -> int:
        trump = r.trump
        opp_trumps = trump >= 0 and any(r.may_hold(s, trump) for s in opponents)
        my_trumps = [c for c in cards if c >> 3 == trump]
        if my_trumps and opp_trumps:
            top = max(my_trumps, key=lambda c: strength(c, trump))
            if self._is_master(r, top):
                return top  # draw trumps with the master
            if len(my_trumps) >= 3 and not every_trick:
                # drive out the higher trumps with the cheapest one
                return min(my_trumps, key=lambda c: (points(c, trump), strength(c, trump)))
        side = [c for c in cards if c >> 3 != trump]
        masters = [c for c in side if self._is_master(r, c)]
        if masters:
            if not opp_trumps:
                return max(masters, key=lambda c: (points(c, trump), strength(c, trump)))
            fresh = [c for c in masters if not r.played & SUIT32[c >> 3]]
            if fresh:
                return max(fresh, key=lambda c: (points(c, trump), strength(c, trump)))
        if every_trick:
            return max(cards, key=lambda c: (self._is_master(r, c), c >> 3 == trump, strength(c, trump)))
        if side:
            # lose a cheap trick: a low card, from a short suit to make a void
            return min(
                side,
                key=lambda c: (points(c, trump), (r.hand & SUIT32[c >> 3]).bit_count(), strength(c, trump)),
            )
        return min(cards, key=lambda c: strength(c, trump))

    # -- defender of a number / bonaak / zwabber
    def _defender(self, r: Reading, cards: list[int], every_trick: bool) -> int:
        trump = r.trump
        declarer = r.declarers[0] if r.declarers else -1
        if not r.trick:
            return self._defender_lead(r, cards, declarer, every_trick)
        led = r.led
        win_seat, win_card, best = r.winning()
        winners = [c for c in cards if power(c, led, trump) > best]
        declarer_played = any(s == declarer for s, _ in r.trick)
        if declarer_played:
            if win_seat != declarer:
                if every_trick:
                    return self._cheapest(cards, trump)
                return self._smear(r, cards)
            if winners:
                return min(winners, key=lambda c: (power(c, led, trump), -points(c, trump)))
            return self._cheapest(cards, trump)
        # the declarer plays after us
        sure = [c for c in winners if self._safe_from(r, c, [declarer])]
        if sure:
            return min(sure, key=lambda c: (power(c, led, trump), -points(c, trump)))
        if win_seat != declarer and self._safe_from(r, win_card, [declarer]) and not every_trick:
            return self._smear(r, cards)
        return self._cheapest(cards, trump)

    def _smear(self, r: Reading, cards: list[int]) -> int:
        """Points onto a trick the defence wins: 10s and aces, but keep master trumps."""
        trump = r.trump

        def key(c: int) -> tuple[int, int]:
            keep_back = c >> 3 == trump and self._is_master(r, c)
            return (-1 if keep_back else points(c, trump), -strength(c, trump))

        return max(cards, key=key)

    def _defender_lead(self, r: Reading, cards: list[int], declarer: int, every_trick: bool) -> int:
        trump = r.trump
        declarer_trumps = trump >= 0 and r.may_hold(declarer, trump)
        master_trumps = [c for c in cards if c >> 3 == trump and self._is_master(r, c)]
        if master_trumps and declarer_trumps:
            return max(master_trumps, key=lambda c: strength(c, trump))
        masters = [c for c in cards if c >> 3 != trump and self._is_master(r, c)]
        if masters and not declarer_trumps:
            return max(masters, key=lambda c: (points(c, trump), strength(c, trump)))
        if every_trick and masters:
            return max(masters, key=lambda c: strength(c, trump))
        side = [c for c in cards if c >> 3 != trump] or cards

        def key(c: int) -> tuple[int, int, int, int]:
            suit = c >> 3
            declarer_void = not r.may_hold(declarer, suit)
            return (
                points(c, trump),
                self._is_master(r, c),  # keep masters for later
                0 if declarer_void else 1,  # make the declarer spend a trump
                strength(c, trump),
            )

        return min(side, key=key)

    # -- misère
    def _misere_declarer(self, r: Reading, cards: list[int]) -> int:
        trump = r.trump
        others = [s for s in r.seats if s != r.me]
        if not r.trick:

            def lead_key(c: int) -> tuple[int, int, int, int]:
                suit = c >> 3
                followers = sum(1 for s in others if r.may_hold(s, suit))
                lower = (below(c, trump) & r.unseen).bit_count()
                higher = (above(c, trump) & r.unseen).bit_count()
                return (followers == 0, lower, -higher, strength(c, trump))

            return min(cards, key=lead_key)
        led = r.led
        _, _, best = r.winning()
        under = [c for c in cards if power(c, led, trump) < best]
        if under:
            # stay under, throwing the most dangerous card that can go
            return max(under, key=lambda c: (c >> 3 != led, strength(c, trump), -(r.hand & SUIT32[c >> 3]).bit_count()))
        if r.still_to_play():
            return min(cards, key=lambda c: power(c, led, trump))  # leave room to be overtaken
        return max(cards, key=lambda c: strength(c, trump))  # the trick is ours anyway: shed the highest

    def _misere_defender(self, r: Reading, cards: list[int]) -> int:
        trump = r.trump
        targets = [s for s in r.declarers if not self._has_trick(r, s)] or list(r.declarers)
        if not r.trick:

            def lead_key(c: int) -> tuple[bool, int, int]:
                suit = c >> 3
                follows = any(r.may_hold(s, suit) for s in targets)
                lower = (below(c, trump) & r.unseen).bit_count()
                return (not follows, lower, strength(c, trump))

            return min(cards, key=lead_key)
        led = r.led
        win_seat, _, best = r.winning()
        under = [c for c in cards if power(c, led, trump) < best]
        highest = max(cards, key=lambda c: strength(c, trump))
        if win_seat in targets:
            if under:
                return max(under, key=lambda c: strength(c, trump))  # never take it off him
            return min(cards, key=lambda c: power(c, led, trump))
        if any(s in targets for s in r.still_to_play()):
            if under:
                return max(under, key=lambda c: strength(c, trump))
            return min(cards, key=lambda c: power(c, led, trump))  # keep the trick as low as can be
        return highest

    @staticmethod
    def _has_trick(r: Reading, seat: int) -> bool:
        return r.won.get(seat, 0) > 0
