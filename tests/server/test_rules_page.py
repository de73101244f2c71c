"""``GET /rules/{game}``: the rules as troef plays them, served from a checkout and from a built package."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.conftest import Server

#: Slow: a server process per test, and a package build
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_has_its_rules_page_and_others_get_a_clear_404(server: Server) -> None:
    for game in ("bonaken", "klaverjas", "binokel"):
        status, page = server.http("GET", f"/rules/{game}")
        assert status == 200
        first_heading = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8").splitlines()[0]
        assert first_heading.startswith("# ") and f"<h1>{first_heading[2:]}</h1>" in page  # the game's own file
    status, body = server.http("GET", "/rules/chess")
    assert status == 404 and body["error"]["code"] == "no_rules"


def test_a_build_puts_the_rules_into_the_package(tmp_path: Path) -> None:
    """A wheel has no ``docs``: the build copies ``docs/rules`` to ``troef/rules``, where the server looks."""
    env = {**os.environ, "TROEF_PURE_PYTHON": "1"}
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        assert (tmp_path / "troef" / "rules" / page.name).read_bytes() == page.read_bytes()
    assert (tmp_path / "troef" / "server" / "app.py").is_file()
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "docs/rules/*.md" in manifest  # so a source distribution carries them to the build too
