"""The value rounds' shell recipes (experiments/value_rounds/run*.sh) stop when a game generator run in the
background fails, instead of training on the files that were written (a bare ``wait`` returns 0)."""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[2] / "experiments" / "value_rounds"
LIB = HERE / "lib.sh"
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _run(body: str) -> subprocess.CompletedProcess[str]:
    script = f"set -euo pipefail\nsource '{LIB}'\n{body}\necho reached\n"
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30)


def test_wait_all_fails_when_a_background_job_failed() -> None:
    done = _run("(sleep 0.2; exit 3) & true; wait_all")
    assert done.returncode == 3 and "reached" not in done.stdout


def test_wait_all_passes_when_every_job_succeeded() -> None:
    done = _run("(sleep 0.1) & (true) & wait_all")
    assert done.returncode == 0 and "reached" in done.stdout


@pytest.mark.parametrize("script", ["run.sh", "run_2p.sh", "run_3p.sh", "run_teacher.sh", "run_dagger.sh"])
def test_recipes_wait_with_wait_all(script: str) -> None:
    lines = (HERE / script).read_text().splitlines()
    assert any(line.startswith("source ") and "lib.sh" in line for line in lines)
    bare = [line for line in lines if "wait" in line.split() and "wait_all" not in line]
    assert not bare, f"{script} waits for background generators with a bare wait: {bare}"
