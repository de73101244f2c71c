"""Build exact klaverjas deals from readable card text, so tests read like the rule book."""

from __future__ import annotations

from troef.cards import CardSet, parse_card
from troef.core.errors import IllegalActionError
from troef.games.klaverjas.actions import KlaverjasAction, parse_action
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.state import DealResult, DealState, Phase


def cards(text: str) -> int:
    """The bitmask of a card list such as ``"Jh 9h Ah"``."""
    return CardSet.parse(text).mask


def card(text: str) -> int:
    """One card, e.g. ``card("10s")``."""
    return parse_card(text)


def make_deal(
    rules: Rules, hands: dict[int, str], dealer: int = 3, *, must_kraak: tuple[bool, bool] = (False, False)
) -> DealState:
    """A deal with the given hands (not checked for completeness: tests may give fewer cards)."""
    masks = tuple(cards(hands.get(s, "")) for s in range(4))
    return DealState(rules, Deal(dealer, (masks[0], masks[1], masks[2], masks[3])), must_kraak=must_kraak)


def act(deal: DealState, *texts: str) -> DealState:
    """Apply actions given as text, in order."""
    for text in texts:
        deal.apply(parse_action(text))
    return deal


def refused(deal: DealState, text: str) -> str:
    """The reason ``text`` is refused; fails if it is allowed. Checks the deal is unchanged."""
    before = (deal.phase, deal.to_act, list(deal.hands), list(deal.trick), len(deal.history), list(deal.roem))
    action: KlaverjasAction = parse_action(text)
    reason = deal.check(action)
    assert reason is not None, f"{text!r} was allowed"
    try:
        deal.apply(action)
    except IllegalActionError as exc:
        assert str(exc) == reason
    else:  # pragma: no cover - a failing test
        raise AssertionError(f"{text!r} was applied")
    after = (deal.phase, deal.to_act, list(deal.hands), list(deal.trick), len(deal.history), list(deal.roem))
    assert before == after
    return reason


def legal_texts(deal: DealState) -> list[str]:
    """The legal actions as text."""
    return [a.text() for a in deal.legal_actions()]


def result(
    *,
    cards: tuple[int, int],
    roem: tuple[int, int],
    level: int = 0,
    trump: int = 0,
    playing: int = 0,
    nat: bool = False,
    pit: int = -1,
) -> DealResult:
    """A deal result with the given figures (seat 0 or 1 named trump for the playing side)."""
    return DealResult(
        declarer=0,
        trump=trump,
        level=level,
        playing_side=playing,
        card_points=cards,
        roem=roem,
        hand_roem=(0, 0),
        hand_roem_cancelled=(False, False),
        trick_roem=(0, 0),
        stuk=(0, 0),
        pit=pit,
        nat=nat,
        tricks=(4, 4),
    )


def phase(deal: DealState) -> Phase:
    """The deal's phase (a function, so that a type checker does not keep an earlier comparison's narrowing)."""
    return deal.phase
