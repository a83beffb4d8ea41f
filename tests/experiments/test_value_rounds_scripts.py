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


RECIPES = sorted(p.name for p in HERE.glob("run*.sh"))


def test_every_recipe_is_checked() -> None:
    assert {"run.sh", "run_2p.sh", "run_3p.sh", "run_teacher.sh", "run_dagger.sh", "run_dagger2.sh"} <= set(RECIPES)


@pytest.mark.parametrize("script", RECIPES)
def test_recipes_wait_with_wait_all(script: str) -> None:
    lines = (HERE / script).read_text().splitlines()
    assert any(line.startswith("source ") and "lib.sh" in line for line in lines)
    bare = [line for line in lines if "wait" in line.split() and "wait_all" not in line]
    assert not bare, f"{script} waits for background generators with a bare wait: {bare}"


def test_dagger_rounds_chain_their_models(tmp_path: Path) -> None:
    """run_dagger3.sh on an empty folder runs the three rounds in order (python and git replaced by shims that log
    their arguments and write the files asked for): each round's games are played by the previous round's model,
    each fit starts from it and trains on every earlier round's games, and every fit holds out the same two files."""
    shims, out = tmp_path / "bin", tmp_path / "out"
    shims.mkdir()
    log = tmp_path / "calls.log"
    (shims / "python").write_text(
        "#!/usr/bin/env bash\n"
        f"echo \"$*\" >> '{log}'\n"
        "while [ $# -gt 0 ]; do if [ \"$1\" = --out ]; then echo data > \"$2\"; fi; shift; done\n")
    (shims / "git").write_text("#!/usr/bin/env bash\necho \"model of $4\"\n")
    for shim in shims.iterdir():
        shim.chmod(0o755)
    env = {"PATH": f"{shims}:/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(["bash", str(HERE / "run_dagger3.sh"), str(out)], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    gens = [c for c in calls if "gen_value.py" in c]
    fits = [c for c in calls if "train_value.py" in c]
    assert len(gens) == 19 + 10 + 10 and len(fits) == 3
    assert (out / "start.npz").read_text() == "model of 4aa3022:df_env/models/net_1p.npz\n"
    assert (out / "start2.npz").read_text() == "model of ba562e2:df_env/models/net_1p.npz\n"
    rounds = [(gens[:19], "start.npz", fits[0]), (gens[19:29], "start2.npz", fits[1]),
              (gens[29:], "net_1p_r2.npz", fits[2])]
    for k, (games, model, fit) in enumerate(rounds):
        assert all(f"path={out / model} --net-path {out / model} " in g for g in games)
        assert f"--start {out / model} " in fit
        held = fit.split("--holdout-data ")[1].split(" --out")[0].split()
        assert held == [str(out / "d_1.0_5009.npz"), str(out / "d_0.5_5108.npz")]
        trained = fit.split("--data ")[1].split(" --holdout-data")[0].split()
        assert len(trained) == 17 + 10 * k and not set(held) & set(trained)
    assert fits[2].endswith(f"--out {out / 'net_1p_r3.npz'}") and (out / "net_1p_r3.npz").exists()
