"""The heuristic player's card play: a club player's rules of thumb, weighed with what the table showed.

Following a trick, every legal card is weighed the same way: how likely its
side then takes the trick (the cards that can still beat it, judged by
:mod:`~troef.games.klaverjas.reading`: voids shown, trumps gone), what the
trick is worth (card points and roem), and what playing the card now costs
later (:func:`keep_value`: a master card or a trump wins a trick of its own
later; a ten whose ace is out is better given to the partner now). From
that the usual club play follows: let the partner's winning card stand, smear
points on it, do not trump it, take an opponent's trick as cheaply as
possible, and throw the least useful card otherwise.

Leading has its own rules: the playing side draws trumps with the master
trump and returns trumps to a partner who named them; a master side card is
led where nobody is known to trump it; the defenders lead into the partner's
void; else a low card from a suit that costs nothing.
"""

from __future__ import annotations

from typing import Final

from troef.games.klaverjas.play import POINTS, POWER, SUIT_BITS, TRUMP_POWER
from troef.games.klaverjas.reading import Reading
from troef.games.klaverjas.roem import trick_roem

#: Card points an average card still to come adds to a trick.
AVERAGE_CARD: Final = 4.0
#: What trumping the partner's winning card costs beyond the trump itself (tempo, and the partner's plan).
TRUMPING_PARTNER: Final = 12.0
#: The swing of winning a trick later with a card kept now: its own points and what falls on it.
LATER_TRICK: Final = 18.0


class Odds:
    """Rough chances about the hidden hands: a hidden card lies with one of the seats that may hold it, in
    proportion to the cards each of them still holds."""

    __slots__ = ("r", "share")

    def __init__(self, r: Reading) -> None:
        self.r = r
        may = [r.may_hold(s) if s != r.me else 0 for s in range(4)]
        sizes = r.hand_sizes
        share: list[tuple[float, float, float, float]] = []
        for c in range(32):
            weights = [float(sizes[s]) if may[s] >> c & 1 else 0.0 for s in range(4)]
            total = sum(weights)
            share.append(
                (weights[0] / total, weights[1] / total, weights[2] / total, weights[3] / total)
                if total
                else (0.0, 0.0, 0.0, 0.0)
            )
        #: ``share[card][seat]``: the chance that ``seat`` holds ``card``.
        self.share = tuple(share)

    def none_of(self, seat: int, mask: int) -> float:
        """The chance that ``seat`` holds none of the cards in ``mask``."""
        mask &= self.r.may_hold(seat)
        p = 1.0
        while mask:
            low = mask & -mask
            p *= 1.0 - self.share[low.bit_length() - 1][seat]
            mask ^= low
        return p

    def beats(self, seat: int, card: int, led: int) -> float:
        """The chance that ``seat``, to play after ``card`` in a trick led with ``led``, can beat it."""
        r = self.r
        trump = r.trump
        row = POWER[trump][led]
        held = r.may_hold(seat) & r.unseen
        higher_led = 0
        if card >> 3 == led:
            bits = held & SUIT_BITS[led]
            while bits:
                low = bits & -bits
                if row[low.bit_length() - 1] > row[card]:
                    higher_led |= low
                bits ^= low
        p_no_led_higher = self.none_of(seat, higher_led) if led != trump or card >> 3 == trump else 1.0
        if led == trump:
            return 1.0 - p_no_led_higher
        higher_trumps = 0
        bits = held & SUIT_BITS[trump]
        while bits:
            low = bits & -bits
            if row[low.bit_length() - 1] > row[card]:
                higher_trumps |= low
            bits ^= low
        void = self.none_of(seat, SUIT_BITS[led])
        p_trump = (1.0 - self.none_of(seat, higher_trumps)) * void
        return 1.0 - p_no_led_higher * (1.0 - p_trump)

    def ruff(self, suit: int, seats: tuple[int, ...]) -> float:
        """The chance that one of ``seats`` lacks ``suit`` and holds a trump to play on it."""
        trumps = SUIT_BITS[self.r.trump]
        p = 1.0
        for seat in seats:
            p *= 1.0 - self.none_of(seat, SUIT_BITS[suit]) * (1.0 - self.none_of(seat, trumps))
        return 1.0 - p

    def risk(self, card: int, led: int, seats: tuple[int, ...]) -> float:
        """The chance that one of ``seats`` (the opponents still to play) beats ``card``."""
        p = 1.0
        for seat in seats:
            p *= 1.0 - self.beats(seat, card, led)
        return 1.0 - p


