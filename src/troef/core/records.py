"""The envelope every troef record shares: format name, version, game.

A game's record module (``troef.games.bonaken.record``) fills in the rest and
documents it in ``docs/records.md``. Reading is strict: anything malformed
raises :class:`RecordError` with a message that says where.
"""

from __future__ import annotations

import json
from typing import Any, Final

from troef.core.errors import RecordError

FORMAT: Final = "troef-record"
VERSION: Final = 1


def envelope(game: str, kind: str) -> dict[str, Any]:
    """The first fields of a record."""
    return {"format": FORMAT, "version": VERSION, "game": game, "kind": kind}


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None


def record_game(text: str) -> str:
    """The game a record's envelope names (``troef replay`` dispatches on it); checks only the envelope.

    >>> record_game('{"format": "troef-record", "version": 1, "game": "bonaken", "kind": "match"}')
    'bonaken'
    """
    data = _load(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a troef record (the 'format' field must be {FORMAT!r})")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("the record names no 'game'")
    named: str = parse_envelope(text, game, data)["game"]
    return named


def parse_envelope(text: str, game: str, data: Any = None) -> dict[str, Any]:
    """Parse JSON text (unless ``data`` is it, parsed) and check the envelope; return the whole object."""
    if data is None:
        data = _load(text)
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a troef record (the 'format' field must be {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise RecordError("the record has no valid 'version'")
    if version > VERSION:
        raise RecordError(f"record version {version} is newer than this troef reads ({VERSION})")
    if data.get("game") != game:
        raise RecordError(f"this is a record of {data.get('game')!r}, not {game!r}")
    return data


def require(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]`` if present and of ``kind``, else a :class:`RecordError` naming ``where``."""
    if key not in data:
        raise RecordError(f"{where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{where}: field {key!r} has the wrong type")
    return value
