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
    assert "random play:" in outputs and "trained policy game reward:" in outputs
    assert (tmp_path / "results" / "quickstart_bench.png").stat().st_size > 1000
