"""Shared test configuration: the Hypothesis profiles.

``ci`` (the default) is derandomized and keeps no example database, so a run
is reproducible and writes nothing; ``dev`` explores with fresh randomness.
Pick one with ``HYPOTHESIS_PROFILE=dev``. Each game's helpers live beside its
tests (Bonaken's in :mod:`tests.games.bonaken.common`).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
