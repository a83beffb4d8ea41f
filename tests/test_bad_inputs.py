"""Bad inputs a user meets on a first day (issue 27): each answers with a clear error naming what is allowed, never
a cast, a numba TypingError, a half-used file or a traceback."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import df_env.envs  # noqa: F401  (registers DeepFuture-v0)
from df_env.cli import main
from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv
from df_env.net.numpy_net import MAX_MODEL_BYTES, ModelFileError, load_net

SHIPPED = Path(__file__).resolve().parent.parent / "df_env" / "models" / "net_1p.npz"


# ---------------------------------------------------------------------------------------------- envs
@pytest.mark.parametrize("actions", [np.array([1.0, 2.0]), [0.5, 1], np.array(["1", "2"]), ["a", "b"],
                                     np.array([True, False])])
def test_vector_env_refuses_actions_that_are_not_integers(actions: object) -> None:
    envs = DeepFutureVectorEnv(num_envs=2)
    envs.reset(seed=0)
    with pytest.raises(TypeError, match=r"actions must be integers 0\.\.199, one per game"):
        envs.step(actions)


def test_vector_env_still_takes_integer_lists_and_arrays() -> None:
    envs = DeepFutureVectorEnv(num_envs=2)
    _, info = envs.reset(seed=0)
    for as_batch in (list, lambda a: np.array(a, dtype=np.int32), lambda a: np.array(a, dtype=np.uint8)):
        first = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
        _, _, terminated, _, info = envs.step(as_batch(first))
        assert "illegal_action" not in info and not terminated.any()


@pytest.mark.parametrize("value", [10**30, 10**9 + 1, 0, -5, 2.5, True])
def test_max_turns_out_of_range_is_a_clear_value_error(value: object) -> None:
    with pytest.raises(ValueError, match=r"max_turns must be an integer 1\.\.1,000,000,000 or None"):
        gym.make("DeepFuture-v0", max_turns=value)


def test_the_largest_max_turns_works() -> None:
    env = gym.make("DeepFuture-v0", max_turns=10**9)
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), np.float32("nan"), "1", True])
def test_illegal_penalty_must_be_a_finite_number(value: object) -> None:
    with pytest.raises(ValueError, match="illegal_penalty must be a finite number"):
        gym.make("DeepFuture-v0", illegal_penalty=value)
    with pytest.raises(ValueError, match="illegal_penalty must be a finite number"):
        DeepFutureVectorEnv(num_envs=1, illegal_penalty=value)


# ---------------------------------------------------------------------------------------------- campaign
def test_campaign_new_creates_the_missing_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # a fresh clone: no results/ yet
    assert main(["campaign", "new", "results/campaigns/galaxy.json"]) == 0
    assert (tmp_path / "results" / "campaigns" / "galaxy.json").is_file()
    assert main(["campaign", "show", "results/campaigns/galaxy.json"]) == 0


def test_campaign_new_under_a_file_says_the_folder_cannot_be_made(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("")
    assert main(["campaign", "new", str(tmp_path / "file" / "galaxy.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot create the folder" in err and "read-only or full" not in err and "Traceback" not in err


# ---------------------------------------------------------------------------------------------- model files
def _shipped() -> tuple[dict, dict[str, np.ndarray]]:
    with np.load(SHIPPED, allow_pickle=False) as data:
        return json.loads(str(data["__meta__"])), {k: np.asarray(data[k]) for k in data.files if k != "__meta__"}


def _write(path: Path, weights: dict[str, np.ndarray], meta: object) -> Path:
    buf = io.BytesIO()
    np.savez(buf, __meta__=np.array(json.dumps(meta)), **weights)
    path.write_bytes(buf.getvalue())
    return path


def test_a_missing_bias_is_refused_at_load_naming_it(tmp_path: Path) -> None:
    meta, weights = _shipped()
    del weights["head_o.hand.bias"]  # the forward pass treats a missing bias as none: only the key check sees it
    with pytest.raises(ModelFileError, match=r"the weight 'head_o.hand.bias' is missing"):
        load_net(_write(tmp_path / "m.npz", weights, meta))


def test_a_weight_of_another_shape_is_named_with_the_shape_its_meta_needs(tmp_path: Path) -> None:
    meta, weights = _shipped()
    weights["value.bias"] = np.zeros(2, dtype=np.float32)
    with pytest.raises(ModelFileError, match=r"'value.bias' has shape \(2,\); its __meta__ .* needs \(1,\)"):
        load_net(_write(tmp_path / "m.npz", weights, meta))


def test_an_unexpected_weight_or_bad_dims_are_refused(tmp_path: Path) -> None:
    meta, weights = _shipped()
    with pytest.raises(ModelFileError, match="unexpected weight 'extra'"):
        load_net(_write(tmp_path / "a.npz", {**weights, "extra": np.zeros(3, np.float32)}, meta))
    with pytest.raises(ModelFileError, match="'dims' needs positive integers for trunk"):
        load_net(_write(tmp_path / "b.npz", weights, {**meta, "dims": {**meta["dims"], "trunk": "big"}}))


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path: Path) -> None:
    meta, _ = _shipped()
    path = tmp_path / "bomb.npz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("__meta__.npy", b"")  # never read: the declared sizes are refused first
        with z.open("w.npy", "w", force_zip64=True) as f:
            chunk = bytes(2**20)
            for _ in range(MAX_MODEL_BYTES // 2**20 + 1):
                f.write(chunk)
    assert path.stat().st_size < 2**20  # a small file that would unpack to more than the cap
    with pytest.raises(ModelFileError, match=r"unpack to 65\.0 MiB, more than the 64 MiB"):
        load_net(path)


def test_an_array_header_claiming_more_than_its_member_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "liar.npz"
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": (10**9,)})
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("w.npy", header.getvalue() + bytes(16))  # the header (with its magic) and 16 bytes of data
    with pytest.raises(ModelFileError, match=r"claims shape \(1000000000,\)"):
        load_net(path)


def test_a_model_cli_answers_a_bad_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    meta, weights = _shipped()
    del weights["card1.bias"]
    path = _write(tmp_path / "m.npz", weights, meta)
    assert main(["bench", "--agents", f"net-mcts:path={path},iters=4", "--games", "1", "-j", "1", "--no-progress",
                 "--out", str(tmp_path / "b"), "--no-ladder"]) == 2
    err = capsys.readouterr().err
    assert "'card1.bias' is missing" in err and "Traceback" not in err
