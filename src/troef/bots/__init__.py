"""Computer players of Bonaken: one interface (:class:`Bot`), a registry (:func:`make_bot`)."""

from troef.bots.base import Bot, bot_kinds, legal_actions, make_bot, register_bot

__all__ = ["Bot", "bot_kinds", "legal_actions", "make_bot", "register_bot"]
