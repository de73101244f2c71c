"""Worlds for the sampling player: the hidden cards dealt consistently with one seat's view.

What a seat knows, read from its view only:

* its own hand and every card played (the trick on the table and the tricks
  before it); how many cards each other seat holds;
* what a play reveals: a card was legal when it was played, so the player
  held no card that would have made it illegal. :func:`forbidden_by_plays`
  asks the engine's own :func:`~troef.games.klaverjas.play.legal_mask` for
  each unseen card ``x`` whether holding ``x`` with the played card would
  have forbidden it (not following shows a void; not trumping or
  undertrumping shows the missing trumps, by the preset's following rules:
  Amsterdam lets a player discard on his partner's trick, Rotterdam does not);
* roem declared from the hand (Kraken 3.2): the declarer's dealt cards hold
  that total (checked on each drawn world), and stuk declared or counted:
  its holder holds (held) the trump king and queen.

:func:`sample_world` deals the unseen cards seat by seat, the most
constrained cards first, and retries on a dead end or a broken roem claim.
Who named trump and the kraak words are not used as evidence (they are
choices, not obligations).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from troef.core.pimc import place_by_room
from troef.games.klaverjas.play import POWER, legal_mask
from troef.games.klaverjas.roem import best_hand_roem, stuk_mask
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.view import KlaverjasView


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat's view says about the hidden cards."""

    viewer: int
    #: The cards nobody has shown: in the other seats' hands.
    unseen: int
    #: How many cards each seat holds now.
    sizes: tuple[int, int, int, int]
    #: Per seat: unseen cards it cannot hold.
    forbidden: tuple[int, int, int, int]
    #: Per seat: unseen cards it must hold.
    required: tuple[int, int, int, int]
    #: Per seat: the cards it has played.
    played: tuple[int, int, int, int]
    #: Per seat: roem it declared from the hand (-1 none), to be checked on the dealt cards.
    declared: tuple[int, int, int, int]


def _contexts(view: KlaverjasView) -> list[tuple[int, int, int, int, bool]]:
    """Every card played so far with what the player faced: (seat, card, led, high trump, partner wins)."""
    trump = view.trump
    out: list[tuple[int, int, int, int, bool]] = []
    tricks = [trick for trick, _ in view.tricks]
    tricks.append(view.trick)
    for trick in tricks:
        led = -1
        best_power = -1
        best_seat = -1
        for seat, card in trick:
            high = best_power - 16 if best_power >= 16 else -1
            out.append((seat, card, led, high, best_seat == seat ^ 2))
            if led < 0:
                led = card >> 3
            power = POWER[trump][led][card]
            if power > best_power:
                best_power = power
                best_seat = seat
    return out


def forbidden_by_plays(view: KlaverjasView, unseen: int) -> list[int]:
    """Per seat, the unseen cards it cannot hold because of a card it played legally."""
    forbidden = [0, 0, 0, 0]
    rotterdam = view.rules.follow_mode
    trump = view.trump
    for seat, card, led, high, partner in _contexts(view):
        if led < 0:
            continue  # a lead is always legal
        rest = unseen & ~forbidden[seat]
        while rest:
            low = rest & -rest
            rest ^= low
            if not legal_mask((1 << card) | low, led, trump, high, partner, rotterdam) >> card & 1:
                forbidden[seat] |= low
    return forbidden


