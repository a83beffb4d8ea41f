"""The page's words for the hint, the replay's ratings, "was this deal winnable?" and the readable board, in English
and Chinese (merged into :func:`df_env.web.i18n.bundle`'s ``ui``; the Chinese terms those of the v1.6 rulebook)."""

from __future__ import annotations

import json
from importlib import resources

_WORDS = json.loads(resources.files("df_env.games.deep_future.web").joinpath("data/words.json").read_text("utf-8"))
ANALYSIS_UI: dict[str, dict[str, str]] = _WORDS["analysis_ui"]  # data: web/data/words.json
