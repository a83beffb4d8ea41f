"""Golden playthroughs: seeded random games written as text; a behaviour change of the engine shows as a diff.
After an intended change, rewrite them with ``python -m df_env.games.deep_future.tools.playthrough --update``
and review the diff."""

from __future__ import annotations

import difflib

import pytest

from df_env.games.deep_future.tools.playthrough import GOLDEN, golden_path, playthrough


@pytest.mark.parametrize("n_players,seed", GOLDEN)
def test_playthrough_matches_golden_file(n_players: int, seed: int) -> None:
    expected = golden_path(n_players, seed).read_text()
    actual = playthrough(n_players, seed)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
    assert actual == expected, f"playthrough changed:\n{diff[:4000]}"
    assert actual.count("decision:") >= 5


def test_state_doc_is_up_to_date() -> None:
    from df_env.games.deep_future.tools import statedoc

    assert statedoc.DOC_PATH.read_text() == statedoc.generate(), "run python -m df_env.games.deep_future.tools.statedoc"
