"""``--device auto|cpu|cuda`` of training (df_env.train.device): PPO, expert iteration's learner and the value
rounds' fit train on the CPU here; the CUDA tests run where torch sees a GPU and are skipped cleanly elsewhere."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.scripts import load_script

torch = pytest.importorskip("torch")

from df_env.train.numpy_net import default_model_path  # noqa: E402

from df_env.train.config import ConfigError, make_config  # noqa: E402
from df_env.train.device import check_device, resolve_device  # noqa: E402
from df_env.train.exit.config import make_exit_config  # noqa: E402
from df_env.train.exit.learner import Learner, net_from_file  # noqa: E402

CUDA = torch.cuda.is_available()
needs_cuda = pytest.mark.skipif(not CUDA, reason="no CUDA GPU visible to torch on this machine")


def test_device_names() -> None:
    for good in ("auto", "cpu", "cuda", "cuda:0", "cuda:12"):
        assert check_device(good) == good
    for bad in ("gpu", "CUDA", "cuda:", "cuda:x", "", 0, None):
        with pytest.raises(ConfigError, match="auto, cpu, cuda or cuda:N"):
            check_device(bad)
    assert resolve_device("auto").type == ("cuda" if CUDA else "cpu")
    assert resolve_device("cpu").type == "cpu"


@pytest.mark.skipif(CUDA, reason="checks the error on a machine without CUDA")
def test_cuda_without_a_gpu_is_a_clear_error_not_a_silent_cpu_run() -> None:
    with pytest.raises(ConfigError, match="no CUDA GPU.*--device auto or cpu"):
        resolve_device("cuda")


def test_configs_take_a_device_default_auto() -> None:
    assert make_config("solo")["device"] == "auto" and make_exit_config("solo")["device"] == "auto"
    assert make_config("solo", {"device": "cpu"})["device"] == "cpu"
    with pytest.raises(ConfigError, match="device must be"):
        make_config("solo", {"device": "tpu"})
    with pytest.raises(ConfigError, match="device must be"):
        make_exit_config("solo", {"device": "gpu0"})
    assert make_exit_config("solo")["jobs"] == 0  # self-play on every core by default


def test_cli_device_flag_reaches_the_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from df_env.cli import main

    assert main(["train", "--device", "tpu", "--minutes", "0", "--out", str(tmp_path / "t")]) == 2
    assert "device must be auto, cpu, cuda or cuda:N; got 'tpu'" in capsys.readouterr().err


def _ppo(tmp_path: Path, device: str):  # type: ignore[no-untyped-def]
    from df_env.train.run import build_model

    config = make_config("solo", {"num_envs": 4, "n_steps": 8, "batch_size": 16, "n_epochs": 1, "threads": 1,
                                  "env_threads": 1, "eval_every": 0, "checkpoint_every": 0, "minutes": 0,
                                  "device": device})
    venv, model = build_model(config, tmp_path)
    before = model.policy.mlp_extractor.export()
    model.learn(64)
    venv.close()
    return model, before


def _moved(model, before: dict[str, np.ndarray]) -> bool:  # type: ignore[no-untyped-def]
    after = model.policy.mlp_extractor.export()
    assert all(np.isfinite(v).all() for v in after.values())
    return any(not np.array_equal(after[k], before[k]) for k in before)


def test_ppo_trains_on_the_cpu(tmp_path: Path) -> None:
    model, before = _ppo(tmp_path, "cpu")
    assert model.device.type == "cpu" and model.num_timesteps == 64 and _moved(model, before)


def _fit(device: str) -> tuple[Learner, dict[str, float]]:
    torch.manual_seed(0)
    config = make_exit_config("solo", {"batch_size": 32, "epochs": 1, "device": device})
    learner = Learner(net_from_file(default_model_path(1)), config)
    rng = np.random.default_rng(0)
    n, a = 64, 200
    from df_env.games.deep_future.engine.observation.encode import observation_layout

    obs = rng.random((n, observation_layout(1).size), dtype=np.float32)
    mask = rng.random((n, a)) < 0.3
    mask[:, 0] = True
    pi = mask / mask.sum(1, keepdims=True)
    data = {"obs": obs, "mask": mask, "pi": pi.astype(np.float32), "z": rng.random(n, dtype=np.float32)}
    return learner, learner.fit(data, seed=1)


def test_expert_iteration_learner_fits_on_the_cpu() -> None:
    learner, fit = _fit("cpu")
    assert learner.device.type == "cpu" and fit["samples"] == 64 and np.isfinite(fit["value_loss"])
    assert next(learner.net.parameters()).device.type == "cpu"


def test_value_rounds_fit_refuses_a_bad_device(tmp_path: Path) -> None:
    fit = load_script("value_rounds/train_value.py")
    with pytest.raises(SystemExit, match="--device: device must be"):
        fit.main(["--data", str(tmp_path / "x.npz"), "--device", "gpu", "--out", str(tmp_path / "v.npz")])


@needs_cuda
def test_ppo_trains_on_cuda(tmp_path: Path) -> None:
    model, before = _ppo(tmp_path, "cuda")
    assert model.device.type == "cuda" and model.num_timesteps == 64 and _moved(model, before)
    assert next(model.policy.parameters()).device.type == "cuda"


@needs_cuda
def test_expert_iteration_learner_fits_on_cuda_like_on_the_cpu() -> None:
    (gpu, fit_gpu), (_, fit_cpu) = _fit("cuda"), _fit("cpu")
    assert next(gpu.net.parameters()).device.type == "cuda"
    assert fit_gpu["value_loss"] == pytest.approx(fit_cpu["value_loss"], rel=1e-3, abs=1e-5)
    assert fit_gpu["policy_loss"] == pytest.approx(fit_cpu["policy_loss"], rel=1e-3, abs=1e-5)


@needs_cuda
def test_value_rounds_fit_on_cuda(tmp_path: Path) -> None:
    gen, fit = load_script("value_rounds/gen_value.py"), load_script("value_rounds/train_value.py")
    data = tmp_path / "d.npz"
    assert gen.main(["--spec", "mcts:iters=8", "--seed", "3", "--games", "2", "--out", str(data)]) == 0
    out = tmp_path / "v.npz"
    assert fit.main(["--data", str(data), "--epochs", "1", "--holdout", "0.5", "--device", "cuda",
                     "--out", str(out)]) == 0
    assert out.is_file()
