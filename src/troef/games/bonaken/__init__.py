"""Bonaken: the Dutch café game of the Jass family (three rule sets, 2-7 players)."""
