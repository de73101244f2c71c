"""Build exact Bonaken positions from readable card text, so tests read like the rule book.

>>> from troef.games.bonaken.rules import preset
>>> hand = make_hand(
...     preset("nk"),
...     {0: "Jh 9h Ah Kh Qh 10h", 1: "7c 8c 9c 10c Jc Qc", 2: "7d 8d 9d 10d Jd Qd", 3: "7s 8s 9s 10s Js Qs"},
...     open="Kc Ac",
...     closed="Kd",
... )
>>> hand.to_act
0
"""

from __future__ import annotations

from collections.abc import Mapping

from troef.cards import PIQUET_DECK, SUIT_LETTERS, CardSet, card_str, cards_of, parse_card, rank_of, suit_of
from troef.core.errors import IllegalActionError
from troef.games.bonaken.actions import Bid, BidKind, BonakenAction, parse_action
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.match import Match
from troef.games.bonaken.play import TRUMP_POWER, legal_plays
from troef.games.bonaken.result import HandResult, Reason
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState, Phase

__all__ = [
    "action",
    "allowed",
    "card",
    "cards",
    "contest_hand",
    "declare",
    "finish",
    "hand_result",
    "holding",
    "legal_texts",
    "make_deal",
    "make_hand",
    "phase",
    "play",
    "refused",
    "result_of",
    "suit",
]


def cards(text: str) -> int:
    """The bitmask of a card list such as ``"Jh 9h Ah"`` (a card named twice is an error)."""
    return CardSet.parse(text).mask


def card(text: str) -> int:
    """One card, e.g. ``card("10s")``."""
    return parse_card(text)


def suit(letter: str) -> int:
    """The suit of a letter ``h d c s``."""
    return SUIT_LETTERS.index(letter)


def action(text: str) -> BonakenAction:
    """An action from its text form, e.g. ``action("bid 75")``."""
    return parse_action(text)


def make_deal(
    rules: Rules,
    hands: Mapping[int, str],
    *,
    open: str | None = None,
    closed: str | None = None,
    dealer: int = 3,
    table: int | None = None,
    seats: tuple[int, ...] | None = None,
) -> Deal:
    """A :class:`Deal` with the given cards; everything else sleeps.

    ``hands`` maps seats to their cards. Seats left out of ``hands`` but listed
    in ``seats``, and ``open``/``closed`` when ``None``, are filled with the
    lowest remaining cards (7h, 8h, ... in card order), so a test that cares
    about a card names it. ``table`` defaults to the highest seat plus one,
    ``seats`` to every seat of the table.
    """
    if table is None:
        table = max([*hands, *(seats or ()), dealer]) + 1
    if seats is None:
        seats = tuple(range(table))
    layout = rules.layout(len(seats))
    used = 0
    masks = [0] * table
    for seat, text in hands.items():
        mask = cards(text)
        if mask & used:
            raise ValueError(f"{card_str(cards_of(mask & used)[0])} is dealt twice")
        used |= mask
        masks[seat] = mask
    open_mask = cards(open) if open is not None else None
    closed_mask = cards(closed) if closed is not None else None
    for centre in (open_mask, closed_mask):
        if centre is not None:
            if centre & used:
                raise ValueError(f"{card_str(cards_of(centre & used)[0])} is dealt twice")
            used |= centre

    def take(count: int) -> int:
        nonlocal used
        out = 0
        for c in cards_of(PIQUET_DECK & ~used)[:count]:
            out |= 1 << c
        used |= out
        return out

    for seat in seats:
        if seat not in hands:
            masks[seat] = take(layout.hand)
    if open_mask is None:
        open_mask = take(layout.open)
    if closed_mask is None:
        closed_mask = take(layout.closed)
    sleepers = PIQUET_DECK & ~used
    deal = Deal(table, dealer, tuple(sorted(seats)), tuple(masks), open_mask, closed_mask, sleepers)
    deal.validate(rules)
    return deal


def make_hand(
    rules: Rules,
    hands: Mapping[int, str],
    *,
    open: str | None = None,
    closed: str | None = None,
    dealer: int = 3,
    table: int | None = None,
    seats: tuple[int, ...] | None = None,
    compulsory_misere: bool = False,
) -> DealState:
    """A fresh :class:`DealState` of an exact deal (see :func:`make_deal`)."""
    deal = make_deal(rules, hands, open=open, closed=closed, dealer=dealer, table=table, seats=seats)
    return DealState(rules, deal, compulsory_misere=compulsory_misere)


def _current(game: DealState | Match) -> DealState:
    return game.hand if isinstance(game, Match) else game


def play(game: DealState | Match, *texts: str) -> DealState:
    """Apply actions in order to a hand or a match; return the hand the last one went to.

    ``"any"`` stands for the first legal action (for moves a test does not care
    about). An illegal action fails the test naming its position and reason.
    """
    hand = _current(game)
    for i, text in enumerate(texts):
        hand = _current(game)
        act = game.legal_actions()[0] if text == "any" else parse_action(text)
        try:
            game.apply(act)
        except IllegalActionError as exc:
            raise AssertionError(
                f"action {i + 1} ({text!r}) by seat {hand.to_act} in phase {hand.phase.name} refused: {exc}"
            ) from exc
    return hand


