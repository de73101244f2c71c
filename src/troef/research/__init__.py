"""troef for game research: every game as an OpenSpiel game and a PettingZoo environment (docs/research.md).

``troef.research.actions`` (fixed action ids), ``troef.research.tensors``
(tensors built from a seat's view) and ``troef.research.episode`` (one deal or
one match from a chance-chosen seed, through the game protocol) need only the
core package; ``troef.research.openspiel`` and ``troef.research.pettingzoo``
need the ``research`` extra (``pip install 'troef[research]'``).
"""
