"""A package a user can install without a clone: ``python -m build`` makes an sdist and a wheel (the shipped models,
the web page and the engine's data inside), the wheel installs in a fresh virtual environment and runs
``df-env bench --quick`` there, away from the checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds, installs, compiles the engine afresh and plays the quick benchmark

ROOT = Path(__file__).resolve().parent.parent
DATA = ("df_env/models/net_1p.npz", "df_env/models/net_2p.npz", "df_env/models/net_3p.npz",
        "df_env/web/static/index.html", "df_env/web/static/app.js", "df_env/web/static/app.css",
        "df_env/web/static/analysis.js", "df_env/web/static/board.js",
        "df_env/games/galactic_civ/web/static/page.js", "df_env/games/galactic_civ/web/static/page.css",
        "df_env/games/deep_future/web/data/words.json",
        *(f"df_env/games/deep_future/engine/data/{name}.json"
          for name in ("galaxy_map", "tables", "tables_zh", "templates", "terms")))


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: int = 1800) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{cmd}: {done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _build(tmp: Path, env: dict[str, str]) -> Path:
    """The sdist and the wheel built from it, from a copy of the sources (building writes build/ and egg-info
    folders, which stay out of the checkout); ``--no-isolation``: the installed setuptools, no network."""
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for pkg in ("df_env", "agents"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp / "dist"), str(src)], tmp, env)
    wheels = list((tmp / "dist").glob("df_env-*.whl"))
    assert len(wheels) == 1 and list((tmp / "dist").glob("df_env-*.tar.gz"))
    return wheels[0]


def test_the_wheel_installs_in_a_fresh_venv_and_runs_the_quick_bench(tmp_path: Path) -> None:
    pytest.importorskip("build")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba")  # the user's cache stays as it is
    wheel = _build(tmp_path, env)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not [f for f in DATA if f not in names], names
    venv = tmp_path / "venv"  # the dependencies come from this Python's site-packages: no network needed
    _run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], tmp_path, env)
    py, df_env = venv / "bin" / "python", venv / "bin" / "df-env"
    _run([str(py), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)], tmp_path, env)
    where = _run([str(py), "-c", "import df_env, agents; print(df_env.__file__); print(agents.__file__)"],
                 tmp_path, env).split()
    assert all(w.startswith(str(venv)) for w in where), where  # the installed copy, not the checkout
    out = _run([str(df_env), "bench", "--quick", "--no-progress", "--no-ladder", "--out", str(tmp_path / "b")],
               tmp_path, env)
    for agent in ("random", "first", "heuristic", "net"):  # a table row of 100 games each
        assert re.search(rf"^{re.escape(agent)} +100 ", out, re.M), (agent, out[-2000:])
    assert (tmp_path / "b.json").is_file() and not (tmp_path / "results").exists()
