"""``experiments/value_rounds/paired.py``: deal-by-deal comparison of solo ``df-env bench`` runs."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.scripts import load_script

from df_env.cli import main as df_env


def _paired() -> ModuleType:
    return load_script("value_rounds/paired.py")


def _bench(tmp_path: Path, agent: str, games: int) -> Path:
    out = tmp_path / agent
    assert df_env(["bench", "--no-progress", "--no-ladder", "--agents", agent, "--games", str(games), "--seed", "4",
                   "-j", "1", "--out", str(out)]) == 0
    return out.with_suffix(".json")


def test_counts_the_deals_won_by_one_agent_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paired = _paired()
    heur, first = _bench(tmp_path, "heuristic", 12), _bench(tmp_path, "first", 8)
    h, f = paired.solo_wins(heur), paired.solo_wins(first)
    assert len(h) == 12 and len(f) == 8 and f.keys() <= h.keys()  # the same seed deals the same first games
    n, wh, wf, only_h, only_f = paired.compare(h, f)
    assert n == 8 and wh == sum(h[s] for s in f) and wf == sum(f.values())
    assert wh - only_h == wf - only_f  # the deals both won
    assert paired.main([str(heur), str(first)]) == 0
    assert f"{wf}/8 against {wh}/8" in capsys.readouterr().out


def test_refuses_what_is_not_a_solo_bench_file(tmp_path: Path) -> None:
    paired = _paired()
    bad = tmp_path / "bad.json"
    bad.write_text("{\"games\": 3}")
    with pytest.raises(SystemExit, match="not a df-env bench JSON file"):
        paired.solo_wins(bad)
    two = json.loads(_bench(tmp_path, "first", 2).read_text())
    two["config"]["num_players"] = 2
    bad.write_text(json.dumps(two))
    with pytest.raises(SystemExit, match="needs a solo run of one agent"):
        paired.solo_wins(bad)
    two["config"]["num_players"] = 1
    two["games"][0]["seed"] = float("inf")  # json writes Infinity, and reads it back as a float
    bad.write_text(json.dumps(two))
    with pytest.raises(SystemExit, match="not a df-env bench JSON file"):
        paired.solo_wins(bad)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4),
                     max_leaves=20)
_REPORTS = st.fixed_dictionaries({"config": st.fixed_dictionaries({"num_players": st.integers(0, 3)}) | _JSON,
                                  "labels": st.lists(st.text(max_size=4), max_size=2) | _JSON,
                                  "games": st.lists(st.dictionaries(st.sampled_from(["seed", "winner"]), _JSON),
                                                    max_size=4) | _JSON})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=_REPORTS | _JSON, raw=st.booleans(), junk=st.binary(max_size=40))
def test_any_file_is_read_or_refused_with_a_clear_error(tmp_path: Path, doc: object, raw: bool, junk: bytes) -> None:
    """Fuzzed input (hypothesis): whatever the file holds, ``solo_wins`` returns wins by seed or exits with a
    message naming the file; it never fails another way."""
    paired = _paired()
    f = tmp_path / "fuzz.json"
    f.write_bytes(junk if raw else json.dumps(doc).encode())
    try:
        wins = paired.solo_wins(f)
    except SystemExit as e:
        assert str(f) in str(e)
        return
    assert all(isinstance(k, int) and isinstance(v, bool) for k, v in wins.items())
