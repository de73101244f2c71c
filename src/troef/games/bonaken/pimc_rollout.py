"""Playing a world out the way a club player plays: the pimc bot's second opinion on a card.

The solver answers whether a card keeps a contract on course with *best*
play by everyone. At a café table the others play sensibly, not perfectly:
a contract lost against best defence is often made anyway, and one made
against best defence is sometimes given away. :func:`rollout` plays a world
to its end after a card with every player, this seat included, playing the
heuristic's card (:meth:`~troef.games.bonaken.heuristic.HeuristicBot.card_choice`,
on the table each seat reads from the world), and says whether the
declarer made it. The pimc bot scores a card by it for the most part, the
solver's verdict for the rest
(:attr:`~troef.games.bonaken.pimc_eval.Strength.rollout_share`).
"""

from __future__ import annotations

from typing import Final

from troef.cards import cards_of
from troef.core.errors import IllegalActionError
from troef.games.bonaken.actions import Bid, Pass, Play
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.play import legal_plays
from troef.games.bonaken.reading import ALL32, Reading, shown_out
from troef.games.bonaken.state import DealState, Phase

__all__ = ["rollout"]

#: The sensible player every seat is taken to be (it plays deterministically).
_CLUB: Final = HeuristicBot(seed=0)


def rollout(world: DealState, card: int, target: int) -> bool | None:
    """Whether ``target`` makes his contract when the seat to move plays ``card`` and all play on as club players.

    None when ``card`` cannot be played in ``world`` or the hand leaves the
    play (it never does in a normal hand).
    """
    hand = world.copy()
    try:
        hand.apply(Play(card))
    except IllegalActionError:
        return None
    tricks = [t for t, _ in hand.tricks]
    if hand.trick:
        tricks.append(tuple(hand.trick))
    void = shown_out(tricks, hand.trump)[1]
    bids: tuple[tuple[int, Bid | None], ...] = tuple(
        (s, a if isinstance(a, Bid) else None) for s, a in hand.bids if isinstance(a, (Bid, Pass))
    )
    rules, trump, seats, table = hand.rules, hand.trump, hand.seats, hand.table
    while hand.phase == Phase.PLAY:
        seat = hand.to_act
        mine = hand.hands[seat]
        trick = tuple(hand.trick)
        led = hand.led if trick else -1
        legal = legal_plays(mine, led, trump, hand.high_trump if trick else -1, rules)
        if legal & (legal - 1):
            known = hand.played | mine | hand.discards[seat]
            reading = Reading(
                me=seat,
                seats=seats,
                table=table,
                hand=mine,
                trump=trump,
                contract=hand.contract,
                declarers=hand.declarers,
                played=hand.played,
                known=known,
                unseen=ALL32 & ~known,
                void=void,
                trick=trick,
                led=led,
                bids=bids,
                won={s: hand.won[s] for s in seats},
            )
            choice = _CLUB.card_choice(reading, cards_of(legal))
        else:
            choice = legal.bit_length() - 1
        if trick and choice >> 3 != led and choice >> 3 != trump:
            void[seat] = void.get(seat, 0) | (1 << led)
        try:
            hand.apply(Play(choice))
        except IllegalActionError:
            return None
    if hand.phase != Phase.DONE or hand.result is None:
        return None
    return bool(hand.result.won.get(target, False))
