"""The mypyc-compiled engine and the pure-Python engine play identical games."""

from __future__ import annotations

import ast
import importlib
import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import distributions
from pathlib import Path
from typing import Any

import pytest

import troef

ROOT = Path(__file__).resolve().parents[1]

# A seeded workload printing every hand's record and the standing, for each preset.
WORKLOAD = """
import json, random
from troef.games.bonaken.match import Match
from troef.games.bonaken.record import record_of_match, to_dict
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState
out = []
for name in ("nk", "pagat", "hazerswoude"):
    for players in preset(name).players:
        match = Match(preset(name), players, seed=players * 7)
        chooser = random.Random(players)
        while not match.is_over:
            legal = match.legal_actions()
            if match.hand.phase == 0 and chooser.random() < 0.6:
                action = legal[0]
            else:
                action = legal[chooser.randrange(min(len(legal), 8))]
            match.apply(action)
        out.append([to_dict(record_of_match(match)), match.standing()])
print(json.dumps(out, sort_keys=True))
"""


# Seeded klaverjas matches of every preset: each match's record and standing.
KLAVERJAS_WORKLOAD = """
import json, random
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.record import record_of_match, to_dict
from troef.games.klaverjas.rules import preset
out = []
for name in ("kraken", "amsterdam", "rotterdam"):
    for seed in range(4):
        match = Match(preset(name, roem_counting="claim") if seed == 3 else preset(name), seed=seed)
        chooser = random.Random(seed)
        while not match.is_over:
            legal = match.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
        out.append([to_dict(record_of_match(match)), match.standing()])
print(json.dumps(out, sort_keys=True))
"""


# The solver's answers on seeded positions of every contract kind, a few cards into the play.
SOLVER_WORKLOAD = """
import json, random
from troef.games.bonaken.bench_solver import KINDS, build_position
from troef.games.bonaken.solver import solve
out = []
for i, (kind, bids) in enumerate(KINDS.items()):
    for seed in range(3):
        hand = build_position(bids, 100 + 10 * i + seed)
        if hand is None:
            continue
        chooser = random.Random(seed)
        for _ in range(8):  # two tricks in, so the pure-Python search stays quick
            if hand.is_over:
                break
            legal = hand.legal_actions()
            hand.apply(legal[chooser.randrange(len(legal))])
        if hand.is_over:
            continue
        answer = solve(hand, values=kind.startswith("number"))
        out.append([kind, seed, answer.makes, sorted(answer.winning_moves), answer.points])
print(json.dumps(out, sort_keys=True))
"""


# The klaverjas solver's answers (and exact values near the end) on seeded positions of every preset.
KLAVERJAS_SOLVER_WORKLOAD = """
import json, random
from troef.core.chance import GameRandom
from troef.games.klaverjas.actions import TRUMPS
from troef.games.klaverjas.deal import deal_cards
from troef.games.klaverjas.rules import preset
from troef.games.klaverjas.solver import best_difference, makes_pit, position_from_deal, solve
from troef.games.klaverjas.state import DealState
out = []
for name in ("kraken", "amsterdam", "rotterdam"):
    for seed in range(4):
        rules = preset(name)
        chooser = random.Random(seed)
        deal = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
        deal.apply(TRUMPS[chooser.randrange(4)])
        while deal.phase.name != "PLAY":
            deal.apply(deal.legal_actions()[-1])
        for _ in range(10 + 3 * seed):  # two to four tricks in, so the pure-Python search stays quick
            legal = deal.legal_actions()
            deal.apply(legal[chooser.randrange(len(legal))])
        if deal.phase.name != "PLAY":
            continue
        position = position_from_deal(deal)
        answer = solve(position, horizon=0 if position.tricks_left <= 5 else 3)
        near = None
        if position.tricks_left <= 5:
            near = [best_difference(position), makes_pit(position, 0), makes_pit(position, 1)]
        out.append([name, seed, answer.makes, sorted(answer.move_values.items()), answer.nodes, near])
print(json.dumps(out, sort_keys=True))
"""


# A seeded match through the server's action path (hub, group commit, projection, encoding), with a
# connection for every seat and a spectator: every message each of them is sent, in order.
SERVER_WORKLOAD = """
import asyncio, json, random, sys
from troef.server.storage import AsyncStore
from troef.server.tables import Hub

class Client:
    def __init__(self):
        self.texts = []
    def send(self, text):
        self.texts.append(text.decode())

async def main():
    hub = Hub(AsyncStore("sqlite:///" + sys.argv[1]))
    await hub.start()
    try:
        seats = [{"kind": "human", "name": "p%d" % i} for i in range(4)]
        body = {"config": {"preset": "pagat", "players": 4}, "seats": seats, "seed": 2026}
        table, _tokens = await hub.create_table(body)
        clients = {viewer: Client() for viewer in (-1, 0, 1, 2, 3)}
        for viewer, client in clients.items():
            hub.attach(table, viewer, client)
        chooser = random.Random(7)
        refusals = []
        while not table.over:
            seat = table.game.to_act(table.match)
            legal = table.game.legal(table.game.view(table.match, seat))
            if chooser.random() < 0.05:  # out of turn, and an action that is not legal
                refusals.append(await hub.submit(table, (seat + 1) % 4, legal[0]))
                refusals.append(await hub.submit(table, seat, "play Zz"))
            refusals.append(await hub.submit(table, seat, legal[chooser.randrange(len(legal))], table.version))
        out = {str(v): [t.replace(table.id, "T") for t in c.texts] for v, c in clients.items()}
        out["refusals"] = [None if p is None else [p.code, p.message] for p in refusals]
        print(json.dumps(out))
    finally:
        await hub.stop()

asyncio.run(main())
"""


