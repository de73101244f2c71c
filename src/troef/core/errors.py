"""The exceptions troef raises. Each message is written for a player to read."""

from __future__ import annotations

# Defined with the cards (the lowest layer) so that card parsing can raise it
# without importing upwards; re-exported here as the one place to import from.
from troef.cards import NotationError, TroefError

__all__ = [
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "ReplayError",
    "TroefError",
]


class IllegalActionError(TroefError):
    """An action that the rules do not allow in this state.

    ``code`` names the broken rule in a stable, language-free way (for user
    interfaces that translate), ``str(error)`` is the English message. The
    state that refused the action is left exactly as it was.
    """

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code


class RecordError(TroefError, ValueError):
    """A game record that is malformed or does not fit the rules it names."""


class ReplayError(TroefError):
    """A record whose action at ``position`` is illegal; ``reason`` says why."""

    def __init__(self, hand: int, position: int, action: str, reason: str) -> None:
        super().__init__(f"hand {hand + 1}, action {position + 1} ({action}): {reason}")
        self.hand = hand
        self.position = position
        self.action = action
        self.reason = reason
