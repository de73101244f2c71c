"""Klaverjas (klaverjassen) and Kraken: one game, presets ``kraken``, ``amsterdam`` and ``rotterdam``."""
