"""The analysis of finished deals and matches, for every game: where the points went (``troef analyse``).

See :mod:`troef.analysis.core` for what is judged and how, ``docs/analysis.md``
for the JSON, and each game's part (:mod:`troef.analysis.bonaken`,
:mod:`troef.analysis.klaverjas`, :mod:`troef.analysis.binokel`) for which
decisions get an open-card and a fair value.
"""

from troef.analysis.core import MISTAKE, AnalysisError, MatchAnalysis, Settings, analyse

__all__ = ["MISTAKE", "AnalysisError", "MatchAnalysis", "Settings", "analyse"]
