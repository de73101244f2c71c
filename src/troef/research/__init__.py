"""troef for game research: every game as an OpenSpiel game and a PettingZoo environment (docs/research.md).

``troef.research.actions`` (fixed action ids), ``troef.research.tensors`` and
``troef.research.strings`` (built from a seat's view), ``troef.research.episode``
(one deal or one match from a chance-chosen seed, through the game protocol)
and ``troef.research.worlds`` (redealing with the games' own samplers) need
only the core package; ``troef.research.openspiel``, ``troef.research.pettingzoo``
and ``troef.research.ismcts`` need the ``research`` extra
(``pip install 'troef[research]'``).
"""
