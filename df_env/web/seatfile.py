"""A web game's seat file (``web-ID.seats`` next to its log ``web-ID.json``): the SHA-256 of each person seat's
token, so that a restarted server resumes the game and the same join links still work. The tokens themselves are
never written; the file is written atomically (a temporary file renamed)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

FORMAT = "df_env.web_seats"


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a token as a client sends it (any characters)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def seats_path(log_path: Path) -> Path:
    return log_path.with_suffix(".seats")


def save_seats(log_path: Path, gid: str, hashes: dict[int, str], undos: list[dict[str, Any]] | None = None) -> None:
    """Write the seat file of the game logged at ``log_path``, with the game's undos (each ``{"step": k, "undone":
    [actions]}``: the log's actions from step k were taken back); raises OSError (e.g. a full disk), leaving no
    temporary file."""
    path = seats_path(log_path)
    tmp = path.with_name(path.name + ".tmp")
    doc = {"format": FORMAT, "game": gid, "token_sha256": {str(p): h for p, h in hashes.items()},
           "undos": undos or []}
    try:
        tmp.write_text(json.dumps(doc) + "\n")
        tmp.replace(path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def load_seats(path: Path) -> tuple[str, dict[int, str], list[dict[str, Any]]]:
    """The game id, the token hashes and the undos of a seat file; ValueError when it is not one."""
    doc: Any = json.loads(path.read_text())
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("game"), str):
        raise ValueError(f"{path.name}: not a web game's seat file")
    hashes = doc.get("token_sha256")
    if not isinstance(hashes, dict) or not all(isinstance(h, str) and len(h) == 64 for h in hashes.values()):
        raise ValueError(f"{path.name}: token_sha256 must map seats to SHA-256 hex digests")
    undos = doc.get("undos", [])
    if not isinstance(undos, list):
        raise ValueError(f"{path.name}: undos must be a list")
    return doc["game"], {int(p): h for p, h in hashes.items()}, undos
