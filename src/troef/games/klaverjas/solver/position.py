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
from troef.games.klaverjas.roem import best_hand_roem, hand_roem_options, judge_hand_roem, sequence_values, stuk_mask
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.state import DealState, Phase
from troef.games.klaverjas.view import KlaverjasView


class SolverError(ValueError):
    """The position cannot be searched (not in the play, inconsistent cards)."""


@dataclass(frozen=True, slots=True)
class Position:
    """One play position, every card known. Sides: 0 (seats 0, 2) and 1 (seats 1, 3)."""

    hands: tuple[int, int, int, int]
    trump: int
    #: Following: 0 Amsterdam, 1 Rotterdam, 2 Rotterdam with compulsory undertrumping (Rules.follow_mode).
    rotterdam: int
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


def pending_hand_roem(
    rules: Rules,
    trump: int,
    initial: tuple[int, ...],
    declared: tuple[int, ...],
    may_declare: tuple[bool, ...],
    plays: int,
) -> list[int]:
    """Kraken 3.2 during the first trick: the hand roem each side will be counted after it.

    ``initial``: each seat's dealt cards; ``declared``: each seat's
    declaration (-1 none); ``may_declare``: who may still declare (taken to
    declare his best roem without stuk, keeping stuk for its card; a seat
    may declare until the first trick is complete); ``plays``: the side that
    goes, which wins a full tie.
    """
    values = list(declared)
    tops = [-1, -1, -1, -1]
    for seat in range(4):
        if may_declare[seat] and values[seat] < 0:
            plain = best_hand_roem(initial[seat], trump, rules)[0]
            if plain > 0:
                values[seat] = plain
                tops[seat] = hand_roem_options(initial[seat], -1, rules)[plain]
        elif values[seat] > 0:
            tops[seat] = hand_roem_options(initial[seat], trump, rules).get(values[seat], -1)
    # the engine's judgement (DealState._judge_hand_roem)
    counted, _cancelled = judge_hand_roem(values, tops, plays)
    return [counted[0], counted[1]]


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
        may = (deal.may_declare[0], deal.may_declare[1], deal.may_declare[2], deal.may_declare[3])
        plays = rules.tie_winner(playing_side(deal.declarer, deal.level))
        extra = pending_hand_roem(rules, deal.trump, deal.deal.hands, tuple(deal.declared), may, plays)
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


def position_from_view(view: KlaverjasView, hands: tuple[int, int, int, int]) -> Position:
    """The position of a seat's view in its play with the hidden hands filled in (a sampled world).

    ``hands`` are the cards each seat holds now. What the view does not say
    is read the way :func:`position_from_deal` reads the deal: stuk is sure
    for its holder unless already counted, roem from the hand still to be
    judged is judged with the dealt hands (current hand and cards played).
    """
    if view.phase not in ("play", "claim"):
        raise SolverError(f"the deal is not in its play (phase {view.phase})")
    rules = view.rules
    trump = view.trump
    played = [0, 0, 0, 0]
    for trick, _winner in view.tricks:
        for seat, card in trick:
            played[seat] |= 1 << card
    for seat, card in view.trick:
        played[seat] |= 1 << card
    initial = tuple(hands[s] | played[s] for s in range(4))
    score = [view.card_points[0] + view.roem[0], view.card_points[1] + view.roem[1]]
    if view.phase == "claim":
        score[view.tricks[-1][1] & 1] += view.claim
    stuk = stuk_mask(trump)
    holder = next((s for s in range(4) if initial[s] & stuk == stuk), -1)
    if holder >= 0 and rules.stuk and not view.stuk[holder & 1]:
        declared = view.declared[holder]
        with_hand_roem = declared > 0 and declared not in hand_roem_options(initial[holder], -1, rules)
        if not rules.stuk_declared or (hands[holder] & stuk and not with_hand_roem):
            score[holder & 1] += rules.stuk
    if rules.hand_roem and not view.tricks:
        # every seat that has not declared may still do so until the first trick is complete (Kraken 3.2)
        in_trick = {s for s, _card in view.trick} if rules.hand_roem_until == "first_card" else set()
        may = tuple(view.declared[s] < 0 and s not in in_trick for s in range(4))
        plays = rules.tie_winner(playing_side(view.declarer, view.level))
        extra = pending_hand_roem(rules, trump, initial, view.declared, may, plays)
        score[0] += extra[0]
        score[1] += extra[1]
    return Position(
        hands=hands,
        trump=trump,
        rotterdam=rules.follow_mode,
        trick=view.trick,
        to_move=view.to_act if view.phase == "play" else view.tricks[-1][1],
        tricks_left=8 - len(view.tricks),
        score=(score[0], score[1]),
        won=view.tricks_won,
        playing_side=playing_side(view.declarer, view.level),
        sequences=sequence_values(rules),
        fours=rules.fours,
        pit=rules.pit,
    )
