"""Duel: a small trick game for two, a game of troef written outside it (``docs/games.md`` works through it).

``pip install -e examples/duel`` registers it by its entry point; then ``troef play duel``,
``troef arena duel``, ``troef replay``, ``troef serve`` and the research API take it like troef's own games.
"""