def _pure_copy(tmp_path: Path) -> tuple[Path, Path]:
    """The installed package's folder, and a copy of it without any compiled extension: the pure-Python fallback."""
    src = Path(troef.__file__).parent
    pure = tmp_path / "pure"
    shutil.copytree(src, pure / "troef", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return src, pure


def _run(pythonpath: str, workload: str = WORKLOAD, *args: str) -> Any:
    env = dict(os.environ, PYTHONPATH=pythonpath)
    done = subprocess.run(
        [sys.executable, "-c", workload, *args], env=env, capture_output=True, text=True, check=True, timeout=600
    )
    result: Any = json.loads(done.stdout)
    return result


def test_pure_python_and_installed_engine_agree(tmp_path: Path) -> None:
    src, pure = _pure_copy(tmp_path)
    installed = _run(str(src.parent))
    fallback = _run(str(pure))
    assert len(installed) == len(fallback) > 10
    assert installed == fallback


def test_pure_python_and_installed_klaverjas_agree(tmp_path: Path) -> None:
    src, pure = _pure_copy(tmp_path)
    installed = _run(str(src.parent), KLAVERJAS_WORKLOAD)
    fallback = _run(str(pure), KLAVERJAS_WORKLOAD)
    assert len(installed) == len(fallback) == 12
    assert installed == fallback


def test_pure_python_and_installed_solver_agree(tmp_path: Path) -> None:
    src, pure = _pure_copy(tmp_path)
    installed = _run(str(src.parent), SOLVER_WORKLOAD)
    fallback = _run(str(pure), SOLVER_WORKLOAD)
    assert len(installed) == len(fallback) > 10
    assert installed == fallback


def test_pure_python_and_installed_klaverjas_solver_agree(tmp_path: Path) -> None:
    src, pure = _pure_copy(tmp_path)
    installed = _run(str(src.parent), KLAVERJAS_SOLVER_WORKLOAD)
    fallback = _run(str(pure), KLAVERJAS_SOLVER_WORKLOAD)
    assert len(installed) == len(fallback) >= 8
    assert any(row[-1] is not None for row in installed)
    assert installed == fallback


def test_pure_python_and_installed_server_send_the_same_messages(tmp_path: Path) -> None:
    src, pure = _pure_copy(tmp_path)
    installed = _run(str(src.parent), SERVER_WORKLOAD, str(tmp_path / "installed.db"))
    fallback = _run(str(pure), SERVER_WORKLOAD, str(tmp_path / "pure.db"))
    assert isinstance(installed, dict) and isinstance(fallback, dict)
    states = [json.loads(text) for text in installed["0"] if '"type":"state"' in text]
    assert len(states) > 40 and states[-1]["match"]["over"]
    assert any(refusal is not None for refusal in installed["refusals"])
    assert installed == fallback


def test_doctests_of_compiled_modules_pass_on_the_pure_copy(tmp_path: Path) -> None:
    _src, pure = _pure_copy(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(pure))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--doctest-modules",
            "--rootdir",
            str(pure),
            "-c",
            os.devnull,
            str(pure / "troef"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout


def _compiled_modules() -> list[str]:
    """The dotted names of the modules ``setup.py`` compiles (its ``COMPILED`` list)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            paths = ast.literal_eval(node.value)
            return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


def _own_install() -> bool | None:
    """Whether the ``troef`` in use is from a pip install: True for an editable one, False for a wheel, None if not.

    Not one when it is imported from a source tree that no install points to
    (``PYTHONPATH=src`` in another checkout than the installed one).
    """
    package = Path(troef.__file__).resolve().parent
    # pytest puts src/ first on the path (the doctests of src/troef), where setuptools leaves metadata of its
    # own (src/troef.egg-info, no INSTALLER): the install's metadata is the one a pip install wrote
    installs = [d for d in distributions(name="troef") if d.read_text("INSTALLER") is not None]
    if not installs:
        return None
    dist = installs[0]
    direct = json.loads(dist.read_text("direct_url.json") or "{}")
    if direct.get("dir_info", {}).get("editable"):
        url = str(direct.get("url", ""))
        installed = Path(url.removeprefix("file://")) / "src" / "troef"
        return True if url.startswith("file://") and installed.resolve() == package else None
    return False if Path(str(dist.locate_file("troef/__init__.py"))).resolve().parent == package else None


def test_the_installed_engine_is_compiled_and_current() -> None:
    """The README's install compiles the hot modules: a fallback to plain Python is a failure here, not a slow engine.

    pip shows the build's warning only with ``-v``; this once went unnoticed
    (setup.py fell back silently when mypyc's type check failed). For an
    editable install a compiled module older than its source is stale: it is
    imported instead of the changed ``.py``.
    """
    if os.environ.get("TROEF_PURE_PYTHON"):
        pytest.skip("TROEF_PURE_PYTHON is set: a pure-Python install is wanted")
    editable = _own_install()
    if editable is None:
        pytest.skip("troef is imported from a source tree, not from its own install")
    plain, stale = [], []
    for name in _compiled_modules():
        file = Path(str(importlib.import_module(name).__file__))
        if file.suffix == ".py":
            plain.append(name)
        elif editable and file.stat().st_mtime < (file.parent / (name.rsplit(".", 1)[1] + ".py")).stat().st_mtime:
            stale.append(name)
    assert not plain, (
        f"installed as plain Python, not compiled: {', '.join(plain)}; `pip install -v -e .` shows why mypyc failed"
        " (or set TROEF_PURE_PYTHON=1 for a pure-Python install)"
    )
    assert not stale, f"compiled modules older than their source: {', '.join(stale)}; install again (pip install -e .)"