def finish(game: DealState | Match) -> DealState:
    """Play the first legal action until the current hand is over; return that hand."""
    hand = _current(game)
    while not hand.is_over:
        game.apply(game.legal_actions()[0])
    return hand


def declare(
    game: DealState | Match,
    bid: str = "bid 25",
    *,
    lay_away: str | None = None,
    trump: str | None = "h",
    roem: str | None = "roem 0",
) -> DealState:
    """The player to act bids ``bid`` and everybody else passes.

    Then the declarer lays away ``lay_away`` (default: exactly the centre cards
    he picked up, so his hand is as dealt), names ``trump`` (a suit letter) and
    declares ``roem`` when the contract asks for them. Works on a hand or on
    the current hand of a match.
    """
    hand = _current(game)
    play(game, bid)
    while hand.phase == Phase.BIDDING:
        play(game, "pass")
    if hand.phase == Phase.EXCHANGE:
        seat = hand.to_act
        away = cards(lay_away) if lay_away is not None else hand.took[seat]
        play(game, *(f"discard {card_str(c)}" for c in cards_of(away)))
    if hand.phase == Phase.TRUMP and trump is not None:
        play(game, f"trump {trump}")
    if hand.phase == Phase.ROEM and roem is not None:
        play(game, roem)
    return hand


def refused(hand: DealState, text: str) -> str:
    """Assert that ``text`` is illegal now (check and apply agree, state untouched); return the reason."""
    act = parse_action(text)
    reason = hand.check(act)
    assert reason is not None, f"{text!r} was expected to be refused"
    assert act not in hand.legal_actions()
    before = (hand.phase, hand.to_act, list(hand.hands), len(hand.history))
    try:
        hand.apply(act)
    except IllegalActionError as exc:
        assert str(exc) == reason
    else:
        raise AssertionError(f"{text!r} was applied although check() refused it: {reason}")
    assert (hand.phase, hand.to_act, list(hand.hands), len(hand.history)) == before
    return reason


def phase(hand: DealState) -> Phase:
    """The phase of ``hand`` (a call, so that type checkers do not narrow it between actions)."""
    return hand.phase


def legal_texts(hand: DealState) -> list[str]:
    """The legal actions as text."""
    return [a.text() for a in hand.legal_actions()]


def holding(hand: DealState, seat: int) -> CardSet:
    """What ``seat`` holds now."""
    return CardSet(hand.hands[seat])


def result_of(hand: DealState) -> HandResult:
    """The result of a finished hand."""
    assert hand.phase == Phase.DONE and hand.result is not None, f"hand not over: {hand!r}"
    return hand.result


def allowed(rules: Rules, held: str, *, led: str | None, trump: str | None, high: str | None = None) -> CardSet:
    """The cards of ``held`` that may be played to a trick.

    ``led``: suit letter led (None when leading); ``trump``: trump suit letter
    (None: no trump); ``high``: the highest trump already in the trick.
    """
    t = suit(trump) if trump is not None else -1
    power = -1
    if high is not None:
        top = card(high)
        assert suit_of(top) == t, "high must be a trump"
        power = TRUMP_POWER[rank_of(top)]
    mask = legal_plays(cards(held), suit(led) if led is not None else -1, t, power, rules)
    return CardSet(mask)


def hand_result(
    declarers: tuple[int, ...] | int,
    won: bool | Mapping[int, bool],
    *,
    contract: str = "bid 25",
    false_roem: tuple[int, ...] = (),
) -> HandResult:
    """A constructed :class:`HandResult` for driving a score sheet directly."""
    seats = (declarers,) if isinstance(declarers, int) else declarers
    outcome = dict.fromkeys(seats, won) if isinstance(won, bool) else dict(won)
    bid = parse_action(contract)
    assert isinstance(bid, Bid)
    reasons = {s: (Reason.MADE if w else Reason.SHORT) for s, w in outcome.items()}
    if bid.kind == BidKind.MISERE:
        reasons = {s: (Reason.NO_TRICK if w else Reason.TOOK_A_TRICK) for s, w in outcome.items()}
    return HandResult(bid, seats, -1, outcome, reasons, false_roem=false_roem)


# trump hearts; seats 1 and 3 hold no roem, the centre is laid away again
CONTEST_SEAT1, CONTEST_SEAT3 = "7h 9h Jc 7c Ad Jd", "Kh 8h Ks Js Kd 9c"


def contest_hand(
    rules: Rules, declarer: str, opponent: str, *, bid: str = "bid 40", roem: str = "roem 20"
) -> DealState:
    """A four-player hand in which seat 0 declares ``roem`` with hearts trump and seat 2 holds ``opponent``.

    Seats 1 and 3 hold no roem; two open (Qh Qs) and two closed (10c 8c) centre
    cards are laid away again, so the roem contest is between seats 0 and 2.
    """
    deal = {0: declarer, 1: CONTEST_SEAT1, 2: opponent, 3: CONTEST_SEAT3}
    hand = make_hand(rules, deal, open="Qh Qs", closed="10c 8c")
    return declare(hand, bid, trump="h", roem=roem)
