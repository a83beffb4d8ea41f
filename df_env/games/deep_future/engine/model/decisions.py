"""The decision catalogue: one record per decision kind (the ``D_*`` codes of :mod:`.layout`, in code order).

A record holds everything about a kind that is not the rule itself:

* ``name``: ``D_<name>`` in code; also its key wherever decisions are named in text (position files' ``kind``,
  the web client's titles, ``docs/actions.md``);
* ``blocks``: the action blocks it may use, e.g. ``"number, special:generate"`` (``docs/actions.md``; a test
  checks the mask never leaves them);
* ``context``: what ``ctx[0]`` and ``ctx[1]`` are about, as context kinds ``K_*`` (the observation encodes the
  context by them); the words are ``text.render.CONTEXT_DOCS``;
* ``fill``: its mask filler ``fill(s, p, ctx)``, which marks the legal choices, as ``<module>.<function>`` under
  ``df_env.games.deep_future.engine``: it lives beside the procedure that posts the decision (``rules.actions.settle.
  fill_settle_source`` beside ``proc_settle``), or in ``legality.marks`` when it carries no rule (any hand card,
  a count range); ``legality/mask.py`` calls it through a dispatch built from this table (:func:`table_dispatch`);
* ``doc``: what is asked, one line (the English wording of ``text.decision_to_string``).

The procedure that posts a decision (``ask(..., D_<name>, ...)``) lives in ``rules/``; its action strings and
context wording in ``text/render.py`` (keyed by the code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

# ---------------------------------------------------------------------------------------------- context kinds
K_NONE, K_CARD, K_SECTOR, K_SECTOR2, K_SUIT, K_ACTION, K_ADV, K_VALUE, K_FLAG, K_BITS, K_CHEM = range(11)
CONTEXT_KIND_NAMES = ("none", "card", "sector", "second sector", "suit", "action", "advancement", "value", "flag",
                      "bits", "Chemistry value")
_NO = (K_NONE, K_NONE)


class Decision(NamedTuple):
    """One decision kind (see the module docstring)."""

    name: str
    blocks: str
    context: tuple[int, int]
    fill: str
    doc: str

    @property
    def filler(self) -> tuple[str, str]:
        """The filler's module (under ``df_env.games.deep_future.engine``) and function name; ``("", "")`` for none."""
        module, _, fn = self.fill.rpartition(".")
        return module, fn


