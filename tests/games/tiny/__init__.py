"""Tiny: a trick-taking game that lives in the test suite only, the measure of troef's game layer.

Three tricks, two or four players, no trump: it is registered from this package
(``troef.games.register("tiny", TARGET)`` or ``TROEF_GAMES=tiny=...``) and then
played through ``troef replay``, the arena, the terminal, the server and the
consistency battery with no change to any of those layers
(``tests/games/tiny/test_every_layer.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from troef.games import ENV, register, unregister

#: How troef finds the game: the module and attribute of its :class:`~troef.core.game.Game` singleton.
TARGET: Final = "tests.games.tiny.game:GAME"
#: The line of ``TROEF_GAMES`` that registers it in a process troef starts.
ENV_VALUE: Final = f"tiny={TARGET}"
#: The folder the test package is imported from (a process troef starts needs it on its path).
ROOT: Final = str(Path(__file__).resolve().parents[3])


@contextmanager
def registered() -> Iterator[None]:
    """Tiny is a game of troef, in this process and in every process it starts, until the block ends."""
    saved = {key: os.environ.get(key) for key in (ENV, "PYTHONPATH")}
    register("tiny", TARGET)
    os.environ[ENV] = ",".join(filter(None, (saved[ENV], ENV_VALUE)))  # beside the games registered already
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, (ROOT, saved["PYTHONPATH"])))
    try:
        yield
    finally:
        unregister("tiny")
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
