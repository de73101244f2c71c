"""Add records to the golden corpus, made and judged by the troef on the path (docs/records.md, "Changing a rule").

Run it with the checkout that is to write the records first on the path, so
that both the record and its stored outcome are that troef's::

    PYTHONPATH=CHECKOUT/src python tests/golden/records/add_record.py GAME PRESET NAME [SWITCHES-JSON] [--seed N]

It plays one short match (computer players of the game's own levels, the
first and a random one taking turns at each seat, seeded), writes the record
to ``tests/golden/records/GAME/NAME.json`` and adds it to ``corpus.json`` with
the revision it was written under, the writing troef (``git describe`` of the
checkout) and the outcome that troef's ``troef replay --json`` gives. Records
made by older troef (the ``r1-`` and ``r2-`` ones) were made this way with
the older checkouts (``git worktree add``), by the version of this script of
their day.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def main() -> None:
    from troef.games import game as get_game

    try:
        from troef.bots.registry import make_bot
    except ImportError:  # troef before the bot registry
        from troef.bots.base import make_bot  # type: ignore[import-not-found,no-redef]
    import troef

    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("preset")
    parser.add_argument("name")
    parser.add_argument("switches", nargs="?", default="{}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--note", default="")
    args = parser.parse_args()
    checkout = Path(troef.__file__).resolve().parents[2]

    def git(*words: str) -> str:
        return subprocess.run(["git", *words], capture_output=True, text=True, cwd=checkout, check=True).stdout.strip()

    # the writing troef: its commit, "-dirty" if its sources differ from it (the corpus itself may)
    commit = git("rev-parse", "--short", "HEAD") + ("-dirty" if git("status", "--porcelain", "--", "src") else "")
    g = get_game(args.game)
    match = g.new_match(args.preset, args.players, seed=args.seed, first_dealer=0, switches=json.loads(args.switches))
    kinds = [k for k in ("heuristic", "random") if k in ("random", *g.bots)]
    table = g.players(match)
    bots = [make_bot(args.game, kinds[(s + args.seed) % len(kinds)], seed=args.seed * 10 + s) for s in range(table)]
    while not match.is_over:
        seat = match.to_act
        match.apply(bots[seat].act(g.view(match, seat)))
    text = g.record(match, meta={"program": "troef", "commit": commit})
    out = HERE / args.game / f"{args.name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n", encoding="utf-8")
    rules = json.loads(text)["rules"]
    entry: dict[str, Any] = {
        "file": f"{args.game}/{args.name}.json",
        "game": args.game,
        "preset": args.preset,
        "revision": rules.get("revision", 1),
        "written_by": f"troef {commit}",
        "note": args.note,
        "outcome": g.replay(text).to_json(),
    }
    index_path = HERE / "corpus.json"
    index = [e for e in json.loads(index_path.read_text(encoding="utf-8")) if e["file"] != entry["file"]]
    index = sorted([*index, entry], key=lambda e: str(e["file"]))
    index_path.write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out} and its outcome in {index_path}")


if __name__ == "__main__":
    main()