# ---------------------------------------------------------------------------------------------- the catalogue
CATALOGUE: tuple[Decision, ...] = (
    Decision("NONE", "", _NO, "", "no decision: the game is over"),
    Decision("HOME_PICK", "reveal", (K_FLAG, K_NONE), "rules.setup.fill_home_pick",
             "setup: pick a homeworld among the five discarded cards (1.7)"),
    Decision("CIRCLE", "number, special:generate", (K_CARD, K_SUIT), "rules.advancing.fill_circle",
             "choose the advancement of this suit (circle it) or generate it (R14)"),
    Decision("CHEM", "special:keep/redraw", (K_FLAG, K_CHEM), "rules.advancing.fill_chem",
             "Chemistry: keep the drawn suit/number or redraw it (R14)"),
    Decision("PICK_LINE_SUIT", "suit, special:generate", (K_CARD, K_VALUE), "rules.advancing.fill_pick_line_suit",
             "EVOKE skull: pick this new tech line's suit or generate it (R17)"),
    Decision("START", "advancement, tableau, hand, special:pass", _NO, "rules.actions.start.fill_start",
             "start phase: use a start advancement, consume a settled world or hand tech for its start advancements, "
             "or end the start phase (R9-R10)"),
    Decision("DISCARD", "hand", _NO, "legality.marks.fill_any_hand", "Computation: discard a card"),
    Decision("PAY_TRACK", "track", (K_ADV, K_NONE), "rules.actions.start.fill_pay_track",
             "reduce a track by 1 to pay for the advancement (R4)"),
    Decision("INFRA_TARGET", "tableau", _NO, "rules.actions.start.fill_infra_target",
             "Infrastructure: the homeworld or tech that receives the upkeep cube"),
    Decision("EXPLORE_FROM", "sector", _NO, "rules.actions.start.fill_explore_from",
             "Exploration: the sector a cube leaves"),
    Decision("EXPLORE_TO", "sector", (K_SECTOR, K_NONE), "rules.actions.start.fill_explore_to",
             "Exploration: the adjacent empty sector it enters"),
    Decision("ACTION", "action, special:pass", _NO, "rules.actions.wrapper.fill_action",
             "choose an action, or end the action phase (R12)"),
    Decision("PAY", "hand", (K_ACTION, K_NONE), "rules.actions.wrapper.fill_pay",
             "the hand card that pays for the chosen action"),
    Decision("BOOST", "tableau, hand, special:pass", (K_ACTION, K_NONE), "rules.actions.wrapper.fill_boost",
             "consume a settled world or complete hand tech for its advancements of this action, or go on (R10)"),
    Decision("INDUSTRY", "hand, special:pass", _NO, "rules.actions.power.fill_industry",
             "Industry: discard a card to draw 2, or decline"),
    Decision("SETTLE_SOURCE", "line, hand, special:new_world", _NO, "rules.actions.settle.fill_settle_source",
             "SETTLE: where the world comes from (R13)"),
    Decision("WORLD_SECTOR", "sector", _NO, "rules.actions.settle.fill_world_sector",
             "the controlled sector of a new world"),
    Decision("GROW_TARGET", "sector", _NO, "rules.actions.grow.fill_own_with_room",
             "GROW: the sector receiving the cubes (R27)"),
    Decision("BIOLOGY", "sector, special:pass", (K_SECTOR, K_NONE), "rules.actions.grow.fill_biology",
             "Biology: another sector for one extra cube, or decline"),
    Decision("ADVANCE_TARGET", "tableau, special:deck/pass", (K_FLAG, K_NONE), "rules.advancing.fill_advance_target",
             "ADVANCE: the card to advance, or draw from the deck (R14); a conquest's free ADVANCE may pass (R47)"),
    Decision("TECH_LINE", "suit", (K_CARD, K_NONE), "rules.advancing.fill_tech_line",
             "the empty advancement line (by its suit) to fill"),
    Decision("BATTLE_FROM", "sector, special:pass", (K_VALUE, K_NONE), "rules.actions.battle.fill_battle_from",
             "BATTLE: your sector of the next pair, or stop (R15)"),
    Decision("BATTLE_TO", "sector", (K_SECTOR, K_NONE), "rules.actions.battle.fill_battle_to",
             "BATTLE: the adjacent sector with rival cubes"),
    Decision("BATTLE_COUNT", "count", (K_VALUE, K_VALUE), "legality.marks.fill_count_range",
             "BATTLE: how many of your cubes to remove"),
    Decision("BATTLE_DEFENSE", "count", (K_VALUE, K_VALUE), "legality.marks.fill_count_range",
             "BATTLE: how many Defense to spend on this pair"),
    Decision("TRACK_GAIN", "track", _NO, "legality.marks.fill_any_track", "the track to raise by 1"),
    Decision("EXPAND_FROM", "sector", _NO, "rules.actions.expand.fill_expand_from", "EXPAND: the source sector (R16)"),
    Decision("EXPAND_TO", "sector", (K_SECTOR, K_NONE), "rules.actions.expand.fill_expand_to",
             "EXPAND: the destination"),
    Decision("EXPAND_COUNT", "count", (K_VALUE, K_VALUE), "legality.marks.fill_count_range",
             "EXPAND: how many cubes move"),
    Decision("SPACECRAFT", "sector, special:pass", (K_SECTOR, K_NONE), "rules.actions.expand.fill_spacecraft",
             "Spacecraft: another destination for one more cube, or decline"),
    Decision("WONDER_USE", "hand, special:pass", (K_SECTOR, K_NONE), "rules.actions.expand.fill_wonder_use",
             "a wonder was entered: discard a card of its suit for its effect"),
    Decision("PLAN_SUIT", "suit", _NO, "legality.marks.fill_any_suit", "PLAN: the suit of the new card"),
    Decision("UPKEEP_CARD", "tableau, special:pass", _NO, "rules.endturn.fill_upkeep_card",
             "payment phase: the card to pay upkeep for, or stop paying (R18)"),
    Decision("UPKEEP_PAY", "hand", (K_CARD, K_NONE), "rules.endturn.fill_upkeep_pay",
             "payment phase: the hand card that pays it"),
    Decision("CHALLENGE", "hand, tableau, special:fail", (K_SUIT, K_NONE), "rules.endturn.fill_challenge",
             "meet the revealed challenge, or fail it (R19)"),
    Decision("REHOME", "tableau", _NO, "rules.endturn.fill_rehome",
             "your homeworld's sector was lost: pick a settled world as new homeworld (R22)"),
    Decision("VICTORY", "victory", (K_BITS, K_NONE), "rules.victory.fill_victory",
             "you won: which victory type applies (R26)"),
    Decision("CIV_SUIT", "suit", (K_BITS, K_NONE), "rules.victory.fill_suit_bits",
             "the Table 4 suit of your civilization card (R26)"),
    Decision("WONDER_SUIT", "suit", (K_BITS, K_NONE), "rules.victory.fill_suit_bits", "the suit of your wonder (R26)"),
    Decision("EVOKE_EMPTY", "sector", _NO, "rules.evoke.fill_evoke_empty",
             "EVOKE Territory: the empty adjacent sector for 1 cube (R17)"),
    Decision("EVOKE_OWN", "sector", _NO, "rules.actions.grow.fill_own_with_room",
             "EVOKE: a controlled sector to receive cubes (R17)"),
    Decision("EVOKE_RIVAL", "sector", _NO, "rules.evoke.fill_evoke_rival",
             "EVOKE hand: the adjacent sector to lose 1 rival cube"),
    Decision("FOOT_FROM", "sector", _NO, "rules.evoke.fill_foot_from", "EVOKE foot: the source sector"),
    Decision("FOOT_TO", "sector", (K_SECTOR, K_SECTOR2), "rules.evoke.fill_foot_to",
             "EVOKE foot: a destination adjacent to the source"),
    Decision("FOOT_COUNT", "count", (K_VALUE, K_VALUE), "legality.marks.fill_count_range",
             "EVOKE foot: how many cubes move there"),
)
NUM_DECISIONS = len(CATALOGUE)