def _above_out(r: Reading, card: int) -> int:
    """The cards in other hands of ``card``'s suit that beat it."""
    suit = card >> 3
    row = POWER[r.trump][suit]
    return sum(1 << c for c in range(suit * 8, suit * 8 + 8) if r.unseen >> c & 1 and row[c] > row[card])


def later_win(r: Reading, odds: Odds, card: int) -> float:
    """The chance that ``card``, kept, wins a trick of its own later."""
    trump = r.trump
    suit = card >> 3
    opponents = (r.me ^ 1, r.me ^ 3)
    if suit == trump:
        above = _above_out(r, card).bit_count()
        return 1.0 if not above else 0.75 if above == 1 else 0.55 if above == 2 else 0.4
    if not r.is_master(card):
        above = _above_out(r, card).bit_count()
        return 0.25 if above == 1 and (r.hand & SUIT_BITS[suit]).bit_count() >= 2 else 0.08
    # a master side card wins when led unless an opponent trumps it; with few cards left the lead to
    # cash it may never come
    left = r.hand.bit_count() - 1
    return (1.0 - odds.risk(card, suit, opponents) * 0.8) * min(1.0, 0.35 + 0.1 * left)


def keep_value(r: Reading, odds: Odds, card: int) -> float:
    """What holding ``card`` for later is worth to its side (in the swing of points, as a trick's value)."""
    q = later_win(r, odds, card)
    value = (2 * q - 1) * POINTS[r.trump][card] + q * LATER_TRICK
    if card >> 3 == r.trump:
        value += 8.0 + TRUMP_POWER[card & 7]  # a trump is also control: it stops the opponents' masters
    return value


def _trick_value(r: Reading, card: int) -> float:
    """The trick's card points and roem once ``card`` is played (cards still to come by their average)."""
    trump = r.trump
    cards = [c for _, c in r.trick] + [card]
    value = sum(POINTS[trump][c] for c in cards) + AVERAGE_CARD * (4 - len(cards))
    if len(cards) >= 3:
        value += trick_roem(sum(1 << c for c in cards), r.rules)  # a sequence of three stands whatever follows
    if len(r.tricks) == 7:
        value += 10  # the last trick
    done = len(r.tricks)
    if done >= 3:
        sides = {winner & 1 for _, winner in r.tricks}
        if len(sides) == 1:
            # one side has every trick so far: this trick may decide the pit (100 roem, Kraken 3.3 a cross)
            value += r.rules.pit * (done / 8) ** 2
    return value


def partner_beats(r: Reading, odds: Odds, card: int, led: int) -> float:
    """The chance that the partner, still to play, takes the trick from ``card``."""
    after = r.to_play()
    if r.partner not in after:
        return 0.0
    p = odds.beats(r.partner, card, led)
    opponent_after_partner = after[-1] != r.partner
    return p * (0.7 if opponent_after_partner else 1.0)


def follow(r: Reading, odds: Odds, legal: list[int]) -> int:
    """The card to play to a trick already led."""
    led = r.led
    trump = r.trump
    row = POWER[trump][led]
    opponents_after = tuple(s for s in r.to_play() if s & 1 != r.side)
    best, best_score = legal[0], -1e9
    for card in legal:
        if row[card] > r.winning_power:
            p = 1.0 - odds.risk(card, led, opponents_after)
            if r.partner in r.to_play():
                p += (1.0 - p) * 0.3  # the partner may take it back
        elif r.partner_wins:
            p = 1.0 - odds.risk(r.winning_card, led, opponents_after)
        else:
            p = partner_beats(r, odds, r.winning_card, led)
        score = (2 * p - 1) * _trick_value(r, card) - keep_value(r, odds, card)
        if r.partner_wins and led != trump and card >> 3 == trump:
            score -= TRUMPING_PARTNER  # a club player does not trump the partner's trick without need
        if score > best_score:
            best, best_score = card, score
    return best


