"""Worlds a seat cannot tell from the real one, dealt by each game's own sampler.

Two uses: ``resample_from_infostate`` (:func:`redeal`: the match with the cards
the seat has not seen dealt again) and the ``openspiel-ismcts`` bot
(:func:`from_view`: a one-deal match made from the seat's view alone). The
cards come from the sampler the game's pimc player draws its worlds with, so
no rule of what a seat knows is written here:

* klaverjas: :func:`troef.games.klaverjas.sampler.sample_world` (the hands
  now; the cards each seat played are added back to make the deal);
* Bonaken: :class:`troef.games.bonaken.pimc_sample.Sampler` without its bid
  evidence (the engine hand now, its deal and its own log of hidden discards);
* Binokel: :func:`troef.games.binokel.sampler.sample_world` (the hands now
  as counts of card kinds). The deal is what each seat holds and played, the
  exchange undone: a seat that saw the cards go over (the bid winner and his
  partner) knows them, for anybody else the sampler's world says nothing of
  them, so they are drawn here from the two hands as they were at the meld
  (any such choice replays, and the seat's view is the same).

Every world is the engine's: the deal is dealt again and every action of the
deal replayed onto it, and a world the replay refuses is drawn again. The
caller (:meth:`troef.research.episode.Episode.resampled`, the bot) keeps a
world only when the seat's view of it is its view now.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from troef.core.errors import IllegalActionError, RecordError, TroefError

__all__ = ["from_view", "redeal"]


# ---------------------------------------------------------------------------- klaverjas
def _klaverjas_dealt(view: Any, rng: random.Random) -> Any | None:
    from troef.games.klaverjas.deal import Dealt
    from troef.games.klaverjas.sampler import sample_world

    now = sample_world(view, rng)
    if now is None:
        return None
    hands = list(now)
    for trick, _winner in view.tricks:
        for seat, card in trick:
            hands[seat] |= 1 << card  # what a seat was dealt: what it holds and what it played
    for seat, card in view.trick:
        hands[seat] |= 1 << card
    return Dealt(view.dealer, (hands[0], hands[1], hands[2], hands[3]))


def _klaverjas(match: Any, seat: int, rng: random.Random) -> Any | None:
    from troef.games.klaverjas.match import Match
    from troef.games.klaverjas.view import deal_view

    dealt = _klaverjas_dealt(deal_view(match, seat), rng)
    if dealt is None:
        return None
    dealts = [d.dealt for d in match.deals[:-1]]
    dealts.append(dealt)
    other = Match(match.rules, match.seed, match.first_dealer, deals=iter(dealts))
    for deal in match.deals:
        for _who, action in deal.history:
            other.apply(action)
    return other


def _klaverjas_view(view: Any, rng: random.Random) -> Any | None:
    from troef.games.klaverjas.actions import parse_action
    from troef.games.klaverjas.match import Match

    dealt = _klaverjas_dealt(view, rng)
    if dealt is None:
        return None
    match = Match(view.rules, rng.randrange(1 << 30), view.dealer, deals=iter([dealt]))
    for _seat, text in view.events:
        match.apply(parse_action(text))
    return match


# ---------------------------------------------------------------------------- Bonaken
def _bonaken_hand(view: Any, rng: random.Random) -> Any | None:
    from troef.games.bonaken.pimc_sample import Sampler

    return Sampler(view, view.rules).draw(rng, evidence=False)


def _bonaken(match: Any, seat: int, rng: random.Random) -> Any | None:
    from troef.games.bonaken.view import hand_view

    hand = _bonaken_hand(hand_view(match.hand, seat), rng)
    if hand is None:
        return None
    hand.compulsory_misere = match.hand.compulsory_misere  # (the match decides it, not the view)
    # the finished hands and the sheet stay; the generator is copied, so the match deals on as this one would
    other = copy.copy(match)
    other.rng = copy.deepcopy(match.rng)
    other.sheet = copy.deepcopy(match.sheet)
    other.hands = [*match.hands[:-1], hand]
    return other


def _bonaken_view(view: Any, rng: random.Random) -> Any | None:
    from troef.games.bonaken.match import Match, Status

    hand = _bonaken_hand(view, rng)
    if hand is None:
        return None
    # a match whose current hand is the world: the sheet as the view's standing says (who is out, the
    # marks a status means), so that the hand's end writes its marks and deals on as the match would
    match = Match(view.rules, view.table, rng.randrange(1 << 30), view.dealer)
    sheet = match.sheet
    for s, status in enumerate(view.standing or ()):
        st = Status(status)
        if st in (Status.ERUIT, Status.ERIN):
            sheet.out[s] = st
        sheet.plus[s] = 2 if st == Status.ERUIT else int(st in (Status.RECHT, Status.WIP))  # nk rules 52, 53, 59
        sheet.minus[s] = 2 if st == Status.ERIN else int(st in (Status.KROM, Status.WIP))
        sheet.played[s] = st != Status.SUF
    match.hands = [hand]
    return match


# ---------------------------------------------------------------------------- Binokel
def _binokel_deal(view: Any, world: list[list[int]], rng: random.Random) -> tuple[Any, list[int]] | None:
    """The deal leading to ``world`` (the hands now, as counts) and the kinds that went over in the exchange."""
    from troef.games.binokel.deal import DECK, Deal

    me, declarer = view.viewer, view.declarer
    at = [list(world[s]) for s in range(4)]  # the hands at the meld: now plus what each played since
    for _lead, trick, _winner in view.tricks:
        for s, c in trick:
            at[s][c & 31] += 1
    for s, c in view.trick:
        at[s][c & 31] += 1
    given_n, returned_n = min(view.exchanged, 4), max(0, view.exchanged - 4)
    if view.exchanged:
        partner = (declarer + 2) % 4
        if me == declarer:
            given, returned = [c & 31 for c in view.received], [c & 31 for c in view.gave]
        elif me == partner:
            given, returned = [c & 31 for c in view.gave], [c & 31 for c in view.received]
        else:  # unseen: any cards of the two hands at the meld went over (the partner's gift is in the winner's)
            given = rng.sample([k for k in range(32) for _ in range(at[declarer][k])], given_n)
            returned = rng.sample([k for k in range(32) for _ in range(at[partner][k])], returned_n)
        for k in given:
            at[declarer][k] -= 1
            at[partner][k] += 1
        for k in returned:
            at[partner][k] -= 1
            at[declarer][k] += 1
    else:
        given, returned = [], []
    if any(n < 0 for hand in at for n in hand):
        return None
    hands = [0, 0, 0, 0]
    copies = {k: [c for c in DECK if c & 31 == k] for k in range(32)}
    for s in range(4):
        for k in range(32):
            for _ in range(at[s][k]):
                if not copies[k]:
                    return None
                hands[s] |= 1 << copies[k].pop(0)
    deal = Deal(view.dealer, (hands[0], hands[1], hands[2], hands[3]))
    deal.validate()
    return deal, [*given, *returned]


def _binokel_history(view: Any, gives: list[int]) -> list[tuple[int, Any]]:
    from troef.games.binokel.actions import GIVES, parse_action

    history: list[tuple[int, Any]] = []
    passed = iter(gives)
    for s, text in view.events:
        history.append((s, GIVES[next(passed)] if text == "give" else parse_action(text)))
    return history


def _binokel_world(view: Any, rng: random.Random) -> tuple[Any, list[tuple[int, Any]]] | None:
    from troef.games.binokel.sampler import read, sample_world

    found = _binokel_deal(view, sample_world(read(view), view, rng), rng)
    if found is None:
        return None
    deal, gives = found
    return deal, _binokel_history(view, gives)


def _binokel(match: Any, seat: int, rng: random.Random) -> Any | None:
    from troef.games.binokel.view import round_view

    found = _binokel_world(round_view(match, seat), rng)
    if found is None:
        return None
    return match.with_current_deal(*found)


def _binokel_view(view: Any, rng: random.Random) -> Any | None:
    from troef.games.binokel.game import rules_of
    from troef.games.binokel.match import Match

    found = _binokel_world(view, rng)
    if found is None:
        return None
    deal, history = found
    match = Match(rules_of(view.preset, {"target": view.target}), rng.randrange(1 << 30), view.dealer)
    return match.with_current_deal(deal, history)


# ---------------------------------------------------------------------------- the two doors
_REDEAL: dict[str, Callable[[Any, int, random.Random], Any | None]] = {
    "klaverjas": _klaverjas,
    "bonaken": _bonaken,
    "binokel": _binokel,
}
_FROM_VIEW: dict[str, Callable[[Any, random.Random], Any | None]] = {
    "klaverjas": _klaverjas_view,
    "bonaken": _bonaken_view,
    "binokel": _binokel_view,
}


def _given_off(match: Any) -> Any:
    for given in ("_given", "_deals"):  # past the given deals the match deals on with its generator
        if getattr(match, given, None) is not None:
            setattr(match, given, None)
    return match


def redeal(game: str, match: Any, seat: int, rng: random.Random, tries: int = 20) -> Any | None:
    """``match`` with the cards ``seat`` has not seen dealt by the game's own sampler, or None.

    The match around the current deal (its finished deals, its sheet) is kept.
    """
    sample = _REDEAL[game]
    for _ in range(tries):
        try:
            other = sample(match, seat, rng)
        except (IllegalActionError, RecordError):
            continue
        if other is not None:
            return _given_off(other)
    return None


def from_view(game: str, view: Any, rng: random.Random, tries: int = 20) -> Any | None:
    """A match of one deal that ``view``'s seat cannot tell from the real one, or None.

    Made from the view alone (what a bot has): the deal is the sampler's, the
    deal's actions are the view's events replayed; the match around it is
    new (klaverjas and Binokel begin at nil, Bonaken's sheet holds the view's
    standing). None when no world both replays and shows the seat its view.
    """
    from troef.games import game as get_game

    g = get_game(game)
    mine = _deal_part(game, view)
    for _ in range(tries):
        try:
            match = _FROM_VIEW[game](view, rng)
        except TroefError:
            continue
        if match is not None and _deal_part(game, g.view(match, view.viewer)) == mine:
            return _given_off(match)
    return None


#: What a view shows of the match around the deal, which a match made from the view alone does not repeat.
_MATCH_KEYS = {
    "klaverjas": ("deal", "sheet", "points", "crosses", "owed", "over", "winner"),
    "bonaken": (),
    "binokel": ("round", "totals", "winner"),
}


def _deal_part(game: str, view: Any) -> dict[str, Any]:
    data: dict[str, Any] = view.to_json()
    for key in _MATCH_KEYS[game]:
        data.pop(key, None)
    return data