def knowledge(view: KlaverjasView) -> Knowledge:
    """What ``view`` (a seat's, in the play) tells about the hidden cards."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to sample around")
    me = view.viewer
    own = 0
    for card in view.hand:
        own |= 1 << card
    played = [0, 0, 0, 0]
    for trick, _ in view.tricks:
        for seat, card in trick:
            played[seat] |= 1 << card
    for seat, card in view.trick:
        played[seat] |= 1 << card
    seen = own | played[0] | played[1] | played[2] | played[3]
    unseen = 0xFFFFFFFF & ~seen
    forbidden = forbidden_by_plays(view, unseen)
    required = [0, 0, 0, 0]
    if view.trump >= 0 and view.rules.stuk:
        stuk = stuk_mask(view.trump)
        if (view.stuk[0] or view.stuk[1]) and own & stuk != stuk:
            # stuk was declared or counted: one seat of that side held both; if one card is out, its player
            side = 0 if view.stuk[0] else 1
            out = [s for s in (side, side + 2) if played[s] & stuk]
            holders = out or [s for s in (side, side + 2) if s != me]
            if len(holders) == 1 and holders[0] != me:
                required[holders[0]] |= stuk & unseen
    forbidden[me] = 0xFFFFFFFF
    for seat in range(4):
        if seat != me:
            forbidden[seat] &= ~required[seat]
            for other in range(4):
                if other not in (seat, me):
                    forbidden[other] |= required[seat]
    return Knowledge(
        viewer=me,
        unseen=unseen,
        sizes=view.hand_sizes,
        forbidden=(forbidden[0], forbidden[1], forbidden[2], forbidden[3]),
        required=(required[0], required[1], required[2], required[3]),
        played=(played[0], played[1], played[2], played[3]),
        declared=view.declared,
    )


def _deal(know: KnowledgeWithHand, rng: random.Random) -> tuple[int, int, int, int] | None:
    """One random assignment of the unseen cards (None on a dead end)."""
    me = know.knowledge.viewer
    hands = [0, 0, 0, 0]
    hands[me] = know.hand
    room = list(know.knowledge.sizes)
    room[me] = 0
    for seat in range(4):
        if seat != me:
            hands[seat] = know.knowledge.required[seat]
            room[seat] -= hands[seat].bit_count()
            if room[seat] < 0:
                return None
    cards = [c for c in range(32) if know.free >> c & 1]
    allowed = {c: [s for s in range(4) if not know.knowledge.forbidden[s] >> c & 1] for c in cards}
    placed = place_by_room(cards, allowed, room, rng)
    if placed is None:
        return None
    for card, seat in placed:
        hands[seat] |= 1 << card
    return (hands[0], hands[1], hands[2], hands[3])


@dataclass(frozen=True, slots=True)
class KnowledgeWithHand:
    """:class:`Knowledge` with the viewer's own hand and the unseen cards still to place."""

    knowledge: Knowledge
    hand: int
    free: int


def _roem_holds(know: Knowledge, hands: tuple[int, int, int, int], trump: int, rules: Rules) -> bool:
    """Whether each seat that declared roem from the hand was dealt cards showing that total."""
    for seat in range(4):
        value = know.declared[seat]
        if value > 0 and seat != know.viewer:
            # the engine offers a hand its best total, with and without stuk (DealState._name_trump)
            if value not in best_hand_roem(hands[seat] | know.played[seat], trump, rules):
                return False
    return True


class WorldSampler:
    """Draws worlds (the four hands now) consistent with a seat's view; the :class:`troef.core.pimc.Sampler`.

    ``tries``: draws before the roem claims are given up (a world that breaks
    only a roem claim is still better than none).
    """

    def __init__(self, view: KlaverjasView, tries: int = 200) -> None:
        self.view = view
        self.know = knowledge(view)
        own = 0
        for card in view.hand or ():
            own |= 1 << card
        free = self.know.unseen & ~(self.know.required[0] | self.know.required[1] | self.know.required[2])
        free &= ~self.know.required[3]
        self.with_hand = KnowledgeWithHand(self.know, own, free)
        self.tries = tries
        self.check_roem = any(v > 0 for s, v in enumerate(self.know.declared) if s != view.viewer)

    def sample(self, view: KlaverjasView, rng: random.Random) -> tuple[int, int, int, int] | None:
        for attempt in range(self.tries):
            hands = _deal(self.with_hand, rng)
            if hands is None:
                continue
            if not self.check_roem or attempt >= self.tries - 1:
                return hands
            if _roem_holds(self.know, hands, view.trump, view.rules):
                return hands
        return None


def sample_world(view: KlaverjasView, rng: random.Random) -> tuple[int, int, int, int] | None:
    """One world for ``view``: the hands each seat holds now, or None when no consistent deal was found."""
    return WorldSampler(view).sample(view, rng)
