"""``oracle``: a CHEAT that sees hidden cards, the clairvoyant reference of solo analysis.

The search of :mod:`agents.deep_future.mcts` (the same options, the same selection, expansion, heuristic rollouts and
values), but every iteration starts from the **true state**: the deck order, the challenge pile and the game's generator
are left as they are, so the search knows every future draw. It is no player of the game: no person or honest agent can
see what it sees. It measures how many deals can be won at all (the ceiling above the honest agents): in 100 solo deals
it won every one at 400 iterations a decision (issue 28; docs/ceiling.md).

Allowed only where it cheats nobody: solo benchmarks (``df-env bench --agents oracle`` or ``--ceiling``) and the
analysis of a played deal (:func:`df_env.games.deep_future.analysis.winnable`). It is refused as a seat of a multiplayer
game (benchmarks, ``df-env play`` opponents, the environments' opponents, the web server's agent seats: a clear
:class:`~agents.base.AgentSpecError`), and its ladder games are rated apart (the "ceiling" row of ``df-env ladder``).

Example:
    >>> from df_env.games.deep_future import engine
    >>> from agents import make_agent
    >>> s = engine.new_game(engine.GameConfig(1), seed=0)
    >>> policy = make_agent("oracle:iters=20,turns=1").as_policy(0, 0)
    >>> bool(engine.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

from agents.base import Option, build_options

from .mcts import OPTIONS as MCTS_OPTIONS
from .mcts import MCTSAgent

OPTIONS: dict[str, Option] = dict(MCTS_OPTIONS)
OPTIONS["iters"] = Option(MCTS_OPTIONS["iters"].parse, 400, "search iterations per decision")

SUMMARY = ("CHEAT, sees hidden cards (deck order, the game's generator): the clairvoyant reference, the mcts "
           "search over the true state; solo benchmarks and analysis only")


class OracleAgent(MCTSAgent):
    """:class:`~agents.deep_future.mcts.MCTSAgent` searching the true state (no canonical root, no determinization)."""

    clairvoyant = True


def make(spec: str, raw: dict[str, str]) -> OracleAgent:
    opts = build_options("oracle", raw, OPTIONS)
    return OracleAgent(spec, **opts)  # type: ignore[arg-type]
