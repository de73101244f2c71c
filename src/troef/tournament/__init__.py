"""Tournaments: the draw by lot, rounds, results with corrections, standings, the final (nk rules 60-61).

:mod:`troef.tournament.model` holds the game-agnostic logic, the game's own
part comes through :mod:`troef.tournament.scoring`; :mod:`~troef.tournament.store`
keeps tournaments in the web app's database, :mod:`~troef.tournament.web`
serves the organiser's and the public pages and :mod:`~troef.tournament.cli`
the ``troef tournament`` commands. See ``docs/tournament.md``.
"""
