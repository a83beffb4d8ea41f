"""The user errors of training and model files (``df-env`` prints them as one line, exit status 2)."""

from df_env.net.numpy_net import ModelFileError  # defined with the model file format; kept importable from here

__all__ = ["ConfigError", "ModelFileError"]


class ConfigError(ValueError):
    """A bad training configuration or ``df-env train`` argument (names the key and what is allowed)."""
