"""Where training runs: ``--device auto|cpu|cuda`` (``cuda:N`` for one GPU of several).

``auto`` (the default of ``df-env train``, expert iteration and ``experiments/value_rounds/train_value.py``) takes
the GPU when torch sees one (``torch.cuda.is_available()``), else the CPU. Only the network's updates (and PPO's
batched forward passes of its update) move; self-play games and PPO's rollouts stay in compiled code on the CPU
cores, whatever the device. Model files are written from CPU copies of the weights, so a model trained on a GPU is
the same kind of file.

Example:
    >>> check_device("cuda:1"), check_device("auto")
    ('cuda:1', 'auto')
    >>> str(resolve_device("cpu"))
    'cpu'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import ConfigError

if TYPE_CHECKING:
    import torch

DEVICES = "auto, cpu, cuda or cuda:N"
_PATTERN = re.compile(r"auto|cpu|cuda(:\d+)?")


def check_device(name: object) -> str:
    """``name`` when it is a device name (:data:`DEVICES`), else a :class:`ConfigError` saying what is allowed."""
    if not isinstance(name, str) or not _PATTERN.fullmatch(name):
        raise ConfigError(f"device must be {DEVICES}; got {name!r}")
    return name


def resolve_device(name: str) -> torch.device:
    """The torch device for ``name``: ``auto`` is the GPU when there is one, else the CPU; ``cuda`` without a GPU
    that torch can use is a :class:`ConfigError` (not a silent fall back to the CPU)."""
    import torch

    check_device(name)
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name.startswith("cuda"):
        if not torch.cuda.is_available():
            raise ConfigError(f"device {name!r}: torch sees no CUDA GPU here (torch.cuda.is_available() is False; "
                              f"torch {torch.__version__}); use --device auto or cpu")
        index = int(name.partition(":")[2] or 0)
        if index >= torch.cuda.device_count():
            raise ConfigError(f"device {name!r}: this machine has {torch.cuda.device_count()} CUDA device(s)")
    return torch.device(name)
