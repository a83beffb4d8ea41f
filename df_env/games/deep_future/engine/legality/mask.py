"""The legal-action mask of the pending decision: the one source of legality for agents, envs and the engine.

``fill_mask(s)`` writes ``s["mask"]`` and ``s["n_legal"]`` from the pending decision ``s["dk"]`` and its context
``s["ctx"]``; the engine calls it once per decision, so reading the mask is free.

This module is only the dispatcher: the filler of each decision kind lives beside the procedure that posts it
(``fill_settle_source`` beside ``proc_settle`` in ``rules/actions/settle.py``; the fillers that carry no rule in
``legality/marks.py``), and the kind's catalogue record names it (``model/decisions.py``, ``fill``).
"""

from __future__ import annotations

from .._jit import njit, njit_inline
from ..model.decisions import CATALOGUE, table_dispatch
from ..rules.actions.battle import fill_battle_from, fill_battle_to
from ..rules.actions.expand import fill_expand_from, fill_expand_to, fill_spacecraft, fill_wonder_use
from ..rules.actions.grow import fill_biology, fill_own_with_room
from ..rules.actions.power import fill_industry
from ..rules.actions.settle import fill_settle_source, fill_world_sector
from ..rules.actions.start import fill_explore_from, fill_explore_to, fill_infra_target, fill_pay_track, fill_start
from ..rules.actions.wrapper import fill_action, fill_boost, fill_pay
from ..rules.advancing import fill_advance_target, fill_chem, fill_circle, fill_pick_line_suit, fill_tech_line
from ..rules.endturn import fill_challenge, fill_rehome, fill_upkeep_card, fill_upkeep_pay
from ..rules.evoke import fill_evoke_empty, fill_evoke_rival, fill_foot_from, fill_foot_to
from ..rules.setup import fill_home_pick
from ..rules.victory import fill_suit_bits, fill_victory
from .marks import fill_any_hand, fill_any_suit, fill_any_track, fill_count_range

FILLERS = (fill_action, fill_advance_target, fill_any_hand, fill_any_suit, fill_any_track, fill_battle_from,
           fill_battle_to, fill_biology, fill_boost, fill_challenge, fill_chem, fill_circle, fill_count_range,
           fill_evoke_empty, fill_evoke_rival, fill_expand_from, fill_expand_to, fill_explore_from, fill_explore_to,
           fill_foot_from, fill_foot_to, fill_home_pick, fill_industry, fill_infra_target, fill_own_with_room,
           fill_pay, fill_pay_track, fill_pick_line_suit, fill_rehome, fill_settle_source, fill_spacecraft,
           fill_start, fill_suit_bits, fill_tech_line, fill_upkeep_card, fill_upkeep_pay, fill_victory,
           fill_wonder_use, fill_world_sector)  # every filler the catalogue names (a test checks)


@njit_inline
def fill_mask(s):
    """Compute the legal actions of the pending decision into ``s["mask"]``; returns how many there are."""
    s["mask"][:] = 0
    dk = s["dk"]
    if dk != 0:
        _fill(dk, s, s["dplayer"], s["ctx"])
    n = 0
    for v in s["mask"]:
        if v:
            n += 1
    s["n_legal"] = n
    return n


# _fill(dk, s, p, ctx) calls the filler of kind dk that its catalogue record names (generated: see table_dispatch)
_fill = njit(table_dispatch("_fill", "s, p, ctx", [d.filler[1] for d in CATALOGUE], globals()))
