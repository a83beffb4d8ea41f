"""The quickstart notebook runs from top to bottom (with a small benchmark and training budget)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
NotebookClient = pytest.importorskip("nbclient").NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "quickstart.ipynb"


@pytest.mark.slow
def test_quickstart_notebook_runs(tmp_path: Path) -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    params = nb.cells[1]
    assert "BENCH_GAMES" in params.source
    params.source = "BENCH_GAMES = 10\nTRAIN_STEPS = 512\nSEED = 0"
    os.environ.setdefault("MPLBACKEND", "Agg")
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    assert "random play:" in outputs and "trained policy: " in outputs and "95% CI [" in outputs
    assert (tmp_path / "results" / "quickstart_bench.png").stat().st_size > 1000


RESEARCH = NOTEBOOK.with_name("research.ipynb")


@pytest.mark.slow
def test_research_notebook_runs(tmp_path: Path) -> None:
    nb = nbformat.read(RESEARCH, as_version=4)
    assert all(c.get("id") for c in nb.cells)
    params = nb.cells[1]
    assert "TRAIN_STEPS" in params.source and "BENCH_GAMES" in params.source
    params.source = "TRAIN_STEPS = 1024\nEVAL_EVERY = 512\nEVAL_GAMES = 12\nBENCH_GAMES = 24\nSEED = 0"
    os.environ.setdefault("MPLBACKEND", "Agg")
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    texts = ["".join(o.get("text", "") for o in c.get("outputs", [])) for c in code]
    joined = "".join(texts)
    for line in ("engine loop:", "gymnasium:", "pettingzoo:", "vector env: batch obs (64,"):
        assert line in joined, line
    # the training cell: evaluations at steps 512 and 1024 with their intervals, and the curve shown inline
    train_cell = next(c for c in code if "train(config" in c.source)
    train_text = "".join(o.get("text", "") for o in train_cell.outputs)
    assert train_text.count("95% CI [") >= 2
    images = [o for o in train_cell.outputs if "image/png" in o.get("data", {})]
    assert images and len(images[0]["data"]["image/png"]) > 1000
    assert (tmp_path / "results" / "notebook_train" / "final.npz").stat().st_size > 1000
    # the benchmark table: one row per agent, each with its games on the same seeds
    rows = {line.split()[0]: line.split() for line in texts[-1].splitlines()[-3:]}
    assert set(rows) == {"net", "heuristic", "random"}
    assert all(r[1] == "24" for r in rows.values())
