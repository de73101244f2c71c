"""Root pytest configuration: doctests of mypyc-compiled modules run on the pure-Python copy.

pytest cannot collect doctests from a module whose import resolves to a
compiled extension; ``tests/test_compiled.py`` runs those doctests against a
pure-Python copy of the package instead.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

collect_ignore: list[str] = []

for path in Path(__file__).parent.joinpath("src", "troef").rglob("*.py"):
    module = ".".join(path.relative_to(Path(__file__).parent / "src").with_suffix("").parts)
    spec = importlib.util.find_spec(module) if not module.endswith("__init__") else None
    if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
        collect_ignore.append(str(path))

# troef.research's wrappers import the research extra (open_spiel, pettingzoo): without it their doctests are
# skipped as tests/research skips (pytest.importorskip), and the core package's own doctests still run
for extra, modules in (("pyspiel", ("openspiel.py", "ismcts.py")), ("pettingzoo", ("pettingzoo.py",))):
    if importlib.util.find_spec(extra) is None:
        collect_ignore.extend(str(Path(__file__).parent / "src" / "troef" / "research" / m) for m in modules)
