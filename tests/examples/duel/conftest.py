"""Duel (``examples/duel``) installed as its users install it: ``pip install`` of its own package, found by its
entry point in the group ``troef.games``, in this process and in every process the tests start."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import browser  # noqa: F401  (Debian's Chromium, for the plain web table)
from troef import games

#: The example's package: a game written outside troef, against its documented protocol only.
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "duel"


@pytest.fixture(scope="session")
def duel_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example installed by pip into a folder of its own (its dist-info carries the entry point)."""
    target = tmp_path_factory.mktemp("duel-site")
    run = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(EXAMPLE)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return target


@pytest.fixture
def duel(duel_site: Path) -> Iterator[Path]:
    """Duel is a game of troef by its entry point, here and in the processes started meanwhile."""
    saved = os.environ.get("PYTHONPATH")
    sys.path.insert(0, str(duel_site))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, (str(duel_site), saved)))
    games._targets.cache_clear()
    games.game.cache_clear()
    try:
        yield duel_site
    finally:
        sys.path.remove(str(duel_site))
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved
        games._targets.cache_clear()
        games.game.cache_clear()
        for name in [m for m in sys.modules if m == "troef_duel" or m.startswith("troef_duel.")]:
            del sys.modules[name]
