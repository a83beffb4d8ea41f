"""Galactic Civ's golden playthroughs: seeded random games written as text; a behaviour change of the engine shows
as a diff. After an intended change, rewrite them with
``python -m df_env.games.galactic_civ.tools.playthrough --update`` and review."""

from __future__ import annotations

import difflib

import pytest

from df_env.games.galactic_civ.tools.playthrough import GOLDEN, golden_path, playthrough


@pytest.mark.parametrize("n_players,seed,events", GOLDEN)
def test_playthrough_matches_golden_file(n_players: int, seed: int, events: bool) -> None:
    expected = golden_path(n_players, seed, events).read_text()
    actual = playthrough(n_players, seed, events)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
    assert actual == expected, f"playthrough changed:\n{diff[:4000]}"
    assert actual.count("decision:") >= 50 and "returns:" in actual
