"""Galactic Civ's repository tools: the writers of its generated docs (``docs/galactic_civ/``: state, actions, rules
coverage) and of its golden playthroughs. They write into the checkout they are imported from, so run them from a
clone::

    python -m df_env.games.galactic_civ.tools.docs          # docs/galactic_civ/state.md and actions.md
    python -m df_env.games.galactic_civ.tools.coverage      # docs/galactic_civ/coverage.md
    python -m df_env.games.galactic_civ.tools.playthrough   # the golden playthroughs of the tests
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[4]  # df_env/games/galactic_civ/tools -> the checkout
