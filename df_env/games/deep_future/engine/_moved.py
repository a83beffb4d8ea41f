"""Old module paths of the engine (before the sub-packages, see docs/architecture.md) kept as aliases: importing
``df_env.engine.position`` (or ``df_env.games.deep_future.engine.position``) gives the module
``df_env.games.deep_future.engine.io.position`` itself. Tools that left the installed package fail with a message
naming their new place (the test helpers); the doc writers are Deep Future's tools package again."""

from __future__ import annotations

import sys

from df_env.core.moved import install_aliases

_E = "df_env.games.deep_future.engine"
MOVED = {f"{_E}.{old}": new for old, new in {
    **{m: f"{_E}.model.{m}" for m in ("constants", "state", "layout", "rng", "events", "names")},
    **{m: f"{_E}.rules.{m}" for m in ("flow", "frames", "setup", "actions", "advancing", "evoke", "endturn",
                                      "victory", "board", "cards")},
    "mask": f"{_E}.legality.mask", "queries": f"{_E}.legality.queries",
    "determinize": f"{_E}.observation.determinize",
    "cardtext": f"{_E}.text.cardtext", "eventtext": f"{_E}.text.eventtext",
    "position": f"{_E}.io.position", "position_read": f"{_E}.io.position_read",
    "position_schema": f"{_E}.io.position_schema",
    "campaign": "df_env.games.deep_future.campaign.core", "campaign_format": "df_env.games.deep_future.campaign.format",
    "campaign_io": "df_env.games.deep_future.campaign.files",
    "campaign_ops": "df_env.games.deep_future.campaign.commands",
    # the doc and golden-file writers: in the engine, then tools/ (not installed), now the game's tools package
    **{m: f"df_env.games.deep_future.tools.{m}" for m in ("docgen", "statedoc", "playthrough")},
}.items()}
LEFT = {f"{_E}.invariants": "tests/support/invariants.py"}


def install() -> None:
    """Register the aliases (once); modules already imported are aliased at once."""
    install_aliases(MOVED, LEFT)
    engine = sys.modules[_E]
    for old, new in MOVED.items():
        if new in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])
            leaf = old.rpartition(".")[2]
            if not hasattr(engine, leaf):  # engine.layout, engine.constants ... as before (engine.determinize stays
                setattr(engine, leaf, sys.modules[new])  # the function)
