"""Reading a request: its JSON body (bounded while it is read), its fields, its query parameters, its seat tokens.

Every problem is a :class:`~df_env.web.games.RequestError` (a 4xx with a sentence saying what was wrong and what is
allowed); nothing here touches a game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from starlette.requests import Request

from ..games import RequestError
from ..i18n import LANGS

MAX_TOKENS = 8  # seat tokens one request may hold
MAX_TOKEN_CHARS = 64
_DIGITS = re.compile(r"[0-9]{1,18}")  # ASCII digits only: int() would also take '²'-like characters or 5,000 digits


async def read_body(request: Request, cap: int) -> bytes:
    """The body, read chunk by chunk and refused (413) as soon as it passes ``cap`` bytes: a huge body is never
    held whole."""
    declared = request.headers.get("content-length", "")
    if _DIGITS.fullmatch(declared) and int(declared) > cap:
        raise RequestError(413, f"request body of {int(declared)} bytes; at most {cap}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise RequestError(413, f"request body of more than {cap} bytes; at most {cap}")
        chunks.append(chunk)
    return b"".join(chunks)


async def json_object(request: Request, cap: int) -> dict[str, Any]:
    """The body as a JSON object; 400 for anything else (not JSON, too deeply nested, an integer of thousands of
    digits, not an object)."""
    body = await read_body(request, cap)
    try:
        doc = json.loads(body)
    except (ValueError, UnicodeDecodeError) as err:  # JSONDecodeError, and int() refusing a 5,000-digit number
        raise RequestError(400, f"the request body is not JSON ({_short(err)})") from None
    except RecursionError:
        raise RequestError(400, "the request body is JSON nested too deeply") from None
    if not isinstance(doc, dict):
        raise RequestError(400, f"the request body must be a JSON object, got {type(doc).__name__}")
    return doc


def _short(err: Exception) -> str:
    text = str(err)
    return text if len(text) <= 120 else text[:117] + "..."


def shown(v: Any) -> str:
    """A client's value, quoted for an error message, cut short (a 5,000-digit seed is not echoed whole)."""
    try:
        text = repr(v)
    except ValueError:  # an int too long to print
        return "a number of thousands of digits"
    return text if len(text) <= 60 else text[:57] + "..."


def int_field(doc: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    """Field ``key`` as an integer ``lo..hi`` (``default`` when absent; 400 when absent without one or wrong)."""
    v = doc.get(key, default)
    if v is None:
        raise RequestError(400, f"missing field {key!r} (an integer {lo}..{hi})")
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RequestError(400, f"field {key!r} must be an integer {lo}..{hi}, got {shown(v)}")
    return v


def lang_param(request: Request) -> str:
    """The ``lang`` query parameter (``en`` when absent); 400 for a language the text layer does not have."""
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise RequestError(400, f"query parameter lang must be one of {', '.join(LANGS)}, got {shown(lang)}")
    return lang


def query_int(request: Request, key: str) -> int | None:
    """An integer query parameter (None when absent, empty or ``auto``); 400 for anything but ASCII digits."""
    raw = request.query_params.get(key)
    if raw is None or raw in ("", "auto"):
        return None
    if not _DIGITS.fullmatch(raw):
        raise RequestError(400, f"query parameter {key} must be an integer >= 0 or 'auto', got {shown(raw)}")
    return int(raw)


def path_int(request: Request, key: str, hi: int) -> int:
    """A path parameter as an integer ``0..hi``; 400 for anything else (``²``, 5,000 digits, ``-1``)."""
    raw = request.path_params[key]
    if not _DIGITS.fullmatch(raw) or not 0 <= int(raw) <= hi:
        raise RequestError(400, f"{key} must be an integer 0..{hi}, got {shown(raw)}")
    return int(raw)


def seat_tokens(request: Request) -> list[str]:
    """The seat tokens a request holds: the ``X-Seat-Token`` header (several separated by commas or spaces) and
    every ``token`` query parameter; at most a few, each of a sane length."""
    raw = request.headers.get("x-seat-token", "").replace(",", " ").split()
    raw += request.query_params.getlist("token")
    if len(raw) > MAX_TOKENS or any(len(t) > MAX_TOKEN_CHARS for t in raw):
        raise RequestError(400, f"at most {MAX_TOKENS} seat tokens of at most {MAX_TOKEN_CHARS} characters each")
    return raw


def file_in(folder: Path | None, name: Any, what: str) -> Path:
    """A ``.json`` file directly in ``folder`` (no other path reaches the server's files)."""
    if folder is None or not isinstance(name, str) or "/" in name or "\\" in name or name.startswith(".") \
            or not name.endswith(".json") or len(name) > 200 or "\0" in name:
        raise RequestError(400, f"'file' must name a .json {what} in the server's folder, got {shown(name)}")
    return folder / name
