"""The shape every player action has, whatever the game.

An action is a small immutable value with a text form that :func:`parse`
functions of the game read back; ``repr`` rebuilds the value. Each game defines
its own action classes (see ``troef.games.bonaken.actions``).
"""

from __future__ import annotations

from typing import Protocol


class Action(Protocol):
    """What every action offers: its text form (the record notation)."""

    def text(self) -> str:
        """The action in record notation, e.g. ``'play Jh'``."""
        ...


#: The viewer number of a spectator, who sees only what is public.
SPECTATOR = -1
