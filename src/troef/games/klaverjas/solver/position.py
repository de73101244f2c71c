"""A klaverjas play position with every card known: what the solver searches.

:class:`Position` is plain data: the four hands, trump, the trick on the
table, who plays the next card, how many tricks are left, the score each side
already has for sure (card points, roem counted, and the roem that will count
whatever is played: stuk not yet counted, roem from the hand not yet judged),
the tricks each side won, and the side that must take more than half.
:func:`position_from_deal` reads it off a :class:`DealState` in the play.

Roem that is certain but not yet on the sheet, as the engine would count it:

* stuk (common rules: counted when its holder has played both cards; Kraken
  3.2 and the claim switch: declared with one of them): a holder always ends
  up playing both and, when it is declared, declares it, so it is sure roem
  for the holder's side unless it is already counted;
* roem from the hand (Kraken 3.2) during the first trick: judged after the
  trick as :meth:`DealState._judge_hand_roem` does, with the seats that may
  still declare taken to declare their best roem without stuk;
* in claim mode roem in a trick is taken to be claimed (the winner loses
  nothing by claiming), and a pending claim is counted for the winner.
"""

from __future__ import annotations

from dataclasses import dataclass

from troef.games.klaverjas.kraak import playing_side
from troef.games.klaverjas.roem import best_hand_roem, hand_roem_options, sequence_values
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.state import DealState, Phase


class SolverError(ValueError):
    """The position cannot be searched (not in the play, inconsistent cards)."""


@dataclass(frozen=True, slots=True)
class Position:
    """One play position, every card known. Sides: 0 (seats 0, 2) and 1 (seats 1, 3)."""

    hands: tuple[int, int, int, int]
    trump: int
    rotterdam: bool
    #: The cards of the trick being played, as (seat, card), in order.
    trick: tuple[tuple[int, int], ...]
    #: The seat to play the next card.
    to_move: int
    #: Tricks not yet complete, the current one included.
    tricks_left: int
    #: Card points and roem each side has for sure.
    score: tuple[int, int]
    #: Tricks each side has won.
    won: tuple[int, int]
    #: The side that must take more than half (the player's side, or the other after kraak).
    playing_side: int
    #: Roem of a sequence by length 0-8, of four equal cards by rank (zero tables: no roem in tricks).
    sequences: tuple[int, ...]
    fours: tuple[int, ...]
    #: Roem for winning every trick (pit).
    pit: int

    def __post_init__(self) -> None:
        seen = 0
        for hand in self.hands:
            if hand & seen or hand >> 32:
                raise SolverError("a card is in two hands, or not a klaverjas card")
            seen |= hand
        for _seat, card in self.trick:
            if seen >> card & 1:
                raise SolverError("a card of the trick is also in a hand")
            seen |= 1 << card
        if not 0 <= self.trump < 4 or not 0 <= self.to_move < 4:
            raise SolverError("trump or the seat to move is out of range")
        counts = [h.bit_count() for h in self.hands]
        for i in range(4):
            seat = (self.to_move + i) % 4
            if counts[seat] != self.tricks_left - (1 if i >= 4 - len(self.trick) else 0):
                raise SolverError("the hands do not hold the cards of the tricks left")

    @property
    def base_difference(self) -> int:
        """The playing side's sure score minus the other side's."""
        return self.score[self.playing_side] - self.score[self.playing_side ^ 1]


def _pending_hand_roem(deal: DealState) -> list[int]:
    """Kraken 3.2 during the first trick: the hand roem each side will be counted after it."""
    rules = deal.rules
    declared = list(deal.declared)
    tops = list(deal.declared_top)
    for seat in range(4):
        if deal.may_declare[seat] and declared[seat] < 0:
            plain = best_hand_roem(deal.hands[seat], deal.trump, rules)[0]
            if plain > 0:
                declared[seat] = plain
                tops[seat] = hand_roem_options(deal.hands[seat], -1, rules)[plain]
    # the engine's judgement (DealState._judge_hand_roem): the higher single declaration cancels the other side's
    best = [(-1, -1), (-1, -1)]
    for seat in range(4):
        if declared[seat] > 0 and (declared[seat], tops[seat]) > best[seat & 1]:
            best[seat & 1] = (declared[seat], tops[seat])
    out = [0, 0]
    for side in (0, 1):
        total = sum(declared[s] for s in (side, side + 2) if declared[s] > 0)
        if total and not best[side ^ 1] > best[side]:
            out[side] = total
    return out


def position_from_deal(deal: DealState) -> Position:
    """The position of a deal in its play (or waiting for a claim), every hand as it is."""
    if deal.phase not in (Phase.PLAY, Phase.CLAIM):
        raise SolverError(f"the deal is not in its play (phase {deal.phase.name})")
    rules = deal.rules
    score = [deal.points[0] + deal.roem[0], deal.points[1] + deal.roem[1]]
    if deal.phase == Phase.CLAIM:
        score[deal.tricks[-1][1] & 1] += deal.claim_value
    holder = deal.stuk_holder
    if holder >= 0 and rules.stuk:
        if deal.declares:
            if not deal.stuk_declared and deal.hands[holder] & deal.stuk_cards:
                score[holder & 1] += rules.stuk
        elif deal.stuk_played < 2:
            score[holder & 1] += rules.stuk
    if rules.hand_roem and not deal.tricks:
        extra = _pending_hand_roem(deal)
        score[0] += extra[0]
        score[1] += extra[1]
    return Position(
        hands=(deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3]),
        trump=deal.trump,
        rotterdam=deal.rotterdam,
        trick=tuple(deal.trick),
        to_move=deal.to_act if deal.phase == Phase.PLAY else deal.tricks[-1][1],
        tricks_left=8 - len(deal.tricks),
        score=(score[0], score[1]),
        won=(deal.won[0], deal.won[1]),
        playing_side=playing_side(deal.declarer, deal.level),
        sequences=sequence_values(rules),
        fours=rules.fours,
        pit=rules.pit,
    )


def rules_tables(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The roem tables a :class:`Position` carries, from the rules."""
    return sequence_values(rules), rules.fours, rules.pit
