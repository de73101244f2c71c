"""Build script: compiles the engine's hot modules with mypyc where possible.

The same modules stay importable as plain Python: set TROEF_PURE_PYTHON=1 to
skip compiling (or if mypyc/a C compiler is missing, the build falls back to
pure Python with a warning). Tests check both paths give identical games.

An editable install (``pip install -e .``, the README's commands) compiles too:
setuptools builds the extensions and copies them next to their sources in
``src/`` (ignored by git). A compiled module is imported instead of its ``.py``
file, so after changing one of :data:`COMPILED` install again (or install with
TROEF_PURE_PYTHON=1 while working on it); ``tests/test_compiled.py`` fails on a
stale or missing compiled module of this checkout's own install, since pip
shows a build's warnings only with ``-v`` and a silent fallback to plain Python
went unnoticed once (a build requirement was missing, so mypyc's type check
failed).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

# The modules on the hot path: legal-action listing, applying actions, views, the solver, the server's action path.
COMPILED = [
    "src/troef/cards.py",
    "src/troef/core/chance.py",
    # the actions every game shares (passing, trump, playing a card), read on every legal-action listing
    "src/troef/core/actions.py",
    "src/troef/games/bonaken/actions.py",
    "src/troef/games/bonaken/bidding.py",
    "src/troef/games/bonaken/deal.py",
    "src/troef/games/bonaken/play.py",
    "src/troef/games/bonaken/roem.py",
    "src/troef/games/bonaken/state.py",
    "src/troef/games/bonaken/view.py",
    # klaverjas: legal plays, applying actions, roem, the kraak chain (random deals about twice as fast compiled)
    "src/troef/games/klaverjas/actions.py",
    "src/troef/games/klaverjas/deal.py",
    "src/troef/games/klaverjas/kraak.py",
    "src/troef/games/klaverjas/play.py",
    "src/troef/games/klaverjas/roem.py",
    "src/troef/games/klaverjas/state.py",
    # the perfect-information solver's search (about 3x faster compiled)
    "src/troef/games/bonaken/solver/position.py",
    "src/troef/games/bonaken/solver/search.py",
    # the klaverjas solver's search (the sampling player's inner loop)
    "src/troef/games/klaverjas/solver/roembound.py",
    "src/troef/games/klaverjas/solver/search.py",
    # the Binokel solver (open-card analysis of whole deals, the search player's last tricks)
    "src/troef/games/binokel/solver.py",
    # the server's action path: reading a message, checking it, the group commit's bookkeeping, building and
    # framing every seat's state (troef bench server: about a tenth less server CPU per action compiled)
    "src/troef/server/protocol.py",
    "src/troef/server/projection.py",
    "src/troef/server/tables.py",
    "src/troef/server/transport.py",
    "src/troef/server/ws.py",
]


# The commands of a PEP 517 front end that only ask for metadata (the build requirements, the metadata
# itself): they run this script too, and compiling there would triple the build's time for nothing.
METADATA_ONLY = {"egg_info", "dist_info"}

# mypyc type-checks the compiled modules with everything they import, the whole package in effect. The
# project's own mypy run (strict, all dependencies installed) is the type check; here a library that is
# missing from [build-system] requires (markdown_it once, imported lazily by the server) would only cost
# typing precision, so it is taken as Any instead of failing the check and with it the whole compilation.
MYPY_OPTIONS = ["--ignore-missing-imports", "--no-warn-return-any"]


def ext_modules() -> list[object]:
    if os.environ.get("TROEF_PURE_PYTHON"):
        return []
    commands = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    if commands and set(commands) <= METADATA_ONLY:
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify([*MYPY_OPTIONS, *COMPILED], opt_level="3", debug_level="0"))
    # no mypyc, or mypy's check of the modules failed (mypyc exits then, e.g. with a newer library whose types
    # changed): the pure-Python modules still work
    except (Exception, SystemExit) as exc:
        print(
            f"\n{'!' * 78}\ntroef: building WITHOUT mypyc ({exc}): the engine runs as pure Python, about half as"
            f" fast.\nmypy's messages are above; set TROEF_PURE_PYTHON=1 to build pure Python on purpose.\n{'!' * 78}",
            file=sys.stderr,
        )
        return []


class BuildWithRules(build_py):
    """Also puts ``docs/rules/*.md`` into the package as ``troef/rules/``: the server's ``/rules/{game}`` pages.

    The rules live in ``docs/rules`` for readers of the repository; a wheel has
    no ``docs``, so a build copies them in (an editable install reads ``docs``).
    """

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "troef" / "rules"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted(Path(__file__).resolve().parent.joinpath("docs", "rules").glob("*.md")):
            shutil.copyfile(page, target / page.name)


setup(ext_modules=ext_modules(), cmdclass={"build_py": BuildWithRules})