def _lowest(r: Reading, odds: Odds, cards: list[int]) -> int:
    """The card that costs least to give away: little keep value, few points, from a short suit."""
    trump = r.trump

    def cost(c: int) -> tuple[float, int]:
        length = (r.hand & SUIT_BITS[c >> 3]).bit_count()
        return (keep_value(r, odds, c) + POINTS[trump][c] + (20 if c >> 3 == trump else 0), length)

    return min(cards, key=cost)


def lead(r: Reading, odds: Odds, legal: list[int]) -> int:
    """The card to lead."""
    trump = r.trump
    trumps = [c for c in legal if c >> 3 == trump]
    sides = [c for c in legal if c >> 3 != trump]
    opponents = (r.me ^ 1, r.me ^ 3)
    opponent_trumps = any(r.may_hold(o) & SUIT_BITS[trump] for o in opponents)
    if r.playing and trumps and opponent_trumps:
        masters = [c for c in trumps if r.is_master(c)]
        if masters:
            return max(masters, key=lambda c: TRUMP_POWER[c & 7])  # draw trumps from the top
        partner_named = r.declarer == r.partner
        if partner_named and not r.void(r.partner, trump) and len(r.tricks) < 4:
            return min(trumps, key=lambda c: TRUMP_POWER[c & 7])  # return a trump to the partner who named it
        if len(trumps) >= 2 and r.declarer == r.me:
            return min(trumps, key=lambda c: TRUMP_POWER[c & 7])
    if not sides:
        return (
            max(trumps, key=lambda c: TRUMP_POWER[c & 7])
            if all(r.is_master(c) for c in trumps)
            else min(trumps, key=lambda c: TRUMP_POWER[c & 7])
        )
    # a master side card where no opponent is likely to trump it
    masters = [c for c in sides if r.is_master(c) and r.out_of(c >> 3)]
    safe = [c for c in masters if odds.risk(c, c >> 3, opponents) < 0.6]
    if safe:
        return max(safe, key=lambda c: (POINTS[trump][c], -odds.risk(c, c >> 3, opponents)))
    # the partner trumps a suit it lacks: lead it low (defenders, or when the opponents' trumps are gone)
    if not r.void(r.partner, trump) and (not r.playing or not opponent_trumps):
        into_void = [c for c in sides if r.void(r.partner, c >> 3) and r.out_of(c >> 3)]
        if into_void:
            return _lowest(r, odds, into_void)

    # a low card from a suit where the partner may hold the master, and no ten is left bare
    def lead_cost(c: int) -> tuple[float, float]:
        suit = c >> 3
        mine = r.hand & SUIT_BITS[suit]
        bare_ten = (
            10.0 if mine >> (8 * suit + 3) & 1 and not mine >> (8 * suit + 7) & 1 and mine.bit_count() <= 2 else 0.0
        )
        partner_master = 0.0
        out = r.out_of(suit)
        if out:
            top = max((x for x in range(suit * 8, suit * 8 + 8) if out >> x & 1), key=lambda x: POWER[trump][suit][x])
            partner_master = -5.0 if r.may_hold(r.partner) >> top & 1 else 0.0
        ruff = 8.0 * odds.ruff(suit, opponents)
        # a high card led under a master still out is usually caught
        caught = 0.7 * POINTS[trump][c] if not r.is_master(c) else 0.0
        cost = keep_value(r, odds, c) + POINTS[trump][c] + bare_ten + partner_master + ruff + caught
        return (cost, float(mine.bit_count()))

    return min(sides, key=lead_cost)


def choose_card(r: Reading, legal: list[int]) -> int:
    """The heuristic's card among ``legal`` (card numbers) for the seat of ``r``."""
    if len(legal) == 1:
        return legal[0]
    odds = Odds(r)
    if not r.trick:
        return lead(r, odds, legal)
    return follow(r, odds, legal)
