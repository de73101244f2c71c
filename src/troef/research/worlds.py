"""Worlds for ``resample_from_infostate``: the match redealt as one seat's information allows.

Each game's own sampler, the one its pimc player draws its worlds with, deals
the cards the seat has not seen (klaverjas: :func:`troef.games.klaverjas.sampler.sample_world`;
Bonaken: :class:`troef.games.bonaken.pimc_sample.Sampler`, without its bid
evidence, at the seat's own turn); the match is then made again from the same
seed with that deal in place of the current one, and every action of the
match replayed onto it, so the public history is the engine's. A world the
replay refuses is drawn again; where a game's sampler gives no world that
replays (Binokel, whose worlds are counts of card kinds without the exchange's
copies; Bonaken away from the seat's turn), :func:`redeal` returns None and
the caller falls back to the game's ``shuffle_unseen``.
"""

from __future__ import annotations

import random
from typing import Any

from troef.core.errors import IllegalActionError, RecordError

__all__ = ["redeal"]


def _klaverjas(match: Any, seat: int, rng: random.Random) -> Any | None:
    from troef.games.klaverjas.actions import Play
    from troef.games.klaverjas.deal import Dealt
    from troef.games.klaverjas.match import Match
    from troef.games.klaverjas.sampler import sample_world
    from troef.games.klaverjas.view import deal_view

    now = sample_world(deal_view(match, seat), rng)
    if now is None:
        return None
    hands = list(now)
    for who, action in match.deal.history:
        if isinstance(action, Play):
            hands[who] |= 1 << action.card  # what a seat was dealt: what it holds and what it played
    dealts = [d.dealt for d in match.deals[:-1]]
    dealts.append(Dealt(match.deal.dealer, (hands[0], hands[1], hands[2], hands[3])))
    other = Match(match.rules, match.seed, match.first_dealer, deals=iter(dealts))
    for deal in match.deals:
        for _who, action in deal.history:
            other.apply(action)
    return other


def _bonaken(match: Any, seat: int, rng: random.Random) -> Any | None:
    from troef.games.bonaken.match import Match
    from troef.games.bonaken.pimc_sample import Sampler
    from troef.games.bonaken.view import hand_view

    if match.hand.to_act != seat:
        return None  # the sampler draws worlds at the seat's own decision
    world = Sampler(hand_view(match.hand, seat), match.rules).draw(rng, evidence=False)
    if world is None:
        return None
    deals = [h.deal for h in match.hands[:-1]]
    deals.append(world.deal)
    other = Match(match.rules, match.table, match.seed, match.first_dealer, deals=iter(deals))
    for hand in match.hands[:-1]:
        for _who, action in hand.history:
            other.apply(action)
    for _who, action in world.history:  # the world's own log: its hidden discards are its own cards
        other.apply(action)
    return other


_SAMPLERS = {"klaverjas": _klaverjas, "bonaken": _bonaken}


def redeal(game: str, match: Any, seat: int, rng: random.Random, tries: int = 20) -> Any | None:
    """``match`` with the cards ``seat`` has not seen dealt by the game's own sampler, or None."""
    sample = _SAMPLERS.get(game)
    if sample is None:
        return None
    for _ in range(tries):
        try:
            other = sample(match, seat, rng)
        except (IllegalActionError, RecordError):
            continue
        if other is not None:
            for given in ("_given", "_deals"):  # past the given deals the match deals on with its generator
                if getattr(other, given, None) is not None:
                    setattr(other, given, None)
            return other
    return None
