"""Deep Future's repository tools: the writers of its generated docs (``docs/actions.md``, ``docs/state.md``) and
of its golden playthroughs. They write into the checkout they are imported from, so run them from a clone::

    python -m df_env.games.deep_future.tools.docgen        # docs/actions.md
    python -m df_env.games.deep_future.tools.statedoc      # docs/state.md
    python -m df_env.games.deep_future.tools.playthrough   # the golden playthroughs of the tests
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[4]  # df_env/games/deep_future/tools -> the checkout
