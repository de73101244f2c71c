"""Models of what a decision before the play is worth, learned from fair self-play (``troef train``).

* :mod:`troef.train.model`: a small multilayer perceptron stored as JSON
  (its header names the command, seed, data size and validation error that
  made it), evaluated in plain Python, so the bots need no NumPy at run time;
* :mod:`troef.train.fit`: fitting one on a table of features and outcomes
  (scikit-learn, the ``train`` extra);
* :mod:`troef.train.selfplay`: what the bid trainers share: a decision's
  alternatives with their features and replayed outcomes, their files, the
  runs of self-play matches and the fit with whole decisions held out;
* :mod:`troef.train.kraken`: the kraak words of Kraken: the features of a
  seat's view, the data (self-play where every seat sees only its own view,
  each decision replayed with every alternative to the end of the deal), the
  policy of a generation and :func:`~troef.train.kraken.value_of_bids`;
* :mod:`troef.train.bonaken`: Bonaken's bids (nk): passing and each bid the
  strong level plays out, valued on the score sheet by the chances that the
  seat ends as a declarer who made or failed its contract, learned from
  replays of each alternative, and :func:`~troef.train.bonaken.value_of_bids`.
* :mod:`troef.train.binokel`: Binokel's bids: passing and each legal bid
  the strong level valued, the model predicting what a bid gains over
  passing on the round's score, learned from replays of each alternative.
"""
