"""Observation and information-state tensors, built from one seat's view and nothing else.

A tensor is a flat list of floats in [0, 1], written from
``game.view(match, seat)``: the same projection the server sends
that seat, so a card the seat may not see cannot reach a tensor
(``tests/research/test_tensors.py`` re-deals the unseen cards with the
game's ``shuffle_unseen`` and finds every tensor unchanged). Seats are
relative to the viewer (0 = the viewer, 1 = the next seat, ...).

The observation (``P`` seats, ``C`` card slots: 32, or 64 for Binokel's two
copies of each card; ``N`` action ids of :mod:`troef.research.actions`):

======================  =========  =====================================================
part                    size       value
======================  =========  =====================================================
hand                    C          1 for each card the viewer holds (Binokel: slot c + 32 if it holds both copies)
played                  P x 32     the cards each seat played this deal (Binokel: 0.5 per copy)
trick                   P x 32     the cards on the table, by who played them
trump                   5          the trump suit h, d, c, s, or none yet
dealer, to act          P, P       relative seat one-hot
declarer                P          who plays (Bonaken: every declarer)
phase                   F          the deal's phase one-hot (the engine's ``Phase`` names)
said                    P x N      every action id each seat took this deal that the view shows (hidden ones,
                                   e.g. which card Binokel's exchange passes, are not in the view)
match                   M          the match around the deal as the game's research part reads it from the
                                   view (``ResearchPart.context``: the score, the sheet, the deal's number)
======================  =========  =====================================================

The information-state tensor is the observation followed by the deal's
events in order (at most ``L`` of them: 256, 128 and 1024), each as ``P + 1``
numbers: who acted (relative one-hot) and ``(id + 1) / N``; an event the
view shows without its card (a Binokel ``give``) is ``0.5 / N``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from troef.core.game import ResearchPart
from troef.research.actions import ActionTable, research_part, table

__all__ = ["Layout", "layout"]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of a game's tensors lies, for ``players`` seats."""

    game: str
    players: int
    actions: ActionTable
    card_slots: int
    phases: tuple[str, ...]
    events: int
    #: The game's research part, which reads its views.
    part: ResearchPart[Any, Any]

    @property
    def context_size(self) -> int:
        """The size of the match part (:meth:`troef.core.game.ResearchPart.context`)."""
        return self.part.context_size(self.players)

    @property
    def observation_size(self) -> int:
        p, n = self.players, len(self.actions)
        return self.card_slots + 2 * p * 32 + 5 + 3 * p + len(self.phases) + p * n + self.context_size

    @property
    def information_state_size(self) -> int:
        return self.observation_size + self.events * (self.players + 1)

    def parts(self) -> list[tuple[str, int]]:
        """(name, size) of each part of the observation, in order."""
        p, n = self.players, len(self.actions)
        return [
            ("hand", self.card_slots),
            ("played", p * 32),
            ("trick", p * 32),
            ("trump", 5),
            ("dealer", p),
            ("to_act", p),
            ("declarer", p),
            ("phase", len(self.phases)),
            ("said", p * n),
            ("match", self.context_size),
        ]

    def write(self, view: Any, out: Any, information_state: bool, memo: dict[str, Any] | None = None) -> None:
        """Write the tensor of ``view`` (the game's view object, ``game.view(match, seat)``) into ``out``.

        ``out`` (zeroed by the caller) is anything indexable by position holding floats: a list, or a
        numpy array of the wrappers. ``viewer``, ``to_act`` and ``phase`` are read from the view (every
        view has them), the rest by the game's research part (``hand``, ``events``, ``trick``, ``trump``,
        ``dealer``, ``declarers``). ``memo``, a dict the caller keeps for one seat, carries what the
        events gave from one call to the next: a deal's events only grow, so a step reads only the new
        ones (the events it was worked out from are kept and compared, so another deal starts afresh).
        """
        p, n = self.players, len(self.actions)
        me = int(view.viewer)
        ids = self.actions.ids
        # the positions set to 1.0 and those given another value, gathered first and written in one go
        ones: list[int] = []
        values: dict[int, float] = {}
        held = 0
        part = self.part
        for physical in part.hand(view):
            kind = physical & 31
            # Binokel's two copies are the same card in play: slot k for one, k + 32 for the second
            if held >> kind & 1:
                ones.append(kind + 32)
            else:
                held |= 1 << kind
                ones.append(kind)
        played = self.card_slots
        trick = played + p * 32
        at = trick + p * 32
        said = at + 5 + 3 * p + len(self.phases)
        context = said + p * n
        seq = context + self.context_size
        share = 0.5 if self.card_slots == 64 else 1.0
        events = part.events(view)
        done: tuple[Any, ...] = ()
        said_ones: list[int] = []
        counts: dict[int, float] = {}
        if memo is not None and memo.get("viewer") == me:
            done = memo["events"]
            if len(done) <= len(events) and events[: len(done)] == done:
                said_ones, counts = list(memo["ones"]), dict(memo["counts"])
            else:
                done = ()
        for seat, text in events[len(done) :]:
            action = ids.get(text, -1)
            if action >= 0:
                rel = (seat - me) % p
                said_ones.append(said + rel * n + action)
                if action < 32:  # ids 0..31 are the plays of cards 0..31
                    spot = played + rel * 32 + action
                    counts[spot] = counts.get(spot, 0.0) + share
        if memo is not None:
            memo.update(viewer=me, events=tuple(events), ones=said_ones, counts=counts)
        ones += said_ones
        values.update(counts)
        if information_state:
            first = max(0, len(events) - self.events)
            for k in range(first, len(events)):
                seat, text = events[k]
                action = ids.get(text, -1)
                base = seq + (k - first) * (p + 1)
                ones.append(base + (seat - me) % p)
                values[base + p] = (action + 1) / n if action >= 0 else 0.5 / n
        for seat, physical in part.trick(view):
            ones.append(trick + (seat - me) % p * 32 + (physical & 31))
        suit = part.trump(view)
        ones.append(at + (suit if 0 <= suit < 4 else 4))
        at += 5
        for seat in (part.dealer(view), view.to_act):
            if 0 <= seat < p:
                ones.append(at + (seat - me) % p)
            at += p
        for seat in part.declarers(view):
            ones.append(at + (seat - me) % p)
        at += p
        phase = view.phase
        if phase in self.phases:
            ones.append(at + self.phases.index(phase))
        for k, value in enumerate(part.context(view)):
            if value:
                values[context + k] = value
        if hasattr(out, "put"):  # a numpy array (the research extra): one write per kind of value
            out[ones] = 1.0
            if values:
                out[list(values)] = list(values.values())
        else:
            for i in ones:
                out[i] = 1.0
            for i, value in values.items():
                out[i] = value


@cache
def layout(game: str, players: int) -> Layout:
    """The tensor layout of ``game`` at a table of ``players``."""
    part = research_part(game)
    return Layout(game, players, table(game), part.card_slots, part.phases, part.history, part)
