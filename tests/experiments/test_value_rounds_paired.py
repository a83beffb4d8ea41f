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
    out = capsys.readouterr().out
    assert f"{wf}/8 against {wh}/8" in out and f"(sign test p = {paired.sign_test(only_h, only_f):.3f})" in out


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



def test_a_bad_file_stops_the_run_before_any_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paired = _paired()
    heur = _bench(tmp_path, "heuristic", 3)
    capsys.readouterr()  # the bench's own table
    with pytest.raises(SystemExit, match="missing.json: not a df-env bench JSON file"):
        paired.main([str(heur), str(heur), str(tmp_path / "missing.json")])
    assert capsys.readouterr().out == ""  # no half of a comparison: every file is read first


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


def _table_bench(tmp_path: Path, agents: list[str], games: int) -> Path:
    out = tmp_path / "_".join(agents)
    assert df_env(["bench", "--no-progress", "--no-ladder", "--players", "2", "--agents", *agents, "--games",
                   str(games), "--seed", "4", "-j", "1", "--out", str(out)]) == 0
    return out.with_suffix(".json")


def test_pairs_two_player_runs_by_seating_and_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At a table the first agent's games are matched by seating and deal, and only against the same opponent."""
    paired = _paired()
    heur = _table_bench(tmp_path, ["heuristic", "random"], 6)
    first = _table_bench(tmp_path, ["first", "random"], 4)
    opponent, h = paired.table_wins(heur)
    assert opponent == "random" and len(h) == 12 and {seating for seating, _ in h} == {0, 1}
    report = json.loads(heur.read_text())
    for g in report["games"]:  # the first agent's win, whichever seat it had
        assert h[(g["seating"], g["seed"])] == (g["winner"] == g["agents"].index(0))
    _, f = paired.table_wins(first)
    assert f.keys() <= h.keys()  # the same seed deals the same first games of each seating
    assert paired.main([str(heur), str(first)]) == 0
    assert f"{sum(f.values())}/8 against {sum(h[k] for k in f)}/8" in capsys.readouterr().out
    other = _table_bench(tmp_path, ["first", "heuristic"], 1)
    with pytest.raises(SystemExit, match="against the same second agent"):
        paired.main([str(heur), str(other)])
    with pytest.raises(SystemExit, match="needs a solo run of one agent"):
        paired.main([str(_bench(tmp_path, "first", 2)), str(heur)])
    with pytest.raises(SystemExit, match="needs a run of two agents at a table"):
        paired.main([str(heur), str(_bench(tmp_path, "first", 2))])
    report["games"][0]["winner"] = True  # json's true is not a seat
    heur.write_text(json.dumps(report))
    with pytest.raises(SystemExit, match="not a df-env bench JSON file"):
        paired.table_wins(heur)


_TABLE_GAMES = st.fixed_dictionaries({"seating": st.integers(0, 1), "seed": st.integers(0, 2**64 - 1),
                                      "agents": st.sampled_from([[0, 1], [1, 0], [0, 0], [1, 1]]),
                                      "winner": st.integers(-1, 2) | st.booleans() | st.none()})
_TABLE_REPORTS = st.fixed_dictionaries({"config": st.fixed_dictionaries({"num_players": st.integers(1, 3)}),
                                        "labels": st.lists(st.text(max_size=4), min_size=1, max_size=3),
                                        "games": st.lists(_TABLE_GAMES, max_size=4)})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=_TABLE_REPORTS | _REPORTS | _JSON, raw=st.booleans(), junk=st.binary(max_size=40),
       game=st.dictionaries(st.sampled_from(["seed", "winner", "seating", "agents"]), _JSON))
def test_any_file_is_read_or_refused_at_a_table_too(tmp_path: Path, doc: object, raw: bool, junk: bytes,
                                                    game: dict) -> None:
    """Fuzzed input (hypothesis), as above for ``table_wins``: results by (seating, seed) or a message naming the
    file, never another failure."""
    paired = _paired()
    if isinstance(doc, dict) and isinstance(doc.get("games"), list) and game:
        doc["games"].append(game)  # a malformed game among well-formed ones
    f = tmp_path / "fuzz.json"
    f.write_bytes(junk if raw else json.dumps(doc).encode())
    try:
        _, wins = paired.table_wins(f)
    except SystemExit as e:
        assert str(f) in str(e)
        return
    assert all(isinstance(s, int) and isinstance(d, int) and isinstance(v, bool) for (s, d), v in wins.items())
