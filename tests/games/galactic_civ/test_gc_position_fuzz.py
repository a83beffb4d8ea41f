"""Hypothesis fuzz of Galactic Civ's position reader: mutated positions and arbitrary text are either refused with a
GameError or read into a state the engine plays on from (never a crash, a hang or an empty mask)."""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from df_env.core.errors import GameError
from df_env.games.galactic_civ import GAME as G


def _positions() -> list[dict[str, Any]]:
    out = []
    for n, ev, seed in ((2, False, 0), (3, True, 1), (6, True, 2)):
        s = G.new_game(G.make_config(n, events=ev), seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not G.is_terminal(s):
            if k % 23 == 0:
                out.append(json.loads(G.to_json(s)))
            G.apply_action(s, int(rng.choice(G.legal_actions(s))))
            k += 1
        out.append(json.loads(G.to_json(s)))
    return out


POSITIONS = _positions()
EXAMPLES = int(os.environ.get("GC_FUZZ_EXAMPLES", "300"))  # a longer hunt: GC_FUZZ_EXAMPLES=5000
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 130) | st.sampled_from(
    ["Construction", "play", "Scout Ships", "Terran Alliance", "Morale", "Xenophobes", "draw", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def _paths(d: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d[:8]):
            out += _paths(v, prefix + (i,))
    return out


def _set(d: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    d[path[0]] = _set(d[path[0]], path[1:], value)
    return d


def _plays_on(s: np.ndarray) -> None:
    rng = np.random.default_rng(0)
    for _ in range(60):
        if G.is_terminal(s):
            return
        legal = G.legal_actions(s)
        assert len(legal) > 0
        G.render(s)
        G.apply_action(s, int(rng.choice(legal)))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(POSITIONS) - 1), st.data())
def test_mutated_positions(i: int, data: st.DataObject) -> None:
    d = json.loads(json.dumps(POSITIONS[i]))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(d)
        path = paths[data.draw(st.integers(0, len(paths) - 1))]
        d = _set(d, path, data.draw(JSON_VALUES))
    try:
        s = G.from_json(json.dumps(d))
    except GameError:
        return
    _plays_on(s)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(max_size=40) | st.binary(max_size=40))
def test_arbitrary_text(text: str | bytes) -> None:
    try:
        s = G.from_json(text)
    except GameError:
        return
    _plays_on(s)


def test_clear_errors_for_bad_positions() -> None:
    """The reader names the field that is wrong and what is allowed."""
    from support.gc_position import doc

    cases = [
        ({"players": 7}, "players must be an integer 2..6"),
        ({"phase": "Lunch"}, "unknown phase 'Lunch'"),
        ({"discard": ["Scout Ships"]}, "exactly one of the deck"),
        ({"forced_dice": [11]}, "forced_dice"),
        ({"decision": "expand", "decider": 0}, "asks only"),
        ({"phase": "Approval", "decision": "pick", "decider": 0}, "a pick in the Approval Phase"),
        ({"rng": [0, 0, 0, 0]}, "rng"),
    ]
    for change, message in cases:
        d = {**doc(), **change}
        with pytest.raises(GameError, match=message):
            G.from_json(json.dumps(d))
    d = doc()
    del d["deck"]
    with pytest.raises(GameError, match="missing \\['deck'\\]"):
        G.from_json(json.dumps(d))
    d = doc()
    d["seats"][1]["race"] = "Klingons"
    with pytest.raises(GameError, match="unknown race 'Klingons'"):
        G.from_json(json.dumps(d))
