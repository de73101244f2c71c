"""Computer players of every game: one interface (:class:`Bot`), a registry (:func:`make_bot`).

Each game's own players live in its package (Bonaken's ``heuristic`` and
``pimc`` in ``troef.games.bonaken``); what every game shares is here and in
:mod:`troef.core.bot`.
"""

from troef.bots.registry import Bot, RandomBot, bot_kinds, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "bot_kinds", "make_bot", "register_bot"]
