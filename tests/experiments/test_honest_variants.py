"""experiments/honest_variants.py: the ensemble and PIMC players are honest, deterministic, and read their
options strictly."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from support.scripts import load_script

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation.determinize import determinize


@pytest.fixture(scope="module")
def hv() -> ModuleType:
    return load_script("honest_variants.py")


def _midgame(seed: int, moves: int) -> np.ndarray:
    s = engine.new_game(engine.GameConfig(num_players=1), seed)
    for _ in range(moves):
        engine.apply_action(s, int(np.flatnonzero(engine.legal_mask(s))[0]))
    return s


@pytest.mark.parametrize("variant", ["pimc:worlds=2,iters=8", "ensemble:mcts=8,w=1"])
def test_the_choice_depends_on_nothing_the_player_cannot_see(hv: ModuleType, variant: str) -> None:
    """An attacker's check: the same visible position with other hidden cards (deck order, generator) must get the
    same moves from the same seed, so nothing hidden reaches the searches."""
    for moves in (1, 3, 9):
        s = _midgame(5, moves)
        other = determinize(s, player=0, rng=np.random.default_rng(moves))
        assert other.tobytes() != s.tobytes()  # the hidden cards did change
        mask = engine.legal_mask(s)
        scores = [hv.player(variant, "net-mcts:iters=8", 11).scores(x, mask) for x in (s, other, s)]
        assert (scores[0] == scores[1]).all() and (scores[0] == scores[2]).all()
        assert scores[0][mask].sum() > 0 and (scores[0][~mask] == 0).all()


def test_a_deal_is_a_function_of_its_seed(hv: ModuleType) -> None:
    for variant in ("base", "pimc:worlds=2,iters=4", "ensemble:mcts=4,w=0.5"):
        a, b = (hv.play(variant, "net-mcts:iters=4", 41, 3) for _ in range(2))
        assert (a["won"], a["decisions"]) == (b["won"], b["decisions"]) and a["decisions"] > 0


def test_options_are_read_strictly(hv: ModuleType) -> None:
    assert hv.parse_variant("pimc") == ("pimc", {"worlds": 8, "iters": 100})
    assert hv.parse_variant("ensemble:w=0.25") == ("ensemble", {"mcts": 120, "w": 0.25})
    for bad, says in (("oracle", "unknown variant 'oracle'"), ("pimc:depth=3", "bad option 'depth=3'"),
                      ("pimc:worlds=0", "worlds must be an integer >= 1"), ("ensemble:w=-1", "w must be >= 0"),
                      ("pimc:iters=2.5", "iters must be an integer"), ("ensemble:mcts=x", "mcts must be a number")):
        with pytest.raises(ValueError, match=says):
            hv.parse_variant(bad)


def test_main_pairs_the_variants_with_the_base_and_writes_json(hv: ModuleType, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs" / "hv.json"
    out.parent.mkdir()
    assert hv.main(["--seed", "41", "--deals", "0-1", "--base", "net-mcts:iters=4", "--variants",
                    "pimc:worlds=2,iters=4", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["variants"] == ["base", "pimc:worlds=2,iters=4"] and len(doc["games"]) == 4
    text = capsys.readouterr().out
    assert "base: won" in text and "pimc:worlds=2,iters=4: won" in text and "sign test p =" in text
    assert [p.name for p in out.parent.iterdir()] == ["hv.json"]  # written whole, no temporary file left


def test_bad_arguments_name_what_is_allowed(hv: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    for argv, says in ((["--variants", "gumbel"], "allowed: ensemble, pimc"),
                       (["--variants", "pimc", "--deals", "5-2"], "ends before it starts"),
                       (["--variants", "ensemble", "--base", "heuristic"], "the ensemble needs a search as --base")):
        with pytest.raises(SystemExit):
            hv.main(argv)
        assert says in capsys.readouterr().err


def test_sign_test_and_summary(hv: ModuleType) -> None:
    assert hv.sign_test(0, 0) == 1.0 and hv.sign_test(5, 5) == 1.0
    assert hv.sign_test(0, 10) == pytest.approx(2 / 1024)
    rows = [{"variant": v, "deal": g, "won": w, "decisions": 10, "cpu": 0.01}
            for v, g, w in (("base", 0, True), ("x", 0, False), ("base", 1, False), ("x", 1, False),
                            ("base", 2, False), ("x", 2, True))]
    lines = hv.summarize(rows, ["base", "x"])
    assert lines[0] == "base: won 1 of 3; 1.0 CPU ms a decision"
    assert lines[1].startswith("x: won 1 of 3; 1.0 CPU ms a decision; won 1 the base lost, lost 1 it won")
