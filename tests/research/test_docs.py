"""The Python examples of docs/research.md run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(len(BLOCKS)))
def test_every_python_example_of_the_research_docs_runs(block: int) -> None:
    ran = subprocess.run([sys.executable, "-c", BLOCKS[block]], capture_output=True, text=True, timeout=1200)
    assert ran.returncode == 0, ran.stderr[-2000:]


def test_the_docs_have_the_examples_they_promise() -> None:
    assert any("VectorEnv" in b and "np.outer" in b for b in BLOCKS)  # the NumPy training example
    assert any("load_game" in b for b in BLOCKS) and any("agent_iter" in b for b in BLOCKS)
