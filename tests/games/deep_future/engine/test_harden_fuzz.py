"""Every bad input gets a clear error (issue 11, finding 2): the position, campaign and game-log readers raise only
their documented error types, naming the field, for mutated real documents (property tests, hypothesis) and for
the malformations the issue found. ``experiments/fuzz_inputs.py`` runs the same mutators 100,000 times per kind."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.scripts import load_script

from df_env.gamelog import GameLogError, final_state, load_log
from df_env.games.deep_future import engine
from df_env.games.deep_future.campaign.files import CampaignFileError, load_campaign

fuzz = load_script("fuzz_inputs.py")



def fast(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def position_texts() -> list[str]:
    return fuzz.positions()


@pytest.fixture(scope="module")
def campaign_text() -> str:
    return fuzz.campaign_text()


@pytest.fixture(scope="module", params=["deep_future", "galactic_civ_events"])
def log_text(request: pytest.FixtureRequest) -> str:
    """A finished game's log: Deep Future's, and Galactic Civ's with the Events deck (a config with options)."""
    return fuzz.log_text() if request.param == "deep_future" else fuzz.gc_events_log_text()


def first_evoke(texts: list[str]) -> dict[str, Any]:
    return json.loads(next(t for t in texts if '"EVOKE"' in t and '"events": [[' in t))


def test_the_issue_examples_raise_position_errors_naming_the_field(position_texts: list[str]) -> None:
    doc = first_evoke(position_texts)
    assert engine.from_json(json.dumps(doc)) is not None  # the real position reloads (EVOKE taken this turn)
    bad = json.loads(json.dumps(doc))
    bad["engine"]["events"][0][0] = []  # an unhashable entry where an event code belongs
    with pytest.raises(engine.PositionError, match=r"engine\.events\[0\]\[0\]: expected an integer"):
        engine.from_json(json.dumps(bad))
    bad["engine"]["events"][0][0] = "NOPE"
    with pytest.raises(engine.PositionError, match=r"engine\.events\[0\]\[0\]: \"NOPE\" is not an event name"):
        engine.from_json(json.dumps(bad))
    with pytest.raises(engine.PositionError, match="nested too deeply"):
        engine.from_json("[" * 100_000 + "]" * 100_000)
    text = json.dumps(doc).replace('"turn": ', '"turn": ' + "9" * 5000 + ", \"x\": ", 1)
    with pytest.raises(engine.PositionError, match="not a valid position"):
        engine.from_json(text)
    doc["header"]["players"] = 4
    with pytest.raises(engine.PositionError, match=r"header\.players: 4 is out of range 1\.\.3"):
        engine.from_json(json.dumps(doc))
    with pytest.raises(engine.PositionError, match="not UTF-8"):
        engine.from_json(b'{"format": "\xff"}')


@fast(800)
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_positions_raise_only_position_errors(position_texts: list[str], seed: int) -> None:
    rng = random.Random(seed)
    text = rng.choice(position_texts)
    data = fuzz.mutate(json.loads(text), text, rng)
    try:
        engine.from_json(data)
    except engine.PositionError as e:
        assert "malformed" not in str(e)  # every malformation is caught by a field check that names the field


@fast(500)
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_campaign_files_raise_only_campaign_file_errors(campaign_text: str, seed: int,
                                                                tmp_path_factory: pytest.TempPathFactory) -> None:
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("fuzz") / "c.json"
    path.write_bytes(fuzz.mutate(json.loads(campaign_text), campaign_text, rng))
    try:
        load_campaign(path)
    except CampaignFileError as e:
        assert str(path) in str(e) and "malformed" not in str(e)


@fast(600)
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_game_logs_raise_only_game_log_errors(log_text: str, seed: int,
                                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("fuzz") / "g.json"
    path.write_bytes(fuzz.mutate(json.loads(log_text), log_text, rng))
    try:
        final_state(load_log(path))
    except GameLogError as e:
        assert "malformed" not in str(e)
