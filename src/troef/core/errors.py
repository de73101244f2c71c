"""The exceptions troef raises. Each message is written for a player to read."""

from __future__ import annotations

# Defined with the cards (the lowest layer) so that card parsing can raise it
# without importing upwards; re-exported here as the one place to import from.
from typing import TYPE_CHECKING

from troef.cards import NotationError, TroefError

if TYPE_CHECKING:
    from troef.core.refusals import Refusal

__all__ = [
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "ReplayError",
    "TroefError",
]


class IllegalActionError(TroefError):
    """An action that the rules do not allow in this state.

    Raised with the engine's :class:`~troef.core.refusals.Refusal`: ``refusal``
    is it (code and parameters, to be worded in any language), ``code`` its
    code, ``str(error)`` the English sentence. Raised with a plain message,
    ``refusal`` is None. The state that refused the action is left exactly as
    it was.
    """

    def __init__(self, message: str | Refusal, code: str = "illegal") -> None:
        if isinstance(message, str):
            super().__init__(message)
            self.refusal: Refusal | None = None
            self.code = code
        else:
            super().__init__(str(message))
            self.refusal = message
            self.code = message.code


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