# Derived views (the catalogue is their one source).
DECISIONS: list[tuple[str, str, str]] = [(d.name, d.blocks, d.doc) for d in CATALOGUE]  # (name, blocks, what is asked)
DECISION_NAMES: tuple[str, ...] = tuple(d.name for d in CATALOGUE)
CTX_KIND = np.array([d.context for d in CATALOGUE], dtype=np.int64)  # CTX_KIND[dk] = kinds of (ctx[0], ctx[1])


# ---------------------------------------------------------------------------------------------- table dispatch
def table_dispatch(name: str, params: str, table: Sequence[Callable[..., Any] | str], namespace: dict[str, Any],
                   default: str = "") -> Callable[..., Any]:
    """A plain function ``name(key, <params>)`` that calls ``table[key](<params>)`` and returns its result
    (``default(<params>)`` for a key with an empty entry or outside the table; nothing if no default). An entry is
    a function of ``namespace`` or its name there.

    Compiled code cannot index a table of functions, so the table becomes generated source (one ``if key == k``
    per entry, which the compiler turns into a jump table), executed in ``namespace`` (the calling module's
    globals, where the functions are found) under the module's file name (so that numba can cache the compiled
    dispatch with the module). The source is kept as ``fn.dispatch_source``. Wrap the result with ``njit``.
    """
    if not name.isidentifier() or not all(p.strip().isidentifier() for p in params.split(",")):
        raise ValueError(f"table_dispatch: bad function name or parameters {name!r}, {params!r}")
    lines = [f"def {name}(key, {params}):"]
    for key, entry in enumerate(table):
        fn = entry if isinstance(entry, str) else getattr(entry, "py_func", entry).__name__
        if fn and (fn not in namespace or not (isinstance(entry, str) or namespace[fn] is entry)):
            raise ValueError(f"table_dispatch {name}: entry {key} ({fn!r}) is not a function of the namespace")
        if fn:
            lines += [f"    if key == {key}:", f"        return {fn}({params})"]
    if default:
        lines.append(f"    return {default}({params})")
    elif len(lines) == 1:
        lines.append("    return None")
    source = "\n".join(lines) + "\n"
    exec(compile(source, namespace.get("__file__", "<table_dispatch>"), "exec"), namespace)
    fn = namespace[name]
    fn.dispatch_source = source
    return fn
