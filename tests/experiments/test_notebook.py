"""The notebooks run from top to bottom (with small budgets), on a copy in memory, writing only to tmp_path.

The committed notebooks carry their outputs (the shipped model against the heuristic, a real run's curve); the
tests read them, change the parameters cell and execute the copy: the files in notebooks/ are never rewritten.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
NotebookClient = pytest.importorskip("nbclient").NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "quickstart.ipynb"
RESEARCH = NOTEBOOK.with_name("research.ipynb")


def _execute(path: Path, params: str, tmp_path: Path) -> tuple[list, list[str]]:
    """Run the notebook at ``path`` with its parameters cell replaced, in tmp_path; its code cells and their text."""
    nb = nbformat.read(path, as_version=4)
    before = path.read_bytes()
    assert all(c.get("id") for c in nb.cells)
    assert "OUT = None" in nb.cells[1].source  # the committed notebook writes to a temporary folder
    nb.cells[1].source = params + f"\nOUT = {str(tmp_path / 'out')!r}"
    (tmp_path / "out").mkdir()
    os.environ.setdefault("MPLBACKEND", "Agg")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}).execute()
    assert path.read_bytes() == before
    assert not any(cwd.iterdir()), "the notebook wrote into its working folder"
    code = [c for c in nb.cells if c.cell_type == "code"]
    return code, ["".join(o.get("text", "") for o in c.get("outputs", [])) for c in code]


def _rows(text: str) -> dict[str, list[str]]:
    """The rows of a format_table table: agent -> its columns."""
    lines = text.split("-" * 20, 1)[1].splitlines()[1:]
    rows = lines[: lines.index("")] if "" in lines else lines
    return {line.split()[0]: line.split() for line in rows}


def _text_of(code: list, texts: list[str], needle: str) -> str:
    """The text output of the first code cell whose source holds ``needle``."""
    return next(text for cell, text in zip(code, texts, strict=True) if needle in cell.source)


def _has_image(cell) -> bool:
    return any(len(o.get("data", {}).get("image/png", "")) > 1000 for o in cell.get("outputs", []))


def _committed_outputs_checked(path: Path) -> None:
    """The committed notebook shows its results: every code cell ran, none failed, no path of the checkout."""
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.get("execution_count") for c in code), "commit the notebook executed"
    outputs = [o for c in code for o in c.get("outputs", [])]
    assert not any(o.get("output_type") == "error" for o in outputs)
    text = nbformat.writes(nb)
    assert str(Path(__file__).resolve().parents[2]) not in text


@pytest.mark.parametrize("path", [NOTEBOOK, RESEARCH], ids=["quickstart", "research"])
def test_committed_notebooks_carry_their_outputs(path: Path) -> None:
    _committed_outputs_checked(path)
    nb = nbformat.read(path, as_version=4)
    joined = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    assert "net-mcts:iters=100" in joined and "\nnet " in joined and "\nheuristic " in joined


@pytest.mark.slow
def test_quickstart_notebook_runs(tmp_path: Path) -> None:
    params = "BENCH_GAMES = 10\nSEARCH_GAMES = 1\nTRAIN_STEPS = 512\nEVAL_GAMES = 10\nSEED = 0"
    code, texts = _execute(NOTEBOOK, params, tmp_path)
    joined = "".join(texts)
    assert "random play:" in joined and "trained policy: " in joined and "95% CI [" in joined
    assert (tmp_path / "out" / "quickstart_bench.png").stat().st_size > 1000
    bench = _text_of(code, texts, "agents=('net', 'heuristic'")
    assert {k: v[1] for k, v in _rows(bench).items()} == {"net": "10", "heuristic": "10", "random": "10"}
    search = _text_of(code, texts, "net-mcts:iters=100")
    assert set(_rows(search)) == {"net-mcts:iters=100", "net", "heuristic"}
    assert _has_image(code[-1])  # the real run's learning curve from docs/


@pytest.mark.slow
def test_research_notebook_runs(tmp_path: Path) -> None:
    params = "TRAIN_STEPS = 1024\nEVAL_EVERY = 512\nEVAL_GAMES = 12\nBENCH_GAMES = 24\nSEARCH_GAMES = 1\nSEED = 0"
    code, texts = _execute(RESEARCH, params, tmp_path)
    joined = "".join(texts)
    for line in ("engine loop:", "gymnasium:", "pettingzoo:", "vector env: batch obs (64,"):
        assert line in joined, line
    # the training cell: evaluations at steps 512 and 1024 with their intervals, and the curve shown inline
    train_cell = next(c for c in code if "train(config" in c.source)
    train_text = "".join(o.get("text", "") for o in train_cell.outputs)
    assert train_text.count("95% CI [") >= 2
    assert _has_image(train_cell)
    assert (tmp_path / "out" / "train" / "final.npz").stat().st_size > 1000
    # the real run's curve follows the short one
    assert _has_image(next(c for c in code if "training_solo_default_curve.png" in c.source))
    # the benchmark table: one row per agent, each with its games on the same seeds
    bench = _text_of(code, texts, "agents=('net', 'heuristic', 'random')")
    rows = _rows(bench)
    assert set(rows) == {"net", "heuristic", "random"} and all(r[1] == "24" for r in rows.values())
    search = _text_of(code, texts, "net-mcts:iters=100")
    assert {k: v[1] for k, v in _rows(search).items()} == {"net-mcts:iters=100": "1", "net": "1", "heuristic": "1"}
